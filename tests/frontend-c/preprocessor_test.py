#!/usr/bin/env python3
"""The preprocessor's command-line options (tests/frontend-c/pp/main.c): without -I the header is
not found (a located error, exit 2); with -I it checks; -D NAME adds the function under #ifdef;
-D NAME=VALUE replaces a default the header leaves to the command line."""
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
print("\n".join(failures) or "ok")
sys.exit(1 if failures else 0)
