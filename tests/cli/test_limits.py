"""The command line's sizes have limits with a clear message (issue 18): a target of a trillion,
100,000 workers or 10**16 games ran on before."""

from __future__ import annotations

import pytest

from bergen.cli import main


@pytest.mark.parametrize(
    ("args", "status", "text"),
    [
        (
            ["simulate", "--target", "999999999999", "--seed", "1"],
            1,
            "--target: a target is 1..10,000",
        ),
        (
            ["arena", "random", "random", "--workers", "100000"],
            2,
            "bergen arena: --workers must be 1..256, got 100000",
        ),
        (
            ["arena", "random", "random", "--games", str(10**16)],
            2,
            f"bergen arena: --games must be 1..1,000,000, got {10**16}",
        ),
        # Each names the option that is wrong (both were named in one sentence).
        (["arena", "random", "random", "--workers", "0"], 2, "--workers must be 1..256, got 0"),
        (["arena", "random", "random", "--games", "0"], 2, "--games must be 1..1,000,000, got 0"),
        (
            ["arena", "random", "random", "--move-time", "1e7"],
            2,
            "--move-time must be seconds in 0..1,000,000",
        ),
    ],
)
def test_sizes_beyond_the_limits_are_refused(
    args: list[str], status: int, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == status
    captured = capsys.readouterr()
    assert text in captured.err
    assert "Traceback" not in captured.err


def test_a_bad_dask_address_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("distributed")  # the dask extra, installed by .ci/run
    assert main(["arena", "random", "random", "--dask", "nonsense", "--games", "2"]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("bergen arena: --dask nonsense: ")
    assert "Traceback" not in captured.err
