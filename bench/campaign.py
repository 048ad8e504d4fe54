#!/usr/bin/env python3
"""A mutation campaign (a benchmark, never a CI test): mutate every program, prove and diagnose
every mutant, one JSON line per mutant, then a summary.

usage: bench/campaign.py PROGRAM.c|DIR... [--triage BIN] [--out FILE.jsonl] [--deadline S]
                         [--shard K/N] [--limit N] [--extra ARG]... [--plot FILE.svg|png]
                         [--html FILE.html] [--frama-c]
       bench/campaign.py --merge FILE.jsonl... [--plot FILE] [--html FILE.html]

Each mutant's line: program, mutant, mutation (kind, line, description), wall time, exit code,
and its outcome: `proved` (every goal), or the verdict that matters most among its failed goals
(non_compliance, then subcontract_weakness single, global, prover_incapacity,
likely_prover_incapacity, unknown); `failed_goals` says where the time went (each failed goal's
kind, line, verdict, strategy, proof and diagnosis times in ms). `classified` counts NC and SW (each with a replayed
counterexample) and prover incapacity backed by complete searches.
--shard K/N runs the mutants whose index is K modulo N (Slurm job arrays: bench/campaign.sbatch),
and --merge sums the shards' files. --limit N keeps the first N mutants (before sharding): a quick
look, or a small campaign in a test. A progress line (count, rate, ETA) goes to standard error.
--frama-c also runs `frama-c -wp -wp-rte` on every mutant when Frama-C is installed (skipped with
a message otherwise): proof result and time side by side, measured in the same run.
--html writes one self-contained page (bench/campaign_html.py: no network, inline SVG, light and
dark): the summary's table, the verdict mix per program, the time distribution, the command line.
"""
import argparse, json, os, re, shlex, shutil, subprocess, sys, tempfile, time

import campaign_html

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORDER = ['non_compliance', 'subcontract_weakness:single', 'subcontract_weakness:global',
         'prover_incapacity', 'likely_prover_incapacity', 'unknown']
CLASSIFIED = {'non_compliance', 'subcontract_weakness:single', 'subcontract_weakness:global',
              'prover_incapacity'}


def outcome_of(report):
    failed = [g for g in report['goals'] if g['status'] != 'proved']
    if not failed:
        return 'proved'
    keys = []
    for g in failed:
        v = g['verdict']
        if v == 'subcontract_weakness':
            v += ':' + (g.get('scope') or 'single')
        keys.append(v)
    return min(keys, key=lambda k: ORDER.index(k) if k in ORDER else len(ORDER))


def programs_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith('.c'))
        else:
            out.append(p)
    return out


def progress(done, total, start):
    rate = done / max(time.monotonic() - start, 1e-9)
    eta = (total - done) / rate if rate > 0 else 0
    width = 30
    bar = '#' * int(width * done / max(total, 1))
    sys.stderr.write(f'\r[{bar:<{width}}] {done}/{total} mutants, {rate:.2f}/s, ETA {eta:5.0f} s')
    sys.stderr.flush()


def run(a):
    mutants = []
    work = tempfile.mkdtemp(prefix='campaign-')
    for prog in programs_of(a.paths):
        out = os.path.join(work, os.path.splitext(os.path.basename(prog))[0])
        subprocess.run([sys.executable, os.path.join(root, 'bench/mutate.py'), prog, '-o', out],
                       check=True, capture_output=True)
        name = os.path.splitext(os.path.basename(prog))[0]
        mutants += json.load(open(os.path.join(out, f'{name}.mutants.json')))
    if a.limit is not None:
        mutants = mutants[:a.limit]
    k, n = (int(x) for x in a.shard.split('/')) if a.shard else (0, 1)
    mine = [m for i, m in enumerate(mutants) if i % n == k]
    lines = []
    out = open(a.out, 'w') if a.out else None
    start = time.monotonic()
    for i, m in enumerate(mine):
        t0 = time.monotonic()
        p = subprocess.run([a.triage, 'diagnose', m['file'], '--format', 'json', '--deadline',
                            str(a.deadline)] + a.extra, capture_output=True, text=True)
        took = time.monotonic() - t0
        goals = []
        try:
            report = json.loads(p.stdout)
            result = outcome_of(report)
            # Where the time went: each failed goal's proof attempts and diagnosis.
            goals = [{'kind': g['kind'], 'line': g['line'], 'verdict': g['verdict'],
                      'strategy': g.get('strategy', ''), 'prove_ms': g.get('prove_time_ms', 0),
                      'diagnose_ms': g.get('time_ms', 0)}
                     for g in report['goals'] if g['status'] != 'proved']
        except (ValueError, KeyError):
            # Exit 2: the mutant is no valid program (a mutation tools discard), else a crash.
            result = 'invalid' if p.returncode == 2 else 'error'
        line = {'program': os.path.basename(m['original']), 'mutant': os.path.basename(m['file']),
                'kind': m['kind'], 'line': m['line'], 'mutation': m['mutation'],
                'time_s': round(took, 3), 'exit': p.returncode, 'outcome': result,
                'failed_goals': goals}
        if result in ('error', 'invalid'):
            line['stderr'] = p.stderr[-300:]
        if a.frama_c:
            line['wp_proved'], line['wp_time_s'] = frama_c_wp(m['file'], a.wp_provers,
                                                              a.wp_timeout)
        lines.append(line)
        if out:
            out.write(json.dumps(line) + '\n')
            out.flush()
        progress(i + 1, len(mine), start)
    sys.stderr.write('\n')
    return lines


