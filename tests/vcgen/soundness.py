#!/usr/bin/env python3
"""Soundness suite: each X_bad.ivl has one false goal (kind on its first line `// expect: KIND`,
line marked with `//!`) that `triage prove` must never prove; its twin X_ok.ivl must be proved
entirely (exit 0).

usage: soundness.py TRIAGE DIR [--bad-only] [prove options...]
--bad-only checks only that no false goal is proved (for a single prover, which may well fail to
prove some corrected twin: that is incapacity, not unsoundness).
"""
import glob, json, os, subprocess, sys


def prove(triage, path, extra):
    p = subprocess.run([triage, 'prove', path, '--format', 'json'] + extra,
                       capture_output=True, text=True, timeout=300)
    try:
        return p.returncode, json.loads(p.stdout)['goals'], p.stderr
    except (json.JSONDecodeError, KeyError):
        return p.returncode, [], p.stderr + p.stdout


def main():
    triage, folder = sys.argv[1], sys.argv[2]
    extra = [a for a in sys.argv[3:] if a != '--bad-only']
    bad_only = '--bad-only' in sys.argv[3:]
    problems = 0
    bads = sorted(glob.glob(os.path.join(folder, '*_bad.ivl')))
    for bad in bads:
        lines = open(bad).read().split('\n')
        kind = lines[0].split('expect:')[1].strip()
        line = next(i + 1 for i, l in enumerate(lines) if l.rstrip().endswith('//!'))
        rc, goals, err = prove(triage, bad, extra)
        hit = [g for g in goals if g['kind'] == kind and g['line'] == line]
        if rc != 1 or not hit or any(g['status'] != 'failed' for g in hit):
            print(f'{bad}:{line}: {kind}: expected a failed goal, got exit {rc} {hit} {err[:200]}')
            problems += 1
        ok = bad.replace('_bad.ivl', '_ok.ivl')
        if bad_only:
            continue
        rc, goals, err = prove(triage, ok, extra)
        failed = [(g['line'], g['kind']) for g in goals if g['status'] != 'proved']
        if rc != 0 or failed or not goals:
            print(f'{ok}: expected every goal proved, got exit {rc}, failed {failed} {err[:200]}')
            problems += 1
    print(f'{len(bads)} pairs, {problems} problems')
    return 1 if problems or len(bads) < 40 else 0


if __name__ == '__main__':
    sys.exit(main())
