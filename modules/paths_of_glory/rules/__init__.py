"""Rules-enforced Paths of Glory (rulebook 2018). Registered as the ruleset ``paths_of_glory``
(entry point in pyproject.toml); ``COVERAGE.md`` beside the module lists what is enforced."""
from .ruleset import PathsOfGlory

__all__ = ["PathsOfGlory"]
