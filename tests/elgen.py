#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""elgen.py: GHC eventlogs for the tests, edited or made up (no GHC needed).

Layout (../shared/spec/eventlog-heap.md): "hdrb" "hetb", per event type
"etb\\0" type:u16 size:u16 (0xffff: variable) dlen:u32 desc xlen:u32 extra
"ete\\0", then "hete" "hdre" "datb", events type:u16 time:u64 [size:u16]
payload, and 0xffff at the end; all big-endian.

  elgen.py widen IN OUT N     every event N bytes longer, and every fixed
                              size declared N larger (a newer GHC appending
                              fields): reads as IN does
  elgen.py no-end IN OUT      no HEAP_PROF_SAMPLE_END (165) in the header
                              nor the data, as GHC 8.2 to 8.8 wrote
  elgen.py noise IN OUT       event types hp2ps does not know, declared and
                              put between every two events
  elgen.py cut IN OUT N       the first N bytes
  elgen.py heap-only IN OUT   only the events hp2ps reads, and only those
                              declared (small seeds for the fuzzer)
  elgen.py make NAME OUT      a made-up log: see MAKERS below
  elgen.py heap-events IN OUT the log's HEAP_SIZE, HEAP_LIVE and BLOCKS_SIZE
                              events as text, "type ns bytes" a line, in
                              time order (what --heap must draw)
  elgen.py markers IN OUT     the log's USER_MARKERs, "ns text" a line
"""
import struct
import sys

VAR = 0xFFFF
# The types the 9.0.2 RTS declares that matter here, with their sizes.
TYPES = {18: 14, 19: VAR, 29: VAR, 30: VAR, 43: 16, 58: VAR, 160: VAR, 161: VAR, 162: 8,
         163: VAR, 164: VAR, 165: 8, 166: 16, 169: VAR}
# HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE: capset u32, bytes u64 (read with --heap)
HEAP_TYPES = {50: 12, 51: 12, 91: 12}
HEAP_EVENTS = tuple(HEAP_TYPES)


def read(data):
    """(types {type: (size, desc, extra)}, events [(type, ts, payload)])."""
    assert data[:8] == b"hdrbhetb"
    pos, types = 8, {}
    while data[pos:pos + 4] != b"hete":
        assert data[pos:pos + 4] == b"etb\0", pos
        t, size, dlen = struct.unpack_from(">HHI", data, pos + 4)
        pos += 12
        desc = data[pos:pos + dlen]
        pos += dlen
        (xlen,) = struct.unpack_from(">I", data, pos)
        extra = data[pos + 4:pos + 4 + xlen]
        pos += 4 + xlen
        assert data[pos:pos + 4] == b"ete\0"
        pos += 4
        types[t] = (size, desc, extra)
    assert data[pos:pos + 12] == b"hetehdredatb"
    pos += 12
    events = []
    while True:
        (t,) = struct.unpack_from(">H", data, pos)
        if t == 0xFFFF:
            break
        (ts,) = struct.unpack_from(">Q", data, pos + 2)
        size, head = types[t][0], 10
        if size == VAR:
            (size,) = struct.unpack_from(">H", data, pos + 10)
            head = 12
        events.append((t, ts, data[pos + head:pos + head + size]))
        pos += head + size
    return types, events


def header(types):
    out = [b"hdrbhetb"]
    for t in sorted(types):
        size, desc, extra = types[t]
        out.append(b"etb\0" + struct.pack(">HHI", t, size, len(desc)) + desc +
                   struct.pack(">I", len(extra)) + extra + b"ete\0")
    out.append(b"hetehdredatb")
    return b"".join(out)


def event(types, t, ts, payload, declared=None):
    """One event; declared: the size its header says, when not the payload's."""
    if types[t][0] == VAR:
        n = len(payload) if declared is None else declared
        return struct.pack(">HQH", t, ts, n) + payload
    assert len(payload) == types[t][0], (t, len(payload))
    return struct.pack(">HQ", t, ts) + payload


def write(types, events, end=True, declared=None):
    """The log; its header declares the types of declared (default: types).
    Each block marker (18) says how long its block is as written: up to the
    next marker, or to the end (edits that widen or add events keep the
    blocks whole, as an RTS that wrote them so would)."""
    head = header(types if declared is None else declared)
    body = bytearray()
    markers = []
    for e in events:
        if e[0] == 18:
            markers.append(len(body))
        body += event(types, *e)
    for i, at in enumerate(markers):
        end_at = markers[i + 1] if i + 1 < len(markers) else len(body)
        struct.pack_into(">I", body, at + 10, end_at - at)
    return head + bytes(body) + (b"\xff\xff" if end else b"")


