//! Authentication: API keys exchanged for bearer tokens (`POST /auth/token`), and the tokens
//! verified against the keys still accepted (the routes' `Bearer` and `Admin` extractors ask).

pub mod keys;
pub mod token;
mod verified;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use arc_swap::ArcSwap;
use rand::RngCore;

pub use keys::{KeyEntry, KeyStore, Role};
pub use token::{Claims, TokenIssuer};

/// Shortest accepted `LOOKBACK_JWT_SECRET`, in bytes (HS256 keys under 256 bits are guessable).
pub const MIN_SECRET_BYTES: usize = 32;
/// Largest accepted clock-skew allowance.
pub const MAX_CLOCK_SKEW: Duration = Duration::from_secs(300);

/// API key and token settings.
#[derive(Clone)]
pub struct AuthSettings {
    /// Keys whose tokens carry the client role.
    pub api_keys: Vec<String>,
    /// Keys whose tokens carry the admin role.
    pub admin_keys: Vec<String>,
    /// Key store holding only key hashes.
    pub keys_file: Option<PathBuf>,
    /// HS256 secret; random per process when unset.
    pub jwt_secret: Option<String>,
    /// Token lifetime.
    pub token_ttl: Duration,
    /// How far in the future a token's `iat` may lie (another replica's clock running ahead);
    /// at most 300 s. Expiry gets no allowance.
    pub max_clock_skew: Duration,
}

impl std::fmt::Debug for AuthSettings {
    // Never print keys or the secret, even in debug output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthSettings")
            .field("api_keys", &self.api_keys.len())
            .field("admin_keys", &self.admin_keys.len())
            .field("keys_file", &self.keys_file)
            .field("jwt_secret", &self.jwt_secret.as_ref().map(|_| "<set>"))
            .field("token_ttl", &self.token_ttl)
            .field("max_clock_skew", &self.max_clock_skew)
            .finish()
    }
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            api_keys: Vec::new(),
            admin_keys: Vec::new(),
            keys_file: None,
            jwt_secret: None,
            token_ttl: Duration::from_secs(3600),
            max_clock_skew: Duration::from_secs(60),
        }
    }
}

impl AuthSettings {
    /// True when no key source is configured at all.
    pub fn has_no_keys(&self) -> bool {
        self.api_keys.is_empty() && self.admin_keys.is_empty() && self.keys_file.is_none()
    }
}

/// Why the authentication settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// The key file is unreadable or malformed.
    #[error(transparent)]
    KeyFile(#[from] keys::KeyFileError),
    /// The configured secret is too short.
    #[error("LOOKBACK_JWT_SECRET must be at least {MIN_SECRET_BYTES} bytes")]
    ShortSecret,
    /// The clock-skew allowance is over [`MAX_CLOCK_SKEW`].
    #[error("LOOKBACK_JWT_MAX_SKEW_SECS must be at most {} seconds", MAX_CLOCK_SKEW.as_secs())]
    SkewTooLarge,
    /// A plain key is too short or too plain to be a secret.
    #[error(
        "{setting}: {reason}; create keys with `lookback keys create` or 32+ random characters"
    )]
    WeakKey {
        /// The setting that holds it.
        setting: &'static str,
        /// What is wrong (never the key).
        reason: String,
    },
    /// The key file holds no key (empty, blank, comments only, `[]`): every key from it, and
    /// every token of those keys, would be refused.
    #[error(
        "key file {0} holds no key, so every key and token it should accept would be refused; \
         add one with `lookback keys create` (or unset LOOKBACK_KEYS_FILE)"
    )]
    EmptyKeyFile(String),
    /// One key is given two roles or tenants (e.g. in both lists).
    #[error(
        "one API key is configured twice with different roles or tenants ({first} and {second}); \
         give each key one role (a key in both LOOKBACK_API_KEYS and LOOKBACK_ADMIN_KEYS is refused)"
    )]
    ConflictingKey {
        /// Key id of the first entry.
        first: String,
        /// Key id of the second entry.
        second: String,
    },
}

/// Checks the key settings as the server would at start, without starting it (`lookback keys
/// check`): every plain key strong enough, no key with two roles, the key file readable and
/// holding at least one key. Returns the number of keys accepted.
pub fn check_keys(settings: &AuthSettings) -> Result<usize, AuthError> {
    for (setting, keys) in [
        ("LOOKBACK_API_KEYS", &settings.api_keys),
        ("LOOKBACK_ADMIN_KEYS", &settings.admin_keys),
    ] {
        if let Some(reason) = keys.iter().find_map(|key| keys::weakness(key)) {
            return Err(AuthError::WeakKey { setting, reason });
        }
    }
    Ok(key_store(settings)?.len())
}

