"""``bergen.COMPILED`` tells the build of the kernel that is running, compiled or pure Python."""

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

import bergen
from bergen.kernel import deal, tiles

KERNEL = ["", ".actions", ".deal", ".play", ".rollout", ".table", ".tiles"]


def test_compiled_is_a_bool() -> None:
    assert type(bergen.COMPILED) is bool
    assert "COMPILED" in bergen.__all__


def test_every_kernel_module_is_of_the_same_build() -> None:
    # A half-compiled kernel (a stray extension module beside the .py files) would show here.
    for name in KERNEL:
        module = importlib.import_module(f"bergen.kernel{name}")
        compiled = (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        assert compiled is bergen.COMPILED, (module.__name__, module.__file__)


def test_the_kernel_runs() -> None:
    # Whichever build is running, its functions work: a shuffle is the 28 tiles.
    assert sorted(deal.shuffle(1, 0)) == list(range(tiles.N_TILES))
    assert deal.shuffle(1, 2) == deal.shuffle(1, 2)
