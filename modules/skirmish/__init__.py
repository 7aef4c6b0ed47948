"""Skirmish: the engine's sample module (engine/sample.py) and its enforced rules (RULES.md)."""
