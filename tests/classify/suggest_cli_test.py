#!/usr/bin/env python3
"""Checked suggestions of loop invariants and callee postconditions, from the command line
(issue 30): each shared example whose failed goals rest on a loop or a callee's contract gets
clauses that `triage prove` accepts once `--fix` wrote them in; `--format diff` is the same change as a unified diff; Houdini's pruning is seen
in the counts; a loop nothing is found for says so; an IR file is refused.

usage: suggest_cli_test.py TRIAGE SHARED_EXAMPLES
"""
import importlib.util, json, os, re, subprocess, sys, tempfile

triage, examples = os.path.abspath(sys.argv[1]), sys.argv[2]
work = tempfile.mkdtemp()
here = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print('FAIL:', what)


def run(*args, cwd=examples):
    return subprocess.run([triage, *args], capture_output=True, text=True, timeout=900, cwd=cwd)


CELL_FACT = re.compile(r'\\forall integer (\w+); (.+?) (<=|<) \1 (<=|<) (.+?) ==> (\w+)\[\1\] (==|!=|<=|>=|<|>) (.+)$')
IMPLIES = {('==', '<='), ('==', '>='), ('<', '<='), ('<', '!='), ('>', '>='), ('>', '!=')}


def weaker_beside_stronger(clauses):
    """Pairs of clauses about the same cells where the first implies the second by its form."""
    facts = [(c, CELL_FACT.match(c)) for c in clauses]
    pairs = []
    for strong, s in facts:
        for weak, w in facts:
            if s and w and strong != weak and s.group(1, 2, 5, 6, 8) == w.group(1, 2, 5, 6, 8) \
                    and (s.group(3) == '<=' or w.group(3) == '<') and (s.group(4) == '<=' or w.group(4) == '<') \
                    and (s.group(7) == w.group(7) or (s.group(7), w.group(7)) in IMPLIES):
                pairs.append((strong, weak))
    return pairs


def failed_goals(report):
    return {(g['kind'], g['line']) for g in report['goals'] if g['status'] != 'proved'}


# Each of these gets a suggestion that proves every failed goal, checked again here by proving
# the fixed copy (every goal of it). Ours: a copy made counting down (the range from the
# counter up), a reversed copy (a relation between two arrays), a behavior's assumption up to
# the counter's value at the loop's exit, loops without `loop assigns`, a counter that starts
# at 1 (a bound from its value at the loop's entry), a do-while loop (its test is last), and
# the cells above a counter up to the array's length, one side of an equivalence, and an array
# reversed in place (its cells mirrored from both ends, the middle as it was), and the cells
# before a counter below a value (the runs also see them at most that value, and other than it:
# the weaker facts are not in the suggestion), and a selection sort's outer loop (the cells not
# reached yet at least the last one placed). And callees: the caller's assertion carried to the
# callee's postcondition (a square, which no linear fit of the runs gives), a bound by a constant
# from the callee's runs (an index at least 0), and the caller's postcondition, its result what
# the caller returns, carried to the callee; through pointers: the caller's scalar passed by its
# address read as the cell the parameter points to, and that cell on return a linear function of
# it on entry from the runs; a result that is one of the arguments on every run, not always the
# same one (a disjunction); and an order between two cells a callee writes at its index
# parameters. And a loop whose missing invariant is the next loop's, up to its counter.
ours = [os.path.join(here, 'suggest', f) for f in ['copy_down.c', 'reverse_into.c', 'reverse_in_place.c', 'first_pair.c',
                                                   'zero_bare.c', 'zero_keep_b.c', 'diffs_from_one.c',
                                                   'sum_do_while.c', 'both_ends.c', 'increasing.c',
                                                   'first_not_below.c', 'select_sort.c',
                                                   'square_call.c', 'slot_index.c', 'cube_plus.c',
                                                   'square_into.c', 'bump.c', 'max_capped.c',
                                                   'order_pair.c', 'keep_or_swap.c', 'swap_ptr.c',
                                                   'two_callers.c', 'abs_dist.c', 'zero_then_sum.c']]
