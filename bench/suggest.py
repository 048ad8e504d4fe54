#!/usr/bin/env python3
"""Checked loop-invariant suggestions on loops stripped of theirs (a benchmark, never a CI test).

usage: bench/suggest.py [CORPUS] [--triage BIN] [--out FILE.jsonl] [--deadline S] [--limit N]
                        [--only REGEX] [--jobs N] [--triage-jobs N] [--keep DIR]
       bench/suggest.py --mutants DIR|FILE.jsonl|PROGRAM.c [--programs DIR]... [same options]
       bench/suggest.py --mutants ... --postconditions [same options]
       bench/suggest.py --self-test

CORPUS defaults to ACSL by Example (../shared/corpus/acsl-by-example next to the repository, or
/work/shared/corpus/acsl-by-example). Every file is read with -I for each directory of the corpus
holding headers, as bench/corpus.py does (the corpus' own Makefiles do the same).

For each loop of the corpus whose annotation (`/*@ ... */`, or a run of `//@` lines, right before
a `for`, `while` or `do`) has `loop invariant` clauses, on its own:
  1. the variant: the file with that loop's `loop invariant` clauses blanked out (`loop assigns`
     and `loop variant` kept; the text becomes spaces, so every line keeps its number and the
     goals of the original and the variant can be matched by line);
  2. `triage prove` on the original and on the variant. The goals compared are those of both
     (the removed invariants' own goals are gone, and the ids of the others may be renumbered, so
     goals are matched by function, kind, file, line and rank on the line, never by id). If the
     variant proves every one of them the original proves, the loop is `not_needed`;
  3. otherwise `triage diagnose VARIANT --fix FIXED.c --format json --deadline S`, then
     `triage prove FIXED.c`: `full` when every goal the original proves (of those in the variant)
     is proved in FIXED.c, `partial` when some of the lost ones came back, `none` when no
     suggestion was made or none came back. FIXED.c may have lines inserted: its goals are mapped
     back to the variant's lines by a line diff.
If triage rejects --fix (the feature is younger than this script), the message
"triage has no --fix: ..." is printed once and the loops needing invariants count as `none`
(no suggestion); the removal and proof part is still measured.

--mutants runs the same comparison over the weakened-invariant mutants of bench/mutate.py (kinds
`clause` "loop invariant removed" and `conjunct` "loop invariant: conjunct i of n removed"), each
against its unmutated program. It takes either
  - a directory written by `bench/mutate.py FILE.c -o DIR` (its *.mutants.json index),
  - the JSON lines of a mutation campaign (`bench/campaign.py --out`): the campaign's mutants
    lived in a temporary directory, so they are made again by bench/mutate.py (deterministic)
    from the program of the same name, looked for in --programs DIRs (default: bench/programs
    and the corpus),
  - or programs (a .c file or a directory of them): mutated here.

--mutants --postconditions does the same with the mutants that remove an `ensures` clause or one
of its conjuncts: the suggestion that brings the callers' goals back is a callee's `ensures`.

Output: one JSON line per loop or mutant to --out (file, function, loop, outcome, the goals
lost and regained, the suggested clauses, the suggestion's time from the report's time_ms and
the wall times), and a summary on standard output: loops, skipped (with why), not needed, fully,
partially and not re-proved with their shares among the loops that needed invariants, the
suggestion times (median, p90, max) and how many came under 10 s. The target (issue): at least
60% of the loops that need their invariants fully re-proved, each suggestion under 10 s.

--only REGEX keeps the loops whose "RELPATH:LINE FUNCTION" matches (LINE: the loop keyword's
line), --limit N the first N of them; --jobs N runs N loops at once (each one triage at a time),
--triage-jobs N passes -j N to triage (default: triage's, one goal per core).
Time: a variant's failed goals each spend their whole proof budget, so the Heap files' variants
take minutes each (pop_heap's loop@21: 7 min with -j 1); the whole corpus takes hours on one core.
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus import include_flags, run  # the corpus is read and run as bench/corpus.py does

SUGGESTION_TARGET_S = 10.0
OUTCOMES = ("full", "partial", "none")


# ---------------------------------------------------------------------------------------------
# Finding loop annotations and blanking their invariants (pure text functions: --self-test).

def blank(s):
    """The same text with everything but newlines made spaces: lines stay where they are."""
    return re.sub(r"[^\n]", " ", s)


def code_mask(text):
    """The text with comments (annotations included) and string/char literals blanked: what is
    left is C code, where `for`/`while`/`do` and braces can be looked for without false hits."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                  lambda m: blank(m.group(0)), text, flags=re.S)


