"""Load and replay records with many redeals: the time should grow linearly with their number.

A round may list any number of redeals (deals thrown in because nobody held a double, rule 2);
a 10 MiB record holds about 50,000. This builds records of 10,000 and 50,000 redeals (the same
double-free deal, no seed) and times ``loads`` and ``replay`` for each, side by side.

    python benchmarks/records.py
"""

from __future__ import annotations

import json
import time

from bergen import TILES, MatchState, dumps, loads, record_match, replay


def _record(redeals: int) -> str:
    match = MatchState.new(2, seed=1)
    base = json.loads(dumps(record_match(match)))
    no_double = [t for t in TILES if not t.is_double]
    doubles = [t for t in TILES if t.is_double]
    deal = {
        "hands": [[str(t) for t in no_double[:6]], [str(t) for t in no_double[6:12]]],
        "boneyard": [str(t) for t in no_double[12:] + doubles],
    }
    base.pop("seed", None)
    base.pop("shuffles", None)
    base["format"] = "bergen-record/1"
    base["rounds"][0]["redeals"] = [deal] * redeals
    return json.dumps(base, separators=(",", ":"))


def main() -> None:
    print(f"{'redeals':>8} {'bytes':>11} {'loads s':>8} {'replay s':>9} {'per redeal us':>14}")
    for n in (10_000, 50_000):
        text = _record(n)
        t0 = time.perf_counter()
        record = loads(text)
        t1 = time.perf_counter()
        replay(record)
        t2 = time.perf_counter()
        per = (t2 - t0) / n * 1e6
        print(f"{n:>8,} {len(text.encode()):>11,} {t1 - t0:>8.2f} {t2 - t1:>9.2f} {per:>14.1f}")


if __name__ == "__main__":
    main()
