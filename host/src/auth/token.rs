//! Bearer tokens: JWT signed with HS256, and only HS256 accepted (docs/decisions.md §1). Every token
//! names its issuer and audience (`iss`, `aud`), and both are checked, so a token minted for
//! another service with the same secret does not open this one.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use super::keys::{KeyEntry, Role};
use super::verified::VerifiedTokens;

/// `iss` of every token.
pub const ISSUER: &str = "lookback";
/// `aud` of every token.
pub const AUDIENCE: &str = "lookback-api";

/// Claims of a Lookback token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Key id the token was issued for.
    pub sub: String,
    /// Tenant the key is bound to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// Role of the key.
    pub role: Role,
    /// Issued at (seconds since the epoch).
    pub iat: u64,
    /// Expires at (seconds since the epoch).
    pub exp: u64,
    /// Unique token id.
    pub jti: String,
    /// Issuer: [`ISSUER`].
    pub iss: String,
    /// Audience: [`AUDIENCE`].
    pub aud: String,
}

/// Issues and verifies tokens with one HS256 secret.
pub struct TokenIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
    max_skew: Duration,
    verified: VerifiedTokens<Claims>,
}

/// A token could not be issued (only possible if serialisation fails).
#[derive(Debug, thiserror::Error)]
#[error("token could not be signed")]
pub struct IssueError;

