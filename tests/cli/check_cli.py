#!/usr/bin/env python3
"""Command-line conventions of `triage`: help, version, usage errors and exit codes.
usage: check_cli.py TRIAGE EXAMPLE.ivl"""
import subprocess, sys

def run(triage, *args):
    return subprocess.run([triage, *args], capture_output=True, text=True, timeout=60)

def main():
    triage, example = sys.argv[1:3]
    checks = []
    def check(name, ok, detail=''):
        checks.append(ok)
        if not ok:
            print(f'FAIL {name}: {detail}')

    p = run(triage, '--help')
    check('--help exits 0 and lists commands', p.returncode == 0 and 'check' in p.stdout, p.stdout)
    p = run(triage, '--version')
    check('--version', p.returncode == 0 and p.stdout.startswith('triage '), p.stdout)
    p = run(triage)
    check('no arguments is a usage error', p.returncode == 2, p.returncode)
    p = run(triage, 'frobnicate')
    check('unknown command', p.returncode == 2 and 'unknown command' in p.stderr, p.stderr)
    p = run(triage, 'check', '--bogus', example)
    check('unknown option', p.returncode == 2 and "unknown option '--bogus'" in p.stderr, p.stderr)
    p = run(triage, 'check')
    check('missing file', p.returncode == 2 and 'missing input file' in p.stderr, p.stderr)
    p = run(triage, 'check', '/nonexistent/x.ivl')
    check('unreadable file', p.returncode == 2 and p.stderr.startswith('/nonexistent/x.ivl:'), p.stderr)
    p = run(triage, 'check', example)
    check('check on a good file', p.returncode == 0, p.stderr)
    p = run(triage, 'check', '--print', example)
    check('check --print prints the IR', p.returncode == 0 and 'fun ' in p.stdout, p.stdout[:200])
    p = run(triage, 'check', '--help')
    check('command help', p.returncode == 0 and 'usage: triage check' in p.stdout, p.stdout)
    p = run(triage, 'diagnose', example, '--probe', '0')
    check('--probe 0 is a usage error (--no-probe turns the search off)',
          p.returncode == 2 and "'--probe' expects a positive number" in p.stderr, p.stderr)
    p = run(triage, 'compare', example, '--no-probe')
    check('compare has no probe to turn off', p.returncode == 2 and 'no-probe' in p.stderr,
          p.stderr)
    failed = checks.count(False)
    print(f'{len(checks) - failed} passed, {failed} failed')
    return 1 if failed else 0

if __name__ == '__main__':
    sys.exit(main())
