"""`make lighthouse`'s arithmetic (tools/lighthouse.py), without Lighthouse: a report's figures,
their medians over runs and the targets met."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import lighthouse
from lighthouse import Figures


def report(performance=0.92, accessibility=1, best=1, seo=1, fcp=900.0, lcp=2400.0, tbt=150.0,
           speed=2000.0, cls=0.01, total=4_400_000) -> dict:
    """A Lighthouse JSON report as it writes one, reduced to what is read (plus a neighbour)."""
    audits = {"first-contentful-paint": fcp, "largest-contentful-paint": lcp, "total-blocking-time": tbt,
              "speed-index": speed, "cumulative-layout-shift": cls, "total-byte-weight": total}
    return {
        "lighthouseVersion": "12.8.2",
        "categories": {"performance": {"score": performance}, "accessibility": {"score": accessibility},
                       "best-practices": {"score": best}, "seo": {"score": seo}, "pwa": {"score": None}},
        "audits": {key: {"numericValue": value, "score": 1} for key, value in audits.items()}
        | {"interactive": {"numericValue": 1.0}},
    }


def test_a_report_gives_its_scores_in_hundredths_and_its_metrics_as_they_are() -> None:
    assert lighthouse.parse(report(performance=0.39, best=0.82)) == Figures(
        performance=39, accessibility=100, best_practices=82, seo=100, fcp=900.0, lcp=2400.0, tbt=150.0,
        speed_index=2000.0, cls=0.01, bytes=4_400_000)


@pytest.mark.parametrize("damage", [
    lambda r: r["categories"].pop("seo"),
    lambda r: r["categories"]["performance"].update(score=None),  # a page that failed to load
    lambda r: r["audits"].pop("total-blocking-time"),
    lambda r: r.pop("audits"),
])
def test_a_report_missing_a_figure_is_refused_not_counted_as_zero(damage) -> None:
    broken = report()
    damage(broken)
    with pytest.raises(ValueError):
        lighthouse.parse(broken)


def test_the_median_is_taken_figure_by_figure() -> None:
    runs = [lighthouse.parse(report(performance=p, lcp=lcp)) for p, lcp in [(0.40, 31000), (0.90, 2000), (0.41, 2500)]]
    middle = lighthouse.median(runs)
    assert (middle.performance, middle.lcp) == (41, 2500)
    with pytest.raises(ValueError):
        lighthouse.median([])


figures = st.builds(Figures, *[st.floats(0, 1e7, allow_nan=False)] * 10)


@given(st.lists(figures, min_size=1, max_size=7))
def test_each_median_lies_between_its_runs(runs) -> None:
    middle = lighthouse.median(runs)
    for name in Figures.__dataclass_fields__:
        values = [getattr(run, name) for run in runs]
        assert min(values) <= getattr(middle, name) <= max(values)


def test_the_issues_targets_met_and_missed_at_their_edges() -> None:
    edge = lighthouse.parse(report(performance=0.90, tbt=200, lcp=2500, cls=0.02, total=4_500_000))
    assert all(met for _, met in lighthouse.verdicts(edge))
    today = lighthouse.parse(report(performance=0.39, best=0.82, tbt=2910, lcp=31700, cls=0, total=5_962_815))
    missed = [label for label, met in lighthouse.verdicts(today) if not met]
    assert missed == ["Performance >= 90", "Best practices 100", "TBT <= 200 ms", "LCP <= 2.5 s", "bytes <= 4.5 MB"]
    just_over = lighthouse.parse(report(performance=0.89, accessibility=0.99, seo=0.99, tbt=201, lcp=2501,
                                        cls=0.021, total=4_500_001, best=0.99))
    assert not any(met for _, met in lighthouse.verdicts(just_over))


def test_the_printout_names_the_medians_and_the_targets_missed() -> None:
    text = lighthouse.describe("/?mode=solo", lighthouse.parse(report(performance=0.49, lcp=4700)), 3)
    assert text.splitlines()[0] == "/?mode=solo (median of 3)"
    assert "Performance 49" in text and "LCP 4.7 s" in text and "bytes 4.40 MB" in text
    assert text.splitlines()[-1] == "  targets missed: Performance >= 90, LCP <= 2.5 s"
