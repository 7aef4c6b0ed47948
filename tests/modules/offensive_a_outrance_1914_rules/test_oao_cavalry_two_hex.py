"""8.2.3, 8.3.1, 19.1.1: cavalry enters or leaves Two-Hex Status by Reacting or Withdrawing
(reading R26: it extends into two adjacent hexes it could each react — or withdraw — into;
reacting, one of them may be the hex it is in; it pays the higher hop cost, 19.1.1, recorded as
Reaction MP, 8.2.4 / 8.3.2; a Two-Hex cavalry unit consolidates into either of its hexes)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules.cavalry import hop_cost
from modules.offensive_a_outrance_1914.rules.movement import walk

from .positions import blank, do, game, movement, refused, select, top, unit

DE_DIV = "DE-11_6"
FR_CAV = "FR-2c"


def _reaction(two_hex: str | None = None):
    """8.2.2 example: French cavalry at 22.26, a German unit steps 21.26 -> 21.27 (cause 2)."""
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "22.26", army="FR6", **({"two_hex": two_hex} if two_hex else {}))
    d = unit(pos, DE_DIV, "21.26", army="DE1")
    movement(pos, "german")
    select(pos, d, "german")
    do(pos, "the German steps 21.26 -> 21.27", lambda g: walk(g, g.top, ["21.26", "21.27"]))
    assert top(pos)["state"] == "reaction"
    return pos, c


def _offers(pos, verb: str) -> set[tuple[str, ...]]:
    return {tuple(str(a[k]) for k in ("to", "to2") if k in dict(a.targets))
            for a in pos.session.legal_actions() if a.verb == verb}


def test_oao_8_2_3_reacting_cavalry_may_enter_two_hex_status():
    """8.2.3 / 19.1.1: a reacting cavalry unit may extend: it stays in 22.26 while its other half
    enters a hex it could react into (never 21.27, where the enemy is, nor 21.26, the hex the
    enemy just left, 8.2.2), paying that hex's cost as Reaction MP."""
    pos, c = _reaction()
    pairs = _offers(pos, "extend")
    stay = {p[1] for p in pairs if p[0] == "22.26"}
    assert stay and not {"21.26", "21.27"} & {h for p in pairs for h in p}
    assert refused(pos, f"allied: extend unit=#{c} to=@22.26 to2=@21.26", "8.2.2")
    g = game(pos)
    far = next(h for h in sorted(g.board.land) if g.board.distance("22.26", h) == 2)
    assert refused(pos, f"allied: extend unit=#{c} to=@22.26 to2=@{far}", "19.1.1")   # not adjacent
    to = sorted(stay)[0]
    pos.push(f"allied: extend unit=#{c} to=@22.26 to2=@{to}")
    assert pos.where(c) == "22.26" and pos.state.pieces[c].props["two_hex"] == to
    assert game(pos).size_of(c) == game(pos).ut(c).de / 2                         # 19.1.3
    assert pos.state.pieces[c].props["reaction_mp"] == hop_cost(game(pos), "22.26", to)
    assert top(pos)["state"] != "reaction"                                       # the move goes on


def test_oao_8_2_3_reacting_cavalry_may_move_into_two_new_hexes_at_the_higher_cost():
    """19.1.1: "or move directly from one hex into two adjacent hexes, paying the higher cost" —
    both halves enter hexes it could react into."""
    pos, c = _reaction()
    pairs = sorted(p for p in _offers(pos, "extend") if "22.26" not in p)
    assert pairs
    a, b = pairs[0]
    pos.push(f"allied: extend unit=#{c} to=@{a} to2=@{b}")
    g = game(pos)
    assert {pos.where(c), pos.state.pieces[c].props["two_hex"]} == {a, b}
    assert pos.state.pieces[c].props["reaction_mp"] == max(hop_cost(g, "22.26", a), hop_cost(g, "22.26", b))


