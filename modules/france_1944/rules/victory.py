"""Victory (2.0 step 12): the scenarios' victory conditions. The Playbook that holds them is not
in the source, so every condition here is the module's reconstructed one, as each scenario's
``victory`` text states it (scenarios/*.toml)."""
from __future__ import annotations

from . import special, supply
from .board import position
from .game import Game, month

FALAISE_HEXES = ("1512", "1411")        # Argentan, Falaise
FALAISE_STEPS = 6
BREAKOUT_HEXES = ("2113", "2807")       # Paris, Brussels
WESTWALL_WIN, WESTWALL_LOSS = 12, 6
CAMPAIGN_CITIES, CAMPAIGN_VP = 6, 20


def allied_vp(g: Game) -> int:
    return sum(v for h, v in g.facts.vp.items() if supply.control(g, h) == "allied")


def held(g: Game, h: str) -> bool:
    """Occupied by an Allied combat unit, or Allied-controlled (11.3)."""
    return bool(position(g).combat("allied", h)) or supply.control(g, h) == "allied"


def german_cities_taken(g: Game) -> int:
    """German city hexes east of the Rhine occupied by Allied combat units."""
    pos = position(g)
    return sum(1 for h in g.facts.german_cities if h in g.facts.east and pos.combat("allied", h))


def determine(g: Game) -> None:
    sid = g.get("f44_scenario")
    last = g.scenario.last_turn or 11
    t = g.turn
    if sid == "campaign" and german_cities_taken(g) >= CAMPAIGN_CITIES:
        g.finish("allied", "automatic victory",
                 f"Allied automatic victory in {month(t)}: Allied units hold {german_cities_taken(g)} German "
                 f"cities east of the Rhine")
        return
    if t < last:
        return
    if sid == "falaise_gap":
        lost = int(g.get("f44_german_steps_lost", 0) or 0)
        taken = [h for h in FALAISE_HEXES if held(g, h)]
        if taken and lost >= FALAISE_STEPS:
            g.finish("allied", "victory", f"Allied victory: {g.hex_name(taken[0])} taken and {lost} German "
                                          f"steps eliminated")
        else:
            g.finish("german", "victory", f"German victory: the Allies needed Argentan or Falaise and "
                                          f"{FALAISE_STEPS} German steps ({lost} eliminated)")
        return
    if sid == "breakout":
        allied = [h for h in BREAKOUT_HEXES if supply.control(g, h) == "allied"]
        if len(allied) == 2:
            g.finish("allied", "victory", "Allied victory: Paris and Brussels are Allied")
        elif not allied:
            g.finish("german", "victory", "German victory: Paris and Brussels are still German")
        else:
            g.finish("", "draw", f"Draw: only {g.hex_name(allied[0])} is Allied")
        return
    bridgehead = bool(g.get("f44_bridgeheads"))
    vp = allied_vp(g)
    if sid == "westwall":
        score = vp + (3 if special.antwerp_open(g) else 0) + (5 if bridgehead else 0)
        if score >= WESTWALL_WIN:
            g.finish("allied", "victory", f"Allied victory with {score} points")
        elif score <= WESTWALL_LOSS:
            g.finish("german", "victory", f"German victory: the Allies have only {score} points")
        else:
            g.finish("", "draw", f"Draw: the Allies have {score} points")
        return
    if bridgehead and vp >= CAMPAIGN_VP:
        g.finish("allied", "victory", f"Allied victory: a Rhine bridgehead and {vp} VP")
    elif not bridgehead:
        g.finish("german", "victory", "German victory: no Allied bridgehead over the Rhine")
    else:
        g.finish("", "draw", f"Draw: a Rhine bridgehead but only {vp} VP")
