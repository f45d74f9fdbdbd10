"""Deep copies of game states, planned once per class from its field types.

`Game.clone` copies a whole state for `apply`, for judging a move on a copy (panels, warnings)
and for every world a search plays. pydantic's dump and validation rebuild every object, card
records included, and check every value again. A copier here is a small function made once per
class from the class's field types: a field that can only hold immutable values (numbers, text,
literals, enums, tuples of those) is shared, a list or dict of them is copied flat, and any
nested record is copied by the copier of its own runtime class (a subclass keeps its own fields).
A type the plan cannot read falls back to a generic copy that looks at each value, and anything
unknown to that goes to `copy.deepcopy`.

The contract test copies every game's states along random games and checks that the copy is
equal to the original and shares no mutable object with it.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import operator
import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

Copier = Callable[[Any], Any]

_ATOMS = frozenset({int, str, float, bool, bytes, type(None), frozenset})
_new = object.__new__
_set_dict, _set_given, _set_extra, _set_private = (
    BaseModel.__dict__[name].__set__
    for name in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"))


class _Copiers(dict):
    """type -> its copy function, made on first use (the states' classes: a fixed set). Copiers
    look each other up here by the value's runtime class, one dict lookup per nested record."""

    def __missing__(self, cls: type) -> Copier:
        made = self[cls] = _copier_for(cls)
        return made


_COPIERS = _Copiers()


def deep_copy(value: Any) -> Any:
    """A deep copy of a state or any part of it."""
    return _COPIERS[type(value)](value)


def _copier_for(cls: type) -> Copier:
    if cls in _ATOMS or issubclass(cls, enum.Enum):
        return _same
    if cls is list:
        return _list
    if cls is dict:
        return _dict
    if cls is tuple:
        return _tuple
    if cls is set:
        return set
    if issubclass(cls, BaseModel):
        return _model_copier(cls)
    if dataclasses.is_dataclass(cls):
        return _dataclass_copier(cls)
    return copy.deepcopy


def _same(value: Any) -> Any:
    return value


def _deep(value: Any) -> Any:
    """A value whose type the plan does not know: look at it."""
    kind = type(value)
    return value if kind in _ATOMS else _COPIERS[kind](value)


def _list(value: list) -> list:
    return [x if type(x) in _ATOMS else _COPIERS[type(x)](x) for x in value]


def _dict(value: dict) -> dict:
    return {k: x if type(x) in _ATOMS else _COPIERS[type(x)](x) for k, x in value.items()} if value else {}


def _tuple(value: tuple) -> tuple:
    return tuple([x if type(x) in _ATOMS else _COPIERS[type(x)](x) for x in value])


# --- plans from field types ------------------------------------------------------------------

def _immutable(hint: Any) -> bool:
    """Whether every value of this type is immutable, so a copy may share it."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(arg) for arg in typing.get_args(hint))
    if origin is tuple:
        return all(_immutable(arg) for arg in typing.get_args(hint) if arg is not Ellipsis)
    if origin is frozenset:
        return all(_immutable(arg) for arg in typing.get_args(hint))
    return isinstance(hint, type) and (hint in _ATOMS or issubclass(hint, enum.Enum))


def _expression(hint: Any, value: str) -> str | None:
    """Python that copies `value` of type `hint`, or None when it can be shared."""
    if _immutable(hint):
        return None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = _expression(rest[0] if len(rest) == 1 else functools.reduce(operator.or_, rest), value)
        return None if inner is None else f"(None if {value} is None else {inner})"
    if origin is list and args and _immutable(args[0]):
        return f"{value}[:]"
    if origin is dict and len(args) == 2 and _immutable(args[1]):
        return f"{value}.copy()"
    if origin is set and args and _immutable(args[0]):
        return f"set({value})"
    # A record is copied by its runtime class's copier: a subclass keeps its own fields.
    if origin is list and args and _record(args[0]):
        return f"[C[type(x)](x) for x in {value}]"
    if origin is dict and len(args) == 2 and _record(args[1]):
        return f"{{k: C[type(x)](x) for k, x in {value}.items()}}"
    if _record(hint):
        return f"C[type({value})]({value})"
    return f"_deep({value})"


def _record(hint: Any) -> bool:
    return isinstance(hint, type) and (issubclass(hint, BaseModel) or dataclasses.is_dataclass(hint))


def _hints(cls: type) -> dict[str, Any] | None:
    """The field types of `cls`, or None when they cannot be resolved (then every value is looked at)."""
    if issubclass(cls, BaseModel):
        return {name: f.annotation for name, f in cls.model_fields.items()}
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # a name the module imports only for type checkers
        return None
    return {f.name: hints.get(f.name, Any) for f in dataclasses.fields(cls)}


def _compiled(cls: type, body: list[str], **names: Any) -> Copier:
    namespace = {"C": _COPIERS, "_deep": _deep, "_new": _new, "_set_dict": _set_dict, "_set_given": _set_given,
                 "_set_extra": _set_extra, "_set_private": _set_private, "_dict": _dict, "cls": cls, **names}
    source = "def copy(v):\n" + "".join(f"    {line}\n" for line in body)
    exec(compile(source, f"<copier of {cls.__qualname__}>", "exec"), namespace)
    return namespace["copy"]


def _copied(hints: dict[str, Any] | None, name: str, value: str) -> str | None:
    """The copy of field `name` read as `value`, or None when it can be shared."""
    return _expression(hints[name], value) if hints is not None else f"_deep({value})"


def _model_copier(cls: type[BaseModel]) -> Copier:
    hints = _hints(cls)
    replaced = ((name, _copied(hints, name, f"d[{name!r}]")) for name in cls.model_fields)
    body = ["d = v.__dict__.copy()",  # then every field that cannot be shared is replaced
            *(f"d[{name!r}] = {copied}" for name, copied in replaced if copied is not None),
            "m = _new(cls)",
            "_set_dict(m, d)",
            "_set_given(m, set(v.__pydantic_fields_set__))",
            "extra = v.__pydantic_extra__",
            "_set_extra(m, None if extra is None else _dict(extra))",
            "private = v.__pydantic_private__",
            "_set_private(m, None if private is None else _dict(private))",
            "return m"]
    return _compiled(cls, body)


def _dataclass_copier(cls: type) -> Copier:
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    # Set past the class's own __setattr__ (a frozen dataclass refuses it): slots through their
    # descriptors, a plain instance through its __dict__.
    if "__slots__" in cls.__dict__:
        body = ["m = _new(cls)",
                *(f"set_{n}(m, {_copied(hints, n, f'v.{n}') or f'v.{n}'})" for n in names),
                "return m"]
        return _compiled(cls, body, **{f"set_{n}": cls.__dict__[n].__set__ for n in names})
    replaced = ((n, _copied(hints, n, f"d[{n!r}]")) for n in names)
    body = ["m = _new(cls)",
            "d = m.__dict__",
            "d.update(v.__dict__)",
            *(f"d[{n!r}] = {copied}" for n, copied in replaced if copied is not None),
            "return m"]
    return _compiled(cls, body)
