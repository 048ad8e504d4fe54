#!/usr/bin/env python3
"""Command-line tests of the C front end over a corpus.

good DIR...: every .c file of the directories compiles (exit 0) and the round trip
  compile -> .ivl -> check --print gives back exactly the IR compiled from the C file (every
  fourth file through `compile -o`). tests/frontend-c/round_trip_test.cpp does the same
  in-process for every corpus file, Frama-C-normalised ones included.
same CMD FILE...: `triage CMD` on each .c file and on the .ivl `triage compile` writes for it
  report the same goals and verdicts (solver timings aside) and exit with the same code.
run FILE...: the first lines name functions, `// run ok: f g` and `// run fails: h`; `triage run`
  must pass on the first (exit 0) and report a failure on the others (exit 1).
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


def check_good(triage, path, tmp, with_output_option):
    out = run(triage, "compile", path)
    if out.returncode != 0:
        return ["%s: compile exited %d: %s" % (path, out.returncode, out.stderr.strip())]
    ivl = os.path.join(tmp, os.path.basename(path) + ".ivl")
    if with_output_option:
        written = run(triage, "compile", path, "-o", ivl)
        if written.returncode != 0 or written.stdout:
            return ["%s: compile -o failed: %s" % (path, written.stderr.strip())]
        with open(ivl) as f:
            if f.read() != out.stdout:
                return ["%s: -o output differs from stdout" % path]
    else:
        with open(ivl, "w") as f:
            f.write(out.stdout)
    back = run(triage, "check", "--print", ivl)
    if back.returncode != 0:
        return ["%s: the .ivl does not check: %s" % (path, back.stderr.strip())]
    if back.stdout != out.stdout:
        return ["%s: round trip through .ivl changes the IR" % path]
    return []


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


def strip_timings(text):
    # `[cvc5 unsat 31 ms]`: which solver answered first, and how fast, may vary between runs.
    return [line.split(" [")[0] for line in text.splitlines()]


def check_same(triage, command, path, tmp):
    ivl = os.path.join(tmp, os.path.basename(path)[:-2] + ".ivl")
    written = run(triage, "compile", path, "-o", ivl)
    if written.returncode != 0:
        return ["%s: compile failed: %s" % (path, written.stderr.strip())]
    on_c = run(triage, command, path)
    on_ivl = run(triage, command, ivl)
    if not on_c.stdout.strip():
        return ["%s: `triage %s` printed nothing: %s" % (path, command, on_c.stderr.strip())]
    if on_c.returncode != on_ivl.returncode:
        return ["%s: exit %d on .c, %d on .ivl" % (path, on_c.returncode, on_ivl.returncode)]
    if strip_timings(on_c.stdout) != strip_timings(on_ivl.stdout):
        return ["%s: %s differs:\n%s\n---\n%s" % (path, command, on_c.stdout, on_ivl.stdout)]
    return []


def check_run(triage, path):
    expected = {}
    with open(path) as f:
        for line in f:
            for key, code in (("// run ok:", 0), ("// run fails:", 1)):
                if line.startswith(key):
                    expected.update({name: code for name in line[len(key):].split()})
    if not expected:
        return ["%s: no '// run ok:' line" % path]
    failures = []
    for function, code in sorted(expected.items()):
        out = run(triage, "run", path, "--function", function)
        text = out.stdout + out.stderr
        if out.returncode != code or (code == 1 and "failure:" not in text):
            failures.append("%s: run %s exited %d, expected %d:\n%s" %
                            (path, function, out.returncode, code, text))
    return failures


def main():
    triage, mode, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "run":
        failures = [f for path in dirs for f in check_run(triage, path)]
        for f in failures:
            print("FAIL", f)
        print("%d files, %d failures" % (len(dirs), len(failures)))
        return 1 if failures else 0
    if mode == "same":
        failures = []
        with tempfile.TemporaryDirectory() as tmp:
            for path in dirs[1:]:
                failures += check_same(triage, dirs[0], path, tmp)
        for f in failures:
            print("FAIL", f)
        print("%d files, %d failures" % (len(dirs) - 1, len(failures)))
        return 1 if failures else 0
    files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "*.c")))
    if not files:
        print("no .c files in", dirs)
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(files):
            if mode == "good":
                failures += check_good(triage, path, tmp, with_output_option=i % 4 == 0)
            else:
                failures += check_bad(triage, path)
    for f in failures:
        print("FAIL", f)
    print("%d files, %d failures" % (len(files), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