def test_oao_8_2_3_reacting_cavalry_may_leave_two_hex_status_and_19_1_2_never_shares_with_another():
    """8.2.3: a Two-Hex cavalry unit reacts by consolidating into either of its hexes (the other
    half moves in, its hop cost recorded); 19.1.2: no extension into a hex holding another Two-Hex
    Force."""
    pos, c = _reaction(two_hex="23.26")
    assert _offers(pos, "consolidate") == {("22.26",), ("23.26",)}
    assert not _offers(pos, "extend")                                            # already Two-Hex
    pos.push(f"allied: consolidate unit=#{c} to=@23.26")
    assert pos.where(c) == "23.26" and not pos.state.pieces[c].props.get("two_hex")
    assert pos.state.pieces[c].props["reaction_mp"] == hop_cost(game(pos), "22.26", "23.26")
    pos, c = _reaction()
    to = sorted(p[1] for p in _offers(pos, "extend") if p[0] == "22.26")[0]
    g = game(pos)
    beside = next(n for n in g.board.nbrs[to] if n in g.board.land and n != "22.26" and not g.units_at(n))
    pos.place("FR-3_2", to, two_hex=beside)
    assert refused(pos, f"allied: extend unit=#{c} to=@22.26 to2=@{to}", "19.1.2")


def _withdrawal(two_hex: str | None = None):
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "44.18", army="FR5", **({"two_hex": two_hex} if two_hex else {}))
    unit(pos, DE_DIV, "44.17", army="DE2")                   # next to the cavalry
    pos.call("cavalry_withdrawal", side="allied", done=[])
    return pos, c


def test_oao_8_3_1_withdrawing_cavalry_may_enter_two_hex_status_out_of_ezocs():
    """8.3.1 / 19.1.1: withdrawing cavalry may fall back into two adjacent hexes, neither in an
    EZOC (even a friendly-occupied one); a withdrawal leaves the hex, so a half may not stay in
    44.18 (reading R26); the higher hop cost is recorded (8.3.2)."""
    pos, c = _withdrawal()
    pairs = _offers(pos, "extend")
    z = game(pos).zoc("german")
    assert pairs and not {h for p in pairs for h in p} & (z | {"44.18"})
    assert refused(pos, f"allied: extend unit=#{c} to=@44.18 to2=@44.19", "8.3")
    ezoc = next(n for n in game(pos).board.nbrs["44.18"] if n in z)
    pal = next(n for n in game(pos).board.nbrs[ezoc] if n in game(pos).board.nbrs["44.18"] and n not in z)
    assert refused(pos, f"allied: extend unit=#{c} to=@{ezoc} to2=@{pal}", "8.3.1")
    a, b = sorted(pairs)[0]
    pos.push(f"allied: extend unit=#{c} to=@{a} to2=@{b}")
    g = game(pos)
    assert {pos.where(c), pos.state.pieces[c].props["two_hex"]} == {a, b}
    assert pos.state.pieces[c].props["reaction_mp"] == max(hop_cost(g, "44.18", a), hop_cost(g, "44.18", b))


def test_oao_8_3_1_withdrawing_two_hex_cavalry_consolidates_never_into_an_ezoc():
    """8.3.1: a Two-Hex cavalry unit may leave Two-Hex Status by withdrawing: its half next to
    the enemy falls back into the other half's hex — not into a hex in an EZOC."""
    pos, c = _withdrawal(two_hex="44.19")
    assert _offers(pos, "consolidate") == {("44.19",)}                          # 44.18 is in the EZOC
    assert refused(pos, f"allied: consolidate unit=#{c} to=@44.18", "8.3.1")
    pos.push(f"allied: consolidate unit=#{c} to=@44.19")
    assert pos.where(c) == "44.19" and not pos.state.pieces[c].props.get("two_hex")
    assert pos.state.pieces[c].props["reaction_mp"] == hop_cost(game(pos), "44.18", "44.19")


def test_oao_8_3_1_a_two_hex_cavalry_unit_next_to_the_enemy_by_either_half_may_withdraw():
    """19.1: a Two-Hex unit's nearness to the enemy is its nearer hex's: only its other half
    touches the enemy, yet it may withdraw — consolidating that half into its own hex (8.3.1)."""
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "44.19", army="FR5", two_hex="44.18")
    unit(pos, DE_DIV, "44.17", army="DE2")                   # next to 44.18 only
    assert not game(pos).adjacent_enemy("44.19", "allied")
    pos.call("cavalry_withdrawal", side="allied", done=[])
    assert top(pos)["state"] == "cavalry_withdrawal"
    assert ("44.19",) in _offers(pos, "consolidate")
    pos.push(f"allied: consolidate unit=#{c} to=@44.19")
    assert pos.where(c) == "44.19" and not pos.state.pieces[c].props.get("two_hex")
