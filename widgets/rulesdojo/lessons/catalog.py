"""The lessons in order."""

from importlib import import_module

MODULES = ("l01_energy", "l02_cant_pay_more", "l03_energy_isnt_mana", "l04_may_pay", "l05_fizzle",
           "l06_counters", "l07_landfall", "l08_becoming_a_land", "l09_tracking_energy", "l10_capstone")
LESSONS = {m.LESSON.number: m.LESSON for m in (import_module(f"{__package__}.{n}") for n in MODULES)}
LESSONS = dict(sorted(LESSONS.items()))
