"""Grand Illusion, rules enforced (issue 21). See ``modules/grand_illusion/COVERAGE.md``."""
from .ruleset import GrandIllusion

__all__ = ["GrandIllusion"]
