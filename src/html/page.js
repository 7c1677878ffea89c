/* SPDX-License-Identifier: BSD-3-Clause */
/* page.js: the script of hp2ps's HTML page (-o FILE.html).
 *
 * The graph is the SVG every format draws (cairo's); this script lays a
 * second SVG over it, in the same coordinates (points on the page, y
 * down), and reads the graph back from the data hp2ps wrote beside it
 * (a JSON block, parsed, never run): where each panel's graph is, its
 * scales, and each band's own value in the samples kept.  From those it
 * shows what is under the pointer, highlights a band from its key entry
 * or its table row, and fills the sortable table of the bands.
 *
 * ?selftest=ACTIONS (tests only) runs actions after loading, each
 * separated by ';': at:P:T:V points at time T, value V of panel P (the
 * graph's own units: percent in --mode=percent, the change with --diff);
 * key:N clicks key entry N (a band's index in the data); enter:N focuses
 * it and presses Enter; hover:N and out:N move the pointer onto it and
 * off; pin:N pins band N unless it is pinned (so a reload, --watch's,
 * leaves it); blur takes the focus away; row:N clicks the N-th row made (the
 * first table's, top band first); sort:C clicks the first table's column
 * C.  After each action, what the page shows (the readout, the band
 * highlighted, the rows' order) is appended as JSON to <ol id=selftest>,
 * for chromium --dump-dom to print.
 */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var source = document.getElementById('hp2ps-data');
  var D = source ? JSON.parse(source.textContent) : null;
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

  function xOf(P, t) {
    return P.plot[0] + (t - P.t0) / P.t_span * P.plot[2];
  }

  function yOf(P, v) {
    return P.plot[1] + P.plot[3] - (v - P.y_lo) / P.y_span * P.plot[3];
  }

  /* Each band's region in sample i of panel P, in the graph's units:
   * lo[b]..hi[b] (lines: both the value), and the sample's total.  --diff:
   * the rises stack up from 0 in band order, the falls down from 0 in the
   * opposite order; each band has a region on both sides (one of them
   * empty): rise[b] and fall[b], [lo, hi] each, and lo/hi on its side. */
  function regions(P, i) {
    var n = P.bands.length, v = P.values[i], lo = [], hi = [], total = 0, b;
    for (b = 0; b < n; b++)
      total += v[b];
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
    } else if (D.mode === 'lines') {
      for (b = 0; b < n; b++)
        lo[b] = hi[b] = v[b];
    } else {
      var scale = D.mode === 'percent' ? (total > 0 ? 100 / total : 0) : 1, sum = 0;
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
    if (D.mode !== 'stacked' || D.diff)
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
    if (D.mode === 'lines' && !D.diff) {
      var best = -1, gap = 6 / P.plot[3] * P.y_span; /* six points */
      for (b = 0; b < n; b++)
        if (Math.abs(r.hi[b] - v) <= gap) {
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
      if (D.mode === 'percent' && !(r.total > 0))
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
    if (D.mode === 'lines' && !D.diff)
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

  function drawHighlight() {
    var k = hovered >= 0 ? hovered : pinned;
    while (highlight.firstChild)
      highlight.removeChild(highlight.firstChild);
    veils.setAttribute('visibility', k >= 0 ? 'visible' : 'hidden');
    keyVeil.forEach(function (v, b) {
      v.setAttribute('visibility', b === k ? 'hidden' : 'inherit');
    });
    graph.setAttribute('data-highlight', k >= 0 ? String(k) : '');
    keyRects.forEach(function (r, b) {
      r.setAttribute('aria-pressed', b === pinned ? 'true' : 'false');
    });
    rows.forEach(function (row) {
      row.classList.toggle('on', Number(row.getAttribute('data-band')) === pinned);
    });
    if (k < 0)
      return;
    var line = D.mode === 'lines' && !D.diff;
    D.panels.forEach(function (P) {
      var b = P.bands.indexOf(k);
      if (b < 0 || !P.t.length)
        return;
      var sides = !D.diff ? [null] : P.values.some(function (v) { return v[b] > 0; }) ?
                  (P.values.some(function (v) { return v[b] < 0; }) ? ['rise', 'fall'] : ['rise'])
                  : ['fall'];
      sides.forEach(function (side) {
        el('path', {'class': line ? 'hl-line' : 'hl', d: outline(P, b, side),
                    fill: line ? 'none' : colour(k), stroke: line ? colour(k) : '#000'},
           highlight);
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
  overlay.addEventListener('click', function (e) {
    if (keyOf(e) >= 0)
      pin(keyOf(e));
  });
  overlay.addEventListener('keydown', function (e) {
    if (keyOf(e) >= 0 && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      pin(keyOf(e));
    }
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
    } else {
      line(readout, 'name muted', D.mode === 'lines' ? 'no band\u2019s line here' : 'no band here');
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
      var t = P.t0 + (q.x - p[0]) / p[2] * P.t_span;
      var v = P.y_lo + (p[1] + p[3] - q.y) / p[3] * P.y_span;
      var i = nearest(P, t);
      if (i < 0)
        break;
      i = under(P, i, q.x, v);
      var r = regions(P, i), b = bandAt(P, i, v, r);
      fill(k, P, i, b, r);
      place(clientX, clientY, P, i, b, r);
      return;
    }
    hideReadout();
  }

  overlay.addEventListener('pointermove', function (e) {
    point(e.clientX, e.clientY);
  });
  overlay.addEventListener('pointerdown', function (e) {
    point(e.clientX, e.clientY);
  });
  overlay.addEventListener('pointerleave', hideReadout);

  /* ---- the table of the bands ---- */

  var rows = [];
  var sorts = [];
  var COLUMNS = ['#', 'Band', 'Share', D.diff ? 'Largest change' : 'Peak', 'At', 'Slope'];

  function cellValues(P, b, place) {
    return [place, D.bands[P.bands[b]].name, P.share[b], P.peak[b], P.peak_time[b], P.slope[b]];
  }

  function sortTable(body, entries, state) {
    var c = state.column, dir = state.dir;
    entries.sort(function (a, z) {
      var x = a.values[c], y = z.values[c];
      var d = x < y ? -1 : x > y ? 1 : 0;
      return d * dir || a.values[0] - z.values[0];
    });
    entries.forEach(function (e) {
      body.appendChild(e.row);
    });
    state.heads.forEach(function (th, j) {
      th.setAttribute('aria-sort', j === c ? (dir > 0 ? 'ascending' : 'descending') : 'none');
    });
  }

  function makeTable(P, k) {
    var table = document.createElement('table');
    table.id = 'bands-' + k;
    var cap = document.createElement('caption');
    cap.textContent = D.panels.length > 1 || D.diff ? P.title : 'Bands';
    table.appendChild(cap);
    var head = table.createTHead().insertRow();
    var body = table.createTBody();
    var state = {column: 0, dir: 1, heads: []};
    sorts[k] = state;
    COLUMNS.forEach(function (name, c) {
      var th = document.createElement('th');
      th.scope = 'col';
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = name;
      button.addEventListener('click', function () {
        state.dir = state.column === c ? -state.dir : c === 1 || c === 0 ? 1 : -1;
        state.column = c;
        sortTable(body, entries, state);
        save();
      });
      th.appendChild(button);
      head.appendChild(th);
      state.heads.push(th);
    });
    var entries = [];
    for (var b = P.bands.length - 1; b >= 0; b--) {
      var values = cellValues(P, b, P.bands.length - b);
      var row = body.insertRow();
      row.tabIndex = 0;
      row.setAttribute('data-band', P.bands[b]);
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = colour(P.bands[b]);
      var c0 = row.insertCell();
      c0.textContent = String(values[0]);
      row.insertCell().textContent = values[1];
      row.cells[1].insertBefore(sw, row.cells[1].firstChild);
      row.insertCell().textContent = percent(values[2]);
      row.insertCell().textContent = quantity(values[3], D.diff).replace(/ \(.*\)$/, '');
      row.insertCell().textContent = time(values[4]);
      row.insertCell().textContent = slope(values[5]);
      rows.push(row);
      entries.push({row: row, values: values});
    }
    state.entries = entries;
    state.body = body;
    body.addEventListener('click', function (e) {
      var row = e.target.closest('tr');
      if (row)
        pin(Number(row.getAttribute('data-band')));
    });
    body.addEventListener('pointerover', function (e) {
      var row = e.target.closest('tr');
      if (row)
        hover(Number(row.getAttribute('data-band')));
    });
    body.addEventListener('pointerleave', leave);
    body.addEventListener('focusin', function (e) {
      var row = e.target.closest('tr');
      if (row)
        hover(Number(row.getAttribute('data-band')));
    });
    body.addEventListener('focusout', leave);
    body.addEventListener('keydown', function (e) {
      var row = e.target.closest('tr');
      if (row && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        pin(Number(row.getAttribute('data-band')));
      }
    });
    sortTable(body, entries, state);
    tables.appendChild(table);
  }
  D.panels.forEach(makeTable);

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
    heapBox.addEventListener('change', function () {
      heapLines.forEach(function (p) { p.style.visibility = heapBox.checked ? '' : 'hidden'; });
    });
  })();

  /* ---- --watch: the page reloads itself; keep what was chosen ---- */

  var storeKey = 'hp2ps:' + location.pathname;

  function save() {
    if (!D.watch)
      return;
    try {
      sessionStorage.setItem(storeKey, JSON.stringify({
        pinned: pinned >= 0 ? D.bands[pinned].name : null,
        sorts: sorts.map(function (s) { return [s.column, s.dir]; })
      }));
    } catch (e) { /* storage refused (a private window): nothing kept */ }
  }

  var restored = false;

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
  }
  restore();
  drawHighlight();

  /* ---- ?selftest= (tests only) ---- */

  /* What the page shows now, for the test to read. */
  function state(action) {
    var shown = !readout.hidden, rd = {};
    ['panel', 'sample', 'time', 'band', 'value', 'share', 'total', 'hidden'].forEach(function (a) {
      rd[a] = shown ? readout.getAttribute('data-' + a) : null;
    });
    rd.text = shown ? readout.textContent : null;
    return {
      action: action, readout: rd, restored: restored,
      highlight: graph.getAttribute('data-highlight'),
      heap_lines: heapLines.length,
      heap_hidden: heapLines.filter(function (p) { return p.style.visibility === 'hidden'; }).length,
      highlighted_paths: highlight.childNodes.length,
      pressed: keyRects.map(function (r, b) { return r.getAttribute('aria-pressed') === 'true' ? b : -1; })
                       .filter(function (b) { return b >= 0; }),
      focused: document.activeElement && document.activeElement.getAttribute('data-band'),
      rows: sorts.length ? Array.prototype.map.call(sorts[0].body.rows, function (row) {
        return row.getAttribute('data-band');
      }) : []
    };
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
      } else if (f[0] === 'sort') {
        var th = sorts[0] && sorts[0].heads[Number(f[1])];
        if (th)
          th.firstChild.click();
      }
      var li = document.createElement('li');
      li.textContent = JSON.stringify(state(a));
      log.appendChild(li);
    });
    document.documentElement.setAttribute('data-selftest', 'done');
  }
  var m = /[?&]selftest=([^&]*)/.exec(location.search);
  if (m)
    selftest(decodeURIComponent(m[1]));
})();
