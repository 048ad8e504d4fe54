#!/usr/bin/env python3
"""The HTML report as a user sees it, in a real headless browser (Debian's chromium): the failed
goals listed with their verdicts, the values of named variables at the right lines, the failure
line marked, the replay command, stepping through a run, and the time the page takes to be ready.
Screenshots are kept in ARTEFACTS. Skipped (exit 77) where no chromium is installed.

usage: browser_test.py TRIAGE SHARED ARTEFACTS
"""
import json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dom  # noqa: E402

triage, shared, artefacts = sys.argv[1:4]
chrome = next((shutil.which(b) for b in ('chromium', 'chromium-browser', 'google-chrome')
               if shutil.which(b)), None)
if not chrome:
    print('skipped: no chromium here (Debian package chromium; ./build.sh test installs it)')
    sys.exit(77)
os.makedirs(artefacts, exist_ok=True)
work = tempfile.mkdtemp()
failures = dom.failures
check = dom.check


def triage_run(*args, expect):
    p = subprocess.run([triage, *args], capture_output=True, text=True, timeout=900)
    if p.returncode != expect:
        sys.exit(f'triage {" ".join(args)}: exit {p.returncode}, expected {expect}\n{p.stderr}')
    return p


def browser(*args):
    profile = tempfile.mkdtemp(dir=work)
    return subprocess.run([chrome, '--headless', '--no-sandbox', '--disable-gpu',
                           '--hide-scrollbars', f'--user-data-dir={profile}', *args],
                          capture_output=True, text=True, timeout=300)


def page_as_shown(path, fragment=''):
    """The page's DOM once its script ran."""
    p = browser('--dump-dom', 'file://' + os.path.abspath(path) + fragment)
    if '<body' not in p.stdout:
        sys.exit(f'chromium showed nothing for {path}: {p.stderr[-2000:]}')
    return dom.parse(p.stdout)


def screenshot(path, name):
    out = os.path.join(artefacts, name)
    # A window taller than the page: headless chromium leaves the top of a taller page blank.
    browser('--window-size=1400,3000', f'--screenshot={out}', 'file://' + os.path.abspath(path))
    check(os.path.exists(out) and os.path.getsize(out) > 10000, f'a screenshot {out}')


def cell(doc, line, run):
    return doc.one('tr', id=f'f0-L{line}').one('td', cls=f'run-col-{run}')


def ready_ms(doc):
    return int(doc.one('body').attrs.get('data-render-ms', '1000000'))


# A non-compliance, through a saved JSON report and `triage report`.
s6 = os.path.join(shared, 'examples/isqrt/S6.c')
s6_json = os.path.join(work, 's6.json')
triage_run('diagnose', s6, '--format', 'json', '-o', s6_json, expect=1)
s6_html = os.path.join(work, 's6.html')
triage_run('report', s6_json, '-o', s6_html, expect=0)
report = json.load(open(s6_json))
verdicts = [g['verdict'] for g in report['goals'] if g['status'] != 'proved']
doc = page_as_shown(s6_html)
listed = [a.one('span', cls='badge').text() for a in doc.one('nav').all('a', cls='goal')]
check(listed == verdicts, f'S6: the failed goals listed with their verdicts: {listed} == {verdicts}')
row = doc.one('tr', id='f0-L5')
check({'failure-line', 'selected-goal'} <= row.classes, f'S6: line 5 marked as the failure: {row.classes}')
end = cell(doc, 5, 0)
check('fail' in end.classes and 'result = 2' in end.text(), f'S6: line 5 says it fails with result = 2: {end.text()!r}')
check('y = 9' in cell(doc, 11, 0).text(), f'S6: y = 9 beside line 11: {cell(doc, 11, 0).text()!r}')
check('r = 2' in cell(doc, 25, 0).text(), f'S6: r = 2 beside line 25: {cell(doc, 25, 0).text()!r}')
replay = doc.one('pre', id='replay-0').text()
check(replay.startswith('triage run ') and '--input n=3' in replay, f'S6: the replay command: {replay!r}')
check(doc.all('button', cls='copy'), 'S6: a copy button for the replay command')
check(ready_ms(doc) < 1000, f'S6: ready in {ready_ms(doc)} ms')
screenshot(s6_html, 'non_compliance_S6.png')

# A weakness, straight from `triage diagnose --format html`: both runs side by side.
s7_html = os.path.join(work, 's7.html')
triage_run('diagnose', os.path.join(shared, 'examples/isqrt/S7.c'), '--format', 'html', '-o', s7_html,
           expect=1)
doc = page_as_shown(s7_html)
listed = [a.one('span', cls='badge').text() for a in doc.one('nav').all('a', cls='goal')]
check(listed == ['subcontract_weakness'], f'S7: one weakness listed: {listed}')
heads = [th.text() for th in doc.all('th') if th.attrs.get('data-run')]
check(heads == ['real run', 'run through the contracts'], f'S7: the two runs side by side: {heads}')
loop = cell(doc, 13, 1)
check('giant' in loop.classes and 'contract allowed' in loop.text() and 'r = 1' in loop.text(),
      f'S7: the giant step at line 13 with the values the contract allowed: {loop.text()!r}')
check('fail' in cell(doc, 5, 1).classes and 'holds' in cell(doc, 5, 0).classes,
      'S7: the goal holds on the real run and fails on the run through the contracts')
check('r = 2' in cell(doc, 24, 0).text() and 'r = 1' in cell(doc, 24, 1).text(),
      f'S7: r at the return: {cell(doc, 24, 0).text()!r} / {cell(doc, 24, 1).text()!r}')
check('failure-line' in doc.one('tr', id='f0-L5').classes, 'S7: line 5 marked as the failure')
screenshot(s7_html, 'weakness_S7.png')

# Stepping: a link to the real run's first statement shows that statement only.
doc = page_as_shown(s7_html, '#goal-0/run-0/step-1')
first = cell(doc, 10, 0)
check('current' in first.classes and 'r = 4' in first.text(), f'S7 step 1: line 10 current, r = 4: {first.text()!r}')
check(cell(doc, 11, 0).text() == '', 'S7 step 1: line 11 not reached yet')
what = doc.one('div', cls='run-control', data_run='0').one('div', cls='what').text()
check(what.startswith('step 1 of '), f'S7 step 1: the step said: {what!r}')

# The largest shared example: the page is ready within a second.
largest = max((os.path.join(d, f) for d, _, fs in os.walk(os.path.join(shared, 'examples'))
               for f in fs if f.endswith('.c')), key=os.path.getsize)
big_html = os.path.join(work, 'largest.html')
p = subprocess.run([triage, 'diagnose', largest, '--format', 'html', '-o', big_html],
                   capture_output=True, text=True, timeout=900)
check(p.returncode in (0, 1) and os.path.exists(big_html), f'{largest}: a page ({p.stderr[-500:]})')
if os.path.exists(big_html):
    ms = ready_ms(page_as_shown(big_html))
    print(f'{os.path.relpath(largest, shared)}: ready in {ms} ms')
    check(ms < 1000, f'{largest}: ready in {ms} ms, under a second')

shutil.rmtree(work, ignore_errors=True)
if failures:
    sys.exit(f'{len(failures)} check(s) failed')
print(f'ok: screenshots in {artefacts}')
