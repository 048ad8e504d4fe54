#!/usr/bin/env python3
"""Proof alone, triage against Frama-C WP, on the same files in the same run.

usage: bench/prove_vs_wp.py [FILE|DIR ...] [--triage BIN] [--timeout S] [--wp-timeout S]
                            [--wp-provers P,Q] [--json OUT]

For each C file (default: every file of ../shared/examples), runs `triage prove FILE --format
json` and `frama-c -wp -wp-rte FILE -then -report-csv` and prints the goals each proves, the time
each takes and their ratio; then the totals. WP's properties are matched to triage's goals by
line and kind (an ensures clause to postcondition goals, a loop invariant to its establishment and
preservation, an RTE alarm to the rte goal of its line, ...): `missed` lists the properties WP
proves and triage fails at the same line, which should stay empty. Without Frama-C (Debian:
frama-c-base, with why3, z3 and cvc4), only triage's columns are filled, with a message.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Frama-C report kinds -> triage goal kinds of the same line.
WP_KINDS = {
    'postcondition': {'postcondition'},
    'loop invariant': {'loop_invariant_init', 'loop_invariant_preserved'},
    'user assertion': {'assertion'},
    'signed_overflow': {'rte_overflow'},
    'signed_downcast': {'rte_overflow'},
    'unsigned_overflow': {'rte_overflow'},
    'shift': {'rte_overflow'},
    'mem_access': {'rte_memory'},
    'division_by_zero': {'rte_division'},
    'assigns clause': {'assigns', 'loop_assigns'},
    'loop variant': {'loop_variant_nonneg', 'loop_variant_decrease'},
    'lemma': {'lemma'},
}
PROVED = {'Valid', 'Partially proven', 'Valid under hypothesis'}


def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, fs in sorted(os.walk(p)):
                out += [os.path.join(d, f) for f in sorted(fs) if f.endswith('.c')]
        else:
            out.append(p)
    return out


def kinds_of(wp_kind):
    """Triage goal kinds for a Frama-C property kind ('precondition of g' is a call's)."""
    if wp_kind.startswith('precondition of '):
        return {'call_precondition'}
    return WP_KINDS.get(wp_kind, set())


def triage_prove(triage, path, timeout):
    t0 = time.monotonic()
    # No --timeout: triage's defaults, work-bounded attempts (docs/prove.md).
    limit = ['--timeout', str(timeout)] if timeout else []
    p = subprocess.run([triage, 'prove', path, '--format', 'json', *limit],
                       capture_output=True, text=True)
    took = time.monotonic() - t0
    try:
        goals = json.loads(p.stdout)['goals']
    except (ValueError, KeyError):
        return None, took, p.stderr.strip().splitlines()[:1]
    return goals, took, []


def wp_prove(path, provers, timeout):
    """WP's proof with RTE guards: (properties as (line, kind, status), seconds, summary)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'report.csv')
        t0 = time.monotonic()
        p = subprocess.run(['frama-c', '-wp', '-wp-rte', '-wp-prover', provers, '-wp-timeout',
                            str(timeout), path, '-then', '-report-csv', report],
                           capture_output=True, text=True)
        took = time.monotonic() - t0
        m = re.search(r'Proved goals:\s*(\d+)\s*/\s*(\d+)', p.stdout)
        summary = (int(m.group(1)), int(m.group(2))) if m else None
        props = []
        if os.path.exists(report):
            with open(report, newline='') as f:
                for row in csv.DictReader(f, delimiter='\t'):
                    if (row.get('line') or '').isdigit():  # not the rest of a multi-line one
                        props.append((int(row['line']), row['property kind'], row['status']))
    return props, took, summary


def missed(props, goals):
    """Lines and kinds where WP proves every property and triage fails a goal. Grouped: WP
    splits what triage checks as one goal (both bounds of an overflow, reading and writing one
    cell), so one of WP's properties alone does not say a triage goal is provable."""
    groups = {}
    for line, kind, status in props:
        key = (line, frozenset(kinds_of(kind)), kind)
        groups[key] = groups.get(key, True) and status in PROVED
    out = []
    for (line, kinds, kind), proved in groups.items():
        mine = [g for g in goals if g['line'] == line and g['kind'] in kinds]
        if proved and any(g['status'] != 'proved' for g in mine):
            out.append('%d %s' % (line, kind))
    return sorted(set(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('paths', nargs='*', default=[os.path.join(ROOT, '..', 'shared', 'examples')])
    ap.add_argument('--triage', default=os.path.join(ROOT, 'build', 'release', 'bin', 'triage'))
    ap.add_argument('--timeout', type=float, help="triage's --timeout (default: triage's)")
    ap.add_argument('--wp-timeout', type=float, default=5, help='WP timeout (default 5)')
    ap.add_argument('--wp-provers', default=','.join(
        p for p in ('z3', 'cvc4') if shutil.which(p)) or 'z3')
    ap.add_argument('--json', help='also write one JSON object per file to this file')
    a = ap.parse_args()
    if not os.access(a.triage, os.X_OK):
        sys.exit('prove_vs_wp: no triage binary at %s (build it first)' % a.triage)
    wp = shutil.which('frama-c') is not None
    if not wp:
        print('no reference runs: frama-c is not installed (Debian: frama-c-base)')
    base = os.path.commonpath([os.path.abspath(f) for f in files_of(a.paths)] or [ROOT])
    fmt = '%-36s %9s %8s %9s %8s %6s  %s'
    print(fmt % ('file', 'triage', 'time s', 'WP', 'time s', 'ratio', 'missed'))
    rows, t_sum, w_sum = [], 0.0, 0.0
    for path in files_of(a.paths):
        name = os.path.relpath(os.path.abspath(path), base)
        goals, t, err = triage_prove(a.triage, path, a.timeout)
        if goals is None:
            print(fmt % (name, 'error', '%.2f' % t, '', '', '', ' '.join(err)))
            continue
        row = {'file': name, 'triage_proved': sum(g['status'] == 'proved' for g in goals),
               'triage_goals': len(goals), 'triage_s': round(t, 3)}
        wp_cols = ('', '', '', '')
        if wp:
            props, w, summary = wp_prove(path, a.wp_provers, a.wp_timeout)
            row.update(wp_proved=summary[0] if summary else None,
                       wp_goals=summary[1] if summary else None, wp_s=round(w, 3),
                       missed=missed(props, goals))
            if summary:  # a file WP cannot parse (a `typically` clause) is not compared
                t_sum, w_sum = t_sum + t, w_sum + w
            wp_cols = ('%d/%d' % summary if summary else 'error', '%.2f' % w,
                       '%.2f' % (t / w) if w else '', ', '.join(row['missed']) or '-')
        rows.append(row)
        print(fmt % ((name, '%d/%d' % (row['triage_proved'], row['triage_goals']), '%.2f' % t)
                     + wp_cols), flush=True)
    total_t = sum(r['triage_s'] for r in rows)
    print('%d files: triage %.1f s' % (len(rows), total_t), end='')
    if wp and w_sum:
        n_missed = sum(len(r['missed']) for r in rows)
        print(', WP %.1f s, ratio %.2f; %d properties WP proves and triage does not'
              % (w_sum, t_sum / w_sum, n_missed))
    else:
        print()
    if a.json:
        with open(a.json, 'w') as f:
            for r in rows:
                f.write(json.dumps(r) + '\n')


if __name__ == '__main__':
    main()
