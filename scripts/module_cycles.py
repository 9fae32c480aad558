#!/usr/bin/env python3
"""Fails when modules inside a Rust crate import each other in a circle.

Reads each crate's module tree from its root file (`mod name;` declarations, `#[path]` included)
and, per module file, every path it names: `use` trees, and `crate::`, `super::`, `self::` and
child-module paths in code. A path counts as an edge to the longest module prefix it names; a name
a module only re-exports (`pub use a::X`, or a plain `use` that a child reaches through `super::`)
is followed to where it comes from. Declaring a child (`mod child;`) is not an edge; using it is.
Comments and string literals are ignored. Inline `mod name { ... }` blocks belong to their file's
module (a `super::` inside one steps out of the block first).

Usage: module_cycles.py [ROOT.rs ...]   (default: every workspace member's src/lib.rs and
src/main.rs). Prints each circle found and exits 1, or prints a summary and exits 0.
`--graph` prints every module's edges instead (the dependency picture).

Folder level: the parts of every folder (a module with children) must not import each other in a
loop either, re-exports counted where they are named (see `folder_loops`): such a loop fails the
run too.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------
# Lexing: code with comments, strings and char literals blanked out.


def strip_code(text: str) -> str:
    """`text` with comments, string and char literals replaced by spaces (newlines kept)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == "/" and nxt == "*":
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(_blank(text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and not _ident_char(text, i - 1):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            j = n if end < 0 else end + 1 + len(hashes)
            out.append(_blank(text[i:j]))
            i = j
        elif c == "b" and nxt == '"' and not _ident_char(text, i - 1):
            j = _string_end(text, i + 1)
            out.append(_blank(text[i:j]))
            i = j
        elif c == '"':
            j = _string_end(text, i)
            out.append(_blank(text[i:j]))
            i = j
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a): only blank the former.
            m = re.match(r"'(\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _ident_char(text: str, i: int) -> bool:
    return i >= 0 and (text[i].isalnum() or text[i] == "_")


def _string_end(text: str, start: int) -> int:
    """Index just past the string literal whose opening quote is at `start`."""
    j = start + 1
    while j < len(text):
        if text[j] == "\\":
            j += 2
        elif text[j] == '"':
            return j + 1
        else:
            j += 1
    return len(text)


def _blank(s: str) -> str:
    return "".join("\n" if ch == "\n" else " " for ch in s)


# ---------------------------------------------------------------------------------------------
# The module tree.


@dataclass
class Module:
    path: tuple[str, ...]  # () for the crate root
    file: Path
    code: str = ""
    children: dict[str, "Module"] = field(default_factory=dict)
    # name -> absolute path (tuple) it is bound to by a `use` in this module
    imports: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # raw references: (kind, segments, inline_depth) to resolve once the tree is known
    refs: list[tuple[str, tuple[str, ...], int]] = field(default_factory=list)
    # `use path::*`: (segments, inline_depth, public)
    globs: list[tuple[tuple[str, ...], int, bool]] = field(default_factory=list)
    # items defined at the top of the module (name -> public), and every identifier its code names
    defs: dict[str, bool] = field(default_factory=dict)
    public_imports: set[str] = field(default_factory=set)
    idents: set[str] = field(default_factory=set)

    @property
    def name(self) -> str:
        return "::".join(self.path) or "crate"


MOD_DECL = re.compile(
    r"(?P<attrs>(?:#\[[^\]]*\]\s*)*)(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(?P<name>\w+)\s*(?P<end>[;{])"
)
PATH_ATTR = re.compile(r'#\[path\s*=\s*"([^"]+)"\]')


def load_crate(root: Path) -> dict[tuple[str, ...], Module]:
    modules: dict[tuple[str, ...], Module] = {}
    _load(root, (), root.parent, modules)
    return modules


def _load(file: Path, path: tuple[str, ...], child_dir: Path, modules: dict) -> Module:
    raw = file.read_text(encoding="utf-8")
    module = Module(path=path, file=file, code=strip_code(raw))
    modules[path] = module
    for m in MOD_DECL.finditer(module.code):
        if m.group("end") != ";":
            continue
        name = m.group("name")
        # `#[path]` values live in string literals, which strip_code blanked: read the raw text.
        attr = PATH_ATTR.search(raw[m.start() : m.end()])
        if attr:
            target = file.parent / attr.group(1)
        else:
            target = child_dir / f"{name}.rs"
            if not target.exists():
                target = child_dir / name / "mod.rs"
        if not target.exists():
            continue  # generated or cfg'd-out file: nothing to read
        grandchildren = target.parent if target.name == "mod.rs" else target.parent / target.stem
        module.children[name] = _load(target, path + (name,), grandchildren, modules)
    return module


# ---------------------------------------------------------------------------------------------
# References.

USE_STMT = re.compile(r"(\bpub\b(?:\s*\([^)]*\))?\s+)?\buse\s+([^;]+);")
ITEM_DEF = re.compile(
    r"(\bpub\b(?:\s*\([^)]*\))?\s+)?(?:(?:const|async|unsafe|extern)\s+)*"
    r"(?:const|static|struct|enum|type|trait|union|fn|macro_rules!)\s+([A-Za-z_]\w*)"
)
IDENT = re.compile(r"(?<![\w:])[A-Za-z_]\w*")
CODE_PATH = re.compile(r"(?<![\w:])((?:[A-Za-z_]\w*)(?:\s*::\s*[A-Za-z_]\w*)+)")
INLINE_MOD = re.compile(r"(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def _brace_depths(code: str) -> list[int]:
    """For each character, how many braces of any kind enclose it."""
    depths, level = [0] * (len(code) + 1), 0
    for i, ch in enumerate(code):
        if ch == "{":
            level += 1
        elif ch == "}":
            level = max(level - 1, 0)
        depths[i] = level
    return depths


def _inline_depths(code: str) -> list[int]:
    """For each character, how many inline `mod x { ... }` blocks enclose it."""
    depths = [0] * (len(code) + 1)
    stack: list[bool] = []  # per open brace: does it open an inline module?
    pending_mod_braces = {m.end() - 1 for m in INLINE_MOD.finditer(code)}
    level = 0
    for i, ch in enumerate(code):
        if ch == "{":
            is_mod = i in pending_mod_braces
            stack.append(is_mod)
            if is_mod:
                level += 1
        elif ch == "}" and stack:
            if stack.pop():
                level -= 1
        depths[i] = level
    return depths


def parse_use_tree(text: str) -> list[tuple[tuple[str, ...], str | None]]:
    """Flattens `a::b::{c, d::e as f, self}` into (segments, bound name), None for globs."""
    tokens = re.findall(r"::|[{},*]|[A-Za-z_]\w*", text)
    results: list[tuple[tuple[str, ...], str | None]] = []
    pos = 0

    def tree(prefix: tuple[str, ...]) -> None:
        nonlocal pos
        segs = list(prefix)
        while pos < len(tokens):
            tok = tokens[pos]
            if tok == "::":
                pos += 1
            elif tok == "{":
                pos += 1
                while pos < len(tokens) and tokens[pos] != "}":
                    if tokens[pos] == ",":
                        pos += 1
                        continue
                    tree(tuple(segs))
                pos += 1  # the closing brace
                return
            elif tok == "*":
                pos += 1
                results.append((tuple(segs), None))
                return
            elif tok in (",", "}"):
                break
            elif tok == "as" and pos + 1 < len(tokens):
                alias = tokens[pos + 1]
                pos += 2
                results.append((tuple(segs), None if alias == "_" else alias))
                return
            else:
                segs.append(tok)
                pos += 1
        if segs and segs[-1] == "self":
            segs.pop()
        if segs:
            results.append((tuple(segs), segs[-1]))

    tree(())
    return results


def collect_refs(module: Module) -> None:
    code = module.code
    depths = _inline_depths(code)
    spans = []
    for m in USE_STMT.finditer(code):
        spans.append((m.start(), m.end()))
        depth = depths[m.start()]
        public = m.group(1) is not None
        for segs, bound in parse_use_tree(m.group(2)):
            if bound is None and segs:
                module.globs.append((segs, depth, public))
                continue
            module.refs.append(("use", segs, depth))
            if bound and depth == 0 and segs:
                module.imports[bound] = segs  # resolved to absolute later
                if public:
                    module.public_imports.add(bound)
    in_use = lambda i: any(a <= i < b for a, b in spans)  # noqa: E731
    for m in CODE_PATH.finditer(code):
        if in_use(m.start()):
            continue
        segs = tuple(re.sub(r"\s+", "", m.group(1)).split("::"))
        module.refs.append(("code", segs, depths[m.start()]))
    braces = _brace_depths(code)
    for m in ITEM_DEF.finditer(code):
        if braces[m.start()] == 0:
            module.defs[m.group(2)] = m.group(1) is not None
    # A child's declaration (`mod abi;`) names it without using it.
    declared = [(m.start(), m.end()) for m in re.finditer(r"\bmod\s+\w+\s*;", code)]
    module.idents = {
        m.group(0)
        for m in IDENT.finditer(code)
        if not in_use(m.start()) and not any(a <= m.start() < b for a, b in declared)
    }


# ---------------------------------------------------------------------------------------------
# Resolution.


class Crate:
    def __init__(self, root: Path):
        self.root = root
        self.modules = load_crate(root)
        for module in self.modules.values():
            collect_refs(module)
        # Imports made absolute (crate-relative tuples) once, lazily.
        self._abs_imports: dict[tuple[str, ...], dict[str, tuple[str, ...] | None]] = {}

    def absolute(self, module: Module, segs: tuple[str, ...], depth: int) -> tuple[str, ...] | None:
        """The crate-relative path `segs` names from `module` (inside `depth` inline blocks), or
        None for an external crate, a std path or a local name."""
        if not segs:
            return None
        head = segs[0]
        here = module.path
        if head == "crate":
            return segs[1:]
        if head in ("super", "self"):
            base, rest = list(here), list(segs)
            inline = depth
            while rest and rest[0] in ("super", "self"):
                step = rest.pop(0)
                if step == "super":
                    if inline > 0:
                        inline -= 1
                    elif base:
                        base.pop()
            return tuple(base) + tuple(rest)
        if depth == 0 and head in module.children:
            return here + segs
        if depth == 0 and head in module.imports:
            target = self.absolute(module, module.imports[head], 0)
            if target is not None and target != here + (head,):
                return target + segs[1:]
        return None

    def target_module(self, path: tuple[str, ...], seen: frozenset = frozenset()) -> tuple[str, ...]:
        """The module a crate-relative item path comes from: the longest module prefix, followed
        through that module's own imports when the next segment is a name it merely imported."""
        prefix: tuple[str, ...] = ()
        for seg in path:
            if prefix + (seg,) in self.modules:
                prefix = prefix + (seg,)
            else:
                break
        rest = path[len(prefix) :]
        if rest and prefix not in seen:
            module = self.modules[prefix]
            name = rest[0]
            if name in module.defs:
                return prefix  # its own item (a fn may share a name with an imported module)
            if name in module.imports:
                source = self.absolute(module, module.imports[name], 0)
                if source is not None and source != path:
                    return self.target_module(source + rest[1:], seen | {prefix})
            if name not in module.defs:
                found = self.defined_in(prefix, name, False)
                if found is not None and found != prefix:
                    return found
        return prefix

    def named_module(self, path: tuple[str, ...]) -> tuple[str, ...]:
        """The longest module prefix of a crate-relative item path, where the path names it (a
        re-export not followed to its source)."""
        prefix: tuple[str, ...] = ()
        for seg in path:
            if prefix + (seg,) not in self.modules:
                break
            prefix = prefix + (seg,)
        return prefix

    def edges(self, follow_reexports: bool = True) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
        """Each module's imports. With `follow_reexports` (the file-level check) a name is followed
        to the module defining it; without, an edge goes to the module the path names, so a
        re-export facade is a node of its own (the folder-level check)."""
        graph: dict[tuple[str, ...], set[tuple[str, ...]]] = {p: set() for p in self.modules}
        for module in self.modules.values():
            for _kind, segs, depth in module.refs:
                path = self.absolute(module, segs, depth)
                if path is None:
                    continue
                if follow_reexports:
                    target = self.target_module(path)
                else:
                    target = self.named_module(path)
                if target != module.path:
                    graph[module.path].add(target)
            # A glob import depends on the modules defining the names the code actually uses.
            for segs, depth, _public in module.globs:
                path = self.absolute(module, segs, depth)
                if path is None or path not in self.modules:
                    continue
                if not follow_reexports:
                    if path != module.path:
                        graph[module.path].add(path)
                    continue
                # A module's own descendants see its private items and imports too.
                private_ok = module.path[: len(path)] == path
                for ident in module.idents:
                    source = self.defined_in(path, ident, private_ok)
                    if source is not None and source != module.path:
                        graph[module.path].add(source)
        return graph

    def defined_in(self, path, ident: str, private_ok: bool, seen: frozenset = frozenset()):
        """The module defining `ident` as module `path` exposes it to a glob import (an item of
        its own, a name it imports, or one of its own glob re-exports), or None. Only public
        names unless `private_ok`."""
        if path in seen or path not in self.modules:
            return None
        module = self.modules[path]
        if ident in module.defs and (private_ok or module.defs[ident]):
            return path
        if ident in module.imports and (private_ok or ident in module.public_imports):
            source = self.absolute(module, module.imports[ident], 0)
            return None if source is None else self.target_module(source)
        if ident in module.children:
            return path + (ident,)
        for segs, depth, public in module.globs:
            if depth or not (public or private_ok):
                continue
            inner = self.absolute(module, segs, 0)
            if inner is not None:
                found = self.defined_in(inner, ident, False, seen | {path})
                if found is not None:
                    return found
        return None


def cycles(graph: dict) -> list[list]:
    """Strongly connected components with more than one module (Tarjan), each as one circle."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    components: list[list] = []
    counter = [0]

    def strong(v):
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in graph:
                    continue
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                if len(component) > 1:
                    components.append(component)

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return [(_one_circle(graph, sorted(c)), c) for c in components]


def _one_circle(graph: dict, component: list) -> list:
    """A concrete circle through the component's first module (breadth-first back to it)."""
    members = set(component)
    start = component[0]
    previous = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node]):
            if nxt == start:
                path = [node]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                circle = list(reversed(path)) + [start]
                if len(component) > len(path):
                    circle.append(f"(and {len(component) - len(path)} more modules in the same knot)")
                return circle
            if nxt in members and nxt not in previous:
                previous[nxt] = node
                queue.append(nxt)
    return component


def folder_loops(crate: Crate) -> list[tuple[tuple[str, ...], list]]:
    """Import loops between the parts of one folder: for every module with children (the crate
    root, `rules`, `classify`...), every module below it is taken as the child it sits
    in, edges to the folder's own file left out, re-exports not followed. A loop here is two
    parts of a folder each reaching into the other, even when every single file is acyclic
    (`model` using `parse`'s types while `parse` uses `model`'s), or a facade that re-exports
    what it also imports back. Returns (folder, circle, every part in the knot)."""
    raw = crate.edges(follow_reexports=False)
    found = []
    for folder in sorted(p for p, m in crate.modules.items() if m.children):
        depth = len(folder)
        graph: dict[tuple[str, ...], set[tuple[str, ...]]] = {
            folder + (child,): set() for child in crate.modules[folder].children
        }
        for source, targets in raw.items():
            if source[:depth] != folder or len(source) <= depth:
                continue
            for target in targets:
                if target[:depth] != folder or len(target) <= depth:
                    continue
                a, b = source[: depth + 1], target[: depth + 1]
                if a != b and a in graph and b in graph:
                    graph[a].add(b)
        for circle, members in cycles(graph):
            found.append((folder, circle, sorted(members)))
    return found


def name(path) -> str:
    if isinstance(path, str):
        return path
    return "::".join(path) or "crate"


def default_roots(workspace: Path) -> list[Path]:
    manifest = (workspace / "Cargo.toml").read_text(encoding="utf-8")
    members = re.search(r"members\s*=\s*\[([^\]]*)\]", manifest)
    roots = []
    for member in re.findall(r'"([^"]+)"', members.group(1) if members else ""):
        for rel in ("src/lib.rs", "src/main.rs"):
            root = workspace / member / rel
            if root.exists():
                roots.append(root)
    return roots


def read_allowed(file: Path) -> dict[str, list[frozenset[str]]]:
    """Known circles awaiting their owners: `ROOT MODULE MODULE ... # why` per line."""
    allowed: dict[str, list[frozenset[str]]] = {}
    if not file.exists():
        return allowed
    for line in file.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].split()
        if len(line) >= 3:
            allowed.setdefault(line[0], []).append(frozenset(line[1:]))
    return allowed


