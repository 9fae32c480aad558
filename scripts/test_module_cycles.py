#!/usr/bin/env python3
"""Tests of scripts/module_cycles.py: it must find a planted circle, in a toy crate and in a copy
of a real one, and must not invent circles from re-exports, inline test modules or comments."""

import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import module_cycles  # noqa: E402

WORKSPACE = Path(__file__).resolve().parent.parent


def crate(files: dict[str, str]) -> Path:
    """A throwaway crate from `{relative path: text}`; returns its lib.rs."""
    root = Path(tempfile.mkdtemp(prefix="module-cycles-"))
    for rel, text in files.items():
        path = root / "src" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "src" / "lib.rs"


def circles(lib: Path) -> list[frozenset[str]]:
    graph = module_cycles.Crate(lib).edges()
    return [
        frozenset(module_cycles.name(m) for m in members)
        for _, members in module_cycles.cycles(graph)
    ]


def folder_loops(lib: Path) -> list[tuple[str, frozenset[str]]]:
    crate = module_cycles.Crate(lib)
    return [
        (module_cycles.name(folder), frozenset(module_cycles.name(m) for m in members))
        for folder, _, members in module_cycles.folder_loops(crate)
    ]


class FolderLoops(unittest.TestCase):
    def test_two_folders_using_each_other_through_acyclic_files_are_a_loop(self):
        lib = crate({
            "lib.rs": "mod model;\nmod parse;\n",
            "model/mod.rs": "mod record;\nmod decision;\n",
            "model/record.rs": "use crate::parse::classify::Kind;\npub struct Record(Kind);\n",
            "model/decision.rs": "pub struct Decision;\n",
            "parse/mod.rs": "pub mod classify;\nmod read;\n",
            "parse/classify.rs": "pub struct Kind;\n",
            "parse/read.rs": "use crate::model::decision::Decision;\npub fn f(_: Decision) {}\n",
        })
        self.assertEqual(circles(lib), [])
        self.assertEqual(folder_loops(lib), [("crate", frozenset({"model", "parse"}))])

    def test_a_re_export_facade_closing_a_loop_is_found(self):
        lib = crate({
            "lib.rs": "mod rules;\n",
            "rules/mod.rs": "mod catalog;\nmod registry;\nmod states;\n",
            "rules/catalog.rs": "pub use super::states::State;\n",
            "rules/states.rs": "pub struct State;\n",
            "rules/registry.rs": "use super::states::State;\npub struct Registry(State);\n",
        })
        self.assertEqual(folder_loops(lib), [])
        (Path(lib).parent / "rules/states.rs").write_text(
            "use super::catalog::Catalog;\npub struct State;\n", encoding="utf-8"
        )
        (Path(lib).parent / "rules/catalog.rs").write_text(
            "pub use super::states::State;\npub struct Catalog;\n", encoding="utf-8"
        )
        self.assertEqual(
            folder_loops(lib), [("rules", frozenset({"rules::catalog", "rules::states"}))]
        )

    def test_one_direction_between_folders_is_no_loop(self):
        lib = crate({
            "lib.rs": "mod model;\nmod parse;\n",
            "model/mod.rs": "pub struct Record;\n",
            "parse/mod.rs": "use crate::model::Record;\npub fn f(_: Record) {}\n",
        })
        self.assertEqual(folder_loops(lib), [])