/// Keys and the token issuer.
pub struct Auth {
    /// The accepted keys; replaced when the key file changes.
    keys: ArcSwap<KeyStore>,
    /// The key sources, to rebuild the store from.
    settings: AuthSettings,
    /// Size and modification time of the key file when it was last read.
    file_stamp: Mutex<Option<FileStamp>>,
    /// Why the key file's current content was refused (the last good set stays), if it was.
    file_problem: Mutex<Option<String>>,
    /// Token issuer and verifier.
    pub tokens: TokenIssuer,
}

type FileStamp = (u64, Option<SystemTime>);

impl Auth {
    /// Builds the key store from every configured source and the token issuer from the secret
    /// (or 32 random bytes when none is configured: tokens then die with the process).
    pub fn from_settings(settings: &AuthSettings) -> Result<Self, AuthError> {
        let secret = match &settings.jwt_secret {
            Some(secret) if secret.len() < MIN_SECRET_BYTES => return Err(AuthError::ShortSecret),
            Some(secret) => secret.as_bytes().to_vec(),
            None => {
                let mut bytes = vec![0u8; MIN_SECRET_BYTES];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                bytes
            }
        };
        if settings.max_clock_skew > MAX_CLOCK_SKEW {
            return Err(AuthError::SkewTooLarge);
        }
        check_keys(settings)?;
        let stamp = settings.keys_file.as_deref().and_then(file_stamp);
        Ok(Self {
            keys: ArcSwap::from_pointee(key_store(settings)?),
            settings: settings.clone(),
            file_stamp: Mutex::new(stamp),
            file_problem: Mutex::new(None),
            tokens: TokenIssuer::new(&secret, settings.token_ttl)
                .with_max_skew(settings.max_clock_skew),
        })
    }

    /// The entry of a presented API key, if it is accepted now: one of this process's keys, or
    /// of `shared` (the keys the replicas share in the database, when there is one).
    pub fn verify_key(&self, presented: &str, shared: Option<&KeyStore>) -> Option<KeyEntry> {
        self.refresh();
        self.keys
            .load()
            .verify(presented)
            .or_else(|| shared?.verify(presented))
            .cloned()
    }

    /// The claims of a valid token whose key is still accepted (here or in `shared`), with the
    /// same role and tenant: removing a key from the key file or revoking it in the database
    /// revokes its outstanding tokens.
    pub fn verify_token(&self, token: &str, shared: Option<&KeyStore>) -> Option<Claims> {
        let claims = self.tokens.verify(token)?;
        self.refresh();
        let keys = self.keys.load();
        let entry = keys
            .find_id(&claims.sub)
            .or_else(|| shared?.find_id(&claims.sub))?;
        (entry.role == claims.role && entry.tenant == claims.tenant).then_some(claims)
    }

    /// How many keys this process accepts (not counting the shared registry's).
    pub fn key_count(&self) -> usize {
        self.refresh();
        self.keys.load().len()
    }

    /// Why the key file's current content is not in use, if it is not (the last good set of keys
    /// is): `/health` says `degraded` until the file is fixed.
    pub fn key_file_problem(&self) -> Option<String> {
        self.refresh();
        self.file_problem
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Re-reads the key file when its size or modification time changed. A file that cannot be
    /// read or parsed any more (or holds no key, or gives one key two roles) leaves the last good
    /// set in place, logged as an error and reported by [`Auth::key_file_problem`] until it is
    /// fixed.
    fn refresh(&self) {
        let Some(path) = self.settings.keys_file.as_deref() else {
            return;
        };
        let now = file_stamp(path);
        let mut seen = self
            .file_stamp
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if *seen == now {
            return;
        }
        *seen = now;
        let mut problem = self
            .file_problem
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match key_store(&self.settings) {
            Ok(store) => {
                tracing::info!(keys = store.len(), "key store reloaded");
                self.keys.store(Arc::new(store));
                *problem = None;
            }
            Err(error) => {
                tracing::error!(%error, "key file refused; the last good set of keys stays in use");
                *problem = Some(error.to_string());
            }
        }
    }
}

/// Every configured key: the plain ones and the key file's; refused when one key has two roles.
fn key_store(settings: &AuthSettings) -> Result<KeyStore, AuthError> {
    let mut store = KeyStore::default();
    for key in &settings.api_keys {
        store.add_plain(key, Role::Client);
    }
    for key in &settings.admin_keys {
        store.add_plain(key, Role::Admin);
    }
    if let Some(file) = &settings.keys_file {
        let before = store.len();
        store.add_file(file)?;
        if store.len() == before {
            return Err(AuthError::EmptyKeyFile(file.display().to_string()));
        }
    }
    if let Some((first, second)) = store.conflict() {
        return Err(AuthError::ConflictingKey {
            first: first.to_owned(),
            second: second.to_owned(),
        });
    }
    Ok(store)
}

fn file_stamp(path: &std::path::Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()))
}