def declare(sizes):
    return {t: (s, b"event %d" % t, b"") for t, s in sizes.items()}


# ---- edits of real logs ----

def widen(types, events, n):
    types = {t: (s if s == VAR else s + n, d, x) for t, (s, d, x) in types.items()}
    return types, [(t, ts, p + b"\xaa" * n) for t, ts, p in events]


def no_end(types, events):
    types = {t: v for t, v in types.items() if t != 165}
    return types, [e for e in events if e[0] != 165]


def noise(types, events):
    types = dict(types)
    types[300] = (7, b"unknown fixed", b"")
    types[301] = (VAR, b"unknown variable", b"x" * 5)
    out = []
    for i, e in enumerate(events):
        out.append(e)
        out.append((300, e[1], b"\0" * 7) if i % 2 else (301, e[1], b"\xff" * (i % 40)))
    return types, out


# ---- made-up logs ----

def s(text):
    return text.encode() + b"\0" if isinstance(text, str) else text + b"\0"


def args(*argv):
    return struct.pack(">I", 0) + b"".join(s(a) for a in argv)


def heap_begin(breakdown):
    return struct.pack(">BQI", 0, 100000000, breakdown) + b"\0" * 7


def cc(ident, label, module):
    return struct.pack(">I", ident) + s(label) + s(module) + s("<built-in>") + b"\0"


def stack(value, ids):
    return struct.pack(">BQB", 0, value, len(ids)) + b"".join(struct.pack(">I", i) for i in ids)


def string(value, name):
    return struct.pack(">BQ", 0, value) + s(name)


def census(types, t, entries, kind=164):
    """BEGIN, the entries (164: (name, value); 163: (ids, value)), END."""
    ev = [(162, t, struct.pack(">Q", 0))]
    for key, value in entries:
        ev.append((kind, t, string(value, key) if kind == 164 else stack(value, key)))
    if 165 in types:
        ev.append((165, t, struct.pack(">Q", 0)))
    return ev


def start(types, *argv):
    clock = struct.pack(">IQI", 0, 1700000000, 0)
    return [(43, 1000, clock), (29, 1000, struct.pack(">I", 0) + b"GHC-9.0.2 rts_p"),
            (30, 1000, args(*argv))]


def simple(kind=164, breakdown=7):
    """A -hT log of three censuses: the base of the hostile ones."""
    types = declare(TYPES)
    ev = start(types, "./prog", "+RTS", "-hT", "-l", "-RTS")
    ev.append((160, 2000, heap_begin(breakdown)))
    for k in range(3):
        ev += census(types, 10_000_000 * (k + 1), [("ARR_WORDS", 1000 * (k + 1)),
                                                    ("THUNK", 500)])
    return types, ev


def heap(kind, value):
    return struct.pack(">IQ", 0, value)


