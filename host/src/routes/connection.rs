//! What every answer says about the connection, caching and time: `Connection: close` when the
//! server will close the connection after answering (the request body was not read to its end: a
//! 413, a 408, a refusal before the body; the connection then lingers at close), `Cache-Control:
//! no-store` unless the route set its own (tokens, decisions and records must not sit in a cache,
//! docs/decisions.md §14), and a `Date` that follows the wall clock ([`http_date`]).

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{CACHE_CONTROL, CONNECTION, DATE};
use axum::middleware::Next;
use axum::response::Response;
use hyper::body::{Body as HttpBody, Frame, SizeHint};

use super::http_date;
use crate::limits::transport::LingerOnClose;

/// Marks the answer `Connection: close` when the request's body was not read to its end (hyper
/// then closes the connection rather than read an unknown rest), and `no-store` by default.
pub async fn connection_headers(request: Request, next: Next) -> Response {
    let read = Arc::new(AtomicBool::new(request.body().is_end_stream()));
    let request = request.map(|body| {
        Body::new(Tracked {
            inner: body,
            read: read.clone(),
        })
    });
    let linger = request.extensions().get::<LingerOnClose>().cloned();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !read.load(Ordering::Acquire) {
        headers.insert(CONNECTION, HeaderValue::from_static("close"));
        // The rest of the body is still coming: read it before closing, or the client may get
        // a reset instead of this answer.
        if let Some(linger) = linger {
            linger.set();
        }
    }
    if !headers.contains_key(CACHE_CONTROL) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    headers.insert(DATE, http_date::now());
    response
}

/// Marks every answer `Connection: close` (the overflow lane closes after one answer).
pub async fn close_after_answer(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(CONNECTION, HeaderValue::from_static("close"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(DATE, http_date::now());
    response
}

/// A request body that records when it has been read to its end.
struct Tracked {
    inner: Body,
    read: Arc<AtomicBool>,
}

impl HttpBody for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(polled, Poll::Ready(None)) || self.inner.is_end_stream() {
            self.read.store(true, Ordering::Release);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