for name in ['unannotated/U0.c', 'loops/sqrt_weak.c', 'loops/is_present.c', 'isqrt/S5.c',
             'binary_search/B4.c', 'subcontracts/set_x.c', 'subcontracts/three_calls_single.c',
             'globals/G1.c'] + ours:
    fixed = os.path.join(work, os.path.basename(name))
    p = run('diagnose', name, '--fix', fixed, '--format', 'json')
    report = json.loads(p.stdout)
    fixes = [f for f in report.get('fixes', []) if f['loops']]
    check(fixes and all(f['checked'] for f in fixes), f'{name}: a checked suggestion: {report.get("fixes")}')
    proved_by_fix = {(g['kind'], g['line']) for f in fixes for g in f['proves']}
    check(proved_by_fix == failed_goals(report), f'{name}: it proves every failed goal: {proved_by_fix}')
    check(all(f['time_ms'] < 60000 for f in fixes), f'{name}: found within a minute')
    for f in fixes:
        for l in f['loops']:
            check(not weaker_beside_stronger(l['clauses']),
                  f'{name}: no clause the form of another implies: {weaker_beside_stronger(l["clauses"])}')
    if not os.path.exists(fixed):
        check(False, f'{name}: --fix wrote {fixed}')
        continue
    p = run('prove', fixed)
    check(p.returncode == 0, f'{name}: the fixed copy proves: {p.stdout[-600:]}')
    if name.endswith(('zero_bare.c', 'zero_keep_b.c')):
        # The loop had no `loop assigns`: the suggestion adds the one it needs.
        assigns = [c for f in fixes for l in f['loops'] if l['keyword'] == 'loop assigns' for c in l['clauses']]
        check(assigns == ['i, a[0 .. n - 1]'], f'{name}: its loop assigns: {fixes}')
        check('loop assigns i, a[0 .. n - 1];' in open(fixed).read(), f'{name}: written in the copy')
    if name.endswith('G1.c'):
        # A histogram: every cell of the global array (of one length on every run), not only
        # those below a counter, bounds the next increment.
        clauses = [c for f in fixes for l in f['loops'] for c in l['clauses']]
        check(any(c.startswith('\\forall integer k_; 0 <= k_ < 4 ==> hist[k_]') for c in clauses),
              f'{name}: a fact about every cell of hist: {clauses}')
    if name.endswith('zero_then_sum.c'):
        # A loop invariant of the next loop, not established, carried to the loop before with
        # its bound replaced by the counter (the keyword `loop invariant` is two words: the
        # clause is what follows both).
        clauses = [c for f in fixes for l in f['loops'] for c in l['clauses']]
        check('AllZero(a, i)' in clauses, f'{name}: the next loop\'s invariant carried: {clauses}')
    if name.endswith('select_sort.c'):
        clauses = [c for f in fixes for l in f['loops'] for c in l['clauses']]
        check('0 < i ==> (\\forall integer k; i <= k < n ==> a[k] >= a[i-1])' in clauses,
              f'{name}: the cells left at least the last placed: {clauses}')
    callee_clauses = {'square_call.c': '\\result == n * n', 'slot_index.c': '\\result >= 0',
                      'cube_plus.c': '(\\result + 1) == n * n * n + 1', 'square_into.c': '*out == n * n',
                      'bump.c': '*p == \\old(*p) + 1', 'max_capped.c': '\\result == a || \\result == b',
                      'order_pair.c': 't[i] <= t[j]',
                      'keep_or_swap.c': '(t[i] == \\old(t[i]) && t[j] == \\old(t[j])) || '
                                        '(t[i] == \\old(t[j]) && t[j] == \\old(t[i]))',
                      'swap_ptr.c': '*b == \\old(*a)', 'two_callers.c': '\\result <= hi',
                      'abs_dist.c': '\\result == x || \\result == -x'}
    ensures = [c for f in fixes for l in f['loops'] if l['keyword'] == 'ensures' for c in l['clauses']]
    if os.path.basename(name) in callee_clauses:
        check(callee_clauses[os.path.basename(name)] in ensures, f'{name}: the callee\'s ensures: {fixes}')
    if os.path.basename(name) == 'swap_ptr.c':
        check('*b <= \\old(*a)' not in ensures, f'{name}: the equality, not its two bounds: {ensures}')
    # Each clause once in the fixed copy, however many callers' searches suggest it.
    fixed_text = re.sub(r'/\*(?!@).*?\*/', '', open(fixed).read(), flags=re.S)  # no comments
    for c in set(ensures):
        check(fixed_text.count(f'ensures {c};') == 1, f'{name}: `ensures {c};` once in the copy')
    if name != 'unannotated/U0.c':
        continue
    # The text report says the clauses, and the diff is the same change as the copy.
    text = run('diagnose', name, '--suggest').stdout
    check(re.search(r'suggestion: add to loop@\d+: loop invariant ', text), f'{name}: the text says it: {text[-800:]}')
    diff = run('diagnose', name, '--format', 'diff').stdout
    check(diff.startswith(f'--- {name}\n+++ {name}\n@@ '), f'{name}: a unified diff: {diff[:200]!r}')
    added = [l[1:] for l in diff.splitlines() if l.startswith('+') and not l.startswith('+++')]
    fixed_lines = open(fixed).read().splitlines()
    check(added and all(l in fixed_lines for l in added), f'{name}: the diff adds the lines of the copy')

