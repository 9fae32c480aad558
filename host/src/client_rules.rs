//! Client-rules overlays (DECISIONS §7.5): one JSON file per tenant in `LOOKBACK_CLIENT_RULES_DIR`,
//! named `<tenant_id>.json`, each a `lookback_core::rules::ClientRules`. Loading is all-or-nothing:
//! one bad file refuses the whole directory with a message naming the file, so the last good set
//! stays active. The engine receives the tenant's overlay as `context.client_rules`.

use std::collections::HashMap;
use std::path::Path;

use lookback_core::rules::ClientRules;

/// Reads and validates every `*.json` overlay in `dir`, keyed by tenant id (the file stem).
pub fn load_dir(dir: &Path) -> Result<HashMap<String, ClientRules>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read client rules directory {}: {e}", dir.display()))?;
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
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
        let rules: ClientRules = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
        if let Some(id) = &rules.tenant_id
            && id != &tenant
        {
            return Err(format!(
                "{name}: tenant_id {id:?} does not match the file name"
            ));
        }
        rules.validate().map_err(|e| format!("{name}: {e}"))?;
        out.insert(tenant, rules);
    }
    Ok(out)
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
    fn missing_directory_is_an_error() {
        assert!(load_dir(Path::new("/nonexistent/lookback-client-rules")).is_err());
    }
}
