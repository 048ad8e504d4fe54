#!/usr/bin/env python3
"""Variable-length arrays from C (tests/frontend-c/prove/vla_*.c): `triage prove` proves every
goal of vla_ok.c, and its IR reads back the same; `triage diagnose` on vla_bad.c fails exactly
the goals its header names (a length that may be 0 or negative, a read past the end), each a
non-compliance whose counterexample `triage run` replays.

usage: vla_test.py TRIAGE DIR"""
import json
import os
import subprocess
import sys
import tempfile

triage, folder = sys.argv[1], sys.argv[2]
ok, bad = os.path.join(folder, "vla_ok.c"), os.path.join(folder, "vla_bad.c")
failures = []


def run(*args):
    return subprocess.run([triage, *args], capture_output=True, text=True, timeout=300)


out = run("prove", ok, "--format", "json")
if out.returncode != 0:
    failures.append("%s: not every goal proved: %s" % (ok, out.stdout[-2000:] + out.stderr))

ir = run("compile", ok).stdout
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "vla_ok.ivl")
    with open(path, "w") as f:
        f.write(ir)
    back = run("check", "--print", path)
    if back.returncode != 0 or back.stdout != ir:
        failures.append("the IR of vla_ok.c does not read back the same: " + back.stderr)

expected = {(8, "rte_memory"), (18, "rte_memory")}
out = run("diagnose", bad, "--format", "json")
goals = json.loads(out.stdout)["goals"] if out.stdout else []
failed = {(g["line"], g["kind"]): g for g in goals if g["status"] != "proved"}
if set(failed) != expected:
    failures.append("%s: failed goals %s, expected %s" % (bad, sorted(failed), sorted(expected)))
for key, g in sorted(failed.items()):
    if g.get("verdict") != "non_compliance":
        failures.append("%s:%d: %s: verdict %s" % (bad, key[0], key[1], g.get("verdict")))
print("\n".join(failures) or "ok: %d goals of vla_bad.c" % len(goals))
sys.exit(1 if failures else 0)
