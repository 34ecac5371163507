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
import types
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

    Compiling a kernel first compiles the kernels it calls (the globals its code reads),
    and numba compiles a copy of the function whose globals hold those compiled kernels in
    place of their stand-ins, as numba types a call by what the name holds. The module's
    own names are left as written: a kernel is this stand-in for its whole life."""

    def __init__(self, function: Callable[..., Any], parallel: bool = False) -> None:
        self.function = function
        self.parallel = parallel
        self.compiled: Callable[..., Any] | None = None
        functools.update_wrapper(self, function)

    def __call__(self, *args: Any) -> Any:
        compiled = self.compiled
        if compiled is not None:
            return compiled(*args)
        if _PLAIN.get() or not have_numba():
            return self.function(*args)
        return self.compile()(*args)

    def compile(self) -> Callable[..., Any]:
        """The compiled function (compiled, or loaded from the cache, on first use)."""
        if self.compiled is None:
            import numba

            source = self.function
            namespace = dict(source.__globals__)  # numba's view of the module, not the module
            for name in source.__code__.co_names:  # the globals it reads
                value = namespace.get(name)
                if isinstance(value, _Kernel) and value is not self:
                    namespace[name] = value.compile()
                elif value is prange:
                    namespace[name] = numba.prange
            function = types.FunctionType(
                source.__code__, namespace, source.__name__, source.__defaults__, source.__closure__
            )
            function.__qualname__ = source.__qualname__
            compile_ = numba.njit(cache=True, nogil=True, parallel=self.parallel)
            self.compiled = compile_(function)
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
