//! The bare axum echo server: parse the JSON body, serialise it back. Same body and same load
//! generator as `/evaluate`, so the ratio of the two shows what the engine path costs.

use axum::Json;
use axum::extract::DefaultBodyLimit;
use axum::routing::post;
use serde_json::Value;

/// Serves `POST /evaluate` on `addr` until killed.
pub fn run(addr: std::net::SocketAddr) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let app = axum::Router::new()
            .route("/evaluate", post(echo))
            .layer(DefaultBodyLimit::max(64 << 20));
        let listener = tokio::net::TcpListener::bind(addr).await?;
        axum::serve(listener, app).await?;
        anyhow::Ok(())
    })
}

async fn echo(Json(body): Json<Value>) -> Json<Value> {
    Json(body)
}
