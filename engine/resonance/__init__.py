"""Resonance: card data and validation (engine.resonance.cards). The rules engine and its Game come later."""