class ToyCrates(unittest.TestCase):
    def test_a_planted_circle_is_found(self):
        lib = crate({
            "lib.rs": "mod a;\nmod b;\nmod c;\n",
            "a.rs": "use crate::b::B;\npub struct A;\n",
            "b.rs": "pub struct B;\npub fn f() { crate::c::g(); }\n",
            "c.rs": "pub fn g() { let _ = super::a::A; }\n",
        })
        self.assertEqual(circles(lib), [frozenset({"a", "b", "c"})])

    def test_one_direction_is_no_circle(self):
        lib = crate({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use crate::b::B;\n",
            "b.rs": "pub struct B;\n",
        })
        self.assertEqual(circles(lib), [])

    def test_a_parent_defining_what_its_child_uses_while_using_the_child_is_a_circle(self):
        lib = crate({
            "lib.rs": "pub mod engine;\n",
            "engine/mod.rs": "mod runner;\npub trait Observer {}\npub fn run() { runner::go(); }\n",
            "engine/runner.rs": "use super::Observer;\npub fn go() {}\n",
        })
        self.assertEqual(circles(lib), [frozenset({"engine", "engine::runner"})])

    def test_re_exports_are_followed_to_their_source(self):
        lib = crate({
            "lib.rs": "pub mod rules;\npub use rules::Rule;\nmod user;\n",
            "rules/mod.rs": "mod schema;\nmod table;\npub use schema::{Effect, Rule};\n",
            "rules/schema.rs": "pub struct Rule;\npub enum Effect {}\n",
            "rules/table.rs": "use super::{Effect, Rule};\n",
            "user.rs": "use crate::Rule;\n",
        })
        self.assertEqual(circles(lib), [])
        graph = module_cycles.Crate(lib).edges()
        self.assertEqual(graph[("rules", "table")], {("rules", "schema")})
        self.assertEqual(graph[("user",)], {("rules", "schema")})

    def test_inline_test_modules_comments_and_strings_make_no_edges(self):
        lib = crate({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
            "b.rs": (
                "// uses crate::a::f in a comment\n/* and crate::a here */\n"
                'pub const S: &str = "crate::a::f";\npub const R: &str = r#"super::a"#;\n'
                "pub fn g() -> char { '\"' }\n"
            ),
        })
        graph = module_cycles.Crate(lib).edges()
        self.assertEqual(graph[("a",)], set())
        self.assertEqual(graph[("b",)], set())

    def test_use_trees_with_aliases_self_and_globs(self):
        parsed = module_cycles.parse_use_tree("crate::a::{b, c::{d as e, self}, f::*}")
        self.assertEqual(
            parsed,
            [
                (("crate", "a", "b"), "b"),
                (("crate", "a", "c", "d"), "e"),
                (("crate", "a", "c"), "c"),
                (("crate", "a", "f"), None),
            ],
        )
        # An `as` inside a name is not an alias.
        self.assertEqual(
            module_cycles.parse_use_tree("super::classify::DispositionClass"),
            [(("super", "classify", "DispositionClass"), "DispositionClass")],
        )

    def test_allowances_must_match_and_must_still_be_needed(self):
        lib = crate({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use crate::b::B;\npub struct A;\n",
            "b.rs": "use crate::a::A;\npub struct B;\n",
        })
        self.assertEqual(module_cycles.check(lib, "toy", [frozenset({"a", "b"})], False), [])
        self.assertEqual(len(module_cycles.check(lib, "toy", [], False)), 1)
        stale = module_cycles.check(lib, "toy", [frozenset({"a", "b"}), frozenset({"x", "y"})], False)
        self.assertEqual(len(stale), 1)
        self.assertIn("is gone", stale[0])


class RealCrates(unittest.TestCase):
    def planted(self, member: str, low: str, high: str) -> list[frozenset[str]]:
        """Circles of a copy of `member/src` after `low` (a module file) imports `high`."""
        copy = Path(tempfile.mkdtemp(prefix="module-cycles-real-")) / "src"
        shutil.copytree(WORKSPACE / member / "src", copy)
        before = circles(copy / "lib.rs")
        with (copy / low).open("a", encoding="utf-8") as f:
            f.write(f"\n#[allow(unused_imports)]\nuse crate::{high} as _planted;\n")
        after = circles(copy / "lib.rs")
        return [c for c in after if c not in before]

    def test_an_upward_import_in_the_runtime_is_caught(self):
        new = self.planted("runtime", "limits.rs", "protocol")
        self.assertEqual(len(new), 1, new)
        self.assertTrue({"limits", "protocol"} <= new[0], new)

    def test_an_upward_import_in_the_server_is_caught(self):
        new = self.planted("host", "clock.rs", "routes")
        self.assertEqual(len(new), 1, new)
        self.assertTrue({"clock", "routes"} <= new[0], new)


if __name__ == "__main__":
    unittest.main()
