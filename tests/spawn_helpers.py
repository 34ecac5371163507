"""Worker pools started as on macOS and Windows, where fork is unsafe: spawned."""

from __future__ import annotations

from typing import Any

import pytest


def spawning(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Have local worker pools spawn their workers instead of forking them; the list returned
    gets, for each pool started, whether its state could be sent to them (if not, the work
    ran in this process)."""
    from generator.pools import local

    sent: list[bool] = []
    sendable = local.sendable

    def recorded(state: Any) -> bool:
        sent.append(sendable(state))
        return sent[-1]

    monkeypatch.setattr(local, "start_method", lambda: "spawn")
    monkeypatch.setattr(local, "sendable", recorded)
    return sent
