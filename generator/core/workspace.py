"""Where a command works: the data it reads and the folder it writes, found from the current folder.

As git and pytest do, draftdeck works where the user is: in a game pack (a
folder with a game.yaml, or any folder inside one) it reads that pack; in a
folder with a `data/` folder of packs it reads those. It writes below
`output/` of that working folder. `--data` names the data elsewhere, and the
output then goes below `./output`; `--out` names another output folder.
Nothing is ever written into draftdeck's own installation.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UsageError
from generator.core.paths import LOCALES_DIR, PACKAGE_DIR, SCHEMAS_DIR, display_path

DATA = "data"
OUTPUT = "output"
PROTECTED = (PACKAGE_DIR, SCHEMAS_DIR, LOCALES_DIR)
"""draftdeck's own code, schemas and interface catalogs: never written by a command."""


@dataclass(frozen=True)
class Workspace:
    """The data a command reads and the folder below which it writes."""

    data: Path
    """A folder of game packs, or one pack."""
    out: Path


def find_data(here: Path | None = None) -> tuple[Path, Path]:
    """(the data, the working folder) for a command run in `here` (the current folder):
    the pack `here` is, else `here`/data, else the pack `here` lies in."""
    here = (here or Path.cwd()).resolve()
    if (here / "game.yaml").is_file():
        return here, here
    if (here / DATA).is_dir():
        return here / DATA, here
    for folder in here.parents:
        if (folder / "game.yaml").is_file():
            return folder, folder
    raise UsageError(
        f"no game here: {here} has no {DATA}/ folder and is not in a game "
        "pack (a folder with a game.yaml); run the command in your project or pack folder, or "
        "name the data with --data DIR (draftdeck new NAME starts a pack)"
    )


def data_folder(data: Path | None) -> Path:
    """The data the user named with --data, or the data found from the current folder."""
    return data if data is not None else find_data()[0]


def workspace(data: Path | None, out: str | None, under: str = "") -> Workspace:
    """The data to read and the folder to write: `out`, else `output/` (and `under` below it)
    of the working folder, which is the current folder when --data is given."""
    if data is None:
        data, home = find_data()
    else:
        home = Path.cwd()
    default = home / OUTPUT / under if under else home / OUTPUT
    if out is None:
        _not_out_of_the_pack(home)
    return Workspace(data, output_folder(out, default))


def _not_out_of_the_pack(home: Path) -> None:
    """Refuse a pack's output/ that is a link leading out of the pack: a pack writes inside
    itself, as it reads inside itself."""
    output = home / OUTPUT
    if not (home / "game.yaml").is_file() or not output.is_symlink():
        return
    target = output.resolve()
    if not target.is_relative_to(home.resolve()):
        raise UsageError(
            f"{display_path(output)} is a link that leads out of the pack (to {target}); "
            "remove the link, or name the folder to write into with --out"
        )


def output_folder(out: str | None, default: Path) -> Path:
    """The folder --out names (`default` when not given), refused if empty or inside
    draftdeck's installation."""
    if out is None:
        folder = default
    elif not out.strip():
        raise UsageError("--out is empty: name the folder to write into, e.g. --out output")
    else:
        folder = Path(out)
    check_writable(folder)
    return folder


def check_writable(folder: Path) -> None:
    """Refuse a folder inside draftdeck's own installation (its code, schemas, catalogs), or
    among a game pack's sources (anywhere in a pack but its output/ folder)."""
    target = folder.resolve()
    for protected in PROTECTED:
        if target == protected or target.is_relative_to(protected):
            raise UsageError(
                f"{display_path(folder)} is inside draftdeck's own installation "
                f"({display_path(protected)}), which commands never write into; choose "
                "another folder"
            )
    for pack in (target, *target.parents):
        if (pack / "game.yaml").is_file() and not target.is_relative_to(pack / OUTPUT):
            raise UsageError(
                f"{display_path(folder)} is inside the game pack {display_path(pack)}, whose "
                f"sources the output would mix with; write below {display_path(pack / OUTPUT)} "
                "or outside the pack"
            )
