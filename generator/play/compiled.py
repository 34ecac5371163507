"""Compiled kernels: numba, with its cache outside draftdeck's installation.

A few hot loops that pure Python cannot run fast enough (measured in
docs/decisions.md) are compiled by numba on first use. The compiled code is
cached in the user's cache folder (`platformdirs`), never beside the
package, so that draftdeck writes nothing into its own installation; the
first call of a kernel in a fresh cache pays its compile time once. Where
numba is not installed (draftdeck without its `play` extra), every kernel
runs as the plain Python it is written in: the same answers, more slowly.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def _cache_folder() -> str:
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("draftdeck", appauthor=False), "numba")


os.environ.setdefault("NUMBA_CACHE_DIR", _cache_folder())

_PLAIN: ContextVar[bool] = ContextVar("plain_kernels", default=False)


@contextmanager
def plain_kernels() -> Iterator[None]:
    """Within it, a kernel not compiled yet runs as plain Python: for an answer that calls a
    kernel a few times, faster than importing numba and loading the compiled code."""
    token = _PLAIN.set(True)
    try:
        yield
    finally:
        _PLAIN.reset(token)


class _Kernel:
    """A function compiled by numba when first called, so that importing the module that
    defines it (a game's model, for `validate`) imports neither numba nor its compiler.

    Compiling a kernel first compiles the kernels it calls (the globals its code reads)
    and puts them in its module's namespace in place of their stand-ins, as numba types a
    call by what the name holds. Code that calls a kernel often from Python calls it
    through its module (`kernels.search(...)`): once compiled, the name there is the
    compiled function itself, without this stand-in's Python call around it."""

    def __init__(self, function: Callable[..., Any], parallel: bool = False) -> None:
        self.function = function
        self.parallel = parallel
        self.compiled: Callable[..., Any] | None = None
        functools.update_wrapper(self, function)

    def __call__(self, *args: Any) -> Any:
        if self.compiled is None and (_PLAIN.get() or not have_numba()):
            return self.function(*args)
        compiled = self.compiled or self.compile()
        return compiled(*args)

    def compile(self) -> Callable[..., Any]:
        """The compiled function (compiled, or loaded from the cache, on first use)."""
        if self.compiled is None:
            import numba

            namespace = self.function.__globals__
            for name in self.function.__code__.co_names:  # the globals it reads
                value = namespace.get(name)
                if isinstance(value, _Kernel) and value is not self:
                    namespace[name] = value.compile()
                elif value is prange:
                    namespace[name] = numba.prange
            compile_ = numba.njit(cache=True, nogil=True, parallel=self.parallel)
            self.compiled = compile_(self.function)
            namespace[self.function.__name__] = self.compiled
        return self.compiled


@functools.cache
def have_numba() -> bool:
    """Whether numba is installed (the `play` extra), looked up without importing it."""
    return importlib.util.find_spec("numba") is not None


def kernel(function: F) -> F:
    """Compile `function` to machine code (nopython, cached across runs) when first used."""
    return _Kernel(function)  # type: ignore[return-value]


def parallel_kernel(function: F) -> F:
    """`kernel`, with the iterations of its `prange` loops shared out among the cores; each
    iteration must write only what no other iteration reads or writes."""
    return _Kernel(function, parallel=True)  # type: ignore[return-value]


def prange(*bounds: int) -> range:
    """`range` in Python; in a parallel kernel, a loop whose iterations run on every core."""
    return range(*bounds)
