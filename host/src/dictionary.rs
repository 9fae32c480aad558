//! Tenants' charge dictionaries (`lookback_core::dictionary`) as the server keeps them: one file
//! per tenant beside its client-rules overlay (`<tenant_id>.dictionary.json` in
//! `LOOKBACK_CLIENT_RULES_DIR`, loaded and re-read with the overlays, [`crate::client_rules`]), or
//! with a shared registry in its `charge_dictionaries` table (`PUT
//! /admin/tenants/{tenant}/dictionary`). Each is validated once, when it is loaded, by the engine's
//! own code; the SHA-256 of the file's bytes is its version (the first 16 hex digits); the copy
//! the engine receives (`context.charge_dictionary`, without who added each entry and why) is made
//! then too. A request is sent the entries that read its record's charges ([`TenantDictionary::input_for`],
//! what `lookback_charge_keys` says the record holds, looked up in the index built at load), so
//! its cost grows with the record, not the dictionary; a module that cannot say gets the whole
//! copy, spliced as it is.

use std::collections::BTreeMap;

use lookback_core::dictionary::{ChargeKeys, Dictionary, DictionaryFile, Entry};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The end of a dictionary file's name in `LOOKBACK_CLIENT_RULES_DIR`.
pub const FILE_SUFFIX: &str = ".dictionary.json";

/// Hex digits of the file's SHA-256 that make its version.
const VERSION_DIGITS: usize = 16;

/// One tenant's dictionary, loaded and validated.
#[derive(Debug, Clone)]
pub struct TenantDictionary {
    /// The tenant it belongs to (the file name's, the path's, or the file's own).
    pub tenant_id: String,
    /// The first 16 hex digits of `sha256`: what evidence lines, `meta.dictionary` and the
    /// decision log name.
    pub version: String,
    /// SHA-256 (hex) of the file's bytes.
    pub sha256: String,
    /// The file, parsed.
    pub file: DictionaryFile,
    /// The file as stored.
    pub text: String,
    /// `context.charge_dictionary` for the engine: every entry.
    pub engine_input: String,
    /// The entries indexed as the engine indexes them.
    index: Dictionary,
    /// Each entry as the engine's copy writes it.
    entry_inputs: Vec<String>,
}

impl PartialEq for TenantDictionary {
    /// The same bytes for the same tenant: the same dictionary.
    fn eq(&self, other: &Self) -> bool {
        (&self.tenant_id, &self.sha256) == (&other.tenant_id, &other.sha256)
    }
}

impl TenantDictionary {
    /// Parses and validates `text` as `tenant`'s dictionary; `tenant_source` names where the
    /// tenant came from, for the message when the file names another.
    pub fn parse(tenant: &str, text: &str, tenant_source: &str) -> Result<Self, String> {
        let file = DictionaryFile::parse(text)?;
        if let Some(id) = &file.tenant_id
            && id != tenant
        {
            return Err(format!("tenant_id {id:?} does not match {tenant_source}"));
        }
        Self::of(tenant, text, file)
    }

    /// A file that names its own tenant, which is then required (offline tools read it without
    /// a folder or a path to say whose it is).
    pub fn parse_standalone(text: &str) -> Result<Self, String> {
        let file = DictionaryFile::parse(text)?;
        let tenant = file.tenant_id.clone().unwrap_or_default();
        Self::of(&tenant, text, file)
    }

    fn of(tenant: &str, text: &str, file: DictionaryFile) -> Result<Self, String> {
        let sha256 = hex::encode(Sha256::digest(text.as_bytes()));
        let version = sha256.get(..VERSION_DIGITS).unwrap_or_default().to_owned();
        let engine_input = file.engine_input(&version);
        let index = file.dictionary(&version)?;
        let entry_inputs = (file.entries.iter())
            .map(DictionaryFile::engine_entry)
            .collect();
        Ok(Self {
            tenant_id: tenant.to_owned(),
            version,
            sha256,
            file,
            text: text.to_owned(),
            engine_input,
            index,
            entry_inputs,
        })
    }

    /// `context.charge_dictionary` for a record of `keys`: the entries that read its charges
    /// alone (the engine reads the record with them exactly as with every entry), under the
    /// dictionary's version.
    pub fn input_for(&self, keys: &ChargeKeys) -> String {
        let entries: Vec<&str> = (keys.select(&self.index).into_iter())
            .filter_map(|at| self.entry_inputs.get(at).map(String::as_str))
            .collect();
        format!(
            r#"{{"version":{},"entries":[{}]}}"#,
            serde_json::to_string(&self.version).unwrap_or_default(),
            entries.join(",")
        )
    }

    /// How many entries it holds.
    pub fn len(&self) -> usize {
        self.file.entries.len()
    }

    /// True when it holds no entry.
    pub fn is_empty(&self) -> bool {
        self.file.entries.is_empty()
    }
}

