#!/usr/bin/env python3
"""Every registered test has exactly one tier label (README "Test tiers").

A test without a tier would run in CI but in no tier a developer runs, or in two at once.
usage: tiers.py BUILD_DIR
"""
import json
import subprocess
import sys

TIERS = {"unit", "cli", "corpus", "slow", "bench"}


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=sys.argv[1], capture_output=True,
                         text=True, check=True)
    bad = []
    tests = json.loads(out.stdout)["tests"]
    for t in tests:
        if t["name"].endswith("_NOT_BUILT"):  # gtest discovery placeholders before a build
            continue
        labels = []
        for p in t.get("properties", []):
            if p["name"] == "LABELS":
                labels = p["value"]
        tiers = [label for label in labels if label in TIERS]
        if len(tiers) != 1:
            bad.append(f"{t['name']}: tiers {tiers or 'none'}")
    for b in bad:
        print(b)
    print(f"{len(tests)} tests, {len(bad)} without exactly one tier")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
