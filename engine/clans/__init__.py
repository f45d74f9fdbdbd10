"""Gods & Clans (issue 5): data, state and moves so far; the rules engine registers here once it lands."""
