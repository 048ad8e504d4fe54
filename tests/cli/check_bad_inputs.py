#!/usr/bin/env python3
"""Runs `triage COMMAND FILE` on every file of a corpus of bad inputs and checks that each gets
exactly one located error: stderr is one line `FILE:LINE:COL: error: MESSAGE`, the exit code is 2,
and LINE:COL and the start of MESSAGE are those written in the file's first line:
    // error: LINE:COL: MESSAGE-PREFIX
usage: check_bad_inputs.py TRIAGE COMMAND DIR [EXT]"""
import os, re, subprocess, sys

def main():
    triage, command, folder = sys.argv[1:4]
    ext = sys.argv[4] if len(sys.argv) > 4 else '.ivl'
    files = sorted(f for f in os.listdir(folder) if f.endswith(ext))
    problems = 0
    for name in files:
        path = os.path.join(folder, name)
        with open(path) as fh:
            head = fh.readline()
        m = re.match(r'//\s*error:\s*(\d+):(\d+):\s*(.*?)\s*$', head)
        if not m:
            print(f'{path}: first line must be "// error: LINE:COL: MESSAGE"')
            problems += 1
            continue
        line, col, prefix = m.groups()
        try:
            p = subprocess.run([triage, command, path], capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            print(f'{path}: timed out')
            problems += 1
            continue
        lines = [l for l in p.stderr.splitlines() if l.strip()]
        want = f'{path}:{line}:{col}: error: {prefix}'
        if p.returncode != 2:
            print(f'{path}: exit code {p.returncode}, expected 2; stderr: {p.stderr.strip()[:300]}')
            problems += 1
        elif len(lines) != 1 or not lines[0].startswith(want):
            print(f'{path}: expected one line starting with\n  {want}\ngot\n  ' + '\n  '.join(lines[:5]))
            problems += 1
    print(f'{len(files) - problems} passed, {problems} failed')
    return 1 if problems or not files else 0

if __name__ == '__main__':
    sys.exit(main())
