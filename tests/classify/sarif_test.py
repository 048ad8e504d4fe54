#!/usr/bin/env python3
"""`triage diagnose --format sarif`: valid SARIF 2.1.0 (checked against the published OASIS schema
in tests/sarif/), one result per goal not proved with the verdict as rule id, the same verdicts
as --format json, the counterexample and replay line in the message, related locations for the
subcontracts a weakness names.

usage: sarif_test.py TRIAGE SCHEMA FILE...
"""
import json, subprocess, sys

try:
    import jsonschema
except ImportError:
    print('SKIPPED: python3-jsonschema is not installed (./build.sh setup installs it)')
    sys.exit(0)

triage, schema_path, files = sys.argv[1], sys.argv[2], sys.argv[3:]
schema = json.load(open(schema_path))
validator = jsonschema.validators.validator_for(schema)(schema)
problems = []
checked = 0
# The validator is no rubber stamp: a log without its version is rejected.
if not list(validator.iter_errors({'runs': []})):
    problems.append('the schema accepts a log without "version"')


def diagnose(path, fmt):
    p = subprocess.run([triage, 'diagnose', path, '--format', fmt], capture_output=True, text=True,
                       timeout=600)
    return p.returncode, json.loads(p.stdout)


for path in files:
    rc_sarif, log = diagnose(path, 'sarif')
    rc_json, report = diagnose(path, 'json')
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for e in errors[:5]:
        problems.append(f'{path}: not valid SARIF at {list(e.path)}: {e.message[:200]}')
    if rc_sarif != rc_json:
        problems.append(f'{path}: exit {rc_sarif} with sarif, {rc_json} with json')
    results = log['runs'][0]['results']
    failed = [g for g in report['goals'] if g['status'] != 'proved']
    if [r['ruleId'] for r in results] != [g['verdict'] for g in failed]:
        problems.append(f'{path}: rule ids {[r["ruleId"] for r in results]} '
                        f'are not the verdicts {[g["verdict"] for g in failed]}')
        continue
    rules = log['runs'][0]['tool']['driver']['rules']
    for r, g in zip(results, failed):
        checked += 1
        where = f"{path}:{g['line']}: {g['kind']}"
        region = r['locations'][0]['physicalLocation']['region']
        if region['startLine'] != g['line'] or rules[r['ruleIndex']]['id'] != r['ruleId']:
            problems.append(f'{where}: location or rule index wrong: {region}')
        if g.get('replay') and 'Replay: ' + g['replay'] not in r['message']['text']:
            problems.append(f'{where}: no replay line in the message')
        if g['counterexample'] and r['properties']['counterexample'] != g['counterexample']:
            problems.append(f'{where}: counterexample differs from the JSON one')
        if g['verdict'] == 'subcontract_weakness':
            related = r.get('relatedLocations', [])
            if len(related) != len(g['subcontracts']):
                problems.append(f'{where}: {len(related)} related locations for '
                                f'{g["subcontracts"]}')

for p in problems:
    print(p)
print(f'{checked} results checked against the JSON report, {len(files)} files')
sys.exit(1 if problems or checked == 0 else 0)
