#!/usr/bin/env python3
"""Structures, end to end from C (docs/c-frontend.md, "Structures").

  structs_test.py TRIAGE DIR

DIR/stack.c: every goal is proved (exit 0), and its compiled IR reads back and proves the same.
DIR/bugs.c: each `// expect: GOAL VERDICT` line holds under `triage diagnose --format json`
(GOAL is an annotation id, or FUNCTION.KIND for a runtime-error goal), and the replay command of
each verdict fails the goal again when run (exit 1). The search through a pointer to a structure
never claims to be complete: the pointers a structure holds are not explored, so no
`prover_incapacity` may rest on it."""
import json
import os
import re
import subprocess
import sys
import tempfile


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)


def goal_name(g):
    return g["id"] or "%s.%s" % (g["function"], g["kind"])


def check_proved(triage, path, failures):
    out = run([triage, "prove", path])
    summary = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    m = re.match(r"(\d+) goals, (\d+) proved, 0 failed$", summary)
    if out.returncode != 0 or not m or m.group(1) != m.group(2):
        failures.append("%s: not every goal proved (exit %d): %s %s" % (
            path, out.returncode, summary, out.stderr.strip()))
    with tempfile.TemporaryDirectory() as tmp:
        ivl = os.path.join(tmp, "stack.ivl")
        comp = run([triage, "compile", path, "-o", ivl])
        again = run([triage, "prove", ivl]) if comp.returncode == 0 else comp
        last = again.stdout.strip().splitlines()[-1] if again.stdout.strip() else ""
        if again.returncode != 0 or last != summary:
            failures.append("%s: its IR proves differently: '%s' against '%s' %s" % (
                path, last, summary, again.stderr.strip()))


def check_bugs(triage, path, failures):
    expected = dict(re.findall(r"^// expect: (\S+) (\S+)$", open(path).read(), re.M))
    if not expected:
        failures.append("%s: no expect line" % path)
    out = run([triage, "diagnose", path, "--format", "json"], cwd=os.path.dirname(path))
    report = json.loads(out.stdout)
    goals = {goal_name(g): g for g in report["goals"]}
    for name, verdict in expected.items():
        g = goals.get(name)
        if not g or g["verdict"] != verdict:
            failures.append("%s: %s: expected %s, got %s" % (
                path, name, verdict, g["verdict"] if g else "no such goal"))
            continue
        replay = g["counterexample"] and g.get("replay")
        if not replay:
            failures.append("%s: %s: a %s without replay command" % (path, name, verdict))
            continue
        again = run(["bash", "-c", replay.replace("triage ", triage + " ", 1)],
                    cwd=os.path.dirname(path))
        if again.returncode != 1:
            failures.append("%s: %s: the replay exited %d, not 1: %s" % (
                path, name, again.returncode, replay))
    for g in report["goals"]:
        if g["verdict"] in ("prover_incapacity", "likely_prover_incapacity"):
            failures.append("%s: %s: %s rests on a search that is not complete" % (
                path, goal_name(g), g["verdict"]))
    dse = json.loads(run([triage, "dse", path, "--function", "pop", "--format", "json"]).stdout)
    if dse["complete"] or not any("null and shared blocks are not explored" in why
                                 for why in dse["incomplete_because"]):
        failures.append("%s: the search of pop claims to be complete: %s" % (
            path, dse["incomplete_because"]))


def main():
    triage, here = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    failures = []
    check_proved(triage, os.path.join(here, "stack.c"), failures)
    check_bugs(triage, os.path.join(here, "bugs.c"), failures)
    for f in failures:
        print("FAIL " + f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
