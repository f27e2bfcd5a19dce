"""The kit's one configuration value: which results store, exams, scenarios and cards a page uses, and
where its learner's identity comes from.

A ``Kit`` is built at an entry point (the command line, a served page, a notebook's first call) and
passed down; nothing below reads the process's environment for it. A kernel gets its configuration
through one channel, its environment as ``rulesdojo serve`` sets it, read here, by
``Kit.from_environment``, and nowhere else in the product:

- ``RULESDOJO_RESULTS``: the results store (a SQLite file or a PostgreSQL URL), else
  ``results.sqlite3`` in the user's data folder (``$XDG_DATA_HOME/rulesdojo``, else ``~/.local/share/rulesdojo``);
- ``RULESDOJO_EXAMS``: the folder of exam files, else the shipped examples;
- ``RULESDOJO_SCENARIOS``: the sandbox's folder of scenarios, else the shipped one;
- ``RULESDOJO_CARDS``: folders of card files added to the shipped cards (separated like ``PATH``);
- ``RULESDOJO_IDENTITY`` and the variables it names: who the learner is (``rulesdojo.serve.identity``).

>>> kit = Kit.from_environment({"RULESDOJO_EXAMS": "/srv/exams", "XDG_DATA_HOME": "/home/ana/.data",
...                             "RULESDOJO_CARDS": "/a" + os.pathsep + "/b"})
>>> kit.exams, kit.cards, kit.results, kit.identity.served
(PosixPath('/srv/exams'), ('/a', '/b'), '/home/ana/.data/rulesdojo/results.sqlite3', False)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Kit:
    """What a page uses: ``results`` (a file or URL; None: ``results.sqlite3`` in ``data``), ``data``
    (the user's data folder; None: ``~/.local/share/rulesdojo``), ``exams`` and ``scenarios``
    (folders; None: the shipped ones), ``cards`` (folders of card files added to the shipped cards)
    and ``identity``, the identity source (``rulesdojo.serve.identity.KernelIdentity``)."""

    identity: Any
    results: str | None = None
    data: Path | None = None
    exams: Path | None = None
    scenarios: Path | None = None
    cards: tuple[str, ...] = field(default=())

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> "Kit":
        """Build the kit from the environment, the one channel a server configures its kernels by
        (``env``: that environment as given, else the process's)."""
        from .quiz.store import data_folder, default_path
        from .serve.identity import KernelIdentity  # the identity source: what the server vouches for
        env = os.environ if env is None else env
        data = data_folder(env.get("XDG_DATA_HOME"))
        exams, scenarios = env.get("RULESDOJO_EXAMS"), env.get("RULESDOJO_SCENARIOS")
        kit = cls(identity=KernelIdentity(env), results=env.get("RULESDOJO_RESULTS") or str(default_path(data)),
                  data=data, exams=Path(exams) if exams else None, scenarios=Path(scenarios) if scenarios else None,
                  cards=tuple(filter(None, env.get("RULESDOJO_CARDS", "").split(os.pathsep))))
        return kit

    def store(self):
        """Open the kit's results store (``rulesdojo.quiz.store.ResultStore``)."""
        from .quiz.store import ResultStore
        return ResultStore(self.results, data=self.data)

    @property
    def card_set(self):
        """The kit's cards: the shipped ones with each of ``cards``'s folders added, read once."""
        from .scenarios.cardfile import cards_of
        return cards_of(self.cards)
