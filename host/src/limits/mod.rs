//! Every limit the server puts on a client, in one place: the transport's ([`transport`]:
//! timeouts, body and module caps, connection and in-flight caps, rate limits, the lingering close,
//! the shutdown drain) and the caps on what one request may ask of the engine ([`input`]). The
//! routes apply them (`routes/serve.rs`, the accept loop; `routes/middleware.rs`, the in-flight
//! cap; `routes/connection.rs`, the close); the engine's own deadline and memory cap per call are
//! the runtime's (`runtime/src/limits.rs`).

pub mod input;
pub mod transport;
