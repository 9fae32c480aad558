//! The page's vocabulary (`web-demo/vocabulary.js`) is the engine's, byte for byte. Run with
//! `LOOKBACK_WRITE_VOCABULARY=1` to rewrite the file after changing `src/vocabulary.rs`.

use std::path::Path;

use lookback_core::vocabulary::page_module;

#[test]
fn the_page_reads_the_engines_vocabulary() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-demo/vocabulary.js");
    let expected = page_module();
    if std::env::var_os("LOOKBACK_WRITE_VOCABULARY").is_some_and(|v| v == "1") {
        let written = std::fs::write(&path, &expected);
        assert!(written.is_ok(), "{}: {written:?}", path.display());
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "{} differs from lookback_core::vocabulary::page_module(); rerun this test with \
         LOOKBACK_WRITE_VOCABULARY=1 to rewrite it",
        path.display()
    );
}
