//! Helpers for the end-to-end tests: start the real application on `127.0.0.1:0` and talk to it
//! over real HTTP.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context as _;
use lookback::{AppState, Settings};
use serde_json::Value;

/// The fault-injection module (`core-wasm` built with `--features test-faults`, see `build.rs`).
pub const FAULTS_MODULE: &str = env!("LOOKBACK_FAULTS_MODULE");

/// A client-role API key configured in [`test_settings`].
pub const CLIENT_KEY: &str = "lkb_testclientkey000000000000000000000000000";
/// An admin-role API key configured in [`test_settings`].
pub const ADMIN_KEY: &str = "lkb_testadminkey0000000000000000000000000000";
/// The HS256 secret configured in [`test_settings`], so tests can forge tokens.
pub const JWT_SECRET: &str = "test-secret-for-end-to-end-tests";

/// Settings with known keys and secret, and the embedded module.
pub fn test_settings() -> Settings {
    let mut settings = Settings::default();
    settings.auth.api_keys = vec![CLIENT_KEY.to_owned()];
    settings.auth.admin_keys = vec![ADMIN_KEY.to_owned()];
    settings.auth.jwt_secret = Some(JWT_SECRET.to_owned());
    settings.engine.compile_cache = Some(PathBuf::from(env!("LOOKBACK_TEST_COMPILE_CACHE")));
    settings
}

/// [`test_settings`] with the fault-injection module and a short stage deadline.
pub fn fault_settings(deadline: Duration) -> Settings {
    let mut settings = test_settings();
    settings.engine.module = Some(PathBuf::from(FAULTS_MODULE));
    settings.engine.stage_deadline = deadline;
    settings
}

/// A running server.
pub struct TestServer {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// A client for it.
    pub client: reqwest::Client,
    /// The state the server runs with.
    pub state: AppState,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestServer {
    /// Starts `lookback::app` with `settings` on an ephemeral port.
    pub async fn start(settings: Settings) -> anyhow::Result<Self> {
        let state = tokio::task::spawn_blocking(move || AppState::new(&settings)).await??;
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let addr = listener.local_addr()?;
        let app = lookback::app(state.clone());
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()?;
        Ok(Self {
            base: format!("http://{addr}"),
            client,
            state,
            task,
        })
    }

    /// Absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A bearer token for `api_key`.
    pub async fn token(&self, api_key: &str) -> anyhow::Result<String> {
        let response = self
            .client
            .post(self.url("/auth/token"))
            .header("X-API-Key", api_key)
            .send()
            .await?;
        anyhow::ensure!(
            response.status() == 200,
            "token request answered {}",
            response.status()
        );
        let body: Value = response.json().await?;
        body["access_token"]
            .as_str()
            .map(str::to_owned)
            .context("no access_token in the token answer")
    }

    /// `POST /evaluate` with `token` and raw `body`; returns status, headers and JSON body.
    pub async fn evaluate(
        &self,
        token: &str,
        body: impl Into<reqwest::Body>,
    ) -> anyhow::Result<Reply> {
        let response = self
            .client
            .post(self.url("/evaluate"))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        Reply::read(response).await
    }
}

/// An answer read in full.
#[derive(Debug)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Response headers.
    pub headers: reqwest::header::HeaderMap,
    /// Parsed JSON body (`Null` when the body was not JSON).
    pub json: Value,
    /// Raw body text.
    pub text: String,
}

impl Reply {
    /// Reads a response.
    pub async fn read(response: reqwest::Response) -> anyhow::Result<Self> {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await?;
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Self {
            status,
            headers,
            json,
            text,
        })
    }

    /// A header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// A valid `/evaluate` body (the health canary's), with `search_id` replaced.
pub fn valid_request(search_id: &str) -> Value {
    let mut body: Value =
        serde_json::from_str(lookback::engine::canary::CANARY_REQUEST).unwrap_or(Value::Null);
    body["record"]["search_id"] = Value::String(search_id.to_owned());
    if let Some(search) = body["record"]["record_json"].get_mut("search") {
        search["search_id"] = Value::String(search_id.to_owned());
    }
    body
}

/// Every offense object of a decision tree.
pub fn offenses(decision: &Value) -> Vec<&Value> {
    fn items<'a>(v: &'a Value, key: &str) -> Vec<&'a Value> {
        v[key]
            .as_array()
            .map(|a| a.iter().collect())
            .unwrap_or_default()
    }
    items(decision, "court_decisions")
        .into_iter()
        .flat_map(|court| items(court, "case_decisions"))
        .flat_map(|case| items(case, "offenses"))
        .collect()
}
