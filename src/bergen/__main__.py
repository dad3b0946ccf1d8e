"""``python -m bergen``: the same as the ``bergen`` command."""

import sys

from bergen.cli import main

sys.exit(main())