def make(name):
    """(bytes) of the made-up log NAME."""
    types, ev = simple()
    if name.startswith("heap"):
        types.update(declare(HEAP_TYPES))
    if name == "good":
        return write(types, ev)
    if name == "ghc-8.2":  # no 165, no 166, no 169; a census ends at the next one
        types, ev = no_end(types, ev)
        for t in (166, 169):
            del types[t]
        return write(types, ev)
    if name == "ghc-8.2-cut":  # the same, cut: the last census may be partial
        types, ev = no_end(types, ev)
        return write(types, ev, end=False)
    if name == "header-only":
        return header(types)
    if name == "no-heap-profile":  # a run without -h
        return write(types, start(types, "./prog", "+RTS", "-l", "-RTS"))
    if name == "no-census":  # with -h, ended before the first census
        return write(types, ev[:4])
    if name == "hi":  # -hi: addresses named by IPE events (169)
        types, ev = declare(TYPES), []
        ev = start(types, "./prog", "+RTS", "-hi", "-l", "-RTS")
        ipe = lambda addr, n, ty, loc: struct.pack(">Q", addr) + b"".join(
            s(x) for x in (n, "21", ty, "main", "Main", loc))
        ev.append((169, 1500, ipe(0x4cd5a8, "sat_s154_info", "Integer -> IO ()", "Main.hs:5:1-30")))
        ev.append((169, 1500, ipe(0x4cd600, "sat_s154_info", "Integer -> IO ()", "Main.hs:5:1-30")))
        ev.append((160, 2000, heap_begin(8)))
        ev += census(types, 10_000_000, [("0x4cd5a8", 4000), ("0x4cd600", 3000),
                                         ("0x4c0000", 2000)])
        return write(types, ev)
    if name == "hi-unnamed":  # -hi: 99.84 % of the heap in tables with no IPE entry
        types, ev = declare(TYPES), []
        ev = start(types, "./prog", "+RTS", "-hi", "-l", "-RTS")
        ev.append((169, 1500, struct.pack(">Q", 0x4cd5a8) + b"".join(
            s(x) for x in ("sat_s154_info", "21", "Int", "main", "Main", "Main.hs:5:1-30"))))
        ev.append((160, 2000, heap_begin(8)))
        for k in range(1, 4):
            ev += census(types, 10_000_000 * k, [("0x4cd5a8", 16), ("0x4c0000", 9984)])
        return write(types, ev)
    if name == "hi-collide":  # -hi: names that meet once two alike get their address
        types, ev = declare(TYPES), []
        ev = start(types, "./prog", "+RTS", "-hi", "-l", "-RTS")
        ipe = lambda addr, n, ty, label, mod, loc: struct.pack(">Q", addr) + b"".join(
            s(x) for x in (n, "21", ty, label, mod, loc))
        # two tables alike: "thunk :: Int (main, M.hs:1)" [0x10] and [0x20]
        ev.append((169, 1500, ipe(0x10, "a_info", "Int", "main", "M", "M.hs:1")))
        ev.append((169, 1500, ipe(0x20, "b_info", "Int", "main", "M", "M.hs:1")))
        # a third that reads as the first one's new name, and one as an address
        ev.append((169, 1500, ipe(0x30, "c_info", "Int (main, M.hs:1) [0x10]", "", "", "")))
        ev.append((169, 1500, struct.pack(">Q", 0x40) + b"".join(
            s(x) for x in ("0x50", "0", "", "", "", ""))))
        # fields a spreadsheet evaluates
        ev.append((169, 1500, ipe(0x60, "d_info", "=HYPERLINK(\"http://x\")", "+cmd", "@M",
                                  "-1")))
        ev.append((160, 2000, heap_begin(8)))
        for k in range(2):
            ev += census(types, 10_000_000 * (k + 1),
                         [("0x10", 4000), ("0x20", 3000), ("0x30", 2500), ("0x40", 1000),
                          ("0x50", 500), ("0x60", 100)])
        return write(types, ev)
    if name == "hi-alias":  # -hi: a table's entry reads as another table's address
        types, ev = declare(TYPES), []
        ev = start(types, "./prog", "+RTS", "-hi", "-l", "-RTS")
        ev.append((169, 1500, struct.pack(">Q", 0x10) + b"".join(
            s(x) for x in ("a_info", "21", "Int", "main", "M", "M.hs:1"))))
        ev.append((169, 1500, struct.pack(">Q", 0x20) + b"".join(
            s(x) for x in ("0x10", "0", "", "", "", ""))))
        ev.append((160, 2000, heap_begin(8)))
        for k in range(2):
            ev += census(types, 10_000_000 * (k + 1), [("0x10", 4000), ("0x20", 3000)])
        return write(types, ev)
    if name == "hc-tabs":  # -hc: cost centres whose labels hold a tab and a newline
        types = declare(TYPES)
        ev = start(types, "./prog", "+RTS", "-hc", "-l", "-L200", "-RTS")
        ev += [(161, 1500, cc(1, "go\tleft", "Main")), (161, 1500, cc(2, "two\nlines", "Main")),
               (161, 1500, cc(3, "main", "Main"))]
        ev.append((160, 2000, heap_begin(1)))
        for k in range(2):
            ev += census(types, 10_000_000 * (k + 1), [([1, 3], 4000), ([2, 3], 3000)], kind=163)
        return write(types, ev)
    if name.startswith("ipe-"):  # -hi, its IPE events written as RTSs do, or broken
        types, ev = declare(TYPES), []
        ev = start(types, "./prog", "+RTS", "-hi", "-l", "-RTS")
        ev[1] = (29, 1000, struct.pack(">I", 0) + b"GHC-9.6.6 rts_thr_l")
        fields = lambda addr, n, ty, loc, label="main", closure="16": struct.pack(
            ">Q", addr) + b"".join(s(x) for x in (n, closure, ty, label, "Main", loc))
        entries = [fields(0x4cd5a8, "sat_s1_info", "Integer", "Main.hs:5:1-30"),
                   fields(0x4cd600, "Node_Main_0_con_info", "Tree", "Main.hs:9:3-20", "build",
                          "4"),
                   fields(0x4cd700, "sat_s2_info", "Int\n  -> Int", ":", "", "9")]
        kind = name[4:]
        if kind == "many":  # a million entries, three of them used
            entries += [fields(0x10000000 + 16 * i, "t%d_info" % i, "Int", "M.hs:%d:1" % i)
                        for i in range(10**6)]
        for k, e in enumerate(entries):
            if kind == "ghc96" or kind == "many":  # declared a byte longer than written
                ev.append((169, 1500, e, len(e) + 1))
            elif kind == "extra":  # a later RTS's field after the six strings
                ev.append((169, 1500, e + b"\x01\x02\x03"))
            elif kind == "no-nul" and k == 1:  # the last string runs to the end
                ev.append((169, 1500, e[:-1]))
            elif kind == "twice" and k == 0:  # posted again, with other strings
                ev.append((169, 1400, fields(0x4cd5a8, "old_info", "Old", "Old.hs:1:1")))
                ev.append((169, 1500, e))
            else:  # "exact": as GHC 9.2's pre-release wrote them
                ev.append((169, 1500, e))
        ev.append((160, 2000, heap_begin(8)))
        for k in range(2):
            ev += census(types, 10_000_000 * (k + 1),
                         [("0x4cd5a8", 4000 + k), ("0x4cd600", 3000), ("0x4cd700", 2500),
                          ("0x4c0000", 2000)])
        # one block around it all, as the RTS writes its global buffer
        blocked = [(18, 900, struct.pack(">IQH", 0, 0, 0xFFFF))] + ev
        if kind == "past-block":  # the block ends inside the last census's end
            data = bytearray(write(types, blocked))
            size = len(data) - data.index(b"datb") - 4 - 2 - 4
            struct.pack_into(">I", data, data.index(b"datb") + 4 + 10, size)
            return bytes(data)
        return write(types, blocked)
    if name == "markers":  # USER_MARKERs before, between and after the censuses, unsorted
        ev += [(58, 25_000_000, b"second"), (58, 5_000_000, b'first "quoted"'),
               (58, 90_000_000, b"after")]
        return write(types, ev)
    if name == "markers-crowd":  # twelve USER_MARKERs 10 us apart: more than four rows hold
        ev += [(58, 15_000_000 + 10_000 * k, b"step %d of the crowd" % k) for k in range(12)]
        return write(types, ev)
    if name == "heap":  # heap events between the censuses, out of time order as the
        # capability blocks put them, and markers with their texts
        for k in range(12):
            t = 3_000_000 + 7_000_000 * k
            ev.append((50, t, heap(50, (4 + k % 5) << 20)))
            ev.append((91, t + 10, heap(91, (3 + k % 4) << 20)))
            if k % 3 == 2:
                ev.append((51, t + 20, heap(51, 1000 * (k + 1))))
        ev = ev[:4] + ev[-12:] + ev[4:-12]  # the later heap events first in the file
        ev += [(58, 15_000_000, b"phase one"), (58, 22_000_000, b"phase two")]
        return write(types, ev)
    if name == "heap-long":  # 40 s, a census every 0.1 s, HEAP_SIZE and HEAP_LIVE every
        # 0.5 ms from two capabilities: blocks of each one's events in time order,
        # interleaved out of time order after the censuses, as the RTS flushes its
        # buffers; some 20 events a line in each of the reduction's 4096 buckets
        types, ev = declare(TYPES), []
        types.update(declare(HEAP_TYPES))
        ev = start(types, "./prog", "+RTS", "-hT", "-l", "-RTS")
        ev.append((160, 2000, heap_begin(7)))
        for k in range(1, 400):
            ev += census(types, 100_000_000 * k, [("ARR_WORDS", 1000 + 37 * (k % 50)),
                                                   ("THUNK", 500 + k)])
        caps = ([], [])
        for i in range(80_000):
            t = 500_000 * i + 1234
            caps[i % 2].append((50, t, heap(50, (8 << 20) + 4096 * ((i * 7919) % 4001))))
            caps[i % 2].append((51, t + 50, heap(51, (1 << 20) + 8 * ((i * 104729) % 99991))))
        for b in range(0, 80_000, 4000):  # cap 1's block before cap 0's
            ev += caps[1][b:b + 4000] + caps[0][b:b + 4000]
        return write(types, ev)
    if name == "heap-absurd":  # heap sizes of 0 and 2^64-1 bytes, at times near 2^64 ns
        ev += [(50, 4_000_000, heap(50, (1 << 64) - 1)), (51, 5_000_000, heap(51, 0)),
               (91, (1 << 64) - 2, heap(91, (1 << 63) + 5)), (50, (1 << 64) - 1, heap(50, 7))]
        return write(types, ev)
    if name == "heap-short":  # HEAP_SIZE declared and written 4 bytes long
        types[50] = (4, b"", b"")
        ev.insert(5, (50, 4_000_000, b"\0\0\0\0"))
        return write(types, ev)
    if name == "marker-hostile":  # control characters, bad UTF-8, markup, 64 KB texts
        ev += [(58, 2_000_000, b"line\nbreak\ttab\x1b[31mred\x00nul\x7f"),
               (58, 16_000_000, b"bad \xc3( utf8 <b>&amp;</b>"),
               (58, 22_000_000, b"\xe2\x82\xac" * 21845)]
        ev += [(58, 26_000_000 + i, bytes([65 + i % 26]) * 65535) for i in range(16)]
        return write(types, ev)
    if name == "many-markers":  # a million markers
        body = [event(types, t, ts, p) for t, ts, p in ev]
        mk = b"".join(struct.pack(">HQH", 58, 10_000_000 + i * 20, 7) + b"m%06d" % (i % 10**6)
                      for i in range(1_000_000))
        return header(types) + b"".join(body[:5]) + mk + b"".join(body[5:]) + b"\xff\xff"
    if name == "job":  # --RTS, an empty argument, the last string without its NUL
        ev[2] = (30, 1000, struct.pack(">I", 0) + b"/usr/bin/prog\0a b\0+RTS\0-hT\0-RTS\0\0"
                 b"--RTS\0+RTS\0last")
        return write(types, ev)
    if name == "deep":  # -hc: stacks 255 deep, of long, short, CAF and unknown cost centres
        types = declare(TYPES)
        ev = start(types, "./prog", "+RTS", "-hc", "-l", "-L40", "-RTS")
        ev += [(161, 1500, cc(1, "f1" * 30, "M"))]
        ev += [(161, 1500, cc(i, "f%d" % i, "M")) for i in range(2, 200)]
        ev += [(161, 1500, cc(200, "CAF", "Main"))]  # 201..255: never posted
        ev += [(161, 1500, cc(i, "g%d" % i * 20, "M")) for i in range(1000, 1255)]
        ev.append((160, 2000, heap_begin(1)))
        ev += census(types, 10_000_000, [(list(range(1, 256)), 4000), ([], 100), ([200, 1], 8),
                                         (list(range(1000, 1255)), 3000)], kind=163)
        return write(types, ev)
    if name == "many-cc":  # a million cost centres, a census of a thousand stacks
        types = declare(TYPES)
        ev = start(types, "./prog", "+RTS", "-hc", "-l", "-RTS")
        body = [event(types, t, ts, p) for t, ts, p in ev]
        body += [event(types, 161, 1500, cc(i, "cc%d" % i, "M")) for i in range(1_000_000)]
        rest = [(160, 2000, heap_begin(1))]
        rest += census(types, 10_000_000, [([i * 997 % 1_000_000, i], 8 * i) for i in range(1000)],
                       kind=163)
        body += [event(types, t, ts, p) for t, ts, p in rest]
        return header(types) + b"".join(body) + b"\xff\xff"
    if name == "bad-utf8":  # names that are not UTF-8
        ev += census(types, 50_000_000, [(b"\xc3(\xff\xfe", 100), (b"caf\xc3", 200)])
        return write(types, ev)
    if name == "empty-name":
        ev += census(types, 50_000_000, [(b"", 100)])
        return write(types, ev)
    if name == "after-end":  # bytes after EVENT_DATA_END are not read
        return write(types, ev) + b"garbage after the end\xff"
    # broken: each a message with the byte offset
    if name == "undeclared":
        ev.insert(5, (250, 3000, b""))
        return write({**types, 250: (0, b"", b"")}, ev, declared=types)
    if name == "no-nul":  # a 164 whose name runs to the end of its event
        ev.insert(5, (164, 10_000_000, struct.pack(">BQ", 0, 10) + b"NONUL"))
        return write(types, ev)
    if name == "stack-too-long":  # depth says 9 ids, the event holds 1
        types, ev = simple()
        ev.insert(5, (163, 10_000_000, struct.pack(">BQBI", 0, 10, 9, 1)))
        return write(types, ev)
    if name == "huge-value":
        ev.insert(5, (164, 10_000_000, struct.pack(">BQ", 0, 1 << 63) + s("X")))
        return write(types, ev)
    if name == "backwards":
        ev += census(types, 5_000_000, [("X", 1)])
        return write(types, ev)
    if name == "end-without-begin":
        ev.insert(4, (165, 3000, struct.pack(">Q", 0)))
        return write(types, ev)
    if name == "outside":  # a sample before any census
        ev.insert(4, (164, 3000, string(1, "X")))
        return write(types, ev)
    if name == "short-begin":  # HEAP_PROF_BEGIN of 3 bytes
        ev[3] = (160, 2000, b"\0\0\0")
        return write(types, ev)
    if name == "declared-twice":
        return header(types)[:-12] + header({18: (14, b"again", b"")})[8:]
    if name == "long-description":  # a description of 4 GB
        return b"hdrbhetbetb\0" + struct.pack(">HHI", 0, 4, 0xFFFFFFF0) + b"x" * 100
    if name == "not-eventlog":  # starts like one, then is not
        return b"hdrbHELLO, this is not an eventlog\n" * 10
    if name == "endless-header":  # a table that never ends: 65536 types, then the input does
        return b"hdrbhetb" + b"".join(b"etb\0" + struct.pack(">HHI", t, 4, 0) +
                                      struct.pack(">I", 0) + b"ete\0" for t in range(65536))
    if name == "variable-past-end":  # a variable size that runs past the end of the input
        data = write(types, ev, end=False)
        return data + struct.pack(">HQH", 164, 10**9, 0xFFFF) + b"partial"
    if name == "fixed-huge":  # 162 declared 65534 bytes long: each census eats the log
        types[162] = (0xFFFE, b"", b"")
        return header(types) + b"".join(
            event(types, t, ts, p + (b"\0" * (0xFFFE - 8) if t == 162 else b""))
            for t, ts, p in ev[:5]) + b"\0\xa2" + b"\0" * 100
    raise SystemExit("elgen.py: no log called %s" % name)


