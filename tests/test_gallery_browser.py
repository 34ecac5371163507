"""`draftdeck serve` in a real browser (Debian's chromium, driven by Playwright): the page
lists every card, switches language, redraws a card the moment its data is saved, and
shows a located error until it is fixed. CI installs chromium; without it, these tests
say why they skip (and fail under CI)."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from generator.services.starter import write_starter
from generator.web.gallery import Gallery
from generator.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = os.environ.get("DRAFTDECK_CHROMIUM") or shutil.which("chromium") or ""
pytestmark = pytest.mark.slow  # a browser starts for each test


def _browser_or_skip() -> None:
    if CHROMIUM:
        return
    if os.environ.get("CI"):
        pytest.fail("chromium is missing: .ci/run installs it (apt-get install chromium)")
    pytest.skip("no chromium here (Debian: apt-get install chromium); CI runs these tests")


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A new pack served on a free port, and the pack's folder."""
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    server = Server(Gallery(pack))
    ready = threading.Event()
    thread = threading.Thread(target=server.run, args=(ready.set,), daemon=True)
    thread.start()
    assert ready.wait(30), "the server did not start"
    yield server.url, pack
    server.stop()
    thread.join(30)
    assert not thread.is_alive()


@pytest.fixture
def page() -> Iterator[Page]:
    _browser_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                # another site's name that leads to this computer, as DNS rebinding makes one
                "--host-resolver-rules=MAP rebound.example 127.0.0.1",
            ],
        )
        try:
            yield browser.new_page()
        finally:
            browser.close()


def _front(page: Page, card: str) -> str | None:
    return page.get_attribute(f'figure[data-id="{card}"] img', "src")


def test_the_gallery_shows_every_card_follows_saves_and_errors(
    served: tuple[str, Path], page: Page
) -> None:
    url, pack = served
    p = page
    p.goto(url + "?locale=en")
    p.wait_for_function("document.querySelectorAll('figure.card').length === 12")
    assert p.inner_text("#game") == "demo"
    # Every picture loads (the server draws it on request).
    p.wait_for_function(
        "[...document.querySelectorAll('figure.card img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    english = {card: _front(p, card) for card in ("sun-1", "moon-1")}
    # Another language draws other pictures and names the component in it.
    p.select_option("#locale", "de")
    p.wait_for_function(
        "document.querySelector('section.component h2').textContent.startsWith('Karte')"
    )
    assert _front(p, "sun-1") != english["sun-1"]
    german = {card: _front(p, card) for card in ("sun-1", "moon-1")}
    # A search by text in the language shown.
    p.fill("#search", "mond")
    assert p.locator("figure.card:not([hidden])").count() == 4
    p.fill("#search", "")
    # A card's data on click, with its file and line.
    p.click('figure[data-id="moon-2"]')
    assert p.inner_text("#details-where") == "demo/cards.yaml:12"
    # Saving one card's data redraws that card, and only it.
    cards = pack / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("{id: sun-1, name: Sun, value: 1,", "{id: sun-1, name: Sun, value: 9,")
    )
    p.wait_for_function(
        f"document.querySelector('figure[data-id=\"sun-1\"] img').getAttribute('src') !== '{german['sun-1']}'"
    )
    assert _front(p, "moon-1") == german["moon-1"]
    p.wait_for_function("document.querySelector('figure[data-id=\"sun-1\"] img').naturalWidth > 0")
    # A mistake shows on the page, located as on the command line, until it is fixed.
    cards.write_text(
        text.replace("{id: sun-1, name: Sun, value: 1,", "{id: sun-1, name: Sun, value: one,")
    )
    p.wait_for_selector("#problems:not([hidden])")
    assert "demo/cards.yaml:7:" in p.inner_text("#problem-list")
    assert p.locator("figure.card").count() == 12  # the last cards that loaded stay
    cards.write_text(text)
    p.wait_for_selector("#problems", state="hidden")
    p.wait_for_function(
        f"document.querySelector('figure[data-id=\"sun-1\"] img').getAttribute('src') === '{german['sun-1']}'"
    )


def _diff(before: str, after: str) -> list[tuple[str, str]]:
    """The lines that differ, as (before, after)."""
    old, new = before.splitlines(), after.splitlines()
    assert len(old) == len(new), "lines were added or removed"
    return [(a, b) for a, b in zip(old, new, strict=True) if a != b]


