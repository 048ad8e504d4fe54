#!/usr/bin/env python3
"""Calibrates the default work of `triage prove` (--work, docs/prove.md "How budgets are counted").

The work of a proof attempt is counted in each solver's resource units (Z3's rlimit, cvc5's
resource units), which depend on the query alone; `--work S` gives S seconds of work of the
reference machine, converted with a rate of units per second for each solver (kUnitsPerSecond in
solver/z3_context.cpp and solver/cvc5_backend.cpp). Two steps:

  rates: proves the files by time alone (--work 0) with TRIAGE_SOLVER_STATS set, so that every
    check records its solver, answer, units and CPU seconds; prints each solver's units per CPU
    second (CPU time, unlike wall-clock time, hardly moves with the load of the machine) and the
    units of the definitive answers.
  compare: proves the files twice, with the options of A and of B (by default today's
    `--work 0 --timeout 2` against the defaults), and lists the goals one proves and the other
    not. The default work is right when B proves at least what A proves on an idle machine.

  bench/calibrate_rlimit.py rates BIN FILE_OR_DIR... [--out stats.txt]
  bench/calibrate_rlimit.py compare BIN FILE_OR_DIR... [--a "--work 0 --timeout 2"] [--b ""]
      [--bin-a OTHER_BIN] [--jsonl rows.jsonl]
  (options before the step: -j N, goals proved at once; --flags-from CORPUS, to read a part of
  ACSL by Example with the -I flags of the whole)

A directory stands for its .c files (recursively); the files of a directory that has .h files
(ACSL by Example) are read with -I for each of its folders, as bench/corpus.py does.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus import include_flags  # noqa: E402


FLAGS_FROM = None  # --flags-from: the corpus whose folders every file is read with (-I)


def inputs(paths):
    """(file, flags) for each .c file named or found under a directory."""
    out = []
    for p in paths:
        if os.path.isfile(p):
            out.append((p, include_flags(FLAGS_FROM) if FLAGS_FROM else []))
            continue
        flags = include_flags(FLAGS_FROM or p) \
            if FLAGS_FROM or any(f.endswith(".h") for _, _, fs in os.walk(p) for f in fs) else []
        for d, _, files in sorted(os.walk(p)):
            out += [(os.path.join(d, f), flags) for f in sorted(files) if f.endswith(".c")]
    return out


JOBS = "1"


def prove(triage, path, flags, extra, env=None, timeout=900):
    """The goals of `triage prove` as {goal key: (status, answer)}, or None when it failed."""
    cmd = [triage, "prove", *flags, path, "--format", "json", "-j", JOBS, *extra]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None
    if out.returncode not in (0, 1):
        return None
    goals = {}
    for i, g in enumerate(json.loads(out.stdout)["goals"]):
        key = "%s:%s:%s:%s#%d" % (g["function"], g["kind"], g["id"], g["line"], i)
        goals[key] = (g["status"], g["answer"])
    return goals


def rates(args):
    stats = args.out or tempfile.mktemp(suffix=".stats")
    if os.path.exists(stats):
        os.unlink(stats)
    env = dict(os.environ, TRIAGE_SOLVER_STATS=stats)
    start = time.monotonic()
    for path, flags in inputs(args.paths):
        prove(args.triage, path, flags, ["--work", "0", "--timeout", str(args.timeout)], env)
    records = {}
    with open(stats) as f:
        for line in f:
            solver, answer, units, cpu, wall = line.split()
            records.setdefault(solver, []).append((answer, int(units), float(cpu), float(wall)))
    print("%d files in %.0f s" % (len(inputs(args.paths)), time.monotonic() - start))
    for solver, rs in sorted(records.items()):
        # Short checks are mostly set-up, which counts few units: the rate of longer ones.
        long_ = [u / c for _, u, c, _ in rs if c >= 0.1 and u > 0]
        decided = sorted(u for a, u, c, _ in rs if a in ("sat", "unsat"))
        decided_cpu = sorted(c for a, u, c, _ in rs if a in ("sat", "unsat"))
        undecided = [(u, c) for a, u, c, _ in rs if a not in ("sat", "unsat")]
        print("%s: %d checks, %d decided" % (solver, len(rs), len(decided)))
        if long_:
            q = statistics.quantiles(long_, n=10) if len(long_) > 1 else long_ * 9
            print("  units per CPU second (checks of 0.1 s or more, %d): median %.0f, "
                  "10%% %.0f, 90%% %.0f" % (len(long_), statistics.median(long_), q[0], q[-1]))
        if decided:
            print("  units of decided checks: median %d, 99%% %d, max %d; CPU s: max %.2f"
                  % (statistics.median(decided), decided[int(len(decided) * 0.99)], decided[-1],
                     decided_cpu[-1]))
            for u, c in sorted(((u, c) for a, u, c, _ in rs if a in ("sat", "unsat")),
                               reverse=True)[:8]:
                print("    decided: %d units, %.2f CPU s" % (u, c))
        if undecided:
            print("  undecided checks: %d, units at their end: median %d"
                  % (len(undecided), statistics.median(u for u, _ in undecided)))


def compare(args):
    a_opts, b_opts = shlex.split(args.a), shlex.split(args.b)
    a_bin = args.bin_a or args.triage
    only_a, only_b, totals = [], [], {"a": 0, "b": 0, "goals": 0}
    rows = open(args.jsonl, "w") if args.jsonl else None
    start = time.monotonic()
    for path, flags in inputs(args.paths):
        ga = prove(a_bin, path, flags, a_opts)
        gb = prove(args.triage, path, flags, b_opts)
        if ga is None or gb is None:
            print("%s: prove failed (%s)" % (path, "A" if ga is None else "B"))
            continue
        pa = {k for k, (s, _) in ga.items() if s == "proved"}
        pb = {k for k, (s, _) in gb.items() if s == "proved"}
        totals["goals"] += len(ga)
        totals["a"] += len(pa)
        totals["b"] += len(pb)
        only_a += ["%s %s (B: %s)" % (path, k, gb.get(k, ("?", "missing"))[1]) for k in sorted(pa - pb)]
        only_b += ["%s %s (A: %s)" % (path, k, ga.get(k, ("?", "missing"))[1]) for k in sorted(pb - pa)]
        if rows:
            rows.write(json.dumps({"file": path, "goals": len(ga), "a": len(pa), "b": len(pb),
                                   "b_answers": {k: v[1] for k, v in gb.items()}}) + "\n")
    print("A (%s%s): %d of %d goals proved" % (" ".join(a_opts) or "defaults",
                                              ", " + a_bin if args.bin_a else "", totals["a"],
                                              totals["goals"]))
    print("B (%s): %d of %d goals proved" % (" ".join(b_opts) or "defaults", totals["b"],
                                             totals["goals"]))
    print("proved by A only: %d" % len(only_a))
    for line in only_a:
        print("  " + line)
    print("proved by B only: %d" % len(only_b))
    for line in only_b:
        print("  " + line)
    print("%.0f s" % (time.monotonic() - start))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-j", default="1", help="goals proved at once (default 1)")
    ap.add_argument("--flags-from", help="read every file with -I for each folder of this corpus "
                    "(to calibrate on a part of ACSL by Example)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("rates")
    r.add_argument("triage")
    r.add_argument("paths", nargs="+")
    r.add_argument("--timeout", type=float, default=2.0)
    r.add_argument("--out")
    c = sub.add_parser("compare")
    c.add_argument("triage")
    c.add_argument("paths", nargs="+")
    c.add_argument("--a", default="--work 0 --timeout 2")
    c.add_argument("--b", default="")
    c.add_argument("--bin-a", help="the binary of A (default: the one of B)")
    c.add_argument("--jsonl")
    args = ap.parse_args()
    global JOBS, FLAGS_FROM
    JOBS, FLAGS_FROM = args.j, args.flags_from
    rates(args) if args.cmd == "rates" else compare(args)


if __name__ == "__main__":
    main()
