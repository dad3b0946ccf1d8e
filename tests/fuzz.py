"""Coverage-guided runs of the suite's fuzz targets, with atheris (``pip install atheris``).

    mkdir -p /tmp/corpus
    python tests/fuzz.py records /tmp/corpus src/bergen/vectors examples  # only RecordError
    python tests/fuzz.py protocol /tmp/corpus-protocol          # the protocol's parsers

The first directory collects the inputs found; the others seed it (the shipped records). A run
goes on until stopped (Ctrl-C), for ``-runs=N`` inputs or ``-max_total_time=SECONDS``; a crash
is written to ``crash-*``, replayed with ``python tests/fuzz.py TARGET crash-...``.
The targets are the ones the test suite runs briefly under Hypothesis
(tests/records/test_rec_fuzz.py, tests/protocol/test_codec.py); only bergen is instrumented.
"""

from __future__ import annotations

import os
import sys

import atheris  # type: ignore[import-not-found]

with atheris.instrument_imports(include=["bergen"]):
    import bergen.protocol
    import bergen.records  # noqa: F401

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # tests/, as under pytest


def main() -> None:
    """Run the target named by the first argument; pass the rest to atheris."""
    targets = ("records", "protocol")
    if len(sys.argv) < 2 or sys.argv[1] not in targets:
        sys.exit(f"usage: python tests/fuzz.py {{{','.join(targets)}}} [ATHERIS OPTIONS]")
    name = sys.argv.pop(1)
    if name == "records":
        from records.test_rec_fuzz import target
    else:
        from protocol.test_codec import fuzz_target as target
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
