"""User docs speak to users: no issue numbers, no files outside the repository, no dated
measurement logs (those live in docs/decisions.md and benchmarks/), and every link to
another page of the repository leads to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

USER_DOCS = sorted(
    [PROJECT_ROOT / "README.md", *(PROJECT_ROOT / "docs").glob("*.md")],
)
USER_DOCS = [p for p in USER_DOCS if p.name != "decisions.md"]
RULED_OUT = {
    r"\bissue\s+#?\d+": "an issue number",
    r"\.\./shared|/shared/|\bseeds/": "a file outside the repository",
    r"[Mm]easured (on|with)[^.]*\b20\d\d-\d\d-\d\d": "a dated measurement",
}
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


@pytest.mark.parametrize("page", USER_DOCS, ids=[p.name for p in USER_DOCS])
def test_a_user_doc_says_how_not_what_happened(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for pattern, what in RULED_OUT.items():
        found = re.search(pattern, text)
        assert found is None, f"{page} names {what}: {found.group(0) if found else ''}"


@pytest.mark.parametrize("page", USER_DOCS, ids=[p.name for p in USER_DOCS])
def test_its_links_lead_to_files_of_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target, _ in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        assert (page.parent / target).exists(), f"{page}: link to {target} leads nowhere"
