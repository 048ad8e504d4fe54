"""The HTML page of a mutation campaign (bench/campaign.py --html): one self-contained file, so it
can be mailed, archived beside its JSON lines and opened offline. No script, stylesheet, font or
image from elsewhere: inline CSS and SVG drawn here, without matplotlib (often absent where
campaigns run). Every text from the JSON lines goes through html.escape: program names are file
names, and a page must not be written by them.
"""
import datetime, html, math, re

# Okabe-Ito colours (told apart with the common colour-vision deficiencies), each in a lighter
# variant for dark backgrounds; unlisted outcomes are grey.
PALETTE = {
    'proved': ('#009e73', '#2ec4a0'),
    'non_compliance': ('#d55e00', '#ff7a2e'),
    'subcontract_weakness:single': ('#e69f00', '#f5b83d'),
    'subcontract_weakness:global': ('#f0e442', '#f0e442'),
    'prover_incapacity': ('#0072b2', '#4aa8e0'),
    'likely_prover_incapacity': ('#56b4e9', '#9fd3f5'),
    'unknown': ('#999999', '#8a8a8a'),
    'invalid': ('#cc79a7', '#e09cc4'),
    'error': ('#000000', '#e8e8e8'),
}
GREY = ('#999999', '#8a8a8a')
LIGHT = {'bg': '#ffffff', 'fg': '#1a1a1a', 'muted': '#666666', 'grid': '#d8d8d8'}
DARK = {'bg': '#16181c', 'fg': '#e6e6e6', 'muted': '#a0a0a0', 'grid': '#3a3d42'}
FLOOR_S = 0.001   # times are rounded to ms: a 0 s mutant is drawn at 1 ms on the log axes
STEPS = 4         # histogram bins per decade
WIDTH = 900       # SVG user units; the pictures scale down to the page's width


def esc(x):
    return html.escape(str(x), quote=True)


def slug(outcome):
    """An outcome as a CSS identifier (`subcontract_weakness:single` has a colon)."""
    return re.sub(r'[^A-Za-z0-9_]', '-', outcome)


def seconds(s):
    return f'{s:.2f} s' if s < 10 else f'{s:.1f} s'


def css(outcomes):
    def variables(base, which):
        pairs = list(base.items()) + [(f'c-{slug(k)}', PALETTE.get(k, GREY)[which])
                                      for k in outcomes]
        return ' '.join(f'--{name}: {value};' for name, value in pairs)
    light, dark = variables(LIGHT, 0), variables(DARK, 1)
    fills = '\n'.join(f'.o-{slug(k)} {{ fill: var(--c-{slug(k)}); }}' for k in outcomes)
    # The print block comes last: a page printed from a dark-mode browser gets the light colours
    # (paper is white), and fills are kept though browsers drop backgrounds when printing.
    return f"""
:root {{ {light} color-scheme: light dark; }}
@media (prefers-color-scheme: dark) {{ :root {{ {dark} }} }}
@media print {{
  :root {{ {light} }}
  svg, .swatch {{ print-color-adjust: exact; -webkit-print-color-adjust: exact; }}
  section {{ break-inside: avoid; }}
}}
body {{ background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, sans-serif;
        margin: 1.5em auto; max-width: 960px; padding: 0 1em; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.15em; margin-top: 1.6em; }}
table {{ border-collapse: collapse; }}
th, td {{ padding: 0.15em 0.8em; border-bottom: 1px solid var(--grid); }}
th {{ text-align: left; font-weight: normal; }}
td {{ text-align: right; font-variant-numeric: tabular-nums; }}
tr.group th {{ font-weight: bold; padding-top: 0.6em; }}
code {{ white-space: pre-wrap; word-break: break-all; }}
.muted, figcaption {{ color: var(--muted); }}
svg {{ max-width: 100%; height: auto; font: 12px system-ui, sans-serif; }}
svg text {{ fill: var(--fg); }}
svg .axis {{ stroke: var(--muted); }} svg .grid {{ stroke: var(--grid); }}
svg .seg {{ stroke: var(--bg); stroke-width: 1; }}
svg .range {{ stroke: var(--fg); stroke-width: 2; }} svg .median {{ fill: var(--fg); }}
svg .hist {{ fill: var(--c-{slug('prover_incapacity')}, #0072b2); }}
ul.legend {{ list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; }}
{fills}
"""


