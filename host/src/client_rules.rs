//! Client-rules overlays (docs/decisions.md §7.5): one JSON file per tenant in `LOOKBACK_CLIENT_RULES_DIR`,
//! named `<tenant_id>.json`, each a `lookback_core::rules::ClientRules`; beside them the tenants'
//! charge dictionaries, `<tenant_id>.dictionary.json` ([`crate::dictionary`]). Loading is
//! all-or-nothing: one bad file refuses the whole directory with a message naming the file, so the
//! last good set stays active. The engine receives the tenant's overlay as `context.client_rules`
//! and its dictionary as `context.charge_dictionary`. A running server re-reads the folder when it
//! changes ([`OverlayDir`]); a change that does not load keeps the last good set and says so
//! (`/health` degraded) until it is fixed.

use std::collections::HashMap;
use std::hash::{Hash as _, Hasher as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use lookback_core::rules::ClientRules;

use crate::dictionary::{FILE_SUFFIX, TenantDictionary};

/// The loaded overlays, each kept as the JSON text the engine receives as `context.client_rules`
/// (serialised once at load, not per request), and the tenants' charge dictionaries. Cheap to
/// clone.
#[derive(Debug, Clone, Default)]
pub struct Overlays {
    by_tenant: Arc<HashMap<String, String>>,
    dictionaries: Arc<HashMap<String, Arc<TenantDictionary>>>,
    /// A dictionary every record is read with, whatever its tenant (offline impact reviews).
    every_record: Option<Arc<TenantDictionary>>,
}

impl Overlays {
    /// No overlays (no `LOOKBACK_CLIENT_RULES_DIR`, or offline tools without one).
    pub fn none() -> Self {
        Self::default()
    }

    /// Loads `dir` with [`load_dir`]; `None` gives no overlays. The error names the bad file.
    pub fn load(dir: Option<&Path>) -> Result<Self, String> {
        let Some(dir) = dir else {
            return Ok(Self::none());
        };
        let mut by_tenant = HashMap::new();
        for (tenant, rules) in load_dir(dir)? {
            let json = serde_json::to_string(&rules)
                .map_err(|e| format!("{tenant}.json: cannot be re-encoded: {e}"))?;
            by_tenant.insert(tenant, json);
        }
        let dictionaries = load_dictionaries(dir)?
            .into_iter()
            .map(|d| (d.tenant_id.clone(), Arc::new(d)))
            .collect();
        Ok(Self {
            by_tenant: Arc::new(by_tenant),
            dictionaries: Arc::new(dictionaries),
            every_record: None,
        })
    }

    /// Overlays from already validated JSON texts by tenant (the shared registry's), in place of
    /// this set's for the same tenants.
    pub fn with(&self, texts: impl IntoIterator<Item = (String, String)>) -> Self {
        let mut by_tenant = (*self.by_tenant).clone();
        by_tenant.extend(texts);
        Self {
            by_tenant: Arc::new(by_tenant),
            ..self.clone()
        }
    }

    /// Dictionaries by tenant (the shared registry's), in place of this set's for the same
    /// tenants.
    pub fn with_dictionaries(
        &self,
        dictionaries: impl IntoIterator<Item = Arc<TenantDictionary>>,
    ) -> Self {
        let mut by_tenant = (*self.dictionaries).clone();
        by_tenant.extend(dictionaries.into_iter().map(|d| (d.tenant_id.clone(), d)));
        Self {
            dictionaries: Arc::new(by_tenant),
            ..self.clone()
        }
    }

    /// This set with `dictionary` read for every record, whatever its tenant (none: as before).
    pub fn with_dictionary_for_every_record(
        &self,
        dictionary: Option<Arc<TenantDictionary>>,
    ) -> Self {
        Self {
            every_record: dictionary,
            ..self.clone()
        }
    }

    /// The dictionary of the tenant the token is bound to, else of `record.tenant_id` (as
    /// [`Overlays::for_tenant`]); the one for every record when there is one.
    pub fn dictionary_for(
        &self,
        bound: Option<&str>,
        record: Option<&str>,
    ) -> Option<&Arc<TenantDictionary>> {
        if let Some(every) = &self.every_record {
            return Some(every);
        }
        self.dictionaries.get(bound.or(record)?)
    }

    /// How many tenants have a dictionary.
    pub fn dictionaries(&self) -> usize {
        self.dictionaries.len()
    }

    /// How many tenants have an overlay.
    pub fn len(&self) -> usize {
        self.by_tenant.len()
    }

    /// True when no tenant has an overlay.
    pub fn is_empty(&self) -> bool {
        self.by_tenant.is_empty()
    }

    /// The overlay (as JSON) of the tenant the token is bound to, else of `record.tenant_id`.
    /// (When both are present they are equal: a mismatch is refused with 403 before this.)
    pub fn for_tenant(&self, bound: Option<&str>, record: Option<&str>) -> Option<&str> {
        let tenant = bound.or(record)?;
        self.by_tenant.get(tenant).map(String::as_str)
    }
}

/// How often at most a running server looks at the overlay folder for changes.
const RECHECK: Duration = Duration::from_secs(1);

/// The overlays of `LOOKBACK_CLIENT_RULES_DIR` as a running server sees them: re-read when the
/// folder's `*.json` files change (looked at most once per [`RECHECK`], when asked).
#[derive(Debug)]
pub struct OverlayDir {
    dir: Option<PathBuf>,
    seen: Mutex<Seen>,
}

#[derive(Debug)]
struct Seen {
    checked: Instant,
    stamp: u64,
    overlays: Overlays,
    problem: Option<String>,
}

impl OverlayDir {
    /// Loads `dir` (none: no overlays); a bad file refuses the start, naming the file.
    pub fn load(dir: Option<&Path>) -> Result<Self, String> {
        let stamp = dir.map_or(0, dir_stamp);
        let overlays = Overlays::load(dir)?;
        Ok(Self {
            dir: dir.map(Path::to_path_buf),
            seen: Mutex::new(Seen {
                checked: Instant::now(),
                stamp,
                overlays,
                problem: None,
            }),
        })
    }

    /// The overlays in use: the folder's newest good set.
    pub fn current(&self) -> Overlays {
        self.refreshed(|seen| seen.overlays.clone())
    }

    /// Why the folder's current content is not in use, if it is not.
    pub fn problem(&self) -> Option<String> {
        self.refreshed(|seen| seen.problem.clone())
    }

    fn refreshed<T>(&self, read: impl FnOnce(&Seen) -> T) -> T {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(dir) = &self.dir
            && seen.checked.elapsed() >= RECHECK
        {
            seen.checked = Instant::now();
            let stamp = dir_stamp(dir);
            if stamp != seen.stamp {
                seen.stamp = stamp;
                match Overlays::load(Some(dir)) {
                    Ok(overlays) => {
                        tracing::info!(
                            tenants = overlays.len(),
                            dictionaries = overlays.dictionaries(),
                            "client rules reloaded"
                        );
                        seen.overlays = overlays;
                        seen.problem = None;
                    }
                    Err(error) => {
                        tracing::error!(%error, "client rules refused; the last good set stays in use");
                        seen.problem = Some(format!("client rules refused: {error}"));
                    }
                }
            }
        }
        read(&seen)
    }
}

/// A digest of the folder's `*.json` names (dictionaries included), sizes and modification times.
fn dir_stamp(dir: &Path) -> u64 {
    let mut files: Vec<(PathBuf, u64, Option<SystemTime>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            Some((e.path(), meta.len(), meta.modified().ok()))
        })
        .collect();
    files.sort();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    files.hash(&mut hasher);
    hasher.finish()
}

