"""Species art: PNG or JPEG named in the data, checked with Pillow, bombs refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner, Result

from generator.cli.app import app
from tests.conftest import PACK, replace_once
from tests.pdf_helpers import close, raster, reader

ART = "    name: Rabbit\n"


def _name_art(path: str) -> None:
    replace_once(Path(PACK) / "species.yaml", ART, f"{ART}    art: {path}\n")


def _build(runner: CliRunner, *extra: str) -> Result:
    """Build the 2025 English cards from the project copy into out/, in one process."""
    args = ["build", "--data", "data", "--out", "out", "--edition", "2025", "--locale", "en"]
    return runner.invoke(app, [*args, "--jobs", "1", *extra])


@pytest.mark.slow
def test_art_is_printed_instead_of_the_emblem(project: Path, runner: CliRunner) -> None:
    (Path(PACK) / "art").mkdir()
    Image.new("RGB", (400, 360), (200, 30, 160)).save(Path(PACK) / "art" / "rabbit.png")
    _name_art("art/rabbit.png")
    result = _build(runner, "--bleed", "0")
    assert result.exit_code == 0, result.output
    image = raster(project / "out/all-star-draft/2025/en/hockey-player.pdf", 0, 8.0)
    # The first card's art box centre (3x3 upright sheet, first slot): magenta, not the white emblem.
    x, y = (210 - 189) / 2 + 31.5, 297 - (297 - 264) / 2 - 88 + 42
    assert close(image.getpixel((int(x * 8), int((297 - y) * 8))), (200, 30, 160))
    assert len(reader(project / "out/all-star-draft/2025/en/hockey-player.pdf").pages) == 24


@pytest.mark.slow
def test_missing_art_is_a_validation_error(project: Path, runner: CliRunner) -> None:
    _name_art("art/nowhere.png")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert (
        "species.yaml:13:5: error: art file 'art/nowhere.png' does not exist (at /species/0/art)"
        in result.stdout
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda p: Image.new("RGB", (10, 10)).save(p, format="GIF"),
            "is GIF; art must be PNG or JPEG",
        ),
        (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n broken"), "not a readable image"),
        (lambda p: Image.new("1", (7000, 7000)).save(p), "refused as a decompression bomb"),
    ],
)
def test_bad_art_fails_the_build_clearly(
    project: Path, runner: CliRunner, make: object, message: str
) -> None:
    (Path(PACK) / "art").mkdir()
    make(Path(PACK) / "art" / "rabbit.png")  # type: ignore[operator]
    _name_art("art/rabbit.png")
    result = _build(runner)
    assert result.exit_code == 1
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_art_with_another_extension_is_refused_by_the_schema(
    project: Path, runner: CliRunner
) -> None:
    _name_art("art/rabbit.gif")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert "'art' of 'rabbit' has the wrong form: text 'art/rabbit.gif'" in result.stdout


def test_art_over_the_pack_total_is_located_at_the_image_that_crosses_it(
    project: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("generator.services.template_checks.MAX_TOTAL_PIXELS", 100_000)
    (Path(PACK) / "art").mkdir()
    Image.new("RGB", (400, 360), (200, 30, 160)).save(Path(PACK) / "art" / "rabbit.png")
    _name_art("art/rabbit.png")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert (
        "species.yaml:13:5: error: art file 'art/rabbit.png' and the art before it come to "
        "144,000 pixels, more than a pack's art may hold (100,000) (at /species/0/art)"
    ) in result.stdout


def test_art_that_links_out_of_the_pack_is_refused(
    project: Path, runner: CliRunner, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("elsewhere") / "secret.png"
    Image.new("RGB", (40, 36)).save(outside)
    (Path(PACK) / "art").mkdir()
    (Path(PACK) / "art" / "rabbit.png").symlink_to(outside)
    _name_art("art/rabbit.png")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert (
        "art file 'art/rabbit.png' is a link that leads out of the pack folder (to "
        f"{outside}); art must be a file inside the pack folder" in result.stdout
    )
    assert "art/rabbit.png: error: this is a link that leads out of the pack folder" in (
        result.stdout
    )
