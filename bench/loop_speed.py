#!/usr/bin/env python3
"""Iterations per second of the interpreter (`triage run`, release build) on three loop shapes,
against the same C compiled with gcc -O0 on the same machine (docs/benchmarks.md, "Interpreter
speed").

  bench/loop_speed.py [--triage BIN] [--repeat N]

Each program of bench/loops/ is a `main` without inputs that counts its own iterations
(ITERATIONS below); the time is the best of N runs (wall clock, an idle machine).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ITERATIONS = {"counter.c": 20_000_000, "nested_array.c": 5_000_000 + 100, "arith_branch.c": 5_000_000}


def best(cmd, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
    return min(times), r


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triage", default=os.path.join(ROOT, "build", "release", "bin", "triage"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="loop-speed-")
    print("| loop | iterations | triage run | iterations/s | gcc -O0 | iterations/s | ratio |")
    print("|---|---|---|---|---|---|---|")
    for name, n in ITERATIONS.items():
        src = os.path.join(HERE, "loops", name)
        exe = os.path.join(work, name + ".bin")
        subprocess.run(["gcc", "-O0", "-o", exe, src], check=True)
        native, _ = best([exe], args.repeat)
        interp, r = best([args.triage, "run", src, "--function", "main", "--steps", "2000000000",
                          "--timeout", "3600"], args.repeat)
        if r.returncode != 0:
            print(f"{name}: triage run failed: {r.stdout.strip()[:200]}", file=sys.stderr)
        print(f"| {name} | {n:,} | {interp:.2f} s | {n / interp / 1e6:.2f} M | {native:.3f} s | "
              f"{n / native / 1e6:.0f} M | {interp / native:.0f}x |")


if __name__ == "__main__":
    main()
