"""Colour science for the tests of the palettes and themes (never shipped): how a colour looks to
a reader with a colour vision deficiency, how far apart two colours look, and WCAG contrast.

- Simulation: Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation
  of color vision deficiency", the matrices of severity 1.0 (protanopia, deuteranopia, tritanopia),
  applied to linear RGB and clipped to the gamut.
- Distance: CIEDE2000 (Sharma, Wu and Dalal 2005, "The CIEDE2000 color-difference formula:
  implementation notes, supplementary test data, and mathematical observations"), written from the
  formula; ``tests/test_colour_vision.py`` checks it against the paper's 34 test pairs.
- sRGB to CIELAB under D65 (IEC 61966-2-1 and CIE 15).
- Contrast: WCAG 2.2's relative luminance and contrast ratio.

Pure Python, no numpy: the package's unit tests also run in Pyodide.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. 2009, severity 1.0, for linear RGB."""

RGB = tuple[float, float, float]


def parse(css: str) -> RGB:
    """``#rrggbb`` (or ``#rgb``) as three channels from 0 to 1."""
    text = css.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {css!r}")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def to_linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def to_srgb(channel: float) -> float:
    return channel * 12.92 if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def linear(css: str) -> RGB:
    r, g, b = parse(css)
    return (to_linear(r), to_linear(g), to_linear(b))


def simulate(css: str, vision: str) -> RGB:
    """The linear RGB a reader with `vision` (a key of :data:`MACHADO`, or ``normal``) sees."""
    rgb = linear(css)
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    out = [sum(m[row][col] * rgb[col] for col in range(3)) for row in range(3)]
    return (min(1.0, max(0.0, out[0])), min(1.0, max(0.0, out[1])), min(1.0, max(0.0, out[2])))


WHITE_D65 = (0.95047, 1.0, 1.08883)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear sRGB colour."""
    r, g, b = rgb
    xyz = (
        0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
        0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
        0.0193339 * r + 0.1191920 * g + 0.9503041 * b,
    )

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(value / white) for value, white in zip(xyz, WHITE_D65, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))  # noqa: N806 (the paper's ΔH')

    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dc / s_c) * (dH / s_h))


def distance(css1: str, css2: str, vision: str = "normal") -> float:
    """How far apart two colours look to a reader with `vision` (CIEDE2000)."""
    return ciede2000(lab(simulate(css1, vision)), lab(simulate(css2, vision)))


def closest(colours: dict[str, str], vision: str) -> tuple[float, str, str]:
    """The smallest distance between two of `colours` (name to CSS) under `vision`, and the pair."""
    names = list(colours)
    return min(
        (distance(colours[a], colours[b], vision), a, b) for i, a in enumerate(names) for b in names[i + 1 :]
    )


def luminance(css: str) -> float:
    """WCAG 2.2 relative luminance."""
    r, g, b = linear(css)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(css1: str, css2: str) -> float:
    """WCAG 2.2 contrast ratio, from 1 to 21."""
    one, two = luminance(css1), luminance(css2)
    return (max(one, two) + 0.05) / (min(one, two) + 0.05)
