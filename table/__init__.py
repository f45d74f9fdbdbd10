"""The async table service: load, lock, apply, save, notify. Cogs and the console call only this."""

from .errors import GameBroken, NotYourMove, StaleVersion, TableError
from .models import ClockSettings, Notice, PanelFacts, SeatInfo, TableInfo, Update
from .service import TableService

__all__ = ["GameBroken", "NotYourMove", "StaleVersion", "TableError", "SeatInfo", "TableInfo", "Update", "TableService",
           "ClockSettings", "Notice", "PanelFacts"]
