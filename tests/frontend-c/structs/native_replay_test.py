#!/usr/bin/env python3
"""Counterexamples are states C can have, replayed by C itself (issue 35, item 3).

  native_replay_test.py TRIAGE DIR

For each non-compliance `triage diagnose --format json` finds in DIR's programs, builds a C
harness from its `source_inputs` (the inputs as the program names them): a pointer to a
structure is a malloc'd array of whole objects (a 0-byte block for "no object"), a pointer
to integers a malloc'd block, a structure a compound literal; globals are assigned. The harness
includes the program, calls the function, and is built with gcc under AddressSanitizer and
UndefinedBehaviorSanitizer (bounds included). A runtime-error goal (rte_*, and the index
bounds of arrays inside objects) must stop the native run with a sanitizer report. A
postcondition's failure must come after a run without one, and the postcondition, written in C
by acsl_to_c.py (`\\old` reads copies of the inputs made before the call), must be false after
the native call: the annotation is the first check that fails, as `triage run` says.
Skipped (exit 0, with a message) without gcc or its sanitizer libraries."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import acsl_to_c

FILES = ["objects.c", "nested.c", "arrays.c", "addresses.c", "programs.c", "bugs.c", "records.c", "values.c",
         "matrix.c"]


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)


def signatures(source):
    """function name -> (return type text, [(C type text, parameter name)]) of the definitions
    in `source`."""
    out = {}
    for ret, name, params in re.findall(r"^([A-Za-z_][\w \*]*?)\s*\b(\w+)\(([^)]*)\)\s*\{",
                                        source, re.M):
        ps = []
        for p in [x.strip() for x in params.split(",") if x.strip() and x.strip() != "void"]:
            m = re.fullmatch(r"(.*?)(\w+)", p)
            if m:
                ps.append((m.group(1).strip(), m.group(2)))
            else:  # an array of arrays (its declaration declares a local), a pointer to rows
                param = re.search(r"(\w+)\s*(?:\)|\[)", p).group(1)
                ps.append(("DECL " + p if re.search(r"\w+\s*\[", p) else None, param))
        out[name] = (ret.strip(), ps)
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
        if isinstance(value, dict) and "block" in value:  # into an earlier input's block
            return "%s + %d" % (value["block"], value.get("offset", 0))
        if ctype.endswith("*"):
            elem = ctype[:-1].strip().replace("const ", "")
            if value == []:  # no object: a block of no byte
                v = self.fresh()
                self.lines.append("%s *%s = malloc(0);" % (elem, v))
                return v
            if isinstance(value, list) and value and isinstance(value[0], dict):
                v = self.fresh()  # an array of whole objects
                self.lines.append("%s *%s = malloc(%d * sizeof(%s));" % (elem, v, len(value), elem))
                for i, o in enumerate(value):
                    self.lines.append("%s[%d] = (%s)%s;" % (v, i, elem, self.structure(elem, o)))
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


def cells(value, at=()):
    """(indices, scalar) of the nested lists `value`, row after row."""
    for k, v in enumerate(value):
        yield from cells(v, at + (k,)) if isinstance(v, list) else [(at + (k,), v)]


def snapshot(ctype, name, value):
    """C lines that copy input `name` as `old_name`, before the call (what \\old reads)."""
    if isinstance(value, dict) and "block" in value:  # into the copy of the block it shares
        return ["%s old_%s = old_%s + %d;" % (ctype.replace("const ", ""), name, value["block"],
                                              value.get("offset", 0))]
    if ctype.endswith("*") and isinstance(value, list):
        elem = ctype[:-1].strip().replace("const ", "")
        size = "%d * sizeof(%s)" % (len(value), elem)
        return ["%s *old_%s = malloc(%s);" % (elem, name, size),
                "memcpy(old_%s, %s, %s);" % (name, name, size)]
    return ["%s old_%s = %s;" % (ctype.replace("const ", ""), name, name)]


def harness_for(path, source, goal, sigs):
    """The C harness of a non-compliance: the inputs, the call and, for a postcondition, its
    check after the call (exit 3 when it fails); None when the inputs cannot be built.
    Raises acsl_to_c.Unsupported when the postcondition cannot be written in C."""
    inputs = goal["source_inputs"]
    fn = goal["counterexample"]["function"]
    ret, params = sigs[fn]
    h = Harness()
    for ctype, name in params:
        if name not in inputs or ctype is None:
            return None
        if ctype.startswith("DECL "):  # `int m[3][3]`: a local of that declaration, row by row
            h.lines.append("%s = %s;" % (ctype[5:], literal(inputs[name])))
            continue
        h.lines.append("%s %s = %s;" % (ctype, name, h.value(ctype, inputs[name])))
    for name, value in inputs.items():  # globals
        if name in [n for _, n in params]:
            continue
        if isinstance(value, dict):
            h.lines.append("%s = (__typeof__(%s))%s;" % (name, name, literal(value)))
        elif isinstance(value, list) and all(isinstance(o, dict) for o in value):
            for i, o in enumerate(value):  # an array of structures
                h.lines.append("%s[%d] = (__typeof__(%s[0]))%s;" % (name, i, name, literal(o)))
        elif isinstance(value, list):  # an array, or an array of arrays (rows)
            h.lines.extend("%s%s = %s;" % (name, "".join("[%d]" % k for k in at), v)
                           for at, v in cells(value))
        else:
            return None
        h.lines.append("__typeof__(%s) old_%s; memcpy(&old_%s, &%s, sizeof %s);"
                       % (name, name, name, name, name))
    check = ""
    m = re.fullmatch(r"\w+\.ensures(\d+)", goal["id"] or "")
    if goal["kind"] == "postcondition" and m:
        cond = acsl_to_c.postcondition_c(source, fn, int(m.group(1)))
        for ctype, name in params:
            if ctype.startswith("DECL "):
                raise acsl_to_c.Unsupported("\\old of an array of arrays")
            h.lines.extend(snapshot(ctype, name, inputs[name]))
        check = ('if (!%s) { fputs("native: %s fails\\n", stderr); return 3; }'
                 % (cond, goal["id"]))
    call = "%s(%s);" % (fn, ", ".join(n for _, n in params))
    if ret not in ("void", "static void"):
        call = "%s result = %s" % (ret.replace("static ", ""), call)
    pf = pointer_fields(source)
    body = "\n  ".join(h.lines)
    # A pointer field's cells: a compound literal array lives as long as main.
    for f in pf:
        body = re.sub(r"\.%s = \{([^{}]*)\}" % f, r".%s = (int[]){\1}" % f, body)
    return ('#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include "%s"\n'
            'int main(void) {\n  %s\n  %s\n  %s\n  return 0;\n}\n'
            % (os.path.abspath(path), body, call, check))


def main():
    triage, here = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    gcc = shutil.which("gcc")
    flags = ["-O0", "-g", "-w", "-fsanitize=address,undefined", "-fsanitize=bounds",
             "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
    failures, checked, annotations = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        open(probe, "w").write("int main(void) { return 0; }\n")
        if not gcc or run([gcc, *flags, probe, "-o", probe + ".bin"]).returncode != 0:
            print("skipped: no gcc with AddressSanitizer and UndefinedBehaviorSanitizer here")
            return 0
        corpus = sorted(os.path.join("corpus", n) for n in os.listdir(os.path.join(here, "corpus"))
                        if n.endswith(".c"))
        for name in FILES + corpus:
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
                try:
                    c = harness_for(path, source, g, sigs)
                except acsl_to_c.Unsupported as e:
                    failures.append(what + ": its postcondition is not written in C: %s" % e)
                    continue
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
                # Runtime checks: the rte_* goals, and the index bounds of arrays inside
                # objects (an assertion, as Frama-C's RTE plugin writes it).
                runtime = g["kind"].startswith("rte_") or ".index_bound" in (g["id"] or "")
                if runtime and not sanitizer:
                    failures.append(what + ": triage finds a runtime error, the native run "
                                    "does not (exit %d)\n%s" % (out.returncode, c))
                if not runtime and sanitizer:
                    failures.append(what + ": the native run stops before the annotation:\n"
                                    + out.stderr[:2000] + c)
                elif not runtime and ("native: %s fails" % g["id"] not in out.stderr
                                      or out.returncode != 3):
                    failures.append(what + ": the native run satisfies the annotation "
                                    "(exit %d)\n%s%s" % (out.returncode, out.stderr[:2000], c))
                elif not runtime:
                    annotations += 1
    for f in failures:
        print("FAIL " + f)
    print("%d counterexamples replayed natively (%d failing a postcondition there too), "
          "%d failures" % (checked, annotations, len(failures)))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
