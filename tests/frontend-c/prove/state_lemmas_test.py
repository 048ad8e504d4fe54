#!/usr/bin/env python3
"""`triage prove` on lemmas over several memory states (tests/frontend-c/prove/state_lemmas*.c)
and after an inductive definition (inductive_false.c): every lemma whose name starts with
`false_` fails, every other goal is proved, and the IR that `triage compile` prints for the first
file reads back to the same IR."""
import json
import os
import re
import subprocess
import sys
import tempfile

triage, sources = sys.argv[1], sys.argv[2:]
names = {}
failures = []
for src in sources:
    out = subprocess.run([triage, "prove", src, "--format", "json"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 1, (src, out.returncode, out.stderr)
    with open(src) as f:
        lines = f.read().splitlines()
    for g in json.loads(out.stdout)["goals"]:
        text = lines[g["line"] - 1]
        m = re.search(r"lemma\s+(\w+)", text)
        name = m.group(1) if g["kind"] == "lemma" and m else g["id"]
        expected = "failed" if name.startswith("false_") else "proved"
        names[name] = g["status"]
        if g["status"] != expected:
            failures.append("%s: %s, expected %s" % (name, g["status"], expected))
src = sources[0]
declared = set()
for src in sources:
    with open(src) as f:
        declared.update(re.findall(r"\blemma\s+(\w+)\s*[{:]", f.read()))
for lemma in sorted(declared):
    if lemma not in names:
        failures.append("no goal for lemma " + lemma)
ir = subprocess.run([triage, "compile", src], capture_output=True, text=True, timeout=60).stdout
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "state_lemmas.ivl")
    with open(path, "w") as f:
        f.write(ir)
    back = subprocess.run([triage, "check", "--print", path], capture_output=True, text=True,
                          timeout=60)
    if back.stdout != ir:
        failures.append("the IR of lemmas over several states does not read back the same")
print("\n".join(failures) or "ok: %d goals" % len(names))
sys.exit(1 if failures else 0)
