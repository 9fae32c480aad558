//! API keys: generation, hashing, the key store and the key file.
//!
//! Keys are `lkb_` followed by 40 base62 characters (docs/decisions.md §1). The server keeps only their
//! SHA-256 hashes in memory, and the key file holds nothing else, so a leaked file or memory dump
//! reveals no usable key. Lookups compare hashes in constant time.

use std::io::Write;
use std::path::Path;

use rand::Rng;
use rand::rngs::OsRng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Prefix of every API key.
pub const KEY_PREFIX: &str = "lkb_";
const KEY_RANDOM_CHARS: usize = 40;
/// Shortest plain key accepted from configuration (`LOOKBACK_API_KEYS`, `LOOKBACK_ADMIN_KEYS`).
pub const MIN_KEY_CHARS: usize = 32;
/// Fewest different characters a plain key must use (`aaaa...` or `0000...` is not a secret).
pub const MIN_KEY_DISTINCT_CHARS: usize = 8;
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// What a token's bearer may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Evaluate, transform.
    Client,
    /// Also the admin API.
    Admin,
}

/// One accepted key, by hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyEntry {
    /// Public identifier of the key; becomes the token's `sub`.
    pub key_id: String,
    /// SHA-256 of the key.
    pub hash: [u8; 32],
    /// Tenant the key is bound to, if any.
    pub tenant: Option<String>,
    /// Role of tokens issued for this key.
    pub role: Role,
}

/// A line of the key file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeyRecord {
    /// Public identifier.
    pub key_id: String,
    /// Hex SHA-256 of the key.
    pub sha256: String,
    /// Tenant binding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// Role.
    pub role: Role,
}

