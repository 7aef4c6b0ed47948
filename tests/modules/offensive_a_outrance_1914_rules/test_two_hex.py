"""19.0 Two-Hex units (and 20.0 Voluntary Withdrawal): extend, consolidate, pivot and move
sideways; half size and half strength in each hex; both halves attacked; retreats."""
from __future__ import annotations

from .positions import all_rail, battle, blank, ce, game, movement, refused, select, top, unit


def test_oao_19_1_7_the_bodungen_example():
    """19.1.7 example: the Bodungen brigade in 55.70 + 55.71 (IP in 55.71); French 14/7 in 54.70
    with a PA on 55.70, 66r in 54.71. 12:3 -> 4:1, +1R PA -> 6:1; 10:3 -> 3:1, 1L IP -> 2:1; DRM -2
    and -1; no intensity; "-1/+4❶" and "+3s/s". Artillery: French AV 4 and 2 against 1/4 d-e -> 0;
    German AV 1 (halved, rounded up) against 1 d-e -> -1. The German takes one EC at +4 and
    passes, then retreats 55.70 -> 56.70, still Two-Hex in 56.70 + 55.71."""
    pos = blank("campaign", gt=10, ips={"55.71": "built"})
    all_rail(pos)
    f14 = unit(pos, "FR-14_7", "54.70", army="FR1", pa="55.70")
    f66 = unit(pos, "FR-66r", "54.71", army="FR1")
    bod = unit(pos, "DE-Bodungen", "55.70", army="DE7", two_hex="55.71")
    pos.dice(2, 4, [2, 2], 5, 4, [2, 2], [1, 1])
    pos.call("attack_phase", side="allied", phasing="allied", counter=False)
    pos.push("allied: attack target=@55.71")
    pos.push(f"allied: add unit=#{f66}")
    pos.push("allied: confirm")
    pos.push("allied: resolve_all")
    pos.push("allied: resolve target=@55.70")
    b = battle(pos)
    assert (b["att2"], b["dfn2"]) == (24, 6)                       # 12 against 3 (half of 6)
    assert [s for _, s in b["shifts"]] == [1] and b["pr_drm"] == -2
    pos.push("allied: normal")
    pos.push("german: normal")
    rep = pos.state.globals["combat_report"]
    assert rep["lines"][1]["column"] == "6:1" and rep["lines"][1]["result"] == "-1/+4❶"
    assert rep["lines"][2]["result"].startswith("+0") or rep["lines"][2]["result"].startswith("0")
    assert rep["lines"][3]["result"].startswith("-1")
    assert pos.state.globals["twohex_ec"] == {str(bod): 4}           # the German EC waits (19.1.6)
    assert top(pos)["state"] == "retreat" and top(pos)["units"] == [bod]
    pos.push("german: retreat to=@56.70")
    assert pos.where(bod) in ("56.70", "55.71")
    assert {pos.where(bod), pos.state.pieces[bod].props["two_hex"]} == {"56.70", "55.71"}
    pos.push("allied: stop")                                          # no advance into 55.70
    pos.push("allied: resolve target=@55.71")
    b = battle(pos)
    assert (b["att2"], b["dfn2"]) == (20, 6)
    assert [s for _, s in b["shifts"]] == [-1] and b["pr_drm"] == -1
    pos.push("allied: normal")
    pos.push("german: normal")
    rep = pos.state.globals["combat_report"]
    assert rep["lines"][1]["column"] == "2:1" and rep["lines"][1]["result"] == "+3s/s"
    assert any("Two-Hex" in ln.get("what", "") and ln["shifts"] == [["EC modifier", 4]] for ln in rep["lines"])
    assert ce(pos, bod) == 0 and pos.face(bod) == 1                   # passed; the s
    assert pos.face(f66) == 1
    assert {pos.where(bod), pos.state.pieces[bod].props["two_hex"]} == {"56.70", "55.71"}


