"""SK 3 stacking, SK 4 movement, SK 5 terrain costs (modules/skirmish/RULES.md)."""
from __future__ import annotations

from engine.testing import legal, refused
from modules.skirmish.rules.movement import reach

from .positions import finish_phase, prompt_kind


def game(pos):
    return pos.session.ruleset.game(pos.state)


def test_sk_3_1_no_more_than_three_units_end_in_a_hex_but_may_pass_through(pos):
    for _ in range(3):
        pos.place("blue-inf", "0102")
    mover = pos.place("blue-inf", "0101")
    refused(pos.session, f"blue: move unit=#{mover} to=@0102", "SK 3.1")
    # 0103 (hills) is three points away only through the full hex 0102
    assert reach(game(pos), mover).path("0103") == ["0101", "0102", "0103"]
    pos.push(f"blue: move unit=#{mover} to=@0103")
    assert pos.where(mover) == "0103"


def test_sk_3_2_sides_never_share_a_hex(pos):
    blue = pos.place("blue-inf", "0303")
    pos.place("red-inf", "0304")
    refused(pos.session, f"blue: move unit=#{blue} to=@0304", "SK 4.3")
    assert "0304" not in pos.session.legal_actions().destinations(blue)
    assert pos.session.ruleset.invariants(pos.state) == []


def test_sk_4_1_only_the_phasing_players_units_on_the_map_move(pos):
    blue = pos.place("blue-inf", "0303")
    red = pos.place("red-inf", "0909")
    boxed = pos.place("blue-cav", "reinforcements", arrives=5, at="0101")
    refused(pos.session, f"blue: move unit=#{red} to=@0908", "SK 4.1")
    refused(pos.session, f"blue: move unit=#{boxed} to=@0101", "SK 4.1")
    legal(pos.session, f"blue: move unit=#{blue} to=@0403")
    assert pos.session.legal_actions().pieces() == {blue}
    finish_phase(pos)                                    # movement is voluntary; done ends it
    assert prompt_kind(pos) == ("blue", "combat")


def test_sk_4_2_terrain_costs_within_the_movement_factor(pos):
    inf = pos.place("blue-inf", "0303")      # MF 3
    cav = pos.place("blue-cav", "0302")      # MF 5
    # 0403 clear 1 + 0504 town 1 + 0604 clear 1 = 3
    legal(pos.session, f"blue: move unit=#{inf} to=@0604")
    # 0505 forest: at least 0403 (1) + 0504 (1) + forest (2) = 4
    v = refused(pos.session, f"blue: move unit=#{inf} to=@0505", "SK 4.2")
    assert "movement factor of 3" in v.message
    legal(pos.session, f"blue: move unit=#{cav} to=@0505")
    assert reach(game(pos), inf).remaining["0402"] == 1          # hills cost 2


def test_sk_4_2_a_reduced_unit_moves_with_its_reduced_factor(pos):
    cadre = pos.place("red-inf", "0909", face=2)                # cadre 1-2
    pos.call("move", side="red", moved=[])
    assert game(pos).mf(cadre) == 2
    refused(pos.session, f"red: move unit=#{cadre} to=@0906", "SK 4.2")
    legal(pos.session, f"red: move unit=#{cadre} to=@0907")


def test_sk_4_3_no_unit_enters_an_enemy_hex(pos):
    blue = pos.place("blue-cav", "0303")
    pos.place("red-art", "0304")
    v = refused(pos.session, f"blue: move unit=#{blue} to=@0304", "SK 4.3")
    assert "cannot reach 0304" in v.message


def test_sk_4_4_a_unit_entering_an_enemy_zoc_stops(pos):
    cav = pos.place("blue-cav", "0303")
    pos.place("red-inf", "0505")
    legal(pos.session, f"blue: move unit=#{cav} to=@0504")          # into the ZOC: it stops there
    # 0703 is four points away, but every way there goes through the ZOC at 0504
    refused(pos.session, f"blue: move unit=#{cav} to=@0703", "SK 4.4")


def test_sk_4_4_a_unit_may_leave_an_enemy_zoc(pos):
    blue = pos.place("blue-inf", "0404")
    pos.place("red-inf", "0505")
    legal(pos.session, f"blue: move unit=#{blue} to=@0303")


def test_sk_4_5_each_unit_moves_once_per_phase(pos):
    blue = pos.place("blue-inf", "0303")
    pos.push(f"blue: move unit=#{blue} to=@0403")
    refused(pos.session, f"blue: move unit=#{blue} to=@0504", "SK 4.5")
    assert blue not in pos.session.legal_actions().pieces()


def test_sk_5_2_a_river_hexside_costs_the_points_printed_on_it(pos):
    blue = pos.place("blue-inf", "0303")
    pos.place("red-art", "0403")       # block the ways round the river
    pos.place("red-art", "0203")
    # 0304 is clear (1) across the minor river (mp_cost 1): 1 point left of 3
    assert reach(game(pos), blue).remaining["0304"] == 1
    assert reach(game(pos), blue).remaining["0302"] == 2            # clear, no river


def test_sk_5_3_no_movement_or_zoc_across_an_impassable_hexside(pos):
    blue = pos.place("blue-inf", "0404")
    # 0405 is clear (1) but the hexside 0404-0405 is impassable: the way round costs 2
    assert reach(game(pos), blue).path("0405") != ["0404", "0405"]
    assert reach(game(pos), blue).remaining["0405"] == 1
    red = pos.place("red-inf", "0405")
    assert not game(pos).in_enemy_zoc("0404", "blue")
    pos.move(red, "0505")
    assert game(pos).in_enemy_zoc("0404", "blue")
