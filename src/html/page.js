/* SPDX-License-Identifier: BSD-3-Clause */
/* page.js: the script of hp2ps's HTML page (-o FILE.html).
 *
 * The graph is the SVG every format draws (cairo's); this script lays a
 * second SVG over it, in the same coordinates (points on the page, y
 * down), and reads the graph back from the data hp2ps wrote beside it
 * (a JSON block, parsed, never run): where each panel's graph is, its
 * scales, and each band's own value in the samples kept.  From those it
 * shows what is under the pointer, highlights a band from its key entry
 * or its table row, and fills the sortable table of the bands.  When the
 * time axis is zoomed, bands are shown alone, searched or drawn in
 * another view, it draws the graph itself (drawZoom) over the static
 * one, with axes of its own, and the table's figures are the window's.
 *
 * ?selftest=ACTIONS (tests only) runs actions after loading, each
 * separated by ';': at:P:T:V points at time T, value V of panel P (the
 * graph's own units: percent in --mode=percent, the change with --diff);
 * key:N clicks key entry N (a band's index in the data); enter:N focuses
 * it and presses Enter; hover:N and out:N move the pointer onto it and
 * off; pin:N pins band N unless it is pinned (so a reload, --watch's,
 * leaves it); blur takes the focus away; row:N clicks the N-th row made (the
 * first table's, top band first); sort:C clicks the first table's column
 * C; zoom:A:B zooms to times A..B of panel 0, reset shows it all;
 * search:TEXT types TEXT in the search box (as text on a page not opened
 * from a file), only shows the matches alone;
 * isolate:N shows band N alone, add:N adds it (Shift-click), all brings
 * every band back; view:V picks a view; focus:K focuses panel K's graph
 * and press:KEY presses KEY on the focus; mark:M clicks marker M of the
 * list.  After each action, what the page shows (the readout, the band
 * highlighted, the rows' order) is appended as JSON to <ol id=selftest>,
 * for chromium --dump-dom to print.
 */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var features = []; /* the hooks' answers (below) */

  /* Each feature's answer to hook name, called with the other arguments. */
  function hook(name) {
    var args = Array.prototype.slice.call(arguments, 1), out = [];
    features.forEach(function (f) {
      if (f[name])
        out.push(f[name].apply(null, args));
    });
    return out;
  }
  var source = document.getElementById('hp2ps-data');
  var D = source ? JSON.parse(source.textContent) : null;
  /* Each panel has one list of names (P.names, page/names.c), which the
   * search and the table of every name read (its names that are bands of
   * their own null, the key's band said once); the Suspects view's rows
   * and OTHER opened point into it ("n"), their names as --top shows
   * them: less the "(N)" (prefix characters), which a row keeps where
   * two names would read alike without it (whole). */
  (D ? D.panels : []).forEach(function (P) {
    var N = P.names;
    if (!N)
      return;
    /* a name that is a band of its own is sent once, as the band's */
    N.name = N.name.map(function (name, i) { return name === null ? D.bands[N.band[i]].name : name; });
    var shown = function (i, whole) {
      return whole || !N.prefix ? N.name[i] : N.name[i].slice(N.prefix[i]);
    };
    (P.suspects ? P.suspects.rows : []).forEach(function (R) {
      if (R.n === undefined)
        return;
      R.name = shown(R.n, R.whole);
      if (R.peak === undefined) { /* the list's, when --top's (render/html.c) */
        R.peak = N.peak[R.n];
        R.peak_time = N.peak_time[R.n];
      }
    });
    if (P.opened && P.opened.n)
      P.opened.names = P.opened.n.map(function (i) { return shown(i, false); });
  });
  var graph = document.getElementById('graph');
  var picture = document.getElementById('picture');
  var readout = document.getElementById('readout');
  var tables = document.getElementById('tables');
  if (!D || !graph || !picture || !readout || !tables)
    return;

  /* ---- numbers as people read them ---- */

  var MINUS = '\u2212';

  /* 1234567 -> "1,234,567"; fractions keep six figures. */
  function grouped(v) {
    if (!isFinite(v))
      return String(v);
    var sign = v < 0 ? MINUS : '';
    var a = Math.abs(v);
    if (a !== Math.floor(a) || a >= 1e21)
      return sign + String(Number(a.toPrecision(6)));
    var s = String(a), out = '';
    while (s.length > 3) {
      out = ',' + s.slice(-3) + out;
      s = s.slice(0, -3);
    }
    return sign + s + out;
  }

  var bytes = D.value_unit === 'bytes';

  /* The view shown (stacked, percent or lines; the drawing's first), and
   * the bands shown: shown[b] (by key index) false for the bands an
   * isolation leaves out. */
  var mode = D.mode;
  var shown = D.bands.map(function () { return true; });

  /* A value with its unit: bytes also in kB, MB... (--units=iec: KiB...). */
  function quantity(v, signed) {
    var sign = signed && v > 0 ? '+' : '';
    var exact = sign + grouped(v) + ' ' + D.value_unit;
    if (!bytes)
      return exact;
    var base = D.iec ? 1024 : 1000;
    var units = D.iec ? ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB']
                      : ['kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
    var a = Math.abs(v), k = -1;
    while (a >= base && k < units.length - 1) {
      a /= base;
      k++;
    }
    if (k < 0)
      return exact;
    var short = (v < 0 ? MINUS : sign) + Number(a.toPrecision(3)) + ' ' + units[k];
    return short + ' (' + exact + ')';
  }

  function percent(x) {
    var p = 100 * x;
    return (p >= 9.95 ? p.toFixed(0) : p >= 0.0995 ? p.toFixed(1) : p > 0 ? '<0.1' : '0') + '%';
  }

  var perUnit = D.x_index ? 'sample' : D.sample_unit === 'seconds' ? 's' : D.sample_unit;

  /* A time as the profile writes it (six decimals at most). */
  function time(t) {
    if (D.x_index)
      return 'sample ' + t;
    return String(Number(t.toFixed(6))) + (D.sample_unit === 'seconds' ? ' s' : ' ' + D.sample_unit);
  }

  /* Three figures, as the page's other quantities ("+985 bytes/s", not
   * "+984.892"; "+1.2 MB/s"). */
  function slope(s) {
    var r = Number(s.toPrecision(3));
    var q = quantity(Math.abs(r) >= 1000 ? r : 0, true);
    if (Math.abs(r) < 1000)
      q = (r > 0 ? '+' : r < 0 ? MINUS : '') + String(Math.abs(r)) + ' ' + D.value_unit;
    return q.replace(/ \(.*\)$/, '') + '/' + perUnit;
  }

  /* ---- geometry: the page's points, y down ---- */

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var a in attrs)
      e.setAttribute(a, attrs[a]);
    if (parent)
      parent.appendChild(e);
    return e;
  }

  function colour(b) {
    return D.bands[b].colour;
  }

  /* Each panel's scales as shown: P.v is the static drawing's (P.t0...)
   * until a zoom or an isolation redraws the graph on its own scales. */
  D.panels.forEach(function (P) {
    P.v = {t0: P.t0, t_span: P.t_span, y_lo: P.y_lo, y_span: P.y_span};
  });

  function xOf(P, t) {
    return P.plot[0] + (t - P.v.t0) / P.v.t_span * P.plot[2];
  }

  function yOf(P, v) {
    return P.plot[1] + P.plot[3] - (v - P.v.y_lo) / P.v.y_span * P.plot[3];
  }

  /* Whether the view draws each band as a line (lines, and lines each on
   * its own scale), not stacked. */
  function drawnAsLines() {
    return (mode === 'lines' || mode === 'scaled') && !D.diff;
  }

  /* The scaled view's scales: each band's largest value in panel P's
   * samples [i0, i1). */
  function ownScales(P, i0, i1) {
    var own = P.bands.map(function () { return 0; });
    for (var i = i0; i < i1; i++)
      for (var b = 0; b < own.length; b++)
        own[b] = Math.max(own[b], P.values[i][b]);
    P.own = own;
  }

  /* Whether the percent view draws a sample of panel P whose drawn total
   * is total: not one holding nothing or next to nothing (at most
   * P.percent_floor, a thousandth of the largest total), whose shares
   * would fill the graph to 100 % with a few bytes; --mode=percent
   * leaves out the same samples. */
  function inPercent(P, total) {
    return total > (P.percent_floor || 0);
  }

  /* Each band's region in sample i of panel P, in the graph's units:
   * lo[b]..hi[b] (lines: both the value), and the sample's total.  --diff:
   * the rises stack up from 0 in band order, the falls down from 0 in the
   * opposite order; each band has a region on both sides (one of them
   * empty): rise[b] and fall[b], [lo, hi] each, and lo/hi on its side. */
  function regions(P, i) {
    var n = P.bands.length, all = P.values[i], lo = [], hi = [], total = 0, b, v = [];
    for (b = 0; b < n; b++) {
      total += all[b];
      v[b] = shown[P.bands[b]] ? all[b] : 0; /* left out: drawn as nothing */
    }
    if (D.diff) {
      var up = 0, down = 0, rise = [], fall = [];
      for (b = 0; b < n; b++) {
        rise[b] = [up, up + Math.max(v[b], 0)];
        up = rise[b][1];
      }
      for (b = n - 1; b >= 0; b--) {
        fall[b] = [down + Math.min(v[b], 0), down];
        down = fall[b][0];
      }
      for (b = 0; b < n; b++) {
        var side = v[b] < 0 ? fall[b] : rise[b];
        lo[b] = side[0];
        hi[b] = side[1];
      }
      return {lo: lo, hi: hi, total: total, rise: rise, fall: fall};
    } else if (mode === 'lines' || mode === 'scaled') {
      /* scaled: each band's line on its own scale, 100 its largest value
       * in the window (P.own: ownScales), so a small band's growth shows */
      for (b = 0; b < n; b++)
        lo[b] = hi[b] = mode === 'lines' ? v[b] : P.own && P.own[b] > 0 ? 100 * v[b] / P.own[b] : 0;
    } else {
      var scale = mode === 'percent' ? (inPercent(P, total) ? 100 / total : 0) : 1, sum = 0;
      for (b = 0; b < n; b++) {
        lo[b] = sum * scale;
        sum += v[b];
        hi[b] = sum * scale;
      }
    }
    return {lo: lo, hi: hi, total: total};
  }

  /* The sample nearest time t. */
  function nearest(P, t) {
    var a = 0, z = P.t.length - 1;
    if (z < 0)
      return -1;
    while (a < z) {
      var m = (a + z) >> 1;
      if (P.t[m] < t)
        a = m + 1;
      else
        z = m;
    }
    if (a > 0 && t - P.t[a - 1] <= P.t[a] - t)
      a--;
    return a;
  }

  /* Samples closer than the pointer can tell apart (within 1.5 points of
   * x): the nearest one whose stack reaches the value v, so that a spike
   * drawn between lower neighbours is read where it is drawn; else i. */
  function under(P, i, x, v) {
    if (mode !== 'stacked' || D.diff)
      return i;
    var best = -1, gap = Infinity;
    for (var d = -1; d <= 1; d += 2)
      for (var j = d < 0 ? i : i + 1; j >= 0 && j < P.t.length; j += d) {
        var dx = Math.abs(xOf(P, P.t[j]) - x);
        if (dx > 1.5)
          break;
        if (dx < gap && regions(P, j).total >= v) {
          best = j;
          gap = dx;
        }
      }
    return best >= 0 ? best : i;
  }

  /* The band of panel P under value v in sample i, or -1 (above the
   * stack, or no line near enough). */
  function bandAt(P, i, v, r) {
    var n = P.bands.length, b;
    if (drawnAsLines()) {
      var best = -1, gap = 6 / P.plot[3] * P.v.y_span; /* six points */
      for (b = 0; b < n; b++)
        if (shown[P.bands[b]] && Math.abs(r.hi[b] - v) <= gap) {
          gap = Math.abs(r.hi[b] - v);
          best = b;
        }
      return best;
    }
    for (b = 0; b < n; b++)
      if (r.hi[b] > r.lo[b] && v > r.lo[b] && v <= r.hi[b])
        return b;
    return -1;
  }

  /* ---- the overlay ---- */

  /* tabindex -1: chromium would stop Tab at the svg itself. */
  var overlay = el('svg', {id: 'overlay', viewBox: picture.getAttribute('viewBox'), tabindex: -1});
  graph.appendChild(overlay);
  /* Each panel's graph area, to clip what is drawn on other scales. */
  var defs = el('defs', {}, overlay);
  D.panels.forEach(function (P, k) {
    var p = P.plot;
    el('rect', {x: p[0], y: p[1], width: p[2], height: p[3]},
       el('clipPath', {id: 'hp2ps-clip-' + k}, defs));
  });
  /* The graph redrawn from the data when zoomed (or isolated): over the
   * static drawing's graph and axes, under the pointer's layers. */
  var zoomLayer = el('g', {'class': 'zoomed', visibility: 'hidden'}, overlay);
  /* many bands: no outlines (painting them was a third of a redraw's time) */
  if (D.bands.length > 40)
    zoomLayer.classList.add('many');
  var hits = D.panels.map(function (P, k) {
    var p = P.plot;
    return el('rect', {'class': 'hit', x: p[0], y: p[1], width: p[2], height: p[3],
                       'data-panel': k}, overlay);
  });
  var veils = el('g', {visibility: 'hidden'}, overlay);
  D.panels.forEach(function (P) {
    var p = P.plot;
    el('rect', {'class': 'veil', x: p[0], y: p[1], width: p[2], height: p[3]}, veils);
  });
  var keyVeil = [];
  D.bands.forEach(function (B, b) {
    if (B.box)
      keyVeil[b] = el('rect', {'class': 'veil', x: B.box[0], y: B.box[1], width: B.box[2],
                               height: B.box[3]}, veils);
  });
  var highlight = el('g', {}, overlay);
  var cursor = el('line', {'class': 'cursor', visibility: 'hidden'}, overlay);
  var dot = el('circle', {'class': 'dot', r: 2, visibility: 'hidden'}, overlay);

  /* Band k of the key (-1: none) drawn over a veil that dims the rest. */
  var pinned = -1, hovered = -1;

  /* The path of band b of panel P: its region (side: --diff's 'rise' or
   * 'fall'), one closed shape per stretch where it is not empty (and the
   * samples either side, where it starts and ends), so no outline runs
   * where the band has nothing; or its line. */
  function outline(P, b, side) {
    var pts = [], i;
    for (i = 0; i < P.t.length; i++) {
      var r = regions(P, i);
      if (mode === 'percent' && !inPercent(P, r.total))
        continue;
      var lo = side ? r[side][b][0] : r.lo[b], hi = side ? r[side][b][1] : r.hi[b];
      pts.push({x: xOf(P, P.t[i]), top: yOf(P, hi), foot: yOf(P, lo), full: hi > lo});
    }
    if (pts.length === 1) { /* one sample: drawn across the whole graph */
      var q = pts[0];
      pts = [{x: P.plot[0], top: q.top, foot: q.foot, full: q.full},
             {x: P.plot[0] + P.plot[2], top: q.top, foot: q.foot, full: q.full}];
    }
    function move(q, j) {
      return (j ? 'L' : 'M') + q[0].toFixed(2) + ' ' + q[1].toFixed(2);
    }
    if (drawnAsLines())
      return pts.map(function (q, j) { return move([q.x, q.top], j); }).join('');
    var d = '';
    for (i = 0; i < pts.length; i++) {
      if (!pts[i].full)
        continue;
      var a = Math.max(i - 1, 0), z = i;
      while (z + 1 < pts.length && pts[z + 1].full)
        z++;
      z = Math.min(z + 1, pts.length - 1);
      var run = pts.slice(a, z + 1), shape = [];
      run.forEach(function (q) { shape.push([q.x, q.top]); });
      run.reverse().forEach(function (q) { shape.push([q.x, q.foot]); });
      d += shape.map(move).join('') + 'Z';
      i = z;
    }
    return d;
  }

  /* The key entry left unveiled and the one marked pressed, as last
   * set: only the entries that change are touched (each of the 647
   * veils and entries set again was restyled, 8 ms of a hover's frame). */
  var unveiled = -1, pressed = -1;

  function drawHighlight() {
    var k = hovered >= 0 ? hovered : pinned;
    while (highlight.firstChild)
      highlight.removeChild(highlight.firstChild);
    veils.setAttribute('visibility', k >= 0 ? 'visible' : 'hidden');
    if (unveiled !== k) {
      if (keyVeil[unveiled])
        keyVeil[unveiled].setAttribute('visibility', 'inherit');
      if (keyVeil[k])
        keyVeil[k].setAttribute('visibility', 'hidden');
      unveiled = k;
    }
    graph.setAttribute('data-highlight', k >= 0 ? String(k) : '');
    if (pressed !== pinned) {
      if (keyRects[pressed])
        keyRects[pressed].setAttribute('aria-pressed', 'false');
      if (keyRects[pinned])
        keyRects[pinned].setAttribute('aria-pressed', 'true');
      pressed = pinned;
    }
    rows.forEach(function (row) {
      row.classList.toggle('on', Number(row.getAttribute('data-band')) === pinned);
    });
    if (k < 0)
      return;
    var line = drawnAsLines();
    D.panels.forEach(function (P, pk) {
      var b = P.bands.indexOf(k);
      if (b < 0 || !P.t.length)
        return;
      var sides = !D.diff ? [null] : P.values.some(function (v) { return v[b] > 0; }) ?
                  (P.values.some(function (v) { return v[b] < 0; }) ? ['rise', 'fall'] : ['rise'])
                  : ['fall'];
      sides.forEach(function (side) {
        el('path', {'class': line ? 'hl-line' : 'hl', d: outline(P, b, side),
                    fill: line ? 'none' : colour(k), stroke: line ? colour(k) : '#000',
                    'clip-path': 'url(#hp2ps-clip-' + pk + ')'}, highlight);
      });
    });
  }

  /* Clicking the band pinned unpins it; the pointer (or focus) still on
   * its entry must not show it again until it leaves. */
  var suppressed = -1;

  function pin(k) {
    if (pinned === k) {
      pinned = -1;
      hovered = -1;
      suppressed = k;
    } else {
      pinned = k;
    }
    save();
    drawHighlight();
  }

  function hover(k) {
    if (k >= 0 && k === suppressed)
      return;
    hovered = k;
    drawHighlight();
  }

  function leave() {
    suppressed = -1;
    hover(-1);
  }

  /* The key entries: focusable, Enter or a click pins the band. */
  var keyRects = [];
  for (var kb = D.bands.length - 1; kb >= 0; kb--) { /* the key's order, top first */
    var box = D.bands[kb].box;
    if (!box)
      continue;
    var r = el('rect', {'class': 'key', x: box[0], y: box[1], width: box[2], height: box[3],
                        tabindex: 0, role: 'button', 'aria-pressed': 'false',
                        'data-band': kb}, overlay);
    r.setAttribute('aria-label', D.bands[kb].name);
    el('title', {}, r).textContent = D.bands[kb].name;
    keyRects[kb] = r;
  }
  /* A click or Enter pins; Shift or Ctrl with the click adds the band to
   * those shown alone (isolate); the key I shows it alone, Shift+I adds. */
  function choose(e, k) {
    if (e.type === 'click' && (e.shiftKey || e.ctrlKey || e.metaKey)) {
      isolate(k, true);
    } else if (e.type === 'click' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pin(k);
    } else if (e.key === 'i' || e.key === 'I') {
      e.preventDefault();
      isolate(k, e.shiftKey);
    }
  }
  overlay.addEventListener('click', function (e) {
    if (keyOf(e) >= 0)
      choose(e, keyOf(e));
  });
  overlay.addEventListener('keydown', function (e) {
    if (keyOf(e) >= 0)
      choose(e, keyOf(e));
  });
  function keyOf(e) {
    var k = e.target.getAttribute('data-band');
    return k !== null && e.target.classList.contains('key') ? Number(k) : -1;
  }
  overlay.addEventListener('pointerover', function (e) {
    if (keyOf(e) >= 0)
      hover(keyOf(e));
  });
  overlay.addEventListener('focusin', function (e) {
    if (keyOf(e) >= 0)
      hover(keyOf(e));
  });
  overlay.addEventListener('pointerout', function (e) {
    if (keyOf(e) >= 0)
      leave();
  });
  overlay.addEventListener('focusout', leave);

  /* ---- the readout under the pointer ---- */

  function line(parent, cls, text) {
    var d = document.createElement('div');
    if (cls)
      d.className = cls;
    d.textContent = text;
    parent.appendChild(d);
    return d;
  }

  function hideReadout() {
    readout.hidden = true;
    cursor.setAttribute('visibility', 'hidden');
    dot.setAttribute('visibility', 'hidden');
  }

  /* What an eventlog tells of a band beyond its name (an -hi band's IPE
   * entry, an -hc band's whole stack), as "field: value" lines. */
  function details(kb) {
    var d = D.bands[kb].detail, cols = D.detail_columns || [];
    if (!d)
      return [];
    return d.map(function (v, j) {
      return cols.length === 1 ? v : cols[j] + ': ' + v;
    }).filter(function (text, j) {
      return d[j] !== '';
    });
  }

  function fill(k, P, i, b, r) {
    var v = P.values[i];
    readout.textContent = '';
    readout.setAttribute('data-panel', String(k));
    readout.setAttribute('data-sample', String(i));
    readout.setAttribute('data-time', String(P.t[i]));
    readout.setAttribute('data-total', String(r.total));
    readout.setAttribute('data-band', b >= 0 ? String(P.bands[b]) : '');
    readout.setAttribute('data-value', b >= 0 ? String(v[b]) : '');
    var share = b >= 0 && r.total > 0 && !D.diff ? v[b] / r.total : null;
    readout.setAttribute('data-share', share === null ? '' : String(share));
    if (D.panels.length > 1)
      line(readout, 'muted', P.title);
    line(readout, 'time', D.diff ? time(P.t[i]) + ' after each start' : time(P.t[i]));
    if (b >= 0) {
      var name = line(readout, 'name', D.bands[P.bands[b]].name);
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = colour(P.bands[b]);
      name.insertBefore(sw, name.firstChild);
      line(readout, 'value', D.diff ? quantity(v[b], true)
                                     : quantity(v[b]) + ', ' + percent(share || 0) +
                                       (P.trace ? ' of the drawn total' : ' of the sample'));
      if (mode === 'scaled' && P.own && P.own[b] > 0)
        line(readout, 'value muted', percent(v[b] / P.own[b]) + ' of its own peak in the window, ' +
             quantity(P.own[b]).replace(/ \(.*\)$/, ''));
      details(P.bands[b]).forEach(function (d) {
        line(readout, 'detail muted', d);
      });
    } else {
      line(readout, 'name muted', drawnAsLines() ? 'no band\u2019s line here' :
           mode === 'percent' && !D.diff && !inPercent(P, r.total) ?
           'not drawn in percent: this sample holds next to nothing (at most 0.1 % of the ' +
           'largest total), as --mode=percent leaves it out' : 'no band here');
    }
    var hidden = P.trace ? P.trace.hidden[i] : 0;
    readout.setAttribute('data-hidden', String(hidden));
    if (D.diff) {
      line(readout, 'total', 'net change ' + quantity(r.total, true));
    } else if (!P.trace) {
      line(readout, 'total', 'sample total ' + quantity(r.total) + ', every band drawn');
    } else {
      /* -t left names out of the drawing: the totals say what they cover */
      line(readout, 'total', 'drawn total ' + quantity(r.total));
      line(readout, 'total muted', 'not drawn (' + P.trace.names + ' names under -t' +
           P.trace.percent + '): ' + quantity(hidden));
      line(readout, 'total', 'sample total ' + quantity(r.total + hidden) + ', every name');
    }
    /* --heap: the RTS's own view at this sample */
    (P.heap_names || []).forEach(function (name, h) {
      var hv = P.heap[i][h];
      line(readout, 'heap', name + ' ' + (hv < 0 ? 'not yet reported' : quantity(hv)));
    });
    /* the markers nearest this sample: those up to half way to its neighbours */
    if (P.mark_t) {
      var lo = i > 0 ? (P.t[i - 1] + P.t[i]) / 2 : -Infinity;
      var hi = i + 1 < P.t.length ? (P.t[i] + P.t[i + 1]) / 2 : Infinity;
      P.mark_t.forEach(function (mt, m) {
        if (mt >= lo && mt < hi)
          line(readout, 'mark', '\u25B8 ' + time(mt) + ' ' + P.mark_text[m]);
      });
    }
    hook('pointed', k, i, b >= 0 ? P.bands[b] : -1); /* hooks: below */
  }

  function place(x, y, P, i, b, r) {
    var rect = graph.getBoundingClientRect();
    var left = x - rect.left + 16, top = y - rect.top + 16;
    readout.hidden = false;
    if (left + readout.offsetWidth > rect.width)
      left = Math.max(0, x - rect.left - 16 - readout.offsetWidth);
    readout.style.left = left + 'px';
    readout.style.top = top + 'px';
    var cx = xOf(P, P.t[i]);
    cursor.setAttribute('x1', cx);
    cursor.setAttribute('x2', cx);
    cursor.setAttribute('y1', P.plot[1]);
    cursor.setAttribute('y2', P.plot[1] + P.plot[3]);
    cursor.setAttribute('visibility', 'visible');
    if (b >= 0) {
      dot.setAttribute('cx', cx);
      dot.setAttribute('cy', yOf(P, r.hi[b]));
      dot.setAttribute('visibility', 'visible');
    } else {
      dot.setAttribute('visibility', 'hidden');
    }
  }

  function toPage(clientX, clientY) {
    var m = overlay.getScreenCTM();
    var pt = overlay.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    return pt.matrixTransform(m.inverse());
  }

  function point(clientX, clientY) {
    var q = toPage(clientX, clientY);
    for (var k = 0; k < D.panels.length; k++) {
      var P = D.panels[k], p = P.plot;
      if (q.x < p[0] || q.x > p[0] + p[2] || q.y < p[1] || q.y > p[1] + p[3])
        continue;
      var t = P.v.t0 + (q.x - p[0]) / p[2] * P.v.t_span;
      var v = P.v.y_lo + (p[1] + p[3] - q.y) / p[3] * P.v.y_span;
      var i = nearest(P, t);
      if (i < 0)
        break;
      i = under(P, i, q.x, v);
      var r = regions(P, i), b = bandAt(P, i, v, r);
      pointed = b >= 0 ? P.bands[b] : -1;
      last = {k: k, i: i, v: v};
      fill(k, P, i, b, r);
      place(clientX, clientY, P, i, b, r);
      return;
    }
    hideReadout();
  }

  var pointed = -1, last = null; /* the band under the pointer, and where the readout is */
  overlay.addEventListener('pointermove', function (e) {
    point(e.clientX, e.clientY);
  });
  overlay.addEventListener('pointerdown', function (e) {
    point(e.clientX, e.clientY);
  });
  overlay.addEventListener('pointerleave', hideReadout);

  /* ---- the table: the bands drawn, or every name ---- */

  /* The -hi fields (several of them) are columns of their own, sorted
   * and filtered as the others; a single field (an -hc stack) reads as
   * the name's continuation, under it. */
  var FIELDS = (D.detail_columns || []).length > 1 ? D.detail_columns : [];
  /* A row's values, by index: 0 #, 1 name, 2 share, 3 peak, 4 when, 5
   * slope, 6 R² (-1: none), 7 integral, 8 first seen, 9 last seen, 10 the
   * sum over the window (the sparkline's order), 11... the fields. */
  function column(v, title, cls, text) {
    return {v: v, title: title, text: !!text, cls: cls + (text ? ' text' : '')};
  }
  var COLUMNS = [column(0, '#', 'c-rank'), column(1, 'Band', 'c-name', true)].concat(
    FIELDS.map(function (name, j) { return column(11 + j, name, 'c-field', true); }),
    [column(2, 'Share', 'c-share'), column(3, D.diff ? 'Largest change' : 'Peak', 'c-peak'),
     column(4, 'At', 'c-at'), column(5, 'Slope', 'c-slope'), column(6, 'R\u00b2', 'c-r2'),
     column(7, 'Integral', 'c-area'), column(8, 'First seen', 'c-first'),
     column(9, 'Last seen', 'c-last'), column(10, 'Over time', 'c-spark')]);
  var cellOf = [];
  COLUMNS.forEach(function (c, k) { cellOf[c.v] = k; });

  var rows = []; /* the band rows made, the first table's first */
  var sorts = [];
  /* Which rows the tables list: 'bands' (those drawn) or 'names' (every
   * name, those OTHER gathers and -t removes too: page_data_add_names). */
  var rowsMode = 'bands';

  /* The first sample at or after t (P.t.length: none). */
  function from(P, t) {
    var a = 0, z = P.t.length;
    while (a < z) {
      var m = (a + z) >> 1;
      if (P.t[m] < t)
        a = m + 1;
      else
        z = m;
    }
    return a;
  }

  /* The samples of panel P in the window shown, [i0, i1) (zoomed: those
   * whose times lie in it, as --from and --to take them). */
  function windowOf(P) {
    if (!zoom)
      return [0, P.t.length];
    var a = P.t0 + zoom[0] * P.t_span, b = P.t0 + zoom[1] * P.t_span;
    var i1 = from(P, b);
    while (i1 < P.t.length && P.t[i1] <= b)
      i1++;
    return [from(P, a), i1];
  }

  /* Whether sample i of P holds anything: a value above 0 in a band or
   * in the names -t leaves out. */
  function holds(P, i) {
    if (P.trace && P.trace.hidden[i] > 0)
      return true;
    var v = P.values[i];
    for (var b = 0; b < v.length; b++)
      if (v[b] > 0)
        return true;
    return false;
  }

  /* Each band's figures over the samples [i0, i1) that the page keeps:
   * its part of the sum of all values (--diff: of the changes' sizes),
   * its largest value (--diff: largest change) and its first time, the
   * least-squares slope and its R², the integral (trapezoids, value unit
   * x sample unit) and the first and last samples it is not 0.  The line
   * is fitted as hp2ps fits every line (census.h, census_line: --slopes,
   * --top and the names' rows): over the samples from the first holding
   * anything to the last, the empty ones the RTS writes as the program
   * starts and exits left out. */
  function figures(P, i0, i1) {
    var n = P.bands.length, b, i, out = [];
    var f0 = i0, f1 = i1;
    if (!D.diff) {
      while (f0 < f1 && !holds(P, f0))
        f0++;
      while (f1 > f0 && !holds(P, f1 - 1))
        f1--;
    }
    var N = f1 - f0, tOrigin = N > 0 ? P.t[f0] : 0, st = 0, stt = 0, all = 0;
    for (i = f0; i < f1; i++) {
      var u = P.t[i] - tOrigin;
      st += u;
      stt += u * u;
    }
    var sxx = stt - st * st / (N || 1);
    for (b = 0; b < n; b++) {
      var f = {sum: 0, peak: 0, at: i1 > i0 ? P.t[i0] : 0, sy: 0, syy: 0, sty: 0, area: 0,
               first: null, last: null};
      for (i = i0; i < i1; i++) {
        var v = P.values[i][b], t = P.t[i];
        f.sum += D.diff ? Math.abs(v) : v;
        if (i === i0 || (D.diff ? Math.abs(v) > Math.abs(f.peak) : v > f.peak)) {
          f.peak = v;
          f.at = t;
        }
        if (i >= f0 && i < f1) { /* about the first value: a flat big band keeps its noise */
          var d = v - P.values[f0][b];
          f.sy += d;
          f.syy += d * d;
          f.sty += (t - tOrigin) * d;
        }
        if (i > i0)
          f.area += (t - P.t[i - 1]) * (v + P.values[i - 1][b]) / 2;
        if (v !== 0) {
          if (f.first === null)
            f.first = t;
          f.last = t;
        }
      }
      var sxy = f.sty - st * f.sy / (N || 1), syy = f.syy - f.sy * f.sy / (N || 1);
      f.slope = N > 1 && sxx > 0 ? sxy / sxx : 0;
      f.r2 = N > 2 && sxx > 0 && syy > 0 ? Math.min(1, sxy * sxy / (sxx * syy)) : null;
      all += f.sum;
      out.push(f);
    }
    out.forEach(function (f) { f.share = all > 0 ? f.sum / all : 0; });
    return out;
  }

  /* A band's or a name's fields (FIELDS), as values 11... */
  function withFields(values, detail) {
    FIELDS.forEach(function (name, j) {
      values[11 + j] = detail && detail[j] !== undefined ? detail[j] : '';
    });
    return values;
  }

  /* The values of panel P's rows: unzoomed, hp2ps's own figures over every
   * sample for share, peak and slope; the rest (and all of them zoomed)
   * from the samples the page keeps. */
  function panelRows(P) {
    if (!zoom && P.wholeRows) /* the whole run's: the same at each reset */
      return P.wholeRows;
    var w = windowOf(P), F = figures(P, w[0], w[1]);
    var out = F.map(function (f, b) {
      var whole = !zoom && P.share, B = D.bands[P.bands[b]];
      return withFields([P.bands.length - b, B.name,
                         whole ? P.share[b] : f.share, whole ? P.peak[b] : f.peak,
                         whole ? P.peak_time[b] : f.at, whole ? P.slope[b] : f.slope,
                         f.r2 === null ? -1 : f.r2, f.area,
                         f.first === null ? Infinity : f.first, f.last === null ? -Infinity : f.last,
                         f.sum], B.detail);
    });
    if (!zoom)
      P.wholeRows = out;
    return out;
  }

  /* Rows made at most: a table of a thousand bands is slow to lay out,
   * and the search finds the others. */
  var ROWS_SHOWN = 100;
  var stamp = 0; /* the window and view the rows' figures are for */
  var searchRe = null, searchStamp = 0; /* the search, and its count (markName) */
  var matcher = null; /* the search: a band's name -> true if it matches */

  /* Whether entry e passes its table's filters (the boxes under the
   * headings: a part of the cell's text, in any case). */
  function filtered(state, e) {
    for (var c in state.filters) {
      var want = state.filters[c], v = COLUMNS[c].v;
      if (want && String(e.values[v]).toLowerCase().indexOf(want) < 0)
        return false;
    }
    return true;
  }

  /* Rows out of sight are put in once the page has been left alone for
   * ROWS_AFTER ms, ROWS_CHUNK at a time while it is idle (a frame's
   * layout of 20 rows: a few ms). */
  var ROWS_AFTER = 300, ROWS_CHUNK = 20;
  var idle = window.requestIdleCallback ? function (f) { requestIdleCallback(f, {timeout: 500}); }
                                        : function (f) { setTimeout(f, 30); };

  /* Whether each table's rows are in sight (sortTable), as the browser
   * says after each frame: no layout asked for. */
  var sightOf = window.IntersectionObserver ? new IntersectionObserver(function (seen) {
    seen.forEach(function (s) {
      s.target.hp2psState.inSight = s.isIntersecting;
    });
    sightRows();
  }) : null;
  /* a scroll's frame shows the rows as they are (its scroll event comes
   * before the frame's layout), as does a resize's */
  window.addEventListener('scroll', function () { sightRows(); }, {passive: true});
  window.addEventListener('resize', function () { sightRows(); });
  window.addEventListener('beforeprint', function () { flushRows(); });

  /* The rows put off that the window shows put in now. */
  function sightRows() {
    sorts.forEach(function (state) {
      var n = state.pending ? rowsInSight(state) : 0;
      if (n > 0)
        putRows(state, n);
    });
  }

  /* The rows put off (sortTable) put in now, for what reads them. */
  function flushRows() {
    sorts.forEach(function (state) {
      if (state.pending)
        state.pending();
    });
  }

  /* How many of the table's rows reach the foot of the window, each row
   * taken as short as the shortest laid out (more rather than fewer).
   * Out of sight (sightOf) the rows may not be laid out: the top of the
   * tables' box, asking no layout of them. */
  function rowsInSight(state) {
    var body = state.body, n = Math.min(body.rows.length, 30), top;
    if (state.inSight) {
      top = body.getBoundingClientRect().top;
      for (var j = 0; j < n; j++) {
        var h = body.rows[j].getBoundingClientRect().height;
        if (h >= 4 && !(h >= state.rowHeight))
          state.rowHeight = h;
      }
    } else {
      top = tables.getBoundingClientRect().top;
    }
    if (top >= window.innerHeight)
      return 0;
    return Math.ceil((window.innerHeight - top) / (state.rowHeight || 16)) + 1;
  }

  /* The table's body made the first n rows of its order (state.want),
   * moving as few rows as it can: a row in its place stays, one no
   * longer wanted is taken out (a search that narrows lays none out
   * again; a row put back in is laid out and its text shaped anew, most
   * of a sort's frame). */
  function putRows(state, n) {
    var body = state.body, want = state.want, at = body.firstChild, j, next;
    n = Math.min(n, want.length);
    if (n <= state.put)
      return;
    state.put = n;
    /* the tables keep their height until all the rows are in: a change
     * of the page's height paints the whole drawing again (its layer's
     * cull rect follows the page's), 6 ms of each frame on the key page */
    if (n < want.length && !tables.style.minHeight)
      tables.style.minHeight = tables.getBoundingClientRect().height + 'px';
    var mark = ++state.marks;
    for (j = 0; j < n; j++)
      want[j].put = mark;
    for (j = 0; j < n; j++) {
      var row = want[j].row;
      while (at && at !== row && at.hp2psEntry.put !== mark) {
        next = at.nextSibling;
        body.removeChild(at);
        at = next;
      }
      if (at === row)
        at = at.nextSibling;
      else
        body.insertBefore(row, at);
    }
    while (at) {
      next = at.nextSibling;
      body.removeChild(at);
      at = next;
    }
    for (j = 0; j < n; j++) {
      var e = want[j];
      if (e.stamp !== stamp)
        fillRow(state.P, e, state.w);
      markName(e);
      e.row.classList.toggle('out', e.key < 0 || !shown[e.key]);
    }
    if (n === want.length) {
      state.pending = null;
      if (!sorts.some(function (s) { return s.pending; }))
        tables.style.minHeight = '';
    }
  }

  /* The rows put off, put in once the page has been left alone. */
  function putLater(state) {
    var sorted = state.sorted;
    clearTimeout(state.timer);
    state.timer = setTimeout(function more() {
      if (state.sorted !== sorted || !state.pending)
        return;
      putRows(state, Math.max(state.put, 0) + ROWS_CHUNK);
      if (state.pending)
        idle(more);
    }, ROWS_AFTER);
  }

  function sortTable(body, entries, state) {
    var c = COLUMNS[state.column].v, dir = state.dir, n;
    entries.sort(function (a, z) {
      var x = a.values[c], y = z.values[c];
      var d = x < y ? -1 : x > y ? 1 : 0;
      return d * dir || a.values[0] - z.values[0];
    });
    var want = entries.filter(function (e) {
      return (!matcher || matcher(e.name)) && filtered(state, e);
    });
    state.matching = want.length;
    if (!state.all)
      want = want.slice(0, ROWS_SHOWN);
    want.forEach(function (e) {
      if (!e.row)
        makeRow(state, e);
    });
    /* the rows the window shows are put in at once, those out of sight
     * (all of them under the graph without a key, issue 41; most of a
     * sort's) when the page is left alone or as they come into sight
     * (a scroll, sightOf): a keystroke's or a sort's frame does not wait
     * for the layout of 100 rows nobody sees, and the next keystroke's
     * replaces them */
    state.want = want;
    state.put = -1; /* (none yet: putRows takes the old ones out) */
    state.sorted++;
    state.pending = function () { putRows(state, want.length); };
    if (state.inSight === undefined) /* (as the page loads: no layout asked for) */
      state.pending();
    else if (state.inSight && (n = rowsInSight(state)) > 0)
      putRows(state, n);
    if (state.pending)
      putLater(state);
    var rest = state.matching - want.length;
    var what = state.mode === 'names' ? 'names' : 'rows';
    state.more.hidden = rest <= 0 && !state.all;
    state.more.textContent = state.all ? 'Show the first ' + ROWS_SHOWN + ' ' + what
                                       : 'Show all ' + state.matching + ' ' + what + ' (' +
                                         rest + ' more)';
    state.heads.forEach(function (th, j) {
      th.setAttribute('aria-sort', j === state.column ? (dir > 0 ? 'ascending' : 'descending')
                                                      : 'none');
    });
    heading(state);
  }

  /* The headings say what the figures are over: the window when zoomed
   * (the key's shares are always the whole run's), the whole run for a
   * name the page has no samples of. */
  function heading(state) {
    var names = state.mode === 'names', win = zoom !== null;
    var share = win ? 'Share in window' : 'Share of run';
    var tips = {
      0: names ? 'rank by total over the run' : 'the band\u2019s place in the key, from the top',
      1: names ? 'every name of the profile; its band\u2019s colour (OTHER\u2019s for a name it ' +
                 'gathers; none for one -t leaves out)' : 'the band drawn',
      2: (win ? 'of the sum of the bands\u2019 values in this window' :
                'of the drawn total over the whole run, as the key gives it') +
         (names ? ' (a name OTHER gathers or -t leaves out: over the whole run)' : ''),
      3: (D.diff ? 'the band\u2019s largest change' : 'the band\u2019s own largest value') +
         (win ? ' in this window' : ' over the run') + ', not the total\u2019s peak',
      4: 'when it reached that',
      5: 'the least-squares slope of its values',
      6: 'how well that straight line fits (1: exactly)',
      7: 'its values integrated over time',
      8: 'the first sample it holds something in',
      9: 'the last sample it holds something in',
      10: 'its values over the window, each on its own scale'
    };
    state.heads.forEach(function (th, j) {
      var v = COLUMNS[j].v, b = th.firstChild;
      b.textContent = v === 2 ? share : v === 1 && names ? 'Name' : COLUMNS[j].title;
      b.title = tips[v] !== undefined ? tips[v] : 'the log\u2019s ' + COLUMNS[j].title;
    });
  }

  /* A band's values across the window, as a small line. */
  function sparkline(P, e, w) {
    var W = 80, H = 16, i0 = w[0], i1 = w[1], hi = 0, lo = 0, i, pts = [], b = e.b;
    var step = Math.max(1, Math.floor((i1 - i0) / 160));
    for (i = i0; i < i1; i++) {
      hi = Math.max(hi, P.values[i][b]);
      lo = Math.min(lo, P.values[i][b]);
    }
    var ta = i1 > i0 ? P.t[i0] : 0, span = i1 - i0 > 1 ? P.t[i1 - 1] - ta : 1;
    for (i = i0; i < i1; i += step) {
      var x = span > 0 ? (P.t[i] - ta) / span * W : 0;
      var y = hi > lo ? H - 1 - (P.values[i][b] - lo) / (hi - lo) * (H - 2) : H - 1;
      pts.push((pts.length ? 'L' : 'M') + x.toFixed(1) + ' ' + y.toFixed(1));
    }
    if (!e.spark) {
      var svg = el('svg', {'class': 'spark', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H,
                           'aria-hidden': 'true'});
      e.spark = el('path', {stroke: colour(P.bands[b]), fill: 'none'}, svg);
      e.row.cells[cellOf[10]].appendChild(svg);
    }
    e.spark.setAttribute('d', pts.join(''));
  }

  function seen(t) {
    return isFinite(t) ? time(t) : '\u2013';
  }

  /* The row's cells from its values. */
  function fillRow(P, e, w) {
    var v = e.values, c = e.row.cells;
    c[cellOf[0]].textContent = String(v[0]);
    c[cellOf[2]].textContent = percent(v[2]);
    c[cellOf[3]].textContent = quantity(v[3], D.diff).replace(/ \(.*\)$/, '');
    c[cellOf[4]].textContent = time(v[4]);
    c[cellOf[5]].textContent = slope(v[5]);
    c[cellOf[6]].textContent = v[6] < 0 ? '\u2013' : v[6].toFixed(2);
    c[cellOf[7]].textContent = quantity(Number(v[7].toPrecision(3)), D.diff)
                                 .replace(/ \(.*\)$/, '') + '\u00b7' + perUnit;
    c[cellOf[8]].textContent = seen(v[8]);
    c[cellOf[9]].textContent = seen(v[9]);
    FIELDS.forEach(function (name, j) {
      c[cellOf[11 + j]].textContent = v[11 + j];
    });
    if (e.b >= 0)
      sparkline(P, e, w);
    e.stamp = stamp;
  }

  /* Entry e's row, made when it is first shown. */
  function makeRow(state, e) {
    var row = document.createElement('tr');
    row.tabIndex = 0;
    row.setAttribute('data-band', String(e.key));
    for (var c = 0; c < COLUMNS.length; c++)
      row.insertCell().className = COLUMNS[c].cls;
    var sw = document.createElement('span');
    sw.className = e.key >= 0 ? 'swatch' : 'swatch none';
    if (e.key >= 0)
      sw.style.background = colour(e.key);
    var cell = row.cells[cellOf[1]];
    var line = cell.appendChild(document.createElement('div')); /* the swatch beside the name */
    line.className = 'nm';
    line.appendChild(sw);
    e.nameSpan = line.appendChild(document.createElement('span'));
    e.nameSpan.textContent = e.name;
    e.markAt = ''; /* (markName: no part marked) */
    if (e.where) { /* a name not drawn as a band of its own: where it is */
      var tag = document.createElement('span');
      tag.className = 'where';
      tag.textContent = e.where;
      cell.appendChild(tag);
    }
    var more = FIELDS.length ? [] : (e.detail || []).filter(function (x) { return x !== ''; });
    if (more.length) { /* the log's detail, under the name */
      var small = document.createElement('div');
      small.className = 'detail';
      small.textContent = more.join(' \u00b7 ');
      cell.appendChild(small);
    }
    if (e.whole)
      row.classList.add('whole');
    e.row = row;
    row.hp2psEntry = e; /* (putRows) */
    if (e.b >= 0 && !e.band)
      rows.push(row);
  }

  /* Every table's figures again, for the window shown. */
  function refreshTables() {
    stamp++;
    D.panels.forEach(function (P, k) {
      var state = sorts[k], values = panelRows(P);
      state.w = windowOf(P);
      state.bandEntries.forEach(function (e) {
        e.values = values[e.b];
      });
      (state.nameEntries || []).forEach(nameValues);
      sortTable(state.body, state.entries, state);
    });
  }

  /* Panel P's names (P.names: every name that holds something, the
   * largest first), as entries of the table; a name drawn as a band of
   * its own takes that band's figures.  Without P.names every name is a
   * band. */
  function nameEntries(state) {
    var P = state.P, N = P.names;
    if (!N)
      return state.bandEntries;
    var own = {};
    state.bandEntries.forEach(function (e) { own[e.name] = e; });
    return N.name.map(function (name, i) {
      var k = N.band[i], band = own[name];
      var detail = N.detail ? N.detail[i] : null;
      var where = band ? '' : k < 0 ? 'not drawn: under -t' + (P.trace ? P.trace.percent : '') :
                  D.bands[k].other ? 'in OTHER' : 'in ' + D.bands[k].name;
      var e = {row: null, b: band ? band.b : -1, key: k, name: name, stamp: -1, band: band,
               detail: detail, where: where, whole: !band, rank: i + 1,
               values: withFields([i + 1, name, N.share[i], N.peak[i], N.peak_time[i],
                                   N.slope[i], N.r2[i], N.area[i], N.first[i], N.last[i],
                                   N.share[i]], detail)};
      nameValues(e);
      return e;
    });
  }

  /* A name drawn as a band of its own has that band's figures (the
   * window's when zoomed), under its rank; every name row sorts by its
   * share under "Over time". */
  function nameValues(e) {
    if (!e.band)
      return;
    e.values = withFields(e.band.values.slice(0, 11), e.detail);
    e.values[0] = e.rank;
    e.values[10] = e.values[2];
  }

  /* List the bands drawn ('bands') or every name ('names'). */
  function setRows(mode) {
    rowsMode = mode;
    sorts.forEach(function (state) {
      if (mode === 'names' && !state.nameEntries)
        state.nameEntries = nameEntries(state);
      state.mode = mode;
      state.entries = mode === 'names' ? state.nameEntries : state.bandEntries;
      state.body.textContent = '';
      sortTable(state.body, state.entries, state);
    });
  }

  function makeTable(P, k) {
    var table = document.createElement('table');
    table.id = 'bands-' + k;
    var cap = document.createElement('caption');
    cap.textContent = D.panels.length > 1 || D.diff ? P.title : 'Bands';
    table.appendChild(cap);
    var thead = table.createTHead(), head = thead.insertRow();
    var body = table.createTBody();
    var state = {column: 0, dir: 1, heads: [], P: P, w: windowOf(P), all: false,
                 mode: 'bands', filters: {}, sorted: 0, marks: 0, put: -1};
    state.more = document.createElement('button');
    state.more.type = 'button';
    state.more.className = 'more';
    state.more.addEventListener('click', function () {
      state.all = !state.all;
      sortTable(body, state.entries, state);
    });
    sorts[k] = state;
    COLUMNS.forEach(function (c, j) {
      var th = document.createElement('th');
      th.scope = 'col';
      th.className = c.cls;
      if (c.v >= 11)
        th.style.width = fieldEm[c.v - 11] + 'em';
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = c.title;
      button.addEventListener('click', function () {
        state.dir = state.column === j ? -state.dir : c.text || c.v === 0 || c.v === 8 ? 1 : -1;
        state.column = j;
        sortTable(body, state.entries, state);
        save();
      });
      th.appendChild(button);
      head.appendChild(th);
      state.heads.push(th);
    });
    if (FIELDS.length) { /* the boxes that filter the text columns */
      var boxes = thead.insertRow();
      boxes.className = 'filters';
      COLUMNS.forEach(function (c, j) {
        var th = document.createElement('th');
        th.className = c.cls;
        boxes.appendChild(th);
        if (!c.text)
          return;
        var input = document.createElement('input');
        input.type = 'search';
        input.setAttribute('aria-label', 'only the rows whose ' + c.title + ' holds');
        input.placeholder = 'filter';
        input.setAttribute('data-column', String(j));
        input.addEventListener('input', function () {
          state.filters[j] = input.value.toLowerCase();
          sortTable(body, state.entries, state);
        });
        th.appendChild(input);
      });
    }
    var values = panelRows(P);
    state.bandEntries = [];
    for (var b = P.bands.length - 1; b >= 0; b--)
      state.bandEntries.push({row: null, values: values[b], b: b, key: P.bands[b],
                              name: D.bands[P.bands[b]].name, detail: D.bands[P.bands[b]].detail,
                              stamp: -1});
    state.entries = state.bandEntries;
    state.body = body;
    body.hp2psState = state;
    if (sightOf)
      sightOf.observe(body);
    function rowOf(e) {
      var row = e.target.closest('tr');
      return row && Number(row.getAttribute('data-band')) >= 0 ? row : null;
    }
    body.addEventListener('click', function (e) {
      var row = rowOf(e);
      if (row)
        choose(e, Number(row.getAttribute('data-band')));
    });
    body.addEventListener('pointerover', function (e) {
      var row = rowOf(e);
      if (row)
        hover(Number(row.getAttribute('data-band')));
    });
    body.addEventListener('pointerleave', leave);
    body.addEventListener('focusin', function (e) {
      var row = rowOf(e);
      if (row)
        hover(Number(row.getAttribute('data-band')));
    });
    body.addEventListener('focusout', leave);
    body.addEventListener('keydown', function (e) {
      var row = rowOf(e);
      if (row)
        choose(e, Number(row.getAttribute('data-band')));
    });
    sortTable(body, state.entries, state);
    table.style.minWidth = tableWidth + 'em';
    tables.appendChild(table);
    tables.appendChild(state.more);
  }

  /* Each field's column as wide as its longest text (within reason); the
   * table at least as wide as its figures and a name of 20em, so the name
   * is never squeezed out (page.css: the figures' widths). */
  var FIGURES_EM = 52.8, NAME_EM = 20;
  var fieldEm = FIELDS.map(function (name, j) {
    var longest = name.length;
    function see(detail) {
      if (detail && detail[j])
        longest = Math.max(longest, Math.min(detail[j].length, 40));
    }
    D.bands.forEach(function (B) { see(B.detail); });
    D.panels.forEach(function (P) { (P.names && P.names.detail || []).forEach(see); });
    return Math.min(Math.max(4, longest * 0.62 + 1), 16);
  });
  var tableWidth = FIGURES_EM + NAME_EM + fieldEm.reduce(function (a, w) { return a + w; }, 0) +
                   0.7 * COLUMNS.length; /* each cell's padding */
  var zoom = null; /* the window shown, [from, to] as fractions of the time axis */
  D.panels.forEach(makeTable);

  /* Rows: the bands drawn or every name, where the profiles have names
   * that are not bands of their own. */
  var rowsBox = null;
  (function () {
    var total = 0, any = false;
    D.panels.forEach(function (P) {
      if (P.names)
        any = true;
      total += P.names ? P.names.total : P.bands.length;
    });
    if (!any)
      return;
    var label = document.createElement('label');
    label.className = 'rows-choice';
    rowsBox = document.createElement('select');
    rowsBox.id = 'rows';
    [['bands', 'the ' + D.bands.length + ' bands drawn'],
     ['names', 'every name (' + grouped(total) + ')']].forEach(function (o) {
      var opt = document.createElement('option');
      opt.value = o[0];
      opt.textContent = o[1];
      rowsBox.appendChild(opt);
    });
    label.appendChild(document.createTextNode('Rows: '));
    label.appendChild(rowsBox);
    var listed = D.panels.some(function (P) { return P.names && P.names.name.length < P.names.total; });
    if (listed)
      label.appendChild(document.createTextNode(' (the page lists ' +
        grouped(D.panels[0].names.name.length) + ' names: the largest, and those Suspects ' +
        'and OTHER opened name)'));
    tables.parentNode.insertBefore(label, tables);
    rowsBox.addEventListener('change', function () {
      setRows(rowsBox.value);
      share();
    });
  })();

  /* ---- --heap: a toggle that shows or hides the RTS's lines ---- */

  var heapLines = [], heapBox = null;
  (function () {
    var P = D.panels.filter(function (P) { return P.heap_colours; })[0];
    if (!P)
      return;
    var want = P.heap_colours.map(function (c) {
      return [1, 3, 5].map(function (i) { return parseInt(c.substr(i, 2), 16); });
    });
    /* the lines and their legend: unfilled paths of those colours */
    heapLines = Array.prototype.filter.call(picture.querySelectorAll('path'), function (p) {
      var s = getComputedStyle(p), m = /(\d+)\D+(\d+)\D+(\d+)/.exec(s.stroke);
      return s.fill === 'none' && m && want.some(function (w) {
        return Math.abs(w[0] - m[1]) <= 1 && Math.abs(w[1] - m[2]) <= 1 && Math.abs(w[2] - m[3]) <= 1;
      });
    });
    var label = document.createElement('label');
    label.className = 'heap-toggle';
    heapBox = document.createElement('input');
    heapBox.type = 'checkbox';
    heapBox.checked = true;
    label.appendChild(heapBox);
    label.appendChild(document.createTextNode(' the runtime\u2019s ' + P.heap_names.join(', ') +
                                              ' (--heap)'));
    tables.parentNode.insertBefore(label, tables);
    /* what the three lines are, where the reader looks (the man page's
     * --heap says it too) */
    var about = document.createElement('p');
    about.className = 'heap-about';
    about.textContent = 'Heap size is the memory the runtime holds for its heap, in use or ' +
      'not; live bytes are the data still reachable after the last major collection (what a ' +
      'leak keeps raising); blocks are the bytes of the blocks the allocator has handed out. ' +
      'The gap between these lines and the bands is what the profile does not count: the ' +
      'copying collector\u2019s second copy, fragmentation, pinned data, the runtime\u2019s own ' +
      'structures. In a profiled run (every breakdown but -hT) live bytes also count each ' +
      'closure\u2019s profiling header, which the profile leaves out: they stand 1.3 to 1.7 ' +
      'times above its total even when nothing else is live.';
    tables.parentNode.insertBefore(about, tables);
    heapBox.addEventListener('change', function () {
      heapLines.forEach(function (p) { p.style.visibility = heapBox.checked ? '' : 'hidden'; });
      if (zoom)
        zoomTo(zoom[0], zoom[1]);
    });
  })();

  /* ---- zoom: a window of the time axis, drawn from the data ---- */

  var vb = picture.viewBox.baseVal;
  var P0 = D.panels[0];
  var note = document.createElement('p');
  note.className = 'zoom-note';
  note.setAttribute('role', 'status');
  graph.parentNode.insertBefore(note, graph.nextSibling);

  /* 1, 2 or 5 times a power of ten, near span / count. */
  function niceStep(span, count) {
    var raw = span / Math.max(count, 1), p = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
  }

  /* An axis label: "35 MB", "1,200", "40%". */
  function axisValue(v) {
    if ((mode === 'percent' || mode === 'scaled') && !D.diff)
      return Number(v.toPrecision(4)) + '%';
    var base = D.iec ? 1024 : 1000;
    if (bytes && Math.abs(v) >= base)
      return quantity(Number(v.toPrecision(6)), false).replace(/ \(.*\)$/, '');
    return grouped(Number(v.toPrecision(6)));
  }

  function text(parent, x, y, anchor, s) {
    var t = el('text', {x: x, y: y, 'text-anchor': anchor, 'class': 'tick'}, parent);
    t.textContent = s;
    return t;
  }

  function heapShown() {
    return !heapBox || heapBox.checked;
  }

  /* The value range of panel P's samples [i0, i1) as drawn. */
  function yRange(P, i0, i1, R) {
    if (mode === 'percent' && !D.diff && !isolating())
      return [0, 100];
    if (mode === 'scaled')
      return [0, 104];
    var lo = 0, hi = 0, i, b;
    for (i = i0; i < i1; i++) {
      var r = R[i - i0];
      for (b = 0; b < P.bands.length; b++) {
        lo = Math.min(lo, r.lo[b]);
        hi = Math.max(hi, r.hi[b]);
      }
      if (P.heap && heapShown())
        P.heap[i].forEach(function (h) { hi = Math.max(hi, h); });
    }
    if (!(hi > lo))
      hi = lo + 1;
    var pad = (hi - lo) * 0.04;
    return [lo < 0 ? lo - pad : lo, hi > 0 ? hi + pad : hi];
  }

  /* Two decimals without toFixed (a redraw makes tens of thousands). */
  function num(v) {
    return String(Math.round(v * 100) / 100);
  }

  function pathOf(xs, ys) {
    var d = '';
    for (var j = 0; j < xs.length; j++)
      d += (j ? 'L' : 'M') + num(xs[j]) + ' ' + num(ys[j]);
    return d;
  }

  /* The bands of panel P over samples [j0, j1) on P.v's scales. */
  function drawBands(P, g, j0, j1, all) {
    var n = P.bands.length, R = [], X = [], i, b;
    for (i = j0; i < j1; i++) {
      var r = all[i - j0];
      if (mode === 'percent' && !D.diff && !inPercent(P, r.total))
        continue;
      R.push(r);
      X.push(xOf(P, P.t[i]));
    }
    if (X.length === 1) { /* one sample: across the whole graph */
      R.push(R[0]);
      X = [P.plot[0], P.plot[0] + P.plot[2]];
    }
    var line = drawnAsLines();
    function shape(b, lo, hi) {
      var top = [], foot = [], any = false;
      R.forEach(function (r) {
        var l = lo(r), h = hi(r);
        if (h > l)
          any = true;
        top.push(yOf(P, h));
        foot.push(yOf(P, l));
      });
      if (!any)
        return;
      var d = pathOf(X, top) + pathOf(X.slice().reverse(), foot.reverse()).replace(/^M/, 'L') + 'Z';
      el('path', {d: d, fill: colour(P.bands[b]), 'class': 'band'}, g);
    }
    for (b = 0; b < n; b++) {
      if (!shown[P.bands[b]])
        continue;
      var before = g.childNodes.length;
      if (line) {
        el('path', {d: pathOf(X, R.map(function (r) { return yOf(P, r.hi[b]); })),
                    stroke: colour(P.bands[b]), 'class': 'band-line'}, g);
      } else if (D.diff) {
        shape(b, function (r) { return r.rise[b][0]; }, function (r) { return r.rise[b][1]; });
        shape(b, function (r) { return r.fall[b][0]; }, function (r) { return r.fall[b][1]; });
      } else {
        shape(b, function (r) { return r.lo[b]; }, function (r) { return r.hi[b]; });
      }
      for (var c = before; c < g.childNodes.length; c++) /* the search makes others faint */
        bandPaths.push({key: P.bands[b], path: g.childNodes[c]});
    }
  }

  /* The bands' paths drawn (drawBands), and the search's faint ones: a
   * keystroke only changes which are faint (issue 41: each redrew every
   * band, 2.4-6 s for a 21-character search at 647 bands). */
  var bandPaths = [], drawnFor = null;

  function markFaint() {
    var faint = {};
    D.bands.forEach(function (B, k) { faint[k] = matcher !== null && !matcher(B.name); });
    bandPaths.forEach(function (bp) {
      if (bp.faint !== faint[bp.key]) {
        bp.faint = faint[bp.key];
        bp.path.classList.toggle('faint', bp.faint);
      }
    });
  }

  /* Ticks, labels and grid of panel P on its scales. */
  function drawAxes(P) {
    var p = P.plot, g = layer, x, y, v;
    var step = niceStep(P.v.t_span, p[2] / 70);
    var places = Math.max(0, -Math.floor(Math.log(step) / Math.LN10 + 1e-9));
    for (v = Math.ceil(P.v.t0 / step) * step; v <= P.v.t0 + P.v.t_span + step * 1e-9; v += step) {
      x = xOf(P, v);
      el('line', {x1: x, x2: x, y1: p[1] + p[3], y2: p[1] + p[3] + 3, 'class': 'axis'}, g);
      text(g, x, p[1] + p[3] + 11, 'middle', D.x_index ? String(Math.round(v)) : v.toFixed(places));
    }
    var ystep = niceStep(P.v.y_span, p[3] / 45);
    for (v = Math.ceil(P.v.y_lo / ystep) * ystep; v <= P.v.y_lo + P.v.y_span; v += ystep) {
      y = yOf(P, v);
      el('line', {x1: p[0], x2: p[0] + p[2], y1: y, y2: y, 'class': Math.abs(v) < ystep / 2 ? 'zero' : 'grid'}, g);
      el('line', {x1: p[0] - 3, x2: p[0], y1: y, y2: y, 'class': 'axis'}, g);
      text(g, p[0] - 5, y + 3, 'end', axisValue(Math.abs(v) < ystep / 2 ? 0 : v));
    }
  }

  /* The markers and --heap's lines in the window. */
  function drawExtras(P, g, j0, j1) {
    (P.mark_t || []).forEach(function (mt) {
      if (mt < P.v.t0 || mt > P.v.t0 + P.v.t_span)
        return;
      var x = xOf(P, mt);
      el('line', {x1: x, x2: x, y1: P.plot[1], y2: P.plot[1] + P.plot[3], 'class': 'mark'}, g);
    });
    if (!P.heap || !heapShown() || mode === 'scaled') /* (in bytes: no own scale) */
      return;
    P.heap_names.forEach(function (name, h) {
      var d = [], i;
      for (i = j0; i < j1; i++)
        if (P.heap[i][h] >= 0)
          d.push((d.length ? 'L' : 'M') + xOf(P, P.t[i]).toFixed(2) + ' ' + yOf(P, P.heap[i][h]).toFixed(2));
      /* as the drawing's legend: the heap size solid, the others dashed */
      el('path', {d: d.join(''), stroke: P.heap_colours[h],
                  'class': h ? 'heap-line dashed' : 'heap-line'}, g);
    });
  }

  function isolating() {
    return shown.indexOf(false) >= 0;
  }

  /* Is the graph drawn by the page (else it is the static drawing)? */
  function redrawn() {
    return zoom !== null || isolating() || mode !== D.mode || searchFaint;
  }
  /* a search that every band matches makes none faint: the drawing as it
   * is (its first keystroke showed and painted the page's 647 bands) */
  var searchFaint = false;

  /* The markers' texts over the redrawn graph, set as the drawing sets
   * them: each at its line (ending there near the right edge), in the
   * first row of the strip where it covers no other, as many rows of 10
   * as the drawing's strip has (mark_strip); where every row is taken the
   * label before counts it ("phase 1 +2 more"), so each marker in the
   * window is shown or counted (the list under the graph has every text). */
  function drawMarkLabels(P, p) {
    var rows = Math.max(1, Math.floor(((P.mark_strip || 11) - 1) / 10));
    var end = [], last = null, right = p[0] + p[2] + 40, r;
    for (r = 0; r < rows; r++)
      end.push(-Infinity);
    (P.mark_t || []).forEach(function (mt, m) {
      if (mt < P.v.t0 || mt > P.v.t0 + P.v.t_span)
        return;
      var label = P.mark_text[m], x = xOf(P, mt);
      if (label.length > 40)
        label = label.slice(0, 39) + '\u2026';
      var t = text(layer, x + 1.5, p[1] - 3, 'start', label);
      t.setAttribute('class', 'tick mark-label');
      var w = t.getComputedTextLength() || 5 * label.length;
      var ends = x + 1.5 + w > right, a = ends ? x - 1.5 - w : x + 1.5;
      for (r = 0; r < rows && end[r] + 3 > a; r++)
        ;
      if (r === rows && last) {
        layer.removeChild(t);
        last.more++;
        last.el.textContent = last.text + ' +' + last.more + ' more';
        end[last.row] = Math.max(end[last.row], last.a + last.el.getComputedTextLength());
        return;
      }
      r = Math.min(r, rows - 1);
      if (ends) {
        t.setAttribute('x', x - 1.5);
        t.setAttribute('text-anchor', 'end');
      }
      t.setAttribute('y', p[1] - 3 - 10 * r);
      end[r] = a + w;
      last = {el: t, text: label, more: 0, row: r, a: a};
    });
  }

  /* Several panels drawn on one value scale (the layout's for several
   * profiles): zoomed or isolated, they keep one. */
  var sharedScale = D.panels.length > 1 && D.panels.every(function (P) {
    return P.y_lo === D.panels[0].y_lo && P.y_span === D.panels[0].y_span;
  });

  /* Only the search differs from the file's drawing: the page draws on
   * the drawing's own scales, under its axes, so nothing moves when a
   * search starts (and this drawing can be made ahead: prepare). */
  function sameScales() {
    return !zoom && !isolating() && mode === D.mode;
  }

  /* The graph drawn by the page when redrawn() (else made, hidden, for
   * the search to come).  It depends on the window, the view, the bands
   * shown and the --heap lines; the search only makes bands faint. */
  function drawZoom() {
    zoomLayer.setAttribute('visibility', redrawn() ? 'visible' : 'hidden');
    var what = [(zoom || [0, 1]).join(' '), mode, shown.join(','), heapShown()].join('|');
    if (what !== drawnFor) {
      drawnFor = what;
      var kept = drawings[what];
      if (kept) {
        zoomLayer.textContent = '';
        zoomLayer.appendChild(kept.layer);
        bandPaths = kept.paths;
        D.panels.forEach(function (P, k) { P.v = kept.v[k]; });
      } else {
        build(zoom || [0, 1]);
        /* the whole run, every band, as drawn: kept */
        if (sameScales() && mode !== 'scaled')
          drawings[what] = {layer: layer, paths: bandPaths,
                            v: D.panels.map(function (P) { return P.v; })};
      }
    }
    markFaint();
  }

  /* The page's drawing of the whole run with every band, in the view
   * the file was drawn in (as --heap's lines are shown or not): the one
   * a search draws over and Escape or Show all comes back to, made once
   * (issue 41: each reset at 647 bands drew its 647 bands again). */
  var drawings = {}, layer = null;

  function build(f) {
    zoomLayer.textContent = '';
    layer = el('g', {}, zoomLayer);
    bandPaths = [];
    var own = !sameScales();
    /* each panel's samples in the window and their range */
    var parts = D.panels.map(function (P) {
      var w = windowOf(P);
      var j0 = Math.max(w[0] - 1, 0), j1 = Math.min(w[1] + 1, P.t.length);
      if (mode === 'scaled')
        ownScales(P, w[0], w[1]);
      var R = [];
      for (var i = j0; i < j1; i++)
        R.push(regions(P, i));
      return {j0: j0, j1: j1, R: R, yr: own ? yRange(P, j0, j1, R) : [P.y_lo, P.y_lo + P.y_span]};
    });
    /* Panels drawn on one scale (several profiles) stay on one: the
     * comparison drawn at load holds in every window. */
    if (own && sharedScale)
      parts.forEach(function (q) {
        q.yr = [Math.min.apply(null, parts.map(function (z) { return z.yr[0]; })),
                Math.max.apply(null, parts.map(function (z) { return z.yr[1]; }))];
      });
    D.panels.forEach(function (P, k) {
      var p = P.plot, j0 = parts[k].j0, j1 = parts[k].j1, R = parts[k].R, yr = parts[k].yr;
      P.v = {t0: P.t0 + f[0] * P.t_span, t_span: (f[1] - f[0]) * P.t_span,
             y_lo: yr[0], y_span: yr[1] - yr[0]};
      if (!own) { /* the drawing's axes stay; its bands go under the page's */
        el('rect', {'class': 'cover', x: p[0], y: p[1], width: p[2], height: p[3]}, layer);
      } else {
        /* over the static graph, its tick labels and its axis (and the
         * markers' labels above it, which the page draws again) */
        var above = P.mark_strip ? P.mark_strip + 4 : P.mark_t && P.mark_t.length ? 15 : 4.5;
        el('rect', {'class': 'cover', x: p[0] - 58, y: p[1] - above, width: p[2] + 66,
                    height: p[3] + above + 16.5}, layer);
        /* the value axis's name, as the view draws it */
        var yname = el('text', {'class': 'tick', 'text-anchor': 'middle',
                                transform: 'translate(' + num(p[0] - 50) + ' ' +
                                           num(p[1] + p[3] / 2) + ') rotate(-90)'}, layer);
        yname.textContent = mode === 'percent' && !D.diff ? 'percent of the sample' :
                            mode === 'scaled' ? 'percent of each band\u2019s own peak in the window' :
                            D.value_unit;
        /* the time axis's last label, centred on the graph's right edge */
        el('rect', {'class': 'cover', x: p[0] + p[2], y: p[1] + p[3] + 0.5, width: 16,
                    height: 16}, layer);
        if (above > 5) /* a label centred on the graph's right edge passes it */
          el('rect', {'class': 'cover', x: p[0] + p[2], y: p[1] - above, width: 40,
                      height: above - 0.5}, layer);
        drawMarkLabels(P, p);
        drawAxes(P);
      }
      var g = el('g', {'clip-path': 'url(#hp2ps-clip-' + k + ')'}, layer);
      drawBands(P, g, j0, j1, R);
      drawExtras(P, g, j0, j1);
      el('rect', {'class': 'frame', x: p[0], y: p[1], width: p[2], height: p[3]}, layer);
    });
  }

  /* The search's drawing made while the page is idle after loading, so
   * that the first keystroke only makes bands faint. */
  function prepare() {
    if (drawnFor === null)
      drawZoom();
    tables.classList.add('lazy'); /* (laid out once: its height is known) */
    later(makeRows);
  }

  var later = window.requestIdleCallback || function (f) { setTimeout(f, 300); };

  /* Every band's row made and filled while idle (a few milliseconds at a
   * time, so that a keystroke or a click is not kept waiting), so that a
   * sort only reorders rows (making them was most of its time at 647
   * bands). */
  function makeRows(deadline) {
    var more = false, spare = function () {
      return deadline && deadline.timeRemaining ? deadline.timeRemaining() > 2 : false;
    }, made = 0;
    sorts.forEach(function (state) {
      state.bandEntries.forEach(function (e) {
        if (more || (e.row && e.stamp === stamp))
          return;
        if (made >= 10 && !spare()) {
          more = true;
          return;
        }
        if (!e.row)
          makeRow(state, e);
        fillRow(state.P, e, state.w);
        markName(e);
        made++;
      });
    });
    if (more)
      later(makeRows);
  }

  /* What the window shows, and whether the page's samples are enough. */
  function describe() {
    var P = P0, w = windowOf(P), kept = P.t.length, all = P.samples || kept;
    var parts = [];
    if (zoom) {
      var a = P.v.t0, b = P.v.t0 + P.v.t_span;
      parts.push('Showing ' + time(a) + ' to ' + time(b) + ' (' + (w[1] - w[0]) +
                 ' samples); the table\u2019s figures are for this window (the key\u2019s ' +
                 'shares stay the whole run\u2019s). ' +
                 'Double-click the graph or press Escape to see it all.');
      if (kept < all) {
        var per = all / kept;
        parts.push('This zoom is coarser than the profile: the page keeps ' + grouped(kept) +
                   ' of its ' + grouped(all) + ' samples (about one in ' +
                   Number(per.toPrecision(2)) + '), and the figures are from those. ' +
                   'For every sample: hp2ps --from ' + Number(a.toPrecision(6)) + ' --to ' +
                   Number(b.toPrecision(6)) + '.');
      }
    } else {
      parts.push('Drag across the graph or the strip below it to zoom, or use Ctrl and the ' +
                 'wheel, + and \u2212.');
      if (kept < all)
        parts.push('The page keeps ' + grouped(kept) + ' of the profile\u2019s ' + grouped(all) +
                   ' samples: share, peak and slope are hp2ps\u2019s over every sample, ' +
                   'the other figures are from the samples kept.');
    }
    if (isolating())
      parts.push('Showing ' + shown.filter(Boolean).length + ' of ' + D.bands.length +
                 ' bands alone, on their own scale (Show all bands, or a click on the ' +
                 'graph where no band is, brings back the others).');
    if (mode !== D.mode)
      parts.push('Drawn ' + mode + ' by the page (the file\u2019s drawing is ' + D.mode + ').');
    note.textContent = parts.join(' ');
    note.classList.toggle('coarse', zoom !== null && kept < all);
    note.classList.toggle('is-zoomed', zoom !== null);
    graph.setAttribute('data-zoom', zoom ? zoom.join(' ') : '');
  }

  /* ---- the figures named apart: the peaks, the shares ---- */

  (function () {
    var P = P0;
    if (D.diff || !P.peak_all)
      return;
    function short(v) {
      return quantity(v).replace(/ \(.*\)$/, '');
    }
    var parts = [];
    var title = 'the title\u2019s peak ' + short(P.peak_all) + ' at ' + time(P.peak_all_time) +
                ' is the largest sample total, every name counted';
    if (D.panels.length > 1) /* (the key of several profiles gives no shares) */
      parts.push('Peaks: each panel\u2019s title gives its profile\u2019s largest sample total, ' +
                 'every name counted' + (D.mode === 'stacked' ?
                 '; the ring on its graph marks the top of the stack drawn (\u201cdrawn peak\u201d ' +
                 'where -t leaves names out)' : '') +
                 '; the table\u2019s Peak is each band\u2019s own largest value. Shares: the ' +
                 'table\u2019s Share heading says which: the whole run\u2019s, or zoomed the ' +
                 'window\u2019s.');
    else if (D.mode === 'stacked' && P.peak_drawn !== P.peak_all)
      parts.push('Peaks: ' + title + '; the graph\u2019s drawn peak ' + short(P.peak_drawn) +
                 ' at ' + time(P.peak_drawn_time) + ' is the top of the stack drawn, ' +
                 (P.trace ? 'without the ' + grouped(P.trace.names) + ' names -t' +
                            P.trace.percent + ' leaves out' : 'without what -t leaves out') +
                 '; the table\u2019s Peak is each band\u2019s own largest value.');
    else
      parts.push('Peaks: ' + title + (D.mode === 'stacked' ? ' (the ring on the graph marks it)' : '') +
                 '; the table\u2019s Peak is each band\u2019s own largest value.');
    if (D.panels.length === 1)
      parts.push('Shares: the key\u2019s are of the drawn total over the whole run; the ' +
                 'table\u2019s Share heading says which: the whole run\u2019s, or zoomed the ' +
                 'window\u2019s.');
    var p = document.createElement('p');
    p.className = 'figures';
    p.id = 'figures';
    p.textContent = parts.join(' ');
    note.parentNode.insertBefore(p, note.nextSibling);
  })();

  /* ---- a skip link: past the key's entries to the table ---- */

  var skip = document.createElement('a');
  skip.className = 'skip';
  skip.href = '#tables';
  skip.textContent = 'Skip to the table of bands';
  skip.addEventListener('click', function (e) {
    e.preventDefault(); /* the fragment keeps the view (share) */
    flushRows();
    var first = tables.querySelector('tbody tr') || tables;
    if (first === tables)
      tables.tabIndex = -1;
    first.focus();
    first.scrollIntoView({block: 'center'});
  });
  document.body.insertBefore(skip, document.body.firstChild);

  /* ---- the overview strip: the whole run, the window on it ---- */

  var strip = document.createElementNS(NS, 'svg');
  strip.id = 'overview';
  strip.setAttribute('viewBox', vb.x + ' 0 ' + vb.width + ' 30');
  strip.setAttribute('preserveAspectRatio', 'none');
  strip.setAttribute('role', 'slider');
  strip.setAttribute('tabindex', '0');
  strip.setAttribute('aria-label', 'the window of the time axis shown');
  graph.parentNode.insertBefore(strip, note);
  /* the graph and its strip scroll sideways together on a narrow screen */
  var scroller = document.createElement('div');
  scroller.className = 'graph-scroll';
  graph.parentNode.insertBefore(scroller, graph);
  scroller.appendChild(graph);
  scroller.appendChild(strip);
  /* A landscape graph no taller than the window (its width follows); a
   * tall one (several profiles, a key below) as wide as text reads well,
   * scrolled through (page.css, --graph-max). */
  var aspect = vb.width / vb.height;
  document.documentElement.style.setProperty('--graph-max',
                                             aspect >= 1 ? 'calc(88vh * ' + aspect + ')' : '70em');
  (function () {
    var p = P0.plot, n = P0.t.length, hi = 0, lo = 0, ys = [], i;
    for (i = 0; i < n; i++) {
      var r = regions(P0, i), top = 0;
      for (var b = 0; b < P0.bands.length; b++)
        top = Math.max(top, r.hi[b]);
      ys.push(mode === 'percent' ? r.total : top);
      hi = Math.max(hi, ys[i]);
      lo = Math.min(lo, ys[i]);
    }
    var d = 'M' + p[0] + ' 29';
    for (i = 0; i < n; i++)
      d += 'L' + (p[0] + (P0.t[i] - P0.t0) / P0.t_span * p[2]).toFixed(2) + ' ' +
           (29 - (ys[i] - lo) / (hi - lo || 1) * 27).toFixed(2);
    d += 'L' + (p[0] + p[2]) + ' 29Z';
    el('rect', {x: p[0], y: 0, width: p[2], height: 30, 'class': 'strip-bg'}, strip);
    el('path', {d: d, 'class': 'strip-total'}, strip);
  })();
  var shadeL = el('rect', {y: 0, height: 30, 'class': 'strip-out'}, strip);
  var shadeR = el('rect', {y: 0, height: 30, 'class': 'strip-out'}, strip);
  var frameW = el('rect', {y: 0.5, height: 29, 'class': 'strip-window'}, strip);

  function drawStrip() {
    var p = P0.plot, f = zoom || [0, 1];
    var x0 = p[0] + f[0] * p[2], x1 = p[0] + f[1] * p[2];
    shadeL.setAttribute('x', p[0]);
    shadeL.setAttribute('width', x0 - p[0]);
    shadeR.setAttribute('x', x1);
    shadeR.setAttribute('width', p[0] + p[2] - x1);
    frameW.setAttribute('x', x0);
    frameW.setAttribute('width', Math.max(x1 - x0, 0.5));
    strip.setAttribute('aria-valuetext', zoom ? time(P0.v.t0) + ' to ' + time(P0.v.t0 + P0.v.t_span)
                                              : 'the whole run');
  }

  var tablesFor = ''; /* the window the tables' figures are for */

  /* Show the window [f0, f1] of the time axis (fractions; the whole: null). */
  function zoomTo(f0, f1) {
    if (f0 > f1) {
      var s = f0; f0 = f1; f1 = s;
    }
    var min = 1e-6;
    if (f1 - f0 < min)
      f1 = f0 + min;
    if (f0 < 0) {
      f1 -= f0; f0 = 0;
    }
    if (f1 > 1) {
      f0 -= f1 - 1; f1 = 1;
    }
    zoom = f0 <= 1e-9 && f1 >= 1 - 1e-9 ? null : [Math.max(f0, 0), f1];
    var t = performance.now();
    drawZoom();
    var t1 = performance.now();
    /* the figures change with the window only; the rows shown with the search */
    var key = zoom ? zoom.join(' ') : '';
    if (key !== tablesFor) {
      tablesFor = key;
      refreshTables();
    } else {
      sorts.forEach(function (st) { sortTable(st.body, st.entries, st); });
    }
    var t2 = performance.now();
    drawHighlight();
    hideReadout();
    drawStrip();
    drawKeyMarks();
    drawBar();
    describe();
    hook('redrawn');
    share();
    graph.setAttribute('data-redraw-ms', [t1 - t, t2 - t1, performance.now() - t2].map(function (x) { return x.toFixed(1); }).join(' '));
  }

  /* The fraction of the time axis at a client x over panel P's graph. */
  function fractionAt(P, clientX, clientY) {
    var q = toPage(clientX, clientY), f = zoom || [0, 1];
    return f[0] + (q.x - P.plot[0]) / P.plot[2] * (f[1] - f[0]);
  }

  function zoomBy(factor, centre) {
    var f = zoom || [0, 1], c = centre === undefined ? (f[0] + f[1]) / 2 : centre;
    zoomTo(c - (c - f[0]) * factor, c + (f[1] - c) * factor);
  }

  function panBy(delta) {
    var f = zoom || [0, 1];
    if (zoom)
      zoomTo(f[0] + delta * (f[1] - f[0]), f[1] + delta * (f[1] - f[0]));
  }

  /* dragging a range on the graph */
  var drag = null, dragged = false;
  var band = el('rect', {'class': 'sel', visibility: 'hidden'}, overlay);
  overlay.addEventListener('pointerdown', function (e) {
    var k = e.target.getAttribute('data-panel');
    if (k === null || e.button !== 0)
      return;
    var P = D.panels[Number(k)];
    drag = {P: P, x: toPage(e.clientX, e.clientY).x, f: fractionAt(P, e.clientX, e.clientY),
            moved: false};
  });
  overlay.addEventListener('pointermove', function (e) {
    if (!drag)
      return;
    var x = toPage(e.clientX, e.clientY).x, p = drag.P.plot;
    if (Math.abs(x - drag.x) > 3)
      drag.moved = true;
    if (!drag.moved)
      return;
    x = Math.min(Math.max(x, p[0]), p[0] + p[2]);
    band.setAttribute('x', Math.min(x, drag.x));
    band.setAttribute('width', Math.abs(x - drag.x));
    band.setAttribute('y', p[1]);
    band.setAttribute('height', p[3]);
    band.setAttribute('visibility', 'visible');
  });
  window.addEventListener('pointerup', function (e) {
    if (!drag)
      return;
    var d = drag;
    drag = null;
    dragged = d.moved;
    band.setAttribute('visibility', 'hidden');
    if (d.moved)
      zoomTo(d.f, fractionAt(d.P, e.clientX, e.clientY));
  });
  overlay.addEventListener('dblclick', function (e) {
    if (e.target.getAttribute('data-panel') !== null)
      zoomTo(0, 1);
  });
  /* The wheel scrolls the page, as everywhere; with Ctrl (or Cmd, and a
   * trackpad's pinch, which comes as a wheel with Ctrl) it zooms about
   * the pointer, and sideways (or with Shift) it pans a zoomed window.
   * A plain wheel over the graph says how, for a moment. */
  var hint = document.createElement('div');
  hint.className = 'wheel-hint';
  hint.hidden = true;
  hint.textContent = 'Ctrl + wheel zooms (or drag across the graph)';
  graph.appendChild(hint);
  var hintTimer = null;
  overlay.addEventListener('wheel', function (e) {
    var k = e.target.getAttribute('data-panel');
    if (k === null)
      return;
    var sideways = Math.abs(e.deltaX) > Math.abs(e.deltaY) || e.shiftKey;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      zoomBy(e.deltaY > 0 ? 1.25 : 0.8, fractionAt(D.panels[Number(k)], e.clientX, e.clientY));
    } else if (sideways && zoom) {
      e.preventDefault();
      panBy((e.shiftKey ? e.deltaY : e.deltaX) > 0 ? 0.1 : -0.1);
    } else if (!sideways) {
      hint.hidden = false;
      clearTimeout(hintTimer);
      hintTimer = setTimeout(function () { hint.hidden = true; }, 1500);
    }
  }, {passive: false});

  /* two fingers on the graph: pinch zooms about their middle (a trackpad's
   * pinch comes as a wheel with Ctrl, above) */
  var touches = {}, pinch = null;
  overlay.addEventListener('pointerdown', function (e) {
    if (e.pointerType !== 'touch' || e.target.getAttribute('data-panel') === null)
      return;
    touches[e.pointerId] = e.clientX;
    var ids = Object.keys(touches);
    if (ids.length === 2) {
      drag = null; /* not a one-finger drag any more */
      var P = D.panels[Number(e.target.getAttribute('data-panel'))];
      var a = touches[ids[0]], b = touches[ids[1]];
      pinch = {P: P, gap: Math.abs(a - b), f: zoom || [0, 1],
               c: fractionAt(P, (a + b) / 2, e.clientY)};
    }
  });
  overlay.addEventListener('pointermove', function (e) {
    if (!(e.pointerId in touches))
      return;
    touches[e.pointerId] = e.clientX;
    var ids = Object.keys(touches);
    if (!pinch || ids.length !== 2)
      return;
    var gap = Math.abs(touches[ids[0]] - touches[ids[1]]);
    if (!(gap > 0) || !(pinch.gap > 0))
      return;
    var k = pinch.gap / gap, f = pinch.f, c = pinch.c;
    zoomTo(c - (c - f[0]) * k, c + (f[1] - c) * k);
  });
  function untouch(e) {
    delete touches[e.pointerId];
    if (Object.keys(touches).length < 2)
      pinch = null;
  }
  overlay.addEventListener('pointerup', untouch);
  overlay.addEventListener('pointercancel', untouch);

  /* the strip: drag a range, or drag the window to pan */
  var stripDrag = null;
  function stripFraction(e) {
    var r = strip.getBoundingClientRect(), p = P0.plot;
    var x = vb.x + (e.clientX - r.left) / r.width * vb.width;
    return Math.min(Math.max((x - p[0]) / p[2], 0), 1);
  }
  strip.addEventListener('pointerdown', function (e) {
    var f = stripFraction(e), w = zoom || [0, 1];
    stripDrag = {f: f, pan: zoom !== null && f >= w[0] && f <= w[1], w: w.slice(), moved: false};
    strip.setPointerCapture(e.pointerId);
    e.preventDefault();
  });
  strip.addEventListener('pointermove', function (e) {
    if (!stripDrag)
      return;
    var f = stripFraction(e), s = stripDrag;
    if (Math.abs(f - s.f) > 0.003)
      s.moved = true;
    if (!s.moved)
      return;
    if (s.pan)
      zoomTo(s.w[0] + f - s.f, s.w[1] + f - s.f);
    else
      zoomTo(s.f, f);
  });
  strip.addEventListener('pointerup', function () {
    stripDrag = null;
  });
  strip.addEventListener('dblclick', function () {
    zoomTo(0, 1);
  });
  strip.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      panBy(e.key === 'ArrowLeft' ? -0.1 : 0.1);
    }
  });

  /* The readout moved to sample i of panel k, at value v (keeping its
   * band where that band is still drawn); the window pans to it. */
  function stepTo(k, i, v, keep) {
    var P = D.panels[k];
    i = Math.max(0, Math.min(P.t.length - 1, i));
    var f = (P.t[i] - P.t0) / P.t_span, w = zoom || [0, 1];
    if (zoom && (f < w[0] || f > w[1]))
      zoomTo(f - (w[1] - w[0]) / 2, f + (w[1] - w[0]) / 2);
    var r = regions(P, i), b = keep >= 0 ? P.bands.indexOf(keep) : -1;
    if (b < 0 || !(r.hi[b] > r.lo[b] || drawnAsLines()))
      b = bandAt(P, i, v, r);
    else
      v = (r.lo[b] + r.hi[b]) / 2;
    var pt = overlay.createSVGPoint();
    pt.x = xOf(P, P.t[i]);
    pt.y = yOf(P, Math.min(Math.max(v, P.v.y_lo), P.v.y_lo + P.v.y_span));
    var c = pt.matrixTransform(overlay.getScreenCTM());
    pointed = b >= 0 ? P.bands[b] : -1;
    last = {k: k, i: i, v: v};
    fill(k, P, i, b, r);
    place(c.x, c.y, P, i, b, r);
  }

  /* The graph takes the focus (Tab): the arrows then move the readout. */
  hits.forEach(function (h, k) {
    h.setAttribute('tabindex', '0');
    h.setAttribute('role', 'img');
    h.setAttribute('aria-label', (D.panels[k].title || 'the graph') +
                   ': the arrow keys move the readout from sample to sample, ' +
                   'up and down from band to band, I shows its band alone');
    h.addEventListener('focus', function () {
      if (!last || last.k !== k) {
        var P = D.panels[k], w = windowOf(P);
        var i = Math.max(0, Math.min(P.t.length - 1, (w[0] + w[1]) >> 1));
        stepTo(k, i, regions(P, i).total / 2, -1);
      }
    });
    h.addEventListener('blur', function () {
      last = null;
      hideReadout();
    });
    h.addEventListener('keydown', function (e) {
      if (!last || !D.panels[k].t.length)
        return;
      var P = D.panels[k], key = readout.getAttribute('data-band');
      var band = key === '' ? -1 : Number(key);
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        stepTo(k, last.i + (e.key === 'ArrowLeft' ? -1 : 1) * (e.shiftKey ? 10 : 1), last.v, band);
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        /* the next band drawn above or below */
        e.preventDefault();
        var r = regions(P, last.i), b = P.bands.indexOf(band), d = e.key === 'ArrowUp' ? 1 : -1;
        for (var j = b < 0 ? (d > 0 ? 0 : P.bands.length - 1) : b + d; j >= 0 && j < P.bands.length; j += d)
          if (shown[P.bands[j]] && (r.hi[j] > r.lo[j] || drawnAsLines())) {
            stepTo(k, last.i, (r.lo[j] + r.hi[j]) / 2, P.bands[j]);
            break;
          }
      } else if ((e.key === 'i' || e.key === 'I') && band >= 0) {
        e.preventDefault();
        var at = last;
        isolate(band, e.shiftKey);
        stepTo(at.k, at.i, at.v, band);
      } else if (e.key === 'Enter' && band >= 0) {
        e.preventDefault();
        pin(band);
      }
    });
  });

  /* +, -, Escape anywhere but a text box */
  document.addEventListener('keydown', function (e) {
    var tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey)
      return;
    if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoomBy(0.5);
    } else if (e.key === '-' || e.key === '_' || e.key === '\u2212') {
      e.preventDefault();
      zoomBy(2);
    } else if (e.key === 'Escape' && zoom) {
      e.preventDefault();
      zoomTo(0, 1);
    }
  });

  /* ---- isolate, search, view: the toolbar ---- */

  function refresh() {
    var f = zoom || [0, 1];
    zoomTo(f[0], f[1]);
  }

  /* Show band k only (add: add it to the bands shown alone, or take it
   * out); band k alone already: every band again. */
  function isolate(k, add) {
    if (k < 0 || k >= shown.length)
      return;
    var alone = shown.filter(Boolean).length === 1 && shown[k];
    if (add && isolating()) {
      shown[k] = !shown[k];
      if (!shown.some(Boolean))
        showAll(true);
    } else if (!add && alone) {
      showAll(true);
    } else {
      shown = shown.map(function (x, j) { return j === k; });
    }
    refresh();
  }

  function showAll(quiet) {
    shown = shown.map(function () { return true; });
    if (!quiet)
      refresh();
  }

  /* The key entries: faint when left out, outlined when the search
   * matches them. */
  var keyMarks = el('g', {}, overlay);
  overlay.insertBefore(keyMarks, highlight);
  /* Two paths, one of the veiled entries' boxes and one of the matched
   * ones: a keystroke sets one attribute, not 647 rectangles' (their
   * style, paint and raster were most of a search's first keystroke on
   * the key page). */
  var keyOut = el('path', {'class': 'veil', d: ''}, keyMarks);
  var keyMatch = el('path', {'class': 'match', d: ''}, keyMarks);
  var keyBoxes = D.bands.map(function (B) {
    return B.box ? 'M' + B.box[0] + ' ' + B.box[1] + 'h' + B.box[2] + 'v' + B.box[3] +
                   'h' + -B.box[2] + 'z' : '';
  });
  function drawKeyMarks() {
    var out = '', found = '';
    D.bands.forEach(function (B, k) {
      if (!keyBoxes[k])
        return;
      if (!shown[k])
        out += keyBoxes[k];
      if (matcher !== null && matcher(B.name))
        found += keyBoxes[k];
    });
    if (keyOut.getAttribute('d') !== out)
      keyOut.setAttribute('d', out);
    if (keyMatch.getAttribute('d') !== found)
      keyMatch.setAttribute('d', found);
  }

  var bar = document.createElement('div');
  bar.className = 'toolbar';
  graph.parentNode.insertBefore(bar, graph);

  function control(label, element) {
    var l = document.createElement('label');
    l.appendChild(document.createTextNode(label + ' '));
    l.appendChild(element);
    bar.appendChild(l);
    return element;
  }

  function button(text, title, act) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.title = title;
    b.addEventListener('click', act);
    bar.appendChild(b);
    return b;
  }

  var viewBox = null;
  if (!D.diff) {
    viewBox = document.createElement('select');
    viewBox.id = 'view';
    [['stacked', 'stacked'], ['percent', 'percent'], ['lines', 'lines'],
     ['scaled', 'lines, own scales']].forEach(function (v) {
      var o = document.createElement('option');
      o.value = v[0];
      o.textContent = v[1];
      viewBox.appendChild(o);
    });
    viewBox.value = mode;
    control('View', viewBox);
    viewBox.addEventListener('change', function () {
      mode = viewBox.value;
      refresh();
    });
  }

  var search = document.createElement('input');
  search.type = 'search';
  search.id = 'search';
  search.placeholder = 'name or regular expression';
  search.setAttribute('spellcheck', 'false');
  search.setAttribute('autocomplete', 'off');
  control('Search', search);
  var searchNote = document.createElement('span');
  searchNote.className = 'search-note';
  searchNote.setAttribute('role', 'status');

  /* POSIX extended expressions (regcomp's REG_EXTENDED, --include's and
   * --exclude's dialect, GNU's extensions included) as JavaScript's
   * RegExp, so that the page's search and the command line match the
   * same names: bracket expressions with their classes ([[:digit:]]), a
   * backslash in brackets as itself, \< \> as word edges, a{,n} as
   * a{0,n}, a backslash before any other ordinary character as that
   * character (\d is a d), and '.' across a name's newlines.  null when
   * the text is no such expression. */
  var CLASSES = {alpha: 'A-Za-z', digit: '0-9', alnum: '0-9A-Za-z', upper: 'A-Z', lower: 'a-z',
                 space: ' \\t\\n\\r\\f\\v', blank: ' \\t', punct: '!-\\/:-@\\[-`{-~',
                 print: ' -~', graph: '!-~', cntrl: '\\x00-\\x1f\\x7f', xdigit: '0-9A-Fa-f'};

  function posixRegExp(text) {
    /* out: the JavaScript so far; atom: where its last atom starts (-1:
     * none to repeat); quantified: that atom has a repetition already
     * (POSIX repeats it again, a** or x{1}{2}: it becomes a group) */
    var out = '', i = 0, n = text.length, atom = -1, quantified = false, groups = [];
    function literal(ch) {
      return ch.replace(/[\\^$.*+?()[\]{}|\/-]/g, '\\$&');
    }
    function add(js, start) {
      atom = start === undefined ? out.length : start;
      quantified = false;
      out += js;
    }
    function repeat(js) {
      if (atom < 0)
        return false; /* regcomp: invalid preceding regular expression */
      if (quantified)
        out = out.slice(0, atom) + '(?:' + out.slice(atom) + ')';
      out += js;
      quantified = true;
      return true;
    }
    while (i < n) {
      var ch = text[i];
      if (ch === '\\') {
        if (i + 1 >= n)
          return null; /* a trailing backslash */
        var nx = text[i + 1];
        i += 2;
        if ('wWsS'.indexOf(nx) >= 0 || /[1-9]/.test(nx))
          add('\\' + nx);
        else if ('bB'.indexOf(nx) >= 0) {
          out += '\\' + nx;
          atom = -1;
        } else if (nx === '<' || nx === '>') {
          out += '\\b';
          atom = -1;
        } else if (nx === '`' || nx === '\'') {
          out += nx === '`' ? '^' : '$';
          atom = -1;
        } else
          add(literal(nx));
      } else if (ch === '[') {
        var j = i + 1, set = '';
        if (text[j] === '^') {
          set = '^';
          j++;
        }
        var first = true;
        for (;;) {
          if (j >= n)
            return null; /* no closing ] */
          var c = text[j];
          if (c === ']' && !first)
            break;
          first = false;
          if (c === '[' && (text[j + 1] === ':' || text[j + 1] === '.' || text[j + 1] === '=')) {
            var kind = text[j + 1], end = text.indexOf(kind + ']', j + 2);
            if (end < 0)
              return null;
            var inner = text.slice(j + 2, end);
            if (kind === ':') {
              if (!CLASSES.hasOwnProperty(inner))
                return null; /* regcomp: invalid character class */
              set += CLASSES[inner];
            } else {
              set += literal(inner);
            }
            j = end + 2;
            continue;
          }
          /* a - between two characters is a range, as in JavaScript */
          set += c === '-' ? '-' : literal(c);
          j++;
        }
        add('[' + set + ']');
        i = j + 1;
      } else if (ch === '{') {
        var m = /^\{(\d*)(,(\d*))?\}/.exec(text.slice(i));
        if (!m || (m[1] === '' && m[2] === undefined) ||
            (m[3] && Number(m[3]) < Number(m[1] || 0)))
          return null; /* regcomp refuses a brace that is no interval */
        if (!repeat('{' + (m[1] || '0') + (m[2] !== undefined ? ',' + m[3] : '') + '}'))
          return null;
        i += m[0].length;
      } else if (ch === '*' || ch === '+' || ch === '?') {
        if (!repeat(ch))
          return null;
        i++;
      } else if (ch === '(') {
        groups.push(out.length);
        out += '(';
        atom = -1;
        i++;
      } else if (ch === ')') {
        if (groups.length)
          add(')', groups.pop());
        else
          add('\\)'); /* regcomp takes an unmatched ) as itself */
        i++;
      } else if (ch === '|') {
        out += '|';
        atom = -1;
        i++;
      } else if (ch === '^' || ch === '$') {
        out += ch;
        atom = -1;
        i++;
      } else {
        add(ch === '/' ? '\\/' : ch === '.' ? '.' : literal(ch));
        i++;
      }
    }
    try {
      return new RegExp(out, 's');
    } catch (err) {
      return null;
    }
  }

  /* Where the search's matches are: the bands drawn, and the names the
   * page lists that are not bands of their own (inside OTHER, or left out
   * by -t), each counted once whatever the panels. */
  function matchesOf(re) {
    var bands = D.bands.filter(function (B) { return re.test(B.name); }).length;
    var other = {}, traced = {}, isBand = {}, listed = 0, total = 0;
    D.bands.forEach(function (B) { isBand[B.name] = true; });
    D.panels.forEach(function (P) {
      if (!P.names)
        return;
      listed = Math.max(listed, P.names.name.length);
      total = Math.max(total, P.names.total);
      P.names.name.forEach(function (name, i) {
        if (isBand[name] || !re.test(name))
          return;
        if (P.names.band[i] < 0)
          traced[name] = true;
        else
          other[name] = true;
      });
    });
    return {bands: bands, other: Object.keys(other).length, traced: Object.keys(traced).length,
            listed: listed, total: total};
  }

  /* The search: a POSIX extended expression, as --include takes it; a
   * text that is no expression is looked for as it is, and so is a
   * link's (asText): an expression such as (.|.)*$Z runs for hours on
   * each name, and a link someone shares must not hang the tab it opens. */
  var lastMatches = null;
  function setSearch(text, asText) {
    var re = null, how = '';
    var literal = function () {
      return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    };
    if (text !== '' && asText) {
      re = literal();
      how = ' (from the link: searched as text)';
    } else if (text !== '') {
      re = posixRegExp(text);
      if (!re) {
        re = literal();
        how = ' (not a POSIX expression, as --include takes: searched as text)';
      }
    }
    matcher = re ? function (name) { return re.test(name); } : null;
    searchFaint = matcher !== null && !D.bands.every(function (B) { return matcher(B.name); });
    var note = '';
    lastMatches = re ? matchesOf(re) : null;
    if (re) {
      var m = lastMatches, more = [];
      note = m.bands + ' of ' + D.bands.length + ' bands match';
      if (m.other)
        more.push(grouped(m.other) + ' inside OTHER');
      if (m.traced)
        more.push(grouped(m.traced) + ' that -t' + (P0.trace ? P0.trace.percent : '') +
                  ' leaves out');
      if (more.length)
        note += '; so do ' + more.join(' and ') + ' (Rows: every name lists them; ' +
                'hp2ps --include draws them)';
      if (m.listed < m.total)
        note += '; the page lists ' + grouped(m.listed) + ' of ' + grouped(m.total) +
                ' names (the largest, and those Suspects and OTHER opened name)';
      /* --diff's OTHER: its names are not in the page, and a search
       * cannot say whether they match */
      if (D.panels.some(function (P) {
        return !P.names && P.bands.some(function (k) { return D.bands[k].other; });
      }))
        note += '; the names OTHER gathers are not in the page (hp2ps -m0 draws each)';
      note += how;
    }
    searchNote.textContent = note;
    markNames(re);
    refresh();
  }
  search.addEventListener('input', function () {
    setSearch(search.value);
  });
  search.addEventListener('keydown', function (e) {
    if (e.key === 'Enter') {
      e.preventDefault();
      isolateMatches();
    } else if (e.key === 'Escape') {
      /* where a search leaves the focus: Escape shows the whole run as
       * it does elsewhere, then (the run shown) clears the search */
      e.preventDefault();
      e.stopPropagation();
      if (zoom) {
        zoomTo(0, 1);
      } else if (search.value) {
        search.value = '';
        setSearch('');
      }
    }
  });

  /* The part of each name the search matched, marked in the table. */
  function markNames(re) {
    searchRe = re;
    searchStamp++;
  }

  /* Row e's name with the part the search matched marked (rows laid out
   * only: sortTable calls it). */
  function markName(e) {
    if (e.marked === searchStamp)
      return;
    e.marked = searchStamp;
    var re = searchRe;
    (function () {
        var span = e.nameSpan, name = e.name;
        var m = re && re.exec(name);
        /* the same part marked as before: the row is not laid out again
         * (a keystroke rewrote 100 names that did not change) */
        var at = m && m[0] ? m.index + ':' + m[0].length : '';
        if (e.markAt === at)
          return;
        e.markAt = at;
        span.textContent = '';
        if (!m || !m[0]) {
          span.textContent = name;
          return;
        }
        span.appendChild(document.createTextNode(name.slice(0, m.index)));
        span.appendChild(document.createElement('mark')).textContent = m[0];
        span.appendChild(document.createTextNode(name.slice(m.index + m[0].length)));
    })();
  }

  function isolateMatches() {
    if (!matcher)
      return;
    var any = D.bands.some(function (B) { return matcher(B.name); });
    if (any)
      shown = D.bands.map(function (B) { return matcher(B.name); });
    refresh();
  }

  button('Show only matches', 'Draw only the bands the search matches (Enter in the search box)',
         isolateMatches);
  var allButton = button('Show all bands', 'Bring back every band (a click on the graph\u2019s ' +
                         'empty part too)', function () { showAll(); });
  var zoomButton = button('Whole run', 'See the whole time axis again (Escape, or a ' +
                          'double-click on the graph)', function () { zoomTo(0, 1); });

  /* ---- save the view shown as SVG or PNG ---- */

  /* The view shown as one SVG: the drawing, and over it what the page
   * draws (the zoomed or isolated graph, the search's marks, the band
   * kept highlighted), with the page's style for those; no pointer. */
  function viewSvg() {
    var out = picture.cloneNode(true);
    out.removeAttribute('id');
    out.setAttribute('xmlns', NS);
    out.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
    var css = [];
    Array.prototype.forEach.call(document.styleSheets, function (sheet) {
      var rules;
      try {
        rules = sheet.cssRules;
      } catch (err) {
        return;
      }
      Array.prototype.forEach.call(rules, function (r) {
        if (r.selectorText && /^#overlay /.test(r.selectorText) && !/:hover|:focus/.test(r.selectorText))
          css.push(r.cssText.replace(/#overlay /g, '.hp2ps-view '));
      });
    });
    var style = document.createElementNS(NS, 'style');
    style.textContent = css.join('\n');
    out.insertBefore(style, out.firstChild);
    var layer = el('g', {'class': 'hp2ps-view'}, out);
    layer.appendChild(defs.cloneNode(true));
    [zoomLayer, veils, keyMarks, highlight].forEach(function (g) {
      if (g.getAttribute('visibility') !== 'hidden')
        layer.appendChild(g.cloneNode(true));
    });
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(out);
  }

  /* The file name: the page's, with what the view is. */
  function viewName(ext) {
    var base = decodeURIComponent(location.pathname.split('/').pop() || 'hp2ps')
      .replace(/\.html?$/i, '');
    return base + '-view.' + ext;
  }

  function download(blob, name) {
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () {
      URL.revokeObjectURL(a.href);
      a.remove();
    }, 1000);
  }

  function saveSvg() {
    download(new Blob([viewSvg()], {type: 'image/svg+xml'}), viewName('svg'));
  }

  /* The view's SVG drawn on a canvas, two pixels a point, on white. */
  function viewPng(then) {
    var img = new Image(), scale = 2;
    img.onload = function () {
      var canvas = document.createElement('canvas');
      canvas.width = Math.round(vb.width * scale);
      canvas.height = Math.round(vb.height * scale);
      var ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(then, 'image/png');
    };
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(viewSvg());
  }

  function savePng() {
    viewPng(function (blob) {
      download(blob, viewName('png'));
    });
  }

  var saveBox = document.createElement('span');
  saveBox.className = 'save';
  bar.appendChild(saveBox);
  [['Save SVG', 'The view shown (window, bands, view, search) as an SVG file', saveSvg],
   ['Save PNG', 'The view shown as a PNG picture, two pixels a point', savePng]]
    .forEach(function (b) {
      var e = document.createElement('button');
      e.type = 'button';
      e.textContent = b[0];
      e.title = b[1];
      e.addEventListener('click', b[2]);
      saveBox.appendChild(e);
    });
  bar.appendChild(searchNote); /* (a line of its own, under the controls) */

  function drawBar() {
    allButton.disabled = !isolating();
    zoomButton.disabled = !zoom;
    graph.setAttribute('data-view', mode);
    graph.setAttribute('data-shown', isolating() ? shown.map(function (x, k) {
      return x ? k : -1; }).filter(function (k) { return k >= 0; }).join(' ') : '');
  }

  /* A click on a band in the graph shows it alone (Shift or Ctrl: adds
   * it to those shown); on no band, every band again.  A double-click
   * (which resets the zoom) is not a click for this. */
  var clickTimer = null;
  overlay.addEventListener('click', function (e) {
    if (e.target.getAttribute('data-panel') === null || dragged)
      return;
    var k = pointed, add = e.shiftKey || e.ctrlKey || e.metaKey;
    clearTimeout(clickTimer);
    if (e.detail > 1)
      return;
    if (last && !add && hook('clicked', last.k, last.i, k).indexOf(true) >= 0)
      return; /* a feature took it (OTHER opened) */
    clickTimer = setTimeout(function () {
      if (k >= 0)
        isolate(k, add);
      else if (isolating())
        showAll();
    }, add ? 0 : 250);
  });
  overlay.addEventListener('dblclick', function () {
    clearTimeout(clickTimer);
  });

  /* ---- markers: a list to go to each ---- */

  (function () {
    var MAX = 200, n = 0;
    var list = document.createElement('ol');
    list.className = 'marks';
    D.panels.forEach(function (P, k) {
      (P.mark_t || []).forEach(function (mt, m) {
        if (n++ >= MAX)
          return;
        var li = document.createElement('li'), b = document.createElement('button');
        b.type = 'button';
        b.textContent = '\u25B8 ' + time(mt) + ' ' + P.mark_text[m] +
                        (D.panels.length > 1 ? ' (' + P.title + ')' : '');
        b.setAttribute('data-mark', String(m));
        b.addEventListener('click', function () { goToMark(k, mt); });
        li.appendChild(b);
        list.appendChild(li);
      });
    });
    if (!n)
      return;
    var head = document.createElement('p');
    head.className = 'marks-head';
    head.textContent = 'Markers' + (n > MAX ? ' (the first ' + MAX + ' of ' + n + ')' : '') +
                       ': a click zooms to one and reads the sample there.';
    tables.parentNode.insertBefore(head, tables);
    tables.parentNode.insertBefore(list, tables);
  })();

  /* The window centred on marker time mt of panel k (as wide as the
   * window shown, or a tenth of the run), the readout on its sample. */
  function goToMark(k, mt) {
    var P = D.panels[k], f = (mt - P.t0) / P.t_span, w = zoom || [0, 1];
    var half = Math.min((w[1] - w[0]) / 2, 0.05), i = nearest(P, mt);
    /* the marker and its nearest sample, both in the window */
    var fs = i >= 0 ? (P.t[i] - P.t0) / P.t_span : f;
    zoomTo(Math.min(f, fs) - half, Math.max(f, fs) + half);
    if (i >= 0) {
      hits[k].focus();
      stepTo(k, i, regions(P, i).total / 2, -1);
    }
  }

  /* ---- the URL fragment: #from=T&to=T (panel 0's times) ---- */

  var sharing = false;
  /* #from=T&to=T&band=NAME&band=NAME&view=V&search=TEXT: the window
   * (panel 0's times), the bands shown alone, the view and the search. */
  function share() {
    if (sharing || !history.replaceState || sharePending)
      return;
    /* when the page is idle, not in the frame that answers the reader
     * (replaceState and the navigation it makes took 4 to 12 ms of a
     * search keystroke at 647 bands, after the frame too): once for the
     * redraws of one frame, of what is shown then; within 250 ms */
    sharePending = true;
    if (window.requestIdleCallback)
      requestIdleCallback(shareNow, {timeout: 250});
    else
      setTimeout(shareNow, 100);
  }
  var sharePending = false;

  function shareNow() {
    if (!sharePending)
      return;
    sharePending = false;
    var parts = [];
    if (zoom)
      parts.push('from=' + Number(P0.v.t0.toPrecision(9)),
                 'to=' + Number((P0.v.t0 + P0.v.t_span).toPrecision(9)));
    if (isolating())
      D.bands.forEach(function (B, k) {
        if (shown[k])
          parts.push('band=' + encodeURIComponent(B.name));
      });
    if (mode !== D.mode)
      parts.push('view=' + mode);
    if (search.value)
      parts.push('search=' + encodeURIComponent(search.value));
    hook('fragment').forEach(function (more) { parts = parts.concat(more); });
    try {
      history.replaceState(null, '', parts.length ? '#' + parts.join('&')
                                                  : location.pathname + location.search);
    } catch (err) { /* a browser that refuses it on file: URLs: no link */ }
    save();
  }

  function fromHash() {
    var want = {band: []};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('='), k = kv.slice(0, i), v;
      if (i < 0)
        return;
      try {
        v = decodeURIComponent(kv.slice(i + 1));
      } catch (err) {
        return; /* a broken escape: that field is left out */
      }
      if (k === 'band')
        want.band.push(v);
      else
        want[k] = v;
    });
    sharing = true;
    hook('fromFragment', want);
    if (want.view && viewBox && ['stacked', 'percent', 'lines', 'scaled'].indexOf(want.view) >= 0) {
      viewBox.value = mode = want.view;
    }
    if (want.search !== undefined) {
      search.value = want.search;
      setSearch(want.search, true);
    }
    var names = D.bands.map(function (B) { return B.name; });
    if (want.band.length && want.band.some(function (n) { return names.indexOf(n) >= 0; }))
      shown = names.map(function (n) { return want.band.indexOf(n) >= 0; });
    var a = Number(want.from), z = Number(want.to);
    if (want.from !== undefined && want.to !== undefined && isFinite(a) && isFinite(z) &&
        P0.t_span > 0)
      zoomTo((a - P0.t0) / P0.t_span, (z - P0.t0) / P0.t_span);
    else
      refresh();
    sharing = false;
  }
  window.addEventListener('hashchange', fromHash);

  /* ---- hooks: the page's features in files of their own ----
   * (suspects.js, icicle.js) register a function in window.hp2psFeatures
   * before this script runs; each is called once with api and returns
   * the hooks it answers: pointed(k, i, band) after the readout moved to
   * sample i of panel k; redrawn() after the window, the bands shown or
   * the view changed; clicked(k, i, band) a plain click on the graph
   * (true: taken, nothing isolated); fragment() more parts of the URL
   * fragment; fromFragment(want) its fields read back; state() and
   * selftest(fields) for ?selftest=. */
  var api = {
    D: D, graph: graph, tables: tables, readout: readout, overlay: overlay, toolbar: bar,
    el: el, line: line, quantity: quantity, percent: percent, time: time, slope: slope,
    grouped: grouped, colour: colour, windowOf: windowOf, nearest: nearest, regions: regions,
    choose: choose, hover: hover, leave: leave, share: share, refresh: refresh,
    zoom: function () { return zoom; },
    last: function () { return last; },
    shown: function () { return shown.slice(); },
    /* the bands of key indices set alone (none: every band) */
    showOnly: function (set) {
      shown = D.bands.map(function (B, k) { return !set.length || set.indexOf(k) >= 0; });
      refresh();
    }
  };
  features = (window.hp2psFeatures || []).map(function (f) { return f(api) || {}; });
  drawStrip();
  describe();
  if (location.hash.length > 1)
    fromHash();

  /* ---- --watch: the page reloads itself; keep what was chosen ---- */

  var storeKey = 'hp2ps:' + location.pathname;

  /* The element with the focus, as something the page made again after
   * a reload can be found by (a <meta> refresh lost it: a reload took the
   * focus from the search box the reader was typing in). */
  function focused() {
    var a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement)
      return null;
    if (a === search)
      return {search: [a.selectionStart, a.selectionEnd]};
    if (a.classList && a.classList.contains('key'))
      return {key: D.bands[Number(a.getAttribute('data-band'))].name};
    if (a.classList && a.classList.contains('hit'))
      return {hit: a.getAttribute('data-panel')};
    if (a.getAttribute && a.getAttribute('data-column') !== null && a.closest('table'))
      return {filter: a.getAttribute('data-column'), table: a.closest('table').id};
    var row = a.closest && a.closest('tr');
    if (row && row.parentNode.tagName === 'TBODY')
      return {row: row.querySelector('.nm span') ? row.querySelector('.nm span').textContent : '',
              table: row.closest('table').id};
    return a.id ? {id: a.id} : null;
  }

  function refocus(f) {
    flushRows();
    if (!f)
      return;
    var e = null;
    if (f.search) {
      e = search;
    } else if (f.key !== undefined) {
      D.bands.forEach(function (B, k) {
        if (B.name === f.key && keyRects[k])
          e = keyRects[k];
      });
    } else if (f.hit !== undefined) {
      e = hits[Number(f.hit)];
    } else if (f.filter !== undefined) {
      e = document.querySelector('#' + f.table + ' tr.filters input[data-column="' + f.filter + '"]');
    } else if (f.row !== undefined) {
      Array.prototype.forEach.call(document.querySelectorAll('#' + f.table + ' tbody tr'),
        function (row) {
          var name = row.querySelector('.nm span');
          if (name && name.textContent === f.row)
            e = row;
        });
    } else if (f.id) {
      e = document.getElementById(f.id);
    }
    if (!e)
      return;
    e.focus({preventScroll: true});
    if (f.search && search.setSelectionRange)
      search.setSelectionRange(f.search[0], f.search[1]);
  }

  /* The page's data, summed up: a reload that finds it the same found no
   * new draw. */
  function dataStamp() {
    var text = source.textContent, h = 2166136261;
    for (var i = 0; i < text.length; i++)
      h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return (h >>> 0).toString(16) + ':' + text.length;
  }

  var sameReloads = 0; /* reloads in a row that found the page the same */

  function save() {
    if (!D.watch)
      return;
    try {
      sessionStorage.setItem(storeKey, JSON.stringify({
        pinned: pinned >= 0 ? D.bands[pinned].name : null,
        sorts: sorts.map(function (s) { return [s.column, s.dir]; }),
        view: location.hash, /* the refresh drops the fragment: the zoom, the bands... */
        search: search.value, /* (the reader's own: an expression, not a link's text) */
        rows: rowsMode,
        focus: focused(),
        stamp: dataStamp(),
        same: sameReloads
      }));
    } catch (e) { /* storage refused (a private window): nothing kept */ }
  }

  var restored = false, savedFocus = null;

  function restore() {
    if (!D.watch)
      return;
    var saved = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(storeKey) || 'null');
    } catch (e) { /* as above */ }
    if (!saved)
      return;
    restored = true;
    if (saved.view && location.hash.length < 2 && history.replaceState) {
      try {
        history.replaceState(null, '', saved.view);
      } catch (e) { /* as in share() */ }
      fromHash();
    }
    if (saved.search) {
      search.value = saved.search;
      setSearch(saved.search);
    }
    if (saved.rows === 'names' && rowsBox) {
      rowsBox.value = 'names';
      setRows('names');
    }
    (saved.sorts || []).forEach(function (s, k) {
      if (sorts[k] && s[0] >= 0 && s[0] < COLUMNS.length) {
        sorts[k].column = s[0];
        sorts[k].dir = s[1] < 0 ? -1 : 1;
        sortTable(sorts[k].body, sorts[k].entries, sorts[k]);
      }
    });
    for (var b = 0; b < D.bands.length; b++)
      if (D.bands[b].name === saved.pinned)
        pinned = b;
    sameReloads = saved.stamp === dataStamp() ? (saved.same || 0) + 1 : 0;
    savedFocus = saved.focus;
  }
  restore();
  drawHighlight();
  refocus(savedFocus);
  later(prepare);

  /* ---- the drawing's text as one path per run, the same outlines ----
   * The drawing's text is a <use> of a glyph (a <symbol> of one path) at
   * x, y for each character: 21,909 of them on a key of 647 names, and
   * each is a transform of its own that the browser walks again at every
   * frame (issue 41: 14 ms of each search keystroke on the key page, and
   * 5 ms laying them out).  While the page is idle, each becomes a path
   * of the same outline moved to x, y, in the same group (its fill): the
   * same shapes, each drawn alone as before (one path for a whole run
   * would change the edges where two glyphs overlap). */
  var glyphOutlines = {};

  /* The outline of the glyph a <use> shows, as [first x, first y, the
   * rest in relative moves], or null when it is not a lone path of
   * absolute moves, lines, curves and closes (cairo's). */
  function glyphOutline(use) {
    var href = use.getAttribute('href') || use.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    if (!href || href[0] !== '#' || use.attributes.length !== 3 || !use.hasAttribute('x') ||
        !use.hasAttribute('y'))
      return null;
    var id = href.slice(1);
    if (glyphOutlines.hasOwnProperty(id))
      return glyphOutlines[id];
    var sym = document.getElementById(id), out = null, path = sym && sym.firstElementChild;
    if (sym && sym.localName === 'symbol' && sym.childElementCount === 1 && path.localName === 'path' &&
        path.attributes.length === 2 && path.getAttribute('style') === 'stroke:none;')
      out = relativeOutline(path.getAttribute('d'));
    glyphOutlines[id] = out;
    return out;
  }

  function relativeOutline(d) {
    if (!d.trim()) /* a space: nothing drawn */
      return [];
    var words = d.trim().split(/\s+/), i = 0, rel = [], x = 0, y = 0, sx = 0, sy = 0;
    var need = {M: 2, L: 2, C: 6, Z: 0}, first = null;
    while (i < words.length) {
      var c = words[i++], n = need[c], xy = [];
      if (n === undefined || i + n > words.length)
        return null;
      for (var k = 0; k < n; k++) {
        xy.push(Number(words[i++]));
        if (!isFinite(xy[k]))
          return null;
      }
      if (c === 'Z') {
        rel.push('z');
        x = sx;
        y = sy;
        continue;
      }
      if (first === null) { /* the first move: made absolute at each use */
        first = [xy[0], xy[1]];
        sx = x = xy[0];
        sy = y = xy[1];
        if (c !== 'M')
          return null;
        continue;
      }
      var out = [];
      for (k = 0; k < n; k += 2)
        out.push(xy[k] - x, xy[k + 1] - y);
      rel.push(c.toLowerCase() + ' ' + out.join(' '));
      x = xy[n - 2];
      y = xy[n - 1];
      if (c === 'M') {
        sx = x;
        sy = y;
      }
    }
    return first && [first[0], first[1], rel.join(' ')];
  }

  /* All of it as the page loads, before it is ready: made a few ms at a
   * time after it, the new paths went in at once half a second after
   * (one frame of 225 ms at load 1, 300 to 600 ms at load 8, whatever the
   * reader was doing then), or a part at a time, each part a frame that
   * laid out the whole drawing again (50 to 140 ms). */
  function flattenText() {
    Array.prototype.forEach.call(picture.getElementsByTagName('g'), function (g) {
      var d = [], kids = g.children;
      if (!kids.length || g.attributes.length !== 1 || !g.hasAttribute('style'))
        return;
      for (var j = 0; j < kids.length; j++) {
        var u = kids[j], o = u.localName === 'use' && glyphOutline(u);
        if (!o)
          return;
        if (o.length)
          d.push('M ' + (o[0] + Number(u.getAttribute('x'))) + ' ' +
                 (o[1] + Number(u.getAttribute('y'))) + ' ' + o[2]);
      }
      var frag = document.createDocumentFragment();
      d.forEach(function (one) {
        var path = document.createElementNS(NS, 'path');
        path.setAttribute('style', 'stroke:none;');
        path.setAttribute('d', one);
        frag.appendChild(path);
      });
      g.textContent = '';
      g.appendChild(frag);
    });
  }
  flattenText();

  /* The reloads: each period, but not while the reader is typing,
   * dragging or pinching (a moment after the last input), and no more once
   * watch_stop reloads in a row found the page the same: hp2ps --watch
   * stops after as many looks without a change. */
  (function () {
    if (!D.watch)
      return;
    var lastInput = 0, period = (D.watch_period || 2) * 1000, stop = D.watch_stop || 10;
    ['keydown', 'input', 'pointerdown', 'wheel'].forEach(function (kind) {
      document.addEventListener(kind, function () { lastInput = Date.now(); }, true);
    });
    var status = document.createElement('p');
    status.className = 'watch-note';
    status.setAttribute('role', 'status');
    var date = document.querySelector('.date');
    date.parentNode.insertBefore(status, date.nextSibling);
    var stopped = sameReloads >= stop;
    document.documentElement.setAttribute('data-watch', stopped ? 'stopped' : 'on');
    document.documentElement.setAttribute('data-watch-same', String(sameReloads));
    if (stopped) {
      status.textContent = 'The watch has ended: the profile has not changed for ' + stop +
        ' reloads (' + Math.round(stop * period / 1000) + ' s), as hp2ps --watch stops; ' +
        'reload the page to look again.';
      return;
    }
    status.textContent = 'Watching: the page reloads every ' + period / 1000 + ' s while ' +
      'hp2ps --watch draws it again, keeping the view, the search and the focus.';
    function reload() {
      var busy = Date.now() - lastInput < 1500 || drag || stripDrag || pinch;
      if (busy) {
        setTimeout(reload, 500);
        return;
      }
      save();
      location.reload();
    }
    setTimeout(reload, period);
  })();

  /* ---- ?selftest= (tests only) ---- */

  /* What the page shows now, for the test to read. */
  function state(action) {
    shareNow();
    flushRows();
    var visible = !readout.hidden, rd = {};
    ['panel', 'sample', 'time', 'band', 'value', 'share', 'total', 'hidden'].forEach(function (a) {
      rd[a] = visible ? readout.getAttribute('data-' + a) : null;
    });
    rd.text = visible ? readout.textContent : null;
    return {
      action: action, readout: rd, restored: restored,
      highlight: graph.getAttribute('data-highlight'),
      heap_lines: heapLines.length,
      heap_hidden: heapLines.filter(function (p) { return p.style.visibility === 'hidden'; }).length,
      highlighted_paths: highlight.childNodes.length,
      pressed: keyRects.map(function (r, b) { return r.getAttribute('aria-pressed') === 'true' ? b : -1; })
                       .filter(function (b) { return b >= 0; }),
      focused: document.activeElement && document.activeElement.getAttribute('data-band'),
      zoom: graph.getAttribute('data-zoom'), note: note.textContent, view: mode,
      hash: location.hash,
      shown: shown.map(function (x, k) { return x ? k : -1; }).filter(function (k) { return k >= 0; }),
      search: searchNote.textContent,
      drawn_paths: zoomLayer.querySelectorAll('path').length,
      drawn_x: drawnXs(),
      mark_labels: Array.prototype.map.call(zoomLayer.querySelectorAll('text.mark-label'),
                                            function (t) {
        var b = t.getBBox();
        return [b.x, b.x + b.width, b.y, b.y + b.height, t.textContent];
      }),
      faint_paths: zoomLayer.querySelectorAll('path.faint').length,
      marked_keys: (keyMatch.getAttribute('d').match(/M/g) || []).length,
      y_top: P0.v.y_lo + P0.v.y_span,
      scales: D.panels.map(function (P) { return [P.v.y_lo, P.v.y_span]; }),
      tops: P0.t.map(function (t, i) {
        var r = regions(P0, i), top = drawnAsLines() ? -Infinity : 0;
        for (var b = 0; b < P0.bands.length; b++)
          if (shown[P0.bands[b]])
            top = Math.max(top, r.hi[b]);
        return [t, top];
      }),
      rows_mode: rowsMode,
      where: sorts.length ? (function () {
        var w = {};
        sorts[0].entries.forEach(function (e) { w[e.name] = e.where || ''; });
        return w;
      })() : {},
      figures: (document.getElementById('figures') || {}).textContent || '',
      heap_about: (document.querySelector('.heap-about') || {}).textContent || '',
      lines: Array.prototype.map.call(zoomLayer.querySelectorAll('path.band-line'), function (p) {
        return p.getAttribute('d');
      }),
      details: sorts.length ? Array.prototype.map.call(sorts[0].body.rows, function (row) {
        return FIELDS.map(function (name, j) { return row.cells[cellOf[11 + j]].textContent; });
      }) : [],
      matching: sorts.length ? sorts[0].matching : null,
      table: sorts.length ? sorts[0].entries.map(function (e) {
        return {band: e.name, first: e.values[8], last: e.values[9], peak: e.values[3], at: e.values[4],
                slope: e.values[5], r2: e.values[6], integral: e.values[7], share: e.values[2]};
      }) : [],
      rows: sorts.length ? Array.prototype.map.call(sorts[0].body.rows, function (row) {
        return row.getAttribute('data-band');
      }) : [],
      features: hook('state')
    };
  }

  /* The x of every point the page's own drawing of the bands goes
   * through (each sample drawn, once), from the paths themselves. */
  function drawnXs() {
    var seen = {};
    Array.prototype.forEach.call(zoomLayer.querySelectorAll('path.band, path.band-line'), function (p) {
      (p.getAttribute('d').match(/[ML]-?[0-9.e+-]+/g) || []).forEach(function (m) {
        seen[m.slice(1)] = true;
      });
    });
    return Object.keys(seen).map(Number).sort(function (a, z) { return a - z; });
  }

  function selftest(actions) {
    var log = document.createElement('ol');
    log.id = 'selftest';
    document.body.appendChild(log);
    actions.split(';').forEach(function (a) {
      var f = a.split(':');
      if (f[0] === 'at') {
        var P = D.panels[Number(f[1])];
        var pt = overlay.createSVGPoint();
        pt.x = xOf(P, Number(f[2]));
        pt.y = yOf(P, Number(f[3]));
        var c = pt.matrixTransform(overlay.getScreenCTM());
        var target = document.elementFromPoint(c.x, c.y) || overlay;
        target.dispatchEvent(new PointerEvent('pointermove', {clientX: c.x, clientY: c.y,
                                                              bubbles: true}));
      } else if (f[0] === 'key' && keyRects[Number(f[1])]) {
        keyRects[Number(f[1])].dispatchEvent(new MouseEvent('click', {bubbles: true}));
      } else if (f[0] === 'enter' && keyRects[Number(f[1])]) {
        var r = keyRects[Number(f[1])];
        r.focus();
        r.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
      } else if (f[0] === 'hover' && keyRects[Number(f[1])]) {
        keyRects[Number(f[1])].dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
      } else if (f[0] === 'out' && keyRects[Number(f[1])]) {
        keyRects[Number(f[1])].dispatchEvent(new PointerEvent('pointerout', {bubbles: true}));
      } else if (f[0] === 'row' && rows[Number(f[1])]) {
        rows[Number(f[1])].cells[1].dispatchEvent(new MouseEvent('click', {bubbles: true}));
      } else if (f[0] === 'pin' && pinned !== Number(f[1])) {
        pin(Number(f[1]));
      } else if (f[0] === 'blur' && document.activeElement) {
        document.activeElement.blur();
      } else if (f[0] === 'heap' && heapBox) {
        heapBox.click();
      } else if (f[0] === 'zoom') { /* zoom:A:B, times of panel 0 */
        zoomTo((Number(f[1]) - P0.t0) / P0.t_span, (Number(f[2]) - P0.t0) / P0.t_span);
      } else if (f[0] === 'reset') {
        zoomTo(0, 1);
      } else if (f[0] === 'search') { /* search:TEXT (TEXT may hold ':') */
        search.value = f.slice(1).join(':');
        /* A regular expression only on a page opened from a file (the
         * tests'), which no web page can link to; elsewhere anyone's link
         * could hang the tab with one, so it is text, as #search= is. */
        if (location.protocol === 'file:')
          search.dispatchEvent(new Event('input'));
        else
          setSearch(search.value, true);
      } else if (f[0] === 'mark') { /* mark:M clicks marker M of the list */
        var mb = document.querySelectorAll('ol.marks button')[Number(f[1])];
        if (mb)
          mb.click();
      } else if (f[0] === 'only') {
        isolateMatches();
      } else if (f[0] === 'isolate' || f[0] === 'add') {
        isolate(Number(f[1]), f[0] === 'add');
      } else if (f[0] === 'all') {
        allButton.click();
      } else if (f[0] === 'rows' && rowsBox) { /* rows:bands or rows:names */
        rowsBox.value = f[1];
        rowsBox.dispatchEvent(new Event('change'));
      } else if (f[0] === 'view' && viewBox) {
        viewBox.value = f[1];
        viewBox.dispatchEvent(new Event('change'));
      } else if (f[0] === 'focus') {
        hits[Number(f[1])].focus();
        if (!last) /* a window without the focus (headless) fires no focus event */
          hits[Number(f[1])].dispatchEvent(new FocusEvent('focus'));
      } else if (f[0] === 'press' && document.activeElement) { /* press:KEY on the focus */
        document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: f[1], bubbles: true}));
      } else if (f[0] === 'sort') {
        var th = sorts[0] && sorts[0].heads[Number(f[1])];
        if (th)
          th.firstChild.click();
      } else if (f[0] === 'filter') { /* filter:C:TEXT types TEXT in column C's box */
        var box = document.querySelector('#bands-0 tr.filters input[data-column="' + f[1] + '"]');
        if (box) {
          box.value = f.slice(2).join(':');
          box.dispatchEvent(new Event('input'));
        }
      } else {
        hook('selftest', f);
      }
      var li = document.createElement('li');
      li.textContent = JSON.stringify(state(a));
      log.appendChild(li);
    });
    document.documentElement.setAttribute('data-selftest', 'done');
  }
  document.documentElement.setAttribute('data-ready', 'yes');
  if (performance.mark)
    performance.mark('hp2ps-ready');
  var m = /[?&]selftest=([^&]*)/.exec(location.search);
  if (m)
    selftest(decodeURIComponent(m[1]));
})();
