#!/usr/bin/env python3
"""Command-line tests of the C front end over a corpus.

good DIR...: every .c file compiles (exit 0), `triage check` accepts it, and the round trip
  compile -> .ivl -> check --print gives back exactly the IR compiled from the C file.
bad DIR: every .c file starts with `// error: LINE:COL: MESSAGE`; `triage compile` must exit 2
  and print exactly that one located error line on stderr, nothing on stdout.
"""
import glob
import os
import subprocess
import sys
import tempfile


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=60)


def check_good(triage, path, tmp):
    failures = []
    out = run(triage, "compile", path)
    if out.returncode != 0:
        return ["%s: compile exited %d: %s" % (path, out.returncode, out.stderr.strip())]
    ivl = os.path.join(tmp, os.path.basename(path) + ".ivl")
    written = run(triage, "compile", path, "-o", ivl)
    if written.returncode != 0 or written.stdout:
        failures.append("%s: compile -o failed: %s" % (path, written.stderr.strip()))
        return failures
    with open(ivl) as f:
        if f.read() != out.stdout:
            failures.append("%s: -o output differs from stdout" % path)
    back = run(triage, "check", "--print", ivl)
    if back.returncode != 0:
        failures.append("%s: the .ivl does not check: %s" % (path, back.stderr.strip()))
    elif back.stdout != out.stdout:
        failures.append("%s: round trip through .ivl changes the IR" % path)
    direct = run(triage, "check", path)
    if direct.returncode != 0:
        failures.append("%s: check on the .c file failed: %s" % (path, direct.stderr.strip()))
    return failures


def check_bad(triage, path):
    with open(path) as f:
        first = f.readline().rstrip("\n")
    prefix = "// error: "
    if not first.startswith(prefix):
        return ["%s: first line must be '// error: LINE:COL: MESSAGE'" % path]
    expected = "%s:%s" % (path, first[len(prefix):].replace(": ", ": error: ", 1))
    out = run(triage, "compile", path)
    failures = []
    if out.returncode != 2:
        failures.append("%s: exit code %d, expected 2" % (path, out.returncode))
    lines = out.stderr.splitlines()
    if lines != [expected]:
        failures.append("%s: stderr %r, expected %r" % (path, out.stderr, expected))
    if out.stdout:
        failures.append("%s: unexpected output on stdout" % path)
    return failures


def main():
    triage, mode, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "**", "*.c"), recursive=True))
    if not files:
        print("no .c files in", dirs)
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            failures += check_good(triage, path, tmp) if mode == "good" else check_bad(triage, path)
    for f in failures:
        print("FAIL", f)
    print("%d files, %d failures" % (len(files), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
