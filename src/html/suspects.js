/* SPDX-License-Identifier: BSD-3-Clause */
/* suspects.js: issue 38 in hp2ps's HTML page.  A feature of its own,
 * reaching page.js only through its hooks (page.js, "hooks").
 *
 * The Suspects view of the table: each name ranked as hp2ps --top ranks
 * it (triage.h: start, end, change and per cent, peak and when, share at
 * the end, the share of censuses it did not shrink in, slope and R², end
 * over peak, the leak score), for the window shown: the whole run from
 * hp2ps's own figures, a zoomed window from the page's samples by the
 * same rule as --top --from A --to B (exact when the page keeps every
 * sample).  The names are the bands' and the few undrawn ones (in OTHER,
 * or left out by -t) ranked highest over the run, whose values hp2ps
 * sent.
 *
 * OTHER opened: a click on OTHER in the graph (or where no band is, or
 * the key O on the graph) lists what OTHER and -t hold at that sample,
 * largest first, and what the list leaves out as one line each, so it
 * adds up exactly to OTHER's value plus what is not drawn (the figures of
 * hp2ps --top --at=T).
 *
 * ?selftest= actions: suspects (the Suspects view), bands (the Bands
 * view), ssort:C (sort the first Suspects table by column C), open:K:I
 * (open OTHER at sample I of panel K).
 */
