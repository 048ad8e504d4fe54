#!/usr/bin/env python3
"""`triage diagnose` as users see it: verdicts in text and JSON, exit codes, usage errors.

usage: diagnose_cli_test.py TRIAGE IVL_DIR
"""
import json, os, subprocess, sys

failures = []


def diagnose(*args):
    return subprocess.run([TRIAGE, 'diagnose'] + list(args), capture_output=True, text=True,
                          timeout=300)


def expect(cond, what, p=None):
    if not cond:
        detail = f'\n--- stdout\n{p.stdout}\n--- stderr\n{p.stderr}' if p else ''
        failures.append(what + detail)


def goals_of(p):
    try:
        return json.loads(p.stdout)['goals']
    except (ValueError, KeyError):
        return []


def main():
    ivl = lambda name: os.path.join(IVL, name)

    p = diagnose(ivl('all_proved.ivl'))
    expect(p.returncode == 0, 'all proved: exit 0', p)
    expect(p.stdout.rstrip().endswith('proved, 0 failed'), 'all proved: summary line', p)

    p = diagnose(ivl('set_x.ivl'))
    expect(p.returncode == 1, 'set_x: exit 1', p)
    expect('subcontracts/set_x.c:16:14: subcontract_weakness: assertion (run.assert1) in run '
           '[set_x]\n' in p.stdout, 'set_x: heading', p)
    expect('  set_x outputs: x = ' in p.stdout, 'set_x: the outputs of set_x', p)
    expect('suggestion: strengthen the contract of set_x: its postcondition' in p.stdout,
           'set_x: suggestion', p)
    expect('replay: triage run ' in p.stdout and '--giant-step set_x' in p.stdout,
           'set_x: replay command', p)
    expect('1 subcontract_weakness' in p.stdout.splitlines()[-1], 'set_x: summary', p)

    # An invariant true in total logic but reading past the block: not proved (well-definedness,
    # docs/ir.md "Logic"), and a non-compliance whose failure names the read.
    p = diagnose(ivl('read_past_block.ivl'), '--format', 'json')
    init = [g for g in goals_of(p) if g['kind'] == 'loop_invariant_init' and g['line'] == 12]
    expect(p.returncode == 1 and len(init) == 1 and init[0]['verdict'] == 'non_compliance'
           and "'t[k]' reads t[" in (init[0].get('failure') or '')
           and 'outside its block' in init[0]['failure'],
           'read_past_block: the invariant reading past the block is a non-compliance', p)

    # In total logic (WP's reading) the same kind of read has a value no run knows: the runs
    # are not executable there, never a failure, and the goal stays unknown.
    past = ivl('past_global_block.ivl')
    p = diagnose(past, '--format', 'json')
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition']
    expect(p.returncode == 1 and len(post) == 1 and post[0]['verdict'] == 'non_compliance'
           and 'outside its block' in (post[0].get('failure') or ''),
           'past_global_block: a non-compliance by default', p)
    p = diagnose(past, '--format', 'json', '--total-logic')
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition']
    expect(p.returncode == 1 and len(post) == 1 and post[0]['verdict'] == 'unknown'
           and any('in total logic (--total-logic) its value is not known' in n
                   for n in post[0].get('notes', [])),
           'past_global_block --total-logic: unknown, the runs not executable', p)

    # Definitions over several states: each application reads the states it names.
    p = diagnose(ivl('state_swap_nc.ivl'), '--format', 'json')
    verdicts = {(g['kind'], g['line']): g['verdict'] for g in goals_of(p)}
    expect(p.returncode == 1 and verdicts.get(('postcondition', 13)) == 'non_compliance'
           and verdicts.get(('assertion', 18)) == 'proved',
           'state_swap_nc: the postcondition is a non-compliance, the assertion proved', p)

    p = diagnose(ivl('sqrt_bug.ivl'), '--format', 'json')
    expect(p.returncode == 1, 'sqrt_bug json: exit 1', p)
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition']
    expect(len(post) == 1 and post[0]['verdict'] == 'non_compliance' and post[0]['line'] == 4
           and post[0]['status'] == 'failed', 'sqrt_bug: postcondition non_compliance', p)
    if post and post[0]['counterexample']:
        c = post[0]['counterexample']
        expect(isinstance(c['inputs'].get('x'), int) and c['subcontract_outputs'] == [],
               'sqrt_bug: counterexample has the input x and no outputs', p)
        # The combined strategy's static check comes first: the loop's proved contract shows
        # the bug (every state it allows fails the postcondition), and the run replays it.
        expect(post[0]['strategy'] == 'static' and post[0].get('shown') == 'statically'
               and post[0].get('replayed') is True and post[0]['subcontracts'] == [],
               'sqrt_bug: strategy and subcontracts', p)
    others = [g for g in goals_of(p) if g['kind'] != 'postcondition']
    expect(all(g['status'] == 'proved' and g['verdict'] == 'proved' for g in others),
           'sqrt_bug: every other goal proved', p)

    p = diagnose(ivl('three_calls_global.ivl'), '--format', 'json', '--prover', 'z3')
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition' and g['function'] == 'f']
    expect(len(post) == 1 and post[0]['verdict'] == 'subcontract_weakness'
           and post[0]['scope'] == 'global'
           and sorted(post[0]['subcontracts']) == ['g1', 'g2', 'g3'],
           'three_calls_global: global weakness of g1, g2, g3', p)

    p = diagnose(ivl('set_x.ivl'), '--function', 'set_x')
    expect(p.returncode == 0, '--function set_x: only its goals, all proved', p)

    # The test strategy: the same verdicts found by searching real and giant-stepped runs, and
    # how far the search for a bug in the code went: it stops once every failed goal of the
    # function has a failing test (here the only one), with the shortest failing run.
    p = diagnose(ivl('sqrt_bug.ivl'), '--format', 'json', '--strategy', 'test', '--budget', '60')
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition']
    expect(len(post) == 1 and post[0]['verdict'] == 'non_compliance'
           and post[0]['strategy'] == 'test' and post[0]['nc_search'] == 'stopped'
           and post[0]['counterexample']['inputs']['x'] == 0,
           'sqrt_bug --strategy test: non_compliance, x = 0, search stopped at it', p)
    p = diagnose(ivl('three_calls_single.ivl'), '--format', 'json', '--strategy', 'test', '--budget', '60')
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition' and g['function'] == 'f']
    expect(len(post) == 1 and post[0]['verdict'] == 'subcontract_weakness'
           and post[0]['scope'] == 'single' and post[0]['subcontracts'] == ['g3']
           and post[0]['nc_search'] == 'complete'
           and [o['subcontract'] for o in post[0]['counterexample']['subcontract_outputs']]
           == ['g3'], 'three_calls_single --strategy test: weakness of g3 alone', p)
    p = diagnose(ivl('three_calls_global.ivl'), '--format', 'json', '--strategy', 'test', '--budget', '60')
    post = [g for g in goals_of(p) if g['kind'] == 'postcondition' and g['function'] == 'f']
    expect(len(post) == 1 and post[0]['verdict'] == 'subcontract_weakness'
           and post[0]['scope'] == 'global', 'three_calls_global --strategy test: global', p)
    p = diagnose(ivl('weak_after_nc.ivl'), '--strategy', 'test', '--budget', '60')
    expect('w.c:21:3: non_compliance: assertion (f.assert1) in f' in p.stdout,
           'weak_after_nc --strategy test: the assertion is a non-compliance', p)
    expect('w.c:18:5: subcontract_weakness: rte_overflow in f [loop@14]' in p.stdout,
           'weak_after_nc --strategy test: the overflow is a weakness of the loop', p)
    expect('search for a bug in the code: none found, every path explored' in p.stdout,
           'weak_after_nc --strategy test: the NC search is reported', p)
    p = diagnose(ivl('havoc_nc.ivl'), '--strategy', 'test', '--format', 'json')
    nc = [g for g in goals_of(p) if g['kind'] == 'assertion']
    expect(len(nc) == 1 and nc[0]['verdict'] == 'non_compliance'
           and nc[0]['counterexample']['subcontract_outputs'][0]['subcontract'] == 'havoc@7'
           and nc[0]['counterexample']['subcontract_outputs'][0]['values'] == {'y': 7}
           and '--oracle' in nc[0]['replay'],
           'havoc_nc --strategy test: the havoc value is part of the counterexample', p)
    p = diagnose(ivl('all_proved.ivl'), '--strategy', 'test', '--format', 'json')
    expect(p.returncode == 0 and all(g['nc_search'] == 'not_run' for g in goals_of(p)),
           'all proved --strategy test: nothing searched', p)

    # Combined (the default): the models first; a weakness they show still gets the search for
    # a bug, which says how far it went; what they leave open gets the whole test strategy.
    p = diagnose(ivl('set_x.ivl'), '--format', 'json', '--budget', '60')
    post = [g for g in goals_of(p) if g['kind'] == 'assertion']
    expect(json.loads(p.stdout)['strategy'] == 'combined' and len(post) == 1
           and post[0]['verdict'] == 'subcontract_weakness' and post[0]['strategy'] == 'model'
           and post[0]['nc_search'] == 'complete', 'set_x combined: weakness, NC search complete', p)
    p = diagnose(ivl('havoc_nc.ivl'), '--format', 'json', '--budget', '60')
    nc = [g for g in goals_of(p) if g['kind'] == 'assertion']
    expect(len(nc) == 1 and nc[0]['verdict'] == 'non_compliance' and nc[0]['strategy'] == 'test',
           'havoc_nc combined: the models miss it, the tests find it', p)

    # A deadline for the whole file: what is still open then is unknown, the output still whole.
    p = diagnose(ivl('three_calls_single.ivl'), '--format', 'json', '--deadline', '0.001')
    goals = goals_of(p)
    expect(p.returncode == 1 and goals and all(
        g['status'] == 'proved' or (g['verdict'] == 'unknown' and any(
            'deadline' in n for n in g['notes'])) for g in goals),
           'deadline 0.001: every open goal unknown with a note', p)

    # Goals proved in parallel: the same report, in program order, as one at a time.
    def verdicts(p):
        return [(g['line'], g['kind'], g['id'], g['status'], g['verdict']) for g in goals_of(p)]
    for name in ['three_calls_global.ivl', 'weak_after_nc.ivl']:
        one = diagnose(ivl(name), '--format', 'json', '-j', '1', '--strategy', 'model')
        two = diagnose(ivl(name), '--format', 'json', '-j2', '--strategy', 'model')
        expect(verdicts(one) and verdicts(one) == verdicts(two), f'{name}: -j 2 as -j 1', two)

    # A goal checked on return after another that fails first on every run that would break it:
    # the search for it is not complete, so no prover incapacity (which promises that no
    # counterexample exists); the other's weakness is named to fix first.
    for strategy in ['test', 'combined']:
        p = diagnose(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'suggest', 'masked_assigns.c'),
                     '--format', 'json', '--strategy', strategy)
        g = next((g for g in goals_of(p) if g['kind'] == 'assigns'), {})
        expect(g.get('verdict') in ('unknown', 'subcontract_weakness'),
               f'masked_assigns.c ({strategy}): no incapacity for the masked assigns goal: {g}', p)
        expect(any('not checked past it' in n for n in g.get('notes', [])) or
               g.get('verdict') == 'subcontract_weakness',
               f'masked_assigns.c ({strategy}): says why the search is incomplete: {g}', p)

    for args, msg in [(['--strategy', 'random'], 'expects'),
                      (['-j', '0'], 'whole number from 1'),
                      (['-j'], 'needs a value'),
                      (['--deadline', '0'], 'positive'),
                      (['--strategy', 'test', '--budget', '-2'], 'positive'),
                      (['--strategy', 'test', '--k', 'x'], 'whole number'),
                      (['--strategy', 'test', '--max-block', '0'], 'max-block'),
                      (['--format', 'xml'], 'expects'),
                      (['--function', 'nosuch'], 'no function'),
                      (['--timeout', '-1'], 'positive'),
                      (['--models', 'many'], 'expects a number')]:
        p = diagnose(ivl('set_x.ivl'), *args)
        expect(p.returncode == 2 and msg in p.stderr, f'usage error {args}: exit 2, "{msg}"', p)
    p = diagnose(ivl('no_such_file.ivl'))
    expect(p.returncode == 2 and 'error' in p.stderr, 'missing file: exit 2', p)

    for f in failures:
        print('FAIL:', f)
    print(f'{len(failures)} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    TRIAGE, IVL = sys.argv[1], sys.argv[2]
    sys.exit(main())