def annotation_blocks(text):
    """Each annotation block as (start, end, acsl): start/end delimit the whole comment(s) in
    text, and acsl is text[start:end] with everything that is not ACSL (the `/*@`, `*/` and
    `//@` markers, the indentation between `//@` lines) blanked, so positions in acsl are
    positions in text. Consecutive `//@` lines (only blanks between them) form one block."""
    blocks = []
    for m in re.finditer(r"/\*@.*?\*/|(?://@[^\n]*(?:\n[ \t]*(?=//@))?)+", text, re.S):
        s, e = m.start(), m.end()
        chunk = text[s:e]
        if chunk.startswith("/*@"):
            acsl = "   " + chunk[3:-2] + "  "
            acsl = re.sub(r"(?<=\n)([ \t]*)@", r"\1 ", acsl)  # the optional `@` starting lines
        else:  # //@ lines: blank each marker and the indentation before the next one
            acsl = re.sub(r"//@", "   ", chunk)
        blocks.append((s, e, acsl))
    return blocks


LOOP_CLAUSE = re.compile(
    r"(?:for\s+[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*:\s*)?"  # behaviour prefix
    r"(?:(?:check|admit)\s+)?"
    r"loop\s+(invariant|assigns|variant|allocates|frees|pragma)\b")


def split_clauses(acsl):
    """The clauses of a loop annotation as (keyword, start, end) with end just past the `;` that
    ends the clause: the first `;` at parenthesis depth 0 that does not close the declaration of
    a binder (`\\forall integer k; ...` and `\\let x = e; ...` have one inside). None when the
    annotation is not a plain sequence of loop clauses (then the loop is skipped)."""
    out, i = [], 0
    while True:
        while i < len(acsl) and acsl[i].isspace():
            i += 1
        if i == len(acsl):
            return out
        m = LOOP_CLAUSE.match(acsl, i)
        if not m:
            return None
        end = clause_end(acsl, m.end())
        if end is None:
            return None
        out.append((m.group(1), i, end))
        i = end


