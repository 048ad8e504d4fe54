#!/usr/bin/env python3
"""`triage check` on every file of the ACSL by Example corpus (shared/corpus/acsl-by-example),
read with -I for each of its directories as its Makefiles do.

Every file must be accepted, and its IR must read back the same, except the files listed in
NOT_YET: each of those must fail with
exactly the located error named there (a construct docs/c-frontend.md lists as not supported).
The list only shrinks: a file of it that checks is reported, so that it leaves the list.
Skipped (exit 0, with a message) when the corpus is absent."""
import os
import subprocess
import sys
import tempfile

# Every file is accepted now; a construct that stops being supported would land here, with the
# one located error each file must then give.
NOT_YET = {}

def main():
    triage, corpus = sys.argv[1], sys.argv[2]
    if not os.path.isdir(corpus):
        print("skipped: no corpus at " + corpus)
        return 0
    dirs = sorted(d for d, _, fs in os.walk(corpus) if any(f.endswith((".h", ".acsl")) for f in fs))
    flags = ["-I" + d for d in dirs]
    files = sorted(os.path.relpath(os.path.join(d, f), corpus)
                   for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".c"))
    failures, accepted = [], 0
    for rel in files:
        out = subprocess.run([triage, "check", *flags, rel], cwd=corpus, capture_output=True,
                             text=True, timeout=120)
        errors = [l for l in out.stderr.splitlines() if ": error: " in l]
        if rel in NOT_YET:
            if out.returncode == 0:
                failures.append("%s: now accepted, take it out of NOT_YET" % rel)
            elif out.returncode != 2 or len(errors) != 1 or not errors[0].endswith(NOT_YET[rel]):
                failures.append("%s: exit %d, expected the one error '%s', got: %s" % (
                    rel, out.returncode, NOT_YET[rel], out.stderr.strip()))
            continue
        if out.returncode != 0:
            failures.append("%s: not accepted (exit %d): %s" % (rel, out.returncode, out.stderr.strip()))
            continue
        accepted += 1
        # Its IR (headers' locations included) reads back to the same IR.
        ir = subprocess.run([triage, "compile", *flags, rel], cwd=corpus, capture_output=True,
                            text=True, timeout=120).stdout
        with tempfile.NamedTemporaryFile("w", suffix=".ivl", delete=False) as f:
            f.write(ir)
        back = subprocess.run([triage, "check", "--print", f.name], capture_output=True, text=True,
                              timeout=120)
        os.unlink(f.name)
        if back.stdout != ir:
            failures.append("%s: its IR does not read back the same: %s" % (rel, back.stderr.strip()))
    if len(files) != 91:
        failures.append("expected the 91 files of StandardAlgorithms, found %d" % len(files))
    print("\n".join(failures) or "ok: %d of %d files accepted, %d listed as not yet accepted" % (
        accepted, len(files), len(NOT_YET)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
