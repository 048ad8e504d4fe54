"""The cross-checks of one file (docs/differential.md, "Properties").

Goals are matched across commands by (function, kind, line, annotation id); a call
precondition by its call site only (the runtime checker names the clause that failed, the
prover the callee's first requires). Every triage process runs with one thread (TRIAGE_JOBS=1):
the files are checked in parallel instead.
"""
import json, os, re, shlex, subprocess, tempfile, threading

# In the test suite, the sanitizer build's processes run without the leak scan and the
# quarantine: the slow and corpus tiers' environment (tests/CMakeLists.txt, triage_labels).
ENV = dict(os.environ, TRIAGE_JOBS='1')
REFUTING = ('non_compliance', 'subcontract_weakness')


def run_measured(cmd, env, limit=600):
    """(exit code, stdout, stderr, CPU seconds) of a command: the CPU time (user + system, from
    wait4) is what a loaded machine does not distort, and what the suite's time budget needs."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out = {}
    readers = [threading.Thread(target=lambda n, f: out.__setitem__(n, f.read()), args=(n, f))
               for n, f in (('out', p.stdout), ('err', p.stderr))]
    for r in readers:
        r.start()
    timer = threading.Timer(limit, p.kill)
    timer.start()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    for r in readers:
        r.join()
    return p.returncode, out['out'], out['err'], usage.ru_utime + usage.ru_stime


def key(goal):
    kind = goal.get('kind')
    ident = '' if kind == 'call_precondition' else goal.get('id') or ''
    return (goal.get('function'), kind, goal.get('line'), ident)


def show(k):
    function, kind, line, ident = k
    return f"{kind}{' (' + ident + ')' if ident else ''} at line {line} in {function}"


class Context:
    """One file: runs the commands, gathers what each consumer says, checks the properties."""

    def __init__(self, triage, path, text, timeout, budget):
        self.triage, self.path, self.text = triage, path, text
        self.timeout, self.budget = str(timeout), str(budget)
        self.problems, self.stats = [], {}
        self.failures = {}   # goal key -> who saw a real run fail it
        self.complete = set()  # entries whose dse exploration was complete
        self.dse_failed = {}   # entry -> keys of the goals its dse tests fail

    def count(self, what, n=1):
        self.stats[what] = self.stats.get(what, 0) + n

    def call(self, *args):
        """(exit code, JSON output or None, stderr) of one triage command."""
        rc, stdout, stderr, cpu = run_measured([*shlex.split(self.triage), *args], ENV)
        self.count(f'cpu_{args[0]}', cpu)
        try:
            return rc, json.loads(stdout), stderr
        except ValueError:
            return rc, None, stderr + stdout[:500]

    def program_of(self, function):
        """The generated program (the file's section) that defines `function`."""
        for part in re.split(r'(?m)^(?=// program: )', self.text):
            if re.search(rf'(?m)^fun {re.escape(function)}\(', part):
                return part.strip()
        return self.text.strip()

    def problem(self, k, what, one, other):
        self.problems.append(f'DISAGREEMENT in {self.path}: {show(k)}: {what}\n'
                             f'  one side:   {one}\n  other side: {other}\n'
                             f'--- program\n{self.program_of(k[0])}')

    def check_all(self, entries, runs):
        with tempfile.TemporaryDirectory() as tmp:
            self.alone = {e: self.write_alone(e, tmp) for e in entries}
            return self.check_all_in(entries, runs)

    def write_alone(self, entry, tmp):
        """A copy of the file with only the program of `entry`, the other programs' lines left
        blank so that every goal keeps its line. Runs parse only that: parsing a whole file costs
        a sanitizer build more than running one function of it."""
        mine = self.program_of(entry)
        keep, inside = [], None
        for line in self.text.split('\n'):
            if line.startswith('// program: '):
                inside = mine.startswith(line)
            keep.append(line if inside in (None, True) else '')
        path = os.path.join(tmp, f'{entry}.ivl')
        with open(path, 'w') as f:
            f.write('\n'.join(keep))
        return path

    def check_all_in(self, entries, runs):
        self.proofs = {'z3': self.prove('z3')}
        compared = self.compare()
        self.check_solvers()
        self.count('programs', len(entries))
        self.count('goals', len(self.proofs['z3']))
        for entry in entries:
            self.explore(entry)
        for entry, inputs in runs:
            self.run(entry, inputs)
        self.check_failures_unproved()
        if compared:
            self.check_verdicts(compared)
        return self.stats, self.problems

    # --- prover: Z3 and cvc5 on each goal ---------------------------------------------------

    def prove(self, prover):
        rc, out, err = self.call('prove', self.path, '--prover', prover, '--timeout',
                                 self.timeout, '--format', 'json')
        if out is None:
            self.problems.append(f'{self.path}: prove --prover {prover} gave no JSON: {err}')
            return {}
        goals = {key(g): g for g in out['goals']}
        for g in goals.values():
            self.count(f"{prover}_{g['answer']}")
        return goals

    def check_solvers(self):
        """Z3 and cvc5 never give opposite definitive answers on one VC."""
        z3, cvc5 = self.proofs['z3'], self.proofs.get('cvc5', {})
        for k in z3.keys() & cvc5.keys():
            answers = {z3[k]['answer'], cvc5[k]['answer']}
            if answers == {'sat', 'unsat'}:
                self.problem(k, 'Z3 and cvc5 give opposite answers',
                             f"z3 {z3[k]['answer']}", f"cvc5 {cvc5[k]['answer']}")

    def proved_by(self, k):
        return [p for p, goals in self.proofs.items() if goals.get(k, {}).get('status') == 'proved']

    # --- runs: random inputs (rac) and concolic tests (dse) --------------------------------

    def run(self, entry, inputs):
        args = [a for n, v in inputs.items() for a in ('--input', f'{n}={json.dumps(v)}')]
        rc, out, err = self.call('run', self.alone[entry], '--function', entry, '--format',
                                 'json', *args)
        self.count('runs')
        if out is None:
            self.problems.append(f'{self.path}: triage run {entry} {inputs} gave no JSON: {err}')
            return
        self.count(f"run_{out['outcome']}")
        if out['outcome'] == 'failure':
            self.observed(key(out['goal']), f'triage run {entry} with {json.dumps(inputs)}')
            if entry in self.complete and key(out['goal']) not in self.dse_failed[entry]:
                self.problem(key(out['goal']), 'a complete dse exploration missed a failure',
                             f'triage run with {json.dumps(inputs)} fails it',
                             f'triage dse --function {entry}: every path explored, no test fails it')

    def observed(self, k, who):
        self.count('failures_seen')
        self.failures.setdefault(k, who)

    def explore(self, entry):
        """The function's concolic tests; each distinct failure is replayed by `triage run`."""
        rc, out, err = self.call('dse', self.alone[entry], '--function', entry, '--budget', self.budget,
                                 '--format', 'json')
        if out is None:
            self.problems.append(f'{self.path}: triage dse --function {entry} gave no JSON: {err}')
            return
        self.count('dse_tests', len(out['tests']))
        self.count('dse_complete', 1 if out['complete'] else 0)
        if out['complete']:
            self.complete.add(entry)
        failed = self.dse_failed.setdefault(entry, set())
        for test in out['tests']:
            if test['outcome'] == 'failure' and key(test['goal']) not in failed:
                failed.add(key(test['goal']))
                self.observed(key(test['goal']), f"triage dse test {json.dumps(test['inputs'])}")
                self.replay(key(test['goal']), test, [], f'dse test of {entry}')

    def check_failures_unproved(self):
        """A goal some real run fails is proved by no prover."""
        for k, who in self.failures.items():
            for prover in self.proved_by(k):
                self.problem(k, 'proved, yet a run fails it', f'{prover}: proved', who)

    # --- replays ---------------------------------------------------------------------------

    def replay(self, k, cex, policy, who):
        """Runs the counterexample (oracle) under the giant-step policy: it must fail goal k.
        Returns the run's failed goal key (None when it did not fail)."""
        with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
            json.dump({x: cex[x] for x in ('function', 'inputs', 'subcontract_outputs') if x in cex}, f)
        try:
            rc, out, err = self.call('run', self.alone.get(cex.get('function'), self.path),
                                     '--oracle', f.name, '--format', 'json',
                                     *(policy or []))
        finally:
            os.unlink(f.name)
        self.count('replays')
        got = key(out['goal']) if out and out.get('outcome') == 'failure' else None
        if policy is not None and got != k:
            self.problem(k, f'a counterexample does not replay ({who})',
                         f"{who}: fails it with {json.dumps(cex.get('inputs'))} "
                         f"{' '.join(policy)}",
                         f"triage run --oracle: {out.get('outcome') if out else err.strip()[:300]}"
                         f"{' ' + show(got) if got else ''}")
        return got

    # --- diagnosis: every strategy through `triage compare` ---------------------------------

    def compare(self):
        """Every strategy's verdicts through `triage compare`, proving with cvc5 (Z3 proved in
        `prove`): the goals it lists are those cvc5 did not prove, with its answers; the other
        goals of the file it proved. Its contradictions (exit 3) are disagreements."""
        rc, out, err = self.call('compare', self.path, '--prover', 'cvc5', '--timeout',
                                 self.timeout, '--budget', self.budget, '--models', '1',
                                 '--format', 'json')
        if out is None:
            self.problems.append(f'{self.path}: triage compare gave no JSON: {err}')
            return None
        for c in out.get('contradictions', []):
            self.problems.append(f'DISAGREEMENT in {self.path}: triage compare: {json.dumps(c)}'
                                 f'\n--- program\n{self.text}')
        if rc == 3 and not out.get('contradictions'):
            self.problems.append(f'{self.path}: triage compare exit 3 without a contradiction')
        listed = {key(g): g['verdicts']['model'] for f in out['files'] for g in f['goals']}
        proved = {'status': 'proved', 'answer': 'unsat'}
        self.proofs['cvc5'] = {k: listed.get(k, proved) for k in self.proofs['z3']}
        self.count('cvc5_unsat', len(self.proofs['z3']) - len(listed))
        for v in listed.values():
            self.count(f"cvc5_{v['answer']}")
        for k in listed.keys() - self.proofs['z3'].keys():
            self.problems.append(f'{self.path}: compare lists {show(k)}, prove does not')
        return out

    def check_verdicts(self, out):
        """Every refuting verdict replays, contradicts no proof, and a weakness is no bug of
        the real run; no `prover_incapacity` on a goal some run fails."""
        replayed = set()
        for g in (g for f in out['files'] for g in f['goals']):
            for strategy, v in g['verdicts'].items():
                self.count(f"verdict_{v.get('verdict')}")
                self.check_verdict(key(g), strategy, v, replayed)

    def check_verdict(self, k, strategy, v, replayed):
        verdict = v.get('verdict')
        if verdict == 'prover_incapacity' and k in self.failures:
            self.problem(k, 'prover incapacity of a goal a run fails',
                         f'{strategy}: prover_incapacity (holds on every run)', self.failures[k])
        if verdict not in REFUTING:
            return
        for prover in self.proved_by(k):
            self.problem(k, f'proved, yet {strategy} shows a counterexample',
                         f'{prover}: proved', f"{strategy}: {verdict} {json.dumps(v.get('counterexample'))}")
        cex = v.get('counterexample') or {}
        policy = policy_args(v)
        ident = (k, json.dumps(cex, sort_keys=True), tuple(policy))
        if ident in replayed:
            return
        replayed.add(ident)
        self.replay(k, cex, policy, f'{strategy} {verdict}')
        if verdict == 'subcontract_weakness':
            got = self.replay(k, cex, None, f'{strategy} {verdict}')
            if got == k:
                self.problem(k, 'a weakness whose real run fails the goal (a bug, not a weakness)',
                             f"{strategy}: subcontract_weakness {json.dumps(cex.get('inputs'))}",
                             'triage run without giant step fails it')


def policy_args(v):
    """The giant steps a verdict's counterexample replays under (as triage diagnose states)."""
    if v.get('verdict') != 'subcontract_weakness':
        return []
    if v.get('scope') == 'global':
        return ['--giant-step', 'all']
    return [a for s in v.get('subcontracts', []) for a in ('--giant-step', s)]
