"""How long `draftdeck serve` takes from a save to the new picture, against drawing one card
with ReportLab and pypdfium2 in the same process.

The gallery runs as the command runs it (a Tornado server in this process, watching the
pack by polling), on a copy of a pack; a client does what the page does: it waits for the
server's event, fetches the view, and fetches the pictures whose names changed. Two
edits, each repeated:

- one card: a value of one card changes (one picture to draw again; target 0.5 s);
- the template: an element of the card moves (every card of the language drawn again);
- the editor: on a new pack grown to 100 cards, the layout editor's request that moves
  the name 1 mm (what a drag sends), to every card of the language drawn again, as the
  page sees it (the edit written, the event, the view, the pictures).

The baseline is the least work that shows a card: one card of the same size drawn with
ReportLab (a background, a title, a number) and rasterized by pypdfium2 at the gallery's
resolution, in this process, fonts registered once.

    python benchmarks/gallery_speed.py [--runs N] [--game disaster-draft|new]
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.services.starter import write_starter  # noqa: E402
from generator.web.gallery import DPI, Gallery  # noqa: E402
from generator.web.server import Server  # noqa: E402


def baseline() -> float:
    """Seconds to draw one poker card with ReportLab and rasterize it."""
    from io import BytesIO

    import pypdfium2
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from generator.printing.fonts import register

    fonts = register()
    start = time.perf_counter()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(63 * mm, 88 * mm), invariant=True)
    canvas.setFillColorRGB(0.2, 0.3, 0.5)
    canvas.rect(0, 0, 63 * mm, 88 * mm, 0, 1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont(fonts["black"], 16)
    canvas.drawCentredString(31 * mm, 75 * mm, "Sun")
    canvas.setFont(fonts["bold"], 30)
    canvas.drawString(8 * mm, 60 * mm, "7")
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0]
    image = page.render(scale=DPI / 72).to_pil()
    out = BytesIO()
    image.save(out, format="PNG")
    return time.perf_counter() - start


VERSION = re.compile(rb"event: version\ndata: (\d+)\n\n")
"""The server's event that the pack changed, with its new version."""


