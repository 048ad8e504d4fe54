#!/usr/bin/env python3
"""triage on a corpus of published annotated C (ACSL by Example), file by file, beside Frama-C WP.

For each .c file of the corpus: whether `triage check` accepts it, its goals, how many
`triage prove` proves and in what time; with --frama-c (and frama-c on the PATH), what WP proves
there with its time. Prints a Markdown table (docs/benchmarks.md holds the latest) and, with
--out, one JSON line per file. Every file is read with -I for each directory of the corpus, as
the corpus' own Makefiles do.

  bench/corpus.py ../shared/corpus/acsl-by-example/StandardAlgorithms [--frama-c] [--out X.jsonl]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def include_flags(corpus):
    dirs = sorted(d for d, _, files in os.walk(corpus) if any(f.endswith((".h", ".acsl")) for f in files))
    return ["-I" + d for d in dirs]


def run(cmd, timeout):
    start = time.monotonic()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return out, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start


def triage_file(triage, path, flags, args):
    row = {"file": path}
    check, _ = run([triage, "check", *flags, path], 60)
    row["parsed"] = bool(check and check.returncode == 0)
    if not row["parsed"]:
        row["error"] = (check.stderr.strip().splitlines() or ["timeout"])[-1] if check else "timeout"
        return row
    row["warnings"] = [w for w in check.stderr.splitlines() if ": warning: " in w]
    if args.diagnose_only:
        return diagnose_file(triage, path, flags, args, row)
    # Without --timeout or --work, triage's defaults: work-bounded attempts (docs/prove.md).
    cmd = [triage, "prove", *flags, path, "--format", "json"]
    for name in ("timeout", "work"):
        if getattr(args, name) is not None:
            cmd += ["--" + name, str(getattr(args, name))]
    if args.jobs:
        cmd += ["-j", str(args.jobs)]
    out, secs = run(cmd, args.file_timeout)
    row["time_s"] = round(secs, 2)
    if out is None or out.returncode not in (0, 1):
        row["prove_error"] = out.stderr.strip()[-300:] if out else "timeout"
        return row
    goals = json.loads(out.stdout)["goals"]
    row["goals"] = len(goals)
    row["proved"] = sum(g["status"] == "proved" for g in goals)
    row["failed"] = [g["id"] or g["kind"] for g in goals if g["status"] != "proved"]
    if args.diagnose:
        diagnose_file(triage, path, flags, args, row)
    return row


def diagnose_file(triage, path, flags, args, row):
    """`triage diagnose` on the file: its time, exit code and verdicts, and every non-compliance
    and weakness replayed by `triage run` apart (the diagnosis replays them itself: this checks
    it from the outside). With --diagnose-only, the goals and proofs are the diagnosis's own."""
    dcmd = [triage, "diagnose", *flags, path, "--format", "json", "--deadline", str(args.deadline)]
    if args.jobs:  # as prove is run: the same options, or the proofs of the two could differ
        dcmd += ["-j", str(args.jobs)]
    dout, dsecs = run(dcmd, args.deadline + 60)
    row["diagnose_s"] = round(dsecs, 2)
    row["diagnose_exit"] = dout.returncode if dout else "timeout"
    if not dout or dout.returncode not in (0, 1):
        row["diagnose_error"] = dout.stderr.strip()[-300:] if dout else "timeout"
        return row
    goals = json.loads(dout.stdout).get("goals", [])
    verdicts = {}
    for g in goals:
        v = g.get("verdict", g.get("status"))
        verdicts[v] = verdicts.get(v, 0) + 1
    row["verdicts"] = verdicts
    if args.diagnose_only:
        row["goals"] = len(goals)
        row["proved"] = sum(g["status"] == "proved" for g in goals)
        row["time_s"] = row["diagnose_s"]
    row["replayed"], row["replay_failures"] = 0, []
    for g in goals:
        if g.get("verdict") in ("non_compliance", "subcontract_weakness"):
            row["replayed"] += 1
            if not replays(triage, path, flags, g):
                row["replay_failures"].append("%s:%s" % (g["kind"], g["line"]))
    return row


def replays(triage, path, flags, goal):
    """Whether `triage run` with the goal's counterexample, under its verdict's giant steps, fails
    that goal (same kind and line)."""
    policy = []
    if goal["verdict"] == "subcontract_weakness":
        policy = ["--giant-step", "all"] if goal.get("scope") == "global" else \
            [a for s in goal.get("subcontracts", []) for a in ("--giant-step", s)]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(goal["counterexample"], f)
    try:
        out, _ = run([triage, "run", *flags, path, "--oracle", f.name, "--format", "json"] + policy, 120)
    finally:
        os.unlink(f.name)
    try:
        res = json.loads(out.stdout) if out else {}
    except ValueError:
        return False
    failed = res.get("goal") or {}
    return res.get("outcome") == "failure" and failed.get("kind") == goal["kind"] and \
        failed.get("line") == goal["line"]


