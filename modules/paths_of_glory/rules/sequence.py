"""The sequence of play (4.3, 6.0, 7.1, 8.0, 9.1–9.5.1, 9.5.4.5–9.5.4.6).

Frames, bottom to top::

    turn_loop (phase index) → one phase frame at a time → ...

``turn_loop`` pushes the phases A–H in order (6.0); a phase state that no file has
registered yet is skipped with a log note. Each phase pops itself when done. The Action Phase
(``phase_action``) is one decision per Action Round half: the active player's action pushes
``action_round_end`` (automatic) and then the procedure of the action (``ops_activate`` /
``sr``...); when the procedure pops, ``action_round_end`` closes the round (removes * events,
hands the turn to the other player).

Globals kept here: ``phase`` (name of the current phase), ``action_round`` (1–6),
``pog_actions_CP``/``pog_actions_AP`` (this turn's action kinds, in round order: what 9.3.3 and
9.4.3 check), ``pog_events`` (card ids played as events), ``pog_cards_total`` (card
conservation), ``pog_cards_added`` (sides whose Limited/Total War cards joined the draw pile
this turn: set by the War Status phase, read by the draw phase, 6.0.4).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Card, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import (board, cards, losses, mo, movement, ops, peace, replacements, sr, status, supply,
               tracks)
from .card_ids import DELAYED_ENTRY, ENTRENCH, GUNS_OF_AUGUST
from .game import Game, other

PLAYS = ("play_ops", "play_sr", "play_rp", "play_event")  # 8.1.3 #1-#5
PHASES = (
    ("phase_mo", "A", "mandated_offensive"),
    ("phase_action", "B", "action"),
    ("phase_attrition", "C", "attrition"),
    ("phase_siege", "D", "siege"),
    ("phase_war_status", "E", "war_status"),
    ("phase_replacement", "F", "replacement"),
    ("phase_draw", "G", "draw"),
    ("end_of_turn", "H", "end_of_turn"),
)
ROUNDS = 6  # PoG 8.1.1


def hand_size(g: Game) -> int:
    """7 cards, 8 with optional 9.1.4 (mandatory in the Historical scenario, 5.7.4 #1, and
    with all the optional cards in use: the optional-card appendix, way 1)."""
    size = int(g.get("hand_size", 7) or 7)
    options = g.get("pog_options") or {}
    if options.get("hand_size_8") == "on" or options.get("optional_cards") == "all":
        size = 8
    return size


def add_optional_cards(g: Game) -> int:
    """Optional-card appendix, way 1: every optional card (#56-#65 of each side, 2.3.1) joins
    the cards of its own level: Mobilization ones the draw pile (shuffled again), Limited and
    Total War ones the piles added at that commitment (16.1.3, 16.1.4). Returns how many."""
    moved = 0
    for side in ("CP", "AP"):
        pile = f"pile:{side}:optional"
        for pid in list(cards.cards_in(g, pile)):
            level = cards.info(g, g.state.pieces[pid].type).get("deck", "mobilization")
            g.do(C.Move(pid, f"deck:{side}" if level == "mobilization" else f"pile:{side}:{level}"))
            moved += 1
        g.do(C.Shuffle(f"deck:{side}"))
    return moved


def deal(g: Game, side: str, count: int) -> int:
    """Draw up to ``count`` cards into ``side``'s hand; when the draw pile runs out, the
    discards are reshuffled into a new draw pile and the draw goes on (6.0.4). Returns the
    number drawn (fewer if both piles run dry: the player starts the turn short)."""
    drawn = 0
    deck, discard = f"deck:{side}", f"discard:{side}"
    while drawn < count:
        available = len(cards.cards_in(g, deck))
        if available == 0:
            pile = cards.cards_in(g, discard)
            if not pile:
                break
            for pid in pile:
                g.do(C.Move(pid, deck))
            g.do(C.Shuffle(deck))
            g.note(f"PoG 6.0.4: {side} reshuffles {len(pile)} discards into a new draw pile")
            continue
        take = min(available, count - drawn)
        g.do(C.Draw(deck, f"hand:{side}", take))
        drawn += take
    return drawn


class GameSetup(State):
    """4.3: Guns of August (option, mandatory in the Historical scenario), the opening hands,
    then turn 1 begins at phase A. The scenario has already shuffled both draw piles."""
    name = "game_setup"
    rule = "4.3"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        options = g.get("pog_options") or {}
        if g.get("pog_scenario") == "historical":
            g.set("hand_size", 8)  # PoG 5.7.4 #1
        if options.get("optional_cards") == "all":
            count = add_optional_cards(g)
            g.note(f"Optional cards: all {count} optional cards are in the decks, hands of 8")
        goa = options.get("goa_in_hand") == "on" or g.get("pog_scenario") == "historical"
        if goa and cards.where(g, GUNS_OF_AUGUST) == "deck:CP":  # PoG 4.3.1
            cards.move_card(g, GUNS_OF_AUGUST, "hand:CP")
            g.note("PoG 4.3.1: the CP start with Guns of August in hand")
        for side in ("CP", "AP"):  # PoG 4.3.1, 4.3.2
            deal(g, side, hand_size(g) - len(cards.hand(g, side)))
        g.set("pog_cards_total", cards.total_cards(g))
        g.set("pog_events", [])
        g.goto("turn_loop", phase=0)


class TurnLoop(State):
    """6.0: phases A–H in order, then the next turn."""
    name = "turn_loop"
    rule = "6.0"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        index = int(frame.get("phase", 0))
        if index >= len(PHASES):
            g.update(phase=0)
            return
        state, letter, label = PHASES[index]
        g.update(phase=index + 1)
        if index == 0:
            for side in ("CP", "AP"):
                g.set(f"pog_actions_{side}", [])
        g.set("phase", label)
        g.call(state, **({"round": 1, "side": "CP"} if state == "phase_action" else {}))


class PhaseMO(State):
    """7.1.1: each player rolls on his row of the Mandated Offensive Table."""
    name = "phase_mo"
    rule = "7.1.1"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        g.end()
        for side in ("CP", "AP"):
            mo.roll(g, side)


# -- the Action Phase -------------------------------------------------------------------------

def _actions_this_turn(g: Game, side: str) -> list[str]:
    return list(g.get(f"pog_actions_{side}") or [])


def _delayed_entry(g: Game, side: str, card: str) -> bool:
    """9.5.2.5: CP at Total War, Allies not yet: Italy and Romania only as events."""
    return card in DELAYED_ENTRY and _entry_delayed(g, side)


def _entry_delayed(g: Game, side: str) -> bool:
    """9.5.2.5: ``side`` is the Allies, the CP are at Total War and the Allies are not."""
    return (side == "AP" and g.get("commitment_cp") == "total_war"
            and g.get("commitment_ap") != "total_war")


def goa_forced(g: Game, side: str) -> bool:
    """Historical 5.7.4 #3: the CP open the game with Guns of August as an event (once the
    event is implemented and the card is in hand)."""
    if not (side == "CP" and g.get("pog_scenario") == "historical"
            and int(g.get("turn", 1)) == 1 and not _actions_this_turn(g, "CP")
            and GUNS_OF_AUGUST in g.rules.events and GUNS_OF_AUGUST in cards.hand(g, "CP")):
        return False
    event = g.rules.events[GUNS_OF_AUGUST]
    return event.playable is None or event.playable(g, side, GUNS_OF_AUGUST) is None


def card_violation(g: Game, side: str, kind: str, card: str) -> Violation | None:
    """Why ``side`` may not play ``card`` as ``kind`` (play_ops / play_sr / play_rp /
    play_event) now, or None."""
    return _card_violation(g, side, kind, card, _PlayFacts(g, side))


class _PlayFacts:
    """What :func:`card_violation` reads of the position that is the same for every card and
    play of one side (its hand, 5.7.4 #3, its last action this turn, the 9.4 RP veto, the
    5.7.4 Entrench and 9.5.2.5 conditions), read once per listing: the listing changes nothing
    between its questions."""
    __slots__ = ("hand", "forced", "last", "_rp_veto", "no_entrench", "delayed")

    def __init__(self, g: Game, side: str) -> None:
        self.hand = cards.hand(g, side)
        self.forced = goa_forced(g, side)
        self.last = (_actions_this_turn(g, side) or [""])[-1]
        self._rp_veto: list = []
        #: 5.7.4: no Entrench event on turn 1 of the Historical scenario
        self.no_entrench = int(g.get("turn", 1)) == 1 and g.get("pog_scenario") == "historical"
        #: 9.5.2.5: the DELAYED_ENTRY cards are events only now
        self.delayed = _entry_delayed(g, side)

    def rp_veto(self, g: Game, side: str) -> Violation | None:
        if not self._rp_veto:
            self._rp_veto.append(g.rules.hooks.veto("rp_play_allowed", g, side))  # AP #65
        return self._rp_veto[0]


def _card_violation(g: Game, side: str, kind: str, card: str,
                    facts: _PlayFacts) -> Violation | None:
    if card not in facts.hand:
        return Violation("PoG 9.1.1", f"card {card} is not in the {side} hand")
    if facts.forced and (kind != "play_event" or card != GUNS_OF_AUGUST):
        return Violation("PoG 5.7.4", "Historical scenario: the CP must open with Guns of "
                                      "August as an event")
    if kind == "play_event" and card in ENTRENCH and facts.no_entrench:
        return Violation("PoG 5.7.4", "Historical scenario: no Entrench event on turn 1")
    if facts.delayed and card in DELAYED_ENTRY and kind in ("play_ops", "play_sr", "play_rp"):
        return Violation("PoG 9.5.2.5", f"{cards.label(g, card)} may be played only as an event "
                                        "while the CP are at Total War and the Allies are not")
    last = facts.last
    if kind == "play_sr" and last == "sr":
        return Violation("PoG 9.3.3", "no SR play in two consecutive rounds of the same turn")
    if kind == "play_rp" and last == "rp":
        return Violation("PoG 9.4.3", "no RP play in two consecutive rounds of the same turn")
    if kind == "play_rp":
        refused = facts.rp_veto(g, side)  # AP #65 Influenza
        if refused is not None:
            return refused
    if kind == "play_event":
        if cards.is_cc(g, card) and card not in g.rules.events:  # CP #26 may be played alone
            return Violation("PoG 9.5.4.1", f"{cards.label(g, card)} is a Combat Card: it is "
                                            "played during a combat")
        event = g.rules.events.get(card)
        if event is None:
            return Violation("PoG 9.5", "event not implemented yet (see COVERAGE.md)")
        if event.playable is not None:
            return event.playable(g, side, card)
    if kind == "play_ops" and cards.ops_value(g, card) <= 0:
        return Violation("PoG 9.2.1", "the card has no OPS value")
    return None


def record_rp(g: Game, side: str, card: str) -> list[str]:
    """9.4.1: record the card's RP box; neutral BU, IT, TU record nothing. The amounts go
    through :func:`replacements.set_rp` (which moves the RP markers); 17.1.8 adds 1 US RP after Over There. Returns the recorded
    entries for the log."""
    amounts = {}
    for nation, amount in cards.rp_box(g, card).items():
        if nation in cards.NEUTRAL_RP and cards.nation_neutral(g, nation):
            continue  # PoG 9.4.1 exception
        amounts[nation.lower()] = amount
    if side == "AP" and g.get("us_entry") == "over_there":
        amounts["us"] = amounts.get("us", 0) + 1  # PoG 17.1.8
    for key, amount in amounts.items():  # integers: globals hold no floats
        value = g.get(f"rp_{key}", 0) or 0
        total = value + amount if isinstance(value, int) else amount
        replacements.set_rp(g, key, total)
    return [f"{n.upper()} {a}" for n, a in amounts.items()]


class PhaseAction(State):
    """8.1: six Action Rounds, CP first; each player must take one action (8.1.3): a card for
    OPS, SR, RP or as an Event, or an Automatic Operation (1 OPS, no card). There is no pass.
    Peace Terms (16.5, :mod:`.peace`) are offered when allowed."""
    name = "phase_action"
    rule = "8.1.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side, rnd = frame.get("side", "CP"), frame.get("round", 1)
        return Prompt(side, "action_round", f"Action Round {rnd}: {side} plays a card for OPS, "
                                            "SR, RP or its event, or takes an Automatic Operation")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame.get("side", "CP")
        facts = _PlayFacts(g, side)
        offers = self._offers
        for card in facts.hand:
            for verb in PLAYS:
                if _card_violation(g, side, verb, card, facts) is None:
                    key = (verb, side, card)
                    action = offers.get(key)
                    if action is None:
                        action = offers[key] = self.offer(verb, side, card=card)
                    yield action
        if facts.forced:
            return  # PoG 5.7.4 #3
        yield self.offer("auto_op", side)
        if peace.peace_terms_allowed(g, side) is None:
            yield self.offer("peace_terms", side)

    #: (verb, side, card id) -> the offered Action: an Action is an immutable value of exactly
    #: these, so the one made for the first listing serves every later one (at most four per
    #: card and side)
    _offers: dict[tuple[str, str, str], Action] = {}

    def _forced(self, g: Game, frame: dict) -> Violation | None:
        if goa_forced(g, frame.get("side", "CP")):
            return Violation("PoG 5.7.4", "Historical scenario: the CP must open with Guns of "
                                          "August as an event")
        return None

    def check_auto_op(self, g: Game, frame: dict) -> Violation | None:
        return self._forced(g, frame)

    def check_peace_terms(self, g: Game, frame: dict) -> Violation | None:
        return self._forced(g, frame) or peace.peace_terms_allowed(g, frame.get("side", "CP"))

    def check_play_ops(self, g: Game, frame: dict, card: Card) -> Violation | None:
        return card_violation(g, frame.get("side", "CP"), "play_ops", card)

    def check_play_sr(self, g: Game, frame: dict, card: Card) -> Violation | None:
        return card_violation(g, frame.get("side", "CP"), "play_sr", card)

    def check_play_rp(self, g: Game, frame: dict, card: Card) -> Violation | None:
        return card_violation(g, frame.get("side", "CP"), "play_rp", card)

    def check_play_event(self, g: Game, frame: dict, card: Card) -> Violation | None:
        return card_violation(g, frame.get("side", "CP"), "play_event", card)

    def _begin(self, g: Game, frame: dict, kind: str, card: str) -> str:
        """8.1.4: record the action; the card goes to the discards; the round's end waits."""
        side = frame.get("side", "CP")
        g.set(f"pog_actions_{side}", _actions_this_turn(g, side) + [kind])  # PoG 8.1.4
        g.set("action_round", frame.get("round", 1))
        if card:
            cards.move_card(g, card, f"discard:{side}")
        g.call("action_round_end", side=side, card=card, kind=kind)
        return side

    def on_play_ops(self, g: Game, frame: dict, card: Card) -> None:
        """Play the card for its OPS"""
        side = self._begin(g, frame, "ops", card)
        ops.start(g, side, cards.ops_value(g, card), card)

    def on_play_sr(self, g: Game, frame: dict, card: Card) -> None:
        """Play the card for Strategic Redeployment"""
        side = self._begin(g, frame, "sr", card)
        sr.start(g, side, cards.sr_value(g, card), card)

    def on_play_rp(self, g: Game, frame: dict, card: Card) -> None:
        """Play the card for Replacement Points"""
        side = self._begin(g, frame, "rp", card)
        recorded = record_rp(g, side, card)  # PoG 9.4.1
        g.note(f"PoG 9.4.1: {side} records RP: {', '.join(recorded) or 'none'}")

    def on_play_event(self, g: Game, frame: dict, card: Card) -> None:
        """Play the card as its event"""
        side = self._begin(g, frame, "event", card)
        self._event(g, side, card)

    def on_auto_op(self, g: Game, frame: dict) -> None:
        """Automatic Operation (1 OPS, no card)"""
        side = self._begin(g, frame, "auto_op", "")
        ops.start(g, side, 1, "")  # PoG 8.1.3 #6

    def on_peace_terms(self, g: Game, frame: dict) -> None:
        """Offer peace terms"""
        side = self._begin(g, frame, "peace", "")
        peace.offer_peace_terms(g, side)  # PoG 16.5

    def _event(self, g: Game, side: str, card: str) -> None:
        info = cards.info(g, card)
        g.set("pog_events", list(g.get("pog_events") or []) + [card])
        # PoG 9.5.1.3 (16.1.6: at Total War only the Combined War Status); 16.4.4 / 16.3.2
        tracks.add_war_status(g, side, int(info.get("ws", 0) or 0), cards.label(g, card))
        if info.get("remove") and g.get("star_event_vp"):  # PoG 5.3.4
            tracks.add_vp(g, 1 if side == "CP" else -1, "* event in the Introductory scenario, PoG 5.3.4")
        g.rules.events[card].play(g, side, card)

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        side, card = action.side, action.get("card")
        if action.verb == "auto_op":
            return f"{side} takes an Automatic Operation (1 OPS)"
        if action.verb == "peace_terms":
            return f"{side} offers Peace Terms"
        if not isinstance(card, str) or card not in g.module.piece_types:
            return None
        name = cards.label(g, card)
        if action.verb == "play_ops":
            return f"{side} plays {name} for {cards.ops_value(g, card)} OPS"
        if action.verb == "play_sr":
            return f"{side} plays {name} for {cards.sr_value(g, card)} SR"
        if action.verb == "play_rp":
            return f"{side} plays {name} for RP"
        return f"{side} plays {name} as an event"


