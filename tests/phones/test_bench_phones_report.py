"""`bench --phones --json` names the phones' targets it misses in its own `missed`, as `bench --json` does."""

from __future__ import annotations

from lastmessage.scripting.bench import PhonesFigures, phones_missed, phones_report


def figures(**changed: object) -> PhonesFigures:
    base: dict[str, object] = dict(
        phones=64, cursor_p99_units=5.0, cursor_p99_units_with_phones=5.1, cursor_p99_rise_units=0.1,
        cursor_p99_units_rounds={"quiet": [5.0], "marking": [5.1]}, cursor_p99_rises=[0.1], noise_units=0.5,
        within_noise=True, phones_frame_us_p50=20.0, phones_frame_us_p99=150.0, first_view_s=0.3,
        bytes_per_phone=1_690_000, zoom_bytes_per_phone=1_100_000, rss_mb_with_phones=190.0,
        rss_mb_without_phones=150.0, marks_sent=3000, phones_failed=0, refused={"malformed": 0})
    base.update(changed)
    return PhonesFigures(**base)   # type: ignore[typeddict-item]


def test_figures_that_hold_miss_nothing() -> None:
    report = phones_report(figures())
    assert report["missed"] == [] and report["meets_targets"] is True
    assert report["refused"] == {"malformed": 0} and report["first_view_s"] == 0.3   # the figures, extended


def test_each_missed_target_is_named_with_its_figure_as_the_full_bench_names_it() -> None:
    crowd = figures(phones=200, cursor_p99_rise_units=0.4, phones_failed=2)
    report = phones_report(figures(cursor_p99_rise_units=0.5, first_view_s=1.2, audience=crowd))
    assert report["missed"] == ["phones cursor_p99_rise_units 0.5", "phones first_view_s 1.2",
                                "audience of 200 cursor_p99_rise_units 0.4", "audience: 2 phones failed"]
    assert report["meets_targets"] is False
    assert phones_missed(report) == report["missed"]
