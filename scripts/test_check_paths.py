#!/usr/bin/env python3
"""Tests of scripts/check_paths.py: a file named in a comment or a document that is not there is
found; URLs, placeholders, the shared research folder and files that exist are not reported."""

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_paths  # noqa: E402


def repo(files: dict[str, str]) -> Path:
    """A throwaway git repository with `{relative path: text}` tracked."""
    root = Path(tempfile.mkdtemp(prefix="check-paths-"))
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


class CheckPaths(unittest.TestCase):
    def test_a_missing_file_in_a_toml_comment_is_found(self):
        root = repo({
            "Cargo.toml": "# The server loop (host/src/transport/serve.rs).\n",
            "host/Cargo.toml": "# Pre-initialise (build/preinit.rs).\n",
            "host/src/routes/serve.rs": "",
        })
        self.assertEqual(
            [p.split(":")[0] + ":" + p.split("`")[1] for p in check_paths.missing_paths(root)],
            ["Cargo.toml:host/src/transport/serve.rs", "host/Cargo.toml:build/preinit.rs"],
        )

    def test_paths_from_the_crate_the_file_and_the_root_are_found(self):
        root = repo({
            "core/Cargo.toml": "",
            "core/src/lib.rs": "//! See `parse/read.rs`, `src/lib.rs` and core/build/x.rs.\nfn f() {}\n",
            "core/src/parse/read.rs": "// Beside `mod.rs`? no: `read.rs` only, and ../lib.rs.\n",
            "core/build/x.rs": "",
            "docs/a.md": "[b](b.md), `parse/read.rs`, `core/src/lib.rs`\n",
            "docs/b.md": "",
        })
        self.assertEqual(check_paths.missing_paths(root), [])

    def test_urls_placeholders_strings_and_shared_data_are_not_checked(self):
        root = repo({
            "lib.rs": (
                "// https://example.com/a/b.html and OUT_DIR/gen.rs, `reference/law/x.json`,\n"
                "// ../shared/spec/SPEC.md, target/debug/x.rs, tests/*.rs\n"
                'const A: &str = "not/a/comment.rs"; // but this/one.rs is\n'
            ),
        })
        self.assertEqual(
            [p.split("`")[1] for p in check_paths.missing_paths(root)], ["this/one.rs"]
        )


if __name__ == "__main__":
    unittest.main()