class ActionRoundEnd(State):
    """End of a player's action: * events leave the game (9.5.1.2), Move/Attack markers come
    off, and the other player acts; after the Allied action of round 6 the phase ends (8.1.5)."""
    name = "action_round_end"
    rule = "8.1.5"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        over = overstacked(g)
        if over:  # PoG 10.1.3: resolved before the round ends
            loc, owner = over[0]
            g.set("pog_moving", True)  # the invariants: being resolved now (10.1.3)
            g.call("overstack", loc=loc, owner=owner)
            return
        if g.get("pog_moving"):
            g.set("pog_moving", False)
        g.end()
        g.rules.hooks.notify("action_round_ended", g, frame)  # CP #25 High Seas Fleet
        card = frame.get("card")
        if frame.get("kind") == "event" and card and cards.info(g, card).get("remove") \
                and cards.where(g, card) == f"discard:{frame['side']}":
            cards.move_card(g, card, f"removed:{frame['side']}")  # PoG 9.5.1.2
        for pid in [pid for marks in board.marker_spaces(g, "m_move_attack").values()
                    for pid in marks]:
            g.do(C.Delete(pid))
        g.set("pog_ops", None)
        supply.mark_oos(g)  # PoG 4.1.2: OOS markers show who is cut off as each action ends
        if g.get("pog_trench_attempt"):
            ops.expire_trench_attempts(g, frame["side"])  # PoG 11.2.10
        top = g.top
        if top is None or top.get("state") != "phase_action":
            return
        side, rnd = top.get("side", "CP"), top.get("round", 1)
        if side == "CP":
            g.update(side="AP", round=rnd)
        elif rnd < ROUNDS:
            g.update(side="CP", round=rnd + 1)
        else:
            g.end()


