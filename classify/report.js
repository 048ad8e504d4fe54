// The HTML report's script (classify/html_report.cpp): shows the selected goal's runs beside the
// source, steps through them, moves between goals with the keyboard, copies replay commands.
// Plain JavaScript, no library: the page must open anywhere, offline.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('triage-data').textContent);
  const tables = Array.from(document.querySelectorAll('table.code'));
  // Per file index: line number -> row, and the identifiers written on that line.
  const rows = [];
  const words = [];
  tables.forEach(function (t) {
    const f = Number(t.dataset.file);
    rows[f] = new Map();
    words[f] = new Map();
    t.querySelectorAll('tr[data-line]').forEach(function (r) {
      const line = Number(r.dataset.line);
      rows[f].set(line, r);
      words[f].set(line, new Set(r.querySelector('td.src').textContent.match(/[A-Za-z_]\w*/g) || []));
    });
  });
  let current = -1;
  const position = [0, 0];

  function cell(f, line, k) {
    const r = f >= 0 && rows[f] ? rows[f].get(line) : null;
    return r ? r.querySelector('td.val.run-col-' + k) : null;
  }

  function clearRun(k) {
    document.querySelectorAll('td.val.run-col-' + k).forEach(function (td) {
      td.textContent = '';
      td.className = 'val run-col-' + k;
      td.removeAttribute('title');
    });
  }

  function text(values) {
    return values.map(function (nv) { return nv[0] + ' = ' + nv[1]; }).join(', ');
  }

  // The statement before step i in the same function: a call's own change is measured against
  // the state before the callee's statements ran.
  function before(run, i) {
    for (let j = i - 1; j >= 0; --j)
      if (run.steps[j].fn === run.steps[i].fn) return run.steps[j];
    return null;
  }

  // The values worth showing at a statement: those of the names its line mentions (a field
  // `p_f` of a structure counts for `p`), and those the statement changed.
  function shown(step, previous) {
    const onLine = words[step.f] ? words[step.f].get(step.l) || new Set() : new Set();
    const before = new Map(previous ? previous.v : []);
    return step.v.filter(function (nv) {
      const name = nv[0];
      return onLine.has(name) || onLine.has(name.split(/[_#.[]/)[0]) || before.get(name) !== nv[1];
    });
  }

  function isGiant(step) {
    return step.w.indexOf('giant step') === 0 || step.w.indexOf('havoc') === 0;
  }

  function describe(run, upto) {
    const elided = run.total > run.steps.length ? ' (the last ' + run.steps.length + ' of ' + run.total + ')' : '';
    if (!run.steps.length) return 'no statement executed';
    const s = run.steps[upto];
    return 'step ' + (upto + 1) + ' of ' + run.steps.length + elided + ': line ' + s.l + ': ' + s.w;
  }

  function renderRun(k, upto) {
    clearRun(k);
    const g = data.goals[current];
    const run = g.runs[k];
    const control = document.querySelector('#goal-' + current + ' .run-control[data-run="' + k + '"]');
    if (!run) return;
    position[k] = upto;
    // Per line, its last statement so far; on a line where a giant step was taken, that step:
    // what the contract allowed is what the line has to show.
    const last = new Map();
    const visits = new Map();
    for (let i = 0; i <= upto && i < run.steps.length; ++i) {
      const s = run.steps[i];
      if (s.f < 0) continue;
      const key = s.f + ':' + s.l;
      const before = last.get(key);
      if (before === undefined || isGiant(s) || !isGiant(run.steps[before])) last.set(key, i);
      visits.set(key, (visits.get(key) || 0) + 1);
    }
    last.forEach(function (i, key) {
      const s = run.steps[i];
      const td = cell(s.f, s.l, k);
      if (!td) return;
      td.classList.add('passed');
      if (isGiant(s)) td.classList.add('giant');
      td.textContent = (isGiant(s) ? 'contract allowed: ' : '') + text(shown(s, before(run, i)));
      const n = visits.get(key);
      if (n > 1) {
        const span = document.createElement('span');
        span.className = 'visits';
        span.textContent = ' (' + n + ' visits)';
        td.append(span);
      }
      td.title = s.w + (s.v.length ? '\n' + text(s.v) : '');
    });
    const atEnd = upto >= run.steps.length - 1;
    if (!atEnd) {
      const s = run.steps[upto];
      const td = cell(s.f, s.l, k);
      if (td) td.classList.add('current');
    } else if (run.outcome === 'ok') {
      const td = cell(g.file, g.line, k);
      if (td) {
        td.classList.add('passed', 'holds');
        td.textContent = '\u2713 ' + g.kind + ' holds on this run';
      }
    } else {
      const td = cell(run.end.f, run.end.l, k);
      if (td) {
        td.classList.add(run.outcome === 'failure' ? 'fail' : 'current');
        td.textContent = (run.outcome === 'failure' ? '\u2717 ' + g.kind + ' fails here' : '\u25a0 ' + run.outcome) +
          (run.end.reason ? ': ' + run.end.reason : '') + (run.end.state ? ' \u2014 ' + run.end.state : '');
      }
    }
    if (control) {
      const range = control.querySelector('input[type=range]');
      if (range) range.value = String(upto);
      control.querySelector('.what').textContent = describe(run, upto);
    }
  }

  function select(i, scroll) {
    if (i < 0 || i >= data.goals.length) return;
    current = i;
    const g = data.goals[i];
    document.querySelectorAll('.goal-detail').forEach(function (a) { a.hidden = a.id !== 'goal-' + i; });
    document.querySelectorAll('nav#goals a[data-goal]').forEach(function (a) {
      a.setAttribute('aria-current', String(Number(a.dataset.goal) === i));
    });
    document.querySelectorAll('tr.selected-goal, tr.failure-line').forEach(function (r) {
      r.classList.remove('selected-goal', 'failure-line');
    });
    const row = rows[g.file] ? rows[g.file].get(g.line) : null;
    if (row) row.classList.add('selected-goal');
    tables.forEach(function (t) {
      t.classList.remove('runs-0', 'runs-1', 'runs-2');
      t.classList.add('runs-' + Math.min(g.runs.length, 2));
      t.querySelectorAll('th[data-run]').forEach(function (th) {
        const run = g.runs[Number(th.dataset.run)];
        th.textContent = run ? run.title : '';
      });
    });
    g.runs.forEach(function (run) {
      const r = run.outcome !== 'ok' && rows[run.end.f] ? rows[run.end.f].get(run.end.l) : null;
      if (r) r.classList.add('failure-line');
    });
    for (let k = 0; k < 2; ++k) renderRun(k, g.runs[k] ? Math.max(g.runs[k].steps.length - 1, 0) : 0);
    if (history.replaceState) history.replaceState(null, '', '#goal-' + i);
    if (scroll && row) row.scrollIntoView({ block: 'center' });
  }

  // Steps run k by one statement, or to the previous or next visit of the current line.
  function step(k, how) {
    const run = current >= 0 ? data.goals[current].runs[k] : null;
    if (!run || !run.steps.length) return;
    let i = position[k];
    const here = run.steps[i];
    if (how === 'prev') i = Math.max(i - 1, 0);
    else if (how === 'next') i = Math.min(i + 1, run.steps.length - 1);
    else {
      const dir = how === 'prev-visit' ? -1 : 1;
      for (let j = i + dir; j >= 0 && j < run.steps.length; j += dir)
        if (run.steps[j].l === here.l && run.steps[j].f === here.f) { i = j; break; }
    }
    renderRun(k, i);
    if (history.replaceState) history.replaceState(null, '', '#goal-' + current + '/run-' + k + '/step-' + (i + 1));
  }

  document.querySelectorAll('nav#goals a[data-goal]').forEach(function (a) {
    a.addEventListener('click', function (e) {
      e.preventDefault();
      select(Number(a.dataset.goal), true);
    });
  });
  document.querySelectorAll('td.marks a[data-goal]').forEach(function (a) {
    a.addEventListener('click', function (e) {
      e.preventDefault();
      select(Number(a.dataset.goal), false);
    });
  });
  document.querySelectorAll('.run-control').forEach(function (c) {
    const k = Number(c.dataset.run);
    const range = c.querySelector('input[type=range]');
    if (range) range.addEventListener('input', function () { renderRun(k, Number(range.value)); });
    c.querySelectorAll('button[data-step]').forEach(function (b) {
      b.addEventListener('click', function () { step(k, b.dataset.step); });
    });
  });
  document.querySelectorAll('button.copy').forEach(function (b) {
    b.addEventListener('click', function () {
      const source = document.getElementById(b.dataset.copy);
      const done = function () { b.textContent = 'Copied'; setTimeout(function () { b.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText)
        navigator.clipboard.writeText(source.textContent).then(done, function () {});
      else {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        document.execCommand('copy');
        done();
      }
    });
  });
  // j/k: next/previous failed goal; left/right: step the run that fails (the last one);
  // shift+left/right: its previous/next visit of the current line.
  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target && e.target.tagName === 'INPUT')) return;
    const g = current >= 0 ? data.goals[current] : null;
    const k = g ? Math.max(g.runs.length - 1, 0) : 0;
    if (e.key === 'j' || e.key === 'n') select(current + 1, true);
    else if (e.key === 'k' || e.key === 'p') select(current - 1, true);
    else if (e.key === 'ArrowRight') step(k, e.shiftKey ? 'next-visit' : 'next');
    else if (e.key === 'ArrowLeft') step(k, e.shiftKey ? 'prev-visit' : 'prev');
    else return;
    e.preventDefault();
  });

  // A link names a goal, and may name a step of one of its runs: #goal-2/run-1/step-14.
  const asked = /^#goal-(\d+)(?:\/run-(\d)\/step-(\d+))?$/.exec(location.hash);
  select(asked ? Number(asked[1]) : 0, Boolean(asked));
  if (asked && asked[2] !== undefined) {
    const run = data.goals[current] ? data.goals[current].runs[Number(asked[2])] : null;
    if (run && run.steps.length)
      renderRun(Number(asked[2]), Math.min(Math.max(Number(asked[3]) - 1, 0), run.steps.length - 1));
  }
  // When the page was ready, in milliseconds since navigation started (tests read it).
  document.body.dataset.renderMs = String(Math.round(performance.now()));
})();