/// Why the key file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum KeyFileError {
    /// Reading or writing failed.
    #[error("key file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Revoking the key would leave the file without any key, which a server refuses (and,
    /// running, answers by keeping the keys it has).
    #[error(
        "key {key_id} is the last key of {path}: a key file without a key is refused, and a \
         running server would keep accepting it; create its replacement first (`lookback keys create`)"
    )]
    LastKey {
        /// The file.
        path: String,
        /// The key asked to be revoked.
        key_id: String,
    },
    /// A line is not a valid key record.
    #[error("key file {path}, line {line}: {reason}")]
    Parse {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// Why a plain key from configuration is too weak to accept, if it is (the key itself is never
/// part of the answer). A generated key (`lkb_` + 40 base62) always passes.
pub fn weakness(key: &str) -> Option<String> {
    let chars = key.chars().count();
    if chars < MIN_KEY_CHARS {
        return Some(format!(
            "a key of {chars} characters is too short (at least {MIN_KEY_CHARS})"
        ));
    }
    let distinct = key.chars().collect::<std::collections::BTreeSet<_>>().len();
    (distinct < MIN_KEY_DISTINCT_CHARS).then(|| {
        format!(
            "a key uses only {distinct} different characters (at least {MIN_KEY_DISTINCT_CHARS})"
        )
    })
}

/// The accepted keys.
#[derive(Debug, Clone, Default)]
pub struct KeyStore {
    entries: Vec<KeyEntry>,
}

impl KeyStore {
    /// Adds a plain key given in configuration (`LOOKBACK_API_KEYS` / `LOOKBACK_ADMIN_KEYS`).
    /// Its id is derived from its hash so tokens never carry the key itself.
    pub fn add_plain(&mut self, key: &str, role: Role) {
        self.entries.push(KeyEntry {
            key_id: plain_key_id(key, role),
            hash: hash_key(key),
            tenant: None,
            role,
        });
    }

    /// Adds every record of a key file.
    pub fn add_file(&mut self, path: &Path) -> Result<(), KeyFileError> {
        let text = std::fs::read_to_string(path).map_err(|source| KeyFileError::Io {
            path: path.display().to_string(),
            source,
        })?;
        self.entries
            .extend(parse_key_file(&text, &path.display().to_string())?);
        Ok(())
    }

    /// Number of accepted keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no key is accepted.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry with this key id, if any.
    pub fn find_id(&self, key_id: &str) -> Option<&KeyEntry> {
        self.entries.iter().find(|e| e.key_id == key_id)
    }

    /// Two entries for the same key with different roles or tenants, by key id: the key would
    /// silently take whichever comes first, so such a set is refused.
    pub fn conflict(&self) -> Option<(&str, &str)> {
        let mut seen = std::collections::HashMap::with_capacity(self.entries.len());
        for entry in &self.entries {
            if let Some(first) = seen.insert(entry.hash, entry)
                && (first.role, &first.tenant) != (entry.role, &entry.tenant)
            {
                return Some((first.key_id.as_str(), entry.key_id.as_str()));
            }
        }
        None
    }

    /// The entry for a presented key. Every entry is compared, in constant time each, so the
    /// answer time does not depend on which entry (if any) matched.
    pub fn verify(&self, presented: &str) -> Option<&KeyEntry> {
        let hash = hash_key(presented);
        let mut found = None;
        for entry in &self.entries {
            if constant_time_eq(&entry.hash, &hash) && found.is_none() {
                found = Some(entry);
            }
        }
        found
    }
}

/// Keys from elsewhere (the shared registry's `api_keys`).
impl Extend<KeyEntry> for KeyStore {
    fn extend<I: IntoIterator<Item = KeyEntry>>(&mut self, entries: I) {
        self.entries.extend(entries);
    }
}

/// The key id of a plain key: derived from its hash, so tokens never carry the key itself.
pub fn plain_key_id(key: &str, role: Role) -> String {
    let prefix = match role {
        Role::Client => "env",
        Role::Admin => "env-admin",
    };
    format!("{prefix}-{}", &hex::encode(hash_key(key))[..12])
}

/// Removes the key `key_id` from `file` (rewritten through a temporary file and a rename, so a
/// running server never reads half a file); its tokens stop working at their next use. False when
/// the file has no such key; refused when it is the file's last key.
pub fn revoke_key(file: &Path, key_id: &str) -> Result<bool, KeyFileError> {
    let io = |source| KeyFileError::Io {
        path: file.display().to_string(),
        source,
    };
    let text = std::fs::read_to_string(file).map_err(io)?;
    let entries = parse_key_file(&text, &file.display().to_string())?;
    if !entries.iter().any(|e| e.key_id == key_id) {
        return Ok(false);
    }
    if entries.iter().all(|e| e.key_id == key_id) {
        return Err(KeyFileError::LastKey {
            path: file.display().to_string(),
            key_id: key_id.to_owned(),
        });
    }
    let kept: Vec<String> = entries
        .into_iter()
        .filter(|e| e.key_id != key_id)
        .map(|e| {
            serde_json::to_string(&KeyRecord {
                key_id: e.key_id,
                sha256: hex::encode(e.hash),
                tenant: e.tenant,
                role: e.role,
            })
            .map_err(|e| io(std::io::Error::other(e)))
        })
        .collect::<Result<_, _>>()?;
    let temp = file.with_extension(format!("revoke-{}", random_base62(8)));
    let mut body = kept.join("\n");
    if !body.is_empty() {
        body.push('\n');
    }
    std::fs::write(&temp, body).map_err(io)?;
    std::fs::rename(&temp, file).map_err(io)?;
    Ok(true)
}

/// Parses a key file: one JSON object per line (blank lines and `#` comments skipped), or a
/// JSON array of the same objects.
pub fn parse_key_file(text: &str, path: &str) -> Result<Vec<KeyEntry>, KeyFileError> {
    let parse_err = |line: usize, reason: String| KeyFileError::Parse {
        path: path.to_owned(),
        line,
        reason,
    };
    let records: Vec<(usize, KeyRecord)> = if text.trim_start().starts_with('[') {
        let list: Vec<KeyRecord> =
            serde_json::from_str(text).map_err(|e| parse_err(e.line(), e.to_string()))?;
        list.into_iter().map(|r| (1, r)).collect()
    } else {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let record = serde_json::from_str(line).map_err(|e| parse_err(i + 1, e.to_string()))?;
            out.push((i + 1, record));
        }
        out
    };
    records
        .into_iter()
        .map(|(line, r)| {
            let bytes =
                hex::decode(&r.sha256).map_err(|_| parse_err(line, "sha256 is not hex".into()))?;
            let hash: [u8; 32] = bytes
                .try_into()
                .map_err(|_| parse_err(line, "sha256 must be 64 hex characters".into()))?;
            Ok(KeyEntry {
                key_id: r.key_id,
                hash,
                tenant: r.tenant.filter(|t| !t.is_empty()),
                role: r.role,
            })
        })
        .collect()
}

/// A new random API key: `lkb_` + 40 base62 characters from the OS generator.
pub fn generate_key() -> String {
    format!("{KEY_PREFIX}{}", random_base62(KEY_RANDOM_CHARS))
}

/// Random base62 text from the OS generator.
pub fn random_base62(len: usize) -> String {
    let mut rng = OsRng;
    (0..len)
        .map(|_| char::from(BASE62[rng.gen_range(0..BASE62.len())]))
        .collect()
}

/// SHA-256 of a key.
pub fn hash_key(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}

/// Creates a key, appends its record to `file` and returns `(key, record)`. The key itself is
/// not stored anywhere: the caller shows it once.
pub fn create_key(
    file: &Path,
    tenant: Option<String>,
    role: Role,
) -> Result<(String, KeyRecord), KeyFileError> {
    // Appending to a file that no longer parses would hide the problem behind a new key.
    if file.exists() {
        KeyStore::default().add_file(file)?;
    }
    let key = generate_key();
    let record = KeyRecord {
        key_id: format!("key_{}", random_base62(12)),
        sha256: hex::encode(hash_key(&key)),
        tenant: tenant.filter(|t| !t.is_empty()),
        role,
    };
    let io = |source| KeyFileError::Io {
        path: file.display().to_string(),
        source,
    };
    let line = serde_json::to_string(&record).map_err(|e| io(std::io::Error::other(e)))?;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .map_err(io)?;
    writeln!(f, "{line}").map_err(io)?;
    Ok((key, record))
}