def clause_end(acsl, i):
    """Just past the `;` ending the clause whose body starts at i, or None (no such `;`)."""
    depth, binders = 0, 0
    while i < len(acsl):
        c = acsl[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and re.match(r"\\(forall|exists|let)\b", acsl[i:]):
            binders += 1  # its own `;` comes first and does not end the clause
        elif c == ";" and depth == 0:
            if binders == 0:
                return i + 1
            binders -= 1
        i += 1
    return None


def function_spans(text):
    """(name, body start, body end) of each function definition: a top-level `{` after `)`."""
    code = code_mask(text)
    spans, depth, start, name = [], 0, None, None
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                m = re.search(r"([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*$", code[:i])
                name, start = (m.group(1) if m else None), i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and name:
                spans.append((name, start, i + 1))
    return spans


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def find_loops(text):
    """Each annotated loop of the text with `loop invariant` clauses, as a dict: its function,
    block_line (where its annotation starts: triage's loop@LINE), line (its keyword's), the
    block's (start, end), and either `clauses` (keyword, start, end) or `skip` (why not)."""
    code = code_mask(text)
    functions = function_spans(text)
    loops = []
    for s, e, acsl in annotation_blocks(text):
        # Only the annotation directly before a loop is the loop's (blanks in between).
        after = re.match(r"\s*\b(for|while|do)\b", code[e:])
        if not after or not re.search(r"\bloop\s+invariant\b", acsl):
            continue
        keyword_pos = e + after.start(1)
        loop = {"function": next((n for n, a, b in functions if a <= s < b), None),
                "block_line": line_of(text, s), "line": line_of(text, keyword_pos),
                "keyword": after.group(1), "block": (s, e)}
        clauses = split_clauses(acsl)
        if clauses is None:
            loop["skip"] = "annotation not parsed as a sequence of loop clauses"
        else:
            loop["clauses"] = [(k, s + a, s + b) for k, a, b in clauses]
        loops.append(loop)
    return loops


def strip_invariants(text, loop):
    """The text with the loop's `loop invariant` clauses blanked (spaces: same lines, same
    columns elsewhere). When nothing is left in the annotation, the whole comment goes (an empty
    `/*@ */` is no loop annotation anyone writes)."""
    s, e = loop["block"]
    out = list(text)
    for kind, a, b in loop["clauses"]:
        if kind == "invariant":
            out[a:b] = blank(text[a:b])
    if all(k == "invariant" for k, _, _ in loop["clauses"]):
        out[s:e] = blank(text[s:e])
    return "".join(out)


def removed_clauses(text, loop):
    return [re.sub(r"\s+", " ", text[a:b]).strip() for k, a, b in loop["clauses"] if k == "invariant"]


# ---------------------------------------------------------------------------------------------
# Running triage.

class Triage:
    """triage's prove and diagnose --fix, with the flags every run of a file needs."""

    def __init__(self, binary, triage_jobs, deadline):
        self.binary, self.deadline = binary, deadline
        self.jobs = ["-j", str(triage_jobs)] if triage_jobs else []
        self.no_fix = None  # triage's message when it rejects --fix
        self.lock = threading.Lock()

    def prove(self, path, flags):
        """{goal key: status} of `triage prove`, or a string saying what went wrong."""
        cmd = [self.binary, "prove", *flags, path, "--format", "json", *self.jobs]
        out, secs = run(cmd, 900)
        if out is None or out.returncode not in (0, 1):
            return (out.stderr.strip()[-300:] if out else "timeout"), secs
        try:
            return goal_statuses(json.loads(out.stdout)["goals"], path), secs
        except (ValueError, KeyError) as e:
            return "unreadable prove report: %s" % e, secs

    def fix(self, path, flags, fixed):
        """The `fixes` of `triage diagnose --fix` (a list), or a string saying why there are none."""
        if self.no_fix:
            return "triage has no --fix", 0.0
        cmd = [self.binary, "diagnose", *flags, path, "--fix", fixed, "--format", "json",
               "--deadline", str(self.deadline), *self.jobs]
        # The diagnosis's deadline, then the search's backstops (Houdini 100 s, the minimisation
        # 100 s) and the last proof.
        out, secs = run(cmd, self.deadline + 360)
        if out is None:
            return "diagnose timeout", secs
        if out.returncode == 2 and "--fix" in out.stderr:
            with self.lock:
                if not self.no_fix:
                    self.no_fix = out.stderr.strip().splitlines()[-1]
                    print("triage has no --fix: %s (the loops needing invariants count as 'no "
                          "suggestion')" % self.no_fix, file=sys.stderr)
            return "triage has no --fix", secs
        if out.returncode not in (0, 1):
            return "diagnose exit %d: %s" % (out.returncode, out.stderr.strip()[-300:]), secs
        try:
            return json.loads(out.stdout).get("fixes", []), secs
        except ValueError as e:
            return "unreadable diagnose report: %s" % e, secs


def goal_statuses(goals, path):
    """{(function, kind, file, line, rank): status}. The file is `<main>` for the proved file
    itself (variants and mutants have other names or directories than their original) and the
    base name otherwise (headers); rank orders the goals of the same kind on one line by column."""
    main = os.path.basename(path)
    out, seen = {}, {}
    for g in sorted(goals, key=lambda g: (g.get("line", 0), g.get("column", 0))):
        f = os.path.basename(g.get("file") or main)
        base = (g.get("function"), g["kind"], "<main>" if f == main else f, g.get("line"))
        rank = seen.get(base, 0)
        seen[base] = rank + 1
        out[base + (rank,)] = g["status"]
    return out


def map_lines(old, new):
    """{line of new: line of old} for the lines a diff of the two texts finds unchanged: the fix
    may insert lines (its clauses), and goals of FIXED.c are compared at the variant's lines."""
    a, b = old.splitlines(), new.splitlines()
    out = {}
    # A clause on the annotation's opening line moves to a line of its own when the fix writes
    # its clauses before it (`/*@ loop invariant 0 <= i <= n;` becomes `/*@ NEW;` and
    # `    loop invariant 0 <= i <= n;`): the same clause, matched without the opener.
    def clause(line):
        t = line.strip()
        for opener in ("/*@", "//@"):
            if t.startswith(opener):
                t = t[len(opener):].strip()
        return t
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                out[j1 + k + 1] = i1 + k + 1
        elif tag == "replace":
            free = list(range(i1, i2))
            for j in range(j1, j2):
                same = [i for i in free if clause(a[i]) and clause(a[i]) == clause(b[j])]
                if same:
                    out[j + 1] = same[0] + 1
                    free.remove(same[0])
            # The opener's line itself, where the annotation's runtime-error goals are: the new
            # opener's line is the old one's too (both then map there).
            for j in range(j1, j2):
                opener = b[j].strip()[:3]
                if j + 1 not in out and opener in ("/*@", "//@"):
                    old_openers = [i for i in range(i1, i2) if a[i].strip().startswith(opener)]
                    if old_openers:
                        out[j + 1] = old_openers[0] + 1
    return out


def remap(statuses, lines):
    """The statuses of FIXED.c's goals at the variant's lines, by function, kind, file and line
    (goals on new lines left out). A group, not a rank: the clauses written on an annotation's
    first line add goals of the same kind there (its runtime-error goals), before the others."""
    out = {}
    for (fn, kind, f, line, rank), status in statuses.items():
        if f == "<main>":
            if line not in lines:
                continue
            line = lines[line]
        out.setdefault((fn, kind, f, line), []).append(status)
    return out


def proved_in(back, key):
    """Whether the goals of FIXED.c where the original's goal `key` is are all proved."""
    statuses = back.get(key[:4], [])
    return bool(statuses) and all(s == "proved" for s in statuses)


def key_str(k):
    fn, kind, f, line, rank = k
    return "%s:%s@%s%s" % (fn, kind, line if f == "<main>" else "%s:%s" % (f, line),
                           "#%d" % rank if rank else "")


# ---------------------------------------------------------------------------------------------
# One case: an original, a variant of it missing invariants, and the suggestion on the variant.

def evaluate(tri, case, original_goals, work):
    """The outcome of one case (a dict with at least original, variant_text, flags): the record
    written as a JSON line."""
    rec = {k: v for k, v in case.items() if k not in ("variant_text", "flags", "keep")}
    if isinstance(original_goals, str):
        rec.update(outcome="error", error="original: " + original_goals)
        return rec
    d = tempfile.mkdtemp(prefix="case-", dir=work)
    name = os.path.basename(case["original"])
    variant = os.path.join(d, "variant", name)
    fixed = os.path.join(d, "fixed", name)
    os.makedirs(os.path.dirname(variant))
    os.makedirs(os.path.dirname(fixed))
    with open(variant, "w") as f:
        f.write(case["variant_text"])
    goals, secs = tri.prove(variant, case["flags"])
    rec["variant_prove_s"] = round(secs, 2)
    if isinstance(goals, str):
        rec.update(outcome="error", error="variant: " + goals)
        return rec
    # The goals of both files the original proves; the lost ones the variant does not.
    kept = [k for k, s in original_goals.items() if s == "proved" and k in goals]
    lost = [k for k in kept if goals[k] != "proved"]
    rec["goals_compared"], rec["goals_lost"] = len(kept), [key_str(k) for k in lost]
    if not lost:
        rec["outcome"] = "not_needed"
        return rec
    fixes, rec["diagnose_s"] = tri.fix(variant, case["flags"], fixed)
    rec["diagnose_s"] = round(rec["diagnose_s"], 2)
    if isinstance(fixes, str) or not fixes or not os.path.exists(fixed):
        rec.update(outcome="none", suggestion=False,
                   why=fixes if isinstance(fixes, str) else "no suggestion")
        return rec
    rec["suggestion"] = True
    rec["fixes"] = [{"function": x.get("function"), "loops": x.get("loops", []),
                     "time_ms": x.get("time_ms"), "checked": x.get("checked")} for x in fixes]
    # The suggestion's time: that of the fix of the case's function, else of all of them.
    mine = [x for x in fixes if x.get("function") == case.get("function")] or fixes
    rec["suggestion_ms"] = sum(x.get("time_ms") or 0 for x in mine)
    fixed_goals, secs = tri.prove(fixed, case["flags"])
    rec["fixed_prove_s"] = round(secs, 2)
    if isinstance(fixed_goals, str):
        rec.update(outcome="none", why="FIXED.c: " + fixed_goals)
        return rec
    with open(fixed) as f:
        back = remap(fixed_goals, map_lines(case["variant_text"], f.read()))
    regained = [k for k in lost if proved_in(back, k)]
    rec["goals_regained"] = [key_str(k) for k in regained]
    rec["goals_broken"] = [key_str(k) for k in kept if k not in lost and not proved_in(back, k)]
    rec["new_goals_failed"] = sum(s != "proved" for s in fixed_goals.values()) - \
        sum(s != "proved" for group in back.values() for s in group)
    if all(proved_in(back, k) for k in kept):
        rec["outcome"] = "full"
    else:
        rec["outcome"] = "partial" if regained else "none"
    if case.get("keep"):
        shutil.copy(fixed, case["keep"])
    return rec


# ---------------------------------------------------------------------------------------------
# The cases: loops of the corpus, or mutants.

def default_corpus():
    for c in (os.path.join(os.path.dirname(ROOT), "shared", "corpus", "acsl-by-example"),
              "/work/shared/corpus/acsl-by-example"):
        if os.path.isdir(c):
            return c
    return None


def corpus_cases(corpus, flags, skipped):
    """A case per loop of the corpus with invariants; skipped loops are appended to skipped."""
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".c"))
    for path in files:
        with open(path) as f:
            text = f.read()
        rel = os.path.relpath(path, corpus)
        for loop in find_loops(text):
            base = {"file": rel, "function": loop["function"], "loop": "loop@%d" % loop["block_line"],
                    "line": loop["line"]}
            if "skip" in loop:
                skipped.append(dict(base, outcome="skipped", why=loop["skip"]))
                continue
            variant = strip_invariants(text, loop)
            assert variant.count("\n") == text.count("\n")
            yield dict(base, original=path, flags=flags + ["-I" + os.path.dirname(path)],
                       variant_text=variant,
                       removed=removed_clauses(text, loop))


