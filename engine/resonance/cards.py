"""Resonance card data: the 50 faction modules (500 cards), the 50 Codex blocks and the module templates,
checked against the keyword catalogue (data/resonance/rules/keywords.json) when they load."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import find_by_name, read_json
from engine.core.memo import finite_cache

DATA = Path(__file__).resolve().parents[2] / "data" / "resonance"

COLOURS = ("Null", "Silver", "Yellow", "Green", "Black", "Orange", "White", "Red", "Blue", "Purple")
SINGLE_KINDS = ("paragon", "fallen", "ascendant")
DOUBLE_KINDS = ("complementary", "opposed")
# §2.4: block type -> the two keyword digits of that colour it holds.
BLOCK_DIGITS = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8), 5: (9, 0)}
# App B slot order: six Animations then four Items; Items have one value, Power = EN cost.
SLOT_SHAPES = ((0, "animation", 1, 1), (1, "animation", 2, 2), (2, "animation", 3, 3), (3, "animation", 4, 5),
               (4, "animation", 4, 4), (5, "animation", 5, 4), (6, "item", 1, None), (7, "item", 2, None),
               (8, "item", 3, None), (9, "item", 3, None))
KW_CODE = r"^\d\.\d$"


def colour_of(code: str) -> int:
    return int(code.split(".")[0])


class Keyword(BaseModel):
    model_config = ConfigDict(extra="ignore")
    number: str = Field(pattern=KW_CODE)
    name: str
    colour_code: int = Field(ge=0, le=9)
    category: str
    timing: str
    summary: str

    @property
    def is_flaw(self) -> bool:
        return self.category == "Flaw"


class Tag(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: str
    kind: Literal["Boost", "Status"]
    keyword: str = Field(pattern=KW_CODE)


class SlotDef(BaseModel):
    slot: int
    kind: Literal["animation", "item"]
    power: int
    focus: int | None
    label: str


class CardDef(BaseModel):
    id: str = Field(pattern=r"^M\d\d-\d$")
    slot: int = Field(ge=0, le=9)
    kind: Literal["animation", "item"]
    name: str = Field(min_length=1)
    power: int
    focus: int | None = None
    keywords: list[str]
    text: str = Field(min_length=1)
    off_colour: list[str] = Field(default_factory=list)  # keywords the book prints outside the module's colours

    @model_validator(mode="after")
    def _shape(self):
        if self.kind == "animation":
            if self.focus is None or not (1 <= self.power <= 5 and 1 <= self.focus <= 5):
                raise ValueError(f"{self.id}: an Animation has Power and Focus of 1 to 5 (App A)")
        elif self.focus is not None or not 1 <= self.power <= 3:
            raise ValueError(f"{self.id}: an Item has one value, its cost/Power of 1 to 3, and no Focus (App A)")
        if len(self.keywords) > 3:
            raise ValueError(f"{self.id}: at most 3 keywords on a card (App A)")
        if len(set(self.keywords)) != len(self.keywords):
            raise ValueError(f"{self.id}: a keyword is printed twice")
        if not set(self.off_colour) <= set(self.keywords):
            raise ValueError(f"{self.id}: off_colour names a keyword the card does not have")
        return self

    @property
    def module_id(self) -> int:
        return int(self.id[1:3])

    @property
    def type_line(self) -> str:
        if self.kind == "animation":
            return f"Animation, Power {self.power}, Focus {self.focus}"
        return f"Item, cost/Power {self.power}"


class Module(BaseModel):
    id: int = Field(ge=1, le=50)
    name: str
    kind: Literal["paragon", "fallen", "ascendant", "complementary", "opposed"]
    set: Literal["base", "new"]
    primary: int = Field(ge=0, le=9)
    secondary: int | None = Field(default=None, ge=0, le=9)
    cards: list[CardDef]

    @model_validator(mode="after")
    def _shape(self):
        if (self.kind in DOUBLE_KINDS) != (self.secondary is not None):
            raise ValueError(f"module {self.id}: two-colour modules, and only they, have a secondary colour")
        if self.secondary == self.primary:
            raise ValueError(f"module {self.id}: the secondary colour must differ from the primary")
        if [c.slot for c in self.cards] != list(range(10)):
            raise ValueError(f"module {self.id}: a module has exactly 10 cards, slots 0-9 in order")
        for c in self.cards:
            if c.id != f"M{self.id:02d}-{c.slot}":
                raise ValueError(f"module {self.id}: card id {c.id} does not match its module and slot")
        return self

    @property
    def colours(self) -> tuple[int, ...]:
        return (self.primary,) if self.secondary is None else (self.primary, self.secondary)

    @property
    def colour_names(self) -> list[str]:
        return [COLOURS[c] for c in self.colours]


class CodexBlock(BaseModel):
    id: str
    colour: int = Field(ge=0, le=9)
    block_type: int = Field(ge=1, le=5)
    name: str
    keywords: tuple[str, str]
    text: str

    @model_validator(mode="after")
    def _pair(self):
        want = tuple(f"{self.colour}.{d}" for d in BLOCK_DIGITS[self.block_type])
        if self.keywords != want:
            raise ValueError(f"codex {self.id}: block type {self.block_type} of colour {self.colour} holds {want} (§2.4)")
        if self.id != f"X{self.colour}-{self.block_type}":
            raise ValueError(f"codex {self.id}: id must be X<colour>-<type>")
        return self


class Template(BaseModel):
    colours: Literal[1, 2]
    slots: list[list[str]] = Field(min_length=10, max_length=10)

    @model_validator(mode="after")
    def _refs(self):
        allowed = {f"C{i}.{d}" for i in range(1, self.colours + 1) for d in range(10)}
        bad = {r for s in self.slots for r in s} - allowed
        if bad:
            raise ValueError(f"template refers to {sorted(bad)}")
        return self


class Catalog(BaseModel):
    keywords: dict[str, Keyword]
    tags: dict[str, Tag]
    slots: list[SlotDef]
    modules: dict[int, Module]
    codex: dict[str, CodexBlock]
    templates: dict[str, Template]

    @model_validator(mode="after")
    def _check(self):
        self._check_catalogue()
        self._check_modules()
        self._check_codex()
        return self

    def _check_catalogue(self) -> None:
        want = {f"{c}.{d}" for c in range(10) for d in range(10)}
        if set(self.keywords) != want:
            raise ValueError("keywords.json must hold exactly the 100 keywords 0.0-9.9")
        for code, k in self.keywords.items():
            if k.number != code or k.colour_code != colour_of(code) or k.is_flaw != code.endswith(".0"):
                raise ValueError(f"keyword {code}: number, colour or Flaw category disagree")
        if len(self.tags) != 20 or {t.keyword for t in self.tags.values()} != {
                f"{c}.{d}" for c in range(10) for d in (4, 5)}:
            raise ValueError("there are 20 tags, one from each #.4 and #.5 keyword")
        for t in self.tags.values():
            if t.kind != ("Boost" if t.keyword.endswith(".4") else "Status"):
                raise ValueError(f"{t.name}: #.4 keywords make Boost Tags, #.5 Status Tags (App D)")

    def _check_modules(self) -> None:
        shapes = tuple((s.slot, s.kind, s.power, s.focus) for s in self.slots)
        if shapes != SLOT_SHAPES:
            raise ValueError("the slot table must be App B's ten slots")
        if sorted(self.modules) != list(range(1, 51)):
            raise ValueError(f"there are 50 modules numbered 1-50, not {len(self.modules)}")
        if set(self.templates) != set(SINGLE_KINDS + DOUBLE_KINDS):
            raise ValueError("one template per module kind")
        names: set[str] = set()
        for mod in self.modules.values():
            if len(mod.colours) != self.templates[mod.kind].colours:
                raise ValueError(f"module {mod.id}: colour count does not fit its {mod.kind} template")
            for card, shape in zip(mod.cards, SLOT_SHAPES, strict=True):
                if (card.slot, card.kind, card.power, card.focus) != shape:
                    raise ValueError(f"{card.id}: slot {card.slot} is {shape[1]} Power {shape[2]} Focus {shape[3]}")
                unknown = [k for k in card.keywords if k not in self.keywords]
                if unknown:
                    raise ValueError(f"{card.id}: unknown keywords {unknown}")
                if card.kind == "item":
                    plain = [k for k in card.keywords if not self.keywords[k].is_flaw]
                    if len(plain) > card.power:
                        raise ValueError(f"{card.id}: {len(plain)} non-Flaw keywords on a cost {card.power} Item (App A)")
                for k in card.keywords:
                    if (colour_of(k) in mod.colours) == (k in card.off_colour):
                        raise ValueError(f"{card.id}: keyword {k} is off-colour for module {mod.id} "
                                         "unless listed in off_colour (and only then)")
                if card.name.lower() in names:
                    raise ValueError(f"{card.id}: duplicate card name {card.name}")
                names.add(card.name.lower())

    def _check_codex(self) -> None:
        if sorted((b.colour, b.block_type) for b in self.codex.values()) != [
                (c, t) for c in range(10) for t in range(1, 6)]:
            raise ValueError("there are 50 Codex blocks, one per colour and block type (§2.4)")

    # ---- queries
    @property
    def cards(self) -> dict[str, CardDef]:
        return {c.id: c for m in self.modules.values() for c in m.cards}

    def card(self, card_id: str) -> CardDef:
        return self.modules[int(card_id[1:3])].cards[int(card_id[-1])]

    def module_of(self, card: CardDef) -> Module:
        return self.modules[card.module_id]

    def by_name(self, name: str) -> CardDef | None:
        return find_by_name(self.cards, name)

    def template_keywords(self, mod: Module, slot: int) -> list[str]:
        """What the module's template puts in a slot, with C1/C2 filled in by its colours."""
        return [f"{mod.colours[int(ref[1]) - 1]}.{ref[-1]}" for ref in self.templates[mod.kind].slots[slot]]

    def template_deviations(self) -> list[tuple[str, list[str], list[str]]]:
        """(card id, template keywords, printed keywords) for each card that breaks its template (A-3)."""
        return [(c.id, want, c.keywords) for m in self.modules.values() for c in m.cards
                if (want := self.template_keywords(m, c.slot)) != c.keywords]