def summary_table(f):
    """The numbers of campaign.summary, from the same dict."""
    rows = [('group', 'Mutants', '', ''), ('row', 'mutants', f['mutants'], '')]
    rows += [('row', k, c, f'{pct:.1f}%') for k, c, pct in f['outcomes']]
    rows.append(('row', 'not proved', f['not_proved'], ''))
    if f['classified_share'] is not None:
        rows.append(('row', 'classified', f'{f["classified"]}/{f["not_proved"]}',
                     f'{f["classified_share"]:.1f}%'))
    rows.append(('group', 'Seconds per mutant (prove + diagnose)', '', ''))
    rows += [('row', name, seconds(value), '') for name, value in f['time'].items()]
    if f['wp']:
        w = f['wp']
        rows += [('group', 'Frama-C WP (proof alone)', '', ''),
                 ('row', 'WP total', seconds(w['total']), ''),
                 ('row', 'WP median', seconds(w['median']), ''),
                 ('row', 'triage / WP total time', f'{w["ratio"]:.2f}', ''),
                 ('row', 'same proved / not proved', f'{w["agree"]}/{w["runs"]}', '')]
    out = ['<table id="summary">']
    for kind, label, value, pct in rows:
        if kind == 'group':
            out.append(f'<tr class="group"><th colspan="3">{esc(label)}</th></tr>')
        else:
            out.append(f'<tr><th>{esc(label)}</th><td>{esc(value)}</td><td>{esc(pct)}</td></tr>')
    return '\n'.join(out + ['</table>'])


def swatch(outcome):
    # An SVG square rather than a CSS background: browsers print SVG fills.
    return (f'<svg class="swatch" width="12" height="12" aria-hidden="true">'
            f'<rect class="o-{slug(outcome)}" width="12" height="12"/></svg>')


def legend(f, outcomes):
    totals = {k: c for k, c, _ in f['outcomes']}
    items = [f'<li>{swatch(k)} {esc(k)} <span class="muted">({totals.get(k, 0)})</span></li>'
             for k in outcomes]
    return '<ul class="legend">' + ''.join(items) + '</ul>'


def label_width(names):
    # About 7 units a character at 12 px; bounded so a long name leaves room for the bars.
    return min(320, 16 + 7 * max((len(n) for n in names), default=0))


def verdict_bars(f, outcomes):
    """One horizontal bar per program, its width the program's mutants, segments per outcome."""
    progs = f['programs']
    left, row = label_width(p['program'] for p in progs), 22
    span = WIDTH - left - 60
    out = [f'<svg id="verdicts" role="img" width="{WIDTH}" height="{row * len(progs) + 24}" '
           f'viewBox="0 0 {WIDTH} {row * len(progs) + 24}">']
    for i, p in enumerate(progs):
        y, n, x = i * row, p['mutants'], left
        out.append(f'<g class="bar" data-program="{esc(p["program"])}">'
                   f'<title>{esc(p["program"])}: {n} mutants</title>'
                   f'<text x="{left - 8}" y="{y + 15}" text-anchor="end">{esc(p["program"])}</text>')
        for k in outcomes:
            c = p['counts'].get(k, 0)
            if not c:
                continue
            w = span * c / n
            out.append(f'<rect class="seg o-{slug(k)}" x="{x:.1f}" y="{y + 3}" width="{w:.1f}" '
                       f'height="{row - 6}"><title>{esc(p["program"])}: {esc(k)} {c} of {n} '
                       f'({100.0 * c / n:.1f}%)</title></rect>')
            x += w
        out.append(f'<text x="{left + span + 6}" y="{y + 15}">{n}</text></g>')
    axis_y = row * len(progs) + 4
    out.append(f'<line class="axis" x1="{left}" y1="{axis_y}" x2="{left + span}" y2="{axis_y}"/>')
    for q in (0, 25, 50, 75, 100):
        out.append(f'<text x="{left + span * q / 100:.1f}" y="{axis_y + 16}" '
                   f'text-anchor="middle">{q}%</text>')
    return '\n'.join(out + ['</svg>'])


def log_range(times):
    """The axis of both time charts: whole histogram bins (STEPS a decade) around every time."""
    lo = math.floor(STEPS * math.log10(max(min(times), FLOOR_S)))
    hi = math.floor(STEPS * math.log10(max(max(times), FLOOR_S))) + 1
    return lo, hi


def log_x(lo, hi, x0, x1):
    return lambda s: x0 + (x1 - x0) * (STEPS * math.log10(max(s, FLOOR_S)) - lo) / (hi - lo)


def decade_ticks(lo, hi, x, y, out):
    """Labels at the powers of ten inside the axis, with grid lines up to y = 0."""
    for d in range(math.ceil(lo / STEPS), math.floor(hi / STEPS) + 1):
        s, px = 10.0 ** d, x(10.0 ** d)
        out.append(f'<line class="grid" x1="{px:.1f}" y1="0" x2="{px:.1f}" y2="{y}"/>'
                   f'<text x="{px:.1f}" y="{y + 16}" text-anchor="middle">{s:g} s</text>')