def wp_provers():
    """The provers WP is given: Debian's z3 and cvc4 packages, those of them installed (Why3
    must have found them: `why3 config detect`)."""
    return ','.join(p for p in ('z3', 'cvc4') if shutil.which(p)) or 'z3'


def frama_c_wp(path, provers, timeout):
    """Frama-C WP's proof alone on one mutant, as the reference: (all proved, seconds)."""
    t0 = time.monotonic()
    p = subprocess.run(['frama-c', '-wp', '-wp-rte', '-wp-prover', provers, '-wp-timeout',
                        str(timeout), path], capture_output=True, text=True)
    took = time.monotonic() - t0
    m = re.search(r'Proved goals:\s*(\d+)\s*/\s*(\d+)', p.stdout)
    return (bool(m) and m.group(1) == m.group(2)), round(took, 3)


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


PERCENTILES = (('median', 0.5), ('p75', 0.75), ('p90', 0.9), ('p95', 0.95), ('p99', 0.99))
# Every outcome a line can have, in the order the summary and the charts list them.
OUTCOMES = ['proved'] + ORDER + ['invalid', 'error']


def share(part, whole):
    return 100.0 * part / whole if whole else 0.0


def figures(lines):
    """Every number the summary shows, computed once: the text summary and the HTML page are two
    renderings of this dict, so they cannot disagree."""
    counts = {k: sum(1 for l in lines if l['outcome'] == k) for k in OUTCOMES}
    unproved = [l for l in lines if l['outcome'] not in ('proved', 'invalid')]
    classified = sum(1 for l in unproved if l['outcome'] in CLASSIFIED)
    times = [l['time_s'] for l in lines]
    f = {'mutants': len(lines), 'not_proved': len(unproved), 'classified': classified,
         'classified_share': share(classified, len(unproved)) if unproved else None,
         # Zero counts are left out, as outcomes that did not occur.
         'outcomes': [(k, counts[k], share(counts[k], len(lines))) for k in OUTCOMES if counts[k]],
         'time': {name: percentile(times, q) for name, q in PERCENTILES}
                 | {'max': max(times, default=0.0), 'total': sum(times)},
         'programs': [], 'wp': None}
    for p in sorted({l['program'] for l in lines}):
        mine = [l for l in lines if l['program'] == p]
        t = [l['time_s'] for l in mine]
        f['programs'].append({'program': p, 'mutants': len(mine),
                              'counts': {k: sum(1 for l in mine if l['outcome'] == k)
                                         for k in OUTCOMES},
                              'min': min(t), 'median': percentile(t, 0.5), 'max': max(t)})
    wp = [l['wp_time_s'] for l in lines if 'wp_time_s' in l]
    if wp:
        agree = sum(1 for l in lines
                    if 'wp_proved' in l and l['wp_proved'] == (l['outcome'] == 'proved'))
        f['wp'] = {'runs': len(wp), 'total': sum(wp), 'median': percentile(wp, 0.5),
                   'ratio': sum(times) / max(sum(wp), 1e-9), 'agree': agree}
    return f


