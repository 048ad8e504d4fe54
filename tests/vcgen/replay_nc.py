#!/usr/bin/env python3
"""For every failed goal of the shared examples expected to be a non-compliance, the candidate
counterexample of `triage prove --counterexample`, replayed by `triage run --giant-step all`,
must fail on that goal (same kind, same line).

usage: replay_nc.py TRIAGE EXAMPLES_DIR
"""
import json, os, subprocess, sys, tempfile


def rows(examples):
    for line in open(os.path.join(examples, 'expected.tsv')):
        if line.startswith('#') or not line.strip():
            continue
        f, fn, ln, kind, exp = line.rstrip('\n').split('\t')[:5]
        if exp == 'non_compliance':
            yield f, fn, int(ln), kind


def main():
    triage, examples = sys.argv[1], sys.argv[2]
    problems = checked = 0
    for f, fn, ln, kind in rows(examples):
        path = os.path.join(examples, f)
        # A generous solver limit: under a loaded sanitizer build a sat answer that takes
        # milliseconds on an idle machine can run past the default 2 s.
        p = subprocess.run([triage, 'prove', path, '--function', fn, '--format', 'json',
                            '--counterexample', '--timeout', '10'],
                           capture_output=True, text=True, timeout=300)
        goals = [g for g in json.loads(p.stdout)['goals']
                 if g['line'] == ln and g['kind'] == kind and g['status'] == 'failed']
        if not goals or 'counterexample' not in goals[0]:
            print(f'{f}:{ln}: {kind}: no failed goal with a counterexample')
            problems += 1
            continue
        with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as tmp:
            json.dump(goals[0]['counterexample'], tmp)
        r = subprocess.run([triage, 'run', path, '--oracle', tmp.name, '--giant-step', 'all',
                            '--format', 'json'], capture_output=True, text=True, timeout=300)
        os.unlink(tmp.name)
        checked += 1
        try:
            out = json.loads(r.stdout)
        except json.JSONDecodeError:
            out = {}
        goal = out.get('goal') or {}
        if r.returncode != 1 or goal.get('kind') != kind or goal.get('line') != ln:
            print(f'{f}:{ln}: {kind}: replay gave exit {r.returncode}: {r.stdout.strip()[:300]}'
                  f' with {json.dumps(goals[0]["counterexample"])}')
            problems += 1
    print(f'{checked} counterexamples replayed, {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