WEAKENED = re.compile(r"loop invariant removed$|loop invariant: conjunct \d+ of \d+ removed$")
# With --postconditions: a function's `ensures` clause or conjunct removed, which only its callers
# in the same file can miss (a function no one calls loses no goal: not_needed).
WEAKENED_ENSURES = re.compile(r"^ensures removed$|^ensures: conjunct \d+ of \d+ removed$")


def mutant_cases(source, programs_dirs, flags, work, weakened=WEAKENED):
    """A case per weakened-invariant mutant (see the docstring for what source may be), or per
    mutant whose mutation `weakened` matches."""
    if source.endswith(".jsonl"):
        index = campaign_mutants(source, programs_dirs, work, weakened)
    elif os.path.isdir(source) and any(f.endswith(".mutants.json") for f in os.listdir(source)):
        index = []
        for f in sorted(os.listdir(source)):
            if f.endswith(".mutants.json"):
                for m in json.load(open(os.path.join(source, f))):
                    if not os.path.exists(m["file"]):  # the index names them as mutate.py was told
                        m["file"] = os.path.join(source, os.path.basename(m["file"]))
                    index.append(m)
    else:
        progs = [source] if os.path.isfile(source) else sorted(
            os.path.join(source, f) for f in os.listdir(source) if f.endswith(".c"))
        index = [m for p in progs for m in mutate(p, work)]
    for m in index:
        if not weakened.search(m["mutation"]):
            continue
        with open(m["file"]) as f:
            text = f.read()
        orig = os.path.abspath(m["original"])  # mutate.py's index keeps the path it was given
        # The function whose body holds the mutated line, else the next one (its contract).
        spans = [(n, line_of(text, a), line_of(text, b)) for n, a, b in function_spans(text)]
        function = next((n for n, a, b in spans if a <= m["line"] <= b), None) or \
            next((n for n, a, b in spans if a >= m["line"]), None)
        yield {"file": os.path.basename(orig), "mutant": os.path.basename(m["file"]),
               "mutation": m["mutation"], "function": function, "line": m["line"],
               "original": orig, "variant_text": text,
               "flags": flags + ["-I" + os.path.dirname(os.path.abspath(orig))]}