def histogram(times):
    lo, hi = log_range(times)
    counts = [0] * (hi - lo)
    for t in times:
        k = math.floor(STEPS * math.log10(max(t, FLOOR_S)))
        counts[min(max(k - lo, 0), hi - lo - 1)] += 1
    left, height = 50, 200
    x = log_x(lo, hi, left, WIDTH - 20)
    top = max(counts)
    out = [f'<svg id="times" role="img" width="{WIDTH}" height="{height + 26}" '
           f'viewBox="0 0 {WIDTH} {height + 26}">']
    decade_ticks(lo, hi, x, height, out)
    for i, c in enumerate(counts):
        a, b = 10.0 ** ((lo + i) / STEPS), 10.0 ** ((lo + i + 1) / STEPS)
        h = (height - 10) * c / top
        out.append(f'<rect class="hist seg" x="{x(a):.1f}" y="{height - h:.1f}" '
                   f'width="{x(b) - x(a):.1f}" height="{h:.1f}"><title>{seconds(a)} to '
                   f'{seconds(b)}: {c} mutants</title></rect>')
    out.append(f'<line class="axis" x1="{left}" y1="{height}" x2="{WIDTH - 20}" y2="{height}"/>'
               f'<text x="{left - 6}" y="14" text-anchor="end">{top}</text>'
               f'<text x="{left - 6}" y="{height}" text-anchor="end">0</text>')
    return '\n'.join(out + ['</svg>'])


def program_ranges(f, times):
    """Per program: a line from the fastest mutant to the slowest, a dot at the median."""
    progs = f['programs']
    lo, hi = log_range(times)
    left, row = label_width(p['program'] for p in progs), 20
    right = WIDTH - 230   # room for the numbers, readable where tooltips are not (print)
    x = log_x(lo, hi, left, right)
    height = row * len(progs)
    out = [f'<svg id="ranges" role="img" width="{WIDTH}" height="{height + 26}" '
           f'viewBox="0 0 {WIDTH} {height + 26}">']
    decade_ticks(lo, hi, x, height, out)
    for i, p in enumerate(progs):
        y = i * row + row / 2
        numbers = f'{seconds(p["min"])} / {seconds(p["median"])} / {seconds(p["max"])}'
        out.append(f'<g data-program="{esc(p["program"])}"><title>{esc(p["program"])}: min / '
                   f'median / max {numbers}</title>'
                   f'<text x="{left - 8}" y="{y + 4}" text-anchor="end">{esc(p["program"])}</text>'
                   f'<line class="range" x1="{x(p["min"]):.1f}" y1="{y}" x2="{x(p["max"]):.1f}" '
                   f'y2="{y}"/><circle class="median" cx="{x(p["median"]):.1f}" cy="{y}" r="4"/>'
                   f'<text x="{right + 12}" y="{y + 4}">{numbers}</text></g>')
    out.append(f'<line class="axis" x1="{left}" y1="{height}" x2="{right}" y2="{height}"/>')
    return '\n'.join(out + ['</svg>'])


def page(lines, f, outcomes, command, date):
    times = [l['time_s'] for l in lines]
    charts = ['<p class="muted">no mutants</p>']
    if lines:
        charts = [
            '<section><h2>Verdicts per program</h2>', legend(f, outcomes),
            '<figure>', verdict_bars(f, outcomes),
            '<figcaption>Each bar is one program\'s mutants (their count at its right), split by '
            'outcome: the verdict that matters most among a mutant\'s failed goals.'
            '</figcaption></figure></section>',
            '<section><h2>Time per mutant</h2><figure>', histogram(times),
            f'<figcaption>Mutants by seconds (prove + diagnose), {STEPS} bins a decade; '
            f'times under {FLOOR_S * 1000:g} ms are counted at {FLOOR_S * 1000:g} ms.'
            '</figcaption></figure>',
            '<figure>', program_ranges(f, times),
            '<figcaption>Per program: fastest to slowest mutant, the dot at the median '
            '(min / median / max at the right).</figcaption></figure></section>']
    return '\n'.join([
        '<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        f'<title>Mutation campaign, {esc(date)}</title>',
        f'<style>{css(outcomes)}</style></head><body>',
        '<h1>Mutation campaign</h1>',
        f'<p><code>{esc(command)}</code><br><span class="muted">{esc(date)}</span></p>',
        '<section><h2>Summary</h2>', summary_table(f), '</section>',
        *charts, '</body></html>', ''])


def write(path, lines, figures, outcomes, command):
    """The page for campaign.py's lines and figures(lines); outcomes in the charts' order."""
    date = datetime.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')
    with open(path, 'w', encoding='utf-8') as out:
        out.write(page(lines, figures, outcomes, command, date))
