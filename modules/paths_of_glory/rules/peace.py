"""Paths of Glory Peace Terms (16.5), an action-round option.

The action-round owner offers ``peace_terms`` when :func:`peace_terms_allowed` is None and, on
that action, calls :func:`offer_peace_terms`, which pushes ``peace_terms_reply`` for the
opponent. When the frame pops, the offer is over (the round's frame is on top again).

* 16.5.1 an offer is a player's only action in an Action Round; 16.5.3 at most one per round;
* 16.5.1.1 the CP may offer with VP 11 or more; 16.5.1.2 the Allies with VP 9 or less (the
  printed table header says "9 or more": the rule is followed);
* The Fourteen Points (AP #40): afterwards only the Allies may offer;
* 5.3.3 / 5.7.2 no Peace Terms in the Introductory and Historical scenarios;
* 16.5.2 accepted: the game ends at once in a draw (5.1.1; 5.6.3 a loss for both in a
  tournament); refused: the offerer rolls on his Peace Terms Table by Combined War Status.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from engine.actions import Action
from engine.machine import State
from engine.rules import Prompt, Violation

from . import tracks
from .card_ids import FOURTEEN_POINTS

if TYPE_CHECKING:
    from .game import Game



def _opponent(side: str) -> str:
    return "AP" if side == "CP" else "CP"


def _round_key(g: "Game", side: str) -> str:
    """The Action Round an offer belongs to (16.5.3). The round is read from the Action
    Phase's own frame: the ``action_round`` global is written only once a player acts, so
    before the first action of a new round it still names the previous one."""
    rnd = next((f.get("round", 1) for f in reversed(g.stack) if f.get("state") == "phase_action"),
               g.get("action_round", 1))
    return f"{g.get('turn', 1)}:{rnd}:{side}"


def peace_terms_allowed(g: "Game", side: str) -> Violation | None:
    """Why ``side`` may not offer Peace Terms now, or None."""
    scenario = g.get("pog_scenario")
    if scenario == "historical":
        return Violation("PoG 5.7.2", "no Peace Terms in the Historical scenario")
    if g.get("peace_terms") is False or scenario == "introductory":
        return Violation("PoG 5.3.3", "no Peace Terms in this scenario")
    if side == "CP" and tracks.event_played(g, FOURTEEN_POINTS):
        return Violation("PoG 16.5", "after 14 Points only the Allies may offer Peace Terms")
    vp = int(g.get("vp", 10))
    if side == "CP" and vp < 11:
        return Violation("PoG 16.5.1.1", f"the CP may offer Peace Terms only with 11 VP or more (VP {vp})")
    if side == "AP" and vp > 9:
        return Violation("PoG 16.5.1.2", f"the Allies may offer Peace Terms only with 9 VP or less (VP {vp})")
    if g.get("pog_peace_offered") == _round_key(g, side):
        return Violation("PoG 16.5.3", "only one Peace Terms offer per Action Round")
    return None


def offer_peace_terms(g: "Game", side: str) -> None:
    """16.5.2: record the offer and ask the opponent (pushes ``peace_terms_reply``)."""
    g.set("pog_peace_offered", _round_key(g, side))
    g.note(f"{side} offers Peace Terms (PoG 16.5)")
    g.call("peace_terms_reply", side=_opponent(side), offerer=side)


def peace_roll(g: "Game", offerer: str) -> int:
    """16.5.2: the offerer rolls on his table by Combined War Status; returns the VP change."""
    table = g.module.tables[f"peace_terms_{offerer.lower()}"]
    combined = int(g.get("ws_combined", 0) or 0)
    row = "20+" if combined >= 20 else "0-19"
    die = g.roll(f"Peace Terms ({offerer})")
    value = table.lookup(row, str(die)) if str(die) in table.cols.values else table.lookup(row, die)
    delta = int(value or 0)
    if delta:
        tracks.add_vp(g, delta, f"Peace Terms Table, die {die}, PoG 16.5.2")
    else:
        g.note(f"Peace Terms Table, die {die}: no effect (PoG 16.5.2)")
    return delta


class PeaceTermsReply(State):
    """The opponent accepts (draw) or refuses (the offerer rolls) Peace Terms."""
    name = "peace_terms_reply"
    rule = "16.5.2"

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        return Prompt(frame["side"], "peace_terms",
                      f"{frame['offerer']} offers Peace Terms: accept (a draw) or refuse")

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        yield self.offer("accept_peace", frame["side"])
        yield self.offer("refuse_peace", frame["side"])

    def on_accept_peace(self, g: "Game", frame: dict) -> None:
        """Accept peace terms (the game ends in a draw)"""
        if (g.get("pog_options") or {}).get("tournament") == "on":
            how, sentence = "loss for both", "Peace Terms accepted: a loss for both players (PoG 5.6.3)"
        else:
            how, sentence = "draw", f"Draw: {frame['side']} accepted Peace Terms (PoG 16.5.2, 5.1.1)"
        g.end()
        g.note(sentence)
        g.finish("", how, sentence)

    def on_refuse_peace(self, g: "Game", frame: dict) -> None:
        """Refuse peace terms (the offerer rolls on his Peace Terms Table)"""
        g.note(f"{frame['side']} refuses Peace Terms")
        g.end()
        peace_roll(g, frame["offerer"])
