//! Operating Lookback: metrics, decision log, shadow evaluation, OpenAPI and a
//! client generated from it.

mod decision_log;
mod metrics;
pub(crate) mod openapi;
mod openapi_client;
mod shadow;

use lookback_tests::{Reply, TestServer};

/// `GET path` with a bearer token.
pub async fn get(server: &TestServer, token: &str, path: &str) -> Reply {
    let response = server
        .client
        .get(server.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    Reply::read(response).await.unwrap()
}

/// `GET path` without credentials.
pub async fn get_anonymous(server: &TestServer, path: &str) -> Reply {
    let response = server.client.get(server.url(path)).send().await.unwrap();
    Reply::read(response).await.unwrap()
}
