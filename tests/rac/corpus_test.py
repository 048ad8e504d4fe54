#!/usr/bin/env python3
"""Runs `triage run` on every function of every program of the corpus (the shared C examples and
the front end's good corpus, the .ivl examples of every test area), small-step and all giant-step, on three inputs (small,
zero/null, largest) built from the parameters' types: every run must end with a
defined exit code (0, 1, 2 or 3), never a crash, sanitizer report or hang.
Usage: corpus_test.py TRIAGE ROOT SHARED"""
import glob
import os
import re
import subprocess
import sys

TRIAGE, ROOT, SHARED = sys.argv[1], sys.argv[2], sys.argv[3]
files = sorted(glob.glob(os.path.join(SHARED, "examples", "*", "*.c")) +
               glob.glob(os.path.join(ROOT, "examples", "ivl", "*.ivl")) +
               glob.glob(os.path.join(ROOT, "tests", "frontend-c", "good", "*.c")) +
               glob.glob(os.path.join(ROOT, "tests", "*", "ivl", "*.ivl")))
problems = []
runs = 0
MAX = {"int8": 127, "int16": 32767, "int32": 2147483647, "int64": 9223372036854775807,
       "uint8": 255, "uint16": 65535, "uint32": 4294967295, "uint64": 18446744073709551615,
       "int": 10**30}


def value(ty, which):
    """A value of type ty: 0 = small, 1 = zero / null, 2 = the largest."""
    ty = ty.strip()
    if ty == "bool":
        return ["true", "false", "true"][which]
    if ty.startswith("ptr "):
        return ["[10,-10,3]", "null", "[" + ",".join(["1"] * 40) + "]"][which]
    return ["3", "0", str(MAX.get(ty, 3))][which]


def input_sets(params):
    names = [p.split(":", 1) for p in params.split(",") if ":" in p]
    return [[a for n, t in names for a in ("--input", f"{n.strip()}={value(t, w)}")]
            for w in range(3)]


for f in files:
    p = subprocess.run([TRIAGE, "check", "--print", f], capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        continue  # not loadable (yet): the front end's tests cover it
    functions = re.findall(r"^fun (?:@\"[^\"]*\":\d+:\d+ )?(\w+)\(([^)]*)\)", p.stdout, re.M)
    for fn, params in functions:
        for inputs in input_sets(params):
            for policy in [[], ["--giant-step", "all"]]:
                args = [TRIAGE, "run", f, "--function", fn, "--steps", "50000",
                        "--timeout", "10", *inputs, *policy]
                runs += 1
                try:
                    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
                except subprocess.TimeoutExpired:
                    problems.append(f"hang: {' '.join(args)}")
                    continue
                bad_stderr = "Sanitizer" in r.stderr or "runtime error" in r.stderr
                if r.returncode not in (0, 1, 2, 3) or bad_stderr:
                    problems.append(f"exit {r.returncode}: {' '.join(args)}\n{r.stdout}{r.stderr}")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok: {runs} runs on {len(files)} files")