def test_a_box_dragged_in_the_editor_changes_its_key_and_every_card(
    served: tuple[str, Path], page: Page
) -> None:
    """Dragging the name 5 mm to the right writes x + 5 into the template and nothing else;
    every card is drawn again; a box too narrow for a name marks its cards in the languages
    it does not fit in ('Sun' and 'Lune' fit 7 mm, 'Sonne', 'Soleil', 'Mond' and 'Moon' do not); undo writes
    the file back as it was."""
    url, pack = served
    p = page
    template = pack / "layouts/card.yaml"
    original = template.read_text(encoding="utf-8")
    p.goto(url)
    p.wait_for_function("document.querySelectorAll('figure.card').length === 12")
    assert p.input_value("#locale") == "en"  # the pack's own language
    before = _front(p, "moon-1")
    p.click("#edit-toggle")
    name = p.locator('.ed-box[data-element="name"]')
    name.wait_for()
    box = name.bounding_box()
    assert box is not None
    scale = box["width"] / 47  # the box is 47 mm wide
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    p.mouse.move(x, y)
    p.mouse.down()
    p.mouse.move(x + 5 * scale, y, steps=8)
    p.mouse.up()
    p.wait_for_function(
        f"document.querySelector('figure[data-id=\"moon-1\"] img').getAttribute('src') !== '{before}'"
    )
    changed = template.read_text(encoding="utf-8")
    assert _diff(original, changed) == [
        (
            '  name: {type: text, box: [8, 12, 47, 12], text: "{name|tr}", style: title}',
            '  name: {type: text, box: [13, 12, 47, 12], text: "{name|tr}", style: title}',
        )
    ]
    # The side panel: a width too small for 'Sonne' and 'Soleil' at 9 pt, enough for 'Sun'.
    p.wait_for_function("document.querySelector('#ed-w').value === '47'")
    p.fill("#ed-w", "7")
    p.press("#ed-w", "Enter")
    p.wait_for_selector('figure.card.overflow[data-id="sun-1"]')
    assert p.get_attribute('figure[data-id="sun-1"]', "data-overflow") == "de fr"
    assert p.get_attribute('figure[data-id="moon-1"]', "data-overflow") == "de en"
    listed = p.inner_text("#ed-overflow")
    assert "German: 12 cards" in listed and "English: 4 cards (moon-1, moon-2" in listed
    assert p.locator('.ed-box.overflow[data-element="name"]').count() == 0  # 'Sun' fits
    # Undo, twice: the file is as it was, byte for byte.
    p.click("#ed-undo")
    p.wait_for_function("!document.querySelector('#ed-undo').disabled")
    p.click("#ed-undo")
    p.wait_for_function("document.querySelector('#ed-undo').disabled")
    p.wait_for_function("document.querySelectorAll('figure.card.overflow').length === 0")
    assert template.read_text(encoding="utf-8") == original


def test_another_sites_page_neither_reads_nor_writes(served: tuple[str, Path], page: Page) -> None:
    """A page of another origin that reaches the server (a name of its own that leads to
    127.0.0.1, or a request from its own page) gets nothing and changes nothing."""
    url, pack = served
    port = url.rstrip("/").rsplit(":", 1)[1]
    template = pack / "layouts/card.yaml"
    original = template.read_bytes()
    rebound = page.goto(f"http://rebound.example:{port}/")
    assert rebound is not None and rebound.status == 403
    view = page.goto(f"http://rebound.example:{port}/api/view")
    assert view is not None and view.status == 403
    # A page of this other site posts a change as the editor would, token guessed.
    body = (
        '{"component": "card", "side": "front", "element": "name", "key": "box", '
        '"index": 0, "by": 5, "digest": ""}'
    )
    status = page.evaluate(
        """async ([target, body]) => {
            const answer = await fetch(target, {method: "POST", body,
                headers: {"Content-Type": "application/json", "X-Draftdeck-Token": "guessed"}});
            return answer.status;
        }""",
        [f"http://rebound.example:{port}/api/change", body],
    )
    assert status == 403
    page.evaluate(
        """async ([target, body]) => {
            try { await fetch(target, {method: "POST", mode: "no-cors", body}); } catch (e) {}
        }""",
        [f"{url}api/change", body],
    )
    assert template.read_bytes() == original
    own = page.goto(url)
    assert own is not None and own.status == 200


def test_keys_nudge_and_a_handle_resizes(served: tuple[str, Path], page: Page) -> None:
    """Shift+Up moves the selected box 5 mm up, Alt+Right 0.1 mm right; dragging its right
    handle 6 mm to the left narrows it, its edge snapped to the 0.5 mm grid (49.1 to 49)."""
    url, pack = served
    p = page
    template = pack / "layouts/card.yaml"
    line = '  name: {type: text, box: [8, 12, 47, 12], text: "{name|tr}", style: title}'
    assert line in template.read_text(encoding="utf-8")
    p.goto(url)
    p.click("#edit-toggle")
    name = p.locator('.ed-box[data-element="name"]')
    name.click()
    p.wait_for_function("document.querySelector('#ed-w').value === '47'")
    p.keyboard.press("Shift+ArrowUp")
    p.wait_for_function("document.querySelector('#ed-y').value === '17'")
    p.keyboard.press("Alt+ArrowRight")
    p.wait_for_function("document.querySelector('#ed-x').value === '8.1'")
    handle = p.locator('.ed-box[data-element="name"] .ed-handle.e').bounding_box()
    assert handle is not None
    box = name.bounding_box()
    assert box is not None
    scale = box["width"] / 47
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    p.mouse.move(x, y)
    p.mouse.down()
    p.mouse.move(x - 6 * scale, y, steps=6)
    p.mouse.up()
    p.wait_for_function("document.querySelector('#ed-w').value === '40.9'")
    assert '  name: {type: text, box: [8.1, 17, 40.9, 12], text: "{name|tr}", style: title}' in (
        template.read_text(encoding="utf-8")
    )