def mutate(program, work):
    out = tempfile.mkdtemp(prefix="mutants-", dir=work)
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "mutate.py"), program, "-o", out],
                   check=True, capture_output=True)
    name = os.path.splitext(os.path.basename(program))[0]
    return json.load(open(os.path.join(out, name + ".mutants.json")))


def campaign_mutants(jsonl, programs_dirs, work, weakened=WEAKENED):
    """The weakened mutants a campaign's lines name, made again from their programs."""
    wanted = [json.loads(line) for line in open(jsonl) if line.strip()]
    wanted = [w for w in wanted if weakened.search(w.get("mutation", ""))]
    made, out = {}, []
    for w in wanted:
        prog = w["program"]
        if prog not in made:
            where = [os.path.join(d, prog) for base in programs_dirs
                     for d, _, fs in os.walk(base) if prog in fs]
            made[prog] = {os.path.basename(m["file"]): m for m in mutate(where[0], work)} \
                if where else {}
            if not where:
                print("%s: program not found in %s" % (prog, ", ".join(programs_dirs)), file=sys.stderr)
        m = made[prog].get(w["mutant"])
        if m and m["mutation"] == w["mutation"]:
            out.append(m)
        elif made[prog]:
            print("%s: not made again as the campaign made it (mutate.py changed?)" % w["mutant"],
                  file=sys.stderr)
    return out


