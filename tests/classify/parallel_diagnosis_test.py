#!/usr/bin/env python3
"""`-j N` diagnoses goals (model strategy) and functions (test strategy) at once: the report must
be the one of `-j 1`, goal for goal: verdict, subcontracts, counterexample, notes, strategy.

usage: parallel_diagnosis_test.py TRIAGE FILE...

Times differ between runs and are left out of the comparison; everything a user reads as a
result must not. The files are chosen so that no solver or search runs into its time limit
(a limit reached earlier under load would change a verdict whatever the number of jobs).
Known and left out: the value Z3 picks for a giant-step output that nothing constrains (count_up's
`c` for its postcondition: 0 or 21, both replay) can differ between runs with -j 2, though each
thread's solver contexts are its goal's own; the values of subcontract outputs (and the replay
line that carries them) are compared by name only.
"""
import json, subprocess, sys

def without_times(x):
    if isinstance(x, dict):
        if 'subcontract' in x and 'values' in x:
            return {**x, 'values': sorted(x['values'])}
        return {k: without_times(v) for k, v in x.items()
                if not k.endswith('time_ms') and k != 'replay'}
    if isinstance(x, list):
        return [without_times(v) for v in x]
    return x


def report(triage, path, strategy, jobs):
    p = subprocess.run([triage, 'diagnose', path, '--format', 'json', '--strategy', strategy,
                        '-j', str(jobs), '--timeout', '10'],
                       capture_output=True, text=True, timeout=600)
    return p.returncode, without_times(json.loads(p.stdout))


def main():
    triage, files = sys.argv[1], sys.argv[2:]
    problems = compared = 0
    for path in files:
        for strategy in ('combined', 'model', 'test'):
            code1, one = report(triage, path, strategy, 1)
            code2, two = report(triage, path, strategy, 2)
            compared += 1
            if code1 != code2 or one != two:
                problems += 1
                print(f'{path} ({strategy}): -j 2 differs from -j 1 (exit {code2} vs {code1})')
                for a, b in zip(one.get('goals', []), two.get('goals', [])):
                    if a != b:
                        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
                        print(f'  line {a.get("line")} {a.get("kind")}: ' + '; '.join(
                            f'{k}: {json.dumps(a.get(k))[:200]} vs {json.dumps(b.get(k))[:200]}'
                            for k in keys))
            failed = [g for g in one.get('goals', []) if g.get('status') == 'failed']
            if not failed:
                problems += 1
                print(f'{path} ({strategy}): no failed goal, nothing compared')
    print(f'{compared} reports compared, {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
