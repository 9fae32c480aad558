//! The lingering close (as nginx's `lingering_close`): a connection answered before its request
//! body was read (a 413, a 408, a refusal before the body) is closed only after the rest of the
//! body is read and discarded, for a bounded time and size.
//!
//! Closing a socket whose receive queue still holds unread bytes makes the kernel answer with a
//! reset, and the reset can overtake the answer: a client that writes its whole body before it
//! reads (Python's `http.client`, so `requests` and urllib3) gets `BrokenPipeError` or
//! `ConnectionResetError` instead of its 413. Here the write side is shut first (the client sees
//! the answer and the end of it at once), then whatever the client still sends is read and
//! dropped until it closes, goes quiet for [`LINGER_IDLE`], [`LINGER_TIME`] has passed or
//! [`LINGER_BYTES`] were read. A client that asked for `100 Continue` still gets the 413 before
//! it sends anything.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// The longest a connection lingers after its answer.
pub const LINGER_TIME: Duration = Duration::from_secs(10);
/// How long the client may stay quiet while the connection lingers.
pub const LINGER_IDLE: Duration = Duration::from_secs(2);
/// The most body bytes read and dropped while lingering.
pub const LINGER_BYTES: u64 = 64 << 20;

/// Set on a connection whose answer went out before its request body was read: closing it
/// lingers. Each request of the connection carries it (request extensions).
#[derive(Clone, Default, Debug)]
pub struct LingerOnClose(Arc<AtomicBool>);

impl LingerOnClose {
    /// The connection must linger when it closes.
    pub fn set(&self) {
        self.0.store(true, Ordering::Release);
    }

    fn is_set(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// A connection's stream whose shutdown lingers when [`LingerOnClose`] is set (hyper shuts the
/// stream down when it closes a connection itself).
pub struct Lingering<S> {
    stream: S,
    linger: LingerOnClose,
    state: State,
}

enum State {
    Open,
    /// The write side is shut; reading and dropping what still comes.
    Draining {
        deadline: Instant,
        idle: Pin<Box<Sleep>>,
        read: u64,
    },
    Closed,
}

impl<S> Lingering<S> {
    /// `stream`, lingering at shutdown when `linger` is set by then.
    pub fn new(stream: S, linger: LingerOnClose) -> Self {
        Self {
            stream,
            linger,
            state: State::Open,
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> Lingering<S> {
    /// Reads and drops what the client sends until it closes, goes quiet, or a bound is reached.
    fn poll_drain(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let State::Draining {
            deadline,
            idle,
            read,
        } = &mut self.state
        else {
            return Poll::Ready(());
        };
        let mut scratch = [0u8; 16 << 10];
        loop {
            let mut buffer = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.stream).poll_read(cx, &mut buffer) {
                Poll::Ready(Ok(())) if !buffer.filled().is_empty() => {
                    *read += buffer.filled().len() as u64;
                    if *read >= LINGER_BYTES {
                        return Poll::Ready(());
                    }
                    let next = (Instant::now() + LINGER_IDLE).min(*deadline);
                    idle.as_mut().reset(next);
                }
                // The client closed, or the connection failed: nothing more to wait for.
                Poll::Ready(_) => return Poll::Ready(()),
                Poll::Pending => {
                    ready!(idle.as_mut().poll(cx));
                    return Poll::Ready(());
                }
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Lingering<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Lingering<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        loop {
            match &this.state {
                State::Open => {
                    let shut = ready!(Pin::new(&mut this.stream).poll_shutdown(cx));
                    if shut.is_err() || !this.linger.is_set() {
                        this.state = State::Closed;
                        return Poll::Ready(shut);
                    }
                    let deadline = Instant::now() + LINGER_TIME;
                    this.state = State::Draining {
                        deadline,
                        idle: Box::pin(tokio::time::sleep_until(
                            (Instant::now() + LINGER_IDLE).min(deadline),
                        )),
                        read: 0,
                    };
                }
                State::Draining { .. } => {
                    ready!(this.poll_drain(cx));
                    this.state = State::Closed;
                }
                State::Closed => return Poll::Ready(Ok(())),
            }
        }
    }
}