fn constant_time_eq(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_have_the_documented_format() {
        let key = generate_key();
        assert!(key.starts_with("lkb_"));
        assert_eq!(key.len(), 4 + 40);
        assert!(key[4..].chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(key, generate_key());
    }

    #[test]
    fn key_hash_is_sha256_hex() {
        // sha256("abc")
        assert_eq!(
            hex::encode(hash_key("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn plain_keys_verify_and_others_do_not() {
        let mut store = KeyStore::default();
        store.add_plain("lkb_client", Role::Client);
        store.add_plain("lkb_admin", Role::Admin);
        assert_eq!(
            store.verify("lkb_client").map(|e| e.role),
            Some(Role::Client)
        );
        assert_eq!(store.verify("lkb_admin").map(|e| e.role), Some(Role::Admin));
        assert!(store.verify("lkb_other").is_none());
        assert!(store.verify("").is_none());
        let id = &store.verify("lkb_client").unwrap().key_id;
        assert!(
            !id.contains("lkb_client"),
            "the key id must not reveal the key"
        );
    }

    #[test]
    fn key_file_round_trip_stores_only_the_hash() {
        let dir = std::env::temp_dir().join(format!("lookback-keys-{}", random_base62(8)));
        std::fs::create_dir_all(&dir).ok();
        let file = dir.join("keys.jsonl");
        let (key, record) = create_key(&file, Some("acme".into()), Role::Client).unwrap();
        let (admin, _) = create_key(&file, None, Role::Admin).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            !text.contains(&key) && !text.contains(&admin),
            "the file must not hold keys"
        );
        assert!(text.contains(&hex::encode(hash_key(&key))));

        let mut store = KeyStore::default();
        store.add_file(&file).unwrap();
        assert_eq!(store.len(), 2);
        let entry = store.verify(&key).cloned();
        assert_eq!(
            entry.as_ref().map(|e| e.key_id.as_str()),
            Some(record.key_id.as_str())
        );
        assert_eq!(entry.and_then(|e| e.tenant), Some("acme".to_owned()));
        assert_eq!(store.verify(&admin).map(|e| e.role), Some(Role::Admin));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_last_key_of_a_file_is_not_revoked() {
        let dir = std::env::temp_dir().join(format!("lookback-keys-{}", random_base62(8)));
        std::fs::create_dir_all(&dir).ok();
        let file = dir.join("keys.jsonl");
        let (_, first) = create_key(&file, None, Role::Client).unwrap();
        let (_, second) = create_key(&file, None, Role::Admin).unwrap();
        assert!(revoke_key(&file, &first.key_id).unwrap());
        let refused = revoke_key(&file, &second.key_id).unwrap_err().to_string();
        assert!(refused.contains("last key"), "{refused}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(&second.key_id) && !text.contains(&first.key_id));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn weak_keys_are_named_without_the_key() {
        assert!(weakness(&generate_key()).is_none());
        assert!(weakness("lkb_testclientkey000000000000000000000000000").is_none());
        let short = weakness("password").unwrap();
        assert!(
            short.contains("8 characters") && !short.contains("password"),
            "{short}"
        );
        let repeated = weakness(&"ab".repeat(20)).unwrap();
        assert!(repeated.contains("only 2 different"), "{repeated}");
    }

    #[test]
    fn one_key_with_two_roles_is_a_conflict() {
        let mut store = KeyStore::default();
        store.add_plain("lkb_same", Role::Client);
        store.add_plain("lkb_other", Role::Admin);
        assert!(store.conflict().is_none());
        store.add_plain("lkb_same", Role::Client);
        assert!(
            store.conflict().is_none(),
            "the same key twice in one list is harmless"
        );
        store.add_plain("lkb_same", Role::Admin);
        let (first, second) = store.conflict().unwrap();
        assert!(first.starts_with("env-") && second.starts_with("env-admin-"));
    }

    #[test]
    fn key_file_accepts_a_json_array_and_rejects_bad_hashes() {
        let hash = hex::encode(hash_key("k"));
        let text = format!(r#"[{{"key_id":"a","sha256":"{hash}","role":"admin"}}]"#);
        let entries = parse_key_file(&text, "x").unwrap();
        assert_eq!(entries.len(), 1);
        assert!(parse_key_file(r#"{"key_id":"a","sha256":"zz","role":"client"}"#, "x").is_err());
        assert!(parse_key_file(r#"{"key_id":"a","sha256":"00","role":"root"}"#, "x").is_err());
    }
}
