"""Serve the lessons with Voila: the one place that knows how they are served.

Code is hidden and never run from the page (Voila's defaults); the lesson folder
serves nothing but notebooks (rendered) and images; kernels are preheated so a
lesson opens fast.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

IMAGES = r".*\.(png|jpg|jpeg|gif|svg)"


def lessons_folder() -> Path:
    """Find the lesson notebooks: shipped in the wheel, or the source tree's ``lessons/``."""
    shipped = Path(str(resources.files("rulesdojo"))) / "notebooks"
    if (shipped / "index.ipynb").exists():
        return shipped
    source = Path(__file__).resolve().parents[2] / "lessons"
    if (source / "index.ipynb").exists():
        return source
    raise FileNotFoundError("No lesson notebooks found: neither the package's notebooks/ nor lessons/.")


def voila_args(folder: Path, host: str = "127.0.0.1", port: int = 8866, pool_size: int = 1,
               fill_delay: float = 4.0) -> list[str]:
    """Return the Voila command line for serving ``folder``.

    >>> args = voila_args(Path("lessons"), port=9000)
    >>> "--port=9000" in args and "--Voila.ip=127.0.0.1" in args
    True
    """
    return [
        sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}",
        f"--Voila.ip={host}", "--template=rulesdojo",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        f"--VoilaConfiguration.file_allowlist=['{IMAGES}']",
        r"--VoilaConfiguration.file_denylist=['.*\.(ipynb|py|yaml|yml|json|sqlite3|db)$', '(^|.*/)\..*']",
        f"--VoilaConfiguration.preheat_kernel={pool_size > 0}",
        f"--VoilaConfiguration.default_pool_size={max(pool_size, 0)}",
        f"--VoilaKernelManager.fill_delay={fill_delay}",
    ]


def voila_env(base: dict | None = None) -> dict:
    """Return an environment in which Voila finds the shipped ``rulesdojo`` page template."""
    env = dict(os.environ if base is None else base)
    share = str(Path(__file__).resolve().parent / "share" / "jupyter")
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (share, env.get("JUPYTER_PATH", "")) if p)
    return env


def serve(host: str = "127.0.0.1", port: int = 8866, pool_size: int = 1, folder: Path | None = None) -> int:
    """Start Voila on the lessons and wait; print the address of the landing page."""
    folder = folder or lessons_folder()
    print(f"Rules Dojo: open http://{host}:{port}/voila/render/index.ipynb  (Ctrl+C to stop)", flush=True)
    try:
        return subprocess.call(voila_args(folder, host, port, pool_size), cwd=folder, env=voila_env())
    except KeyboardInterrupt:
        return 0