/// The `*.json` files of `dir`, sorted: overlays, and (`dictionaries`) the dictionaries instead.
fn json_files(dir: &Path, dictionaries: bool) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read client rules directory {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            name.ends_with(FILE_SUFFIX) == dictionaries
        })
        .collect();
    paths.sort();
    Ok(paths)
}

/// Reads and validates every `<tenant_id>.dictionary.json` in `dir`.
pub fn load_dictionaries(dir: &Path) -> Result<Vec<TenantDictionary>, String> {
    let mut out = Vec::new();
    for path in json_files(dir, true)? {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tenant = name.strip_suffix(FILE_SUFFIX).unwrap_or_default();
        if tenant.trim().is_empty() {
            return Err(format!(
                "{name}: the file name must be the tenant id followed by {FILE_SUFFIX}"
            ));
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        let dictionary = TenantDictionary::parse(tenant, &text, "the file name")
            .map_err(|e| format!("{name}: {e}"))?;
        out.push(dictionary);
    }
    Ok(out)
}

/// Reads and validates every `*.json` overlay in `dir` (not the dictionaries), keyed by tenant id
/// (the file stem).
pub fn load_dir(dir: &Path) -> Result<HashMap<String, ClientRules>, String> {
    let paths = json_files(dir, false)?;
    let mut out = HashMap::with_capacity(paths.len());
    for path in paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tenant = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if tenant.trim().is_empty() {
            return Err(format!("{name}: the file name must be the tenant id"));
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        let rules =
            parse_overlay(&tenant, &text, "the file name").map_err(|e| format!("{name}: {e}"))?;
        out.insert(tenant, rules);
    }
    Ok(out)
}

/// Parses and validates one tenant's overlay: JSON with only known fields, none loosening the
/// law, and a `tenant_id` (if any) equal to `tenant` (which came from `tenant_source`).
pub fn parse_overlay(tenant: &str, text: &str, tenant_source: &str) -> Result<ClientRules, String> {
    let rules: ClientRules = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if let Some(id) = &rules.tenant_id
        && id != tenant
    {
        return Err(format!("tenant_id {id:?} does not match {tenant_source}"));
    }
    rules.validate()?;
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir_with(files: &[(&str, &str)]) -> std::path::PathBuf {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("lookback-client-rules-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, body) in files {
            std::fs::write(dir.join(name), body).unwrap();
        }
        dir
    }

    #[test]
    fn loads_valid_overlays_keyed_by_tenant() {
        let dir = dir_with(&[
            (
                "acme.json",
                r#"{"tenant_id": "acme", "conviction_lookback_years": 7, "never_report": ["juvenile"]}"#,
            ),
            (
                "globex.json",
                r#"{"always_review_felonies": true, "identity_threshold": 0.9}"#,
            ),
            ("README.txt", "ignored"),
        ]);
        let loaded = load_dir(&dir).unwrap();
        assert_eq!(loaded.len(), 2);
        assert_eq!(loaded["acme"].conviction_lookback_years, Some(7));
        assert!(loaded["globex"].always_review_felonies);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn refuses_overlays_that_loosen_the_law() {
        for (body, needle) in [
            (
                r#"{"non_conviction_lookback_years": 10}"#,
                "longer than the federal",
            ),
            (r#"{"identity_threshold": 0.5}"#, "outside 0.70 to 1.00"),
            (r#"{"report_sealed": true}"#, "unknown field"),
            (r#"{"tenant_id": "other"}"#, "does not match"),
            ("not json", "acme.json"),
        ] {
            let dir = dir_with(&[("acme.json", body)]);
            let err = load_dir(&dir).unwrap_err();
            assert!(
                err.contains(needle) && err.starts_with("acme.json"),
                "{err}"
            );
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    #[test]
    fn overlays_pick_the_bound_tenant_then_the_record_tenant() {
        let dir = dir_with(&[
            ("acme.json", r#"{"conviction_lookback_years": 7}"#),
            ("globex.json", r#"{"always_review_felonies": true}"#),
        ]);
        let overlays = Overlays::load(Some(&dir)).unwrap();
        assert_eq!(overlays.len(), 2);
        let acme = overlays.for_tenant(Some("acme"), None).unwrap();
        let parsed: ClientRules = serde_json::from_str(acme).unwrap();
        assert_eq!(parsed.conviction_lookback_years, Some(7));
        assert!(
            overlays
                .for_tenant(None, Some("globex"))
                .unwrap()
                .contains("\"always_review_felonies\":true")
        );
        assert_eq!(
            overlays.for_tenant(Some("acme"), Some("globex")),
            overlays.for_tenant(Some("acme"), None)
        );
        assert!(overlays.for_tenant(Some("initech"), None).is_none());
        assert!(overlays.for_tenant(None, None).is_none());
        assert!(Overlays::load(None).unwrap().is_empty());
        let _ = std::fs::remove_dir_all(dir);
    }

    const DICTIONARY: &str = r#"{"entries": [{"id": "sticker", "charge": "NO VALID INSP STKR", "jurisdiction": "TX", "traffic": "minor", "added_by": "a", "reason": "inspection"}]}"#;

    #[test]
    fn dictionaries_load_beside_the_overlays_by_tenant() {
        let dir = dir_with(&[
            ("acme.json", r#"{"conviction_lookback_years": 7}"#),
            ("acme.dictionary.json", DICTIONARY),
            ("globex.dictionary.json", DICTIONARY),
        ]);
        let overlays = Overlays::load(Some(&dir)).unwrap();
        assert_eq!((overlays.len(), overlays.dictionaries()), (1, 2));
        let acme = overlays.dictionary_for(Some("acme"), Some("acme")).unwrap();
        assert_eq!((acme.tenant_id.as_str(), acme.len()), ("acme", 1));
        assert_eq!(
            overlays
                .dictionary_for(None, Some("globex"))
                .unwrap()
                .tenant_id,
            "globex"
        );
        assert!(overlays.dictionary_for(Some("initech"), None).is_none());
        // Offline, one dictionary reads every record.
        let every = overlays.with_dictionary_for_every_record(Some(acme.clone()));
        assert_eq!(every.dictionary_for(Some("globex"), None), Some(acme));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_bad_dictionary_refuses_the_folder_naming_the_file() {
        let conflict = r#"{"entries": [
            {"id": "a", "charge": "SPD 45/35", "traffic": "minor", "added_by": "x", "reason": "y"},
            {"id": "b", "charge": "spd 45/35", "traffic": "serious", "added_by": "x", "reason": "y"}]}"#;
        for (body, needle) in [
            (conflict, "read it differently"),
            (
                r#"{"tenant_id": "globex", "entries": []}"#,
                "does not match the file name",
            ),
            (
                r#"{"entries": [], "version": 2}"#,
                "unknown field `version`",
            ),
        ] {
            let dir = dir_with(&[("acme.json", "{}"), ("acme.dictionary.json", body)]);
            let err = Overlays::load(Some(&dir)).unwrap_err();
            assert!(
                err.starts_with("acme.dictionary.json: ") && err.contains(needle),
                "{err}"
            );
            let _ = std::fs::remove_dir_all(dir);
        }
        let dir = dir_with(&[(".dictionary.json", DICTIONARY)]);
        assert!(
            Overlays::load(Some(&dir))
                .unwrap_err()
                .contains("must be the tenant id")
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_changed_dictionary_is_reloaded_and_a_bad_one_keeps_the_last_good() {
        let dir = dir_with(&[("acme.dictionary.json", DICTIONARY)]);
        let watched = OverlayDir::load(Some(&dir)).unwrap();
        let first = watched
            .current()
            .dictionary_for(Some("acme"), None)
            .unwrap()
            .version
            .clone();
        let newer = DICTIONARY.replace(r#""traffic": "minor""#, r#""traffic": "none""#);
        std::fs::write(dir.join("acme.dictionary.json"), &newer).unwrap();
        // As if the recheck interval had passed.
        let reloaded = || watched.seen.lock().unwrap().checked -= RECHECK;
        reloaded();
        let second = watched
            .current()
            .dictionary_for(Some("acme"), None)
            .unwrap()
            .version
            .clone();
        assert_ne!(first, second);
        std::fs::write(dir.join("acme.dictionary.json"), "{\"entries\": [{}]}").unwrap();
        reloaded();
        let kept = watched.current();
        assert_eq!(
            kept.dictionary_for(Some("acme"), None).unwrap().version,
            second
        );
        assert!(watched.problem().unwrap().contains("acme.dictionary.json"));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn missing_directory_is_an_error() {
        assert!(load_dir(Path::new("/nonexistent/lookback-client-rules")).is_err());
    }
}