WP_PROVED = re.compile(r"Proved goals:\s+(\d+)\s*/\s*(\d+)")


def wp_file(path, flags, timeout):
    cmd = ["frama-c", "-pp-annot", "-cpp-extra-args=" + " ".join(flags), "-wp", "-wp-rte",
           "-wp-model", "Typed", "-wp-prover", "cvc4,z3", "-wp-timeout", "5", path]
    out, secs = run(cmd, timeout)
    if out is None:
        return {"wp_time_s": round(secs, 2), "wp_error": "timeout"}
    m = WP_PROVED.search(out.stdout)
    if not m:
        return {"wp_time_s": round(secs, 2), "wp_error": (out.stderr.strip().splitlines() or ["?"])[-1]}
    return {"wp_time_s": round(secs, 2), "wp_proved": int(m.group(1)), "wp_goals": int(m.group(2))}


def table(rows, with_wp):
    head = "| file | parsed | goals | proved | time |"
    sep = "|---|---|---|---|---|"
    with_diagnose = any("diagnose_s" in r for r in rows)
    if with_diagnose:
        head += " diagnose | verdicts of the goals not proved |"
        sep += "---|---|"
    if with_wp:
        head += " WP proved | WP time |"
        sep += "---|---|"
    lines = [head, sep]
    for r in rows:
        name = os.path.relpath(r["file"], r["corpus"])
        if not r["parsed"]:
            cells = [name, "no: " + r.get("error", "").replace("|", "\\|"), "", "", ""]
        else:
            cells = [name, "yes", str(r.get("goals", "-")), str(r.get("proved", "-")),
                     "%.2f s" % r.get("time_s", 0)]
        if with_diagnose:
            v = {k: n for k, n in r.get("verdicts", {}).items() if k != "proved"}
            cells += ["%.2f s" % r["diagnose_s"] if "diagnose_s" in r else "-",
                      r.get("diagnose_error", ", ".join("%d %s" % (n, k) for k, n in sorted(v.items())))[:60]]
        if with_wp:
            if "wp_goals" in r:
                cells += ["%d/%d" % (r["wp_proved"], r["wp_goals"]), "%.2f s" % r["wp_time_s"]]
            else:
                cells += [r.get("wp_error", "-").replace("|", "\\|")[:60], ""]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def summary(rows, with_wp):
    parsed = [r for r in rows if r["parsed"]]
    goals = sum(r.get("goals", 0) for r in parsed)
    proved = sum(r.get("proved", 0) for r in parsed)
    t = sum(r.get("time_s", 0) for r in parsed)
    s = ["files: %d, accepted by `triage check`: %d" % (len(rows), len(parsed)),
         "goals: %d, proved: %d (%.1f%%)" % (goals, proved, 100.0 * proved / max(goals, 1)),
         "triage %s, total time: %.1f s" % ("diagnose" if any(r.get("time_s") == r.get("diagnose_s")
                                                                for r in parsed) else "prove", t)]
    diagnosed = [r for r in parsed if "diagnose_s" in r]
    if diagnosed:
        verdicts = {}
        for r in diagnosed:
            for k, n in r.get("verdicts", {}).items():
                verdicts[k] = verdicts.get(k, 0) + n
        errors = [os.path.relpath(r["file"], r["corpus"]) for r in diagnosed if "diagnose_error" in r]
        failures = ["%s %s" % (os.path.relpath(r["file"], r["corpus"]), f)
                    for r in diagnosed for f in r.get("replay_failures", [])]
        s += ["triage diagnose: %d files, %.1f s in total, at most %.1f s a file; verdicts: %s" % (
                  len(diagnosed), sum(r["diagnose_s"] for r in diagnosed),
                  max(r["diagnose_s"] for r in diagnosed),
                  ", ".join("%s %d" % kv for kv in sorted(verdicts.items()))),
              "diagnose errors (exit other than 0 or 1, or no report): %s" % (", ".join(errors) or "none"),
              "non-compliances and weaknesses replayed by `triage run`: %d, not replaying: %s" % (
                  sum(r.get("replayed", 0) for r in diagnosed), ", ".join(failures) or "none")]
    if with_wp:
        wp = [r for r in rows if "wp_goals" in r]
        s.append("WP: %d/%d goals proved on %d files, total time %.1f s" % (
            sum(r["wp_proved"] for r in wp), sum(r["wp_goals"] for r in wp), len(wp),
            sum(r["wp_time_s"] for r in wp)))
        below = [os.path.relpath(r["file"], r["corpus"]) for r in parsed
                 if "wp_goals" in r and "proved" in r
                 and r["goals"] - r["proved"] > r["wp_goals"] - r["wp_proved"]]
        s.append("files where triage leaves more goals unproved than WP: %s" % (", ".join(below) or "none"))
    return "\n".join("- " + x for x in s)


