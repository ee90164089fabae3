"""The Colour-blind safe palette, measured: Machado et al.'s 2009 simulations (severity 1, linear
RGB) and CIEDE2000 (checked here against Sharma, Wu and Dalal's 34 published pairs).

Target (issue 28): under each of protanopia, deuteranopia and tritanopia the classic six colours
at least 11 apart and all ten a page palette can hold at least 8 apart. The figures are printed
(``pytest -s``); the standard palette's are printed beside them (they miss: 2.4 under
deuteranopia for Blue/Purple), and kept as they are, since many know the game's colours by them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mastermind import CATALOG
from mastermind.page.appearance import css_name, ink, peg_paint, safe_look
from mastermind.palette import COLOUR_BLIND_SAFE

from .colour_science import MACHADO, ciede2000, closest, contrast, distance, lab, linear

ROOT = Path(__file__).resolve().parent.parent
VISIONS = tuple(MACHADO)
SIX, TEN = 11.0, 8.0

# Sharma, Wu and Dalal (2005), Table 1: L*a*b* of the two colours, and their CIEDE2000 difference.
SHARMA = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]


@pytest.mark.parametrize("pair", SHARMA, ids=[f"pair {n}" for n in range(1, len(SHARMA) + 1)])
def test_ciede2000_gives_sharmas_published_differences(pair):
    *labs, expected = pair
    assert ciede2000(labs[:3], labs[3:]) == pytest.approx(expected, abs=5e-5)
    assert ciede2000(labs[3:], labs[:3]) == pytest.approx(expected, abs=5e-5)


def test_srgb_to_lab_and_the_simulation_keep_white_white_and_black_black():
    assert lab(linear("#ffffff")) == pytest.approx((100, 0, 0), abs=0.01)
    assert lab(linear("#ff0000")) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)
    for vision in VISIONS:
        assert distance("#ffffff", "#ffffff", vision) == 0
        for row in MACHADO[vision]:
            assert sum(row) == pytest.approx(1, abs=2e-3)  # white stays white


def figures(colours: dict[str, str]) -> dict[str, tuple[tuple[float, str, str], tuple[float, str, str]]]:
    """Per vision: the closest pair of the classic six and of all ten."""
    six = dict(list(colours.items())[:6])
    return {vision: (closest(six, vision), closest(colours, vision)) for vision in ("normal", *VISIONS)}


def report(name: str, colours: dict[str, str]) -> str:
    lines = [f"{name} palette, closest pairs (CIEDE2000):"]
    for vision, ((d6, a6, b6), (d10, a10, b10)) in figures(colours).items():
        lines.append(f"  {vision:13} six {d6:5.1f} ({a6}/{b6})   ten {d10:5.1f} ({a10}/{b10})")
    return "\n".join(lines)


STANDARD = {color.name: color.css for color in CATALOG[:10]}
SAFE = {color.name: COLOUR_BLIND_SAFE[color.name] for color in CATALOG[:10]}


def test_the_colour_blind_safe_palette_keeps_its_colours_apart_under_every_simulation():
    print()
    print(report("Standard", STANDARD))
    print(report("Colour-blind safe", SAFE))
    for vision, ((six, *_), (ten, *_)) in figures(SAFE).items():
        assert six >= SIX, (vision, six)
        assert ten >= TEN, (vision, ten)


def test_the_standard_figures_are_those_the_issue_measured():
    """The measure agrees with issue 28's: the standard palette's closest pair is Blue/Purple
    2.4 apart under deuteranopia, and Green/Orange 7.8 under protanopia."""
    got = figures(STANDARD)
    assert got["deuteranopia"][0][1:] == ("Blue", "Purple") and got["deuteranopia"][0][0] == pytest.approx(2.4, abs=0.05)
    assert got["protanopia"][0][1:] == ("Green", "Orange") and got["protanopia"][0][0] == pytest.approx(7.8, abs=0.05)


def test_the_safe_palette_covers_the_colours_a_page_palette_can_hold_and_only_the_look_changes():
    assert list(COLOUR_BLIND_SAFE) == [color.name for color in CATALOG[:10]]
    for name, css in COLOUR_BLIND_SAFE.items():
        assert re.fullmatch(r"#[0-9a-f]{6}", css), name


@pytest.mark.parametrize("name", list(COLOUR_BLIND_SAFE))
def test_letters_are_readable_on_every_safe_colour(name):
    css = COLOUR_BLIND_SAFE[name]
    assert contrast(css, "#000000" if ink(css) == "#000" else "#ffffff") >= 4.5


def test_style_css_holds_the_safe_palette_as_palette_py_has_it():
    """static/style.css defines --colour-<name> and --colour-<name>-ink on <html data-colours="safe">,
    the values of mastermind/palette.py (one source: the CSS is checked against it)."""
    css = (ROOT / "static" / "style.css").read_text()
    block = re.search(r':root\[data-colours="safe"\] \{([^}]*)\}', css)
    assert block, "no :root[data-colours=\"safe\"] block in style.css"
    found = dict(re.findall(r"--colour-([a-z-]+):\s*(#\w+);", block.group(1)))
    expected = {}
    for name, (colour, peg_ink) in safe_look().items():
        expected[name], expected[f"{name}-ink"] = colour, peg_ink
    assert found == expected


def test_pegs_are_painted_through_the_custom_property_of_their_colour():
    for color in CATALOG:
        peg, peg_ink = peg_paint(color)
        assert peg == f"var(--colour-{css_name(color)}, {color.css})"
        assert peg_ink.startswith(f"var(--colour-{css_name(color)}-ink, #")
