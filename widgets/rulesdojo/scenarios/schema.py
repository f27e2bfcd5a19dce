"""Declare a file format once, as a pydantic model whose fields carry the message a mistake earns.

The YAML loader (``yamlsource``) reads a file safely and keeps its lines; a ``Format`` checks what it
returns. Each field says what it is (``says("'count' is a whole number over 0, not {value!r}")``);
``check`` turns pydantic's first error into that sentence, with the path of keys it was met at, so
the reader can name the file, the line and the place. Unknown keys and missing keys get one wording
for every format (with "did you mean" where a key is close to an allowed one).

The models use pydantic's ``v1`` API: pydantic 2 carries it, and in the static site (Pyodide 0.29,
whose pydantic-core has no wheel on PyPI) pydantic 1.10's pure-Python wheel does.

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

>>> from typing import Dict
>>> class Shelf(Format):
...     boxes: Dict[str, Box] = says("{place} is a box, not {value!r}")
>>> Shelf.update_forward_refs(Box=Box, Dict=Dict)
>>> check(Shelf, {"boxes": {"left": {"size": 1}, "right": 3}}, bad)
Traceback (most recent call last):
ValueError: ('boxes.right is a box, not 3', ('boxes', 'right'))
>>> check(Shelf, {"boxes": {"left": {"sise": 1}}}, bad)
Traceback (most recent call last):
ValueError: ("unknown key 'sise'; allowed: size (did you mean 'size'?)", ('boxes', 'left', 'sise'))
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from pydantic.v1 import BaseModel, Extra, Field, ValidationError, conint, constr
from pydantic.v1.errors import DictError
from pydantic.v1.fields import SHAPE_DEFAULTDICT, SHAPE_DICT, SHAPE_MAPPING

if TYPE_CHECKING:  # to a type checker the constrained types are the plain ones they narrow
    Whole = int
    Count = int
    Text = str
else:
    Whole = conint(strict=True, ge=1)    # a whole number over 0; a bool is not one
    Count = conint(strict=True, ge=0)    # a whole number, 0 or more
    Text = constr(strict=True, regex=r"\s*\S")  # text with something in it


UNKNOWN = "unknown key {key!r}; allowed: {allowed}"


class Says(ValueError):
    """Raise from a validator to give the field's reader this exact sentence."""


class Format(BaseModel):
    """A file format: fields are the keys a file may hold; nothing else is allowed."""

    class Config:
        extra = Extra.forbid
        allow_population_by_field_name = True
        arbitrary_types_allowed = True


class Entry(Format):
    """A format met only as a mapping: a list is not read as its pairs, as pydantic would."""

    @classmethod
    def validate(cls, value):
        if not isinstance(value, dict):
            raise DictError()
        return super().validate(value)


def says(message: str, default=..., *, or_missing: bool = False, not_a_list: str | None = None,
         **constraints):
    """Return a field whose mistakes read ``message`` (``{value!r}`` is what the file holds,
    ``{place}`` the keys down to it, such as ``permanents.Forest.colors``).

    With ``or_missing``, a missing key reads ``message`` too, at the key's place; a list's field may
    say ``not_a_list`` when it is not one, and ``message`` for an item that is wrong.
    """
    return Field(default, msg=message, missing=message if or_missing else None, not_a_list=not_a_list,
                 **constraints)


def _keys(model) -> list[str]:
    return [f.alias for f in model.__fields__.values()]


def _walk(model, data, loc):
    """Follow ``loc`` down the models and the data; return (model, field, path, value).

    A mapping field keyed by name (``Dict[str, Model]``: players, permanents) puts the name in the
    path and goes on into the model it maps to.
    """
    path, value, field, named = [], data, None, False
    loc = [part for part in loc if part != "__root__"]
    for i, part in enumerate(loc):
        value = _item(value, part)
        more = i + 1 < len(loc)
        if named:
            path.append(part)
            named = False
            if more and _model_of(field) is not None:
                model, field = _model_of(field), None
        elif field is None and isinstance(part, str):
            field = model.__fields__.get(_name(model, part))
            path.append(part)
            if field is None:
                return model, None, tuple(path), value
            named = field.shape in _MAPPINGS
            if more and not named and _model_of(field) is not None:
                model, field = _model_of(field), None
    return model, field, tuple(path), value


_MAPPINGS = {SHAPE_DICT, SHAPE_MAPPING, SHAPE_DEFAULTDICT}


def _model_of(field):
    """The format a field holds: its type, or the one format among a union's members."""
    kinds = [field.type_, *(sub.type_ for sub in field.sub_fields or ())]
    found = [k for k in kinds if isinstance(k, type) and issubclass(k, Format)]
    return found[0] if found else None


def _item(value, part):
    if isinstance(value, dict):
        return value.get(part)
    if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
        return value[part]
    return None


def _name(model, alias):
    return next((n for n, f in model.__fields__.items() if f.alias == alias), alias)


def unknown_key(key, allowed, wording: str = UNKNOWN, under: str = "") -> str:
    """Word an unknown key, naming the closest allowed one (``{under}`` is the place it was met at).

    >>> unknown_key("tgas", ["ids", "tags"])
    "unknown key 'tgas'; allowed: ids, tags (did you mean 'tags'?)"
    """
    close = difflib.get_close_matches(str(key), allowed, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return wording.format(key=key, allowed=", ".join(allowed), under=under) + hint


def _message(model, error, data):
    kind = error["type"]
    owner, field, path, value = _walk(model, data, error["loc"])
    key = path[-1] if path else ""
    if kind == "value_error.extra":
        allowed = _keys(owner)
        allowed = sorted(allowed) if getattr(owner.__config__, "sort_allowed", False) else allowed
        return unknown_key(key, allowed, getattr(owner.__config__, "unknown", UNKNOWN), _dotted(path[:-1])), path
    if kind == "value_error.missing":
        template = field.field_info.extra.get("missing") if field is not None else None
        return (template.format(value=None), path) if template else (f"'{key}' is required", path[:-1])
    if kind == "value_error.says":
        return error["msg"], path
    extra = field.field_info.extra if field is not None else {}
    if extra.get("not_a_list") and error["loc"][-1] == key:
        return extra["not_a_list"], path
    template = extra.get("msg")
    return (template or f"'{key}': {error['msg']}").format(value=value, place=_dotted(path)), path


def _dotted(path) -> str:
    return ".".join(map(str, path))


_ORDER = {"value_error.extra": 0, "value_error.missing": 1}


def _position(data, loc) -> int:
    """Where the key an error is at stands in its mapping: of two mistakes, the first in the file is named."""
    for part in loc[:-1]:
        data = _item(data, part)
    keys = list(data) if isinstance(data, dict) else []
    return keys.index(loc[-1]) if loc and loc[-1] in keys else 0


def check(model, data, bad):
    """Return ``model`` built from ``data``, or call ``bad(message, path)`` with its first mistake.

    ``bad`` raises; ``path`` is the keys down to the field that is wrong (list positions left out).
    """
    try:
        return model.parse_obj(data)
    except ValidationError as err:
        first = min(err.errors(), key=lambda e: (_ORDER.get(e["type"], 2), _position(data, e["loc"])))
        bad(*_message(model, first, data))
        raise  # ``bad`` raises; this is never reached
