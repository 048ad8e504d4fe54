#!/usr/bin/env python3
"""`triage prove` answers the same on a busy machine: proof attempts are bounded by the
solvers' work (resource units), not by seconds, and the portfolio race prefers Z3's answer
whichever solver is faster (docs/prove.md, "How budgets are counted"). `triage diagnose` is
checked the same way, beside -j 1 and -j 2, by tests/classify/reproducible_diagnosis.py.

Runs three shared examples on the machine as it is, then again confined to one core that a CPU
burner crowds (tests/cpu_burners.py), and compares each goal's status and answer. The wall-clock
backstops get `--budget-scale 5` in both runs: on the crowded core (and in a sanitizer build) a
check takes several times longer, and the backstops must stay out of the way of the work limits
that decide.

usage: under_load.py TRIAGE SHARED_EXAMPLES_DIR
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cpu_burners import crowded_core  # noqa: E402

triage, examples = sys.argv[1], sys.argv[2]
FILES = ["loops/primes.c", "quantifiers/Q3.c", "rgf/R2.c"]
OPTS = ["--format", "json", "-j", "2", "--budget-scale", "5"]


def prove(path, confine=None):
    out = subprocess.run([triage, "prove", path, *OPTS], capture_output=True, text=True, timeout=900,
                         preexec_fn=confine)
    assert out.returncode in (0, 1), "%s: exit %d: %s" % (path, out.returncode, out.stderr)
    goals = json.loads(out.stdout)["goals"]
    return [(g["kind"], g["id"], g["line"], g["status"], g["answer"]) for g in goals]


def main():
    paths = [os.path.join(examples, f) for f in FILES]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print("missing examples: %s" % missing)
        return 1
    start = time.monotonic()
    idle = {p: prove(p) for p in paths}
    idle_s = time.monotonic() - start
    with crowded_core() as confine:
        start = time.monotonic()
        loaded = {p: prove(p, confine) for p in paths}
        loaded_s = time.monotonic() - start
    failures = 0
    for p in paths:
        if idle[p] != loaded[p]:
            failures += 1
            diff = [(a, b) for a, b in zip(idle[p], loaded[p]) if a != b]
            print("FAIL %s: idle and loaded differ: %s" % (p, diff[:10]))
        print("%s: %d goals, %d proved idle; loaded: %d" %
              (os.path.relpath(p, examples), len(idle[p]), sum(g[3] == "proved" for g in idle[p]),
               sum(g[3] == "proved" for g in loaded[p])))
    print("idle %.1f s, on the crowded core %.1f s" % (idle_s, loaded_s))
    print("%d passed, %d failed" % (len(paths) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
