"""SK 6 attacks, SK 7 combat resolution, SK 5 terrain and river shifts (RULES.md)."""
from __future__ import annotations

from engine.reports import check_report
from engine.testing import legal, refused

from .positions import attack, combat, prompt_kind


def report(pos) -> dict:
    return pos.state.get("combat_report")


def test_sk_6_1_only_hexes_holding_enemy_units_are_attacked(pos):
    pos.place("blue-inf", "0303")
    pos.place("red-inf", "0403")
    combat(pos)
    refused(pos.session, "blue: attack hex=@0304", "SK 6.1")
    assert pos.session.legal_actions().verb("attack").destinations() == {"0403"}
    assert pos.session.ruleset.hostile(pos.state, legal(pos.session, "blue: attack hex=@0403"))
    pos.push("blue: done")                                  # attacking is voluntary
    assert prompt_kind(pos) == ("blue", "move")              # back in the phase below


def test_sk_6_2_attackers_are_adjacent_not_across_an_impassable_hexside(pos):
    near = pos.place("blue-inf", "0303")
    far = pos.place("blue-inf", "0101")
    pos.place("red-inf", "0403")
    pos.place("red-inf", "0808")
    pos.place("blue-inf", "0404")
    pos.place("red-art", "0405")                            # only across the impassable 0404-0405
    combat(pos)
    refused(pos.session, "blue: attack hex=@0808", "SK 6.2")
    refused(pos.session, "blue: attack hex=@0405", "SK 6.2")
    pos.push("blue: attack hex=@0403")
    refused(pos.session, "blue: resolve", "SK 6.2")          # nobody committed yet
    refused(pos.session, f"blue: add unit=#{far}", "SK 6.2")
    pos.push(f"blue: add unit=#{near}")
    legal(pos.session, "blue: resolve")


def test_sk_6_2_an_attack_called_off_commits_nothing(pos):
    blue = pos.place("blue-inf", "0303")
    pos.place("red-inf", "0403")
    combat(pos)
    attack(pos, "0403", [blue])
    assert report(pos)["stage"] == "declared"
    pos.push("blue: cancel")
    assert report(pos) is None                               # the declared attack is withdrawn
    assert prompt_kind(pos) == ("blue", "combat")
    legal(pos.session, "blue: attack hex=@0403")
    pos.push("blue: attack hex=@0403")
    legal(pos.session, f"blue: add unit=#{blue}")


def test_sk_6_3_each_enemy_hex_is_attacked_once_per_phase(pos):
    one = pos.place("blue-inf", "0203")
    pos.place("blue-inf", "0403")
    pos.place("red-inf", "0303")
    combat(pos)
    attack(pos, "0303", [one], die=1)                        # 4 against 5: 1:2, die 1: AE
    assert pos.face(one) == 1
    refused(pos.session, "blue: attack hex=@0303", "SK 6.3")


def test_sk_6_4_each_unit_attacks_once_per_phase(pos):
    blue = pos.place("blue-inf", "0303")
    pos.place("red-inf", "0403")
    pos.place("red-inf", "0304")
    combat(pos)
    attack(pos, "0403", [blue], die=1)                      # AE: it loses a step and stays
    assert pos.where(blue) == "0303"
    refused(pos.session, "blue: attack hex=@0304", "SK 6.4")
    assert not pos.session.legal_actions().verb("attack")


def test_sk_6_4_a_unit_is_added_to_an_attack_once(pos):
    blue = pos.place("blue-inf", "0303")
    pos.place("red-inf", "0403")
    combat(pos)
    attack(pos, "0403", [blue])
    refused(pos.session, f"blue: add unit=#{blue}", "SK 6.4")


def test_sk_7_1_no_attack_at_less_than_1_2(pos):
    cav = pos.place("blue-cav", "0303")                      # 2 against 5
    pos.place("red-inf", "0403")
    combat(pos)
    attack(pos, "0403", [cav])
    refused(pos.session, "blue: resolve", "SK 7.1")
    assert "resolve" not in pos.session.legal_actions().verbs
    assert report(pos)["lines"][0]["column"] == "none"


def test_sk_7_1_odds_are_rounded_in_the_defenders_favour(pos):
    a = pos.place("blue-inf", "0303")
    b = pos.place("blue-inf", "0304")
    pos.place("red-inf", "0403")                             # clear: no shift
    combat(pos)
    attack(pos, "0403", [a])
    assert report(pos)["lines"][0]["what"] == "4 combat factors attack 5 at 1:2"
    pos.push(f"blue: add unit=#{b}")                         # 8 against 5
    line = report(pos)["lines"][0]
    assert line["what"] == "8 combat factors attack 5 at 1:1" and line["column"] == "1:1"


def test_sk_7_2_the_crt_is_read_by_odds_column_and_one_die(pos, module):
    a = pos.place("blue-inf", "0303")
    b = pos.place("blue-inf", "0304")
    c = pos.place("blue-inf", "0404")
    pos.place("red-art", "0403")                             # 12 against 3: 4:1, read at 3:1
    combat(pos)
    attack(pos, "0403", [a, b, c])
    declared = report(pos)
    assert declared["stage"] == "declared" and "dice" not in declared["lines"][0]
    pos.dice(2)
    pos.push("blue: resolve")
    r = report(pos)
    assert check_report(r) == []
    line = r["lines"][0]
    assert (line["column"], line["dice"], line["row"], line["result"]) == ("3:1", [2], "2", "DR")
    assert line["result"] == module.tables["crt"].lookup(2, "3:1")
    assert r["stage"] == "resolved" and r["outcome"] == ["DR: every defending unit retreats"]


def test_sk_7_2_shifts_never_leave_the_table(pos):
    a = pos.place("blue-inf", "0403")
    b = pos.place("blue-inf", "0404")
    c = pos.place("blue-inf", "0603")
    pos.place("red-inf", "0504", face=2)                     # a 1-2 cadre in a town: 12:1
    combat(pos)
    attack(pos, "0504", [a, b, c])
    line = report(pos)["lines"][0]
    assert line["shifts"] == [["defender in town", -1]] and line["column"] == "3:1"


def test_sk_5_1_the_defenders_terrain_shifts_the_column_left(pos):
    a = pos.place("blue-inf", "0404")
    b = pos.place("blue-inf", "0604")
    pos.place("red-inf", "0505")                             # forest: 8 against 5, 1:1 -> 1:2
    combat(pos)
    attack(pos, "0505", [a, b])
    line = report(pos)["lines"][0]
    assert line["shifts"] == [["defender in forest", -1]]
    assert line["column"] == "1:2"
    assert "1:1" in line["what"]


def test_sk_5_2_an_attack_only_across_rivers_shifts_left(pos):
    across = pos.place("blue-inf", "0303")                   # minor river 0303-0304
    pos.place("red-art", "0304")                             # clear: 4 against 3, 1:1
    other = pos.place("blue-inf", "0403")
    combat(pos)
    attack(pos, "0304", [across])
    assert report(pos)["lines"][0]["shifts"] == [["attack across a river", -1]]
    assert report(pos)["lines"][0]["column"] == "1:2"
    pos.push(f"blue: add unit=#{other}")                     # not every attacker is across
    assert report(pos)["lines"][0]["shifts"] == []