def overstacked(g: Game) -> list[tuple[str, str]]:
    """(space, side) pairs holding more than 3 units of one side (10.1.1), by space, CP
    first (the supply snapshot counts every space's units; the answer is remembered with
    it)."""
    snap = supply.position(g)
    hit = snap.memo.get(("overstacked",))
    if hit is None:
        counts = snap.counts
        over = {loc for side in ("CP", "AP") for loc, n in counts[side].items()
                if n > movement.STACKING_LIMIT}
        hit = snap.memo[("overstacked",)] = tuple(
            (loc, side) for loc in sorted(over) for side in ("CP", "AP")
            if counts[side].get(loc, 0) > movement.STACKING_LIMIT)
    return list(hit)


class Overstack(State):
    """10.1.3: a player over the stacking limit involuntarily loses the excess units; the
    opponent chooses them, and armies eliminated this way are eliminated permanently."""
    name = "overstack"
    rule = "10.1.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(other(frame["owner"]), "overstack",
                      f"{other(frame['owner'])}: choose a {frame['owner']} unit to eliminate in "
                      f"{g.module.locations[frame['loc']].name} (over the stacking limit)")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for pid in board.units_in(g, frame["loc"], frame["owner"]):
            yield self.offer("eliminate", other(frame["owner"]), unit=pid)

    def on_eliminate(self, g: Game, frame: dict, unit: Piece) -> None:
        """Eliminate this unit (permanently, 10.1.3)"""
        losses.eliminate(g, unit, replace=False, permanent=True)
        if len(board.units_in(g, frame["loc"], frame["owner"])) <= movement.STACKING_LIMIT:
            g.end()


