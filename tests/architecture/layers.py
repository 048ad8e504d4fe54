#!/usr/bin/env python3
"""The include graph of triage's folders follows its layers (docs/architecture.md).

Each folder may include its own headers and those of the folders below it, never one above: the
interpreter (rac) and the concolic search (dse) do not reach into the prover (vcgen), the term
language sits below all three. A new upward include fails this test with the file, line and the
layer rule it breaks.

usage: layers.py ROOT | --self-test
"""
import pathlib
import re
import sys
import tempfile

# What each folder may include besides itself: the layers, bottom up.
ALLOWED = {
    "ir": set(),
    "term": {"ir"},
    "solver": {"ir", "term"},
    "frontend-c": {"ir"},
    "rac": {"ir", "term"},
    "vcgen": {"ir", "term", "solver"},
    "dse": {"ir", "term", "solver", "rac"},
    "classify": {"ir", "rac", "vcgen", "dse"},
    "triage": {"ir", "term", "solver", "frontend-c", "rac", "vcgen", "dse", "classify"},
    "fuzz": {"ir", "term", "solver", "frontend-c", "rac", "vcgen", "dse", "classify"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z0-9_-]+)/')


def violations(root: pathlib.Path):
    for folder, allowed in ALLOWED.items():
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h"):
                continue
            for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = m.group(1)
                if target == folder or target in allowed or target not in ALLOWED:
                    continue
                yield (f"{path.relative_to(root)}:{n}:1: error: {folder}/ includes {target}/, "
                       f"above it (allowed: {', '.join(sorted(allowed)) or 'nothing'})")


def self_test() -> int:
    """The check fails on an upward include (rac into vcgen) and passes on the lawful ones."""
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        for f in ALLOWED:
            (root / f).mkdir()
        (root / "rac" / "ok.hpp").write_text('#include "term/term.hpp"\n#include "rac/x.hpp"\n')
        (root / "rac" / "bad.cpp").write_text('// why\n#include "vcgen/prove.hpp"\n')
        found = list(violations(root))
    expected = ["rac/bad.cpp:2:1: error: rac/ includes vcgen/, above it (allowed: ir, term)"]
    if found != expected:
        print(f"self-test: expected {expected}, got {found}")
        return 1
    print("self-test: an upward include is reported")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1])
    missing = [f for f in ALLOWED if not (root / f).is_dir()]
    if missing:
        print(f"layers.py: no folder {', '.join(missing)} under {root}", file=sys.stderr)
        return 2
    found = list(violations(root))
    for v in found:
        print(v)
    print(f"{len(found)} upward include(s)" if found else "the includes follow the layers")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
