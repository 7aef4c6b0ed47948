"""Rules-enforced France 1944 (Designer Signature Edition rulebook 1.0-12.10). Registered as the
ruleset ``france_1944`` (entry point in pyproject.toml); ``COVERAGE.md`` beside the module lists
what is enforced."""
from .ruleset import France1944

__all__ = ["France1944"]
