//! The generated documentation pages stay equal to the tables they are generated from.
//! Regenerate both with `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core _doc`.

/// Compares `docs/<page>` with `want` (writing it first when `UPDATE_LEXICON_DOC` is set).
fn check_page(page: &str, want: &str, test: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(page);
    if std::env::var_os("UPDATE_LEXICON_DOC").is_some() {
        std::fs::write(&path, want)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "docs/{page} differs from the tables it is generated from; regenerate it with `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core {test}`"
    );
}

#[test]
fn lexicon_doc_is_current() {
    check_page(
        "lexicon.md",
        &crate::classify::lexicon_markdown(),
        "lexicon_doc",
    );
}

#[test]
fn vehicle_codes_doc_is_current() {
    check_page(
        "vehicle-codes.md",
        &crate::classify::vehicle_codes_markdown(),
        "vehicle_codes_doc",
    );
}
