"""How large and how long draftdeck's installs are: the wheel of this checkout installed into
fresh virtual environments, the light install and the one with the `play` extra (numba and
Dask), versions pinned by constraints.txt, packages from pip's cache where it has them.

The size is every file of the environment (Python's own venv files and pip included);
the baseline, in the same run, is an empty environment with pip. Target: the light install
under 150 MB.

    python benchmarks/install_size.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 150


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _environment(where: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    return where / ("Scripts" if sys.platform == "win32" else "bin") / "python"


def main() -> None:
    """Measure and print."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        wheels = work / "wheels"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(wheels)],
            check=True,
        )
        [wheel] = wheels.glob("draftdeck-*.whl")
        empty = work / "empty"
        _environment(empty)
        base = _size(empty)
        print(f"an empty environment with pip: {base / 1e6:.0f} MB")
        for name, extra in (("light", ""), ("with [play]", "[play]")):
            where = work / name.replace(" ", "-").strip("[]")
            python = _environment(where)
            start = time.perf_counter()
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", "-c", str(ROOT / "constraints.txt"),
                 f"{wheel}{extra}"],
                check=True,
            )  # fmt: skip
            seconds = time.perf_counter() - start
            size = _size(where)
            said = f"; target under {TARGET_MB} MB" if not extra else ""
            print(
                f"{name}: {size / 1e6:.0f} MB ({(size - base) / 1e6:.0f} MB beyond the empty "
                f"environment), installed in {seconds:.1f} s{said}"
            )


if __name__ == "__main__":
    main()