def summary(f):
    proved = next(((c, pct) for k, c, pct in f['outcomes'] if k == 'proved'), (0, 0.0))
    print(f'mutants: {f["mutants"]}, proved: {proved[0]} ({proved[1]:.1f}%), '
          f'not proved: {f["not_proved"]}')
    for k, c, pct in f['outcomes']:
        if k != 'proved':
            print(f'  {k:30} {c:6} {pct:5.1f}%')
    if f['classified_share'] is not None:
        print(f'classified: {f["classified"]}/{f["not_proved"]} ({f["classified_share"]:.1f}%)')
    t = f['time']
    print('time per mutant: ' + ', '.join(f'{name} {t[name]:.2f} s' for name, _ in PERCENTILES)
          + f', max {t["max"]:.2f} s, total {t["total"]:.1f} s')
    if f['wp']:
        w = f['wp']
        print(f'Frama-C WP (proof alone): total {w["total"]:.1f} s, median {w["median"]:.2f} s; '
              f'triage / WP total time: {w["ratio"]:.2f}; '
              f'same proved/not proved on {w["agree"]}/{w["runs"]} mutants')


def plot(lines, path):
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except ImportError:
        # Debian's python3-matplotlib belongs to Debian's python: when another python3 runs this
        # script (pyenv, a venv), Debian's draws the plot.
        debian = '/usr/bin/python3'
        if os.path.realpath(sys.executable) != os.path.realpath(debian) and os.path.exists(debian) \
                and subprocess.run([debian, '-c', 'import matplotlib'],
                                   capture_output=True).returncode == 0:
            with tempfile.NamedTemporaryFile('w', suffix='.jsonl', delete=False) as f:
                f.writelines(json.dumps(l) + '\n' for l in lines)
            p = subprocess.run([debian, os.path.abspath(__file__), '--merge', f.name, '--plot', path,
                                '--plot-only'], capture_output=True, text=True)
            os.unlink(f.name)
            print(p.stdout.strip() or p.stderr.strip())
            return
        print('no plot: matplotlib is not installed (Debian: python3-matplotlib)')
        return
    programs = sorted({l['program'] for l in lines})
    kinds = ['proved'] + ORDER
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, max(3, 0.4 * len(programs))))
    base = [0] * len(programs)
    for k in kinds:
        share = []
        for p in programs:
            mine = [l for l in lines if l['program'] == p]
            share.append(sum(1 for l in mine if l['outcome'] == k) / max(len(mine), 1))
        left.barh(programs, share, left=base, label=k)
        base = [b + s for b, s in zip(base, share)]
    left.set_xlabel('share of mutants')
    left.legend(fontsize='small')
    right.boxplot([[l['time_s'] for l in lines if l['program'] == p] for p in programs],
                  vert=False, labels=programs)
    right.set_xlabel('seconds per mutant (prove + diagnose)')
    fig.tight_layout()
    fig.savefig(path)
    print(f'plot: {path}')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('paths', nargs='*')
    ap.add_argument('--triage', default=os.path.join(root, 'build/release/bin/triage'))
    ap.add_argument('--out')
    ap.add_argument('--deadline', type=float, default=30)
    ap.add_argument('--shard')
    ap.add_argument('--limit', type=int)
    ap.add_argument('--extra', action='append', default=[])
    ap.add_argument('--merge', nargs='+')
    ap.add_argument('--plot')
    ap.add_argument('--html', help='one self-contained page: summary, verdicts, times')
    ap.add_argument('--plot-only', action='store_true', help=argparse.SUPPRESS)
    ap.add_argument('--frama-c', action='store_true',
                    help='also run frama-c -wp on every mutant (the reference proof time)')
    ap.add_argument('--wp-provers', default=wp_provers(), help='default: z3,cvc4 when installed')
    ap.add_argument('--wp-timeout', type=int, default=5, help='per WP goal and prover')
    a = ap.parse_args()
    if a.frama_c and not shutil.which('frama-c'):
        print('no reference runs: frama-c is not installed (Debian: frama-c-base)')
        a.frama_c = False
    if a.merge:
        lines = [json.loads(l) for f in a.merge for l in open(f) if l.strip()]
    else:
        if not a.paths:
            ap.error('no program')
        lines = run(a)
    figs = figures(lines)
    if not a.plot_only:
        summary(figs)
    if a.plot:
        plot(lines, a.plot)
    if a.html:
        campaign_html.write(a.html, lines, figs, OUTCOMES, shlex.join(sys.argv))
        print(f'html: {a.html}')


if __name__ == '__main__':
    main()
