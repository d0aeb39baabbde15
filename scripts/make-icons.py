#!/usr/bin/env python3
"""Draws the page's home-screen icons (web/icon-*.png): a carrom board seen from above —
wood inside a dark frame, a pocket in each corner, the red queen in the middle ringed by
black and white men. Plain Python (zlib), so any machine can draw them again:

    python3 scripts/make-icons.py

`maskable` icons keep the board inside the middle 80 %, the part every launcher shows.
"""
import math
import struct
import zlib
from pathlib import Path

BACKDROP = (26, 28, 33)
FRAME = (92, 52, 28)
WOOD = (226, 184, 128)
POCKET = (20, 16, 14)
QUEEN = (204, 26, 36)
WHITE = (238, 226, 200)
BLACK = (40, 34, 30)


def draw(size, inset):
    """RGB rows of a size×size icon whose board fills all but `inset` of each side."""
    rows = []
    lo, hi = size * inset, size * (1 - inset)
    span = hi - lo
    frame = span * 0.08
    pocket = span * 0.075
    corners = [(lo + frame + pocket * 0.9, lo + frame + pocket * 0.9),
               (hi - frame - pocket * 0.9, lo + frame + pocket * 0.9),
               (lo + frame + pocket * 0.9, hi - frame - pocket * 0.9),
               (hi - frame - pocket * 0.9, hi - frame - pocket * 0.9)]
    centre = size / 2
    man = span * 0.055
    men = [(centre + math.cos(a) * man * 2.1, centre + math.sin(a) * man * 2.1,
            WHITE if k % 2 == 0 else BLACK)
           for k, a in enumerate(i * math.pi / 3 for i in range(6))]
    for y in range(size):
        row = bytearray()
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            colour = BACKDROP
            if lo <= px < hi and lo <= py < hi:
                inner = lo + frame <= px < hi - frame and lo + frame <= py < hi - frame
                colour = WOOD if inner else FRAME
                if any(math.hypot(px - cx, py - cy) < pocket for cx, cy in corners):
                    colour = POCKET
                for mx, my, tone in men:
                    if math.hypot(px - mx, py - my) < man:
                        colour = tone
                if math.hypot(px - centre, py - centre) < man:
                    colour = QUEEN
            row += bytes(colour)
        rows.append(bytes(row))
    return rows


def png(rows, size):
    """A PNG file's bytes for RGB `rows`."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    raw = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    web = Path(__file__).resolve().parent.parent / "web"
    for name, size, inset in [("icon-192.png", 192, 0.04), ("icon-512.png", 512, 0.04),
                              ("icon-maskable-512.png", 512, 0.12)]:
        (web / name).write_bytes(png(draw(size, inset), size))
        print(f"web/{name}")


if __name__ == "__main__":
    main()
