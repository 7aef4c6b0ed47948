"""SK 7.3 results, SK 8 step losses, exchange, retreat and advance (RULES.md)."""
from __future__ import annotations

import pytest

from engine.testing import legal, refused

from .positions import attack, combat, duel, prompt_kind

# 4 against 5 in the clear is read at 1:2; 8 against 3 at 2:1.
#   1:2 column: die 1 AE, 2-3 AR, 4 EX, 5-6 DR;  2:1 column: die 1 AR, 2 EX, 3-4 DR, 5-6 DE.


def test_sk_7_3_ae_every_attacking_unit_loses_a_step(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-cav", "0403")
    red = pos.place("red-inf", "0303")
    pos.place("red-art", "0303")
    combat(pos)
    attack(pos, "0303", [a, b], die=1)                     # 6 against 8: 1:2, die 1: AE
    assert (pos.face(a), pos.face(b), pos.face(red)) == (1, 1, 0)
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_7_3_ar_every_attacking_unit_retreats(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    pos.place("red-art", "0303")
    combat(pos)
    attack(pos, "0303", [a, b], die=1)                     # 8 against 3: 2:1, die 1: AR
    assert prompt_kind(pos) == ("blue", "retreat")
    assert {x["unit"] for x in pos.session.legal_actions()} == {a, b}


def test_sk_7_3_dr_every_defending_unit_retreats(pos):
    a, red = duel(pos, 5)                        # 1:2, die 5: DR
    assert prompt_kind(pos) == ("red", "retreat")
    assert pos.session.legal_actions().pieces() == {red}
    assert pos.face(red) == 0


def test_sk_7_3_de_defenders_lose_a_step_then_retreat(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    red = pos.place("red-inf", "0303")
    art = pos.place("red-art", "0303")
    combat(pos)
    attack(pos, "0303", [a, b], die=6)                     # 8 against 8: 1:1, die 6: DE
    assert pos.where(art) == "eliminated"
    assert pos.face(red) == 1
    assert prompt_kind(pos) == ("red", "retreat")


@pytest.mark.parametrize("face", [0, 1])
def test_sk_8_1_a_step_loss_turns_the_unit_to_its_next_face(pos, face):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    red = pos.place("red-inf", "0303", face=face)           # 5-3 or 3-3
    combat(pos)
    attack(pos, "0303", [a, b], die=6)                      # 1:1 or 2:1, die 6: DE
    assert pos.face(red) == face + 1
    assert pos.where(red) == "0303"                          # still to retreat
    assert prompt_kind(pos) == ("red", "retreat")


def test_sk_8_1_a_unit_losing_its_last_step_is_eliminated(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    cadre = pos.place("red-inf", "0303", face=2)
    combat(pos)
    attack(pos, "0303", [a, b], die=5)                      # 8 against 1: 3:1, die 5: DE
    assert pos.where(cadre) == "eliminated"
    assert pos.face(cadre) == 2
    assert prompt_kind(pos) == ("blue", "advance")          # its hex is empty


def test_sk_8_2_in_an_exchange_each_owner_chooses_its_loss(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    red = pos.place("red-inf", "0303")
    art = pos.place("red-art", "0303")
    combat(pos)
    attack(pos, "0303", [a, b], die=3)                      # 8 against 8: 1:1, die 3: EX
    assert prompt_kind(pos) == ("red", "loss")
    refused(pos.session, f"red: lose unit=#{a}", "SK 8.2")
    pos.push(f"red: lose unit=#{art}")
    assert pos.where(art) == "eliminated" and pos.face(red) == 0
    assert prompt_kind(pos) == ("blue", "loss")             # two attackers: Blue chooses
    pos.push(f"blue: lose unit=#{b}")
    assert (pos.face(a), pos.face(b)) == (0, 1)
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_8_2_a_side_with_one_unit_in_the_combat_has_no_choice(pos):
    a, red = duel(pos, 4)                         # 1:2, die 4: EX
    assert (pos.face(a), pos.face(red)) == (1, 1)
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_8_3_the_owner_retreats_each_unit_one_hex(pos):
    a, red = duel(pos, 5)                         # DR
    refused(pos.session, f"red: retreat unit=#{red} to=@0203", "SK 8.3")   # enemy units
    refused(pos.session, f"red: retreat unit=#{red} to=@0503", "SK 8.3")   # two hexes away
    refused(pos.session, f"red: retreat unit=#{a} to=@0304", "SK 8.3")     # not in this retreat
    legal(pos.session, f"red: retreat unit=#{red} to=@0403")
    pos.push(f"red: retreat unit=#{red} to=@0302")
    assert pos.where(red) == "0302"
    assert prompt_kind(pos) == ("blue", "advance")


def test_sk_8_3_retreat_respects_stacking(pos):
    a = pos.place("blue-inf", "0203")
    red = pos.place("red-inf", "0303")
    for _ in range(3):
        pos.place("red-art", "0302")
    combat(pos)
    attack(pos, "0303", [a], die=5)
    refused(pos.session, f"red: retreat unit=#{red} to=@0302", "SK 3.1")


def test_sk_8_4_no_retreat_into_an_enemy_zoc_unless_a_friend_is_there(pos):
    a = pos.place("blue-inf", "0203")
    red = pos.place("red-inf", "0303")
    pos.place("blue-cav", "0502")                           # its ZOC covers 0402
    combat(pos)
    attack(pos, "0303", [a], die=5)
    refused(pos.session, f"red: retreat unit=#{red} to=@0402", "SK 8.4")
    refused(pos.session, f"red: retreat unit=#{red} to=@0304", "SK 8.4")   # next to 0203
    pos.place("red-art", "0402")
    legal(pos.session, f"red: retreat unit=#{red} to=@0402")


def test_sk_8_5_a_unit_that_cannot_retreat_loses_a_step_and_stays(pos):
    attacker = pos.place("blue-inf", "0203")
    red = pos.place("red-inf", "0303")
    for hex_id in ("0403", "0402", "0302", "0202", "0304"):
        pos.place("blue-cav", hex_id)
    combat(pos)
    attack(pos, "0303", [attacker], die=5)                  # DR, surrounded
    assert pos.where(red) == "0303" and pos.face(red) == 1
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_8_6_attackers_may_advance_into_the_emptied_hex(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    other = pos.place("blue-cav", "0402")
    red = pos.place("red-art", "0303")
    pos.place("red-inf", "1010")                            # Red is not wiped out (SK 9.3)
    combat(pos)
    attack(pos, "0303", [a, b], die=5)                      # 8 against 3: 2:1, die 5: DE
    assert pos.where(red) == "eliminated"
    assert prompt_kind(pos) == ("blue", "advance")
    refused(pos.session, f"blue: advance unit=#{other} to=@0303", "SK 8.6")
    refused(pos.session, f"blue: advance unit=#{a} to=@0304", "SK 8.6")
    pos.push(f"blue: advance unit=#{a} to=@0303")
    assert pos.where(a) == "0303"
    pos.push("blue: stay")
    assert pos.where(b) == "0403"
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_8_6_no_advance_after_the_defender_held(pos):
    a = pos.place("blue-inf", "0203")
    pos.place("red-inf", "0303")
    combat(pos)
    attack(pos, "0303", [a], die=2)                          # AR
    assert prompt_kind(pos) == ("blue", "retreat")
    pos.push(f"blue: retreat unit=#{a} to=@0103")
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_3_1_an_advance_stops_when_the_hex_is_full(pos):
    units = [pos.place("blue-inf", h) for h in ("0203", "0403", "0402", "0304")]
    pos.place("red-art", "0303")
    pos.place("red-inf", "1010")
    combat(pos)
    attack(pos, "0303", units, die=1)                       # 16 against 3: 3:1, die 1: EX
    pos.push(f"blue: lose unit=#{units[3]}")
    for pid in units[:3]:
        pos.push(f"blue: advance unit=#{pid} to=@0303")
    assert prompt_kind(pos) == ("blue", "combat")           # full: no fourth unit may come
    assert pos.where(units[3]) == "0304"


def test_sk_5_3_no_retreat_across_an_impassable_hexside(pos):
    a = pos.place("blue-inf", "0504")
    red = pos.place("red-inf", "0404")
    combat(pos)
    attack(pos, "0404", [a], die=5)                         # DR
    refused(pos.session, f"red: retreat unit=#{red} to=@0405", "SK 8.3")
    legal(pos.session, f"red: retreat unit=#{red} to=@0305")
