"""Pure, synchronous game rules: no discord, no sqlite, no PIL."""
