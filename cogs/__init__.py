"""Discord layer: lobby and play cogs, plus pure helpers for components and message text."""
