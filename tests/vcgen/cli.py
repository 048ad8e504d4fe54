#!/usr/bin/env python3
"""`triage prove` as users see it: text and JSON shapes, exit codes, options, bad usage.

usage: cli.py TRIAGE REPO_ROOT
"""
import json, os, re, subprocess, sys, tempfile

triage, root = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    return subprocess.run([triage, 'prove'] + list(args), capture_output=True, text=True,
                          timeout=300)


def check(cond, what):
    if not cond:
        failures.append(what)


s7 = os.path.join(root, 'examples', 'ivl', 'isqrt_S7.ivl')

# Text: one line per goal, a summary, exit 1 since the postcondition fails.
p = run(s7)
check(p.returncode == 1, f'S7 exit {p.returncode}')
lines = p.stdout.strip().split('\n')
check(re.match(r'^isqrt/S7\.c:5:13: failed: postcondition \(isqrt\.ensures1\) \[(z3|cvc5) sat \d+ ms\]$',
               next((l for l in lines if 'postcondition' in l), '')), f'S7 text: {p.stdout}')
check(lines[-1] == '12 goals, 11 proved, 1 failed', f'S7 summary: {lines[-1]}')

# JSON with counterexamples: the oracle of the loop reaches the failure.
p = run(s7, '--format', 'json', '--counterexample', '--prover', 'z3')
d = json.loads(p.stdout)
check(d['file'] == s7, 'json file')
post = [g for g in d['goals'] if g['kind'] == 'postcondition']
check(len(post) == 1 and post[0]['status'] == 'failed' and post[0]['prover'] == 'z3', f'json post {post}')
for key in ('function', 'kind', 'id', 'file', 'line', 'column', 'status', 'answer', 'prover', 'time_ms'):
    check(all(key in g for g in d['goals']), f'json key {key}')
cx = post[0].get('counterexample', {})
n = cx.get('inputs', {}).get('n')
loop = [o for o in cx.get('subcontract_outputs', []) if o['subcontract'] == 'loop@13']
check(isinstance(n, int) and 0 <= n <= 10000 and len(loop) == 1, f'counterexample {cx}')
if loop:
    r = loop[0]['values']['r']
    check(r * r <= n and not n < (r + 1) * (r + 1) and r >= 0, f'counterexample misses the bug {cx}')

# A model whose reading grows without bound (Z3's evaluation of one heap cell took 24 GB and
# minutes, then the kernel killed triage): reading a model has a time bound, the goals still get
# their answers. One goal at a time, as where it was seen.
blowup = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'model_blowup.c')
p = subprocess.run([triage, 'prove', blowup], capture_output=True, text=True, timeout=300,
                   env=dict(os.environ, TRIAGE_JOBS='1'))
check(p.returncode == 1 and p.stdout.strip().split('\n')[-1] == '13 goals, 10 proved, 3 failed',
      f'model blow-up: exit {p.returncode}, {p.stdout[-300:]} {p.stderr[-300:]}')

# --no-rte drops the runtime-error goals; --function keeps only that function.
p = run(s7, '--no-rte', '--format', 'json')
check(all(not g['kind'].startswith('rte_') for g in json.loads(p.stdout)['goals']), 'no-rte')
p = run(os.path.join(root, 'examples', 'ivl', 'call_sw.ivl'), '--function', 'g', '--format', 'json')
check(p.returncode == 0 and {g['function'] for g in json.loads(p.stdout)['goals']} == {'g'},
      f'--function g: {p.returncode} {p.stdout}')

# An assertion true in total logic that reads past its block: failed by default (E-ACSL's
# well-definedness), proved with --total-logic (WP's reading).
past_end = os.path.join(root, 'tests', 'vcgen', 'soundness', 'wd_past_end_bad.ivl')
p = run(past_end)
check(p.returncode == 1 and ': failed: assertion' in p.stdout, f'well-definedness: {p.stdout}')
p = run(past_end, '--total-logic')
check(p.returncode == 0 and ': proved: assertion' in p.stdout, f'--total-logic: {p.stdout}')

# A fully proved file exits 0; results repeat.
ok = os.path.join(root, 'tests', 'vcgen', 'soundness', 'overflow_add_ok.ivl')
p1, p2 = run(ok, '--format', 'json'), run(ok, '--format', 'json')
check(p1.returncode == 0, f'ok exit {p1.returncode}')
strip = lambda out: [(g['line'], g['kind'], g['status'], g['prover']) for g in json.loads(out)['goals']]
check(strip(p1.stdout) == strip(p2.stdout), 'results repeat')

# Lemmas as ACSL by Example writes them (tests/vcgen/lemmas.c): lemmas that need induction are
# proved by induction, and say on which variable; lemmas and a postcondition that follow from
# them (one over two states); a false lemma. Default budgets, as users run it.
lemmas = os.path.join(root, 'tests', 'vcgen', 'lemmas.c')
p = run(lemmas, '--format', 'json')
goals = {(g['kind'], g['line']): g for g in json.loads(p.stdout)['goals']}
expected = {('lemma', 15): 'proved', ('lemma', 20): 'proved', ('lemma', 25): 'proved',
            ('lemma', 31): 'proved', ('lemma', 41): 'proved', ('lemma', 45): 'proved',
            ('postcondition', 54): 'proved', ('lemma', 63): 'failed'}
