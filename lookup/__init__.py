"""Rules, glossary, keyword and card lookup for every game, playable or not."""

from .entries import TITLES, Entry, all_entries
from .search import Lookup, default_lookup, rule_key

__all__ = ["TITLES", "Entry", "Lookup", "all_entries", "default_lookup", "rule_key"]
