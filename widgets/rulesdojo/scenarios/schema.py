"""Declare a file format once, as a pydantic model whose fields carry the message a mistake earns.

The YAML loader (``yamlsource``) reads a file safely and keeps its lines; a ``Format`` checks what it
returns. Each field says what it is (``says("'count' is a whole number over 0, not {value!r}")``);
``check`` turns pydantic's first error into that sentence, with the path of keys it was met at, so
the reader can name the file, the line and the place. Unknown keys and missing keys get one wording
for every format (with "did you mean" where a key is close to an allowed one).

The models use pydantic 2's own API, which runs wherever the kit does, the static site's Pyodide
(Python 3.14) included.

>>> class Box(Format):
...     size: Whole = says("'size' is a whole number over 0, not {value!r}")
>>> def bad(message, path):
...     raise ValueError(message, path)
>>> check(Box, {"size": True}, bad)
Traceback (most recent call last):
ValueError: ("'size' is a whole number over 0, not True", ('size',))
>>> check(Box, {"sise": 2}, bad)
Traceback (most recent call last):
ValueError: ("unknown key 'sise'; allowed: size (did you mean 'size'?)", ('sise',))
>>> check(Box, {"size": 2}, bad).size
2

A mapping keyed by name (players, permanents) names the key in the place, and in ``{place}``:

>>> class Shelf(Format):
...     boxes: dict[str, Box] = says("{place} is a box, not {value!r}")
>>> Shelf.model_rebuild()  # a doctest's names are not its module's: say where Box is
True
>>> check(Shelf, {"boxes": {"left": {"size": 1}, "right": 3}}, bad)
Traceback (most recent call last):
ValueError: ('boxes.right is a box, not 3', ('boxes', 'right'))
>>> check(Shelf, {"boxes": {"left": {"sise": 1}}}, bad)
Traceback (most recent call last):
ValueError: ("unknown key 'sise'; allowed: size (did you mean 'size'?)", ('boxes', 'left', 'sise'))
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Callable, ClassVar, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

Whole = Annotated[int, Field(strict=True, ge=1)]  # a whole number over 0; a bool is not one
Count = Annotated[int, Field(strict=True, ge=0)]  # a whole number, 0 or more
Text = Annotated[str, StringConstraints(strict=True, pattern=r"\S")]  # text with something in it


Loc = tuple[int | str, ...]  # the keys and list positions down to a place in a file

UNKNOWN = "unknown key {key!r}; allowed: {allowed}"


class Says(ValueError):
    """Raise from a validator to give the field's reader this exact sentence."""


class Format(BaseModel):
    """A file format: fields are the keys a file may hold; nothing else is allowed."""

    model_config = ConfigDict(extra="forbid")

    unknown: ClassVar[str] = UNKNOWN  # how an unknown key reads ({key}, {allowed}, {under})
    sort_allowed: ClassVar[bool] = False  # list the allowed keys sorted, not in the order declared


F = TypeVar("F", bound=Format)


@dataclass(frozen=True)
class Said:
    """What a field's mistakes read: kept in the field's metadata, which pydantic keeps and ignores."""

    message: str
    missing: str | None = None
    not_a_list: str | None = None


def says(message: str, default: Any = ..., *, or_missing: bool = False, not_a_list: str | None = None,
         **constraints: Any) -> Any:
    """Return a field whose mistakes read ``message`` (``{value!r}`` is what the file holds,
    ``{place}`` the keys down to it, such as ``permanents.Forest.colors``).

    With ``or_missing``, a missing key reads ``message`` too, at the key's place; a list's field may
    say ``not_a_list`` when it is not one, and ``message`` for an item that is wrong.
    """
    field = Field(default, **constraints)
    field.metadata.append(Said(message, message if or_missing else None, not_a_list))
    return field


def _said(field: FieldInfo | None) -> Said:
    return next((m for m in field.metadata if isinstance(m, Said)), Said("")) if field else Said("")


def _walk(model: type[Format], data: Any, loc: Loc) -> tuple[type[Format], FieldInfo | None, Loc, Any, Loc]:
    """Follow ``loc`` down the models and the data; return (model, field, path, value, at).

    ``path`` is the keys down to the field (list positions left out); ``at`` is ``loc`` without the
    union members pydantic names in it (``'str'``, ``'list[any]'``), which are nowhere in the file.
    A mapping field keyed by name (``Dict[str, Model]``: players, permanents) puts the name in the
    path and goes on into the model it maps to.
    """
    owner, field, inside, value = model, None, None, data
    path: list[int | str] = []
    at: list[int | str] = []
    if loc[-1:] == ("[key]",):  # a mapping's key is wrong: the place is the mapping
        loc = loc[:-2]
    for part in loc:
        if inside is not None and _a_key_of(inside, value, part):
            owner, field, inside = inside, None, None  # the field holds a format: this is one of its keys
        if field is None:
            field = owner.model_fields.get(part) if isinstance(part, str) else None
            path.append(part)
            inside = _format_in(_members(field.annotation)) if field is not None else None
        elif isinstance(value, list) and isinstance(part, int):
            inside = _format_in(_held(field.annotation))  # an item of a list: its place is the list's
        elif isinstance(value, dict) and part in value and _held(field.annotation):
            path.append(part)  # a name in a mapping keyed by name
            inside = _format_in(_held(field.annotation))
        else:
            continue  # a member of a union, or a mapping's key: nothing in the file to point at
        value = _item(value, part)
        at.append(part)
        if field is None:
            break
    return owner, field, tuple(path), value, tuple(at)


