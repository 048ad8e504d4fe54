#!/usr/bin/env python3
"""bench/campaign.py --merge FIXTURE --html PAGE on JSON lines written here (no triage run): the
page's summary table counts the fixture's mutants and outcomes, the verdict chart has one bar per
program, a program name with `<&>` is escaped and never raw, and nothing on the page comes from
elsewhere (the page must open offline: no link, no script or image source, no CSS url(), no
http:// or https:// anywhere).

usage: campaign_html_test.py ROOT
"""
import json, os, subprocess, sys, tempfile
from collections import Counter
from html.parser import HTMLParser

root = sys.argv[1]
ODD = 'odd<&>name.c'   # must show as text, never as markup
FIXTURE = [('abs_all.c', 'proved', 0.04), ('abs_all.c', 'non_compliance', 0.3),
           ('abs_all.c', 'subcontract_weakness:single', 1.2), ('abs_all.c', 'proved', 0.0),
           ('sum.c', 'unknown', 24.1), ('sum.c', 'non_compliance', 0.09),
           ('sum.c', 'proved', 0.11), (ODD, 'subcontract_weakness:single', 2.5),
           (ODD, 'non_compliance', 0.07)]


class Page(HTMLParser):
    """What the checks need: the summary table's rows, the verdict bars' programs, and every
    reference to something outside the page."""

    def __init__(self):
        super().__init__()
        self.rows, self.bars, self.external = {}, [], []
        self.in_summary, self.in_verdicts, self.in_style = False, False, False
        self.cells, self.styles = None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'table' and a.get('id') == 'summary':
            self.in_summary = True
        elif tag == 'tr' and self.in_summary:
            self.cells = []
        elif tag in ('th', 'td') and self.cells is not None:
            self.cells.append('')
        elif tag == 'svg' and a.get('id') == 'verdicts':
            self.in_verdicts = True
        elif tag == 'g' and self.in_verdicts and 'bar' in a.get('class', '').split():
            self.bars.append(a.get('data-program'))
        elif tag == 'style':
            self.in_style = True
        if tag == 'link':
            self.external.append(f'<link {a}>')
            return
        for name in ('src', 'href', 'xlink:href', 'srcset', 'action', 'data'):
            value = (a.get(name) or '').strip()
            if name in a and not (value.startswith('#') or value.startswith('data:')):
                self.external.append(f'<{tag} {name}="{value}">')
        self.styles.append(a.get('style') or '')

    def handle_endtag(self, tag):
        if tag == 'table':
            self.in_summary = False
        elif tag == 'tr' and self.cells:
            self.rows[self.cells[0].strip()] = [c.strip() for c in self.cells[1:]]
            self.cells = None
        elif tag == 'svg':
            self.in_verdicts = False
        elif tag == 'style':
            self.in_style = False

    def handle_data(self, data):
        if self.cells:
            self.cells[-1] += data
        if self.in_style:
            self.styles.append(data)


def outside_css(css):
    """url() and @import that point out of the page (data: URIs and #fragments stay inside)."""
    bad = ['@import'] if '@import' in css else []
    for part in css.split('url(')[1:]:
        target = part.strip().strip('\'"')
        if not (target.startswith('data:') or target.startswith('#')):
            bad.append('url(' + part[:40])
    return bad


def check(text, problems):
    page = Page()
    page.feed(text)
    outcomes = Counter(o for _, o, _ in FIXTURE)
    programs = sorted({p for p, _, _ in FIXTURE})
    if (page.rows.get('mutants') or [''])[0] != str(len(FIXTURE)):
        problems.append(f'summary table: mutants {page.rows.get("mutants")}, '
                        f'not {len(FIXTURE)}')
    for outcome, n in outcomes.items():
        if (page.rows.get(outcome) or [''])[0] != str(n):
            problems.append(f'summary table: {outcome} {page.rows.get(outcome)}, not {n}')
    if sorted(page.bars) != programs:
        problems.append(f'verdict chart: bars for {page.bars}, not one for each of {programs}')
    if ODD in text:
        problems.append(f'the program name {ODD!r} stands raw in the page')
    if 'odd&lt;&amp;&gt;name.c' not in text:
        problems.append(f'the program name {ODD!r} is not shown escaped')
    problems += [f'external reference: {r}' for r in page.external]
    problems += [f'CSS points outside: {r}' for s in page.styles for r in outside_css(s)]
    for scheme in ('http://', 'https://'):
        if scheme in text.lower():
            at = text.lower().index(scheme)
            problems.append(f'{scheme} in the page: ...{text[max(0, at - 40):at + 40]}...')


def main():
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        fixture, out = os.path.join(tmp, 'fixture.jsonl'), os.path.join(tmp, 'out.html')
        with open(fixture, 'w') as f:
            for i, (program, outcome, seconds) in enumerate(FIXTURE):
                f.write(json.dumps({'program': program, 'mutant': f'm{i:03}.c', 'kind': 'op',
                                    'line': 3, 'mutation': '< to <=', 'time_s': seconds,
                                    'exit': 0 if outcome == 'proved' else 1, 'outcome': outcome,
                                    'failed_goals': []}) + '\n')
        p = subprocess.run([sys.executable, os.path.join(root, 'bench', 'campaign.py'), '--merge',
                            fixture, '--html', out], capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            problems.append(f'campaign.py exit {p.returncode}: {p.stderr[-500:]}')
        elif not os.path.exists(out):
            problems.append(f'no page written:\n{p.stdout}')
        else:
            check(open(out, encoding='utf-8').read(), problems)
    for m in problems:
        print('FAIL:', m)
    print(p.stdout)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