/// How one dictionary's entries differ from another's, by entry id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EntryChanges {
    /// Ids only the new dictionary has.
    pub added: Vec<String>,
    /// Ids only the old one had.
    pub removed: Vec<String>,
    /// Ids both have, matching or setting something else (or said to be by someone else).
    pub changed: Vec<String>,
}

impl EntryChanges {
    /// `old` (none: no dictionary) against `new`.
    pub fn between(old: Option<&DictionaryFile>, new: &DictionaryFile) -> Self {
        let by_id = |file: Option<&DictionaryFile>| -> BTreeMap<String, Entry> {
            let entries = file.map(|f| f.entries.as_slice()).unwrap_or_default();
            (entries.iter())
                .map(|e| (e.id.clone(), e.clone()))
                .collect()
        };
        let (before, after) = (by_id(old), by_id(Some(new)));
        let mut changes = Self::default();
        for (id, entry) in &after {
            match before.get(id) {
                None => changes.added.push(id.clone()),
                Some(was) if was != entry => changes.changed.push(id.clone()),
                Some(_) => {}
            }
        }
        changes.removed = (before.keys())
            .filter(|id| !after.contains_key(*id))
            .cloned()
            .collect();
        changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(entries: &str) -> String {
        format!(r#"{{"tenant_id": "acme", "entries": [{entries}]}}"#)
    }

    const OTTER: &str = r#"{"id": "otter", "charge": "FL TAG/REG OTTER/PLT-TRAP MTHD", "jurisdiction": "FL", "traffic": "none", "added_by": "a", "reason": "wildlife rule"}"#;
    const STICKER: &str = r#"{"id": "sticker", "charge": "NO VALID INSP STKR", "traffic": "minor", "added_by": "a", "reason": "inspection"}"#;

    #[test]
    fn the_version_is_the_digest_of_the_bytes_and_the_engine_copy_drops_provenance() {
        let text = file(OTTER);
        let d = TenantDictionary::parse("acme", &text, "the file name").unwrap();
        assert_eq!(d.sha256, hex::encode(Sha256::digest(text.as_bytes())));
        assert_eq!(d.version, d.sha256[..16]);
        assert_eq!(d.len(), 1);
        assert!(d.engine_input.starts_with(&format!(
            r#"{{"version":"{}","entries":[{{"id":"otter""#,
            d.version
        )));
        assert!(!d.engine_input.contains("wildlife"), "{}", d.engine_input);
        // Another byte, another version, even where the entries read alike.
        let spaced = TenantDictionary::parse("acme", &format!("{text}\n"), "x").unwrap();
        assert_ne!(spaced.version, d.version);
    }

    #[test]
    fn a_request_is_sent_only_the_entries_that_read_its_charges() {
        let elsewhere = STICKER
            .replace("sticker", "elsewhere")
            .replace("NO VALID", "NOT HERE");
        let text = file(&format!("{OTTER},{STICKER},{elsewhere}"));
        let d = TenantDictionary::parse("acme", &text, "x").unwrap();
        let keys = ChargeKeys {
            charges: vec![
                ("NO VALID INSP STKR".into(), None, Some("TX".into())),
                (
                    "FL TAG/REG OTTER/PLT-TRAP MTHD".into(),
                    None,
                    Some("GA".into()),
                ),
            ],
            dispositions: vec![("GUILTY".into(), None)],
        };
        let input = d.input_for(&keys);
        let sent: serde_json::Value = serde_json::from_str(&input).unwrap();
        assert_eq!(sent["version"], d.version.as_str());
        let ids: Vec<&str> = (sent["entries"].as_array().unwrap().iter())
            .map(|e| e["id"].as_str().unwrap())
            .collect();
        // The otter entry is FL's; the record's otter charge is in GA.
        assert_eq!(ids, ["sticker"]);
        assert!(!input.contains("added_by"));
        let none = d.input_for(&ChargeKeys::default());
        assert_eq!(
            none,
            format!(r#"{{"version":"{}","entries":[]}}"#, d.version)
        );
    }

    #[test]
    fn a_file_for_another_tenant_is_refused() {
        let err = TenantDictionary::parse("globex", &file(OTTER), "the file name").unwrap_err();
        assert_eq!(err, r#"tenant_id "acme" does not match the file name"#);
    }

    #[test]
    fn entry_changes_name_added_removed_and_changed_ids() {
        let old = DictionaryFile::parse(&file(&format!("{OTTER},{STICKER}"))).unwrap();
        let new = DictionaryFile::parse(&file(&format!(
            "{},{}",
            OTTER.replace(r#""traffic": "none""#, r#""traffic": "minor""#),
            STICKER.replace("sticker", "sticker-2")
        )))
        .unwrap();
        let changes = EntryChanges::between(Some(&old), &new);
        assert_eq!(changes.added, ["sticker-2"]);
        assert_eq!(changes.removed, ["sticker"]);
        assert_eq!(changes.changed, ["otter"]);
        let first = EntryChanges::between(None, &old);
        assert_eq!(first.added, ["otter", "sticker"]);
        assert!(EntryChanges::between(Some(&old), &old) == EntryChanges::default());
    }
}
