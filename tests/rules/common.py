"""Paths and small helpers shared by the per-game rules-content tests."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"


def game_files(game: str) -> tuple[Path, Path, Path]:
    """(rulebook, design notes, our rules folder) of a game."""
    return SHARED / "rules" / f"{game}.txt", SHARED / "design" / f"{game}.md", ROOT / "data" / game / "rules"


def load_json(folder: Path, name: str):
    return json.loads((folder / name).read_text(encoding="utf-8"))


def norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))
