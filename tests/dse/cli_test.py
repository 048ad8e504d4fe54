#!/usr/bin/env python3
"""`triage dse` on the command line: the acceptance runs of step 7 on the shared examples, the
JSON form, and bad input.

usage: cli_test.py TRIAGE SHARED
"""
import json, subprocess, sys

triage, shared = sys.argv[1], sys.argv[2]
examples = shared + '/examples/'
problems = []


def run(*args):
    return subprocess.run([triage, 'dse', *args], capture_output=True, text=True, timeout=300)


def dse_json(path, function, *extra):
    p = run(examples + path, '--function', function, '--format', 'json', *extra)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        problems.append(f'{path}: no JSON ({p.stderr.strip()[:200]})')
        return p.returncode, {'tests': []}


def failures(out, kind):
    return [t for t in out['tests'] if t['outcome'] == 'failure' and t['goal']['kind'] == kind]


def expect(cond, what):
    if not cond:
        problems.append(what)


# is_present: typically n <= 6, no k bound: every path explored, and the count is stable.
rc, out = dse_json('loops/is_present.c', 'is_present')
s = out
expect(s.get('complete') is True, f'is_present: not complete: {s}')
expect(s.get('paths', 0) > 6 and s.get('paths') == len(out['tests']), f'is_present paths: {s}')
expect(rc == 0, f'is_present: exit {rc}, no test fails')
p = run(examples + 'loops/is_present.c', '--function', 'is_present')
expect(f"{s.get('paths')} paths, complete exploration" in p.stdout,
       f'is_present text summary: {p.stdout[-300:]}')
# The same without the typically clause cannot be complete: n is bounded by nothing.
rc, out = dse_json('loops/is_present.c', 'is_present', '--no-typically', '--budget', '3')
expect(out.get('complete') is False, 'is_present --no-typically: complete')

# B2: the variant does not decrease for some input (n = 2, x = 1, t = {0, 0} is one).
rc, out = dse_json('binary_search/B2.c', 'binary_search')
found = failures(out, 'loop_variant_decrease')
expect(found, 'B2: no loop_variant_decrease failure')
expect(rc == 1, f'B2: exit {rc}, a test fails')

# U1: the assertion fails exactly for n >= 13, and the exploration is complete (n <= 30).
rc, out = dse_json('unannotated/U1.c', 'score')
found = failures(out, 'assertion')
ns = sorted(t['inputs']['n'] for t in found)
expect(ns and ns[0] >= 13, f'U1: failing n {ns}')
expect(out.get('complete') is True, 'U1: not complete')
expect(ns == list(range(13, 31)), f'U1: every n from 13 to 30 is a path: {ns}')

# The k bound makes the exploration incomplete, and says so.
rc, out = dse_json('unannotated/U1.c', 'score', '--k', '3')
why = ' '.join(out.get('incomplete_because', []))
expect(out.get('complete') is False and 'k-path' in why, f'U1 --k 3: {why}')

# A giant step: its outputs are part of the tests.
rc, out = dse_json('subcontracts/call_sw.c', 'f', '--giant-step', 'g')
found = failures(out, 'postcondition')
expect(found and found[0].get('subcontract_outputs'), 'call_sw --giant-step g: no output')

# Every failing test printed for people replays, through the command printed with it.
for path, function, extra in [('subcontracts/call_sw.c', 'f', ['--giant-step', 'g']),
                              ('unannotated/U2.c', 'largest', []),
                              ('binary_search/B2.c', 'binary_search', ['--budget', '2'])]:
    p = run(examples + path, '--function', function, *extra)
    lines = p.stdout.splitlines()
    replays = 0
    for i, line in enumerate(lines):
        if not line.startswith('  replay: triage run '):
            continue
        failure = lines[i - 1].split(': failure: ')[1].split(' ')[0]
        cmd = "'" + triage + "'" + line[len('  replay: triage'):]
        q = subprocess.run(['bash', '-c', cmd], capture_output=True, text=True, timeout=60)
        expect(f': failure: {failure}' in q.stdout, f'{path}: {line} gave {q.stdout[:200]}')
        replays += 1
    expect(replays > 0, f'{path}: no replay line')

# Bad input: a clear error, exit 2.
for args, part in [(['nope.c'], 'nope.c'),
                   ([examples + 'loops/is_present.c', '--function', 'nope'], "'nope'"),
                   ([examples + 'loops/is_present.c', '--k', '-1'], '--k'),
                   ([examples + 'loops/is_present.c', '--giant-step', 'loop@99'], 'loop@99')]:
    p = run(*args)
    expect(p.returncode == 2 and part in p.stderr, f'{args}: exit {p.returncode}: {p.stderr[:200]}')

for pr in problems:
    print(pr)
sys.exit(1 if problems else 0)