def test_oao_19_1_1_extend_into_two_hexes_and_consolidate():
    pos = blank("campaign", gt=10)
    d = unit(pos, "FR-3_2", "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, d)
    n = next(str(a["to"]) for a in pos.session.legal_actions() if a.verb == "extend")
    pos.push(f"allied: extend to=@{n}")
    assert pos.state.pieces[d].props["two_hex"] == n
    g = game(pos)
    assert g.size_of(d) == 0.5 and d in g.units_at(n)                  # 19.1.3
    assert 0 < top(pos)["spent"]
    pos.push(f"allied: consolidate to=@{n}")
    assert pos.where(d) == n and not pos.state.pieces[d].props.get("two_hex")


def test_oao_19_1_1_artillery_does_not_extend():
    pos = blank("campaign", gt=10)
    a = unit(pos, "FR-artillery-Toul_artillery", "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, a)
    n = game(pos).board.nbrs["30.40"][0]
    assert refused(pos, f"allied: extend to=@{n}", "19.1.1")


def test_oao_19_1_2_no_two_two_hex_forces_in_one_hex():
    pos = blank("campaign", gt=10)
    g = game(pos)
    n0, n1 = g.board.nbrs["30.40"][0], g.board.nbrs["30.40"][1]
    unit(pos, "FR-4_2", "30.40", army="FR5", two_hex=n0)
    d = unit(pos, "FR-3_2", n1, army="FR5")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: extend to=@30.40", "19.1.2")


def test_oao_19_1_4_pivot_and_move_sideways_paying_the_higher_cost():
    pos = blank("campaign", gt=10)
    g = game(pos)
    a, b = "30.40", g.board.nbrs["30.40"][0]
    d = unit(pos, "FR-3_2", a, army="FR5", two_hex=b)
    movement(pos, "allied")
    select(pos, d)
    pivots = [(str(x["keep"]), str(x["to"])) for x in pos.session.legal_actions() if x.verb == "pivot"]
    slides = [(str(x["to"]), str(x["to2"])) for x in pos.session.legal_actions() if x.verb == "slide"]
    assert pivots and slides
    keep, to = pivots[0]
    pos.push(f"allied: pivot keep=@{keep} to=@{to}")
    assert {pos.where(d), pos.state.pieces[d].props["two_hex"]} == {keep, to}
    assert top(pos)["spent"] > 0


def test_oao_19_1_4_two_hex_units_place_no_pa_and_a_pa_on_one_half_keeps_it_in_place():
    pos = blank("campaign", gt=10)
    d = unit(pos, "FR-3_2", "44.18", army="FR5", two_hex="43.19")
    unit(pos, "DE-11_6", "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: pa toward=@44.17", "7.3.2")
    pos = blank("campaign", gt=10)
    d = unit(pos, "FR-3_2", "44.18", army="FR5", two_hex="43.19")
    unit(pos, "DE-11_6", "44.17", army="DE2", pa="44.18")
    movement(pos, "allied", counter=True)
    select(pos, d)
    assert refused(pos, "allied: consolidate to=@43.19", "19.1.4")     # the pinned half stays
    pos.push("allied: consolidate to=@44.18")
    assert pos.where(d) == "44.18"


def test_oao_20_0_voluntary_withdrawal_one_hex_for_one_ce_level():
    pos = blank("campaign", gt=10, options={"voluntary_withdrawal": "on"})
    all_rail(pos)
    d = unit(pos, "FR-3_2", "44.18", army="FR5")
    unit(pos, "DE-11_6", "44.17", army="DE2")
    pos.call("voluntary_withdrawal", side="allied", done=[])
    to = next(str(a["to"]) for a in pos.session.legal_actions() if a.verb == "fall_back")
    pos.push(f"allied: fall_back unit=#{d} to=@{to}")
    assert pos.where(d) == to and ce(pos, d) == 1


def test_oao_20_1_voluntary_withdrawal_consolidates_a_two_hex_unit_never_extends():
    """20.1: a Force withdrawing voluntarily may consolidate from Two-Hex Status into the hex it
    falls back to, but not extend into it."""
    pos = blank("campaign", gt=10, options={"voluntary_withdrawal": "on"})
    all_rail(pos)
    d = unit(pos, "FR-3_2", "44.18", army="FR5", two_hex="44.19")
    unit(pos, "DE-11_6", "44.17", army="DE2")
    pos.call("voluntary_withdrawal", side="allied", done=[])
    to = next(str(a["to"]) for a in pos.session.legal_actions() if a.verb == "fall_back")
    pos.push(f"allied: fall_back unit=#{d} to=@{to}")
    assert pos.where(d) == to and not pos.state.pieces[d].props.get("two_hex")
    assert not any(a.verb == "extend" for a in pos.session.legal_actions())