# G2's overflow is a weakness beside a real bug (its assertion, non-compliance): the suggestion
# proves the overflow, and the fixed copy still fails the assertion alone.
fixed = os.path.join(work, 'G2.c')
report = json.loads(run('diagnose', 'globals/G2.c', '--fix', fixed, '--format', 'json').stdout)
proved_by_fix = {(g['kind'], g['line']) for f in report['fixes'] for g in f['proves']}
check(proved_by_fix == {('rte_overflow', 27)}, f'G2: the overflow proved: {report["fixes"]}')
p = run('prove', fixed, '--format', 'json')
check([(g['kind'], g['status']) for g in json.loads(p.stdout)['goals'] if g['status'] != 'proved'] ==
      [('assertion', 'failed')], f'G2: the fixed copy fails the assertion alone: {p.stdout[-600:]}')

# Houdini's pruning: B6's candidates true on every run are not all inductive. Its assigns goal
# needs a narrower `loop assigns`, which no invariant gives: the loop's own clause is narrowed to
# what the loop writes, in its place (the text, the JSON, the copy and the diff say so), and that
# alone proves the three goals (the invariant the runs suggested is minimised away).
fixed = os.path.join(work, 'B6.c')
p = run('diagnose', 'binary_search/B6.c', '--fix', fixed, '--format', 'json')
fix = json.loads(p.stdout)['fixes'][0]
check(fix['inductive'] < fix['after_runs'] <= fix['candidates'], f'B6: pruned by runs and by proof: {fix}')
check(fix['still_failing'] == [] and sorted(g['kind'] for g in fix['proves']) ==
      ['assigns', 'loop_invariant_preserved', 'loop_invariant_preserved'], f'B6: what it proves: {fix}')
check([(l['keyword'], l['clauses'], l.get('replaces'), l['line'], l.get('column')) for l in fix['loops']] ==
      [('loop assigns', ['L, R'], 'loop assigns L, R, t[0];', 17, 7)], f'B6: the clause narrowed: {fix}')
before, after = open(os.path.join(examples, 'binary_search/B6.c')).read(), open(fixed).read()
check(after == before.replace('loop assigns L, R, t[0];', 'loop assigns L, R;'),
      f'B6: the copy has the clause replaced, every other line as it was: {after}')
p = run('prove', fixed)
check(p.returncode == 0, f'B6: the fixed copy proves: {p.stdout[-400:]}')
text = run('diagnose', 'binary_search/B6.c', '--suggest').stdout
writes = text[text.index('B6.c:9:5:'):]
check('suggestion: in loop@14, replace loop assigns L, R, t[0]; with loop assigns L, R;' in writes
      and 'checked: ' in writes, f'B6: said for the assigns goal: {writes[-600:]}')
diff = run('diagnose', 'binary_search/B6.c', '--format', 'diff').stdout
check('\n-      loop assigns L, R, t[0];\n+      loop assigns L, R;\n' in diff, f'B6: the diff replaces the line: {diff}')

# A `loop assigns` that lists only what the loop writes is left as it is: no narrower one.
narrow = os.path.join(work, 'B6_narrow.c')
open(narrow, 'w').write(before.replace('loop assigns L, R, t[0];', 'loop assigns L, R;')
                        .replace('loop invariant \\forall integer i; R < i < n ==> t[i] > x;', ''))
p = run('diagnose', narrow, '--suggest', '--format', 'json', cwd=work)
loops = [l for f in json.loads(p.stdout)['fixes'] for l in f['loops']]
check(loops and all('replaces' not in l and l['keyword'] == 'loop invariant' for l in loops),
      f'B6 narrow: invariants added, nothing replaced: {p.stdout[-600:]}')

