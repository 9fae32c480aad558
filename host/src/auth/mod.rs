//! Authentication: API keys exchanged for bearer tokens (`POST /auth/token`), and the
//! [`Bearer`] extractor that guards `/evaluate` and `/transform-xml`.

pub mod keys;
pub mod token;

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use rand::RngCore;

pub use keys::{KeyEntry, KeyStore, Role};
pub use token::{Claims, TokenIssuer};

use crate::config::AuthSettings;
use crate::error::{AppError, messages};
use crate::state::AppState;

/// Keys and the token issuer.
pub struct Auth {
    /// Accepted API keys (hashes only).
    pub keys: KeyStore,
    /// Token issuer and verifier.
    pub tokens: TokenIssuer,
}

impl Auth {
    /// Builds the key store from every configured source and the token issuer from the secret
    /// (or 32 random bytes when none is configured: tokens then die with the process).
    pub fn from_settings(settings: &AuthSettings) -> Result<Self, keys::KeyFileError> {
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
        let secret = match &settings.jwt_secret {
            Some(secret) => secret.as_bytes().to_vec(),
            None => {
                let mut bytes = vec![0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                bytes
            }
        };
        Ok(Self {
            keys: store,
            tokens: TokenIssuer::new(&secret, settings.token_ttl),
        })
    }
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
        state
            .auth()
            .tokens
            .verify(token)
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
