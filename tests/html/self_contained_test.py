#!/usr/bin/env python3
"""The HTML report is one file that needs nothing else: no stylesheet, script, font, image or
frame fetched from anywhere, every link inside the page. Also `triage report`'s answers to bad
input (a JSON file that is no report, a program that moved away).

usage: self_contained_test.py TRIAGE PROGRAM...
"""
import json, os, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dom  # noqa: E402

triage, programs = sys.argv[1], sys.argv[2:]
work = tempfile.mkdtemp()
failures = dom.failures
check = dom.check


def run(*args):
    return subprocess.run([triage, *args], capture_output=True, text=True, timeout=900)


def external_references(html):
    """What in the page would make a browser fetch something."""
    found = []
    doc = dom.parse(html)
    for e in doc.all():
        for attr in ('src', 'srcset', 'data', 'poster', 'action', 'formaction'):
            if attr in e.attrs:
                found.append(f'<{e.tag} {attr}={e.attrs[attr]!r}>')
        if e.tag == 'link' or e.tag in ('iframe', 'frame', 'object', 'embed', 'base'):
            found.append(f'<{e.tag}>')
        href = e.attrs.get('href')
        if href is not None and not href.startswith('#'):
            found.append(f'<{e.tag} href={href!r}>')
    for style in doc.all('style'):
        found += [f'css {m}' for m in re.findall(r'url\([^)]*\)|@import[^;]*', style.text())]
    found += [f'address {m}' for m in re.findall(r'(?:https?|ftp)://\S+', html)]
    return found


for program in programs:
    page = os.path.join(work, os.path.basename(program) + '.html')
    p = run('diagnose', program, '--format', 'html', '-o', page)
    check(p.returncode in (0, 1), f'{program}: exit {p.returncode}: {p.stderr[-400:]}')
    html = open(page, encoding='utf-8').read()
    check(html.startswith('<!DOCTYPE html>'), f'{program}: an HTML document')
    scripts = dom.parse(html).all('script')
    check(len(scripts) == 2, f'{program}: two inline scripts, the data and the code: {len(scripts)}')
    ext = external_references(html)
    check(not ext, f'{program}: no external reference: {ext}')

# The check itself finds what it must (a page that would fetch a style sheet and a font).
check(len(external_references('<link rel="stylesheet" href="https://cdn.example/x.css">'
                              '<style>@font-face{src:url(f.woff)}</style><img src="a.png">')) >= 3,
      'the reference check sees external references')

# Bad input: not JSON, JSON but no report, and a report whose program moved away.
bad = os.path.join(work, 'bad.json')
open(bad, 'w').write('{"goals": [1, }')
p = run('report', bad, '-o', os.path.join(work, 'x.html'))
check(p.returncode == 2 and re.search(re.escape(bad) + r':\d+:\d+: error: ', p.stderr),
      f'not JSON: exit 2 with file:line:col: {p.returncode} {p.stderr!r}')
open(bad, 'w').write('{"file": "x.c"}')
p = run('report', bad)
check(p.returncode == 2 and 'no "goals" array' in p.stderr, f'no report: {p.returncode} {p.stderr!r}')
report = os.path.join(work, 'moved.json')
p = run('diagnose', programs[0], '--format', 'json')
j = json.loads(p.stdout)
j['file'] = os.path.join(work, 'gone.c')
for g in j['goals']:
    g['file'] = j['file']
json.dump(j, open(report, 'w'))
page = os.path.join(work, 'moved.html')
p = run('report', report, '-o', page)
check(p.returncode == 0 and 'warning' in p.stderr and os.path.exists(page),
      f'a program that moved: the page without runs, and a warning: {p.returncode} {p.stderr!r}')
if os.path.exists(page):
    check('could not be read' in open(page).read(), 'the page says the source could not be read')

if failures:
    sys.exit(f'{len(failures)} check(s) failed')
print(f'ok: {len(programs)} pages self-contained')
