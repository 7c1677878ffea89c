/* SPDX-License-Identifier: BSD-3-Clause */
/* icicle.js: issue 42 in hp2ps's HTML page.  A feature of its own,
 * reaching page.js only through its hooks (page.js, "hooks").
 *
 * Where in the code: the tree of the names (hp2ps sends it as nodes,
 * page/icicle.h: the tree --view=icicle draws, cut down to the names the
 * page has values of) drawn as an icicle, root on top, each node as wide
 * as what it holds, its children from the left, largest first; for the
 * sample under the pointer, or over the window shown in byte-seconds
 * (trapezoids between the samples, as --from/--to's icicle).  The values
 * are the page's own: each band's at the sample, and the names of OTHER
 * and -t listed there (page/suspects.h), the rest of each as one node
 * under the root, so the root is the sample's total, drawn plus not
 * drawn.  A node takes the colour of the band whose name ends there
 * (OTHER's for a name merged into it, light grey for one -t left out,
 * white for a frame no name ends at); a stack the profile cut is hatched
 * under "…", as the drawing has it.  A click on a node draws it as the
 * root and shows only the bands under it in the graph and the table
 * (the URL fragment keeps it: node=); the pointer over a node says its
 * whole name, its bytes and its share.  A breakdown with no tree (-hy,
 * -hd...) gets its names as sorted bars.
 *
 * ?selftest= actions: icicle:pointer|window (what it shows), inode:N
 * (click node N of the panel's tree), iroot (back to the root), ihover:N
 * (the pointer over node N).
 */
