"""``rulesdojo serve``'s limits reach the Voila it starts, and only as given."""

import rulesdojo.serving as serving
from rulesdojo.cli import main as rulesdojo


def voila_command(monkeypatch, *options) -> list[str]:
    """Return the command ``rulesdojo serve OPTIONS`` would run, without running it."""
    ran = []
    monkeypatch.setattr(serving, "run_until_stopped", lambda args, cwd, env, **_: ran.append(args) or 0)
    assert rulesdojo(["serve", *options]) == 0
    return ran[0]


def test_busy_limit_is_handed_to_the_page_connections(monkeypatch):
    assert "--PacedConnection.busy_limit=5.0" in voila_command(monkeypatch, "--busy-limit", "5")
    assert not [a for a in voila_command(monkeypatch) if "busy_limit" in a]  # the kit's default applies
