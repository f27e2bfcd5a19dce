"""The lessons in order."""

from importlib import import_module

MODULES = ("l01_energy", "l07_landfall")
LESSONS = {m.LESSON.number: m.LESSON for m in (import_module(f"{__package__}.{n}") for n in MODULES)}
LESSONS = dict(sorted(LESSONS.items()))