# -- the Strategy Card Draw Phase -------------------------------------------------------------

def discardable(g: Game, side: str) -> list[str]:
    """9.5.4.6: the CCs in hand, and Italy/Romania under 9.5.2.5."""
    return [c for c in cards.hand(g, side) if cards.is_cc(g, c) or _delayed_entry(g, side, c)]


class PhaseDraw(State):
    """G (6.0.4): played CCs go to the discards (9.5.4.5); each player may discard CCs from
    hand (9.5.4.6); the draw pile is reshuffled with the discards if war-commitment cards
    joined it this turn; then each draws up to his hand size."""
    name = "phase_draw"
    rule = "6.0.4"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        step = int(frame.get("step", 0))
        if step == 0:
            for side in ("CP", "AP"):
                for pid in cards.cards_in(g, f"cc:{side}"):  # PoG 9.5.4.5
                    g.do(C.Move(pid, f"discard:{side}"))
        if step < 2:
            side = ("CP", "AP")[step]
            g.update(step=step + 1)
            if discardable(g, side):
                g.call("draw_discard", side=side)
            return
        g.end()
        added = g.get("pog_cards_added") or []
        for side in ("CP", "AP"):
            if side in added or g.get(f"pog_new_cards_{side.lower()}"):  # PoG 6.0.4
                deck = f"deck:{side}"
                for pid in cards.cards_in(g, f"discard:{side}"):
                    g.do(C.Move(pid, deck))
                g.do(C.Shuffle(deck))
                g.note(f"PoG 6.0.4: {side} shuffles the discards into the new draw pile")
            need = hand_size(g) - len(cards.hand(g, side))
            got = deal(g, side, max(0, need))
            if got < need:
                g.note(f"PoG 6.0.4: {side} draws only {got} (no cards left)")
        g.set("pog_cards_added", [])
        for side in ("cp", "ap"):
            if g.get(f"pog_new_cards_{side}"):
                g.set(f"pog_new_cards_{side}", False)


