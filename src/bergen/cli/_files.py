"""Files the commands write: checked before the work that fills them starts."""

from __future__ import annotations

import os

__all__ = ["save_problem"]


def save_problem(path: str, *, replace: bool = False) -> str | None:
    """Why ``path`` cannot be written, or ``None`` when it can.

    ``bergen play --save`` writes its record when the match ends and ``bergen keep --save``
    after every entry: a path that cannot be written is refused before the first move, not
    found out with the match played.

    Args:
        path: The file to write (it need not exist yet).
        replace: The file is written beside ``path`` and moved over it (``os.replace``), so
            ``path``, if it exists, must be a regular file (never a device such as /dev/null).

    Returns:
        A message naming what is wrong (``"its folder /x does not exist"``, ``"it is a
        folder"``, ...), or ``None``.
    """
    if not path:
        return "no file name"
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return "it is a folder"
    if not os.path.isdir(folder):
        return f"its folder {folder} does not exist"
    if replace and os.path.lexists(path) and not os.path.isfile(path):
        return "it is not a regular file"
    exists = os.path.exists(path)
    if (exists and not os.access(path, os.W_OK)) or (
        (replace or not exists) and not os.access(folder, os.W_OK)
    ):
        return "no permission to write it"
    return None
