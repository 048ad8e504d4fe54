#!/usr/bin/env python3
"""`triage diagnose` gives the same report twice: with the same options two runs print the same
JSON, byte for byte once the time fields are removed, with `-j 2` (goals proved and diagnosed two
at a time, in threads whose interleaving differs from run to run) as with `-j 1`. The portfolio
race prefers Z3's answer whichever solver is faster, the searches are bounded by counted work,
and no solver context or cache is shared across goals (docs/diagnose.md, "-j N").

Runs each example twice with -j 2 (and once more with -j 1, which must agree too) and compares.

usage: reproducible_diagnosis.py TRIAGE SHARED_EXAMPLES_DIR
"""
import json
import os
import subprocess
import sys

triage, examples = sys.argv[1], sys.argv[2]
# A loop whose searches are bounded (unbounded inputs), arrays of any length, and calls.
FILES = ["loops/primes.c", "rgf/R3.c", "subcontracts/three_calls_global.c"]
TIME_FIELDS = {"time_ms", "prove_time_ms"}


def untimed(v):
    if isinstance(v, dict):
        return {k: untimed(x) for k, x in v.items() if k not in TIME_FIELDS}
    if isinstance(v, list):
        return [untimed(x) for x in v]
    return v


def diagnose(path, jobs):
    out = subprocess.run([triage, "diagnose", path, "--format", "json", "-j", str(jobs)],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode in (0, 1), "%s: exit %d: %s" % (path, out.returncode, out.stderr)
    return json.dumps(untimed(json.loads(out.stdout)), indent=1, sort_keys=False)


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
        if x != y:
            return "line %d:\n  %s\n  %s" % (i + 1, x, y)
    return "lengths differ"


def main():
    failures = 0
    for f in FILES:
        path = os.path.join(examples, f)
        if not os.path.exists(path):
            print("missing example: %s" % path)
            return 1
        runs = [("-j 2", diagnose(path, 2)), ("-j 2 again", diagnose(path, 2)),
                ("-j 1", diagnose(path, 1))]
        for name, text in runs[1:]:
            if text != runs[0][1]:
                failures += 1
                print("FAIL %s: %s differs from -j 2: %s" %
                      (f, name, first_difference(runs[0][1], text)))
        print("%s: %d goals, %d runs compared" % (f, len(json.loads(runs[0][1])["goals"]), len(runs)))
    print("%d passed, %d failed" % (len(FILES) - min(failures, len(FILES)), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
