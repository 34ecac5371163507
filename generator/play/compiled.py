"""Compiled kernels: numba, with its cache outside draftdeck's installation.

A few hot loops that pure Python cannot run fast enough (measured in
docs/decisions.md) are compiled by numba on first use. The compiled code is
cached in the user's cache folder (`platformdirs`), never beside the
package, so that draftdeck writes nothing into its own installation; the
first call of a kernel in a fresh cache pays its compile time once.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def _cache_folder() -> str:
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("draftdeck", appauthor=False), "numba")


os.environ.setdefault("NUMBA_CACHE_DIR", _cache_folder())


def kernel(function: F) -> F:
    """Compile `function` to machine code (nopython, cached across runs)."""
    import numba

    compiled: F = numba.njit(cache=True, nogil=True)(function)  # type: ignore[assignment]
    return compiled
