#!/usr/bin/env python3
"""Fails when a comment or a document names a repository file that does not exist.

Reads the comments of every tracked `*.rs` and `*.toml` file, and the backticked spans and link
targets of `README.md` and `docs/*.md`. A word shaped like a relative path with a known file
extension (`host/src/config.rs`, `build/preinit.rs`, `../docs/rules.md`) must name a file, found
from the repository root, from the naming file's folder or any folder above it, or from its
crate's `src/` (for a document, any crate's folder or `src/`). Not checked: URLs, absolute paths,
paths with wildcards or placeholders, build output (`target/`), and the shared research folder
beside the repository (`../shared`, `reference/`, `spec/`: test data, not in the repository).

Usage: check_paths.py   Prints each missing path with where it is named and exits 1, or prints
a summary and exits 0.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXTENSIONS = (
    "rs|toml|md|json|sh|py|mjs|js|ts|html|css|txt|yaml|yml|lock|lua|xml|allow|sql|csv|wat"
)
PATH = re.compile(
    r"(?<![\w/.:@-])((?:\.\./|\./)*[A-Za-z0-9_][\w.-]*(?:/[\w.-]+)+\.(?:"
    + EXTENSIONS
    + r"))(?![\w/])"
)
# Folders of the shared research folder, which lives beside the repository, not in it.
SHARED = ("reference/", "spec/", "shared/", "../shared/", "../../shared/", "tasks/")
SKIP_PREFIXES = ("target/", "/", "~")
MD_SPANS = re.compile(r"`([^`\n]+)`|\]\(([^)\s]+)\)")


def tracked(root: Path, *patterns: str) -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", *patterns],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [root / name for name in out.split("\0") if name]


def comment_text(path: Path) -> list[tuple[int, str]]:
    """(line number, comment text) of a Rust or TOML file: what follows `//` or `#`, outside
    string literals as far as one line shows them."""
    marker = "//" if path.suffix == ".rs" else "#"
    lines = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        at = _comment_start(line, marker)
        if at is not None:
            lines.append((number, line[at + len(marker) :]))
    return lines


def _comment_start(line: str, marker: str) -> int | None:
    in_string = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif line.startswith(marker, i):
            return i
        i += 1
    return None


def markdown_text(path: Path) -> list[tuple[int, str]]:
    """(line number, backticked span or link target) of a Markdown file, code blocks included."""
    spans = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for m in MD_SPANS.finditer(line):
            spans.append((number, m.group(1) or m.group(2)))
    return spans


def candidates(text: str) -> list[str]:
    found = []
    for m in PATH.finditer(text):
        word = m.group(1)
        before = text[: m.start()]
        if re.search(r"[\w+.-]+://\S*$", before) or "://" in word:
            continue  # part of a URL
        if word.startswith(SKIP_PREFIXES) or any(word.startswith(s) for s in SHARED):
            continue
        if re.search(r"[*{}<>$]", word) or re.match(r"[A-Z_]+/", word):
            continue  # a wildcard or a placeholder (`DIR/README.md`, `OUT_DIR/corpus.rs`)
        found.append(word.split("#", 1)[0])
    return found


def crates(root: Path) -> list[Path]:
    """The folders of the workspace's crates (each with a Cargo.toml)."""
    return [p.parent for p in tracked(root, "*/Cargo.toml")]


def exists(root: Path, naming: Path, word: str) -> bool:
    bases = [root]
    if naming.suffix == ".md":
        # Documents name a crate's files from its folder or its `src/` (`routes/serve.rs`, the
        # table naming the crate beside it).
        for folder in crates(root):
            bases += [folder, folder / "src"]
    folder = naming.parent
    while True:
        bases.append(folder)
        if (folder / "Cargo.toml").exists():
            bases.append(folder / "src")
        if folder == root or folder == folder.parent:
            break
        folder = folder.parent
    return any((base / word).exists() for base in bases)


def missing_paths(root: Path) -> list[str]:
    problems = []
    sources = [(p, comment_text) for p in tracked(root, "*.rs", "*.toml")]
    sources += [(p, markdown_text) for p in tracked(root, "README.md", "docs/*.md", "docs/**/*.md")]
    for path, read in sources:
        for number, text in read(path):
            for word in candidates(text):
                if not exists(root, path, word):
                    problems.append(f"{path.relative_to(root)}:{number}: `{word}` does not exist")
    return problems


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    problems = missing_paths(root)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} paths named in comments or docs do not exist", file=sys.stderr)
        return 1
    print("every path named in comments and docs exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
