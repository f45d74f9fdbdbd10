"""Discord's payload limits, checked the way the API does.

Each check adds to a `FormErrors` tree; a non-empty tree becomes HTTP 400 with Discord's body
`{"code": 50035, "message": "Invalid Form Body", "errors": {...}}`, whose nested keys are the
field path and whose leaves are `{"_errors": [{"code", "message"}]}`.  discord.py flattens that
into `HTTPException.text` lines such as `In data.content: Must be 2000 or fewer in length.`

Only classic components (action rows of buttons and selects) are checked; Components V2
layouts pass through unchecked.
"""

from __future__ import annotations

from typing import Any

CONTENT = 2000
ROWS = 5
ROW_WIDTH = 5
SELECT_OPTIONS = 25
CUSTOM_ID = 100
BUTTON_LABEL = 80
OPTION_TEXT = 100  # select option label, value and description
PLACEHOLDER = 150
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
CHOICES = 25
CHOICE_TEXT = 100
FILES = 10
MODAL_TITLE = 45

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}

MAX_LENGTH, BAD_LENGTH = "BASE_TYPE_MAX_LENGTH", "BASE_TYPE_BAD_LENGTH"


class FormErrors:
    """Errors keyed by field path, rendered as Discord's nested `errors` object."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def __bool__(self) -> bool:
        return bool(self.tree)

    def add(self, path: tuple, code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_len(self, path: tuple, value: Any, limit: int) -> None:
        if value is not None and len(value) > limit:
            self.add(path, MAX_LENGTH, f"Must be {limit} or fewer in length.")

    def bad_len(self, path: tuple, value: Any, low: int, high: int) -> None:
        if value is None or not low <= len(value) <= high:
            self.add(path, BAD_LENGTH, f"Must be between {low} and {high} in length.")

    def body(self) -> dict[str, Any]:
        return {"code": 50035, "message": "Invalid Form Body", "errors": self.tree}


def check_message(errs: FormErrors, body: dict, path: tuple = (), *, n_files: int = 0) -> None:
    """A message create or edit body (or an interaction callback's `data`)."""
    errs.max_len(path + ("content",), body.get("content"), CONTENT)
    check_embeds(errs, body.get("embeds") or [], path + ("embeds",))
    check_components(errs, body.get("components") or [], path + ("components",))
    n_attachments = max(n_files, len(body.get("attachments") or []))
    if n_attachments > FILES:
        errs.add(path + ("attachments",), MAX_LENGTH, f"Must be {FILES} or fewer in length.")


def is_empty(message: dict) -> bool:
    """Discord refuses (code 50006) a message with nothing to show."""
    return not (message.get("content") or message.get("embeds") or message.get("attachments")
                or message.get("components") or message.get("sticker_ids") or message.get("poll"))


def check_embeds(errs: FormErrors, embeds: list[dict], path: tuple) -> None:
    errs.max_len(path, embeds, EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        here = path + (i,)
        texts = [("title", EMBED_TITLE, embed.get("title")),
                 ("description", EMBED_DESCRIPTION, embed.get("description"))]
        for key, limit, text in texts:
            errs.max_len(here + (key,), text, limit)
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        errs.max_len(here + ("footer", "text"), footer, FOOTER)
        errs.max_len(here + ("author", "name"), author, AUTHOR)
        fields = embed.get("fields") or []
        errs.max_len(here + ("fields",), fields, EMBED_FIELDS)
        for j, field in enumerate(fields):
            errs.bad_len(here + ("fields", j, "name"), field.get("name"), 1, FIELD_NAME)
            errs.bad_len(here + ("fields", j, "value"), field.get("value"), 1, FIELD_VALUE)
        # The 6000 budget is shared by every embed of the message.
        total += sum(len(t or "") for t in (embed.get("title"), embed.get("description"), footer, author))
        total += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
    if total > EMBED_TOTAL:
        errs.add(path, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}")


def check_components(errs: FormErrors, rows: list[dict], path: tuple) -> None:
    errs.max_len(path, rows, ROWS)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if row.get("type") != 1:
            continue
        here = path + (i, "components")
        children = row.get("components") or []
        if not 1 <= len(children) <= ROW_WIDTH:
            errs.bad_len(here, children, 1, ROW_WIDTH)
        else:  # a select (or text input) takes the whole row: width 5 against a button's 1
            width = 0
            for j, child in enumerate(children):
                width += ROW_WIDTH if child.get("type") in SELECTS | {TEXT_INPUT} else 1
                if width > ROW_WIDTH:
                    errs.add(here + (j,), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                             "The specified component exceeds the maximum width")
        for j, child in enumerate(children):
            _check_component(errs, child, here + (j,), seen)


def _check_component(errs: FormErrors, comp: dict, path: tuple, seen: set[str]) -> None:
    kind = comp.get("type")
    custom_id = comp.get("custom_id")
    if kind == BUTTON:
        errs.max_len(path + ("label",), comp.get("label"), BUTTON_LABEL)
        if comp.get("style") in (5, 6):  # link and premium buttons carry no custom_id
            return
    if kind in SELECTS or kind == BUTTON:
        errs.bad_len(path + ("custom_id",), custom_id, 1, CUSTOM_ID)
    if kind in SELECTS:
        errs.max_len(path + ("placeholder",), comp.get("placeholder"), PLACEHOLDER)
    if kind == STRING_SELECT:
        options = comp.get("options") or []
        errs.bad_len(path + ("options",), options, 1, SELECT_OPTIONS)
        values: set[str] = set()
        for k, option in enumerate(options):
            here = path + ("options", k)
            errs.bad_len(here + ("label",), option.get("label"), 1, OPTION_TEXT)
            errs.bad_len(here + ("value",), option.get("value"), 1, OPTION_TEXT)
            errs.max_len(here + ("description",), option.get("description"), OPTION_TEXT)
            if option.get("value") in values:
                errs.add(here, "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "The specified option value is already used")
            values.add(option.get("value"))
    if custom_id is not None:
        if custom_id in seen:
            errs.add(path + ("custom_id",), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        seen.add(custom_id)


def check_choices(errs: FormErrors, choices: list[dict], path: tuple) -> None:
    """An autocomplete result (callback type 8)."""
    errs.max_len(path, choices, CHOICES)
    for i, choice in enumerate(choices):
        errs.bad_len(path + (i, "name"), choice.get("name"), 1, CHOICE_TEXT)
        if isinstance(choice.get("value"), str):
            errs.max_len(path + (i, "value"), choice["value"], CHOICE_TEXT)


def check_modal(errs: FormErrors, data: dict, path: tuple) -> None:
    """A modal (callback type 9): its id, title and at most five rows."""
    errs.bad_len(path + ("custom_id",), data.get("custom_id"), 1, CUSTOM_ID)
    errs.bad_len(path + ("title",), data.get("title"), 1, MODAL_TITLE)
    errs.bad_len(path + ("components",), data.get("components") or [], 1, ROWS)


def check_commands(errs: FormErrors, commands: list[dict]) -> None:
    """A bulk overwrite of application commands: the limits a sync most often trips."""
    errs.max_len((), commands, 100)
    for i, cmd in enumerate(commands):
        errs.bad_len((i, "name"), cmd.get("name"), 1, 32)
        if cmd.get("type", 1) == 1:
            errs.bad_len((i, "description"), cmd.get("description"), 1, 100)
        _check_options(errs, cmd.get("options") or [], (i, "options"))


def _check_options(errs: FormErrors, options: list[dict], path: tuple) -> None:
    errs.max_len(path, options, 25)
    for i, opt in enumerate(options):
        errs.bad_len(path + (i, "name"), opt.get("name"), 1, 32)
        errs.bad_len(path + (i, "description"), opt.get("description"), 1, 100)
        errs.max_len(path + (i, "choices"), opt.get("choices"), CHOICES)
        _check_options(errs, opt.get("options") or [], path + (i, "options"))
