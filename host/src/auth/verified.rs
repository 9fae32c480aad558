//! Tokens whose signature and claims already passed, so a client that sends the same bearer
//! token with every request has it decoded and its HMAC checked once: `jsonwebtoken::decode` was
//! ~37K instructions a request (`request_path token`), about 2 % of the server's CPU.
//!
//! Only what does not change with time is remembered (signature, algorithm, issuer, audience,
//! required claims); whether the token is still in force is checked on every use. A token's slot
//! comes from a hash keyed afresh per process, and the token is compared with the slot's in
//! constant time, so response times tell a client nothing about tokens it does not hold. A slot
//! holds one token; another that lands in it replaces it, so the memory is fixed whatever
//! clients send.

use std::hash::{BuildHasher as _, RandomState};
use std::sync::{Mutex, PoisonError};

use subtle::ConstantTimeEq as _;

/// How many verified tokens are remembered at most (one per slot).
const SLOTS: usize = 256;

/// Remembered tokens, each with what its verification gave (its claims).
pub(super) struct VerifiedTokens<C> {
    hasher: RandomState,
    slots: Box<[Mutex<Option<Verified<C>>>]>,
}

struct Verified<C> {
    token: Box<str>,
    claims: C,
}

impl<C: Clone> VerifiedTokens<C> {
    pub(super) fn new() -> Self {
        Self {
            hasher: RandomState::new(),
            slots: (0..SLOTS).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// The claims of `token`, when it was verified before.
    pub(super) fn get(&self, token: &str) -> Option<C> {
        let slot = self
            .slot(token)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        slot.as_ref()
            .filter(|verified| bool::from(verified.token.as_bytes().ct_eq(token.as_bytes())))
            .map(|verified| verified.claims.clone())
    }

    /// Remembers a verified token's claims.
    pub(super) fn insert(&self, token: &str, claims: C) {
        let verified = Verified {
            token: token.into(),
            claims,
        };
        *self
            .slot(token)
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(verified);
    }

    fn slot(&self, token: &str) -> &Mutex<Option<Verified<C>>> {
        let hash = self.hasher.hash_one(token);
        &self.slots[(hash % SLOTS as u64) as usize]
    }
}
