#!/usr/bin/env python3
"""Runs ../shared/tools/check_expected.py on every example and fails only on a WRONG verdict.

usage: no_wrong_verdict.py CHECK_EXPECTED TRIAGE [ARGS...]

A strategy may answer `unknown` where a definite verdict is expected (it is then incomplete,
not wrong), but a non_compliance / subcontract_weakness different from the expected one, or
on a goal expected to be proved, is an error. check_expected counts those in `W wrong`.
"""
import re, subprocess, sys


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    p = subprocess.run([sys.executable] + sys.argv[1:], capture_output=True, text=True)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    m = re.search(r'rows (\d+)/(\d+) matched, (\d+) wrong', p.stdout)
    if not m:
        print('no summary line from check_expected')
        return 1
    if 'no usable JSON' in p.stdout:
        print('some file gave no usable JSON')
        return 1
    return 0 if int(m.group(3)) == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