# In a function with one loop, Houdini asks the candidates' establishment first: one that is not
# established is dropped before its preservation is asked (S5's runs keep bounds with constants
# that its entry does not give). Seen in the trace: the first round of each Houdini says which
# are not established, and the next round has the others alone.
p = subprocess.run([triage, 'diagnose', 'isqrt/S5.c', '--suggest'], capture_output=True, text=True,
                   timeout=900, cwd=examples, env={**os.environ, 'TRIAGE_SUGGEST_TRACE': '1'})


def houdini_rounds(trace):
    """Each Houdini round of a TRIAGE_SUGGEST_TRACE trace: (header, {candidate: its mark, ''
    when kept})."""
    rounds, current = [], None
    for line in trace.splitlines():
        if line.startswith('houdini: '):
            current = {}
            rounds.append((line, current))
        elif current is not None and re.match(r'^(  x |  - |    )\S', line):
            current[line[4:]] = line[:4].strip()
        else:
            current = None  # the runs' candidates, a removal, ...: not a round's
    return rounds


rounds = houdini_rounds(p.stderr)
firsts = [i for i, (h, _) in enumerate(rounds) if ' not established, ' in h]
check(firsts and all(i + 1 < len(rounds) and ' not inductive, ' in rounds[i + 1][0] for i in firsts),
      f'S5: each Houdini asks the establishment first: {[h for h, _ in rounds]}')
dropped = [c for i in firsts for c, mark in rounds[i][1].items() if mark]
check(dropped, f'S5: some candidate is not established: {[h for h, _ in rounds]}')
for i in firsts:
    if i + 1 < len(rounds):
        kept = {c for c, mark in rounds[i][1].items() if not mark}
        check(set(rounds[i + 1][1]) == kept,
              f'S5: the round after the establishment has those established alone: {rounds[i + 1]}')

# Each goal of the final proof says which solver and which attempt proved it, or why it failed:
# where a search spends its time (docs/benchmarks.md counts the attempts that prove).
finals = re.findall(r'^final check: \S+ at line \d+: (.*), \d+ ms$', p.stderr, re.M)
check(finals and all(re.fullmatch(r'proved by (z3|cvc5) (without lemmas|with one-state lemmas|with all '
                                  r'lemmas)|failed \(\w+\)', f) for f in finals),
      f'S5: each goal of the final proof says how it ended: {finals[:5]}')

# A loop nothing is found for (it fills the array from the front while its counter goes down):
# said so, no clause guessed, no copy written. Its postcondition is not proved even with every
# candidate the runs kept assumed, inductive or not, and the note says so: no subset could do
# better, and the search stopped there.
fixed = os.path.join(work, 'squares_down.c')
p = run('diagnose', os.path.join(here, 'suggest', 'squares_down.c'), '--fix', fixed, '--format', 'json', cwd=work)
fix = json.loads(p.stdout)['fixes'][0]
check(not fix['loops'] and fix['note'] and not fix['checked'], f'squares_down: no suggestion, and why: {fix}')
check('even with all the candidates true on every generated run assumed' in fix['note'],
      f'squares_down: the note says that all of them were not enough: {fix["note"]}')
check(not os.path.exists(fixed), 'squares_down: no copy written when nothing was found')
text = run('diagnose', os.path.join(here, 'suggest', 'squares_down.c'), '--suggest', cwd=work).stdout
check('no checked invariant: ' in text and 'suggestion: add to' not in text,
      f'squares_down: said in text: {text[-600:]}')

# A callee without an assigns clause (a call may write anything): its missing clause is
# suggested, from what its body writes, and the copy with it proves.
name = os.path.join(here, 'suggest', 'masked_assigns.c')
fixed = os.path.join(work, 'masked_assigns.c')
p = run('diagnose', name, '--fix', fixed, '--format', 'json', cwd=work)
entries = [l for f in json.loads(p.stdout).get('fixes', []) for l in f['loops'] if l['keyword'] == 'assigns']
check([(l['loop'], l['clauses']) for l in entries] == [('set', ['*p'])], f'masked_assigns: set gets assigns *p: {entries}')
check(os.path.exists(fixed) and run('prove', fixed, cwd=work).returncode == 0, 'masked_assigns: the copy proves')

