//! `GET /demo/` (public, docs/decisions.md §10): the browser page, embedded in the binary at build time
//! (`host/build/demo_assets.rs`), served with its content type and a strict Content-Security-Policy.
//! The page evaluates in the browser; nothing here sees a record.

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use crate::error::AppError;

/// One embedded file of the page.
pub struct Asset {
    /// Path below `/demo/`.
    pub path: &'static str,
    /// `Content-Type` header value.
    pub content_type: &'static str,
    /// The file's bytes.
    pub bytes: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/demo_assets.rs"));

/// Scripts only from this origin (no inline script), plus compiling WebAssembly; engine workers
/// from `blob:` URLs (the page starts them from worker.js text held in memory, so a replacement
/// starts offline); data only from this origin (the modules and the samples); no framing, no
/// forms, no plugins.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
     worker-src blob:; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The embedded file at `path`, if any.
pub fn asset(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}

/// `GET /demo`: the page lives at `/demo/`, so its relative URLs resolve below it.
pub async fn redirect() -> Redirect {
    Redirect::permanent("/demo/")
}

/// `GET /demo/`.
pub async fn index() -> Response {
    serve("index.html")
}

/// `GET /demo/{*path}`.
pub async fn file(Path(path): Path<String>) -> Response {
    serve(&path)
}

fn serve(path: &str) -> Response {
    let Some(asset) = asset(path) else {
        return AppError::NotFound.into_response();
    };
    let mut response = (StatusCode::OK, asset.bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    // The page changes with the binary; revalidating is cheap and never shows a stale page.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_and_its_samples_are_embedded() {
        let index = asset("index.html").unwrap();
        assert_eq!(index.content_type, "text/html; charset=utf-8");
        assert!(asset("engine.js").is_some());
        let samples: serde_json::Value =
            serde_json::from_slice(asset("samples.json").unwrap().bytes).unwrap();
        let samples = samples.as_array().unwrap();
        assert!(samples.iter().any(|s| s["id"] == "corpus/state-ca"));
        assert!(
            samples
                .iter()
                .any(|s| s["body"]["record"]["xml"].is_string())
        );
        assert!(asset("README.md").is_none());
    }

    #[test]
    fn no_inline_script_is_needed() {
        let index = std::str::from_utf8(asset("index.html").unwrap().bytes).unwrap();
        for script in index.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap_or_default();
            assert!(tag.contains("src="), "inline script in index.html: {tag}");
        }
        // No inline event handler attribute (` onclick=` and the like) either.
        for (at, _) in index.match_indices(" on") {
            let rest = &index[at + 3..];
            let name_len = rest.bytes().take_while(u8::is_ascii_lowercase).count();
            assert!(
                name_len == 0 || !rest[name_len..].starts_with('='),
                "inline event handler in index.html: {}",
                &rest[..name_len]
            );
        }
    }
}
