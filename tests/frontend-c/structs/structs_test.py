#!/usr/bin/env python3
"""Structures, end to end from C (docs/c-frontend.md, "Structures").

  structs_test.py TRIAGE DIR

DIR/stack.c: every goal is proved (exit 0), and its compiled IR reads back and proves the same.
DIR/bugs.c, DIR/objects.c, DIR/nested.c, DIR/addresses.c, DIR/arrays.c, DIR/matrix.c, DIR/programs.c,
DIR/records.c, DIR/values.c and every program of DIR/corpus/: each `// expect: GOAL VERDICT` line holds under `triage diagnose
--format json` (GOAL is an annotation id, or FUNCTION.KIND for a runtime-error goal), and the
replay command of each verdict but `proved` fails the goal again when run (exit 1). Every
counterexample is a state C can have: the fields of one structure pointer (the pointers its
compiled IR says are `same_object`) are all null, or blocks that hold the same number of whole
objects (none, one or an array of them); and it is shown as the program names it (`node = &{id = 0,
value = 1}` in text, `source_inputs` in JSON, `--input 'node=[{"id":0,"value":1}]'` in the
replay line), never by its IR parts. The search through a pointer to a structure
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


def object_groups(triage, path):
    """The pointers the compiled IR of `path` assumes are the fields of one object, each with
    its cells per object: ((name, cells), ...)."""
    ir = run([triage, "compile", path]).stdout
    groups = set()
    for m in re.findall(r"same_object\(((?:[^()]|\([^()]*\))*)\)", ir):
        group = []
        for item in m.split(", "):
            r = re.fullmatch(r"(\w+)(?: \+ \(0 \.\. (\d+)\))?", item)
            group.append((r.group(1), int(r.group(2)) + 1 if r.group(2) else 1))
        groups.add(tuple(group))
    return groups


def check_whole_objects(goal, groups, failures, path):
    inputs = (goal.get("counterexample") or {}).get("inputs", {})
    for group in groups:
        if not all(name in inputs for name, _ in group):
            continue
        values = [inputs[name] for name, _ in group]
        if all(v is None for v in values):
            continue
        # Into the objects of another structure input (`to = &from[0]`): every part into the
        # same part of one group, at the same object.
        if all(isinstance(v, dict) and "block" in v for v in values):
            into = [g for g in groups if [b["block"] for b in values] == [n for n, _ in g]]
            index = {v.get("offset", 0) // n for v, (_, n) in zip(values, group)}
            if not into or len(index) != 1 or any(v.get("offset", 0) % n
                                                  for v, (_, n) in zip(values, group)):
                failures.append("%s: %s: parts into different objects: %s" % (
                    path, goal_name(goal), {n: inputs[n] for n, _ in group}))
            continue
        # Whole objects, as many in each part's block (each part its cells per object): what
        # an array of C structures can be (none, one, several).
        lists = all(isinstance(v, list) for v in values)
        count = len(values[0]) // group[0][1] if lists else -1
        if not lists or any(len(v) != count * n for v, (_, n) in zip(values, group)):
            failures.append("%s: %s: not whole objects in the counterexample: %s" % (
                path, goal_name(goal), {n: inputs[n] for n, _ in group}))


def check_bugs(triage, path, failures, pop_check=True, groups=True):
    expected = dict(re.findall(r"^// expect: (\S+) (\S+)$", open(path).read(), re.M))
    if not expected:
        failures.append("%s: no expect line" % path)
    out = run([triage, "diagnose", path, "--format", "json"], cwd=os.path.dirname(path))
    report = json.loads(out.stdout)
    goals = {}  # several goals share a name (runtime errors of one function): any one answers
    for g in report["goals"]:
        goals.setdefault(goal_name(g), []).append(g)
    has_groups = groups
    groups = object_groups(triage, path)
    if has_groups and not groups:
        failures.append("%s: no structure pointer is assumed to be one object" % path)
    parts = {name for group in groups for name, _ in group}
    for g in report["goals"]:
        check_whole_objects(g, groups, failures, path)
        # Counterexamples speak the program's language: `node`, not its parts `node_id`.
        shown = set(g.get("source_inputs") or {}) if g["counterexample"] else set()
        if shown & parts:
            failures.append("%s: %s: inputs shown by their IR parts: %s" % (
                path, goal_name(g), sorted(shown & parts)))
        replay = g.get("replay") or ""
        if "--input" in replay and any("--input '%s=" % n in replay or "--input %s=" % n in replay
                                       for n in parts):
            failures.append("%s: %s: the replay line names IR parts: %s" % (
                path, goal_name(g), replay))
    text = run([triage, "diagnose", path], cwd=os.path.dirname(path)).stdout
    for line in text.splitlines():
        if line.startswith("  inputs: ") and any(re.search(r"\b%s = " % n, line) for n in parts):
            failures.append("%s: the text names IR parts: %s" % (path, line))
    for name, verdict in expected.items():
        named = goals.get(name, [])
        # `proved`: every goal of that name; a failure verdict: one of them.
        ok = named and (all(g["verdict"] == verdict for g in named) if verdict == "proved"
                        else any(g["verdict"] == verdict for g in named))
        if not ok:
            failures.append("%s: %s: expected %s, got %s" % (
                path, name, verdict, [g["verdict"] for g in named] or "no such goal"))
            continue
        g = next(g for g in named if g["verdict"] == verdict)
        if verdict == "proved":
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
    if not pop_check:
        return
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
    check_bugs(triage, os.path.join(here, "objects.c"), failures, pop_check=False)
    check_bugs(triage, os.path.join(here, "nested.c"), failures, pop_check=False)
    check_bugs(triage, os.path.join(here, "addresses.c"), failures, pop_check=False, groups=False)
    check_bugs(triage, os.path.join(here, "arrays.c"), failures, pop_check=False)
    check_bugs(triage, os.path.join(here, "matrix.c"), failures, pop_check=False, groups=False)
    check_bugs(triage, os.path.join(here, "programs.c"), failures, pop_check=False)
    check_bugs(triage, os.path.join(here, "records.c"), failures, pop_check=False)
    check_bugs(triage, os.path.join(here, "values.c"), failures, pop_check=False)
    corpus = os.path.join(here, "corpus")  # one program per file
    for name in sorted(os.listdir(corpus)):
        if name.endswith(".c"):
            check_bugs(triage, os.path.join(corpus, name), failures, pop_check=False, groups=False)
    # The test generator finds the bug that needs an array of two structures: a run from it.
    out = run([triage, "diagnose", os.path.join(here, "records.c"), "--strategy", "test",
               "--function", "find_first_only", "--format", "json"])
    goal = [g for g in json.loads(out.stdout)["goals"] if g["kind"] == "postcondition"]
    objects = goal and (goal[0].get("source_inputs") or {}).get("a")
    if not goal or goal[0]["verdict"] != "non_compliance" or not isinstance(objects, list) \
            or len(objects) < 2:
        failures.append("records.c: find_first_only by testing: %s" % (goal or out.stderr))
    # A matrix is shown row by row, in text and in the replay line.
    text = run([triage, "diagnose", os.path.join(here, "matrix.c")]).stdout
    if "grid = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]" not in text or "'grid=[[0,0,0]," not in text:
        failures.append("matrix.c: grid is not shown row by row:\n" + text)
    # A structure input of the wrong shape is a usage error that says the expected one.
    bad = run([triage, "run", os.path.join(here, "objects.c"), "--function", "off_by_one",
               "--input", "n=[1]"])
    if bad.returncode != 2 or "a pointer to structures is null or the list of the objects" not in bad.stderr:
        failures.append("run --input n=[1]: exit %d: %s" % (bad.returncode, bad.stderr))
    for f in failures:
        print("FAIL " + f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
