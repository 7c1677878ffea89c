// SPDX-License-Identifier: BSD-3-Clause
// speedscope_read.js DIR FILE: FILE read by speedscope's own importer (the
// npm package speedscope in DIR/node_modules/speedscope, a browser bundle):
// prints the format it took FILE for, then a line "frame;frame WEIGHT" for
// each call-tree node with a weight of its own, then "total WEIGHT".
//
// The bundle runs in a context of its own with stand-ins for the browser
// (its page cannot start there, and need not); its import function, the
// one the command line hands a file to (loadFileFromBase64), is reached
// by a line put at the start of the bundle, where its functions are in
// scope.  Exit 2 when the bundle is not as expected.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [dir, file] = process.argv.slice(2);
const release = path.join(dir, 'node_modules', 'speedscope', 'dist', 'release');
const bundle = fs.readdirSync(release).find(f => /^speedscope-.*\.js$/.test(f));
let src = bundle && fs.readFileSync(path.join(release, bundle), 'utf8');
const m = src && /loadFileFromBase64:\((\w+),(\w+)\)=>\{this\.loadProfile\(\(\)=>(\w+)\(\1,\2\)\)\}/.exec(src);
if (!m || !src.startsWith('"use strict";(()=>{')) {
  console.error('speedscope_read.js: not the bundle it knows (' + (bundle || 'none') + ')');
  process.exit(2);
}
src = src.replace('"use strict";(()=>{',
                  '"use strict";(()=>{globalThis.__hp2psImport=(n,b)=>' + m[3] + '(n,b);');

// Anything the page touches: a function that returns itself for any
// property, call or construction.
function standIn() {
  const f = function () {};
  const p = new Proxy(f, {
    get: (t, k) => (k === Symbol.toPrimitive ? () => '' : k === 'then' ? undefined : p),
    set: () => true,
    apply: () => p,
    construct: () => p,
  });
  return p;
}
const logged = [];
const ctx = {
  console: { log: (...a) => logged.push(a.join(' ')), warn: () => {}, error: () => {}, info: () => {} },
  TextDecoder, TextEncoder, URL, setTimeout, clearTimeout, atob, btoa, Uint8Array, ArrayBuffer,
  DataView, Promise,
};
ctx.window = ctx.document = ctx.navigator = ctx.location = standIn();
ctx.self = ctx.window;
vm.createContext(ctx);
try {
  vm.runInContext(src, ctx);
} catch (e) {
  // the page's start fails without a browser; the importer is set by then
}
if (typeof ctx.__hp2psImport !== 'function') {
  console.error('speedscope_read.js: the importer was not reached');
  process.exit(2);
}
const data = fs.readFileSync(file);
ctx.__hp2psImport(path.basename(file), data.toString('base64')).then(group => {
  const format = logged.find(l => l.startsWith('Importing as')) || 'unknown';
  console.log(format);
  if (!group || !group.profiles || group.profiles.length !== 1) {
    console.log('profiles ' + (group && group.profiles ? group.profiles.length : 0));
    return;
  }
  const profile = group.profiles[0];
  const walk = (node, stack) => {
    for (const child of node.children) {
      const here = stack.concat([child.frame.name]);
      if (child.getSelfWeight() > 0)
        console.log(here.join(';') + ' ' + child.getSelfWeight());
      walk(child, here);
    }
  };
  walk(profile.getAppendOrderCalltreeRoot(), []);
  console.log('total ' + profile.getTotalWeight());
}, e => {
  console.error('speedscope_read.js: import failed: ' + e);
  process.exit(1);
});
