#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""png_chunks.py FILE.png: one line per chunk, for the tests.

    IHDR WIDTH HEIGHT BIT_DEPTH COLOUR_TYPE INTERLACE
    pHYs X_PER_UNIT Y_PER_UNIT UNIT        (unit 1: the metre)
    tEXt KEY=TEXT                          (Latin-1, shown as UTF-8)
    iTXt KEY=TEXT                          (UTF-8, uncompressed only)
    NAME LENGTH                            (any other chunk)

Each chunk's CRC is checked; a bad one, or a file that is no PNG, exits 1.
"""
import struct
import sys
import zlib


def main(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos = 8
    while pos < len(data):
        length, = struct.unpack(">I", data[pos:pos + 4])
        name = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(name + body) != crc:
            sys.exit(f"{path}: bad CRC in {name!r}")
        pos += 12 + length
        kind = name.decode("ascii")
        if kind == "IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            print(f"IHDR {w} {h} {depth} {colour} {interlace}")
        elif kind == "pHYs":
            x, y, unit = struct.unpack(">IIB", body)
            print(f"pHYs {x} {y} {unit}")
        elif kind == "tEXt":
            key, text = body.split(b"\0", 1)
            print(f"tEXt {key.decode('latin-1')}={text.decode('latin-1')}")
        elif kind == "iTXt":
            key, rest = body.split(b"\0", 1)
            flag, method = rest[0], rest[1]
            _lang, _tkey, text = rest[2:].split(b"\0", 2)
            if flag:
                text = zlib.decompress(text)
            print(f"iTXt {key.decode('latin-1')}={text.decode('utf-8')}")
        else:
            print(f"{kind} {length}")
        if kind == "IEND":
            break


if __name__ == "__main__":
    main(sys.argv[1])
