"""``bergen.COMPILED`` tells the build of the kernel that is running, compiled or pure Python."""

import importlib
import os
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

import bergen
from bergen.kernel import deal, tiles

KERNEL = ["", ".actions", ".deal", ".play", ".rollout", ".sample", ".solve", ".table", ".tiles"]
STATES = ["bergen.events", "bergen._history", "bergen.round", "bergen.match"]


def test_compiled_is_a_bool() -> None:
    assert type(bergen.COMPILED) is bool
    assert "COMPILED" in bergen.__all__


def test_every_kernel_module_is_of_the_same_build() -> None:
    # A half-compiled kernel (a stray extension module beside the .py files) would show here.
    for name in KERNEL:
        module = importlib.import_module(f"bergen.kernel{name}")
        compiled = (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        assert compiled is bergen.COMPILED, (module.__name__, module.__file__)


def test_the_states_are_of_the_kernels_build() -> None:
    # The compiled build compiles the states (and the events a move makes) with the kernel.
    for name in STATES:
        module = importlib.import_module(name)
        compiled = (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        assert compiled is bergen.COMPILED, (module.__name__, module.__file__)


def test_the_kernel_runs() -> None:
    # Whichever build is running, its functions work: a shuffle is the 28 tiles.
    assert sorted(deal.shuffle(1, 0)) == list(range(tiles.N_TILES))
    assert deal.shuffle(1, 2) == deal.shuffle(1, 2)


@pytest.mark.skipif("BERGEN_EXPECT_COMPILED" not in os.environ, reason="no build expected")
def test_the_build_expected_is_the_one_running() -> None:
    # .ci/run sets BERGEN_EXPECT_COMPILED=0 for the editable pass and 1 for the compiled one, so
    # a pass that imported the wrong bergen (src/ instead of the wheel, or a stray .so) fails.
    expected = os.environ["BERGEN_EXPECT_COMPILED"] == "1"
    assert bergen.COMPILED is expected, bergen.__file__
