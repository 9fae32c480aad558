//! Transport limits: what keeps a slow, greedy or hostile client from starving the
//! others. The settings ([`TransportSettings`]: timeouts, body and module caps, connection and
//! in-flight caps, rate limits, the shutdown drain) and the shared counters that enforce the
//! per-request ones ([`Guards`], over the per-address quotas of [`rate`]), and the lingering
//! close of a connection answered before its body was read ([`linger`]). The routes apply them
//! (`routes::middleware`, `routes::serve`).

pub mod connections;
pub mod guard;
pub mod linger;
pub mod rate;
pub mod settings;

pub use connections::PerAddressConnections;
pub use guard::Guards;
pub use linger::{LingerOnClose, Lingering};
pub use settings::TransportSettings;
