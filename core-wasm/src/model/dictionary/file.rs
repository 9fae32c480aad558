//! The dictionary file a tenant keeps (`<tenant_id>.dictionary.json` beside its client-rules
//! overlay; the reviewer page downloads it): its caps, its validation (every entry saying who
//! added it and why), and the copy of it the engine receives in its context.

use serde::{Deserialize, Serialize};

use super::entry::Entry;
use super::index::{Dictionary, DictionaryInput};

/// Largest dictionary file, in bytes.
pub const MAX_FILE_BYTES: usize = 512 * 1024;

/// A dictionary file. Unknown fields are refused, as in entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DictionaryFile {
    /// The tenant (the host checks it against the file name or the path).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant_id: Option<String>,
    pub entries: Vec<Entry>,
}

impl DictionaryFile {
    /// Parses and validates a file's text: its size, its shape, and its entries alone and
    /// together (every message names the entry).
    pub fn parse(text: &str) -> Result<DictionaryFile, String> {
        if text.len() > MAX_FILE_BYTES {
            return Err(format!(
                "the file is {} bytes: a dictionary is at most {MAX_FILE_BYTES}",
                text.len()
            ));
        }
        let file: DictionaryFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        file.dictionary("file")?;
        Ok(file)
    }

    /// The file's entries, validated and indexed, under `version`.
    pub fn dictionary(&self, version: &str) -> Result<Dictionary, String> {
        Dictionary::new(
            DictionaryInput {
                version: version.to_owned(),
                entries: self.entries.clone(),
            },
            true,
        )
    }

    /// `context.charge_dictionary` for this file under `version` (the host's digest of it): the
    /// entries without who added them and why, which the engine does not read (less to parse
    /// with every request).
    pub fn engine_input(&self, version: &str) -> String {
        #[derive(Serialize)]
        struct Input<'a> {
            version: &'a str,
            entries: Vec<Entry>,
        }
        let entries = self.entries.iter().map(engine_entry).collect();
        serde_json::to_string(&Input { version, entries }).unwrap_or_default()
    }

    /// One entry as [`DictionaryFile::engine_input`] writes it.
    pub fn engine_entry(entry: &Entry) -> String {
        serde_json::to_string(&engine_entry(entry)).unwrap_or_default()
    }
}

/// An entry without who added it and why.
fn engine_entry(entry: &Entry) -> Entry {
    Entry {
        added_by: None,
        reason: None,
        added_at: None,
        ..entry.clone()
    }
}
