"""The rulebook's example of play (Italian rulebook, "Esempio di gioco"; digest 7.6),
August–September 1914, as ONE continuous game: from the August MO Phase to the September
Draw Phase, where the example ends (the script stops as October's first Action Round opens).

Campaign scenario, CP starting with Guns of August in hand (the example: "Le Potenze Centrali
hanno scelto di iniziare la partita con la carta I Cannoni di Agosto"). The only arranging,
done as recorded set-up entries: the two opening hands and the draw piles hold the cards the
example plays, and the dice show the example's rolls (scripted; the August MO Phase is played
again with the example's dice, the game's set-up having rolled its own before a test can script
any). Everything else goes through ``session.push(Action)`` of legal actions, and after each
step the example's numbers are checked.
"""
from __future__ import annotations

import re

from engine import commands as C
from engine.rules import Action
from engine.testing import Position
from modules.paths_of_glory.rules import board, supply
from modules.paths_of_glory.rules import combat as combat_rules

from .conftest import dice, dice_left, fresh, module, push, rolled


# -- helpers ------------------------------------------------------------------------------------

class Script:
    def __init__(self):
        self.s = fresh("campaign", 7, goa_in_hand="on")
        dice(self.s, 4, 2)                   # MO rolls: CP 4 → GE, AP 2 → FR
        push(self.s, "phase_mo")             # phase A again, with the example's dice
        assert dice_left(self.s) == [], "both MO rolls used"
        self.pieces = self.s.state.pieces

    # state ------------------------------------------------------------------------------------
    @property
    def g(self) -> dict:
        return self.s.state.globals

    def top(self) -> dict | None:
        stack = self.g.get("pog_stack") or []
        return stack[-1] if stack else None

    def units(self, loc: str) -> list[tuple[str, int]]:
        m = module()
        return sorted((self.pieces[p].type, self.pieces[p].face)
                      for p in self.s.state.stacks.get(loc, ())
                      if m.piece_types[self.pieces[p].type].kind == "unit")

    def unit(self, type_id: str, loc: str, face: int | None = None) -> int:
        """The one unit of ``type_id`` in ``loc`` (corps: the first, or the one on ``face``)."""
        found = [p for p in self.s.state.stacks.get(loc, ()) if self.pieces[p].type == type_id
                 and (face is None or self.pieces[p].face == face)]
        assert found, f"no {type_id} in {loc}: {self.units(loc)}"
        return found[0]

    def markers(self, loc: str, type_id: str) -> list[int]:
        return [self.pieces[p].face for p in self.s.state.stacks.get(loc, ())
                if self.pieces[p].type == type_id]

    def controller(self, loc: str) -> str:
        return board.controller(self.s.ruleset.game(self.s.state), loc)

    def hand(self, side: str) -> list[str]:
        return self.pile(f"hand:{side}")

    def pile(self, loc: str) -> list[str]:
        """The cards in a hand, draw pile, discard pile or removed box (sorted)."""
        return sorted(self.pieces[p].type for p in self.s.state.stacks.get(loc, ()))

    # cards (arranging only: hands and draw piles) ---------------------------------------------
    def arrange(self, side: str, hand: list[str], deck_top: list[str]) -> None:
        """Put ``hand`` in ``side``'s hand (the rest back to the draw pile) and ``deck_top`` on
        top of the draw pile, first card drawn first."""
        pos = Position(self.s)
        pos.commands(f"the {side} hand back to the draw pile",
                     [C.Move(pid, f"deck:{side}", 0)
                      for pid in list(self.s.state.stacks.get(f"hand:{side}", ()))])
        ids = {self.pieces[p].type: p for p in self.pieces}
        pos.commands(f"the example's {side} hand", [C.Move(ids[c], f"hand:{side}") for c in hand])
        pos.commands(f"the example's {side} draws on top of the draw pile",
                     [C.Move(ids[c], f"deck:{side}") for c in reversed(deck_top)])
        assert self.hand(side) == sorted(hand)

    # actions ----------------------------------------------------------------------------------
    def do(self, kind: str, side: str, **params):
        action = Action(kind, side, **params)
        v = self.s.check(action)
        if v is not None:
            legal = [(a.verb, a.as_dict()) for a in self.s.legal_actions()]
            raise AssertionError(f"{kind} {params} refused: {v}\nprompt: {self.s.prompt()}\n"
                                 f"legal: {legal[:40]}")
        return self.s.push(action)

    def roll(self, *values: int) -> None:
        """The next rolls show ``values`` (every earlier scripted die must have been rolled)."""
        assert dice_left(self.s) == [], f"unused dice {dice_left(self.s)}"
        dice(self.s, *values)

    def rolled(self) -> None:
        assert dice_left(self.s) == [], f"unused dice {dice_left(self.s)}"

    def show(self) -> None:
        print("STATE", self.top(), self.g.get("pog_combat"))
        print("PROMPT", self.s.prompt())
        print("LEGAL", [(a.verb, a.as_dict()) for a in self.s.legal_actions()][:40])

    def card(self, card_id: str) -> int:
        return next(p for p, piece in self.pieces.items() if piece.type == card_id)

    def no_cards(self) -> None:
        """Neither side plays a combat card here (the example names every card played)."""
        while self.state() == "combat_cards":
            self.do("done_cards", self.top()["side"])

    def end_combats(self, side: str) -> None:
        if self.state() == "combat_declare":
            self.do("end_combats", side)

    def assert_oos(self, pid: int) -> None:
        assert not supply.unit_in_supply(self.s.ruleset.game(self.s.state), pid)

    def take_losses(self, side: str, order: list[int]) -> None:
        """Answer loss prompts with the first unit of ``order`` that may take the step."""
        while self.state() == "combat_losses" and self.top()["side"] == side:
            legal = {a.get("unit") for a in self.s.legal_actions() if a.verb == "take_loss"}
            pick = next((p for p in order if p in legal), None)
            if pick is None:  # a replacement corps placed during this combat
                replaced = (self.g.get("pog_combat") or {}).get("replaced", {})
                pick = next((int(k) for k, v in replaced.items() if v in order and int(k) in legal), None)
            assert pick is not None, f"none of {order} may take the loss: {legal}"
            self.do("take_loss", side, unit=pick)

    def assert_in_supply(self, pid: int) -> None:
        assert supply.unit_in_supply(self.s.ruleset.game(self.s.state), pid)

    def move_to(self, side: str, pids: list[int], dest: str) -> None:
        """A legal move of exactly ``pids`` ending in ``dest`` (the example names no path)."""
        moves = [a for a in self.s.legal_actions() if a.verb == "move"
                 and sorted(a["pids"]) == sorted(pids) and a["path"][-1] == dest]
        assert moves, f"no legal move of {pids} to {dest}"
        self.s.push(min(moves, key=lambda a: len(a["path"])))

    def fired(self, side: str) -> tuple[int, str, str, int]:
        """The last fire of ``side`` in the game log (PoG 12.2.9 note): (CF, "Army"/"Corps",
        column after shifts, Loss Number) — for combats already over when the script looks."""
        pattern = re.compile(rf"PoG 12\.2\.9: {side} fires (\d+) CF on the (\w+) table, "
                             r"column (\S+) \([+-]\d+\), die .*: Loss Number (\d+)")
        for entry in reversed(self.s.record.entries):
            for cmd in reversed(entry.commands):
                m = pattern.match(getattr(cmd, "text", "") or "")
                if m:
                    return int(m[1]), m[2], m[3], int(m[4])
        raise AssertionError(f"no fire of {side} in the log")

    def state(self) -> str:
        return (self.top() or {}).get("state", "")

    def attack(self, side: str, space: str, attackers: list[int]) -> None:
        self.do("attack", side, space=space)
        for p in attackers:
            self.do("add_attacker", side, unit=p)
        self.do("resolve", side)