def _a_key_of(model: type[Format], value: Any, part: int | str) -> bool:
    return part in model.model_fields or (isinstance(value, dict) and part in value)


def _members(kind: object) -> tuple[object, ...]:
    """The types a field's type is made of: a union's members, an Annotated type's own type."""
    origin = get_origin(kind)
    if origin is Annotated:
        return _members(get_args(kind)[0])
    if origin is Union or origin is types.UnionType:  # Optional[X], Union[X, Y], X | Y
        return tuple(m for arg in get_args(kind) for m in _members(arg))
    return (kind,)


def _held(kind: object) -> tuple[object, ...]:
    """What a list's items or a mapping's values are, for each list or mapping among a type's members."""
    return tuple(m for member in _members(kind) if _container(member) for m in _members(get_args(member)[-1]))


def _container(kind: object) -> bool:
    origin = get_origin(kind)
    return (isinstance(origin, type) and issubclass(origin, (Mapping, Sequence)) and not issubclass(origin, str)
            and bool(get_args(kind)))


def _format_in(kinds: tuple[object, ...]) -> type[Format] | None:
    return next((k for k in kinds if get_origin(k) is None and isinstance(k, type) and issubclass(k, Format)),
                None)


def _item(value: Any, part: int | str) -> Any:
    if isinstance(value, dict):
        return value.get(part)
    if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
        return value[part]
    return None


def _keys(model: type[Format]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def unknown_key(key: object, allowed: Sequence[str], wording: str = UNKNOWN, under: str = "") -> str:
    """Word an unknown key, naming the closest allowed one (``{under}`` is the place it was met at).

    >>> unknown_key("tgas", ["ids", "tags"])
    "unknown key 'tgas'; allowed: ids, tags (did you mean 'tags'?)"
    """
    close = difflib.get_close_matches(str(key), allowed, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return wording.format(key=key, allowed=", ".join(allowed), under=under) + hint


def _message(model: type[Format], error: ErrorDetails, data: Any) -> tuple[str, Loc]:
    kind = error["type"]
    owner, field, path, value, _ = _walk(model, data, error["loc"])
    key = path[-1] if path else ""
    said = _said(field)
    if kind == "extra_forbidden":
        allowed = sorted(_keys(owner)) if owner.sort_allowed else _keys(owner)
        return unknown_key(key, allowed, owner.unknown, _dotted(path[:-1])), path
    if kind == "missing":
        return (said.missing.format(value=None), path) if said.missing else (f"'{key}' is required", path[:-1])
    if isinstance(error.get("ctx", {}).get("error"), Says):
        return str(error["ctx"]["error"]), path
    if said.not_a_list and error["loc"][-1:] == (key,):
        return said.not_a_list, path
    if not said.message:  # pydantic's own words, which may hold braces: not a template
        return f"'{key}': {error['msg']}", path
    return said.message.format(value=value, place=_dotted(path)), path


def _dotted(path: Loc) -> str:
    return ".".join(map(str, path))


_ORDER = {"extra_forbidden": 0, "missing": 1}


def _position(data: Any, loc: Loc) -> int:
    """Where the key an error is at stands in its mapping: of two mistakes, the first in the file is named."""
    for part in loc[:-1]:
        data = _item(data, part)
    keys = list(data) if isinstance(data, dict) else []
    return keys.index(loc[-1]) if loc and loc[-1] in keys else 0


def check(model: type[F], data: Any, bad: Callable[[str, Loc], object]) -> F:
    """Return ``model`` built from ``data``, or call ``bad(message, path)`` with its first mistake.

    ``bad`` raises; ``path`` is the keys down to the field that is wrong (list positions left out).
    """
    try:
        return model.model_validate(data)
    except ValidationError as err:
        first = min(err.errors(), key=lambda e: (_ORDER.get(e["type"], 2),
                                                 _position(data, _walk(model, data, e["loc"])[4])))
        bad(*_message(model, first, data))
        raise  # ``bad`` raises; this is never reached
