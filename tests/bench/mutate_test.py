#!/usr/bin/env python3
"""bench/mutate.py: every mutant is a valid program (triage compiles it), one mutation each, the
lines where they were, and the precondition of the function under test untouched.

usage: mutate_test.py TRIAGE ROOT SHARED
"""
import json, os, subprocess, sys, tempfile

triage, root, shared = sys.argv[1:4]
problems = []
for program, function in [(os.path.join(shared, 'examples/rgf/R1.c'), 'f'),
                          (os.path.join(root, 'examples/c/max_index.c'), None),
                          (os.path.join(shared, 'examples/binary_search/B0.c'), None),
                          (os.path.join(shared, 'examples/isqrt/S0.c'), None),
                          (os.path.join(root, 'bench/programs/clamp_all.c'), None)]:
    out = tempfile.mkdtemp()
    args = [sys.executable, os.path.join(root, 'bench/mutate.py'), program, '-o', out]
    if function:
        args += ['--function', function]
    subprocess.run(args, check=True, capture_output=True)
    name = os.path.splitext(os.path.basename(program))[0]
    index = json.load(open(os.path.join(out, name + '.mutants.json')))
    original = open(program).read().splitlines()
    kinds = {m['kind'] for m in index}
    for k in ('operator', 'constant', 'clause', 'assigns') + (('conjunct',) if name == 'S0' else ()):
        if k not in kinds:
            problems.append(f'{name}: no {k} mutant')
    texts = set()
    for m in index:
        text = open(m['file']).read()
        texts.add(text)
        lines = text.splitlines()
        if len(lines) != len(original):
            problems.append(f"{m['file']}: {len(lines)} lines, not {len(original)}")
            continue
        changed = [i + 1 for i, (a, b) in enumerate(zip(original, lines)) if a != b]
        if not changed or min(changed) < m['line']:
            problems.append(f"{m['file']}: changed lines {changed}, mutation at {m['line']}")
        if function and any('requires' in original[i - 1] for i in changed):
            # Only the function under test's preconditions are frozen: R1's f starts at line 32.
            if any(i >= 32 and 'requires' in original[i - 1] for i in changed):
                problems.append(f"{m['file']}: the precondition of {function} was mutated")
        p = subprocess.run([triage, 'compile', m['file'], '-o', os.devnull], capture_output=True,
                           text=True)
        if p.returncode != 0:
            problems.append(f"{m['file']} ({m['mutation']}): does not compile: {p.stderr[:200]}")
    if len(texts) != len(index):
        problems.append(f'{name}: duplicate mutants')
    print(f'{name}: {len(index)} mutants, kinds {sorted(kinds)}')
for p in problems:
    print('FAIL:', p)
sys.exit(1 if problems else 0)
