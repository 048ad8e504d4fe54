#!/usr/bin/env python3
"""Replays every counterexample `triage diagnose` emits, through the `triage run` command line.

usage: replay_counterexamples.py TRIAGE [--strategy S] [--min N] FILE...

For each FILE it runs `TRIAGE diagnose FILE --format json`, and for every goal with a
non_compliance or subcontract_weakness verdict:
  - runs `TRIAGE run FILE --oracle CEX.json --format json` with the giant-step policy of the
    verdict (none; the named subcontract for scope single; `all` for global) and checks that
    the run fails that goal (same kind, line and annotation id; any precondition clause for a
    call precondition, a goal of the call site);
  - runs the `replay` command printed for people (through bash) and checks it reports the same
    failure.
Fails when any replay does not fail the goal, or when fewer than N counterexamples were checked.
"""
import argparse, json, os, subprocess, sys, tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def same_goal(goal, failed):
    if not failed or failed.get('kind') != goal['kind'] or failed.get('line') != goal['line']:
        return False
    if goal['kind'] == 'call_precondition':
        return True
    return not goal['id'] or not failed.get('id') or goal['id'] == failed['id']


def policy_args(goal):
    if goal['verdict'] != 'subcontract_weakness':
        return []
    if goal['scope'] == 'global':
        return ['--giant-step', 'all']
    return [a for s in goal['subcontracts'] for a in ('--giant-step', s)]


def check_goal(triage, path, goal, problems):
    where = f"{path}:{goal['line']}: {goal['kind']} ({goal['verdict']})"
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
        json.dump(goal['counterexample'], f)
        oracle = f.name
    try:
        p = run([triage, 'run', path, '--oracle', oracle, '--format', 'json'] + policy_args(goal))
        try:
            out = json.loads(p.stdout)
        except ValueError:
            problems.append(f'{where}: triage run gave no JSON: {p.stderr.strip()[:200]}')
            return
        if out.get('outcome') != 'failure' or not same_goal(goal, out.get('goal')):
            problems.append(f"{where}: replay gave {out.get('outcome')} {out.get('goal')}")
    finally:
        os.unlink(oracle)
    cmd = goal.get('replay', '')
    if not cmd.startswith('triage run '):
        problems.append(f'{where}: no replay command')
        return
    p = run(['bash', '-c', "'" + triage.replace("'", "'\\''") + "'" + cmd[len('triage'):]])
    head = f": failure: {goal['kind']}"
    if p.returncode != 1 or head not in p.stdout or f":{goal['line']}:" not in p.stdout:
        problems.append(f'{where}: printed replay command did not fail the goal: '
                        f'{(p.stdout + p.stderr).strip()[:300]}')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('triage')
    ap.add_argument('--strategy', default='model')
    ap.add_argument('--min', type=int, default=1)
    ap.add_argument('--extra', action='append', default=[])
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    problems, checked = [], 0
    for path in a.files:
        p = run([a.triage, 'diagnose', path, '--format', 'json', '--strategy', a.strategy] + a.extra)
        try:
            goals = json.loads(p.stdout)['goals']
        except (ValueError, KeyError):
            problems.append(f'{path}: diagnose gave no JSON: {p.stderr.strip()[:200]}')
            continue
        for g in goals:
            if g.get('verdict') in ('non_compliance', 'subcontract_weakness'):
                checked += 1
                check_goal(a.triage, path, g, problems)
    for pr in problems:
        print(pr)
    print(f'{checked} counterexamples replayed, {len(problems)} problems')
    return 0 if not problems and checked >= a.min else 1


if __name__ == '__main__':
    sys.exit(main())
