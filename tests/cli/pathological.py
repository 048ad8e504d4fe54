#!/usr/bin/env python3
"""Pathological inputs end within their limits with a clear outcome, never a crash or a hang.

Each case is a generated program, a command, the exit codes it may end with, what its output must
say, and a wall-clock bound well above the limits the command is given (the bound catches a hang;
the limits are what must stop the work). Cases: huge constants, deep nesting of expressions,
statements and includes, loops that never end (run, prove, diagnose), quantifiers over huge
ranges, a 10,000-line function, a macro bomb.

usage: pathological.py TRIAGE
"""
import os
import subprocess
import sys
import tempfile
import time

triage = sys.argv[1]
failures = []


def case(name, files, args, exits, expect=(), bound=60.0, where=None):
    """Writes `files` (name -> text) to a fresh directory and runs `triage ARGS` there."""
    with tempfile.TemporaryDirectory() as d:
        for fname, text in files.items():
            with open(os.path.join(d, fname), "w") as f:
                f.write(text)
        start = time.monotonic()
        try:
            out = subprocess.run([triage, *args], cwd=d, capture_output=True, text=True,
                                 timeout=bound)
        except subprocess.TimeoutExpired:
            failures.append("%s: still running after %.0f s" % (name, bound))
            return
        took = time.monotonic() - start
        text = out.stdout + out.stderr
        if out.returncode not in exits:
            failures.append("%s: exit %d (expected %s): %s" % (name, out.returncode, exits,
                                                                text.strip()[-400:]))
        for e in expect:
            if e not in text:
                failures.append("%s: output lacks %r: %s" % (name, e, text.strip()[-400:]))
        if where and not any(l.startswith(where) for l in out.stderr.splitlines()):
            failures.append("%s: no error located at %s: %s" % (name, where, out.stderr.strip()))
        print("%-40s exit %d  %.1f s" % (name, out.returncode, took))


# ---- huge constants
case("C constant beyond 64 bits", {"a.c": "int f(void) { return 123456789012345678901234567890; }\n"},
     ["check", "a.c"], {2}, where="a.c:1:")
case("huge constants in logic", {"a.c": """
/*@ requires x > -100000000000000000000000000000000000000000;
    assigns \\nothing;
    ensures \\result * 1000000000000000000000000000000 < 10000000000000000000000000000000000000000000000000; */
int f(int x) { return x; }
"""}, ["prove", "a.c", "--timeout", "5"], {0}, expect=["proved"])
case("huge constant in the IR", {"a.ivl": "fun f(x: int) : int ensures { result > x } { return x + 1%s; }\n" % ("0" * 3000)},
     ["prove", "a.ivl", "--timeout", "5"], {0}, expect=["proved"])

# ---- deep nesting
case("expression nested 100000 deep", {"a.c": "int f(void) { return %s1%s; }\n" % ("(" * 100000, ")" * 100000)},
     ["check", "a.c"], {2}, where="a.c:1:")
case("statements nested 20000 deep", {"a.c": "void f(void) %s%s\n" % ("{" * 20000, "}" * 20000)},
     ["check", "a.c"], {2}, where="a.c:1:")
case("IR expression nested 100000 deep", {"a.ivl": "fun f() : int { return %s1%s; }\n" % ("(" * 100000, ")" * 100000)},
     ["check", "a.ivl"], {2}, where="a.ivl:1:")
case("IR chain of 100000 additions", {"a.ivl": "fun f() : int { return %s1; }\n" % ("1 + " * 100000)},
     ["check", "a.ivl"], {2}, expect=["expression too long"])
case("IR chain of 100000 implications", {"a.ivl": "fun f() : bool { return %strue; }\n" % ("true -> " * 100000)},
     ["check", "a.ivl"], {2}, expect=["nesting too deep"])
case("C chain of 100000 assignments", {"a.c": "int f(int x) { return %s1; }\n" % ("x = " * 100000)},
     ["check", "a.c"], {2}, expect=["nesting too deep"])
case("C chain of 100000 implications", {"a.c": "/*@ ensures %s\\true; */ void f(void) {}\n" % ("\\true ==> " * 100000)},
     ["check", "a.c"], {2}, expect=["nesting too deep"])
case("annotation nested 50000 deep", {"a.c": "/*@ ensures %s\\true%s; */\nvoid f(void) {}\n" % ("!(" * 50000, ")" * 50000)},
     ["check", "a.c"], {2}, where="a.c:1:")
case("include cycle", {"a.c": '#include "a.h"\nint f(void) { return 0; }\n', "a.h": '#include "a.h"\n'},
     ["check", "a.c"], {2}, expect=["#include nested too deeply"])
case("macro bomb", {"a.c": "#define A0 1\n" + "".join("#define A%d (A%d + A%d)\n" % (i, i - 1, i - 1) for i in range(1, 40)) +
                    "int f(void) { return A39; }\n"},
     ["check", "a.c"], {2}, expect=["macro expansion too large"])

# ---- loops that never end
forever = """
/*@ assigns \\nothing;
    ensures \\result == 0; */
int f(int x)
{
  while (x == x) { x = x + 0; }
  return 0;
}
"""
# `triage run`: exit 3 when a limit stops the run (docs/rac.md).
case("a run that never ends", {"a.c": forever}, ["run", "a.c", "--function", "f", "--input", "x=1", "--timeout", "2"],
     {3}, expect=["a.c:6:", "limit reached"], bound=30)
case("prove a loop that never ends", {"a.c": forever}, ["prove", "a.c", "--timeout", "2"], {0, 1}, bound=60)
case("diagnose a loop that never ends", {"a.c": forever}, ["diagnose", "a.c", "--deadline", "10"], {0, 1}, bound=40)

# ---- quantifiers over huge ranges
huge_range = """
/*@ requires \\forall integer k; 0 <= k < 100000000000 ==> k >= 0;
    assigns \\nothing;
    ensures \\forall integer k; 0 <= k < 100000000000 ==> k + x >= x; */
int f(int x) { return x; }
"""
case("run a quantifier over 10^11 values", {"a.c": huge_range},
     ["run", "a.c", "--function", "f", "--input", "x=1", "--timeout", "2"], {3},
     expect=["a.c:2:5: limit reached"], bound=30)
case("prove a quantifier over 10^11 values", {"a.c": huge_range}, ["prove", "a.c"], {0}, bound=60)
case("diagnose a quantifier over 10^11 values", {"a.c": huge_range.replace("k + x >= x", "k + x > x")},
     ["diagnose", "a.c", "--deadline", "20"], {1}, bound=60)

# ---- a 10,000-line function
lines = "".join("  x = x + 1;\n" for _ in range(10000))
long_fn = "/*@ requires 0 <= x <= 1000;\n    assigns \\nothing;\n    ensures \\result == \\old(x) + 10000; */\n" \
          "int f(int x)\n{\n%s  return x;\n}\n" % lines
case("check a 10,000-line function", {"a.c": long_fn}, ["check", "a.c"], {0}, bound=60)
# The deadline stops the proof (goals left are not_run); a VC per statement stays linear in size.
case("prove a 10,000-line function", {"a.c": long_fn}, ["prove", "a.c", "--deadline", "10"], {1},
     expect=["not_run", "10002 goals"], bound=60)
case("run a 10,000-line function", {"a.c": long_fn}, ["run", "a.c", "--function", "f", "--input", "x=3"], {0},
     expect=["ok"], bound=60)

print("\n".join(failures) or "ok")
sys.exit(1 if failures else 0)
