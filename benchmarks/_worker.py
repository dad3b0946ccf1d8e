"""A long-lived worker of ``bench.py``: runs bursts of candidates on one build of bergen.

One process cannot import two builds of ``bergen``, so ``bench.py`` starts one worker per build
(the interpreted one under its own Python, the compiled one under ``--compiled PYTHON``) and
interleaves bursts across them. Started as::

    python benchmarks/_worker.py --build interpreted|compiled [--wall]

it checks that the bergen it imports is the build it was told (and refuses otherwise), answers
one JSON line describing itself, then reads one JSON request per line on stdin and answers one
JSON line on stdout for each:

- ``{"op": "run", "kind": "matches"|"rounds", "candidate": NAME, "seats": N, "seeds": [A, B]}``:
  one burst of the candidate over ``range(A, B)`` (prepared once, untimed, and kept for the next
  bursts), answered with ``{"moves", "placements", "seconds"}``: the burst's counts and its CPU
  time in this process (``time.process_time``; wall time with ``--wall``);
- ``{"op": "trace", ...}`` with the same fields: the untimed trace of what the burst plays,
  ``{"trace": [[scores, moves, placements], ...]}``;
- ``{"op": "quit"}``.

A failure is answered with ``{"error": MESSAGE}``.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import time
import traceback
from typing import Any


def build_of() -> tuple[bool, str]:
    """Whether the imported bergen is compiled, and how that was found out."""
    import bergen
    import bergen.kernel.play as play

    flag = getattr(bergen, "COMPILED", None)
    if flag is not None:
        return bool(flag), f"bergen.COMPILED = {flag!r}"
    compiled = not play.__file__.endswith(".py")
    return compiled, f"bergen.kernel.play is {play.__file__}"


def describe() -> dict[str, Any]:
    import bergen
    import bergen.kernel.play as play

    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "executable": sys.executable,
        "bergen": bergen.__version__,
        "bergen_file": bergen.__file__,
        "kernel_play": play.__file__,
    }


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--build", choices=("interpreted", "compiled"), required=True)
    p.add_argument("--wall", action="store_true")
    args = p.parse_args()
    clock = time.perf_counter if args.wall else time.process_time
    out = sys.stdout

    def answer(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj) + "\n")
        out.flush()

    try:
        compiled, how = build_of()
    except Exception as exc:  # an import that breaks: say so rather than a bare traceback
        answer({"error": f"{sys.executable} cannot import bergen: {exc!r}"})
        return 2
    if compiled != (args.build == "compiled"):
        found = "compiled" if compiled else "interpreted"
        answer(
            {
                "error": f"{sys.executable} imports the {found} bergen ({how}), "
                f"but this worker is to measure the {args.build} build; refusing to run"
            }
        )
        return 2

    import candidates as c

    hello = describe()
    hello["build"] = args.build
    hello["detected"] = how
    answer(hello)

    bursts: dict[tuple[Any, ...], c.Burst] = {}
    starts: dict[tuple[int, int, int], list[c.Start]] = {}

    def starts_for(seats: int, a: int, b: int) -> list[c.Start]:
        key = (seats, a, b)
        if key not in starts:
            starts[key] = c.round_starts(seats, range(a, b))
        return starts[key]

    for line in sys.stdin:
        try:
            req = json.loads(line)
            op = req["op"]
            if op == "quit":
                return 0
            kind, name, seats = req["kind"], req["candidate"], req["seats"]
            a, b = req["seeds"]
            if op == "trace":
                if kind == "matches":
                    trace = c.match_trace(c.MATCH_CANDIDATES[name], seats, range(a, b))
                else:
                    trace = c.round_trace(name, starts_for(seats, a, b))
                answer({"trace": [list(t) for t in trace]})
            elif op == "run":
                key = (kind, name, seats, a, b)
                work = bursts.get(key)
                if work is None:
                    if kind == "matches":
                        work = c.match_burst(c.MATCH_CANDIDATES[name], seats, range(a, b))
                    else:
                        work = c.round_burst(name, starts_for(seats, a, b))
                    bursts[key] = work
                gc.collect()
                t0 = clock()
                moves, placed = work()
                dt = clock() - t0
                answer({"moves": moves, "placements": placed, "seconds": dt})
            else:
                answer({"error": f"unknown op {op!r}"})
        except Exception:
            answer({"error": traceback.format_exc()})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
