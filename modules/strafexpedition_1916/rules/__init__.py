"""Rules-enforced Strafexpedition 1916 (Europa Simulazioni 2011, rules v1.0P). Registered as the
ruleset ``strafexpedition_1916`` (entry point in pyproject.toml); ``COVERAGE.md`` beside the
module lists what is enforced and the readings chosen."""
from .ruleset import Strafexpedition

__all__ = ["Strafexpedition"]