(window.hp2psFeatures = window.hp2psFeatures || []).push(function (api) {
  'use strict';
  var D = api.D, MINUS = '\u2212';
  var panels = D.panels.filter(function (P) { return P.suspects; });
  if (!panels.length && !D.panels.some(function (P) { return P.opened; }))
    return {};

  /* ---- the census total: every name, the filter's too ---- */

  function totalAt(P, i) {
    if (P.opened && P.opened.total)
      return P.opened.total[i];
    var s = P.trace ? P.trace.hidden[i] : 0, v = P.values[i];
    for (var b = 0; b < v.length; b++)
      s += v[b];
    return s;
  }

  /* ---- --top's figures (triage.c) over the page's samples ---- */

  /* The censuses of window [i0, i1) of P as --top takes them: less the
   * censuses holding nothing at either edge. */
  function censuses(P, w) {
    var a = w[0], z = w[1] - 1;
    while (a <= z && !(totalAt(P, a) > 0))
      a++;
    while (z >= a && !(totalAt(P, z) > 0))
      z--;
    var out = [];
    for (var i = a; i <= z; i++)
      out.push(i);
    return out;
  }

  /* The window's own figures: its heap at the end and its peak. */
  function windowOf(P, idx) {
    var peak = 0, at = 0;
    idx.forEach(function (i, j) {
      var v = totalAt(P, i);
      if (j === 0 || v > peak) {
        peak = v;
        at = P.t[i];
      }
    });
    var n = idx.length;
    return {n: n, t_start: n ? P.t[idx[0]] : 0, t_end: n ? P.t[idx[n - 1]] : 0,
            heap_end: n ? totalAt(P, idx[n - 1]) : 0, heap_peak: peak, heap_peak_time: at,
            floor: 0.001 * peak};
  }

  /* One name's figures, its value in sample i get(i), as triage.c's
   * figures(): the line's sums about its first value, the times about
   * the window's first. */
  function figures(P, idx, W, get) {
    var n = idx.length, f = {present: false};
    if (!n)
      return f;
    var t0 = P.t[idx[0]], su = 0, suu = 0, k = 0, s1 = 0, s2 = 0, s3 = 0, count = 0;
    var peak = 0, peakTime = 0, shrinks = 0, prev = 0;
    for (var j = 0; j < n; j++) {
      var i = idx[j], u = P.t[i] - t0, v = get(i);
      su += u;
      suu += u * u;
      if (j > 0 && v < prev)
        shrinks++;
      prev = v;
      if (!(v > 0))
        continue;
      if (count++ === 0)
        k = v;
      var d = v - k;
      s1 += d;
      s2 += d * d;
      s3 += u * v;
      if (v > peak) {
        peak = v;
        peakTime = P.t[i];
      }
    }
    if (!count)
      return f;
    f.present = true;
    f.start = get(idx[0]) > 0 ? get(idx[0]) : 0;
    f.end = get(idx[n - 1]) > 0 ? get(idx[n - 1]) : 0;
    f.peak = peak;
    f.peak_time = peakTime;
    f.end_share = W.heap_end > 0 ? f.end / W.heap_end : 0;
    f.steady = n > 1 ? 1 - shrinks / (n - 1) : 1;
    f.held = peak > 0 ? f.end / peak : 0;
    var absent = n - count, sw = s1 - absent * k, sww = s2 + absent * k * k;
    var suw = s3 - k * su, sxx = suu - su * su / n, sxy = suw - su * sw / n;
    var syy = sww - sw * sw / n;
    f.slope = 0;
    f.r2 = 0;
    if (sxx > 0 && isFinite(sxx) && isFinite(sxy)) {
      f.slope = sxy / sxx;
      if (syy > 0 && isFinite(syy)) {
        var r2 = sxy / sxx * (sxy / syy);
        f.r2 = r2 > 1 ? 1 : r2 < 0 || !isFinite(r2) ? 0 : r2;
      }
    }
    if (!isFinite(f.slope))
      f.slope = 0;
    var growth = f.end - f.start;
    f.score = growth > 0 && f.slope > 0 ? growth * f.r2 * f.held : 0;
    f.change = growth;
    f.change_pct = f.start > 0 ? 100 * growth / f.start : null;
    f.leak = f.score > 0 && f.score >= W.floor && f.score >= 0.25 * growth && n >= 5;
    return f;
  }

  /* ---- the Suspects tables ---- */

  /* --diff: the runs ranked by what grew between them, as --top
   * BEFORE AFTER (page/suspects.h: two) */
  var TWO = [['#', 'rank'], ['Grew', 'leak'], ['Peak before', 'before_peak'],
             ['Peak after', 'peak'], ['Change', 'change'], ['Change %', 'change_pct'],
             ['End after', 'end'], ['Held after', 'held'], ['Score after', 'score'],
             ['Name', 'name']];
  var ONE = [['#', 'rank'], ['Leak', 'leak'], ['Score', 'score'], ['Name', 'name'],
                 ['Start', 'start'], ['End', 'end'], ['Change', 'change'],
                 ['Change %', 'change_pct'], ['Peak', 'peak'], ['Peak at', 'peak_time'],
                 ['End share', 'end_share'], ['Steady', 'steady'], ['Slope', 'slope'],
                 ['R\u00b2', 'r2'], ['Still held', 'held']];

  function bytes(v) {
    return api.quantity(v).replace(/ \(.*\)$/, '');
  }

  function cell(f, key) {
    if (!f.present)
      return key === 'name' || key === 'rank' ? null : '\u2013';
    switch (key) {
    case 'leak': return f.leak ? (f.two ? 'GREW' : 'LEAK') : '';
    case 'score': return bytes(Math.round(f.score));
    case 'before_peak': return f.in_before ? bytes(f.before_peak) : '\u2013';
    case 'peak': return f.in_after === false ? '\u2013' : bytes(f.peak);
    case 'start': case 'end': return bytes(f[key]);
    case 'change': return (f.change > 0 ? '+' : '') + bytes(f.change);
    case 'change_pct':
      return f.change_pct === null ? 'new'
           : (f.change_pct > 0 ? '+' : f.change_pct < 0 ? MINUS : '') +
             Math.abs(f.change_pct).toFixed(1) + '%';
    case 'peak_time': return api.time(f.peak_time);
    case 'end_share': case 'steady': case 'held': return api.percent(f[key]);
    case 'slope': return api.slope(f.slope);
    case 'r2': return f.r2.toFixed(3);
    }
    return '';
  }

  /* --top's order: score, change, end, name. */
  function byRank(a, z) {
    var x = a.f, y = z.f;
    if (x.two)
      return x.rank - y.rank;
    if (x.present !== y.present)
      return x.present ? -1 : 1;
    if (!x.present)
      return a.name < z.name ? -1 : a.name > z.name ? 1 : 0;
    return y.score - x.score || y.change - x.change || y.end - x.end ||
           (a.name < z.name ? -1 : a.name > z.name ? 1 : 0);
  }

  var view = 'bands', tabs = null, box = null, states = [];

  function where(R) {
    return R['in'] === 'other' ? 'in OTHER' : R['in'] === 't' ? 'not drawn (-t)' : '';
  }

  /* The band of a name of the --diff page (its bands' names keep the
   * RTS's "(N)"), or -1. */
  function bandNamed(P, name) {
    for (var b = 0; b < P.bands.length; b++)
      if (D.bands[P.bands[b]].name.replace(/^\([^)]*\)/, '') === name)
        return b;
    return -1;
  }

  function makeTable(P, k) {
    var S = P.suspects, st = {P: P, k: k, column: 0, dir: 1, rows: []};
    var COLUMNS = st.columns = S.two ? TWO : ONE;
    var NAME = st.name = S.two ? TWO.length - 1 : 3; /* the name's column */
    var table = document.createElement('table');
    table.id = 'suspects-' + k;
    table.className = 'suspects';
    var cap = document.createElement('caption');
    table.appendChild(cap);
    var head = table.createTHead().insertRow();
    st.heads = COLUMNS.map(function (c, j) {
      var th = document.createElement('th'), b = document.createElement('button');
      th.scope = 'col';
      b.type = 'button';
      b.textContent = c[0];
      b.addEventListener('click', function () {
        st.dir = st.column === j ? -st.dir : j === 0 || j === NAME ? 1 : -1;
        st.column = j;
        sort(st);
      });
      th.appendChild(b);
      head.appendChild(th);
      return th;
    });
    st.body = table.createTBody();
    S.rows.forEach(function (R) {
      var tr = document.createElement('tr'), e = {R: R, tr: tr, name: R.name};
      COLUMNS.forEach(function () { tr.insertCell(); });
      var b = S.two ? bandNamed(P, R.name) : R.band;
      var key = b >= 0 ? P.bands[b] : -1;
      e.key = key;
      if (key >= 0) {
        var sw = document.createElement('span');
        sw.className = 'swatch';
        sw.style.background = api.colour(key);
        tr.cells[NAME].appendChild(sw);
        tr.setAttribute('data-band', key);
        tr.tabIndex = 0;
      }
      tr.cells[NAME].appendChild(document.createElement('span')).textContent = R.name;
      if (where(R) && !S.two) {
        var tag = document.createElement('span');
        tag.className = 'where';
        tag.textContent = ' ' + where(R);
        tr.cells[NAME].appendChild(tag);
      }
      st.rows.push(e);
    });
    st.body.addEventListener('click', function (ev) {
      var tr = ev.target.closest('tr');
      if (tr && tr.hasAttribute('data-band'))
        api.choose(ev, Number(tr.getAttribute('data-band')));
    });
    st.body.addEventListener('pointerover', function (ev) {
      var tr = ev.target.closest('tr');
      if (tr && tr.hasAttribute('data-band'))
        api.hover(Number(tr.getAttribute('data-band')));
    });
    st.body.addEventListener('pointerleave', api.leave);
    st.note = document.createElement('p');
    st.note.className = 'suspects-note';
    st.cap = cap;
    if (S.two)
      table.classList.add('two');
    box.appendChild(st.note);
    box.appendChild(table);
    return st;
  }

  /* Every row's figures for the window shown. */
  function compute(st) {
    var P = st.P, S = P.suspects, z = api.zoom(), W;
    if (S.two)
      return computeTwo(st);
    if (!z) { /* hp2ps's own, over every census */
      W = {n: S.censuses, t_start: S.t_start, t_end: S.t_end, heap_end: S.heap_end,
           heap_peak: S.heap_peak, floor: S.floor};
      st.rows.forEach(function (e) {
        var R = e.R;
        e.f = {present: true, start: R.start, end: R.end, change: R.change,
               change_pct: R.change_pct, peak: R.peak, peak_time: R.peak_time,
               end_share: R.end_share, steady: R.steady, slope: R.slope, r2: R.r2,
               held: R.held, score: R.score, leak: R.leak};
      });
    } else {
      var idx = censuses(P, api.windowOf(P));
      W = windowOf(P, idx);
      st.rows.forEach(function (e) {
        var R = e.R, b = R.band;
        e.f = figures(P, idx, W, R.values ? function (i) { return R.values[i]; }
                                           : function (i) { return P.values[i][b]; });
      });
    }
    st.W = W;
    var ranked = st.rows.slice().sort(byRank);
    ranked.forEach(function (e, j) { e.f.rank = j + 1; });
    fillRows(st);
    var name = D.panels.length > 1 ? P.title + ': ' : '';
    st.cap.textContent = name + 'Suspects: ' + (z ? 'from ' + api.time(W.t_start) + ' to ' +
                         api.time(W.t_end) : 'the whole run') + ', ' + W.n + ' censuses';
    var leaks = st.rows.filter(function (e) { return e.f.leak; }).length;
    var parts = [leaks + ' of the names listed ' + (leaks === 1 ? 'is' : 'are') +
                 ' a leak by --top\u2019s rule (a score of ' + bytes(W.floor) +
                 ', 0.1 % of the heap\u2019s peak, or more, and a quarter of its growth).'];
    var sent = S.rows.filter(function (R) { return R.values; }).length;
    if (S.undrawn > sent)
      parts.push('Of the ' + S.undrawn + ' names not drawn as bands (in OTHER or left out by ' +
                 '-t), the ' + sent + ' ranked highest over the whole run are listed; ' +
                 'hp2ps --top' + (z ? ' --from ' + Number(W.t_start.toPrecision(6)) + ' --to ' +
                 Number(W.t_end.toPrecision(6)) : '') + ' ranks every name.');
    if (z && P.t.length < (P.samples || P.t.length))
      parts.push('The page keeps ' + P.t.length + ' of the profile\u2019s ' + P.samples +
                 ' samples: these figures are from those.');
    st.note.textContent = parts.join(' ');
    sort(st);
  }

  function fillRows(st) {
    st.rows.forEach(function (e) {
      var c = e.tr.cells;
      c[0].textContent = e.f.present ? String(e.f.rank) : '\u2013';
      for (var j = 1; j < st.columns.length; j++)
        if (j !== st.name)
          c[j].textContent = cell(e.f, st.columns[j][1]);
      e.tr.classList.toggle('leak', !!e.f.leak);
    });
  }

  /* --diff: hp2ps's ranking of the two runs, over the whole of each. */
  function computeTwo(st) {
    var S = st.P.suspects;
    st.rows.forEach(function (e, j) {
      var R = e.R;
      e.f = {present: true, two: true, rank: j + 1, leak: R.leak, before_peak: R.before_peak,
             in_before: R.in_before, in_after: R.in_after, peak: R.peak, change: R.change,
             change_pct: R.change_pct, end: R.end, held: R.held, score: R.score};
    });
    st.W = {n: S.censuses, before_n: S.before_censuses, floor: S.floor};
    st.cap.textContent = 'Suspects: what grew from the first run to the second';
    var grew = st.rows.filter(function (e) { return e.f.leak; }).length;
    st.note.textContent = 'Ranked as hp2ps --top BEFORE AFTER ranks them: by how much each ' +
      'name\u2019s peak grew between the runs, the names paired as --diff pairs them, over ' +
      'the whole of each run (' + S.before_censuses + ' and ' + S.censuses + ' censuses; ' +
      'the zoom does not change it). ' + grew + ' grew by ' + bytes(S.floor) + ' (0.1 % of ' +
      'the larger heap peak) or more.' + (S.names > st.rows.length
        ? ' The first ' + st.rows.length + ' of ' + S.names + ' names are listed.' : '');
    fillRows(st);
    sort(st);
  }

  function value(e, key) {
    if (key === 'name')
      return e.name;
    if (!e.f.present)
      return null;
    var v = e.f[key];
    return key === 'leak' ? (v ? 1 : 0) : key === 'change_pct' && v === null ? Infinity : v;
  }

  function sort(st) {
    var key = st.columns[st.column][1], dir = st.dir;
    var order = st.rows.slice().sort(function (a, z) {
      var x = value(a, key), y = value(z, key);
      if (x === null || y === null)
        return x === y ? byRank(a, z) : x === null ? 1 : -1;
      var d = x < y ? -1 : x > y ? 1 : 0;
      return d * dir || byRank(a, z);
    });
    var frag = document.createDocumentFragment();
    order.forEach(function (e) { frag.appendChild(e.tr); });
    st.body.appendChild(frag);
    st.heads.forEach(function (th, j) {
      th.setAttribute('aria-sort', j === st.column ? (dir > 0 ? 'ascending' : 'descending')
                                                  : 'none');
    });
  }

  function show(v) {
    view = v;
    api.tables.hidden = v !== 'bands';
    box.hidden = v !== 'suspects';
    Array.prototype.forEach.call(tabs.childNodes, function (b) {
      b.setAttribute('aria-pressed', b.getAttribute('data-view') === v ? 'true' : 'false');
    });
    if (v === 'suspects')
      states.forEach(compute);
  }

  if (panels.length) {
    tabs = document.createElement('div');
    tabs.className = 'table-tabs';
    tabs.setAttribute('role', 'group');
    tabs.setAttribute('aria-label', 'the table\u2019s view');
    [['bands', 'Bands', 'Each band\u2019s figures over the window shown'],
     ['suspects', 'Suspects', 'Each name ranked as hp2ps --top ranks it (what grew, and ' +
      'is it still held?), for the window shown']].forEach(function (t) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = t[1];
      b.title = t[2];
      b.setAttribute('data-view', t[0]);
      b.addEventListener('click', function () {
        show(t[0]);
        api.share(); /* the fragment keeps the view: table=suspects */
      });
      tabs.appendChild(b);
    });
    box = document.createElement('div');
    box.id = 'suspects';
    box.hidden = true;
    api.tables.parentNode.insertBefore(tabs, api.tables);
    api.tables.parentNode.insertBefore(box, api.tables.nextSibling);
    D.panels.forEach(function (P, k) {
      if (P.suspects)
        states.push(makeTable(P, k));
    });
    show('bands');
  }

  /* ---- OTHER opened at one sample ---- */

  var opened = null; /* {k, i}: what the list shows */
  var list = document.createElement('section');
  list.id = 'opened';
  list.hidden = true;
  list.setAttribute('aria-live', 'polite');
  var anchor = api.tables.parentNode.querySelector('.table-tabs') || api.tables;
  anchor.parentNode.insertBefore(list, anchor);

  /* What OTHER and -t hold at sample i of panel P: the names listed and
   * the rest of each. */
  function members(P, i) {
    var O = P.opened, at = O.at[i], out = {listed: [], other: 0, traced: 0};
    out.other = O.other >= 0 ? P.values[i][O.other] : 0;
    out.traced = P.trace ? P.trace.hidden[i] : 0;
    out.other_names = O.counts[2 * i];
    out.traced_names = O.counts[2 * i + 1];
    var sum = [0, 0], count = [0, 0];
    for (var j = 0; j < at.length; j += 2) {
      var m = at[j], t = O.traced[m];
      out.listed.push({name: O.names[m], value: at[j + 1], traced: !!t, m: m});
      sum[t] += at[j + 1];
      count[t]++;
    }
    out.rest_other = out.other - sum[0];
    out.rest_other_names = out.other_names - count[0];
    out.rest_traced = out.traced - sum[1];
    out.rest_traced_names = out.traced_names - count[1];
    return out;
  }

  function open(k, i) {
    var P = D.panels[k];
    if (!P || !P.opened || i < 0 || i >= P.t.length)
      return false;
    opened = {k: k, i: i};
    var M = members(P, i);
    list.textContent = '';
    list.hidden = false;
    var h = document.createElement('h2');
    h.textContent = 'What OTHER and -t hold at ' + api.time(P.t[i]) +
                    (D.panels.length > 1 ? ' (' + P.title + ')' : '');
    list.appendChild(h);
    var p = document.createElement('p');
    p.textContent = (P.opened.other >= 0 ? 'OTHER holds ' + api.quantity(M.other) + ' in ' +
                     M.other_names + ' names' : 'No OTHER band') + '; -t leaves out ' +
                    api.quantity(M.traced) + ' in ' + M.traced_names + ' names. ' +
                    'The same as hp2ps --top --at=' + Number(P.t[i].toPrecision(9)) + '.';
    list.appendChild(p);
    var table = document.createElement('table'), body = table.createTBody();
    var hr = table.createTHead().insertRow();
    ['In', 'Value', 'Name'].forEach(function (n) {
      var th = document.createElement('th');
      th.textContent = n;
      hr.appendChild(th);
    });
    function row(inWhat, v, name, cls) {
      var tr = body.insertRow();
      if (cls)
        tr.className = cls;
      tr.insertCell().textContent = inWhat;
      tr.insertCell().textContent = api.quantity(v);
      tr.insertCell().textContent = name;
    }
    M.listed.forEach(function (x) { row(x.traced ? '-t' : 'OTHER', x.value, x.name); });
    if (M.rest_other_names > 0)
      row('OTHER', M.rest_other, M.rest_other_names + ' more names (hp2ps --top --at ' +
          'lists each)', 'rest');
    if (M.rest_traced_names > 0)
      row('-t', M.rest_traced, M.rest_traced_names + ' more names (hp2ps --top --at ' +
          'lists each)', 'rest');
    row('all', M.other + M.traced, 'OTHER and what is not drawn', 'sum');
    list.appendChild(table);
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close';
    close.addEventListener('click', function () {
      opened = null;
      list.hidden = true;
    });
    list.appendChild(close);
    return true;
  }

  /* The key O on the graph opens OTHER at the readout's sample. */
  api.overlay.addEventListener('keydown', function (e) {
    var last = api.last();
    if ((e.key === 'o' || e.key === 'O') && last && e.target.getAttribute('data-panel') !== null) {
      e.preventDefault();
      open(last.k, last.i);
    }
  });

  function isOther(P, key) {
    return P.opened && P.opened.other >= 0 && P.bands[P.opened.other] === key;
  }

  return {
    pointed: function (k, i, key) {
      var P = D.panels[k];
      if (P.opened && (isOther(P, key) || (key < 0 && P.trace)))
        api.line(api.readout, 'muted', 'A click (or O) lists what OTHER and -t hold here.');
    },
    clicked: function (k, i, key) {
      var P = D.panels[k];
      if (!P.opened || !(isOther(P, key) || (key < 0 && api.shown().indexOf(false) < 0)))
        return false;
      return open(k, i);
    },
    fragment: function () {
      return view === 'suspects' ? ['table=suspects'] : [];
    },
    fromFragment: function (want) {
      if (tabs && (want.table === 'suspects') !== (view === 'suspects'))
        show(want.table === 'suspects' ? 'suspects' : 'bands');
    },
    redrawn: function () {
      /* the bands left out of the graph: their rows too (undrawn names
       * are no band shown alone) */
      var shown = api.shown(), all = shown.indexOf(false) < 0;
      states.forEach(function (st) {
        st.rows.forEach(function (e) {
          var key = e.key;
          e.tr.classList.toggle('out', key >= 0 ? !shown[key] : !all);
        });
      });
      if (view === 'suspects')
        states.forEach(compute);
    },
    state: function () {
      var s = {view: view, opened: null, suspects: states.map(function (st) {
        compute(st);
        return {window: st.W, rows: st.rows.map(function (e) {
          var f = {};
          for (var k in e.f)
            f[k] = e.f[k];
          f.name = e.name;
          f['in'] = e.R['in'];
          return f;
        }), order: Array.prototype.map.call(st.body.rows, function (tr) {
          return st.rows.filter(function (e) { return e.tr === tr; })[0].name;
        })};
      })};
      if (opened) {
        var P = D.panels[opened.k], M = members(P, opened.i);
        s.opened = {panel: opened.k, sample: opened.i, time: P.t[opened.i], other: M.other,
                    traced: M.traced, listed: M.listed.map(function (x) {
                      return {name: x.name, value: x.value, traced: x.traced};
                    }), rest_other: M.rest_other, rest_traced: M.rest_traced,
                    rest_other_names: M.rest_other_names,
                    rest_traced_names: M.rest_traced_names, shown: !list.hidden};
      }
      return s;
    },
    selftest: function (f) {
      if ((f[0] === 'suspects' || f[0] === 'bands') && tabs)
        tabs.querySelector('[data-view="' + f[0] + '"]').click();
      else if (f[0] === 'ssort' && states[0])
        states[0].heads[Number(f[1])].firstChild.click();
      else if (f[0] === 'open')
        open(Number(f[1]), Number(f[2]));
    }
  };
});
