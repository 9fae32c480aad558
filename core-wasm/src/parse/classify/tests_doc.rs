//! `docs/lexicon.md` is generated from the classifier tables. Regenerate with
//! `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core lexicon_doc`.

#[test]
fn lexicon_doc_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/lexicon.md");
    let want = super::lexicon_markdown();
    if std::env::var_os("UPDATE_LEXICON_DOC").is_some() {
        std::fs::write(&path, &want)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "docs/lexicon.md differs from the classifier tables; regenerate it with `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core lexicon_doc`"
    );
}

#[test]
fn vehicle_codes_doc_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/vehicle-codes.md");
    let want = super::vehicle_codes_markdown();
    if std::env::var_os("UPDATE_LEXICON_DOC").is_some() {
        std::fs::write(&path, &want)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "docs/vehicle-codes.md differs from the vehicle-code table; regenerate it with `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core vehicle_codes_doc`"
    );
}
