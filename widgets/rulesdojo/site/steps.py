"""What every step of the site's build shares: its error, running a tool, the download cache."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


class SiteError(RuntimeError):
    """A step of the site build failed; the message says which and why."""


def run(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    """Run a tool of the build; a failure is a ``SiteError`` with the tool's last lines."""
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise SiteError(f"{what} needs {cmd[0]}, which isn't installed here (`make npm` installs Node's npm)")
    if done.returncode:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise SiteError(f"{what} failed ({' '.join(map(str, cmd[:4]))} ...):\n{tail}")


def default_cache() -> Path:
    """Where downloads are kept between builds (the command line's ``--cache`` overrides it)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulesdojo" / "site"