# A loop that changes a parameter: the invariant carried from the postcondition reads the
# parameter's value at the call, and the copy with it proves.
fixed = os.path.join(work, 'iota_param.c')
p = run('diagnose', os.path.join(here, 'suggest', 'iota_param.c'), '--fix', fixed, '--format', 'json', cwd=work)
fixes = [f for f in json.loads(p.stdout).get('fixes', []) if f['loops']]
clauses = [c for f in fixes for l in f['loops'] for c in l['clauses']]
check(fixes and all(f['checked'] for f in fixes), f'iota_param: a checked suggestion: {fixes}')
check(any('\\at(v, Pre)' in c and '\\forall' in c for c in clauses), f'iota_param: v at the call: {clauses}')
check(not any(re.search(r'a\[k\] == v\b', c) for c in clauses), f'iota_param: never v as it is now: {clauses}')
p = run('prove', fixed, cwd=work)
check(p.returncode == 0, f'iota_param: the fixed copy proves: {p.stdout[-600:]}')

# What a Houdini learnt of the establishments, the next ones do not ask again: each is asked in
# one round, and a candidate left unestablished (here with a fifth of the work) is in no later
# round, not even in the Houdinis with the whole work. R3.c's runs keep seven facts about the
# cells around its counter that its entry does not give.
p = subprocess.run([triage, 'diagnose', 'rgf/R3.c', '--suggest'], capture_output=True, text=True,
                   timeout=900, cwd=examples, env={**os.environ, 'TRIAGE_SUGGEST_TRACE': '1'})
rounds = houdini_rounds(p.stderr)
asked, unestablished = set(), set()
for header, marks in rounds:
    check(not set(marks) & unestablished,
          f'R3: no candidate left unestablished comes back: {header} {set(marks) & unestablished}')
    if ' not established, ' in header:
        check(not set(marks) & asked, f'R3: an establishment is asked once: {header} {set(marks) & asked}')
        asked |= set(marks)
        unestablished |= {c for c, mark in marks.items() if mark}
check(unestablished and '\nreach (' in p.stderr,
      f'R3: some candidate is not established, and the whole work is asked: {[h for h, _ in rounds]}')

# The runs that give the candidates pass over the checks they cannot execute. shuffle.c of ACSL by
# Example, its loop's invariants removed (bench/suggest.py's variant): each iteration asserts a
# multiset equality (a quantifier over every value), and its runs used to end at the first one,
# having seen the head with `i == 1` alone. Its suggestion kept the multiset invariant and the
# bound and proved one goal; with runs that go on it has the frame of the cells not reached yet too,
# and proves three. Of the counter's lower bounds the runs give, `0 <= i` and `1 <= i`, the
# minimisation keeps the stronger alone (both were kept: each removal ran out of work).
corpus = os.path.join(os.path.dirname(os.path.abspath(examples)), 'corpus', 'acsl-by-example')
spec = importlib.util.spec_from_file_location('suggest_bench', os.path.join(here, '..', '..', 'bench', 'suggest.py'))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
with open(os.path.join(corpus, 'StandardAlgorithms', 'Mutating', 'shuffle.c')) as f:
    text = f.read()
loops = [l for l in bench.find_loops(text) if 'skip' not in l]
variant = os.path.join(work, 'shuffle.c')
with open(variant, 'w') as f:
    f.write(bench.strip_invariants(text, loops[0]))
p = subprocess.run([triage, 'diagnose', *bench.include_flags(corpus), variant, '--suggest', '--format', 'json'],
                   capture_output=True, text=True, timeout=2400, cwd=work)
fixes = [f for f in json.loads(p.stdout).get('fixes', []) if f['loops']]
clauses = [re.sub(r'\s+', '', c) for f in fixes for l in f['loops'] for c in l['clauses']]
check('MultisetReorder{Pre,Here}(a,i)' in clauses, f'shuffle: the suggestion keeps its multiset invariant: {clauses}')
check('\\forallintegerk;i<=k<n==>a[k]==\\at(a[k],Pre)' in clauses,
      f'shuffle: and the frame of the cells after the counter: {clauses}')
check(fixes and all(f['checked'] for f in fixes) and sum(len(f['proves']) for f in fixes) >= 3,
      f'shuffle: a checked suggestion that proves three goals: {fixes}')
check(not ('0<=i' in clauses and '1<=i' in clauses), f'shuffle: one lower bound of the counter, the stronger: {clauses}')

# Only C: the clauses are written in ACSL.
ivl = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'ivl', 'two_functions.ivl')
p = run('diagnose', ivl, '--suggest', cwd=work)
check(p.returncode == 2 and 'must be a .c file' in p.stderr, f'an IR file: {p.returncode} {p.stderr!r}')

if failures:
    sys.exit(f'{len(failures)} check(s) failed')
print('ok')