def report(outs):
    """The first file's rows, with the WP columns of the others (WP's runs are long and kept)."""
    merged = {json.loads(line)["file"]: json.loads(line) for line in open(outs[0])}
    for out in outs[1:]:
        for line in open(out):
            r = json.loads(line)
            if r["file"] in merged:
                merged[r["file"]].update({k: v for k, v in r.items() if k.startswith("wp_")})
    rows = [merged[f] for f in sorted(merged)]
    with_wp = any("wp_goals" in r for r in rows)
    print(table(rows, with_wp))
    print()
    print(summary(rows, with_wp))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--triage", default=os.path.join(ROOT, "build", "release", "bin", "triage"))
    ap.add_argument("--timeout", type=float, help="triage's --timeout (default: triage's)")
    ap.add_argument("--work", type=float, help="triage's --work (default: triage's)")
    ap.add_argument("--file-timeout", type=float, default=600.0)
    ap.add_argument("-j", "--jobs", type=int, default=0)
    ap.add_argument("--frama-c", action="store_true", help="also run frama-c -wp on each file")
    ap.add_argument("--diagnose", action="store_true", help="also run triage diagnose")
    ap.add_argument("--diagnose-only", action="store_true",
                    help="triage diagnose instead of triage prove (its proofs counted)")
    ap.add_argument("--wp-only", action="store_true", help="only WP (to be merged with --wp-from)")
    ap.add_argument("--deadline", type=float, default=60.0, help="diagnose's --deadline")
    ap.add_argument("--only", help="only files whose path contains one of these comma-separated "
                    "parts, in that order")
    ap.add_argument("--wp-from", help="WP columns from an earlier --out file (WP's time is long "
                    "and does not change with triage)")
    ap.add_argument("--out", help="one JSON line per file")
    ap.add_argument("--report", nargs="+", metavar="OUT",
                    help="no run: the table and summary of an earlier --out file, with the WP "
                    "columns of the others (--wp-only runs, say)")
    args = ap.parse_args()
    if args.report:
        return report(args.report)
    corpus = os.path.abspath(args.corpus)
    with_wp = args.frama_c and shutil.which("frama-c") is not None
    if args.frama_c and not with_wp:
        print("frama-c not found: WP columns skipped", file=sys.stderr)
    earlier = {}
    if args.wp_from:
        for line in open(args.wp_from):
            r = json.loads(line)
            earlier[os.path.relpath(r["file"], r["corpus"])] = {k: v for k, v in r.items() if k.startswith("wp_")}
    flags = include_flags(corpus)
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".c"))
    if args.only:  # comma-separated parts of paths, in the order to run them
        parts = args.only.split(",")
        files = sorted((f for f in files if any(p in f for p in parts)),
                       key=lambda f: min(i for i, p in enumerate(parts) if p in f))
    rows = []
    out = open(args.out, "w") if args.out else None
    for i, path in enumerate(files, 1):
        row = {"file": path, "parsed": None} if args.wp_only else triage_file(args.triage, path, flags, args)
        row["corpus"] = corpus
        if earlier:
            row.update(earlier.get(os.path.relpath(path, corpus), {}))
        elif with_wp:
            row.update(wp_file(path, flags, args.file_timeout))
        rows.append(row)
        print("[%d/%d] %s: %s" % (i, len(files), os.path.relpath(path, corpus),
                                  "%s/%s proved" % (row.get("proved", "-"), row.get("goals", "-"))
                                  if row["parsed"] else "not accepted" if row["parsed"] is False
                                  else "WP %s/%s" % (row.get("wp_proved", "-"), row.get("wp_goals", "-"))),
              file=sys.stderr)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(table(rows, with_wp or bool(earlier)))
    print()
    print(summary(rows, with_wp or bool(earlier)))


if __name__ == "__main__":
    main()
