#!/usr/bin/env python3
"""Counterexamples are states C can have, replayed by C itself (issue 35, item 3).

  native_replay_test.py TRIAGE DIR

For each non-compliance `triage diagnose --format json` finds in DIR's programs, builds a C
harness from its `source_inputs` (the inputs as the program names them): a pointer to a
structure is a malloc'd object (one whole object, or a 0-byte block for "no object"), a pointer
to integers a malloc'd block, a structure a compound literal; globals are assigned. The harness
includes the program, calls the function, and is built with gcc under AddressSanitizer and
UndefinedBehaviorSanitizer (bounds included). A runtime-error goal (rte_*) must stop the native
run with a sanitizer report; an annotation's failure must come after a run without one (no
runtime error on the way: the annotation is the first check that fails, as `triage run` says).
Skipped (exit 0, with a message) without gcc or its sanitizer libraries."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FILES = ["objects.c", "nested.c", "arrays.c", "addresses.c", "programs.c", "bugs.c"]


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)


def signatures(source):
    """function name -> [(C type text, parameter name)] of the definitions in `source`."""
    out = {}
    for ret, name, params in re.findall(r"^([A-Za-z_][\w \*]*?)\s*\b(\w+)\(([^)]*)\)\s*\{",
                                        source, re.M):
        ps = []
        for p in [x.strip() for x in params.split(",") if x.strip() and x.strip() != "void"]:
            m = re.fullmatch(r"(.*?)(\w+)", p)
            ps.append((m.group(1).strip(), m.group(2)))
        out[name] = ps
    return out


def literal(value):
    """A C initialiser for a structure's JSON value."""
    if isinstance(value, dict):
        return "{" + ", ".join(".%s = %s" % (k, literal(v)) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "{" + ", ".join(literal(v) for v in value) + "}"
    return str(value)


class Harness:
    def __init__(self):
        self.lines, self.n = [], 0

    def fresh(self):
        self.n += 1
        return "v%d" % self.n

    def block(self, elem, cells):
        """A malloc'd block of `cells` (JSON) of type `elem`: its name."""
        v = self.fresh()
        self.lines.append("%s *%s = malloc(%d * sizeof(%s));" % (elem, v, len(cells), elem))
        for i, c in enumerate(cells):
            self.lines.append("%s[%d] = %s;" % (v, i, self.value(elem, c)))
        return v

    def value(self, ctype, value):
        """An expression of C type `ctype` for `value` (source_inputs form)."""
        if value is None:
            return "NULL"
        if ctype.endswith("*"):
            elem = ctype[:-1].strip().replace("const ", "")
            if isinstance(value, list) and value and isinstance(value[0], dict):
                v = self.fresh()  # one whole object
                self.lines.append("%s *%s = malloc(sizeof(%s));" % (elem, v, elem))
                self.lines.append("*%s = (%s)%s;" % (v, elem, self.structure(elem, value[0])))
                return v
            if value == []:  # no object: a block of no byte
                v = self.fresh()
                self.lines.append("%s *%s = malloc(0);" % (elem, v))
                return v
            return self.block(elem, value)
        if isinstance(value, dict):
            return "(%s)%s" % (ctype, self.structure(ctype, value))
        return str(value)

    def structure(self, ctype, value):
        # A list is an array field's cells; a pointer field's list becomes its block below
        # (harness_for: a compound literal array, alive as long as main).
        return literal(value)


def pointer_fields(source):
    """Fields declared as pointers: `int *data;` -> {"data"} (their lists are blocks)."""
    return set(re.findall(r"^\s+\w[\w ]*\*\s*(\w+);", source, re.M))


def harness_for(path, source, goal, sigs):
    inputs = goal["source_inputs"]
    fn = goal["counterexample"]["function"]
    h = Harness()
    args = []
    for ctype, name in sigs[fn]:
        if name not in inputs:
            return None
        args.append(h.value(ctype, inputs[name]))
    for name, value in inputs.items():  # globals
        if name in [n for _, n in sigs[fn]]:
            continue
        if isinstance(value, dict):
            h.lines.append("%s = (__typeof__(%s))%s;" % (name, name, literal(value)))
        else:
            return None
    pf = pointer_fields(source)
    body = "\n  ".join(h.lines)
    # A pointer field's cells: a compound literal array lives as long as main.
    for f in pf:
        body = re.sub(r"\.%s = \{([^{}]*)\}" % f, r".%s = (int[]){\1}" % f, body)
    return ('#include <stdlib.h>\n#include "%s"\nint main(void) {\n  %s\n  %s(%s);\n  return 0;\n}\n'
            % (os.path.abspath(path), body, fn, ", ".join(args)))


def main():
    triage, here = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    gcc = shutil.which("gcc")
    flags = ["-O0", "-g", "-w", "-fsanitize=address,undefined", "-fsanitize=bounds",
             "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        open(probe, "w").write("int main(void) { return 0; }\n")
        if not gcc or run([gcc, *flags, probe, "-o", probe + ".bin"]).returncode != 0:
            print("skipped: no gcc with AddressSanitizer and UndefinedBehaviorSanitizer here")
            return 0
        for name in FILES:
            path = os.path.join(here, name)
            source = open(path).read()
            for header in re.findall(r'^#include "([^"]+)"', source, re.M):  # its types too
                source += open(os.path.join(here, header)).read()
            sigs = signatures(source)
            report = json.loads(run([triage, "diagnose", path, "--format", "json"]).stdout)
            for g in report["goals"]:
                if g["verdict"] != "non_compliance" or not g.get("counterexample"):
                    continue
                what = "%s: %s %s line %s" % (name, g["function"], g["kind"], g["line"])
                c = harness_for(path, source, g, sigs)
                if c is None:
                    failures.append(what + ": no C harness for %s" % g["source_inputs"])
                    continue
                src = os.path.join(tmp, "h%d.c" % checked)
                open(src, "w").write(c)
                build = run([gcc, *flags, src, "-o", src + ".bin"])
                if build.returncode != 0:
                    failures.append(what + ": the harness does not build:\n" + c + build.stderr)
                    continue
                out = run([src + ".bin"], env={**os.environ, "ASAN_OPTIONS": "detect_leaks=0"})
                sanitizer = "AddressSanitizer" in out.stderr or "runtime error" in out.stderr
                checked += 1
                if g["kind"].startswith("rte_") and not sanitizer:
                    failures.append(what + ": triage finds a runtime error, the native run "
                                    "does not (exit %d)\n%s" % (out.returncode, c))
                if not g["kind"].startswith("rte_") and (sanitizer or out.returncode != 0):
                    failures.append(what + ": the native run stops before the annotation:\n"
                                    + out.stderr[:2000] + c)
    for f in failures:
        print("FAIL " + f)
    print("%d counterexamples replayed natively, %d failures" % (checked, len(failures)))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
