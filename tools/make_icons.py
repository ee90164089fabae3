"""Draw the app icons (four pegs of the classic palette on the board colour) as PNG files.

Standard library only, so the icons can be remade anywhere: ``python tools/make_icons.py``.
The maskable icon keeps its pegs inside the central 80% circle that launchers never crop.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

BOARD = (0x5B, 0x3A, 0x29)
PEGS = [(0x2F, 0x6F, 0xDE), (0xD6, 0x31, 0x31), (0xF2, 0xCF, 0x1D), (0x2E, 0x9E, 0x4F)]
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def png(width: int, pixels: list[bytes]) -> bytes:
    """Encode rows of RGBA bytes as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in pixels)
    header = struct.pack(">IIBBBBB", width, len(pixels), 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def draw(size: int, maskable: bool) -> bytes:
    """A square icon: a rounded board (or a full-bleed one when maskable) with a 2x2 of pegs."""
    scale = 0.62 if maskable else 0.8  # how much of the icon the pegs span
    radius = size * 0.18
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            cx, cy = x + 0.5, y + 0.5
            inside = maskable or _in_rounded_square(cx, cy, size, radius)
            color, alpha = BOARD, 255 if inside else 0
            for i, peg in enumerate(PEGS):
                px = size / 2 + (i % 2 - 0.5) * size * scale / 2
                py = size / 2 + (i // 2 - 0.5) * size * scale / 2
                if (cx - px) ** 2 + (cy - py) ** 2 <= (size * scale * 0.21) ** 2:
                    color = peg
            row += bytes((*color, alpha))
        rows.append(bytes(row))
    return png(size, rows)


def _in_rounded_square(x: float, y: float, size: int, r: float) -> bool:
    dx = max(r - x, 0, x - (size - r))
    dy = max(r - y, 0, y - (size - r))
    return dx * dx + dy * dy <= r * r


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("maskable-512.png", 512, True)]:
        (OUT / name).write_bytes(draw(size, maskable))
        print(OUT / name)


if __name__ == "__main__":
    main()
