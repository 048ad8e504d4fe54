#!/usr/bin/env python3
"""`triage diagnose` gives the same report whatever the threads and the load: with the same
options, runs print the same JSON, byte for byte once the time fields are removed, with `-j 2`
(goals proved and diagnosed two at a time, in threads whose interleaving differs from run to run),
with `-j 1`, and with `-j 2` again on one core crowded by a CPU burner (tests/cpu_burners.py).
The portfolio race prefers Z3's answer whichever solver is faster, proofs and searches are
bounded by counted work, and no solver context or cache is shared across goals (docs/diagnose.md, "-j N"; docs/prove.md,
"How budgets are counted"; docs/dse.md, "How a search's work is counted").

The wall-clock backstops get --budget-scale 5 in every run: on the crowded core (and in a
sanitizer build) a check takes several times longer, and the backstops must stay out of the way
of the work limits that decide. The burner is a process this test starts, ending by itself after
a bounded time and stopped at the end in any case.

usage: reproducible_diagnosis.py TRIAGE SHARED_EXAMPLES_DIR
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cpu_burners import crowded_core  # noqa: E402

triage, examples = sys.argv[1], sys.argv[2]
# A loop whose searches are bounded (unbounded inputs), arrays of any length, and calls through
# weak contracts.
FILES = ["loops/primes.c", "rgf/R3.c", "subcontracts/three_calls_global.c"]
TIME_FIELDS = {"time_ms", "prove_time_ms"}


def untimed(v):
    if isinstance(v, dict):
        return {k: untimed(x) for k, x in v.items() if k not in TIME_FIELDS}
    if isinstance(v, list):
        return [untimed(x) for x in v]
    return v


def diagnose(path, jobs, confine=None):
    out = subprocess.run([triage, "diagnose", path, "--format", "json", "-j", str(jobs),
                          "--budget-scale", "5"], capture_output=True, text=True, timeout=1200,
                         preexec_fn=confine)
    assert out.returncode in (0, 1), "%s: exit %d: %s" % (path, out.returncode, out.stderr)
    return json.dumps(untimed(json.loads(out.stdout)), indent=1, sort_keys=False)


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
        if x != y:
            return "line %d:\n  %s\n  %s" % (i + 1, x, y)
    return "lengths differ"


def runs_crowded(paths):
    with crowded_core() as confine:
        return {p: diagnose(p, 2, confine) for p in paths}


def main():
    paths = [os.path.join(examples, f) for f in FILES]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print("missing examples: %s" % missing)
        return 1
    start = time.monotonic()
    runs = {"-j 2": {p: diagnose(p, 2) for p in paths}}
    runs["-j 1"] = {p: diagnose(p, 1) for p in paths}
    quiet_s = time.monotonic() - start
    start = time.monotonic()
    runs["-j 2 on a crowded core"] = runs_crowded(paths)
    loaded_s = time.monotonic() - start
    failures = 0
    for f, p in zip(FILES, paths):
        reference = runs["-j 2"][p]
        for name, texts in runs.items():
            if texts[p] != reference:
                failures += 1
                print("FAIL %s: %s differs from -j 2: %s" %
                      (f, name, first_difference(reference, texts[p])))
        goals = json.loads(reference)["goals"]
        verdicts = {}
        for g in goals:
            verdicts[g.get("verdict")] = verdicts.get(g.get("verdict"), 0) + 1
        print("%s: %d goals, verdicts %s, %d runs compared" % (f, len(goals), verdicts, len(runs)))
    print("quiet runs %.1f s, on the crowded core %.1f s" % (quiet_s, loaded_s))
    print("%d passed, %d failed" % (len(FILES) - min(failures, len(FILES)), min(failures, len(FILES))))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
