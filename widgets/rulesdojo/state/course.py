"""Where a learner is in the course: the map, a lesson (and a part of it), the quiz or the sandbox.

The course is one page: moving between its places changes this model, and the page's address (the
URL's hash) says the place, so back, forward, a link to a part and a reload all land on it.

>>> flow = CourseFlow({7: ("every-land", "choose-order")})
>>> flow.go("lesson/7/choose-order"); flow.place
Place(view='lesson', lesson=7, part='choose-order')
>>> flow.go("lesson/12"); flow.place.view, flow.message
('map', 'There is no lesson 12 in this course: here is the course map.')
"""

from __future__ import annotations

from dataclasses import dataclass

from traitlets import Any, HasTraits, Int, Unicode

#: The places that are not lessons, by the word their address uses ("review": practice of what is
#: due for review, and only that).
VIEWS = ("map", "quiz", "review", "sandbox")


@dataclass(frozen=True)
class Place:
    """One place of the course: ``view`` is "map", "lesson", "quiz", "review" or "sandbox"."""

    view: str = "map"
    lesson: int = 0
    part: str = ""  # a lesson's part (task or check key); "" for the top of the page

    @property
    def address(self) -> str:
        """Return the place as the page's address writes it (after ``#/``).

        >>> Place("lesson", 7, "every-land").address, Place("quiz").address, Place().address
        ('lesson/7/every-land', 'quiz', '')
        """
        if self.view == "lesson":
            return f"lesson/{self.lesson}" + (f"/{self.part}" if self.part else "")
        return "" if self.view == "map" else self.view


class BadAddress(ValueError):
    """An address that names no place of this course; its message says so in the learner's words
    (``said``: in their language, ``msgid`` filled with ``params`` after translation)."""

    def __init__(self, msgid: str, **params) -> None:
        super().__init__(msgid.format(**params))
        self.msgid, self.params = msgid, params

    def said(self, words=None) -> str:
        return words(self.msgid, **self.params) if words is not None else str(self)


def _words(msgid: str) -> str:
    """Mark a message for translation where it is written; it is translated where it is said."""
    return msgid


def read_address(address: str, lessons: dict[int, tuple[str, ...]]) -> Place:
    """Read an address (``lesson/7/every-land``, ``quiz``; a leading ``#/`` or ``/`` is ignored).

    >>> read_address("#/lesson/7", {7: ("every-land",)})
    Place(view='lesson', lesson=7, part='')
    >>> read_address("lesson/7/nowhere", {7: ("every-land",)})
    Traceback (most recent call last):
    rulesdojo.state.course.BadAddress: Lesson 7 has no part “nowhere”: here is the top of the lesson.
    """
    parts = [w for w in address.lstrip("#").strip("/").split("/") if w]
    if not parts or parts == ["map"]:
        return Place()
    if len(parts) == 1 and parts[0] in VIEWS:
        return Place(parts[0])
    if parts[0] != "lesson" or len(parts) not in (2, 3) or not parts[1].isdigit():
        raise BadAddress(_words("“{address}” is not a place in this course: here is the course map."),
                         address="/".join(parts)[:60])
    number = int(parts[1])
    if number not in lessons:
        raise BadAddress(_words("There is no lesson {n} in this course: here is the course map."), n=number)
    if len(parts) == 3 and parts[2] not in lessons[number]:
        raise BadAddress(_words("Lesson {n} has no part “{part}”: here is the top of the lesson."),
                         n=number, part=parts[2][:60])
    return Place("lesson", number, parts[2] if len(parts) == 3 else "")


class CourseFlow(HasTraits):
    """The learner's place in the course; ``go`` is the one way to move.

    ``lessons`` maps each lesson's number to its parts' keys, in order.
    """

    place = Any(Place())  # a Place
    address = Unicode("")  # the place as the page's address says it
    message = Unicode("")  # a plain sentence when an address named no place, else ""
    moves = Int(0)  # counts ``go``: a move to the same place (a link followed again) is a move too

    def __init__(self, lessons: dict[int, tuple[str, ...]], **kwargs):
        super().__init__(**kwargs)
        self.lessons = {int(n): tuple(keys) for n, keys in lessons.items()}
        self._why: BadAddress | None = None

    def go(self, address: str) -> None:
        """Move to the place an address names; an address that names none leads to the nearest place
        that exists (the lesson's top, else the map), and ``message`` says why."""
        try:
            place, said, self._why = read_address(address, self.lessons), "", None
        except BadAddress as why:
            place, said, self._why = self._nearest(address), str(why), why
        self.message = said
        self.place = place
        self.address = place.address
        self.moves += 1

    def said(self, words=None) -> str:
        """``message`` in the learner's language (``words``, a ``rulesdojo.i18n.Words``)."""
        return self._why.said(words) if self._why is not None else ""

    def _nearest(self, address: str) -> Place:
        parts = [w for w in address.lstrip("#").strip("/").split("/") if w]
        if len(parts) >= 2 and parts[0] == "lesson" and parts[1].isdigit() and int(parts[1]) in self.lessons:
            return Place("lesson", int(parts[1]))
        return Place()

    def lesson_after(self, number: int) -> int | None:
        """Return the number of the lesson after ``number``, or None after the last.

        >>> CourseFlow({1: (), 2: (), 5: ()}).lesson_after(2)
        5
        """
        return next((n for n in sorted(self.lessons) if n > number), None)
