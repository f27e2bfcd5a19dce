"""The kit's one configuration value: which results store, exams, scenarios and cards a page uses, and
where its learner's identity comes from.

A ``Kit`` is built at an entry point (the command line, a served page, a notebook's first call) and
passed down; nothing below reads the process's environment for it. A kernel gets its configuration
through one channel, its environment as ``rulesdojo serve`` sets it, read by ``Kit.of_this_kernel``:

- ``RULESDOJO_RESULTS``: the results store (a SQLite file or a PostgreSQL URL);
- ``RULESDOJO_EXAMS``: the folder of exam files;
- ``RULESDOJO_SCENARIOS``: the sandbox's folder of scenarios;
- ``RULESDOJO_CARDS``: folders of card files added to the shipped cards;
- ``RULESDOJO_IDENTITY`` and the variables it names: who the learner is (``rulesdojo.serve.identity``).

>>> kit = Kit.of_this_kernel({"RULESDOJO_EXAMS": "/srv/exams", "RULESDOJO_CARDS": "/a" + os.pathsep + "/b"})
>>> kit.exams, kit.cards, kit.results, kit.identity.served
(PosixPath('/srv/exams'), ('/a', '/b'), None, False)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Kit:
    """What a page uses: ``results`` (a file or URL; None: the user's own file), ``exams`` and
    ``scenarios`` (folders; None: the shipped ones), ``cards`` (folders of card files added to the
    shipped cards) and ``identity``, the identity source (``rulesdojo.serve.identity.KernelIdentity``)."""

    identity: Any
    results: str | None = None
    exams: Path | None = None
    scenarios: Path | None = None
    cards: tuple[str, ...] = field(default=())

    @classmethod
    def of_this_kernel(cls, env: Mapping[str, str] | None = None) -> "Kit":
        """Build the kit from the kernel's environment, the one channel a server configures it by
        (``env``: that environment as given, else the process's)."""
        from .serve.identity import KernelIdentity  # the identity source: what the server vouches for
        env = os.environ if env is None else env
        exams, scenarios = env.get("RULESDOJO_EXAMS"), env.get("RULESDOJO_SCENARIOS")
        return cls(identity=KernelIdentity(env), results=env.get("RULESDOJO_RESULTS") or None,
                   exams=Path(exams) if exams else None, scenarios=Path(scenarios) if scenarios else None,
                   cards=tuple(filter(None, env.get("RULESDOJO_CARDS", "").split(os.pathsep))))