impl TokenIssuer {
    /// An issuer for `secret` whose tokens live `ttl`, allowing 60 s of clock skew.
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        // `Validation::new(HS256)` accepts HS256 alone: `alg: none` and every other algorithm
        // fail, as does a token whose header names HS256 but was signed with another key.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "sub", "iat", "iss", "aud"]);
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
            max_skew: Duration::from_secs(60),
            verified: VerifiedTokens::new(),
        }
    }

    /// The same issuer accepting tokens issued up to `max_skew` in the future (a replica whose
    /// clock runs ahead). Expiry gets no allowance: a token is dead at its `exp`.
    pub fn with_max_skew(mut self, max_skew: Duration) -> Self {
        self.max_skew = max_skew;
        self
    }

    /// Token lifetime in seconds (`expires_in`).
    pub fn ttl_secs(&self) -> u64 {
        self.ttl.as_secs()
    }

    /// Issues a token for a verified key.
    pub fn issue(&self, key: &KeyEntry) -> Result<String, IssueError> {
        let iat = now_secs();
        let claims = Claims {
            sub: key.key_id.clone(),
            tenant: key.tenant.clone(),
            role: key.role,
            iat,
            exp: iat.saturating_add(self.ttl.as_secs()),
            jti: uuid::Uuid::new_v4().to_string(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|_| IssueError)
    }

    /// The claims of a valid, unexpired HS256 token of this issuer and audience, issued no
    /// later than the skew allowance from now and living no longer than the TTL allows; `None`
    /// for anything else.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        self.verify_at(token, now_secs())
    }

    /// [`TokenIssuer::verify`] as of `now` (seconds since the epoch) for what changes with time;
    /// the library's own expiry check, on a token's first use, reads the system clock.
    fn verify_at(&self, token: &str, now: u64) -> Option<Claims> {
        let claims = match self.verified.get(token) {
            Some(claims) => claims,
            None => {
                let data =
                    jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
                self.verified.insert(token, data.claims.clone());
                data.claims
            }
        };
        self.in_force(&claims, now).then_some(claims)
    }

    /// Whether a token with these (verified) claims is in force at `now`.
    fn in_force(&self, claims: &Claims, now: u64) -> bool {
        let skew = self.max_skew.as_secs();
        // `exp` is checked by the library; reject a token that expires exactly now as well.
        let alive = claims.exp > now;
        let issued_in_the_past = claims.iat <= now.saturating_add(skew);
        let lifetime_allowed =
            claims.exp.saturating_sub(claims.iat) <= self.ttl.as_secs().saturating_add(skew);
        alive && issued_in_the_past && lifetime_allowed
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use base64::Engine as _;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;

    use super::*;

    fn key(tenant: Option<&str>) -> KeyEntry {
        KeyEntry {
            key_id: "key_1".into(),
            hash: [0; 32],
            tenant: tenant.map(Into::into),
            role: Role::Client,
        }
    }

    #[test]
    fn issued_token_verifies_with_its_claims() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        let token = issuer.issue(&key(Some("acme"))).unwrap();
        let claims = issuer.verify(&token).unwrap();
        assert_eq!(claims.sub, "key_1");
        assert_eq!(claims.tenant.as_deref(), Some("acme"));
        assert_eq!(claims.role, Role::Client);
        assert_eq!(claims.exp - claims.iat, 60);
        assert!(!claims.jti.is_empty());
        let header = jsonwebtoken::decode_header(&token).unwrap();
        assert_eq!(header.alg, Algorithm::HS256);
    }

    #[test]
    fn a_remembered_token_still_expires() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        let token = issuer.issue(&key(None)).unwrap();
        let claims = issuer.verify(&token).unwrap();
        assert_eq!(
            issuer.verify_at(&token, claims.exp - 1),
            Some(claims.clone())
        );
        assert_eq!(issuer.verify_at(&token, claims.exp), None);
        assert_eq!(issuer.verify_at(&token, claims.exp + 3600), None);
    }

    #[test]
    fn a_token_changed_after_its_original_was_remembered_is_rejected() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        let token = issuer.issue(&key(None)).unwrap();
        assert!(issuer.verify(&token).is_some());
        let (unsigned, signature) = token.rsplit_once('.').unwrap();
        let mut forged = signature.to_owned().into_bytes();
        forged[0] = if forged[0] == b'A' { b'B' } else { b'A' };
        let forged = format!("{unsigned}.{}", String::from_utf8(forged).unwrap());
        assert!(issuer.verify(&forged).is_none());
        let claims_only = format!("{unsigned}.");
        assert!(issuer.verify(&claims_only).is_none());
        assert!(issuer.verify(&token).is_some());
    }

    #[test]
    fn more_tokens_than_slots_all_verify_again() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        let tokens: Vec<String> = (0..600)
            .map(|_| issuer.issue(&key(None)).unwrap())
            .collect();
        for round in 0..2 {
            for token in &tokens {
                assert!(issuer.verify(token).is_some(), "round {round}");
            }
        }
    }

    #[test]
    fn another_secret_is_rejected() {
        let token = TokenIssuer::new(b"one", Duration::from_secs(60))
            .issue(&key(None))
            .unwrap();
        assert!(
            TokenIssuer::new(b"two", Duration::from_secs(60))
                .verify(&token)
                .is_none()
        );
    }

    #[test]
    fn expired_token_is_rejected() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        let now = now_secs();
        let claims = Claims {
            sub: "key_1".into(),
            tenant: None,
            role: Role::Client,
            iat: now - 120,
            exp: now - 1,
            jti: "j".into(),
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
        };
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(b"secret"),
        )
        .unwrap();
        assert!(issuer.verify(&token).is_none());
        let zero_ttl = TokenIssuer::new(b"secret", Duration::ZERO);
        let token = zero_ttl.issue(&key(None)).unwrap();
        assert!(zero_ttl.verify(&token).is_none());
    }

    #[test]
    fn alg_none_is_rejected() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        let good = issuer.issue(&key(None)).unwrap();
        let payload = good.split('.').nth(1).unwrap();
        for alg in ["none", "None", "NONE"] {
            let header = B64.encode(format!(r#"{{"alg":"{alg}","typ":"JWT"}}"#));
            assert!(
                issuer.verify(&format!("{header}.{payload}.")).is_none(),
                "alg {alg}"
            );
        }
    }

    #[test]
    fn other_algorithms_are_rejected() {
        let claims = TokenIssuer::new(b"secret", Duration::from_secs(60))
            .issue(&key(None))
            .unwrap();
        let payload: Claims =
            serde_json::from_slice(&B64.decode(claims.split('.').nth(1).unwrap()).unwrap())
                .unwrap();
        let hs512 = jsonwebtoken::encode(
            &Header::new(Algorithm::HS512),
            &payload,
            &EncodingKey::from_secret(b"secret"),
        )
        .unwrap();
        assert!(
            TokenIssuer::new(b"secret", Duration::from_secs(60))
                .verify(&hs512)
                .is_none()
        );
    }

    #[test]
    fn garbage_is_rejected() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(60));
        for token in ["", "a", "a.b", "a.b.c", "....", "Bearer x"] {
            assert!(issuer.verify(token).is_none());
        }
    }

    fn signed(claims: &serde_json::Value) -> String {
        jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            claims,
            &EncodingKey::from_secret(b"secret"),
        )
        .unwrap()
    }

    fn claims_at(iat: u64, exp: u64, iss: &str, aud: &str) -> serde_json::Value {
        serde_json::json!({"sub": "key_1", "role": "client", "iat": iat, "exp": exp,
            "jti": "j", "iss": iss, "aud": aud})
    }

    #[test]
    fn issuer_and_audience_are_set_and_checked() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(600));
        let claims = issuer.verify(&issuer.issue(&key(None)).unwrap()).unwrap();
        assert_eq!(
            (claims.iss.as_str(), claims.aud.as_str()),
            (ISSUER, AUDIENCE)
        );
        let now = now_secs();
        assert!(
            issuer
                .verify(&signed(&claims_at(now, now + 60, ISSUER, AUDIENCE)))
                .is_some()
        );
        for (iss, aud) in [("other", AUDIENCE), (ISSUER, "other-api"), ("", "")] {
            let token = signed(&claims_at(now, now + 60, iss, aud));
            assert!(issuer.verify(&token).is_none(), "iss {iss:?}, aud {aud:?}");
        }
        let missing = signed(&serde_json::json!({"sub": "key_1", "role": "client",
            "iat": now, "exp": now + 60, "jti": "j"}));
        assert!(
            issuer.verify(&missing).is_none(),
            "iss and aud are required"
        );
    }

    #[test]
    fn clock_skew_is_bounded() {
        let issuer = TokenIssuer::new(b"secret", Duration::from_secs(600))
            .with_max_skew(Duration::from_secs(30));
        let now = now_secs();
        let ahead = |secs: u64| signed(&claims_at(now + secs, now + secs + 600, ISSUER, AUDIENCE));
        assert!(issuer.verify(&ahead(20)).is_some(), "within the allowance");
        assert!(
            issuer.verify(&ahead(120)).is_none(),
            "issued too far in the future"
        );
        let long_lived = signed(&claims_at(now, now + 600 + 31, ISSUER, AUDIENCE));
        assert!(
            issuer.verify(&long_lived).is_none(),
            "lives longer than the TTL allows"
        );
    }
}