for k, v in expected.items():
    check(goals.get(k, {}).get('status') == v, f'lemmas.c {k}: {goals.get(k)}, expected {v}')
for line in (15, 20, 25, 41):
    check(goals.get(('lemma', line), {}).get('induction') == 'n',
          f'lemmas.c {line}: by induction on n: {goals.get(("lemma", line))}')
check('induction' not in goals.get(('lemma', 63), {}), 'lemmas.c 63: a failed lemma names no induction')

# Budgets (docs/prove.md, "How budgets are counted"): a goal left undecided says which limit
# ended it. fermat.ivl's postcondition is decided by no solver: with a small work and a far
# backstop the work ends it (resource_limit); by time alone (--work 0) the time does (timeout).
# --budget-scale stretches the backstop only, so the work still decides.
with tempfile.NamedTemporaryFile('w', suffix='.ivl', delete=False) as f:
    f.write('fun fermat(x: int32, y: int32, z: int32): int32\n'
            '  requires { 0 < x && 0 < y && 0 < z }\n'
            '  ensures { x * x * x + y * y * y <> z * z * z }\n'
            '{\n  return 0;\n}\n')
fermat = f.name
answers = lambda out: [g['answer'] for g in json.loads(out)['goals'] if g['kind'] == 'postcondition']
p = run(fermat, '--no-rte', '--format', 'json', '--work', '0.1', '--timeout', '30')
check(answers(p.stdout) == ['resource_limit'], f'work limit: {p.stdout}')
p = run(fermat, '--no-rte', '--format', 'json', '--work', '0.1', '--timeout', '10', '--budget-scale', '3')
check(answers(p.stdout) == ['resource_limit'], f'budget scale: {p.stdout}')
p = run(fermat, '--no-rte', '--work', '0', '--timeout', '0.3')
check(re.search(r'failed: postcondition .*\[(z3|cvc5) timeout \d+ ms\]', p.stdout), f'time limit: {p.stdout}')
os.unlink(fermat)
check(run(s7, '--work', '0', '--timeout', '2').returncode == 1, 'time alone: S7 still fails')

# A lemma about a recursive definition is proved by induction, and says on which variable.
sums = os.path.join(root, 'tests', 'vcgen', 'soundness', 'induction_bound_ok.ivl')
p = run(sums)
check(p.returncode == 0, f'induction exit {p.returncode}: {p.stdout}')
check(re.search(r': proved: lemma \(sum_nonneg\) \[(z3|cvc5) unsat \d+ ms, by induction on n\]$',
                p.stdout, re.M), f'induction text: {p.stdout}')
lemmas = {g['id']: g for g in json.loads(run(sums, '--format', 'json').stdout)['goals']}
check(lemmas.get('sum_nonneg', {}).get('induction') == 'n', f'induction json: {lemmas}')
check(all('induction' not in g for g in d['goals']), 'S7 json: no induction key on other goals')

# Bad usage and bad input: exit 2 with a message.
check(run(s7, '--prover', 'alt-ergo').returncode == 2, 'bad prover')
check(run(s7, '--timeout', '-1').returncode == 2, 'bad timeout')
check(run(s7, '--work', '-1').returncode == 2, 'bad work')
check(run(s7, '--work', 'lots').returncode == 2, 'bad work')
check(run(s7, '--budget-scale', '0').returncode == 2, 'bad budget scale')
check(run(s7, '--function', 'nope').returncode == 2, 'unknown function')
with tempfile.NamedTemporaryFile('w', suffix='.ivl', delete=False) as f:
    f.write('fun f( {')
p = run(f.name)
os.unlink(f.name)
check(p.returncode == 2 and 'error:' in p.stderr, f'syntax error: {p.returncode} {p.stderr}')
# A postcondition that reads the result of a function no path of which returns one: a located
# error in the user's words; main's end returns 0 (C99), and 0 beside a pointer is null.
with tempfile.NamedTemporaryFile('w', suffix='.c', delete=False) as f:
    f.write('/*@ ensures \\result == 3; */\nint f(int x) { if (x) x = 2; }\n')
p = run(f.name)
os.unlink(f.name)
check(p.returncode == 2 and re.search(r'\.c:2:5: error: .*no path of the function returns a value',
                                      p.stderr), f'no result: {p.returncode} {p.stderr}')
with tempfile.NamedTemporaryFile('w', suffix='.c', delete=False) as f:
    f.write('/*@ requires a != 0 && \\valid(a);\n    assigns *a;\n    ensures *a == 1; */\n'
            'void set(int *a) { *a = 1; }\n/*@ ensures \\result == 0; */\nint main(void) {}\n')
p = run(f.name)
os.unlink(f.name)
check(p.returncode == 0 and '4 goals, 4 proved' in p.stdout, f'null constant, main: {p.stdout} {p.stderr}')

for f in failures:
    print('FAIL:', f)
print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
