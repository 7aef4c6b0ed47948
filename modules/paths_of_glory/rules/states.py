"""Imports every file that registers rules states, so the machine knows them all."""
from . import attrition, combat, ops, replacements, sequence, status  # noqa: F401
from . import peace  # noqa: F401,E402  (Peace Terms reply, 16.5)
from . import sr  # noqa: F401,E402  (Strategic Redeployment, 13.0)
