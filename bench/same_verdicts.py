#!/usr/bin/env python3
"""Do two builds of triage give every goal the same status and verdict?

For a change that must not change behaviour (a refactoring: issue 29), run the build before and
the build after on the same files, one file at a time and each file by both in turn (so that
both see the same load), with `-j 1`, and compare goal by goal:
  - the shared examples with `triage diagnose` (status and verdict of each goal),
  - a corpus with `triage prove` (status of each goal; files read with -I for each directory
    holding headers, as bench/corpus.py does).
Prints each difference and a summary; exit code 1 when some goal differs.

usage: same_verdicts.py BEFORE AFTER [--examples DIR] [--corpus DIR] [--only PART]
"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus import include_flags  # noqa: E402  (the corpus's -I flags, as its benchmark reads it)


SECONDS = {}  # wall-clock seconds per build, summed over the files


def goals_of(triage, command, path, flags, timeout):
    cmd = [triage, command, *flags, path, "--format", "json", "-j", "1"]
    start = time.monotonic()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    finally:
        SECONDS[triage] = SECONDS.get(triage, 0) + time.monotonic() - start
    if out.returncode not in (0, 1):
        return {"error": f"exit {out.returncode}: {out.stderr.strip()[-200:]}"}
    result = {}
    for g in json.loads(out.stdout)["goals"]:
        key = (g["function"], g["line"], g["column"], g["kind"], g.get("id", ""))
        result[key] = (g["status"], g.get("verdict", ""))
    return result


def compare(before, after, command, files, flags, timeout):
    differences = goals = 0
    for path in files:
        b = goals_of(before, command, path, flags, timeout)
        a = goals_of(after, command, path, flags, timeout)
        if "error" in b or "error" in a:
            if b != a:
                differences += 1
                print(f"{path}: before {b.get('error', 'ran')}, after {a.get('error', 'ran')}")
            continue
        goals += len(b)
        for key in sorted(set(b) | set(a), key=str):
            if b.get(key) != a.get(key):
                differences += 1
                print(f"{path}:{key[1]}:{key[2]}: {key[3]} {key[4]}: before {b.get(key)}, "
                      f"after {a.get(key)}")
    print(f"{command}: {len(files)} files, {goals} goals, {differences} difference(s); "
          f"time before {SECONDS.get(before, 0):.1f} s, after {SECONDS.get(after, 0):.1f} s")
    SECONDS.clear()
    return differences


def c_files(folder, only):
    found = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs
                   if f.endswith(".c"))
    return [f for f in found if not only or only in f]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--examples", help="diagnose every .c file under DIR")
    ap.add_argument("--corpus", help="prove every .c file under DIR")
    ap.add_argument("--only", help="only files whose path contains this")
    ap.add_argument("--file-timeout", type=float, default=900)
    args = ap.parse_args()
    differences = 0
    if args.examples:
        differences += compare(args.before, args.after, "diagnose",
                               c_files(args.examples, args.only), [], args.file_timeout)
    if args.corpus:
        differences += compare(args.before, args.after, "prove", c_files(args.corpus, args.only),
                               include_flags(args.corpus), args.file_timeout)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