class Client:
    """What the page does: follow the events, fetch the view and the changed pictures."""

    def __init__(self, port: int, locale: str) -> None:
        self.port, self.locale = port, locale
        self.stream = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.stream.sendall(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        self.version = self._next_version()
        self.keys = self._keys()

    def _next_version(self) -> int:
        buffer = b""
        while not (found := VERSION.findall(buffer)):  # the events come in HTTP chunks
            buffer += self.stream.recv(4096)
        return int(found[-1])

    def _get(self, path: str) -> bytes:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", path)
        body = connection.getresponse().read()
        connection.close()
        return body

    def _keys(self) -> dict[str, str]:
        view = json.loads(self._get(f"/api/view?locale={self.locale}"))
        return {card["id"]: card["front"] for c in view["components"] for card in c["cards"]}

    def after(self, edit: Callable[[], object]) -> tuple[float, int]:
        """Seconds from the edit to the last changed picture fetched, and how many."""
        start = time.perf_counter()
        edit()
        self.version = self._next_version()
        keys = self._keys()
        changed = [key for card, key in keys.items() if self.keys.get(card) != key]
        for key in changed:
            assert self._get(f"/picture/{key}.png").startswith(b"\x89PNG")
        self.keys = keys
        return time.perf_counter() - start, len(changed)


def hundred_cards(work: Path) -> Path:
    """A new pack whose one component has 100 cards, all different."""
    pack = write_starter(work / "hundred", "hundred")
    names = (("Sun", "#E8A33D"), ("Moon", "#3D5A98"), ("Star", "#2E8B6E"))
    rows = [
        f'  - {{id: card-{n}, name: {names[n % 3][0]}, value: {n % 100}, colour: "{names[n % 3][1]}"}}'
        for n in range(1, 101)
    ]
    cards = pack / "cards.yaml"
    head = cards.read_text(encoding="utf-8").split("cards:\n")[0]
    cards.write_text(head + "cards:\n" + "\n".join(rows) + "\n", encoding="utf-8")
    components = pack / "components.yaml"
    components.write_text(
        components.read_text(encoding="utf-8").replace("count: 12", "count: 100"),
        encoding="utf-8",
    )
    return pack


def editor_moves(runs: int, work: Path) -> list[tuple[float, int]]:
    """Seconds from the editor's request to the last picture of the component fetched."""
    from generator.services.layout_editor import digest

    pack = hundred_cards(work)
    server = Server(Gallery(pack))
    ready = threading.Event()
    thread = threading.Thread(target=server.run, args=(ready.set,), daemon=True)
    thread.start()
    ready.wait(60)
    template = pack / "layouts/card.yaml"
    timed = []
    try:
        client = Client(server.port, "en")
        for run in range(runs):

            def move(by: float = 1.0 if run % 2 == 0 else -1.0) -> object:
                change = {
                    "component": "card",
                    "side": "front",
                    "element": "name",
                    "key": "box",
                    "index": 0,
                    "by": by,
                    "digest": digest(template.read_bytes()),
                }
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
                own = f"127.0.0.1:{server.port}"
                headers = {
                    "Origin": f"http://{own}",
                    "X-Draftdeck-Token": server.token,
                    "Content-Type": "application/json",
                }
                connection.request("POST", "/api/change", json.dumps(change), headers)
                answer = connection.getresponse()
                assert answer.status == 200, answer.read()
                answer.read()
                connection.close()
                return None

            timed.append(client.after(move))
    finally:
        server.stop()
        thread.join(30)
    return timed


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="disaster-draft", choices=["disaster-draft", "new"])
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="draftdeck-gallery-"))
    if options.game == "new":
        pack = write_starter(work / "demo", "demo")
        data, card_edit = pack / "cards.yaml", ("value: 1,", "value: {n},")
        layout = pack / "layouts/card.yaml"
        element = (
            "emblem: {type: icon, icon: star, box: [19.5,",
            "emblem: {type: icon, icon: star, box: [{n},",
        )
    else:
        pack = work / "disaster-draft"
        shutil.copytree(ROOT / "data/disaster-draft", pack)
        data = pack / "units.yaml"
        card_edit = (
            "{id: tinker, name: Tinker, type: s, strength: 3,",
            "{id: tinker, name: Tinker, type: s, strength: {n},",
        )
        layout = pack / "layouts/unit.yaml"
        element = (
            'emblem: {type: icon, icon: "{type.emblem}", box: [21.5,',
            'emblem: {type: icon, icon: "{type.emblem}", box: [{n},',
        )
    server = Server(Gallery(pack))
    ready = threading.Event()
    thread = threading.Thread(target=server.run, args=(ready.set,), daemon=True)
    thread.start()
    ready.wait(60)
    try:
        client = Client(server.port, "en")
        original_data, original_layout = data.read_text(), layout.read_text()

        def edit(path: Path, original: str, pair: tuple[str, str], n: int) -> Callable[[], object]:
            old, new = pair
            assert original.count(old) >= 1, old
            return lambda: path.write_text(original.replace(old, new.replace("{n}", str(n)), 1))

        base = [baseline() for _ in range(options.runs * 3)]
        one = [
            client.after(edit(data, original_data, card_edit, 4 + run % 5))
            for run in range(options.runs)
        ]
        everything = [
            client.after(edit(layout, original_layout, element, 14 + run % 3))
            for run in range(options.runs)
        ]
    finally:
        server.stop()
        thread.join(30)
    try:
        editor = editor_moves(options.runs, work)
    finally:
        shutil.rmtree(work)
    baseline_median = statistics.median(base)
    rows = (
        ("one card", one, 0.5),
        ("the template", everything, None),
        ("the editor, 100 cards", editor, None),
    )
    for name, timed, target in rows:
        seconds = statistics.median(t for t, _ in timed)
        drawn = statistics.median(n for _, n in timed)
        line = (
            f"{name}: save to picture {seconds:.3f} s median of {len(timed)} "
            f"({drawn:.0f} pictures drawn again), {seconds / baseline_median:.1f}x the baseline"
        )
        if target is not None:
            line += f"; target {target} s: {'met' if seconds <= target else 'missed'}"
        print(line)
    print(f"baseline: one card drawn and rasterized {baseline_median * 1000:.1f} ms (median)")


if __name__ == "__main__":
    main()
