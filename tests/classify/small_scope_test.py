#!/usr/bin/env python3
"""The small scope of inputs (docs/diagnose.md, "Small scopes"), from the command line.

  small_scope_test.py TRIAGE SHARED_EXAMPLES HERE

- rgf/R3.c's assertion is true and the prover cannot show it; its arrays have any length, so no
  search of every input can end: by default it is likely_prover_incapacity, with the scope stated
  in JSON and in text; with --no-small-scope it stays unknown.
- rgf/R3_typically.c: the `typically` clause bounds the search, and its scope is the one stated.
- small_scope/far_bug.c breaks its postcondition only at n = 1000, outside every small scope: it
  is never prover_incapacity, and never likely without the scope that was searched.
- small_scope/lemmas.ivl: a true lemma the provers cannot show (induction with a generalized
  accumulator) is likely, with its scope; a false one stays unknown, with the instance that
  breaks it; the same over two memory states.
- Every likely_prover_incapacity has a search_scope, and every other verdict none.
"""
import json
import os
import subprocess
import sys

failures = []


def expect(cond, what, p=None):
    if not cond:
        failures.append(what + ('' if p is None else f'\n  stdout: {p.stdout[-1500:]}\n  stderr: {p.stderr[-800:]}'))


def diagnose(*args):
    return subprocess.run([TRIAGE, 'diagnose', *args], capture_output=True, text=True, timeout=900)


def failed_goals(p):
    try:
        return [g for g in json.loads(p.stdout)['goals'] if g['status'] == 'failed']
    except (ValueError, KeyError):
        return []


def scopes_consistent(goals):
    return all((g['verdict'] == 'likely_prover_incapacity') == (g.get('search_scope') is not None)
               for g in goals)


def main():
    r3 = os.path.join(SHARED, 'rgf', 'R3.c')
    p = diagnose(r3, '--format', 'json')
    goals = failed_goals(p)
    at49 = [g for g in goals if g['line'] == 49 and g['kind'] == 'assertion']
    expect(p.returncode == 1 and len(at49) == 1, 'R3.c: one failed assertion at line 49', p)
    if at49:
        g = at49[0]
        scope = g.get('search_scope') or {}
        expect(g['verdict'] == 'likely_prover_incapacity', f"R3.c:49 likely, got {g['verdict']}", p)
        expect(scope.get('kind') == 'automatic' and scope.get('text', '').startswith('arrays <= '),
               f'R3.c:49 an automatic scope stated, got {scope}', p)
        expect(scope.get('cells') == 4 and [-8, 8] in scope.get('intervals', []),
               f'R3.c:49 the scope for machines: 4 cells, [-8, 8] among its intervals, got {scope}', p)
        expect(any('every path within a small scope of inputs' in n for n in g['notes']),
               'R3.c:49 a note says what was explored', p)
    expect(scopes_consistent(goals), 'R3.c: search_scope exactly on likely verdicts', p)

    p = diagnose(r3)
    expect('likely_prover_incapacity: assertion (f.assert1) in f' in p.stdout and
           '  searched: a small scope of inputs only: arrays <= ' in p.stdout,
           'R3.c text: the verdict and the searched scope', p)

    p = diagnose(r3, '--format', 'json', '--no-small-scope')
    at49 = [g for g in failed_goals(p) if g['line'] == 49]
    expect(at49 and at49[0]['verdict'] == 'unknown' and at49[0].get('search_scope') is None,
           'R3.c --no-small-scope: unknown, no scope', p)

    p = diagnose(os.path.join(SHARED, 'rgf', 'R3_typically.c'), '--format', 'json')
    at50 = [g for g in failed_goals(p) if g['line'] == 50]
    expect(at50 and at50[0]['verdict'] == 'likely_prover_incapacity' and
           (at50[0].get('search_scope') or {}).get('kind') == 'typically',
           'R3_typically.c:50: likely within the typically clauses', p)

    p = diagnose(os.path.join(HERE, 'small_scope', 'far_bug.c'), '--format', 'json')
    goals = failed_goals(p)
    post = [g for g in goals if g['kind'] == 'postcondition']
    expect(len(post) == 1, 'far_bug.c: the postcondition fails', p)
    for g in post:
        expect(g['verdict'] != 'prover_incapacity', 'far_bug.c: never prover_incapacity', p)
        if g['verdict'] == 'likely_prover_incapacity':
            expect((g.get('search_scope') or {}).get('kind') == 'automatic',
                   'far_bug.c: a likely verdict states its scope', p)
        if g['verdict'] == 'non_compliance':
            expect(g['counterexample']['inputs'].get('n') == 1000, 'far_bug.c: n = 1000', p)
    expect(scopes_consistent(goals), 'far_bug.c: search_scope exactly on likely verdicts', p)

    p = diagnose(os.path.join(HERE, 'small_scope', 'lemmas.ivl'), '--format', 'json')
    by_id = {g['id']: g for g in failed_goals(p)}
    nonneg, anyv = by_id.get('sum_nonneg'), by_id.get('sum_any')
    expect(nonneg and nonneg['verdict'] == 'likely_prover_incapacity' and
           (nonneg.get('search_scope') or {}).get('kind') == 'automatic',
           'lemmas.ivl: the true lemma is likely, with its scope', p)
    expect(anyv and anyv['verdict'] == 'unknown' and
           any('an instance of the lemma is false: t = [' in n for n in anyv['notes']),
           'lemmas.ivl: the false lemma is unknown, its false instance noted', p)
    two, first = by_id.get('sum_unchanged'), by_id.get('first_unchanged')
    expect(two and two['verdict'] == 'likely_prover_incapacity',
           'lemmas.ivl: the true lemma over two states is likely', p)
    expect(first and first['verdict'] == 'unknown' and
           any('an instance of the lemma is false: in L: t = [' in n and '; then in K: t = [' in n
               for n in first['notes']),
           'lemmas.ivl: the false lemma over two states, its instance in both states noted', p)
    expect(scopes_consistent(failed_goals(p)), 'lemmas.ivl: search_scope exactly on likely verdicts', p)

    for f in failures:
        print('FAIL:', f)
    print(f'{len(failures)} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    TRIAGE, SHARED, HERE = sys.argv[1], sys.argv[2], sys.argv[3]
    sys.exit(main())