def test_pog_7_6_example_of_play_august_september_1914():
    x = Script()
    g = x.g
    # ---------------------------------------------------------------- August 1914, MO phase
    assert g["pog_mo_cp"] == "GE" and g["pog_mo_ap"] == "FR"  # PoG 7.1.1
    assert not g["pog_mo_met_cp"] and not g["pog_mo_met_ap"]
    # the CP keep Landwehr (not a CC: "if the remaining card had been a CC, it could have been
    # discarded") and draw Severe Weather (CP #4) with the September cards
    x.arrange("CP", ["cp_01", "cp_10", "cp_12", "cp_07", "cp_13", "cp_03", "cp_05"],
              ["cp_11", "cp_09", "cp_08", "cp_02", "cp_06", "cp_04"])
    x.arrange("AP", ["ap_03", "ap_06", "ap_02", "ap_04", "ap_08", "ap_09", "ap_01"],
              ["ap_14", "ap_12", "ap_10", "ap_05", "ap_11", "ap_13", "ap_07"])
    assert g["vp"] == 10 and g["ws_cp"] == g["ws_ap"] == g["ws_combined"] == 0

    # ---------------------------------------------------------------- CP 1: Guns of August
    x.do("play_event", "CP", card="cp_01")
    assert g["ws_cp"] == 2 and g["ws_combined"] == 2          # PoG 9.5.1.3
    assert x.markers("liege", "m_destroyed"), "CP #1: the Liege fort is destroyed"
    assert ("ge_1a", 0) in x.units("liege") and ("ge_2a", 0) in x.units("liege")
    assert x.state() == "combat_declare"
    ge1, ge2 = x.unit("ge_1a", "liege"), x.unit("ge_2a", "liege")
    ge3 = x.unit("ge_3a", "koblenz")
    fr5 = x.unit("fr_5a", "sedan")
    x.do("attack", "CP", space="sedan")
    for p in (ge1, ge2, ge3):
        x.do("add_attacker", "CP", unit=p)
    x.do("resolve", "CP")
    x.roll(2, 3)
    x.do("no_flank", "CP")
    x.do("done_cards", "AP")  # AP plays no combat card
    x.rolled()
    c = g["pog_combat"]
    # CP: die 2 on the Army column 15 → LN 5; AP: die 3, column 3 → LN 2 (PoG 12.3.x fire)
    assert c["ln"] == {"CP": 5, "AP": 2}
    assert x.pieces[fr5].face == 1, "FR 5th reduced once (LF 3); the other 2 points ignored"
    assert x.pieces[ge1].face == x.pieces[ge2].face == x.pieces[ge3].face == 0  # GE min LF 3
    assert c["winner"] == "CP" and c["retreat_len"] == 2
    x.do("retreat", "AP", unit=fr5, path=["chateau_thierry", "cambrai"])  # PoG 12.5
    assert x.state() == "combat_advance"
    paths = [a["path"] for a in x.s.legal_actions() if a.verb == "advance"]
    assert paths and all(p == ["sedan"] for p in paths), "PoG 12.7.x: forest stops the advance"
    x.do("advance", "CP", unit=ge2, path=["sedan"])
    x.do("advance", "CP", unit=ge3, path=["sedan"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")
    x.end_combats("CP")
    assert x.pieces[fr5].loc == "cambrai" and x.pieces[ge1].loc == "liege"
    assert x.pieces[ge2].loc == x.pieces[ge3].loc == "sedan"
    assert x.controller("sedan") == "CP" and x.controller("liege") == "CP"
    assert g["pog_mo_met_cp"] is True                          # PoG 7.1.3: the GE MO is met
    assert x.pieces[x.card("cp_01")].loc == "removed:CP"       # PoG 9.5.1.2: * event
    assert g["vp"] == 10, "Liege and Sedan are not VP spaces"
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 1: AP #3 for 3 OPS
    fr9 = x.unit("fr_9a", "bar_le_duc")
    ru3, ru8 = x.unit("ru_3a", "dubno"), x.unit("ru_8a", "kamenets_podolski")
    ah3 = x.unit("ah_3a", "tarnopol")
    x.do("play_ops", "AP", card="ap_03")
    x.do("activate", "AP", space="bar_le_duc", mode="move")
    x.do("activate", "AP", space="dubno", mode="attack")
    x.do("activate", "AP", space="kamenets_podolski", mode="attack")
    assert x.top()["state"] == "ops_move"
    x.do("move", "AP", pids=[fr9], path=["chateau_thierry"])
    assert x.pieces[fr9].loc == "chateau_thierry"
    if x.state() == "ops_move":
        x.do("end_move", "AP")
    x.do("attack", "AP", space="tarnopol")
    x.do("add_attacker", "AP", unit=ru3)
    x.do("add_attacker", "AP", unit=ru8)
    x.do("resolve", "AP")
    x.roll(4, 3, 4)  # flank 4 (+1), AP fire 3, CP fire 4
    x.do("flank", "AP", frontal="kamenets_podolski")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["flank"] == "success"                             # PoG 12.3.3: 4 + 1 = 5
    assert c["ln"] == {"AP": 4, "CP": 1}  # RU 6 CF, die 3 → LN 4; AH corps column 1, die 4 → 1
    assert x.pieces[ah3].loc == "eliminated:CP"
    ah3_corps = int(next(k for k, v in c["replaced"].items() if v == ah3))
    assert x.pieces[ah3_corps].type == "ah_corps" and x.pieces[ah3_corps].loc == "tarnopol"
    assert x.pieces[ru3].face == x.pieces[ru8].face == 0      # RU LF 2: no effect
    assert c["winner"] == "AP" and c["retreat_len"] == 2
    x.do("retreat", "CP", unit=ah3_corps, path=["stanislau", "czernowitz"])
    x.do("advance", "AP", unit=ru3, path=["tarnopol"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "AP")
    x.end_combats("AP")
    assert x.pieces[ru3].loc == "tarnopol" and x.pieces[ah3_corps].loc == "czernowitz"
    assert x.controller("tarnopol") == "AP"
    assert g["vp"] == 10
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"

    # ---------------------------------------------------------------- CP 2: CP #10 for 3 OPS
    corps = x.unit("ge_corps", "oppeln")
    ah2 = x.unit("ah_2a", "munkacs")
    x.do("play_ops", "CP", card="cp_10")
    x.do("activate", "CP", space="oppeln", mode="move")
    x.do("activate", "CP", space="munkacs", mode="move")
    x.do("activate", "CP", space="sedan", mode="attack")
    x.do("move", "CP", pids=[corps], path=["czestochowa", "lodz"])
    assert x.controller("czestochowa") == "CP" and x.controller("lodz") == "CP"
    assert g["vp"] == 11                                       # PoG 11.1.14: Lodz is a VP space
    x.do("move", "CP", pids=[ah2], path=["czernowitz"])
    if x.state() == "ops_move":
        x.do("end_move", "CP")
    x.do("attack", "CP", space="cambrai")
    x.do("add_attacker", "CP", unit=ge2)
    x.do("add_attacker", "CP", unit=ge3)
    x.do("resolve", "CP")
    assert x.state() != "combat_flank", "PoG 12.3.1: no flank attack from a single space"
    x.roll(4, 6)  # CP 4 on column 9-11 → LN 5; AP 6 on column 2 → LN 3
    x.do("play_cc", "AP", card="ap_06")                        # AP #6 Withdrawal
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["ln"] == {"CP": 5, "AP": 3}
    fr5_corps = int(next(k for k, v in c["replaced"].items() if v == fr5))
    assert x.pieces[fr5_corps].type == "fr_corps"
    # the army step and both corps steps lost: 3 + 1 + 1 = 5
    assert [(e["pid"], e["army"]) for e in c["lost"]] == [(fr5, True), (fr5_corps, False),
                                                           (fr5_corps, False)]
    x.do("take_loss", "CP", unit=str(ge2))
    assert x.pieces[ge2].face == 1 and x.pieces[ge3].face == 0  # GE 2nd reduced
    if x.state() == "combat_withdrawal":
        x.do("restore_step", "AP", unit=fr5_corps)
    assert x.pieces[fr5_corps].loc == "cambrai", "AP #6: Withdrawal saves the corps"
    assert x.pieces[fr5_corps].face == 1
    assert g["pog_combat"]["retreat_len"] == 1                 # AP #6: retreat 1 only
    x.do("retreat", "AP", unit=fr5_corps, path=["amiens"])
    movers = {a["unit"] for a in x.s.legal_actions() if a.verb == "advance"}
    assert movers == {ge3}, "PoG 12.7.2: the reduced GE 2nd may not advance"
    x.do("advance", "CP", unit=ge3, path=["cambrai"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")
    x.end_combats("CP")
    assert x.pieces[ge3].loc == "cambrai" and x.pieces[ge2].loc == "sedan"
    assert x.controller("cambrai") == "CP" and g["vp"] == 12  # Cambrai is a VP space
    assert x.pieces[x.card("ap_06")].loc == "removed:AP"       # Withdrawal is a * card
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 2: AP #2 for 4 OPS
    fr3, fr4 = x.unit("fr_3a", "verdun"), x.unit("fr_4a", "verdun")
    ru8 = x.unit("ru_8a", "kamenets_podolski")
    x.do("play_ops", "AP", card="ap_02")
    for space in ("chateau_thierry", "verdun", "tarnopol", "kamenets_podolski"):
        x.do("activate", "AP", space=space, mode="attack")
    assert x.state() == "combat_declare"
    x.do("attack", "AP", space="sedan")
    x.do("add_attacker", "AP", unit=fr9)
    x.do("add_attacker", "AP", unit=fr3)
    x.do("add_attacker", "AP", unit=fr4)
    x.do("resolve", "AP")
    x.roll(5, 3)  # AP 5 on column 6-8 → LN 5; CP 3 on column 3 → LN 2
    x.do("no_flank", "AP")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["ln"] == {"AP": 5, "CP": 2}
    ge2_corps = int(next(k for k, v in c["replaced"].items() if v == ge2))
    # (GE 2nd, LF 3) eliminated, its replacement corps reduced and eliminated: 3 + 1 + 1
    assert [(e["pid"], e["army"]) for e in c["lost"]] == [(ge2, True), (ge2_corps, False),
                                                           (ge2_corps, False)]
    assert not x.pieces[ge2].loc.startswith(("sedan", "cambrai"))
    assert x.pieces[ge2_corps].loc == "eliminated:CP"
    assert all(x.pieces[p].face == 0 for p in (fr3, fr4)) and x.pieces[fr9].face == 1
    x.do("advance", "AP", unit=fr3, path=["sedan"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "AP")
    assert x.pieces[fr3].loc == "sedan" and x.controller("sedan") == "AP"
    assert g["pog_mo_met_ap"] is True                          # PoG 7.1.3: the FR MO is met
    x.assert_oos(ge3)  # PoG 14.1: GE 3rd at Cambrai is cut off
    ah_corps = x.unit("ah_corps", "czernowitz", face=0)
    x.do("attack", "AP", space="czernowitz")
    x.do("add_attacker", "AP", unit=ru3)
    x.do("add_attacker", "AP", unit=ru8)
    x.do("resolve", "AP")
    x.roll(2, 3)  # AP 2 + 1 (Pleve) = 3 → LN 4; CP 3 → LN 2
    x.do("no_flank", "AP")
    x.do("play_cc", "AP", card="ap_04")                        # AP #4 Pleve, +1 DRM
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["ln"] == {"AP": 4, "CP": 2}  # CP: AH 2nd (reduced, CF 1) + 2 corps = 3 CF
    while x.state() == "combat_losses" and x.top()["side"] == "CP":
        corps_left = [p for p in (ah_corps, ah3_corps) if x.pieces[p].loc == "czernowitz"]
        x.do("take_loss", "CP", unit=str(corps_left[0]))  # both corps eliminated (4 steps)
    if x.state() == "combat_losses":
        x.do("take_loss", "AP", unit=str(ru3))                  # the RU 3rd is reduced
    assert x.pieces[ru3].face == 1 and x.pieces[ru8].face == 0  # RU 3rd reduced
    assert g["pog_combat"]["winner"] == "AP"
    x.do("retreat", "CP", unit=ah2, path=["stanislau", "munkacs"])
    x.do("advance", "AP", unit=ru8, path=["czernowitz"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "AP")
    x.end_combats("AP")
    assert x.pieces[ah2].loc == "munkacs" and x.pieces[ru8].loc == "czernowitz"
    assert {x.pieces[ah_corps].loc, x.pieces[ah3_corps].loc} & {"czernowitz", "stanislau",
                                                                 "munkacs"} == set()
    assert g["vp"] == 11                                       # Czernowitz is a VP space
    assert x.pieces[x.card("ap_04")].loc == "removed:AP"       # Pleve is a * card
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"
    x.assert_oos(ge3)
    assert any(x.pieces[p].type == "m_oos" for p in x.s.state.stack(x.pieces[ge3].loc)), \
        "the rulebook puts an OOS marker on GE 3rd (4.1.2)"

    # ---------------------------------------------------------------- CP 3: CP #12 for 4 OPS
    ge4, ge5 = x.unit("ge_4a", "metz"), x.unit("ge_5a", "metz")
    ah_tim, ah5 = x.unit("ah_corps", "timisvar"), x.unit("ah_5a", "novi_sad")
    sb1 = x.unit("sb_1a", "belgrade")
    x.do("play_ops", "CP", card="cp_12")
    v = x.s.check(Action("activate", "CP", space="cambrai", mode="move"))
    assert v is not None and v.rule.startswith("PoG 14"), v  # the OOS GE 3rd may not activate
    for space in ("liege", "metz", "timisvar", "novi_sad"):
        x.do("activate", "CP", space=space, mode="attack")
    x.do("attack", "CP", space="sedan")
    for p in (ge1, ge4, ge5):
        x.do("add_attacker", "CP", unit=p)
    x.do("resolve", "CP")
    x.roll(4, 3)  # CP 4 → LN 7; AP 3 → LN 2
    x.do("no_flank", "CP")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["ln"] == {"CP": 7, "AP": 2}
    fr3_corps = int(next(k for k, v in c["replaced"].items() if v == fr3))
    assert x.pieces[fr3_corps].face == 1, "FR 3rd eliminated, replacement corps reduced"
    x.do("retreat", "AP", unit=fr3_corps, path=["verdun", "chateau_thierry"])
    x.do("advance", "CP", unit=ge4, path=["sedan"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")
    assert x.pieces[ge4].loc == "sedan" and x.controller("sedan") == "CP"
    assert supply.unit_in_supply(x.s.ruleset.game(x.s.state), ge3), "GE 3rd back in supply"
    x.do("attack", "CP", space="belgrade")
    x.do("add_attacker", "CP", unit=ah_tim)
    x.do("add_attacker", "CP", unit=ah5)
    x.do("resolve", "CP")
    x.roll(4, 3, 6)  # flank 4 + 1; CP 3 → LN 3; SB + fort 6 → LN 3
    x.do("flank", "CP", frontal="novi_sad")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["flank"] == "success"                             # PoG 12.3.3: 4 + 1 = 5
    assert c["ln"] == {"CP": 3, "AP": 3}  # AH 3 + 1 = 4 CF; SB reduced 1 + fort 1 = 2 CF
    assert x.pieces[sb1].face == 1 and x.pieces[sb1].loc == "belgrade"  # 2 absorbed, 1 ignored
    assert not x.markers("belgrade", "m_destroyed"), "PoG 12.4.6: the fort takes no loss"
    for p in (ah5, ah_tim):  # LN 3 = AH 5th step (LF 2) + corps step (LF 1): the only way
        if x.state() == "combat_losses":
            x.do("take_loss", "CP", unit=str(p))
    assert x.pieces[sb1].loc == "belgrade", "equal Loss Numbers: no retreat (PoG 12.5.1)"
    assert x.pieces[ah_tim].face == 1 and x.pieces[ah5].face == 1  # both AH units reduced
    assert x.pieces[ah_tim].loc == "timisvar" and x.pieces[ah5].loc == "novi_sad"
    x.end_combats("CP")
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"
    assert g["vp"] == 11

    # ---------------------------------------------------------------- AP 3: AP #8 for 2 OPS
    fr1 = x.unit("fr_1a", "nancy")
    x.do("play_ops", "AP", card="ap_08")
    x.do("activate", "AP", space="amiens", mode="move")
    x.do("activate", "AP", space="nancy", mode="move")
    # Amiens → Brussels: Cambrai is German-held, so by Calais and Ostend (MF 3)
    x.do("move", "AP", pids=[fr5_corps], path=["calais", "ostend", "brussels"])
    x.do("move", "AP", pids=[fr1], path=["verdun"])
    if x.state() == "ops_move":
        x.do("end_move", "AP")
    assert x.pieces[fr5_corps].loc == "brussels" and x.pieces[fr1].loc == "verdun"
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"

    # ---------------------------------------------------------------- CP 4: CP #7 for 3 OPS
    ge8, ge_ins = x.unit("ge_8a", "insterburg"), x.unit("ge_corps", "insterburg")
    x.do("play_ops", "CP", card="cp_07")
    x.do("activate", "CP", space="insterburg", mode="move")
    x.do("activate", "CP", space="cambrai", mode="attack")
    x.do("activate", "CP", space="sedan", mode="attack")
    x.do("move", "CP", pids=[ge8, ge_ins], path=["konigsberg"])
    if x.state() == "ops_move":
        x.do("end_move", "CP")
    assert x.pieces[ge8].loc == x.pieces[ge_ins].loc == "konigsberg"
    x.do("attack", "CP", space="chateau_thierry")
    x.do("add_attacker", "CP", unit=ge3)
    x.do("add_attacker", "CP", unit=ge4)
    x.do("resolve", "CP")
    x.roll(6, 5)  # CP 6 → LN 7; AP 5 → LN 3
    x.do("no_flank", "CP")
    x.no_cards()
    x.rolled()
    assert g["pog_combat"]["ln"] == {"CP": 7, "AP": 3}
    x.take_losses("AP", [fr9, fr3_corps])  # army 3 + its corps 2 + the corps 2 = 7
    x.take_losses("CP", [ge3])
    assert x.units("chateau_thierry") == [], "army, corps and replacement corps destroyed"
    assert x.pieces[ge3].face == 1 and x.pieces[ge4].face == 0  # GE 3rd reduced
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")
    x.end_combats("CP")
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 4: Moltke for 3 OPS
    bef = x.unit("br_bef", "brussels")
    x.do("play_ops", "AP", card="ap_09")
    x.do("activate", "AP", space="brussels", mode="attack")
    assert x.top()["spent"] == 2, "PoG 9.2.3: BR + FR in Brussels cost 2"
    x.do("activate", "AP", space="verdun", mode="attack")
    x.do("attack", "AP", space="sedan")
    for p in (bef, fr5_corps, fr1, fr4):  # the source says "1st and 3rd": the 3rd is gone
        x.do("add_attacker", "AP", unit=p)
    x.do("resolve", "AP")
    x.roll(6, 2, 2)  # flank 6; AP 2; CP 2 → LN 2
    x.do("flank", "AP", frontal="verdun")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["flank"] == "success"                             # PoG 12.3.3: a 6
    assert c["ln"] == {"AP": 4, "CP": 2}  # AP 3 + 0 + 3 + 3 = 9 CF, die 2 → 4; GE 4th: 2
    assert x.pieces[ge4].face == 1                             # GE 4th reduced
    assert x.pieces[fr5_corps].loc not in ("brussels", "sedan"), "the (FR corps) eliminated"
    assert x.pieces[bef].face == 0 and x.pieces[fr1].face == x.pieces[fr4].face == 0
    x.do("retreat", "CP", unit=ge4, path=["koblenz", "liege"])
    assert x.state() == "combat_advance"
    x.do("stop_advance", "AP")                                 # no advance
    x.end_combats("AP")
    assert x.pieces[ge4].loc == "liege"
    assert x.controller("sedan") == "CP", "PoG 12.5.7: no advance, Sedan stays CP"
    x.assert_in_supply(ge3)
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"

    # ---------------------------------------------------------------- CP 5: Falkenhayn for RP
    x.do("play_rp", "CP", card="cp_13")
    assert (g["rp_ah"], g["rp_ge"]) == (2, 3)                  # PoG 9.4.1
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 5: Automatic Operation
    be1 = x.unit("be_1a", "antwerp")
    x.do("auto_op", "AP")                                      # PoG 8.1.3: 1 OPS, no card
    x.do("activate", "AP", space="antwerp", mode="move")
    x.do("move", "AP", pids=[be1], path=["brussels"])
    if x.state() == "ops_move":
        x.do("end_move", "AP")
    assert x.pieces[be1].loc == "brussels" and x.hand("AP") == ["ap_01"]

    # ---------------------------------------------------------------- CP 6: von François, 2 OPS
    x.do("play_ops", "CP", card="cp_03")
    x.do("activate", "CP", space="cambrai", mode="move")
    x.do("activate", "CP", space="liege", mode="move")
    x.do("move", "CP", pids=[ge3], path=["sedan"])
    x.do("move", "CP", pids=[ge4], path=["sedan"])
    if x.state() == "ops_move":
        x.do("end_move", "CP")
    assert x.pieces[ge3].loc == x.pieces[ge4].loc == "sedan"
    assert x.hand("CP") == ["cp_05"]

    # ---------------------------------------------------------------- AP 6: AP #1 for 4 OPS
    fr_gre = x.unit("fr_corps", "grenoble")
    x.do("play_ops", "AP", card="ap_01")
    for space, mode in (("tarnopol", "move"), ("grenoble", "move"), ("verdun", "attack"),
                        ("czernowitz", "attack")):
        x.do("activate", "AP", space=space, mode=mode)
    x.do("move", "AP", pids=[ru3], path=["lemberg"])
    assert x.controller("lemberg") == "AP" and g["vp"] == 10   # Lemberg is a VP space
    to_paris = [a for a in x.s.legal_actions() if a.verb == "move" and a["pids"] == [fr_gre]
                and a["path"][-1] == "paris"]
    assert to_paris, "Grenoble → Paris"
    x.s.push(to_paris[0])
    if x.state() == "ops_move":
        x.do("end_move", "AP")
    assert x.pieces[fr_gre].loc == "paris"
    x.do("attack", "AP", space="sedan")
    x.do("add_attacker", "AP", unit=fr1)
    x.do("add_attacker", "AP", unit=fr4)
    x.roll(5, 4)  # AP 5 → LN 5; CP 4 → LN 4
    x.do("resolve", "AP")
    assert x.state() != "combat_flank", "PoG 12.3.1: one attacking space, no flank attack"
    x.no_cards()
    x.rolled()
    assert g["pog_combat"]["ln"] == {"AP": 5, "CP": 4}  # GE 3 + 3 = 6 CF, die 4 → 4
    x.take_losses("CP", [ge3])               # GE 3rd (LF 3) and its replacement corps (2)
    x.take_losses("AP", [fr1])
    c = g["pog_combat"]
    ge3_corps = int(next(k for k, v in c["replaced"].items() if v == ge3))
    assert x.pieces[ge3_corps].loc != "sedan" and x.pieces[ge3].loc != "sedan"
    assert x.pieces[fr1].face == 1 and x.pieces[fr4].face == 0  # FR 1st reduced
    assert c["retreat_len"] == 1
    x.do("retreat", "CP", unit=ge4, path=["koblenz"])
    x.do("stop_advance", "AP")
    assert x.pieces[ge4].loc == "koblenz" and x.controller("sedan") == "CP"
    ah2_face = x.pieces[ah2].face
    x.do("attack", "AP", space="munkacs")
    x.do("add_attacker", "AP", unit=ru8)
    x.roll(3, 1)  # AP 3 on column 3 shifted to 2 (mountain) → LN 2; CP 1 → LN 0
    x.do("resolve", "AP")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert ah2_face == 1 and c["ln"] == {"AP": 2, "CP": 0}  # PoG 12.3.x terrain shift
    ah2_corps = int(next(k for k, v in c["replaced"].items() if v == ah2))
    assert x.pieces[ah2].loc != "munkacs" and x.pieces[ah2_corps].loc == "munkacs"
    x.do("retreat", "CP", unit=ah2_corps, path=["cluj", "debrecen"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "AP")
    x.end_combats("AP")
    assert x.pieces[ah2_corps].loc == "debrecen" and x.pieces[ru8].loc == "czernowitz"
    assert g["vp"] == 10

    # ---------------------------------------------------------------- August, later phases
    # Attrition: nothing (Cambrai traces through CP-held Sedan); Siege: none; War Status:
    # nothing. The Allies have no RP.
    assert x.state() == "rp_spend" and x.top()["side"] == "AP"
    assert g["ws_cp"] == 2 and g["ws_ap"] == 0 and g["commitment_cp"] == "mobilization"
    assert x.pieces[ru3].loc == "lemberg" and x.pieces[ge3].loc.startswith("eliminated")
    x.do("done", "AP")
    assert x.top()["side"] == "CP"
    x.do("rp_army", "CP", unit=ah2, loc="budapest", strength="reduced")   # 1 AH RP each
    x.do("rp_army", "CP", unit=ah3, loc="budapest", strength="reduced")
    x.do("rp_army", "CP", unit=ge2, loc="essen", strength="reduced")      # 1 GE RP each
    x.do("rp_army", "CP", unit=ge3, loc="essen", strength="reduced")
    x.do("rp_flip", "CP", unit=ge4)                               # 1 GE RP
    assert g["rp_ah"] == 0 and g["rp_ge"] == 0
    x.roll(1, 5)  # September MO: CP 1 → AH; AP 5 → IT (neutral): none
    x.do("done", "CP")
    x.rolled()
    assert x.units("budapest") == [("ah_2a", 1), ("ah_3a", 1)]
    assert x.units("essen") == [("ge_2a", 1), ("ge_3a", 1)]
    assert x.units("koblenz") == [("ge_4a", 0)]
    # Draw: the AP draw 7 (empty hand), the CP 6 (1 card kept)
    assert x.hand("AP") == sorted(["ap_14", "ap_12", "ap_10", "ap_05", "ap_11", "ap_13",
                                   "ap_07"])
    assert x.hand("CP") == sorted(["cp_05", "cp_11", "cp_09", "cp_08", "cp_02", "cp_06",
                                   "cp_04"])

    # ================================================================ September 1914
    assert g["turn"] == 2
    assert g["pog_mo_cp"] == "AH" and g["pog_mo_ap"] == "none"  # PoG 7.1.1, 7.1.6
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"

    # ---------------------------------------------------------------- CP 1: Oberost event
    x.do("play_event", "CP", card="cp_11")
    assert (g["ws_cp"], g["ws_combined"]) == (3, 3)
    assert x.pieces[x.card("cp_11")].loc == "removed:CP"

    # ---------------------------------------------------------------- AP 1: AP #14 event
    x.do("play_event", "AP", card="ap_14")
    br1 = next(a["unit"] for a in x.s.legal_actions() if a.verb == "place")
    assert x.pieces[br1].type == "br_1a"
    x.do("place", "AP", unit=br1, space="london")
    assert x.state() != "reinforce_place"  # the BR corps went to the Reserve Box itself
    assert x.pieces[br1].loc == "london"
    assert [x.pieces[p].type for p in x.s.state.stacks["reserve:AP"]].count("br_corps") >= 1
    assert (g["ws_ap"], g["ws_combined"]) == (1, 4)
    assert x.pieces[x.card("ap_14")].loc == "removed:AP"
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"

    # ---------------------------------------------------------------- CP 2: Reichstag Truce
    x.do("play_event", "CP", card="cp_09")
    assert g["vp"] == 11 and (g["ws_cp"], g["ws_combined"]) == (4, 5)
    assert x.pieces[x.card("cp_09")].loc == "removed:CP"

    # ---------------------------------------------------------------- AP 2: AP #12 for 3 OPS
    x.do("play_ops", "AP", card="ap_12")
    x.do("activate", "AP", space="london", mode="move")
    x.do("activate", "AP", space="brussels", mode="move")
    x.move_to("AP", [br1], "brussels")
    x.do("move", "AP", pids=[be1], path=["cambrai"])
    if x.state() == "ops_move":
        x.do("end_move", "AP")
    assert x.pieces[br1].loc == "brussels" and x.pieces[be1].loc == "cambrai"
    assert x.controller("cambrai") == "AP" and g["vp"] == 10

    # ---------------------------------------------------------------- CP 3: Landwehr event
    x.do("play_event", "CP", card="cp_05")
    x.do("flip", "CP", unit=ge2)
    x.do("flip", "CP", unit=ge3)
    if x.state() == "cp_landwehr":
        x.do("done", "CP")
    assert x.units("essen") == [("ge_2a", 0), ("ge_3a", 0)]
    assert x.pieces[x.card("cp_05")].loc == "removed:CP"
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 3: AP #10 event
    x.do("play_event", "AP", card="ap_10")
    while x.state() == "reinforce_place":
        place = [a for a in x.s.legal_actions() if a.verb == "place" and a["space"] == "paris"]
        assert place, "FR 10th Army to Paris"
        x.s.push(place[0])
    assert ("fr_10a", 0) in x.units("paris")
    assert x.pieces[x.card("ap_10")].loc == "removed:AP"

    # ---------------------------------------------------------------- CP 4: CP #8 for 3 OPS
    x.do("play_ops", "CP", card="cp_08")
    for space in ("essen", "koblenz", "budapest"):
        x.do("activate", "CP", space=space, mode="move")
    x.move_to("CP", [ge2, ge3], "sedan")
    x.do("move", "CP", pids=[ge4], path=["sedan"])
    x.move_to("CP", [ah2, ah3], "munkacs")
    if x.state() == "ops_move":
        x.do("end_move", "CP")
    assert x.units("sedan") == [("ge_2a", 0), ("ge_3a", 0), ("ge_4a", 0)]
    assert x.units("munkacs") == [("ah_2a", 1), ("ah_3a", 1)]

    # ---------------------------------------------------------------- AP 4: Putnik for 2 OPS
    fr_bel = x.unit("fr_corps", "belfort")
    x.do("play_ops", "AP", card="ap_05")
    x.do("activate", "AP", space="paris", mode="move")
    x.do("activate", "AP", space="belfort", mode="move")
    x.move_to("AP", [fr_gre], "brussels")
    x.move_to("AP", [fr_bel], "chateau_thierry")
    if x.state() == "ops_move":
        x.do("end_move", "AP")
    assert x.pieces[fr_gre].loc == "brussels" and x.pieces[fr_bel].loc == "chateau_thierry"

    # ---------------------------------------------------------------- CP 5: CP #2 for 2 OPS
    ah4 = x.unit("ah_4a", "przemysl")
    x.do("play_ops", "CP", card="cp_02")
    x.do("activate", "CP", space="sedan", mode="attack")
    x.do("activate", "CP", space="przemysl", mode="attack")
    x.do("attack", "CP", space="lemberg")
    x.do("add_attacker", "CP", unit=ah4)
    x.roll(3, 5)  # CP 3 → LN 2; AP 5 → LN 3
    x.do("resolve", "CP")
    x.no_cards()
    x.rolled()
    assert x.units("lemberg") == [("ru_corps", 0)], "(RU 3rd) eliminated, replaced by a corps"
    assert x.pieces[ru3].loc.startswith("eliminated")
    assert x.pieces[ah4].face == 1 and x.pieces[ah4].loc == "przemysl"  # AH 4th reduced
    assert g["pog_mo_met_cp"] is True                          # the AH MO is met
    x.do("attack", "CP", space="chateau_thierry")
    x.do("add_attacker", "CP", unit=ge2)
    x.roll(1, 6)  # the source gives no dice: GE 5 CF vs a corps, any roll destroys it
    x.do("resolve", "CP")
    x.no_cards()
    x.rolled()
    assert x.units("chateau_thierry") == [] and x.pieces[ge2].face == 0
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")                             # no advance
    assert x.pieces[ge2].loc == "sedan"
    x.do("attack", "CP", space="cambrai")
    x.do("add_attacker", "CP", unit=ge3)
    x.do("add_attacker", "CP", unit=ge4)
    x.roll(5, 3)  # CP 5 → LN 5; AP 3 → LN 2
    x.do("resolve", "CP")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert c["ln"] == {"CP": 5, "AP": 2}  # GE 10 CF, die 5 → 5; BE 2 CF, die 3 → 2
    assert x.pieces[be1].face == 1 and x.pieces[be1].loc == "cambrai"  # BE 1st reduced
    assert x.pieces[ge3].face == x.pieces[ge4].face == 0
    x.do("retreat", "AP", unit=be1, path=["amiens", "calais"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")                             # no advance
    x.end_combats("CP")
    assert x.pieces[be1].loc == "calais"
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 5: AP #11 for 3 OPS
    fr_corps_bru = fr_gre  # the FR corps that came from Grenoble by Paris (AP 4)
    x.do("play_ops", "AP", card="ap_11")
    x.do("activate", "AP", space="brussels", mode="attack")
    assert x.top()["spent"] == 2, "PoG 9.2.3: BR + FR in Brussels cost 2"
    x.do("activate", "AP", space="verdun", mode="attack")
    assert x.units("brussels") == [("br_1a", 0), ("br_bef", 0), ("fr_corps", 0)]
    assert x.units("verdun") == [("fr_1a", 1), ("fr_4a", 0)]
    assert x.units("sedan") == [("ge_2a", 0), ("ge_3a", 0), ("ge_4a", 0)]
    x.do("attack", "AP", space="sedan")
    for p in (fr1, fr4, bef, br1, fr_corps_bru):
        x.do("add_attacker", "AP", unit=p)
    x.do("resolve", "AP")
    gg = x.s.ruleset.game(x.s.state)
    # PoG 12.3.2: Brussels touches Liege (GE 1st), Verdun touches Metz (GE 5th): no +1 drm
    assert combat_rules.flank_drm(gg, g["pog_combat"], "verdun") == 0
    x.roll(5, 6, 1)  # flank 5; AP 6 → LN 7; CP 1 → LN 3
    x.do("flank", "AP", frontal="verdun")
    assert g["pog_combat"]["flank"] == "success"              # PoG 12.3.3: 5 ≥ 4
    x.no_cards()
    # AP: (FR 1st) 2 + FR 4th 3 + BEF 3 + BR 1st 4 + FR corps 1 = 13 CF, Army column 12-14
    # (forest: no shift), die 6 → LN 7
    assert x.fired("AP") == (13, "Army", "12-14", 7)
    assert g["pog_combat"]["ln"] == {"AP": 7}
    x.take_losses("CP", [ge2])  # GE 2nd (LF 3) eliminated (3 + 3), its corps reduced (1)
    x.rolled()
    c = g["pog_combat"]
    ge2_corps2 = int(next(k for k, v in c["replaced"].items() if v == ge2))
    assert x.pieces[ge2].loc == "eliminated:CP"
    assert x.pieces[ge2_corps2].loc == "sedan" and x.pieces[ge2_corps2].face == 1
    # PoG 12.3.3: after the successful flank attack the CP fire with what is left:
    # GE 3rd 5 + 4th 5 + the reduced corps 1 = 11 CF, die 1 on column 9-11 → LN 3
    assert x.fired("CP") == (11, "Army", "9-11", 3)
    assert c["ln"] == {"AP": 7, "CP": 3}
    # PoG 12.4.5: British units attack, so the first loss goes to the BEF (LF 3: all of it)
    assert x.pieces[bef].face == 1 and x.pieces[bef].loc == "brussels"
    assert x.pieces[br1].face == x.pieces[fr4].face == x.pieces[fr_corps_bru].face == 0
    assert x.pieces[fr1].face == 1 and x.pieces[fr1].loc == "verdun"
    assert c["winner"] == "AP" and c["retreat_len"] == 2      # PoG 12.5.2: 7 − 3 ≥ 2
    x.do("retreat", "CP", unit=ge4, path=["metz", "koblenz"])
    x.do("retreat", "CP", unit=ge3, path=["koblenz", "metz"])
    x.do("retreat", "CP", unit=ge2_corps2, path=["metz", "strasbourg"])
    assert x.state() == "combat_advance"
    x.do("stop_advance", "AP")                                 # the Allies do not advance
    x.end_combats("AP")
    assert x.pieces[ge4].loc == "koblenz" and x.pieces[ge3].loc == "metz"
    assert x.pieces[ge2_corps2].loc == "strasbourg" and x.units("sedan") == []
    assert x.controller("sedan") == "CP", "PoG 12.5.7: Sedan stays CP"
    assert g["vp"] == 10
    assert x.pieces[x.card("ap_11")].loc == "discard:AP"       # played for OPS
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"

    # ---------------------------------------------------------------- CP 6: CP #6 for 3 OPS
    # (the rulebook calls it "Carta CP #3"; Entrenchment is CP #6, von François was #3)
    ge5, ge6 = x.unit("ge_5a", "metz"), x.unit("ge_6a", "strasbourg")
    ge7 = x.unit("ge_7a", "mulhouse")
    fr2 = x.unit("fr_2a", "nancy")
    fr_belfort = x.unit("fr_corps", "belfort")
    assert x.pieces[ge7].face == 1 and x.markers("belfort", "m_trench_ap") == [0]
    x.do("play_ops", "CP", card="cp_06")
    for space in ("metz", "strasbourg", "mulhouse"):
        x.do("activate", "CP", space=space, mode="attack")
    x.do("attack", "CP", space="belfort")
    x.do("add_attacker", "CP", unit=ge7)
    # the source gives no French die: any roll on Corps column 4 is LN 1 or 2, short of the
    # GE 7th's LF 3; a 4 shows the right shift (column 3 would give 1)
    x.roll(5, 4)
    x.do("resolve", "CP")
    assert x.state() != "combat_flank", "PoG 12.3.1: no flank attack into mountain or trench"
    x.no_cards()
    x.rolled()
    # CP: (GE 7th) 3 CF on the Army table, 2 columns left (trench 1 + mountain) → column 1,
    # die 5 → LN 2; AP: corps 1 + fort 2 = 3 CF on the Corps table, 1 right (trench) → 4
    assert x.fired("CP") == (3, "Army", "1", 2)
    assert x.fired("AP") == (3, "Corps", "4", 2)
    assert x.pieces[fr_belfort].loc == "eliminated:AP", "the FR corps is destroyed (1 + 1)"
    assert not x.markers("belfort", "m_destroyed"), "PoG 12.4.6: no LN left for the fort"
    assert x.pieces[ge7].face == 1 and x.pieces[ge7].loc == "mulhouse"  # no effect on GE 7th
    assert x.state() != "combat_advance", "PoG 12.7.1: the reduced GE 7th may not advance"
    assert x.controller("belfort") == "AP"                     # PoG 15.1.10: the fort holds it
    # Nancy: the source says "the 9th plus a (corps) at Strasbourg", but the GE 9th is not on
    # the map; Strasbourg holds the GE 6th (set-up) and the source has "3rd and 6th advance"
    assert x.units("metz") == [("ge_3a", 0), ("ge_5a", 0)]
    assert x.units("strasbourg") == [("ge_6a", 0), ("ge_corps", 1)]
    assert x.units("nancy") == [("fr_2a", 0)] and x.markers("nancy", "m_trench_ap") == [0]
    x.do("attack", "CP", space="nancy")
    for p in (ge3, ge5, ge6, ge2_corps2):
        x.do("add_attacker", "CP", unit=p)
    x.roll(6, 6)  # both roll 6
    x.do("resolve", "CP")
    x.no_cards()
    x.rolled()
    c = g["pog_combat"]
    assert x.fired("CP") == (16, "Army", "15", 7)  # 5 + 5 + 5 + 1 = 16, trench 1 left → 15
    assert x.fired("AP") == (5, "Army", "6-8", 5)  # FR 2nd 3 + fort 2 = 5, trench 1 right
    assert c["ln"] == {"CP": 7, "AP": 5}
    # FR: the 2nd Army (LF 3) loses both steps and is replaced by a corps, which is reduced
    # (3 + 3 + 1 = 7); PoG 12.4.6: the fort takes nothing while a defending unit survives
    fr2_corps = int(next(k for k, v in c["replaced"].items() if v == fr2))
    assert x.pieces[fr2].loc == "eliminated:AP"
    assert x.pieces[fr2_corps].loc == "nancy" and x.pieces[fr2_corps].face == 1
    assert not x.markers("nancy", "m_destroyed")
    # CP, LN 5: the source names only "GE 5th reduced" (3). PoG 12.4.3 has the side take as
    # much of the LN as it can without exceeding it, and the reduced corps (LF 1) can take the
    # 4th point: 3 + 1 = 4 ≤ 5 — so the rules also eliminate the (corps); the source's "3rd
    # and 6th advance" is unaffected (a reduced corps could not advance anyway)
    x.take_losses("CP", [ge5])
    assert x.pieces[ge5].face == 1 and x.pieces[ge5].loc == "metz"   # GE 5th reduced
    assert x.pieces[ge2_corps2].loc == "eliminated:CP"
    assert x.pieces[ge3].face == x.pieces[ge6].face == 0
    c = g["pog_combat"]
    assert c["winner"] == "CP" and c["retreat_len"] == 2      # PoG 12.5.2: 7 − 5 = 2
    legal = [a.verb for a in x.s.legal_actions()]
    assert "cancel_retreat" not in legal, "PoG 12.5.3: the last level may not cancel it"
    x.do("retreat", "AP", unit=fr2_corps, path=["verdun", "bar_le_duc"])
    assert x.state() == "combat_advance"
    paths = {(a["unit"], tuple(a["path"])) for a in x.s.legal_actions() if a.verb == "advance"}
    assert paths == {(ge3, ("nancy",)), (ge6, ("nancy",))}, \
        "PoG 12.7.1 / 15.1.1: full-strength units only, stopping in the enemy fort space"
    x.do("advance", "CP", unit=ge3, path=["nancy"])
    x.do("advance", "CP", unit=ge6, path=["nancy"])
    if x.state() == "combat_advance":
        x.do("stop_advance", "CP")
    x.end_combats("CP")
    assert x.pieces[fr2_corps].loc == "bar_le_duc"
    assert x.units("nancy") == [("ge_3a", 0), ("ge_6a", 0)]
    # PoG 11.2.5 / 15.2.1: the trench is removed and a Siege marker placed; the fort keeps
    # Nancy French (11.1.14, 15.1.10), so no VP changes hands
    assert x.markers("nancy", "m_trench_ap") == [] and len(x.markers("nancy", "m_siege")) == 1
    assert x.controller("nancy") == "AP" and g["vp"] == 10
    assert x.hand("CP") == ["cp_04"]
    assert x.pieces[x.card("cp_06")].loc == "discard:CP"
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "AP"

    # ---------------------------------------------------------------- AP 6: AP #13 for RP
    def off_map() -> list[tuple[str, str]]:
        return sorted((piece.type, piece.loc) for piece in x.pieces.values()
                      if piece.loc.startswith(("eliminated:", "perm_eliminated:")))
    lost_before = off_map()
    x.roll(4)  # the Siege Phase follows at once: Nancy rolls 4
    x.do("play_rp", "AP", card="ap_13")
    # PoG 9.4.1 / 17.1.1.1: "1 A, 2 FR, 2 BR, 2 RU" — the card (and the later "3 RU RP") give
    # RU 3; no IT RP while Italy is neutral
    assert (g["rp_a"], g["rp_fr"], g["rp_br"], g["rp_ru"], g["rp_it"]) == (1, 2, 2, 3, 0)
    assert x.pieces[x.card("ap_13")].loc == "discard:AP", "played for RP: not removed"

    # ---------------------------------------------------------------- September, later phases
    # Attrition (PoG 14.3): nothing, every unit and space is in supply
    assert off_map() == lost_before
    assert x.pieces[ge3].loc == x.pieces[ge6].loc == "nancy"
    # Siege of Nancy (PoG 15.3.2 / 15.3.3): fort LF 2, −2 DRM in Aug/Sep 1914, so the CP need
    # 5–6; the 4 fails and the fort holds
    x.rolled()
    assert rolled(x.s)[-1] == "siege of nancy"
    assert not x.markers("nancy", "m_destroyed") and len(x.markers("nancy", "m_siege")) == 1
    assert x.controller("nancy") == "AP"
    # War Status: no MO penalty (4.5: the AH MO was met, the Allies had none), VP stay 10;
    # CP War Status 4 → Limited War (PoG 16.1.3); the Allies (1) stay mobilized
    assert g["vp"] == 10
    assert (g["ws_cp"], g["ws_ap"], g["ws_combined"]) == (4, 1, 5)
    assert g["commitment_cp"] == "limited_war" and g["commitment_ap"] == "mobilization"
    lw = [p for p, piece in x.pieces.items() if piece.type.startswith("cp_")
          and module().piece_types[piece.type].attrs.get("deck") == "limited_war"
          and not module().piece_types[piece.type].attrs.get("optional")]
    assert len(lw) == 20 and all(x.pieces[p].loc == "deck:CP" for p in lw)  # 9.1.2
    # PoG 16.1.3.1: Turkey enters; its units are placed per the set-up table
    assert "TU" in g["pog_entered"]
    tu = sorted(x.pieces[p].loc for p in x.pieces if x.pieces[p].type == "tu_corps"
                and module().locations[x.pieces[p].loc].kind == "space")
    assert tu == sorted(["adrianople", "gallipoli", "constantinople", "balikesir", "ankara",
                         "adana", "rize", "erzerum", "giresun", "van", "mosul", "baghdad",
                         "damascus", "gaza", "medina"])
    assert x.markers("baghdad", "m_trench_cp") == [0] and x.markers("gaza", "m_trench_cp") == [0]
    assert x.controller("constantinople") == "CP"
    assert x.controller("kermanshah") == "CP"                  # PoG 11.1.13: Persia splits
    assert x.controller("tabriz") == "AP"

    # Replacements, Allies first (PoG 17): RU 2 of 3 RP recreate the RU 3rd at full strength
    # in the "Caucasus" space; the third RU RP is lost unspent (17.1.2)
    assert x.state() == "rp_spend" and x.top()["side"] == "AP"
    x.do("rp_army", "AP", unit=ru3, loc="caucasus", strength="full")
    assert x.pieces[ru3].loc == "caucasus" and x.pieces[ru3].face == 0
    # 1 A RP flips the BE 1st (17.1.1.1); the BEF may never take replacements (17.1.7)
    x.do("rp_flip", "AP", unit=be1)
    assert x.pieces[be1].face == 0 and x.pieces[be1].loc == "calais"
    v = x.s.check(Action("rp_flip", "AP", unit=bef))
    assert v is not None and v.rule == "PoG 17.1.7", v
    # the BR RP flip the three BR corps on the Near East map (2 corps per RP, 4.4)
    ne_corps = [x.unit("br_corps", loc, face=1) for loc in ("port_said", "cairo", "basra")]
    for p in ne_corps:
        x.do("rp_flip", "AP", unit=p)
    assert all(x.pieces[p].face == 0 for p in ne_corps)
    # 2 FR RP recreate the FR 2nd and 3rd, reduced: the 2nd to Paris, which is then full
    # (FR 6th, 10th, 2nd); the 3rd may then go to Orleans (9.5.3.3 through 17.1.5)
    fr3_places = {a["loc"] for a in x.s.legal_actions() if a.verb == "rp_army"
                  and a["unit"] == fr3}
    assert fr3_places == {"paris"}, "Orleans only once Paris cannot take the army"
    x.do("rp_army", "AP", unit=fr2, loc="paris", strength="reduced")
    assert x.units("paris") == [("fr_10a", 0), ("fr_2a", 1), ("fr_6a", 1)]
    x.do("rp_army", "AP", unit=fr3, loc="orleans", strength="reduced")
    assert x.units("orleans") == [("fr_3a", 1)]
    x.do("done", "AP")
    assert (g["rp_a"], g["rp_fr"], g["rp_br"], g["rp_ru"]) == (0, 0, 0, 0)  # 17.1.2: lost
    # the CP have no RP this turn
    assert x.state() == "rp_spend" and x.top()["side"] == "CP"
    x.do("done", "CP")

    # Draw Phase (PoG 6.0.4, 9.5.4.6, 16.1.3). The source tells the CP discard of Severe
    # Weather (CP #4) and the reshuffle under the War Status Phase; 16.1.3 (2018) puts both at
    # the start of the Draw Phase ("after discarding the Combat Cards, the player reshuffles
    # his draw pile and discard pile together"), which is where the engine asks.
    assert x.state() == "draw_discard" and x.top()["side"] == "CP"
    x.do("discard", "CP", card="cp_04")
    assert x.state() == "draw_discard" and x.top()["side"] == "AP"
    # the * events played are out of the game (9.5.1.2); the Allied draw pile is empty (all 14
    # Mobilization cards were dealt in August and September)
    assert x.pile("removed:CP") == ["cp_01", "cp_05", "cp_09", "cp_11"]
    assert x.pile("removed:AP") == ["ap_04", "ap_06", "ap_10", "ap_14"]
    assert x.pile("deck:AP") == [] and len(x.pile("discard:AP")) == 9
    # CP: 20 LW cards + the Mobilization card never drawn (CP #14) in the draw pile, and the
    # 9 discarded Mobilization cards (Severe Weather included); the removed ones stay out
    assert len(x.pile("deck:CP")) == 21 and len(x.pile("discard:CP")) == 9
    x.roll(3, 3)  # October's MO rolls come right after the draw: past the example, any dice
    x.do("discard", "AP", card="ap_07")  # the AP discard their CC (Severe Weather, AP #7)
    x.rolled()
    # AP: the draw pile is empty, so the 10 discards are reshuffled (6.0.4) and 7 drawn
    assert len(x.hand("AP")) == 7 and len(x.pile("deck:AP")) == 3
    assert x.pile("discard:AP") == []
    assert not set(x.hand("AP")) & set(x.pile("removed:AP"))
    # CP: draw pile and discards shuffled together (16.1.3): 30 cards, 7 drawn
    assert len(x.hand("CP")) == 7 and len(x.pile("deck:CP")) == 23
    assert x.pile("discard:CP") == []
    assert not set(x.hand("CP")) & set(x.pile("removed:CP"))
    # the end of the example: "the situation is fairly balanced" — VP 10, October begins
    assert g["turn"] == 3 and g["vp"] == 10
    assert (g["ws_cp"], g["ws_ap"], g["ws_combined"]) == (4, 1, 5)
    assert x.top()["state"] == "phase_action" and x.top()["side"] == "CP"