(window.hp2psFeatures = window.hp2psFeatures || []).push(function (api) {
  'use strict';
  var D = api.D, NS = 'http://www.w3.org/2000/svg';
  if (!D.panels.some(function (P) { return P.tree; }))
    return {};

  /* "·s" after a window's amounts: the value unit times the time's */
  function timeUnit() {
    return '\u00b7' + (D.x_index ? 'sample' : D.sample_unit === 'seconds' ? 's' : D.sample_unit);
  }

  var W = 1000, ROW = 18, MAX_ROWS = 24, BARS = 30, NARROW = 0.2;
  var KIND = ['root', 'frame', 'cut', 'module', 'file', 'span', 'closure', 'no IPE entry',
               'name'];
  var REST_OTHER = -2, REST_TRACED = -3;

  /* ---- each panel's tree, prepared once ---- */

  function prepare(P) {
    var T = P.tree, n = T.nodes.length, i;
    var t = {n: n, parent: new Int32Array(n), kind: new Int8Array(n), label: [],
             kids: [], tin: new Int32Array(n), tout: new Int32Array(n), depth: new Int32Array(n)};
    for (i = 0; i < n; i++) {
      var nd = T.nodes[i];
      t.parent[i] = nd[0];
      t.kind[i] = nd[1];
      t.label.push(nd[2]);
      t.kids.push([]);
      if (nd[0] >= 0) {
        t.kids[nd[0]].push(i);
        t.depth[i] = t.depth[nd[0]] + 1;
      }
    }
    /* entry and exit order: m is under n when tin[n] <= tin[m] < tout[n] */
    var clock = 0, stack = n ? [[0, 0]] : [];
    while (stack.length) {
      var top = stack[stack.length - 1];
      if (top[1] === 0)
        t.tin[top[0]] = clock++;
      if (top[1] < t.kids[top[0]].length) {
        stack.push([t.kids[top[0]][top[1]++], 0]);
      } else {
        t.tout[top[0]] = clock;
        stack.pop();
      }
    }
    return t;
  }

  var trees = D.panels.map(function (P) {
    return P.tree && P.tree.nodes.length ? prepare(P) : null;
  });

  /* ---- the values: a sample's, or a window's byte-seconds ---- */

  function totalAt(P, i) {
    var s = P.trace ? P.trace.hidden[i] : 0, v = P.values[i];
    for (var b = 0; b < v.length; b++)
      s += v[b];
    return s;
  }

  /* The sample with the largest total (the first of equal ones): --at=peak. */
  function peakSample(P) {
    var best = 0, top = -1;
    for (var i = 0; i < P.t.length; i++) {
      var v = P.opened && P.opened.total ? P.opened.total[i] : totalAt(P, i);
      if (v > top) {
        top = v;
        best = i;
      }
    }
    return best;
  }

  /* Sample i of panel P added, times w, into the node's own values self
   * (and who holds the most of each: owner, ownerValue; rest[0..1]: the
   * rest of OTHER and of -t). */
  function addSample(P, t, i, w, acc) {
    var T = P.tree, v = P.values[i], b, O = P.opened;
    function give(node, x, kind, key) {
      if (node < 0 || !(x > 0))
        return false;
      acc.self[node] += x * w;
      var had = acc.by[node] || (acc.by[node] = {});
      var id = kind + ':' + key;
      had[id] = (had[id] || 0) + x * w;
      return true;
    }
    for (b = 0; b < v.length; b++)
      if (!O || b !== O.other)
        if (!give(T.band_node[b], v[b], 'band', P.bands[b]) && v[b] > 0)
          acc.rest[0] += v[b] * w; /* (a band with no node: none, but for safety) */
    var listed = [0, 0];
    if (O) {
      var at = O.at[i];
      for (var j = 0; j < at.length; j += 2) {
        var m = at[j], tr = O.traced[m];
        if (give(T.member_node[at[j]], at[j + 1], tr ? 't' : 'other', m))
          listed[tr] += at[j + 1];
      }
      if (O.other >= 0)
        acc.rest[0] += Math.max(0, v[O.other] - listed[0]) * w;
      acc.restNames[0] = Math.max(acc.restNames[0], O.counts[2 * i] -
                                  at.filter(function (x, j) { return j % 2 === 0 && !O.traced[x]; }).length);
      acc.restNames[1] = Math.max(acc.restNames[1], O.counts[2 * i + 1] -
                                  at.filter(function (x, j) { return j % 2 === 0 && O.traced[x]; }).length);
    }
    if (P.trace)
      acc.rest[1] += Math.max(0, P.trace.hidden[i] - listed[1]) * w;
  }

  /* The values of panel k's tree: at sample i, or (i < 0) over the
   * window shown, as byte-seconds. */
  function values(k, i) {
    var P = D.panels[k], t = trees[k], n = t.n;
    var acc = {self: new Float64Array(n), by: [], rest: [0, 0], restNames: [0, 0]};
    var what;
    if (i >= 0) {
      addSample(P, t, i, 1, acc);
      what = {sample: i, time: P.t[i]};
    } else {
      var w = api.windowOf(P), a = w[0], z = w[1];
      what = {from: a < z ? P.t[a] : null, to: a < z ? P.t[z - 1] : null, samples: z - a};
      if (z - a >= 2)
        for (var j = a; j < z; j++) {
          var lo = j > a ? P.t[j - 1] : P.t[j], hi = j + 1 < z ? P.t[j + 1] : P.t[j];
          addSample(P, t, j, (hi - lo) / 2, acc);
        }
    }
    var value = new Float64Array(n);
    for (var m = 0; m < n; m++)
      value[m] = acc.self[m];
    for (m = n - 1; m > 0; m--)
      value[t.parent[m]] += value[m];
    value[0] += acc.rest[0] + acc.rest[1];
    /* each node's look: the band (or listed name) that holds most of it */
    var owner = [];
    acc.by.forEach(function (had, node) {
      var best = null, top = -1;
      for (var id in had)
        if (had[id] > top) {
          top = had[id];
          best = id;
        }
      owner[node] = best;
    });
    return {k: k, self: acc.self, value: value, owner: owner, rest: acc.rest,
            restNames: acc.restNames, what: what, total: value[0]};
  }

  /* ---- the panel ---- */

  var section = document.createElement('section');
  section.id = 'icicle';
  var head = document.createElement('h2');
  head.textContent = 'Where in the code';
  section.appendChild(head);
  var controls = document.createElement('div');
  controls.className = 'icicle-controls';
  section.appendChild(controls);
  var mode = 'pointer';
  var modeButtons = [['pointer', 'At the sample under the pointer'],
                     ['window', 'Over the window shown (byte-seconds)']].map(function (m) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = m[1];
    b.setAttribute('data-mode', m[0]);
    b.addEventListener('click', function () {
      mode = m[0];
      draw();
    });
    controls.appendChild(b);
    return b;
  });
  var crumbs = document.createElement('div');
  crumbs.className = 'icicle-crumbs';
  section.appendChild(crumbs);
  var status = document.createElement('p');
  status.className = 'icicle-status';
  status.setAttribute('role', 'status');
  section.appendChild(status);
  var svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'icicle');
  svg.setAttribute('viewBox', '0 0 ' + W + ' ' + ROW);
  svg.setAttribute('role', 'group'); /* its nodes are buttons (keys below) */
  svg.setAttribute('tabindex', '-1'); /* Tab goes to a node of it, not to the whole */
  svg.setAttribute('aria-label', 'where in the code the heap is');
  var defs = api.el('defs', {}, svg);
  var pat = api.el('pattern', {id: 'hp2ps-cut', width: 6, height: 6, patternUnits: 'userSpaceOnUse',
                               patternTransform: 'rotate(45)'}, defs);
  api.el('rect', {width: 6, height: 6, fill: '#f2f2f2'}, pat);
  api.el('line', {x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#999', 'stroke-width': 1.2}, pat);
  var rects = api.el('g', {}, svg), labels = api.el('g', {'class': 'labels'}, svg);
  section.appendChild(svg);
  var notes = document.createElement('p');
  notes.className = 'icicle-notes';
  section.appendChild(notes);
  var tip = document.createElement('div');
  tip.className = 'icicle-tip';
  tip.hidden = true;
  section.appendChild(tip);
  var anchor = api.tables.parentNode.querySelector('#opened, .table-tabs') || api.tables;
  anchor.parentNode.insertBefore(section, anchor);

  var panel = 0, sample = -1, focus = [], shown = null, hovered = -1;
  var focusSet = null; /* the bands the focus showed alone, to tell when that is undone */
  D.panels.forEach(function (P, k) {
    focus[k] = 0;
  });

  /* ---- drawing ---- */

  var pool = [], used = 0;

  function piece(x, y, w, fill, node, text, cls) {
    var p = pool[used];
    if (!p) {
      p = {r: api.el('rect', {height: ROW - 1}, rects), t: api.el('text', {}, labels)};
      pool.push(p);
    }
    used++;
    p.r.setAttribute('x', x.toFixed(2));
    p.r.setAttribute('y', y);
    p.r.setAttribute('width', Math.max(w, 0).toFixed(2));
    p.r.setAttribute('fill', fill);
    p.r.setAttribute('class', cls || 'node');
    p.r.setAttribute('data-node', node);
    p.r.style.display = '';
    /* a node a click chooses is reached by the keyboard too (keys below) */
    if (node >= 0 && (cls || 'node') === 'node') {
      p.r.setAttribute('tabindex', '-1');
      p.r.setAttribute('role', 'button');
      p.r.setAttribute('aria-label', labelOf(trees[panel], null, node));
    } else {
      p.r.removeAttribute('tabindex');
      p.r.removeAttribute('role');
      p.r.removeAttribute('aria-label');
    }
    p.t.style.display = text ? '' : 'none';
    if (text) {
      p.t.setAttribute('class', dark(fill) ? 'on-dark' : '');
      p.t.setAttribute('x', (x + 3).toFixed(2));
      p.t.setAttribute('y', y + ROW - 5.5);
      if (p.t.textContent !== text)
        p.t.textContent = text;
    }
  }

  /* Is the fill #rrggbb dark (white letters read better on it)? */
  function dark(fill) {
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
    if (!m)
      return false;
    var r = parseInt(m[1], 16), g = parseInt(m[2], 16), b = parseInt(m[3], 16);
    return 0.299 * r + 0.587 * g + 0.114 * b < 110;
  }

  /* A label of at most w units: the name cut with "…", and the share. */
  function fit(label, share, w) {
    var per = 6.1, room = Math.floor((w - 6) / per);
    var tail = ' ' + share;
    if (room >= label.length + tail.length)
      return label + tail;
    if (room >= 6 + tail.length)
      return label.slice(0, room - tail.length - 1) + '\u2026' + tail;
    if (room >= share.length)
      return share;
    return '';
  }

  function look(t, V, node) {
    if (node === REST_OTHER || node === REST_TRACED)
      return node === REST_OTHER ? otherColour(V.k) : '#ededed';
    if (t.kind[node] === 2)
      return 'url(#hp2ps-cut)';
    var o = V.owner[node];
    if (!o || !(V.self[node] > 0))
      return '#ffffff';
    var kind = o.slice(0, o.indexOf(':')), key = Number(o.slice(o.indexOf(':') + 1));
    return kind === 'band' ? api.colour(key) : kind === 'other' ? otherColour(V.k) : '#ededed';
  }

  function otherColour(k) {
    var P = D.panels[k];
    return P.opened && P.opened.other >= 0 ? api.colour(P.bands[P.opened.other]) : '#cccccc';
  }

  function labelOf(t, V, node) {
    if (node === REST_OTHER)
      return V.restNames[0] + ' more names in OTHER';
    if (node === REST_TRACED)
      return V.restNames[1] + ' more names not drawn (-t)';
    return t.label[node];
  }

  var last = null; /* what is drawn: {V, boxes} */
  var drawnFor = null; /* what redrawn() last drew for */

  function draw() {
    var started = performance.now();
    var k = panel, t = trees[k];
    modeButtons.forEach(function (b) {
      b.setAttribute('aria-pressed', b.getAttribute('data-mode') === mode ? 'true' : 'false');
    });
    used = 0;
    if (!t) {
      status.textContent = D.panels[k].tree && D.panels[k].tree.too_big
        ? 'The tree of this profile has too many nodes for the page: hp2ps --view=icicle draws it.'
        : 'No tree for this profile.';
      finish(null, []);
      return;
    }
    var P = D.panels[k];
    if (sample < 0 || sample >= P.t.length)
      sample = peakSample(P);
    var V = values(k, mode === 'pointer' ? sample : -1);
    var flat = P.tree.kind === 'flat';
    var f = flat ? 0 : focus[k], root = V.value[f], boxes = [];
    var unit = mode === 'pointer' ? '' : timeUnit();
    function share(v) {
      return api.percent(root > 0 ? v / root : 0);
    }
    if (flat) {
      /* no tree: the names as bars, the largest first */
      var items = t.kids[0].map(function (c) { return [c, V.value[c]]; });
      if (V.rest[0] > 0)
        items.push([REST_OTHER, V.rest[0]]);
      if (V.rest[1] > 0)
        items.push([REST_TRACED, V.rest[1]]);
      items = items.filter(function (x) { return x[1] > 0; });
      items.sort(function (a, z) { return z[1] - a[1]; });
      var top = items.length ? items[0][1] : 0, shownItems = items.slice(0, BARS);
      var left = items.slice(BARS).reduce(function (s, x) { return s + x[1]; }, 0);
      shownItems.forEach(function (x, j) {
        var w = top > 0 ? x[1] / top * W : 0, text = labelOf(t, V, x[0]);
        piece(0, j * ROW, w, look(t, V, x[0]), x[0], '', 'bar');
        boxes.push({node: x[0], value: x[1], x: 0, w: w, depth: j});
        var p = pool[used - 1];
        p.t.style.display = '';
        p.t.setAttribute('x', 3);
        p.t.setAttribute('y', j * ROW + ROW - 5.5);
        p.t.textContent = text + ' ' + api.quantity(x[1]).replace(/ \(.*\)$/, '') + unit + ' ' +
                          share(x[1]);
      });
      rows = shownItems.length;
      if (left > 0) {
        piece(0, rows * ROW, W, '#dddddd', -1, (items.length - BARS) + ' more names: ' +
              api.quantity(left).replace(/ \(.*\)$/, '') + unit + ' ' + share(left), 'bar');
        rows++;
      }
    } else {
      var rows = 0;
      var place = function (node, x, w, depth) {
        if (depth >= MAX_ROWS)
          return;
        rows = Math.max(rows, depth + 1);
        /* a run of three or more frames each the only caller of the
         * next, no name ending in it: one row (as the drawing folds it) */
        var first = node, run = 1;
        while (node > 0 && !(V.self[node] > 0)) {
          var live = t.kids[node].filter(function (c) { return V.value[c] > 0; });
          if (live.length !== 1 || t.kind[live[0]] === 2)
            break;
          node = live[0];
          run++;
        }
        if (run < 3) {
          node = first;
          run = 1;
        }
        var label = run > 1 ? labelOf(t, V, first) + ' \u203a \u2026 \u203a ' + labelOf(t, V, node) +
                              ' (' + run + ' frames)' : labelOf(t, V, node);
        var text = fit(label, share(node < 0 ? (node === REST_OTHER ? V.rest[0] : V.rest[1])
                                                : V.value[node]), w);
        piece(x, depth * ROW, w, look(t, V, node), node, text, node < 0 ? 'node rest' : 'node');
        boxes.push({node: node, value: node < 0 ? V.rest[node === REST_OTHER ? 0 : 1] : V.value[node],
                    x: x, w: w, depth: depth, first: first, run: run});
        if (node < 0)
          return;
        var kids = t.kids[node].filter(function (c) { return V.value[c] > 0; });
        if (node === 0) {
          if (V.rest[0] > 0)
            kids.push(REST_OTHER);
          if (V.rest[1] > 0)
            kids.push(REST_TRACED);
        }
        var size = function (c) { return c >= 0 ? V.value[c] : V.rest[c === REST_OTHER ? 0 : 1]; };
        kids.sort(function (a, z) {
          return size(z) - size(a) || (labelOf(t, V, a) < labelOf(t, V, z) ? -1 : 1);
        });
        var cx = x, narrow = 0, whole = size(node) || 1;
        kids.forEach(function (c) {
          var cw = w * size(c) / whole;
          if (cw < NARROW) {
            narrow += cw;
          } else {
            place(c, cx, cw, depth + 1);
            cx += cw;
          }
        });
        if (narrow > 0 && depth + 1 < MAX_ROWS)
          piece(cx, (depth + 1) * ROW, narrow, '#bfbfbf', -1, '', 'narrow');
      };
      if (root > 0)
        place(f, 0, W, 0);
    }
    for (var j = used; j < pool.length; j++) {
      pool[j].r.style.display = 'none';
      pool[j].t.style.display = 'none';
      pool[j].r.removeAttribute('tabindex');
    }
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + Math.max(rows, 1) * ROW);
    svg.style.aspectRatio = W + ' / ' + Math.max(rows, 1) * ROW;
    var what = V.what, total = api.quantity(V.total).replace(/ \(.*\)$/, '');
    status.textContent = (D.panels.length > 1 ? P.title + ': ' : '') +
      (mode === 'pointer' ? 'at ' + api.time(what.time) + ' (the sample under the pointer; ' +
                            'at first the peak): ' + total
       : what.samples >= 2 ? 'from ' + api.time(what.from) + ' to ' + api.time(what.to) + ' (' +
                             what.samples + ' samples): ' + total + timeUnit()
       : 'the window holds fewer than two samples: no time to add up') +
      (f ? ', of which ' + labelOf(t, V, f) + ' holds ' +
           api.quantity(V.value[f]).replace(/ \(.*\)$/, '') + unit : '');
    var n = [];
    if (flat)
      n.push('No tree: ' + (P.tree.reason || 'the names are not stacks') +
             '; its names by size.');
    if (P.tree.cut_names)
      n.push('\u2026 (hatched): a stack the .hp cut at -L' + P.tree.name_length +
             '; its outer frames are not in the profile, and none is made up.');
    if (P.tree.cut_log)
      n.push('\u2026 (hatched): a stack 255 deep, the most an eventlog keeps.');
    if (!flat && rows >= MAX_ROWS)
      n.push('Deeper frames than ' + MAX_ROWS + ' rows: click a node to draw it as the root.');
    if (mode === 'window' && P.t.length < (P.samples || P.t.length))
      n.push('The page keeps ' + P.t.length + ' of the profile\u2019s ' + P.samples +
             ' samples; the byte-seconds are from those.');
    notes.textContent = n.join(' ');
    drawCrumbs(t, V, f);
    finish(V, boxes);
    api.graph.setAttribute('data-icicle-ms', (performance.now() - started).toFixed(1));
  }

  function finish(V, boxes) {
    var had = document.activeElement && document.activeElement.parentNode === rects;
    last = {V: V, boxes: boxes};
    /* one node in the page's Tab order: the one the keyboard was on if
     * it is still drawn, else the root; the focus stays on it */
    var at = rectOf(keyNode) || rectOf(boxes.length ? boxes[0].node : -1);
    if (at) {
      at.setAttribute('tabindex', '0');
      if (had)
        at.focus();
    }
    if (hovered !== -1)
      tipFor(hovered);
  }

  var keyNode = -1; /* the node the keyboard is on */
  function rectOf(node) {
    if (node < 0)
      return null;
    for (var j = 0; j < used; j++)
      if (pool[j].r.getAttribute('data-node') === String(node) && pool[j].r.hasAttribute('tabindex'))
        return pool[j].r;
    return null;
  }

  function drawCrumbs(t, V, f) {
    crumbs.textContent = '';
    var path = [];
    for (var n = f; n >= 0; n = t.parent[n])
      path.unshift(n);
    if (path.length < 2)
      return;
    path.forEach(function (node, j) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = node === 0 ? 'all' : t.label[node];
      b.disabled = j === path.length - 1;
      b.addEventListener('click', function () { choose(node); });
      crumbs.appendChild(b);
    });
  }

  /* ---- hover: the whole name, its bytes and share ---- */

  /* A value as bytes, or over a window as byte-seconds (the profile's
   * time unit: byte-samples with --x=index). */
  function amount(v) {
    var q = api.quantity(v), u = timeUnit();
    if (mode === 'pointer')
      return q;
    var m = / \((.*)\)$/.exec(q);
    return m ? q.slice(0, m.index) + u + ' (' + m[1] + u + ')' : q + u;
  }

  function tipFor(node) {
    var V = last && last.V, t = trees[panel];
    var box = last && last.boxes.filter(function (b) { return b.node === node; })[0];
    if (!V || !box || node === -1) {
      tip.hidden = true;
      return;
    }
    tip.textContent = '';
    var root = V.value[D.panels[panel].tree.kind === 'flat' ? 0 : focus[panel]];
    var name = labelOf(t, V, node);
    api.line(tip, 'name', name);
    if (box.run > 1)
      api.line(tip, 'muted', 'the last of ' + box.run + ' frames, each the only call of the one ' +
               'before, from ' + t.label[box.first]);
    if (node >= 0 && t.kind[node] !== 0 && t.kind[node] !== 1)
      api.line(tip, 'muted', KIND[t.kind[node]] + (t.kind[node] === 2
        ? ': the rest of this stack is not in the profile' : ''));
    api.line(tip, 'value', amount(box.value) + ', ' +
             api.percent(root > 0 ? box.value / root : 0) + ' of ' +
             (focus[panel] ? labelOf(t, V, focus[panel]) + ', ' +
                             api.percent(V.total > 0 ? box.value / V.total : 0) + ' of the total'
                           : 'the total'));
    var o = node >= 0 && V.owner[node];
    if (o && V.self[node] > 0) {
      var kind = o.slice(0, o.indexOf(':')), key = Number(o.slice(o.indexOf(':') + 1));
      var P = D.panels[panel];
      api.line(tip, 'muted', kind === 'band' ? 'the band ' + D.bands[key].name
               : (kind === 'other' ? 'in OTHER: ' : 'not drawn (-t): ') + P.opened.names[key]);
      if (V.self[node] < V.value[node])
        api.line(tip, 'muted', 'its own ' + amount(V.self[node]) + ', the rest in the calls below');
    }
    tip.hidden = false;
    tip.setAttribute('data-node', node);
  }

  svg.addEventListener('pointermove', function (e) {
    var n = e.target.getAttribute && e.target.getAttribute('data-node');
    hovered = n === null || n === undefined ? -1 : Number(n);
    tipFor(hovered);
    if (!tip.hidden) {
      var r = section.getBoundingClientRect();
      tip.style.left = Math.min(e.clientX - r.left + 14, r.width - tip.offsetWidth) + 'px';
      tip.style.top = (e.clientY - r.top + 14) + 'px';
    }
  });
  svg.addEventListener('pointerleave', function () {
    hovered = -1;
    tip.hidden = true;
  });

  /* ---- a click: the node as the root, its bands alone ---- */

  /* The key indices of the bands under node of panel k (OTHER when a
   * name listed in it is). */
  function bandsUnder(k, node) {
    var P = D.panels[k], t = trees[k], T = P.tree, set = [];
    function under(m) {
      return m >= 0 && t.tin[node] <= t.tin[m] && t.tin[m] < t.tout[node];
    }
    T.band_node.forEach(function (m, b) {
      if (under(m))
        set.push(P.bands[b]);
    });
    var O = P.opened;
    if (O && O.other >= 0 && T.member_node.some(function (m, j) { return !O.traced[j] && under(m); }))
      set.push(P.bands[O.other]);
    return set;
  }

  function setKey(set) {
    return set.slice().sort(function (a, z) { return a - z; }).join(' ');
  }

  function choose(node) {
    var k = panel, t = trees[k];
    if (!t || node < 0 || node >= t.n || D.panels[k].tree.kind === 'flat')
      return;
    focus[k] = node;
    document.body.classList.toggle('icicle-focus', node > 0);
    var set = node ? bandsUnder(k, node) : [];
    focusSet = node ? setKey(set.length ? set : D.bands.map(function (B, j) { return j; })) : null;
    api.showOnly(set); /* (redraws: redrawn below) */
    draw();
  }

  function clicked(n) {
    choose(n === focus[panel] ? Math.max(trees[panel].parent[n], 0) : n);
  }

  svg.addEventListener('click', function (e) {
    var n = e.target.getAttribute && e.target.getAttribute('data-node');
    if (n !== null && n !== undefined && Number(n) >= 0)
      clicked(Number(n));
  });

  /* The keyboard: Tab reaches the icicle (one node of it), the arrows
   * move to the next node of the row (left, right), to the node above
   * (up) or the first below (down), Enter or Space does what a click
   * does; the node's figures show as under the pointer. */
  function keyTarget(box, key) {
    var B = last ? last.boxes.filter(function (b) { return rectOf(b.node); }) : [];
    var row = function (d) {
      return B.filter(function (b) { return b.depth === d; })
              .sort(function (a, z) { return a.x - z.x; });
    };
    var same = row(box.depth), i = same.indexOf(box);
    if (key === 'ArrowRight')
      return same[i + 1];
    if (key === 'ArrowLeft')
      return same[i - 1];
    var mid = box.x + box.w / 2;
    if (key === 'ArrowUp')
      return row(box.depth - 1).filter(function (b) { return b.x <= mid && mid <= b.x + b.w; })[0];
    return row(box.depth + 1).filter(function (b) { return box.x <= b.x && b.x < box.x + box.w; })[0];
  }

  svg.addEventListener('keydown', function (e) {
    var n = e.target.getAttribute && e.target.getAttribute('data-node');
    if (n === null || n === undefined || !e.target.hasAttribute('tabindex') || !last)
      return;
    n = Number(n);
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      clicked(n);
      var root = rectOf(focus[panel]);
      if (root)
        root.focus();
      return;
    }
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].indexOf(e.key) < 0)
      return;
    e.preventDefault();
    var box = last.boxes.filter(function (b) { return b.node === n; })[0];
    var to = box && keyTarget(box, e.key), r = to && rectOf(to.node);
    if (r) {
      e.target.setAttribute('tabindex', '-1');
      r.setAttribute('tabindex', '0');
      r.focus();
    }
  });
  svg.addEventListener('focusin', function (e) {
    var n = e.target.getAttribute && e.target.getAttribute('data-node');
    if (n === null || n === undefined)
      return;
    keyNode = hovered = Number(n);
    tipFor(hovered);
    if (!tip.hidden) { /* under the node, as under the pointer */
      var r = section.getBoundingClientRect(), b = e.target.getBoundingClientRect();
      tip.style.left = Math.max(0, Math.min(b.left - r.left, r.width - tip.offsetWidth)) + 'px';
      tip.style.top = (b.bottom - r.top + 4) + 'px';
    }
  });
  svg.addEventListener('focusout', function () {
    hovered = -1;
    tip.hidden = true;
  });

  /* The focus as the fragment keeps it: the panel and the labels from the root. */
  function pathOf(k) {
    var t = trees[k], out = [];
    for (var n = focus[k]; n > 0; n = t.parent[n])
      out.unshift(t.label[n]);
    return out;
  }

  function nodeAt(k, labels) {
    var t = trees[k], n = 0;
    for (var j = 0; t && j < labels.length; j++) {
      var next = t.kids[n].filter(function (c) { return t.label[c] === labels[j]; })[0];
      if (next === undefined)
        return -1;
      n = next;
    }
    return t ? n : -1;
  }

  draw();

  return {
    pointed: function (k, i) {
      if (k !== panel || (mode === 'pointer' && i !== sample)) {
        panel = k;
        sample = i;
        draw();
      }
    },
    redrawn: function () {
      /* the bands shown changed by other means: the focus is undone */
      var now = api.shown(), on = [];
      now.forEach(function (x, j) {
        if (x)
          on.push(j);
      });
      if (focus[panel] && focusSet !== null && setKey(on) !== focusSet) {
        focus[panel] = 0;
        focusSet = null;
        document.body.classList.remove('icicle-focus');
      }
      /* a search or a sort redraws the page, not what the icicle shows:
       * drawn again only when its panel, sample or window, mode or focus
       * changed (issue 41: it was drawn again at each keystroke) */
      var P = D.panels[panel], w = api.windowOf(P);
      var what = [panel, mode, mode === 'pointer' ? sample : w.join(' '), focus[panel],
                  last === null].join('|');
      if (what !== drawnFor) {
        drawnFor = what;
        draw();
      }
    },
    fragment: function () {
      return focus[panel] ? ['node=' + encodeURIComponent(JSON.stringify([panel].concat(pathOf(panel))))]
                          : [];
    },
    fromFragment: function (want) {
      if (!want.node)
        return;
      var path;
      try {
        path = JSON.parse(want.node);
      } catch (err) {
        return;
      }
      if (!Array.isArray(path) || !trees[path[0]])
        return;
      var n = nodeAt(path[0], path.slice(1));
      if (n > 0) {
        panel = path[0];
        focus[panel] = n;
        document.body.classList.add('icicle-focus');
        var set = bandsUnder(panel, n);
        focusSet = setKey(set.length ? set : D.bands.map(function (B, j) { return j; }));
      }
    },
    state: function () {
      var V = last && last.V;
      return {icicle: {mode: mode, panel: panel, sample: mode === 'pointer' ? sample : null,
                       focus: focus[panel], total: V ? V.total : null,
                       rest: V ? V.rest : null,
                       boxes: last ? last.boxes.map(function (b) {
                         return [b.node, b.value, b.x, b.w, b.depth];
                       }) : [],
                       self: V ? Array.prototype.slice.call(V.self) : [],
                       value: V ? Array.prototype.slice.call(V.value) : [],
                       tip: tip.hidden ? null : tip.textContent,
                       /* the rows of the tables a reader sees */
                       visible: Array.prototype.filter.call(
                         document.querySelectorAll('#tables tbody tr, #suspects tbody tr'),
                         function (tr) { return getComputedStyle(tr).display !== 'none'; })
                         .map(function (tr) {
                           return [tr.closest('table').id, tr.getAttribute('data-band')];
                         }),
                       status: status.textContent, notes: notes.textContent}};
    },
    selftest: function (f) {
      if (f[0] === 'icicle') {
        mode = f[1] === 'window' ? 'window' : 'pointer';
        draw();
      } else if (f[0] === 'inode') {
        choose(Number(f[1]));
      } else if (f[0] === 'iroot') {
        choose(0);
      } else if (f[0] === 'ihover') {
        hovered = Number(f[1]);
        tipFor(hovered);
      }
    }
  };
});