class DrawDiscard(State):
    """9.5.4.6: before drawing, discard any Combat Cards (and 9.5.2.5 entry cards) in hand."""
    name = "draw_discard"
    rule = "9.5.4.6"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "discard", f"{frame['side']}: discard Combat Cards before "
                                                "drawing, or keep them")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for card in discardable(g, frame["side"]):
            yield self.offer("discard", frame["side"], card=card)
        yield self.offer("done", frame["side"])

    def check_discard(self, g: Game, frame: dict, card: Card) -> Violation | None:
        if card not in discardable(g, frame["side"]):
            return Violation("PoG 9.5.4.6", "only Combat Cards (and Italy/Romania under 9.5.2.5) "
                                            "may be discarded from hand")
        return None

    def on_discard(self, g: Game, frame: dict, card: Card) -> None:
        """Discard this card before drawing"""
        cards.move_card(g, card, f"discard:{frame['side']}")
        if not discardable(g, frame["side"]):
            g.end()

    def on_done(self, g: Game, frame: dict) -> None:
        """Keep the rest of the hand"""
        g.end()

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        if action.verb == "discard" and action.get("card") in g.module.piece_types:
            return f"{action.side} discards {cards.label(g, action['card'])}"
        return f"{action.side} keeps the rest of the hand"


# -- end of turn ------------------------------------------------------------------------------

def _last_turn(g: Game) -> int:
    scen = g.module.scenarios.get(g.get("pog_scenario") or "")
    return int(scen.last_turn) if scen is not None and scen.last_turn else 20


class EndOfTurn(State):
    """H: advance the Game Turn marker, or end the game after the scenario's last turn."""
    name = "end_of_turn"
    rule = "6.0.1"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        g.end()
        turn = int(g.get("turn", 1))
        if turn >= _last_turn(g):
            g.note(f"PoG 5.1.1: the scenario ends after turn {turn}")
            status.end_game(g, status.final_outcome(g))
            return
        g.set("turn", turn + 1)
        g.set("action_round", 1)
        g.set("pog_caucasus_link", [])
        g.set("pog_ne_sr", [])
        if g.top is not None and g.top.get("state") == "turn_loop":
            g.update(phase=0)
        g.note(f"PoG 6.0: turn {turn + 1} begins")
