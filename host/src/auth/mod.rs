//! Authentication: API keys exchanged for bearer tokens (`POST /auth/token`), and the
//! [`Bearer`] extractor that guards `/evaluate` and `/transform-xml`.

pub mod keys;
pub mod token;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use arc_swap::ArcSwap;
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use rand::RngCore;

pub use keys::{KeyEntry, KeyStore, Role};
pub use token::{Claims, TokenIssuer};

use crate::config::AuthSettings;
use crate::error::{AppError, messages};
use crate::state::AppState;

/// Shortest accepted `LOOKBACK_JWT_SECRET`, in bytes (HS256 keys under 256 bits are guessable).
pub const MIN_SECRET_BYTES: usize = 32;
/// Largest accepted clock-skew allowance.
pub const MAX_CLOCK_SKEW: Duration = Duration::from_secs(300);

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
}

/// Keys and the token issuer.
pub struct Auth {
    /// The accepted keys; replaced when the key file changes.
    keys: ArcSwap<KeyStore>,
    /// The key sources, to rebuild the store from.
    settings: AuthSettings,
    /// Size and modification time of the key file when it was last read.
    file_stamp: Mutex<Option<FileStamp>>,
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
        let stamp = settings.keys_file.as_deref().and_then(file_stamp);
        Ok(Self {
            keys: ArcSwap::from_pointee(key_store(settings)?),
            settings: settings.clone(),
            file_stamp: Mutex::new(stamp),
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

    /// Re-reads the key file when its size or modification time changed. A file that cannot be
    /// read or parsed any more leaves only the configured plain keys (fail closed).
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
        let store = key_store(&self.settings).unwrap_or_else(|error| {
            tracing::warn!(%error, "key file unusable; only plain keys are accepted");
            key_store(&AuthSettings {
                keys_file: None,
                ..self.settings.clone()
            })
            .unwrap_or_default()
        });
        tracing::info!(keys = store.len(), "key store reloaded");
        self.keys.store(Arc::new(store));
    }
}

/// Every configured key: the plain ones and the key file's.
fn key_store(settings: &AuthSettings) -> Result<KeyStore, keys::KeyFileError> {
    let mut store = KeyStore::default();
    for key in &settings.api_keys {
        store.add_plain(key, Role::Client);
    }
    for key in &settings.admin_keys {
        store.add_plain(key, Role::Admin);
    }
    if let Some(file) = &settings.keys_file {
        store.add_file(file)?;
    }
    Ok(store)
}

fn file_stamp(path: &std::path::Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()))
}

/// The claims of a request's valid bearer token. Rejects with the spec's 401 messages
/// (SPEC "Authentication" 4): a missing or malformed header, or a bad or expired token.
#[derive(Debug, Clone)]
pub struct Bearer(pub Claims);

impl FromRequestParts<AppState> for Bearer {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(bearer_token)
            .ok_or(AppError::Unauthorized(messages::AUTH_REQUIRED))?;
        let shared_keys = state.shared().map(crate::store::Shared::keys);
        state
            .auth()
            .verify_token(token, shared_keys.as_deref())
            .map(Bearer)
            .ok_or(AppError::Unauthorized(messages::INVALID_TOKEN))
    }
}

/// A bearer token with the admin role (the admin API, DECISIONS §9). A valid client-role token
/// gets 403; a missing or bad token the same 401s as [`Bearer`].
#[derive(Debug, Clone)]
pub struct Admin(pub Claims);

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Bearer(claims) = Bearer::from_request_parts(parts, state).await?;
        if claims.role == Role::Admin {
            Ok(Self(claims))
        } else {
            Err(AppError::Forbidden {
                message: messages::ADMIN_REQUIRED,
                meta: None,
            })
        }
    }
}

/// The token of an `Authorization: Bearer <token>` header value (scheme case-insensitive).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && !token.contains(' '))
        .then_some(token)
}

#[cfg(test)]
mod tests {
    use super::bearer_token;

    #[test]
    fn bearer_header_parsing() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("bearer  abc "), Some("abc"));
        assert_eq!(bearer_token("Bearer"), None);
        assert_eq!(bearer_token("Bearer "), None);
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("abc"), None);
        assert_eq!(bearer_token("Bearer a b"), None);
    }
}