# ---------------------------------------------------------------------------------------------
# Summary.

def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))] if xs else None


def summary(recs, no_fix):
    by = {}
    for r in recs:
        by.setdefault(r["outcome"], []).append(r)
    needed = sum(len(by.get(o, [])) for o in OUTCOMES)
    share = lambda o: "%d (%.0f%%)" % (len(by.get(o, [])), 100.0 * len(by.get(o, [])) / max(needed, 1))
    lines = ["cases: %d" % len(recs),
             "skipped: %d%s" % (len(by.get("skipped", [])), "".join(
                 "\n    %s %s: %s" % (r["file"], r.get("loop"), r["why"]) for r in by.get("skipped", []))),
             "errors: %d%s" % (len(by.get("error", [])), "".join(
                 "\n    %s %s: %s" % (r["file"], r.get("loop", r.get("mutant")), r["error"][:200])
                 for r in by.get("error", []))),
             "not needed (the variant proves all the original does): %d" % len(by.get("not_needed", [])),
             "needing invariants: %d" % needed,
             "  fully re-proved: %s" % share("full"),
             "  partially: %s" % share("partial"),
             "  not re-proved: %s, of which without suggestion: %d" % (
                 share("none"), sum(not r.get("suggestion") for r in by.get("none", [])))]
    times = [r["suggestion_ms"] / 1000.0 for r in recs if "suggestion_ms" in r]
    if times:
        lines.append("suggestion time: median %.2f s, p90 %.2f s, max %.2f s; under %g s: %d of %d" % (
            statistics.median(times), percentile(times, 0.9), max(times), SUGGESTION_TARGET_S,
            sum(t < SUGGESTION_TARGET_S for t in times), len(times)))
    else:
        lines.append("suggestion time: no suggestion made")
    if no_fix:
        lines.append("triage has no --fix: %s" % no_fix)
    full = len(by.get("full", []))
    lines.append("target (60%% fully re-proved, each suggestion under %g s): %s" % (
        SUGGESTION_TARGET_S, "met" if needed and full >= 0.6 * needed and times and
        max(times) < SUGGESTION_TARGET_S else "not met"))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Self-test of the clause removal (no triage).

