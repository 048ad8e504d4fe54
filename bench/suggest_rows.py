#!/usr/bin/env python3
"""Checked suggestions on the weakness rows of an examples table (a measurement, not a CI test).

usage: bench/suggest_rows.py [EXAMPLES] [--triage BIN] [--deadline S]

EXAMPLES defaults to ../shared/examples next to the repository (or /work/shared/examples): its
expected.tsv. For each file with a row expecting `subcontract_weakness` (single or global),
`triage diagnose FILE --fix COPY --format json --deadline S` once, then `triage prove COPY`. A row
is met when the suggestion's `proves` lists its goal (kind and line) and the copy proves every
goal at that kind and line (all of them, or those a line diff maps back: the copy may have lines
inserted). Prints
one line per row (met, or why not) and the count, with each file's suggestion time.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from suggest import map_lines  # noqa: E402  (the corpus benchmark's: one way to match lines)


def default_examples():
    for d in (os.path.join(HERE, '..', '..', 'shared', 'examples'), '/work/shared/examples'):
        if os.path.exists(os.path.join(d, 'expected.tsv')):
            return os.path.normpath(d)
    sys.exit('no examples directory found: give one')


def weakness_rows(examples):
    rows = []
    with open(os.path.join(examples, 'expected.tsv')) as f:
        for r in csv.reader((l for l in f if not l.startswith('#') and l.strip()), delimiter='\t'):
            if len(r) >= 5 and r[4].startswith('subcontract_weakness'):
                rows.append({'file': r[0], 'function': r[1], 'line': int(r[2]), 'kind': r[3]})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('examples', nargs='?', default=None)
    ap.add_argument('--triage', default=os.path.join(HERE, '..', 'build', 'release', 'bin', 'triage'))
    ap.add_argument('--deadline', type=float, default=60)
    a = ap.parse_args()
    examples = a.examples or default_examples()
    rows = weakness_rows(examples)
    work = tempfile.mkdtemp()
    met = 0
    by_file = {}
    for r in rows:
        by_file.setdefault(r['file'], []).append(r)
    for name, file_rows in by_file.items():
        copy = os.path.join(work, name.replace('/', '_'))
        p = subprocess.run([a.triage, 'diagnose', name, '--fix', copy, '--format', 'json',
                            '--deadline', str(a.deadline)], cwd=examples, capture_output=True,
                           text=True, timeout=1800)
        try:
            report = json.loads(p.stdout)
        except json.JSONDecodeError:
            for r in file_rows:
                print(f"{name}:{r['line']} {r['kind']}: no report ({p.stderr.strip()[-200:]})")
            continue
        fixes = report.get('fixes', [])
        proves = {(g['kind'], g['line']) for f in fixes for g in f['proves']}
        secs = sum(f.get('time_ms', 0) for f in fixes) / 1000
        proved_in_copy, copy_proves_all = None, False
        if os.path.exists(copy):
            q = subprocess.run([a.triage, 'prove', copy, '--format', 'json'], cwd=examples,
                               capture_output=True, text=True, timeout=1800)
            copy_proves_all = q.returncode == 0
            # The copy may have lines inserted, and a clause moved off an annotation's opening
            # line: its goals are mapped back to the original's lines.
            lines = map_lines(open(os.path.join(examples, name)).read(), open(copy).read())
            proved_in_copy = {}
            for g in json.loads(q.stdout)['goals']:
                key = (g['kind'], lines.get(g['line']))
                proved_in_copy[key] = proved_in_copy.get(key, True) and g['status'] == 'proved'
        for r in file_rows:
            key = (r['kind'], r['line'])
            if key not in proves:
                why = next((f['note'] for f in fixes if f.get('note')), '') or 'not among what it proves'
                print(f"{name}:{r['line']} {r['kind']}: no suggestion ({why}) [{secs:.1f} s]")
            elif not copy_proves_all and not (proved_in_copy and proved_in_copy.get(key)):
                print(f"{name}:{r['line']} {r['kind']}: suggested, but the copy does not prove it")
            else:
                met += 1
                print(f"{name}:{r['line']} {r['kind']}: met [{secs:.1f} s]")
    print(f'{met} of {len(rows)} weakness rows get a checked suggestion the fixed copy proves')


if __name__ == '__main__':
    main()
