"""A game's settings as players type them: "lab hp=25, setup=auto".

The settings are the fields of the game's own pydantic config model, so a new game brings its
options with it and no shared code names one. A field is named by its title or its name with
spaces for underscores; its description (if the game wrote one) explains it. Validation errors
come back as sentences, never as pydantic's own text.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass

import annotated_types as at
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from .errors import TableError

SCALARS = (bool, int, float, str)
MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
MAX_CHOICE_TEXT = 100  # ... each name and value at most 100 characters


@dataclass(frozen=True)
class Option:
    """One setting a lobby may set: the field `name`, and how players read and type it."""

    name: str
    label: str  # "lab hp": what players type and read
    help: str  # the game's description of the field, or ""
    default: str
    values: tuple[str, ...]  # the allowed values when there is a short list, else ()
    limits: str  # "20 to 40", "at least 1", or ""

    def describe(self) -> str:
        parts = [self.help] if self.help else []
        if self.values:
            parts.append(_either(self.values))
        elif self.limits:
            parts.append(self.limits)
        parts.append(f"default {self.default}")
        return f"{self.label}: {', '.join(parts)}"


def _key(text: str) -> str:
    return re.sub(r"[\s_-]+", " ", text.strip().lower())


def _label(name: str, field: FieldInfo) -> str:
    return _key(field.title or name)


def _values(annotation: object) -> tuple[str, ...]:
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(v) for v in typing.get_args(annotation))
    if annotation is bool:
        return ("yes", "no")
    return ()


BOUNDS = {at.Ge: ("at least", "ge"), at.Gt: ("more than", "gt"), at.Le: ("at most", "le"), at.Lt: ("less than", "lt")}


def _limits(field: FieldInfo) -> str:
    """"from 20 to 40", "at least 1", "more than 0 and less than 1" from the field's bounds."""
    bounds = {type(m): getattr(m, BOUNDS[type(m)][1]) for m in field.metadata if type(m) in BOUNDS}
    if at.Ge in bounds and at.Le in bounds:
        return f"from {bounds[at.Ge]} to {bounds[at.Le]}"
    return " and ".join(f"{BOUNDS[kind][0]} {value}" for kind, value in bounds.items())


def _either(values: tuple[str, ...]) -> str:
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def options(model: type[BaseModel] | None) -> list[Option]:
    """The settings of a config model a lobby may set: its fields of plain values (lists and
    nested settings stay at their defaults)."""
    out = []
    for name, field in (model.model_fields if model else {}).items():
        values = _values(field.annotation)
        if not values and field.annotation not in SCALARS:
            continue
        default = field.get_default(call_default_factory=True)
        out.append(Option(name, _label(name, field), field.description or "", _text(default), values, _limits(field)))
    return out


def take_level(text: str | None, key: str, levels: tuple[str, ...]) -> tuple[str | None, str | None]:
    """Split the table's own "ai=hard" out of a lobby's settings text: (the level, the rest).
    Every game has it, so it is read here rather than from the game's config model."""
    if not text:
        return None, text
    level, rest = None, []
    for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", text))):
        name, eq, value = part.partition("=")
        if _key(name) != key or not eq:
            rest.append(part)
            continue
        level = _key(value)
        if level not in levels:
            raise TableError(f"The AI plays {_either(levels)} (not “{value.strip()}”).")
    return level, ", ".join(rest)


def parse(model: type[BaseModel] | None, title: str, text: str | None) -> dict:
    """"lab hp=25, setup=auto" as a config dict for the game; refuses unknown names in words."""
    if not text or not text.strip():
        return {}
    known = {o.label: o for o in options(model)} | {_key(o.name): o for o in options(model)}
    config: dict = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", text))):
        name, eq, value = part.partition("=")
        option = known.get(_key(name))
        if option is None or not eq or not value.strip():
            raise TableError(_unknown(model, title, part if option is None else f"{option.label}="))
        config[option.name] = value.strip()
    return config


def _unknown(model: type[BaseModel] | None, title: str, part: str) -> str:
    settings = options(model)
    if not settings:
        return f"{title} has no settings to choose; leave the options empty."
    names = ", ".join(f"“{o.label}=…”" for o in settings)
    return f"I could not read “{part}” as a setting of {title}. Write name=value, for example {names}."


def reworded(exc: ValidationError, model: type[BaseModel]) -> str:
    """pydantic's complaints as sentences about the settings players know."""
    fields = model.model_fields
    out = []
    for e in exc.errors():
        name = str(e["loc"][0]) if e["loc"] else ""
        label = _label(name, fields[name]) if name in fields else (_key(name) or "the settings")
        out.append(_problem(e, label, fields.get(name)))
    return "; ".join(dict.fromkeys(out))


def _problem(e: dict, label: str, field: FieldInfo | None) -> str:
    kind = e["type"]
    given = f" (not {e['input']!s})" if isinstance(e.get("input"), SCALARS) else ""
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than") and field is not None:
        return f"{label} must be {_limits(field)}{given}"
    if kind.startswith(("int_", "float_")):
        return f"{label} must be a {'whole ' if kind.startswith('int_') else ''}number{given}"
    if kind.startswith("bool_"):
        return f"{label} must be yes or no{given}"
    if kind in ("literal_error", "enum") and field is not None:
        return f"{label} must be {_either(_values(field.annotation))}{given}"
    if kind == "missing":
        return f"{label} must be given"
    return f"{label} does not take that value{given}"


def suggestions(model: type[BaseModel] | None, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for the options text: (what the player reads, what is filled in). What is
    typed before the last comma stays; the last part is completed to a name=value."""
    done, _, last = typed.rpartition(",")
    head = ", ".join(p.strip() for p in done.split(",") if p.strip())
    head = f"{head}, " if head else ""
    name, eq, value = last.partition("=")
    settings = options(model)
    out = []
    if eq:
        for o in (o for o in settings if _key(name) in (o.label, _key(o.name))):
            for v in o.values or (value.strip() or o.default,):
                if v.startswith(value.strip()):
                    out.append((f"{o.label} = {v}", f"{head}{o.label}={v}"))
    else:
        set_already = {_key(p.partition("=")[0]) for p in done.split(",")}
        for o in settings:
            if o.label not in set_already and _key(name) in f"{o.label} {_key(o.help)}":
                out.append((o.describe(), f"{head}{o.label}={o.default}"))
    return [(n[:MAX_CHOICE_TEXT], v) for n, v in out if len(v) <= MAX_CHOICE_TEXT][:MAX_CHOICES]
