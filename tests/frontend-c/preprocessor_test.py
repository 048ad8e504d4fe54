#!/usr/bin/env python3
"""The preprocessor's command-line options (tests/frontend-c/pp/main.c): without -I the header is
not found (a located error, exit 2); with -I it checks; -D NAME adds the function under #ifdef;
-D NAME=VALUE replaces a default the header leaves to the command line; the replay line of a
diagnosis carries -I and -D and replays."""
import json
import os
import subprocess
import sys

triage, here = sys.argv[1], os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "pp", "main.c")
inc = "-I" + os.path.join(here, "pp", "include")
failures = []


def run(*args):
    return subprocess.run([triage, *args], capture_output=True, text=True, timeout=120)


out = run("check", src)
if out.returncode != 2 or not out.stderr.startswith(src + ":2:10: error: cannot find \"lib.h\""):
    failures.append("without -I: exit %d, %r" % (out.returncode, out.stderr))
out = run("check", inc, src)
if out.returncode != 0:
    failures.append("with -I: exit %d, %r" % (out.returncode, out.stderr))


def functions(*flags):
    p = run("prove", *flags, src, "--format", "json")
    if p.returncode != 0:
        failures.append("prove %s: exit %d %s" % (" ".join(flags), p.returncode, p.stderr))
        return set()
    return {g["function"] for g in json.loads(p.stdout)["goals"]}


if functions(inc) != {"scaled"}:
    failures.append("without -D WITH_TWICE, only 'scaled' should have goals")
if functions(inc, "-D", "WITH_TWICE") != {"scaled", "twice"}:
    failures.append("-D WITH_TWICE should add 'twice'")
if functions(inc, "-DSCALE=5", "-DWITH_TWICE") != {"scaled", "twice"}:
    failures.append("-DSCALE=5 -DWITH_TWICE: every goal should be proved")
# A diagnosis of a file read with -I and -D replays with them: its replay line carries them.
out = run("diagnose", inc, "-DWITH_BUG", src, "--format", "json")
replays = [g.get("replay") for g in json.loads(out.stdout)["goals"] if g.get("verdict") == "non_compliance"] \
    if out.returncode == 1 else []
if len(replays) != 1 or not replays[0]:
    failures.append("diagnose -DWITH_BUG: expected one non-compliance with a replay line: %s" % out.stdout[-500:])
else:
    cmd = replays[0].replace("triage run", subprocess.list2cmdline([triage, "run"]), 1)
    rep = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, timeout=120)
    if rep.returncode != 1 or "failure: postcondition" not in rep.stdout + rep.stderr:
        failures.append("the replay line did not replay (exit %d): %s %s" % (rep.returncode, cmd, rep.stdout + rep.stderr))
print("\n".join(failures) or "ok")
sys.exit(1 if failures else 0)
