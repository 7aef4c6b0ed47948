"""Where the Paths of Glory core procedures let card events in (:mod:`engine.hooks`).

The core (combat, operations, the Mandated Offensive, the retreat, the Replacement Phase, the
sequence of play) asks these questions through ``g.rules.hooks`` and never imports an event
file; each event file lists what it attaches in its ``HOOKS``, and :mod:`.ruleset` wires them
together. The arguments each point passes are given after its question; a ``fold`` point's
functions take the value first.
"""
from __future__ import annotations

from engine.hooks import HookPoint

HOOK_POINTS = (
    # -- operations (9.2) ---------------------------------------------------------------------
    HookPoint("activation_nations", "fold",
              "9.2.3: the nationalities counted to activate a space — (nations, g, side, space) "
              "→ nations (AP #51 Everyone into Battle)"),
    HookPoint("activation_cost", "fold",
              "9.2.3: the OPS an activation costs — (cost, g, side, space, mode) → cost "
              "(CP #10 Sud Army, CP #29 11th Army)"),
    # -- combat (12) ----------------------------------------------------------------------------
    HookPoint("attack_allowed", "veto",
              "12.1: may this unit attack that space? — (g, side, unit, space) → the Violation "
              "of a card in force, or None (AP #62 The Sixtus Affair; CP #45 Brest-Litovsk, "
              "CP #55 Lloyd George, CP #58 Stavka Timidity)"),
    HookPoint("attack_declared", "notify",
              "12.2.1 step 1 / 7.1.3: an attack was declared — (g, side, attackers, space) "
              "(CP #47 French Mutiny)"),
    HookPoint("combat_started", "notify",
              "12.2.1 after step 2: the combat is recorded, before the flank attempt and the "
              "combat cards — (g) (AP #27 The Great Retreat, AP #35 Yanks and Tanks, AP #45 "
              "Kerensky Offensive, AP #46 Brusilov Offensive)"),
    HookPoint("retreat_ignored", "fold",
              "12.5: the defending units that may ignore this retreat — (units, g, combat, "
              "defenders) → units (CP #61 Haig)"),
    HookPoint("combat_finished", "notify",
              "12.2.1 after step 12: the combat is over — (g, combat) (CP #51 Peace Offensive)"),
    # -- the Action Phase (8.1) and the Replacement Phase (17) ------------------------------------
    HookPoint("rp_play_allowed", "veto",
              "9.4: may a card be played for RP now? — (g, side) → the Violation of a card in "
              "force, or None (AP #65 Influenza)"),
    HookPoint("action_round_ended", "notify",
              "8.1.5: a player's action is over — (g, frame of action_round_end) (CP #25 High "
              "Seas Fleet)"),
    HookPoint("replacements_begin", "notify",
              "17.1: a side's Replacement Phase begins, before it spends — (g, side) (CP #27 "
              "Zeppelin Raids, CP #36 U-Boats Unleashed)"),
)