MAKERS = """good ghc-8.2 ghc-8.2-cut header-only no-heap-profile no-census hi markers job
hi-collide hc-tabs
heap heap-absurd heap-short marker-hostile many-markers
deep many-cc bad-utf8 empty-name after-end undeclared no-nul stack-too-long huge-value
backwards end-without-begin outside short-begin declared-twice long-description
not-eventlog endless-header variable-past-end fixed-huge ipe-ghc96 ipe-exact ipe-extra
ipe-no-nul ipe-twice ipe-many ipe-past-block""".split()


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "list":
        print("\n".join(MAKERS))
        return
    if cmd == "make":
        data = make(argv[2])
        out = argv[3]
    else:
        data = open(argv[2], "rb").read()
        out = argv[3]
        if cmd == "cut":
            data = data[:int(argv[4])]
        elif cmd in ("heap-events", "markers"):
            types, events = read(data)
            if cmd == "heap-events":
                rows = sorted((ts, t, struct.unpack_from(">Q", p, 4)[0])
                              for t, ts, p in events if t in HEAP_EVENTS and len(p) >= 12)
                data = "".join("%d %d %d\n" % (t, ts, v) for ts, t, v in rows).encode()
            else:
                rows = sorted((ts, i, p) for i, (t, ts, p) in enumerate(events) if t == 58)
                data = b"".join(b"%d %s\n" % (ts, p) for ts, i, p in rows)
        else:
            types, events = read(data)
            if cmd == "widen":
                types, events = widen(types, events, int(argv[4]))
            elif cmd == "no-end":
                types, events = no_end(types, events)
            elif cmd == "noise":
                types, events = noise(types, events)
            elif cmd == "heap-only":
                types = {t: v for t, v in types.items()
                         if (t in TYPES or t in HEAP_TYPES) and t != 18}
                events = [e for e in events if e[0] in types]
            else:
                raise SystemExit(__doc__)
            data = write(types, events)
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