def self_test():
    def check(name, text, expect_kept, expect_gone, n_loops=1):
        loops = find_loops(text)
        assert len(loops) == n_loops, (name, loops)
        for loop in loops:
            assert "clauses" in loop, (name, loop)
        out = strip_invariants(text, loops[0])
        assert out.count("\n") == text.count("\n"), name
        assert len(out) == len(text), name
        for s in expect_kept:
            assert s in out, (name, s, out)
        for s in expect_gone:
            assert s not in out, (name, s, out)
        # Everything outside the annotation is untouched.
        s, e = loops[0]["block"]
        assert out[:s] == text[:s] and out[e:] == text[e:], name
        print("ok  %s" % name)
        return out

    check("one-line block",
          "void f(int n) {\n  /*@ loop invariant 0 <= i <= n; */\n  for (int i = 0; i < n; i++) ;\n}\n",
          ["for (int i"], ["loop invariant", "/*@"])
    out = check("multi-line block, clause spanning lines, binder `;`",
                "int g(int *a, int n) {\n"
                "  /*@\n"
                "    loop invariant bound: 0 <= i <= n;\n"
                "    loop invariant all: \\forall integer k;\n"
                "        0 <= k < i ==>\n"
                "        a[k] == 0;\n"
                "    loop assigns i, a[0 .. n-1];\n"
                "    loop variant n - i;\n"
                "  */\n"
                "  for (int i = 0; i < n; i++) a[i] = 0;\n"
                "  return 0;\n}\n",
                ["loop assigns i, a[0 .. n-1];", "loop variant n - i;", "/*@", "*/"],
                ["loop invariant", "a[k] == 0", "\\forall"])
    assert out.splitlines()[6].strip() == "loop assigns i, a[0 .. n-1];"
    check("//@ lines",
          "void h(int n) {\n  int i = 0;\n  //@ loop invariant 0 <= i;\n"
          "  //@ loop invariant i <= n;\n  //@ loop assigns i;\n  while (i < n) i++;\n}\n",
          ["//@ loop assigns i;", "while (i < n)"], ["loop invariant"])
    check("assigns and variant kept, behaviour prefix, two loops",
          "void k(int n) {\n  /*@ for B: loop invariant 0 <= i <= n;\n      loop assigns i;\n"
          "      loop variant n - i; */\n  for (int i = 0; i < n; i++) ;\n"
          "  /*@ loop invariant 0 <= j; */\n  do { } while (0);\n}\n",
          ["loop assigns i;", "loop variant n - i;", "loop invariant 0 <= j;"],
          ["for B", "0 <= i <= n"], n_loops=2)
    # Not loop annotations: a statement contract, an assertion before a loop.
    assert find_loops("void m(int n) {\n  //@ assert n >= 0;\n  for (;;) ;\n}\n") == []
    bad = find_loops("void p(int n) {\n  /*@ loop invariant 0 <= n */\n  while (n) n--;\n}\n")
    assert len(bad) == 1 and "skip" in bad[0], bad
    print("ok  unparsable annotation skipped")
    assert function_spans("int f(int x) { if (x) { } return 0; }\nvoid g(void) { }")[1][0] == "g"
    # A clause on the opener's line, moved to its own line by the fix: still its line.
    old = "f() {\n  /*@ loop invariant 0 <= i <= n;\n      loop assigns i; */\n  for (;;) ;\n}\n"
    new = ("f() {\n  /*@ loop invariant t[k] >= 0;\n      loop invariant 0 <= i <= n;\n"
           "      loop assigns i; */\n  for (;;) ;\n}\n")
    assert map_lines(old, new) == {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 5}, map_lines(old, new)
    print("ok  a clause moved off the annotation's first line keeps its line")
    print("self-test passed")


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("corpus", nargs="?", help="default: ACSL by Example in ../shared/corpus")
    ap.add_argument("--triage", default=os.path.join(ROOT, "build", "release", "bin", "triage"))
    ap.add_argument("--mutants", metavar="DIR|FILE.jsonl|PROGRAM.c")
    ap.add_argument("--postconditions", action="store_true",
                    help="with --mutants: the mutants with an ensures clause or conjunct removed")
    ap.add_argument("--programs", action="append", metavar="DIR",
                    help="where a campaign's programs are (default: bench/programs, the corpus)")
    ap.add_argument("--deadline", type=float, default=60.0, help="diagnose's --deadline (s, per file)")
    ap.add_argument("--out", metavar="FILE.jsonl")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--only", metavar="REGEX")
    ap.add_argument("--jobs", type=int, default=1, help="cases run at once")
    ap.add_argument("--triage-jobs", type=int, help="triage's -j")
    ap.add_argument("--keep", metavar="DIR", help="keep each FIXED.c there")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    corpus = os.path.abspath(a.corpus) if a.corpus else default_corpus()
    if not corpus or not os.path.isdir(corpus):
        sys.exit("no corpus: give its directory (ACSL by Example)")
    if not os.access(a.triage, os.X_OK):
        sys.exit("no triage binary at %s (--triage)" % a.triage)
    flags = include_flags(corpus)
    work = tempfile.mkdtemp(prefix="suggest-")
    skipped = []
    if a.mutants:
        cases = mutant_cases(a.mutants, a.programs or [os.path.join(ROOT, "bench", "programs"), corpus],
                             flags, work, WEAKENED_ENSURES if a.postconditions else WEAKENED)
    else:
        cases = corpus_cases(corpus, flags, skipped)
    cases = list(cases)
    if a.only:
        rx = re.compile(a.only)
        cases = [c for c in cases if rx.search("%s:%s %s" % (c["file"], c["line"], c["function"]))]
        skipped = [c for c in skipped if rx.search("%s:%s %s" % (c["file"], c["line"], c["function"]))]
    if a.limit is not None:
        cases = cases[:a.limit]
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
        for c in cases:
            c["keep"] = os.path.join(a.keep, "%s.%s.c" % (
                os.path.splitext(os.path.basename(c["file"]))[0], c.get("mutant", c["line"])))
    tri = Triage(a.triage, a.triage_jobs, a.deadline)
    # Each original is proved once, before its cases (one triage at a time per job).
    originals, lock = {}, threading.Lock()

    def original_goals(path, flags):
        with lock:
            if path not in originals:
                originals[path] = tri.prove(path, flags)[0]
            return originals[path]

    def one(case):
        t0 = time.monotonic()
        rec = evaluate(tri, case, original_goals(case["original"], case["flags"]), work)
        rec["file"] = case["file"]
        rec["wall_s"] = round(time.monotonic() - t0, 2)  # the original's proof included, once
        return rec

    out = open(a.out, "w") if a.out else None
    recs = list(skipped)
    for r in skipped:
        if out:
            out.write(json.dumps(r) + "\n")
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for i, rec in enumerate(pool.map(one, cases), 1):
            recs.append(rec)
            if out:
                out.write(json.dumps(rec) + "\n")
                out.flush()
            print("[%d/%d] %s %s: %s%s (%.0f s)" % (
                i, len(cases), rec["file"], rec.get("mutant", rec.get("loop")), rec["outcome"],
                "" if rec["outcome"] != "none" else " (%s)" % rec.get("why", "nothing back"),
                time.monotonic() - start), file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    print(summary(recs, tri.no_fix))


if __name__ == "__main__":
    main()