def _read(name: str) -> dict:
    return read_json(DATA / name)


def build_catalog(keywords_doc: dict, modules_doc: dict, codex_doc: dict, templates_doc: dict) -> Catalog:
    """Validate the four documents together; raises pydantic.ValidationError or ValueError on bad data."""
    def keyed(items, key, what):
        out = {i[key]: i for i in items}
        if len(out) != len(items):
            raise ValueError(f"duplicate {what}")
        return out
    return Catalog.model_validate({
        "keywords": keyed(keywords_doc["keywords"], "number", "keyword numbers"),
        "tags": keyed(keywords_doc["tags"], "name", "tag names"),
        "slots": modules_doc["slots"],
        "modules": keyed(modules_doc["modules"], "id", "module ids"),
        "codex": keyed(codex_doc["blocks"], "id", "codex ids"),
        "templates": templates_doc["templates"],
    })


def load_documents() -> tuple[dict, dict, dict, dict]:
    return (_read("rules/keywords.json"), _read("modules.json"), _read("codex.json"), _read("templates.json"))


@finite_cache  # the one catalogue, read from the data files once
def catalog() -> Catalog:
    return build_catalog(*load_documents())


def summary() -> dict:
    cat = catalog()
    cards = list(cat.cards.values())
    by_kind: dict[str, int] = {}
    for c in cards:
        by_kind[c.kind] = by_kind.get(c.kind, 0) + 1
    modules_by_kind: dict[str, int] = {}
    for m in cat.modules.values():
        modules_by_kind[m.kind] = modules_by_kind.get(m.kind, 0) + 1
    return {"game": "resonance", "modules": len(cat.modules), "cards": len(cards), "by_kind": by_kind,
            "modules_by_kind": modules_by_kind, "keywords": len(cat.keywords), "tags": len(cat.tags),
            "codex_blocks": len(cat.codex), "templates": len(cat.templates),
            "template_deviations": len(cat.template_deviations())}


def card_text(card: CardDef, module: Module) -> str:
    """One paragraph describing a card, for lookup answers and text fallbacks."""
    return f"{card.type_line}. {module.name} (module {module.id}), slot {card.slot}. {card.text}"


def lookup_entries() -> list[dict]:
    cat = catalog()
    out = []
    for mod in cat.modules.values():
        for c in mod.cards:
            names = [cat.keywords[k].name for k in c.keywords]
            out.append({"id": c.id, "name": c.name, "text": card_text(c, mod),
                        "terms": [c.kind, mod.name, *mod.colour_names, *names, c.id]})
    return out
