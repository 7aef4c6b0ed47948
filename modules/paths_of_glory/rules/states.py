"""Imports every file that registers rules states, so the machine knows them all."""
from . import attrition, combat, ops, replacements, sequence, status  # noqa: F401
from . import peace  # noqa: F401,E402  (Peace Terms reply, 16.5)
from . import sr  # noqa: F401,E402  (Strategic Redeployment, 13.0)
from . import events_cp  # noqa: F401,E402  (CP strategy-card events, 9.5)
from . import entry, reinforce  # noqa: F401,E402  (neutral entry 9.5.2, reinforcements 9.5.3)
from . import events_ap  # noqa: F401,E402  (AP strategy-card events, 9.5)
