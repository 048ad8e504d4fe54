#!/usr/bin/env python3
"""`triage prove` and `triage diagnose` answer the same on a busy machine: proof attempts are
bounded by the solvers' work (resource units), the concolic searches of a diagnosis by counted
work (runs, interpreter steps, solver calls and units), not by seconds, and the portfolio race
prefers Z3's answer whichever solver is faster (docs/prove.md, "How budgets are counted";
docs/dse.md, "How a search's work is counted").

Runs three shared examples on the machine as it is, then again while CPU burners (processes this
test starts, each ending by itself after a bounded time and stopped at the end in any case) keep
every core busy, and compares: `prove`, each goal's status and answer; `diagnose`, the exit
status and, per goal, its file, line, kind, status, answer, verdict and how far its search for a
bug went (and which bounds stopped it). The wall-clock backstops get --budget-scale 5 in both
runs: under the burners (and a sanitizer build) a check takes several times longer, and the
backstops must stay out of the way of the work limits that decide.

usage: under_load.py TRIAGE SHARED_EXAMPLES_DIR [prove|diagnose]
"""
import json
import os
import subprocess
import sys
import time

triage, examples = sys.argv[1], sys.argv[2]
MODE = sys.argv[3] if len(sys.argv) > 3 else "prove"
FILES = {
    "prove": ["loops/primes.c", "quantifiers/Q3.c", "rgf/R2.c"],
    # A loop whose searches are bounded, arrays of any length, calls through weak contracts.
    "diagnose": ["loops/primes.c", "rgf/R3.c", "subcontracts/three_calls_global.c"],
}[MODE]
BURN_S = 900  # each burner's own bound: it ends by then even if this test dies
OPTS = ["--format", "json", "-j", "2", "--budget-scale", "5"]


def prove(path):
    out = subprocess.run([triage, "prove", path, *OPTS], capture_output=True, text=True, timeout=900)
    assert out.returncode in (0, 1), "%s: exit %d: %s" % (path, out.returncode, out.stderr)
    goals = json.loads(out.stdout)["goals"]
    return [(g["kind"], g["id"], g["line"], g["status"], g["answer"]) for g in goals]


def diagnose(path):
    out = subprocess.run([triage, "diagnose", path, *OPTS], capture_output=True, text=True,
                         timeout=1200)
    assert out.returncode in (0, 1), "%s: exit %d: %s" % (path, out.returncode, out.stderr)
    goals = json.loads(out.stdout)["goals"]
    return [("exit %d" % out.returncode,)] + [
        (g["file"], g["line"], g["kind"], g["id"], g["status"], g["answer"], g["verdict"],
         g.get("nc_search"), tuple(g.get("nc_search_bounds", []))) for g in goals]


def burners():
    code = "import time\nend = time.monotonic() + %d\nwhile time.monotonic() < end: pass\n" % BURN_S
    return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(2 * (os.cpu_count() or 2))]


def main():
    run = prove if MODE == "prove" else diagnose
    paths = [os.path.join(examples, f) for f in FILES]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print("missing examples: %s" % missing)
        return 1
    start = time.monotonic()
    idle = {p: run(p) for p in paths}
    idle_s = time.monotonic() - start
    procs = burners()
    try:
        start = time.monotonic()
        loaded = {p: run(p) for p in paths}
        loaded_s = time.monotonic() - start
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()
    failures = 0
    for p in paths:
        if idle[p] != loaded[p]:
            failures += 1
            diff = [(a, b) for a, b in zip(idle[p], loaded[p]) if a != b]
            print("FAIL %s: idle and loaded differ: %s" % (p, diff[:10]))
        goals = [g for g in idle[p] if len(g) > 1]
        if MODE == "prove":
            print("%s: %d goals, %d proved idle; loaded: %d" %
                  (os.path.relpath(p, examples), len(goals), sum(g[3] == "proved" for g in goals),
                   sum(g[3] == "proved" for g in loaded[p])))
        else:
            verdicts = {}
            for g in goals:
                verdicts[g[6]] = verdicts.get(g[6], 0) + 1
            print("%s: %d goals, verdicts %s" % (os.path.relpath(p, examples), len(goals), verdicts))
    print("idle %.1f s, with %d burners %.1f s" % (idle_s, len(procs), loaded_s))
    print("%d passed, %d failed" % (len(paths) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
