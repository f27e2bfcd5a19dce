"""The learner's language on the course page: the browser's first, unless the learner chose one.

The page's front end reports the browser's languages (``navigator.languages``); the best one the kit
offers is the language until the learner is known and has a choice kept, or chooses one on the
page's switch (``choose``). A choice is kept per learner in the results store, so a reload, another
kernel or the static site's next visit finds it again.

>>> class Kept:  # a results store's settings, for the example
...     def __init__(self): self.rows = {}
...     def save_setting(self, learner, name, value): self.rows[(learner, name)] = value; return True
...     def setting(self, learner, name): return self.rows.get((learner, name))
>>> store = Kept()
>>> lang = LanguageChoice(store); lang.browser_says("es-MX,es,en"); lang.code
'es'
>>> lang.learner_known("ana"); lang.choose("ja"); lang.code, store.rows
('ja', {('ana', 'language'): 'ja'})
>>> again = LanguageChoice(store); again.browser_says("es"); again.learner_known("ana"); again.code
'ja'
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from traitlets import Bool, HasTraits, Unicode

from ..i18n import LANGUAGES, SOURCE, best_language

#: the name of the learner's setting the results store keeps their language under
SETTING = "language"


class Settings(Protocol):
    """What the language needs of a results store (``quiz.store.ResultStore``)."""

    def save_setting(self, learner: str, setting: str, value: str) -> bool: ...

    def setting(self, learner: str, setting: str) -> str | None: ...


class LanguageChoice(HasTraits):
    """The language a course page is drawn in (``code``, a key of ``offered``)."""

    code = Unicode(SOURCE)
    browser = Unicode("")  # the browser's languages as its front end reported them, joined by commas
    chosen = Bool(False)  # the learner chose ``code`` (on the switch, or on an earlier visit)

    def __init__(self, store: Settings | Any = None, offered: Mapping[str, str] = LANGUAGES, **kwargs):
        super().__init__(**kwargs)
        self.store, self.offered = store, offered
        self.learner: str | None = None

    def browser_says(self, languages: str) -> None:
        """The browser's languages (``navigator.languages`` joined by commas): their best is the
        language, unless the learner chose one."""
        self.browser = languages
        if not self.chosen:
            self.code = best_language(languages, self.offered)

    def learner_known(self, learner: str) -> None:
        """The learner is known: the language they chose before comes back (else it stays)."""
        self.learner = learner
        kept = self.store.setting(learner, SETTING) if self.store is not None else None
        if kept in self.offered:
            with self.hold_trait_notifications():
                self.chosen = True
                self.code = str(kept)
        elif self.chosen:  # chosen before the learner was known: kept for them now
            self._keep()

    def choose(self, code: str) -> None:
        """The learner picks a language on the switch; one the kit doesn't offer changes nothing."""
        if code not in self.offered:
            return
        with self.hold_trait_notifications():
            self.chosen = True
            self.code = code
        self._keep()

    def _keep(self) -> None:
        if self.learner is not None and self.store is not None:
            self.store.save_setting(self.learner, SETTING, self.code)