def check(
    root: Path,
    label: str,
    allowed: list[frozenset[str]],
    show_graph: bool,
) -> list[str]:
    """The problems of one crate: circles not allowed, allowances no circle needs any more, and
    folder-level loops."""
    crate = Crate(root)
    graph = crate.edges()
    if show_graph:
        print(f"{label}:")
        for module in sorted(graph):
            targets = ", ".join(sorted(name(t) for t in graph[module]))
            print(f"  {name(module)} -> {targets or '-'}")
    problems = []
    seen = set()
    for circle, members in cycles(graph):
        members = frozenset(name(m) for m in members)
        seen.add(members)
        if members in allowed:
            print(f"{label}: known circle (allowed): " + " -> ".join(name(p) for p in circle))
        else:
            problems.append(f"{label}: import circle: " + " -> ".join(name(p) for p in circle))
    for stale in allowed:
        if stale not in seen:
            problems.append(
                f"{label}: allowed circle {' '.join(sorted(stale))} is gone: remove it from the allow list"
            )
    if not problems:
        print(f"{label}: {len(graph)} modules, no import circle")
    loops = folder_loops(crate)
    for folder, circle, members in loops:
        if frozenset(name(m) for m in members) in seen:
            continue  # a file-level circle itself (reported or allowed above), seen from its folder
        circle_text = " -> ".join(name(p) for p in circle)
        line = f"{label}: folder-level loop in {name(folder)}: {circle_text}"
        if len(members) > 2:
            line += f" (the knot: {', '.join(name(m) for m in members)})"
        problems.append(line)
    if not loops:
        print(f"{label}: no folder-level import loop")
    return problems


def main(argv: list[str]) -> int:
    show_graph = "--graph" in argv
    args = [a for a in argv if a != "--graph"]
    workspace = Path(__file__).resolve().parent.parent
    roots = [Path(a).resolve() for a in args] or default_roots(workspace)
    allowed = read_allowed(Path(__file__).with_suffix(".allow"))
    problems = []
    for root in roots:
        label = str(root.relative_to(workspace)) if root.is_relative_to(workspace) else str(root)
        problems += check(root, label, allowed.get(label, []), show_graph)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
