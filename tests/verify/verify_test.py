#!/usr/bin/env python3
"""`triage verify` on verification tasks, checked against independent oracles.

  verify_test.py TRIAGE TASK_DIR...

For every task (.yml) of the directories (a missing directory is skipped):
- the verdict is the expected one, or unknown for a true task (a wrong verdict, or a false task
  not found, fails the test);
- a false answer's test case (Test-Comp XML) replays: `triage run --test-case` fails the property
  (exit code 1), and so does the task built natively with gcc and tests/verify/native_harness.c,
  which feeds the same values to the nondeterministic calls (unreach-call: the run aborts in
  reach_error; no-overflow: UBSan reports the signed overflow);
- `triage verify --format json` gives the same verdicts, with the score of the competitions.
Then bad task definitions: a clear `file:line:col: error:` and exit code 2.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def can_build_m32(gcc, workdir):
    """Whether gcc builds 32-bit programs here (the i386 libraries are installed)."""
    src = os.path.join(workdir, "m32.c")
    with open(src, "w") as f:
        f.write("int main(void) { return 0; }\n")
    return subprocess.run([gcc, "-m32", "-o", src + ".bin", src], capture_output=True).returncode == 0


def native_fails(task_c, prop, testcase, workdir, data_model):
    """Whether the task built natively breaks its property on the test case (None: no gcc, or
    an ILP32 task whose verdict depends on the data model and no 32-bit build here)."""
    gcc = shutil.which("gcc")
    if not gcc:
        return None
    m32 = data_model == "ILP32" and can_build_m32(gcc, workdir)
    # The tasks named ilp32_* differ between the data models; the others build the same.
    if data_model == "ILP32" and not m32 and os.path.basename(task_c).startswith("ilp32_"):
        print(f"  (no 32-bit gcc here: {os.path.basename(task_c)} is not built natively)")
        return None
    exe = os.path.join(workdir, os.path.basename(task_c) + ".bin")
    flags = ["-fsanitize=signed-integer-overflow", "-fno-sanitize-recover=all"] \
        if prop == "no-overflow" else []
    if m32:
        flags.append("-m32")
    subprocess.run([gcc, "-O0", "-w", *flags, "-o", exe, task_c,
                    os.path.join(HERE, "native_harness.c")], check=True)
    r = subprocess.run([exe], env=dict(os.environ, TESTCASE=testcase), capture_output=True,
                       text=True, timeout=120)
    if prop == "no-overflow":
        return "runtime error" in r.stderr and "overflow" in r.stderr
    return r.returncode != 0 and "reach_error" in r.stderr


def main():
    triage, dirs = sys.argv[1], sys.argv[2:]
    tasks = [t for d in dirs if os.path.isdir(d) for t in sorted(glob.glob(os.path.join(d, "*.yml")))]
    if not tasks:
        fail("no tasks found")
    work = tempfile.mkdtemp(prefix="verify-test-")
    found = missed = 0
    for task in tasks:
        r = subprocess.run([triage, "verify", task, "--format", "json", "--test-cases", work],
                           capture_output=True, text=True, timeout=900)
        if r.returncode not in (0, 1):
            fail(f"{task}: exit code {r.returncode}: {r.stderr.strip()}")
            continue
        for a in json.loads(r.stdout)["tasks"]:
            v, exp = a["verdict"], a["expected"]
            print(f"{os.path.basename(task)}: {v} (expected {exp}) {a['reason']} [{a['time_ms']} ms]")
            if exp is not None and v != "unknown" and v != exp:
                fail(f"{task}: wrong verdict {v}, expected {exp}")
            if exp == "false":
                if v == "false":
                    found += 1
                else:
                    missed += 1
                    fail(f"{task}: the bug is not found ({v}: {a['reason']})")
            if exp is not None and a["score"] != {("true", "true"): 2, ("false", "false"): 1}.get((v, exp), a["score"]):
                fail(f"{task}: score {a['score']} for {v} against {exp}")
            if v != "false":
                continue
            tc = a["test_case"]
            if not tc or not os.path.exists(tc):
                fail(f"{task}: no test case written")
                continue
            run = subprocess.run([triage, "run", a["program"], "--function", "main",
                                  "--data-model", a["data_model"],
                                  "--test-case", tc, "--steps", "1000000000", "--timeout", "600"],
                                 capture_output=True, text=True, timeout=900)
            if run.returncode != 1:
                fail(f"{task}: the test case does not replay under triage run "
                     f"(exit {run.returncode}): {run.stdout.strip()[:300]}")
            native = native_fails(a["program"], a["property"], tc, work, a["data_model"])
            if native is False:
                fail(f"{task}: the native build does not break {a['property']} on the test case")
    print(f"false tasks found: {found} of {found + missed}")
    test_suite(triage, work)
    bad_inputs(triage, work)
    shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print("ok")
    return 0


def test_suite(triage, work):
    """`triage dse --test-suite`: metadata.xml and a test case per run; the failing run's test
    case replays the failure under `triage run` and natively."""
    task = os.path.join(HERE, "tasks", "stream_count_false.c")
    suite = os.path.join(work, "suite")
    r = subprocess.run([triage, "dse", task, "--function", "main", "--test-suite", suite,
                        "--format", "json"], capture_output=True, text=True, timeout=600)
    tests = json.loads(r.stdout)["tests"] if r.stdout.strip().startswith("{") else []
    files = sorted(f for f in os.listdir(suite) if f.startswith("test")) if os.path.isdir(suite) else []
    if not os.path.exists(os.path.join(suite, "metadata.xml")) or len(files) != len(tests) or not tests:
        fail(f"dse --test-suite: {len(files)} test files for {len(tests)} tests, metadata "
             f"{os.path.exists(os.path.join(suite, 'metadata.xml'))}")
        return
    failing = [i for i, t in enumerate(tests) if t["outcome"] == "failure"]
    if not failing:
        fail("dse --test-suite: no failing run on stream_count_false.c")
        return
    tc = os.path.join(suite, f"test{failing[0] + 1}.xml")
    run = subprocess.run([triage, "run", task, "--function", "main", "--test-case", tc],
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 1:
        fail(f"dse --test-suite: {tc} does not replay the failure (exit {run.returncode})")
    if native_fails(task, "unreach-call", tc, work, "LP64") is False:
        fail(f"dse --test-suite: {tc} does not fail natively")


def bad_inputs(triage, work):
    """Task definitions that are not: located errors, exit code 2."""
    cases = {
        "not_yaml.yml": ("format_version: '2.0'\ninput_files: [a.c\n", ":"),
        "no_version.yml": ("input_files: 'a.c'\nproperties: []\n", "format_version"),
        "bad_verdict.yml": ("format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n"
                            "  - property_file: p.prp\n    expected_verdict: maybe\n", "expected_verdict"),
        "no_file.yml": ("format_version: '2.0'\ninput_files: 'missing.c'\nproperties:\n"
                        "  - property_file: p.prp\n", "missing.c"),
    }
    for name, (text, word) in cases.items():
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run([triage, "verify", path], capture_output=True, text=True, timeout=60)
        first = r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""
        if r.returncode != 2 or ": error: " not in first or word not in first:
            fail(f"{name}: expected a located error naming {word!r} and exit code 2, got "
                 f"{r.returncode}: {first!r}")

    # A program triage does not read: that task is unknown with the located error, the others
    # are answered, and the exit code says bad input.
    c = os.path.join(work, "unread.c")
    with open(c, "w") as f:
        f.write("extern int __VERIFIER_nondet_int(void);\n"
                "int main(void) { union { int i; } u; u.i = __VERIFIER_nondet_int(); return 0; }\n")
    yml = os.path.join(work, "unread.yml")
    with open(yml, "w") as f:
        f.write("format_version: '2.0'\ninput_files: 'unread.c'\nproperties:\n"
                "  - property_file: p.prp\n    expected_verdict: true\n")
    other = os.path.join(HERE, "tasks", "stream_count_false.yml")
    r = subprocess.run([triage, "verify", yml, other, "--format", "json"], capture_output=True,
                       text=True, timeout=600)
    first = r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""
    answers = json.loads(r.stdout)["tasks"] if r.stdout.strip().startswith("{") else []
    if (r.returncode != 2 or "unread.c:2:" not in first or ": error: " not in first or
            [a["verdict"] for a in answers] != ["unknown", "false"] or
            not answers[0]["reason"].startswith("the program is not read")):
        fail(f"an unreadable program among tasks: exit {r.returncode}, {first!r}, "
             f"{[(a['verdict'], a['reason']) for a in answers]}")


if __name__ == "__main__":
    sys.exit(main())
