"""Battles (9.1-9.3, 9.5.1, 9.6, 12.2, 12.4, the Fortunes of War table)."""
from __future__ import annotations

from engine.testing import legal, refused

from .battles import declare, fight, lines, place
from .positions import S3, activation, control, empty, ids, note_lines, path, put, verbs, where

FOW5 = (2, 3)     # German Staff: +1 German CAP, nothing else


def _hex37(**kw):
    pos = empty(turn=kw.pop("turn", 6), allied_cap=kw.pop("allied_cap", 3),
                german_cap=kw.pop("german_cap", 3), allied_mandated_battles=0,
                german_mandated_battles=0, **kw)
    control(pos, h37="german")
    return pos


def test_gi_9_1_2_b_entering_an_enemy_hex_makes_a_mandatory_battle():
    pos = _hex37()
    put(pos, "GE-II", "37")
    a, b = put(pos, "FR-IV", "47"), put(pos, "FR-V", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([a])}")
    top = pos.session.ruleset.game(pos.state).top
    assert top["battles"] == [{"hex": "37", "attackers": [a], "mandatory": True}]
    assert [p.loc for p in pos.state.pieces.values() if p.type == "M-BATTLE" and p.loc.isdigit()] == ["37"]
    pos.push(f"allied: move path={path(37)} units={ids([b])}")     # joins as an attacker
    top = pos.session.ruleset.game(pos.state).top
    assert top["battles"][0]["attackers"] == [a, b]
    pos.push("allied: resolve")
    assert verbs(pos) == {"fight"}


def test_gi_9_1_2_a_optional_battle_in_the_activated_hex_with_chosen_units():
    pos = _hex37()
    put(pos, "GE-II", "37")
    a, b = put(pos, "FR-IV", "37"), put(pos, "FR-V", "37")
    t = put(pos, "FR-72FR", "37")                    # CS in parentheses: defends only (2.4)
    activation(pos, "allied", "37")
    refused(pos.session, f"allied: declare_battle hex=@37 units={ids([a, t])}", "GI 2.4")
    pos.push(f"allied: declare_battle hex=@37 units={ids([a])}")
    refused(pos.session, f"allied: declare_battle hex=@37 units={ids([b])}", "GI 9.1.3")
    pos.push("allied: resolve")                      # b never attacks


def test_gi_9_1_2_c_entering_where_friends_already_fight_is_optional():
    pos = _hex37()
    put(pos, "GE-II", "37")
    put(pos, "FR-IV", "37")
    b = put(pos, "FR-V", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([b])}")
    top = pos.session.ruleset.game(pos.state).top
    assert top["battles"] == []
    legal(pos.session, f"allied: declare_battle hex=@37 units={ids([b])}")
    pos.push("allied: resolve")                      # no battle: the activation ends


def test_gi_9_1_3_e_a_hex_is_attacked_once_an_activation():
    pos = _hex37()
    put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    b = put(pos, "FR-V", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([b])}")   # 9.1.2 c: optional
    pos.push(f"allied: declare_battle hex=@37 units={ids([b])}")
    refused(pos.session, f"allied: declare_battle hex=@37 units={ids([b])}", "GI 9.1.3")


def test_gi_fow_3_cautious_attacker_cancels_the_battles_and_passes_the_initiative():
    pos = _hex37()
    put(pos, "GE-II", "37")
    put(pos, "GE-III", "38")
    control(pos, h38="german")
    a = put(pos, "FR-IV", "37")
    b = put(pos, "FR-V", "47")
    pos.set("gi_gr_allied", 1)
    pos.set("gi_gr_german", 1)
    pos.call("action_phase", side="allied", prev_pass=False, first_limit=2)
    pos.push("allied: activate hex=@37")
    pos.push(f"allied: declare_battle hex=@37 units={ids([a])}")
    pos.push("allied: resolve")
    fight(pos, "allied", "37", (1, 2))
    assert "Cautious Attacker: every battle not yet fought is cancelled and the Initiative passes (FoW 3)" in note_lines(pos)
    assert pos.session.prompt().side == "german"     # the segment ended at once
    assert pos.state.get("gi_battle_hexes") == []


def test_gi_fow_5_and_9_staff_add_a_cap_never_above_10():
    pos = _hex37(german_cap=10)
    put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (2, 3))
    assert pos.state.get("german_cap") == 10
    pos = _hex37(allied_cap=3)
    put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (4, 5))
    assert pos.state.get("allied_cap") == 4          # 3 + 1 (the test activates for free)


def test_gi_9_2_2_the_defender_places_every_unit_excess_returning_forts_first():
    pos = _hex37()
    ge = [put(pos, t, "37") for t in ("GE-II", "GE-III", "GE-IV", "GE-IX")]
    small = put(pos, "GE-4E", "37")                   # a division
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    assert pos.session.prompt().side == "german"
    for k, p in enumerate(ge[:3], 1):
        place(pos, "german", p, f"front-{k}")
    refused(pos.session, "german: done", "GI 9.2.2")   # a space is still free
    place(pos, "german", small, "front-4")
    refused(pos.session, "german: done", "GI 9.2.2")   # a corps returns before a division
    pos.push(f"german: unplace unit=#{small}")
    place(pos, "german", ge[3], "front-4")
    pos.push("german: done")


def test_gi_9_2_2_pairs_of_one_nationality_and_arm():
    pos = _hex37()
    d1, d2 = put(pos, "GE-4E", "37"), put(pos, "GE-2C", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", d1, "front-1")
    refused(pos.session, f"german: place space=@bm-german-front-1 unit=#{d2}", "GI 9.2.2")


def test_gi_9_2_3_a_attacker_faces_non_dg_defenders_first_best_units_first():
    pos = _hex37()
    g1 = put(pos, "GE-II", "37")
    g2 = put(pos, "GE-III", "37", face=1)              # DG defender
    corps = put(pos, "FR-IV", "37")
    div = put(pos, "FR-51RD", "37")
    declare(pos, "allied", "37", [corps, div])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g1, "front-1")
    place(pos, "german", g2, "front-2")
    pos.push("german: done")
    place(pos, "allied", div, "front-1")
    place(pos, "allied", corps, "front-2")
    refused(pos.session, "allied: done", "GI 9.2.3")   # the corps comes before the division
    pos.push(f"allied: unplace unit=#{div}")
    pos.push(f"allied: unplace unit=#{corps}")
    place(pos, "allied", div, "front-2")
    refused(pos.session, "allied: done", "GI 9.2.3")   # the non-DG defender first
    pos.push(f"allied: unplace unit=#{div}")
    place(pos, "allied", corps, "front-1")
    place(pos, "allied", div, "front-2")
    legal(pos.session, "allied: done")


def test_gi_9_2_3_a_the_attacker_may_leave_dg_units_out_and_9_8_2_never_in_reserve():
    pos = _hex37()
    g1 = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    dg = put(pos, "FR-V", "37", face=1)
    declare(pos, "allied", "37", [a, dg])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g1, "front-1")
    pos.push("german: done")
    refused(pos.session, f"allied: place space=@bm-allied-reserve-1 unit=#{dg}", "GI 9.8.2")
    place(pos, "allied", a, "front-1")
    legal(pos.session, "allied: done")


def test_gi_9_5_1_cavalry_never_faces_a_fort():
    pos = _hex37()
    fort = put(pos, "FT-METZ", "37")
    cav = put(pos, "FR-2C", "37")
    declare(pos, "allied", "37", [cav])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", fort, "front-1")
    pos.push("german: done")
    place(pos, "allied", cav, "front-1")
    refused(pos.session, "allied: done", "GI 9.6.1")


def test_gi_9_3_1_c_natural_1_hits_and_natural_6_misses_whatever_the_modifiers():
    pos = _hex37(gi_trench={"37": 2})
    g1 = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g1, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(1, 6)                                     # French 1 (+2 trench): hit; German 6: miss
    pos.push("allied: done")
    assert [(l["dice"], l["result"]) for l in lines(pos)] == [([1], "hit"), ([6], "miss")]
    assert pos.face(g1) == 1 and pos.face(a) == 0


def test_gi_fow_4_skirmish_hits_only_on_1_and_no_terrain():
    pos = _hex37(gi_trench={"37": 1})
    g1 = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (1, 3))                # 4: Skirmish
    place(pos, "german", g1, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(2, 1)
    pos.push("allied: done")
    got = lines(pos)
    assert [(l["dice"], l["result"], l["shifts"]) for l in got] == [([2], "miss", []), ([1], "hit", [])]


def test_gi_fow_8_attacker_surprise_ignores_terrain_not_trenches():
    pos = _hex37(gi_trench={"26": 1})
    control(pos, h26="german")
    g1 = put(pos, "GE-II", "26")                       # TEM +1
    a = put(pos, "FR-IV", "26")
    declare(pos, "allied", "26", [a])
    fight(pos, "allied", "26", (4, 4))
    place(pos, "german", g1, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(5, 6)
    pos.push("allied: done")
    assert lines(pos)[0]["shifts"] == [["entrenchment", 1]]


def test_gi_9_3_2_defending_fort_minus_1_and_12_2_british_plus_1_cs():
    pos = _hex37()
    control(pos, h37="allied")
    put(pos, "FT-LANGRES", "37")
    br = put(pos, "BR-1", "37")                        # CS 3, +1 defending (red circle)
    g = put(pos, "GE-II", "37")
    declare(pos, "german", "37", [g])
    fight(pos, "german", "37", FOW5)
    pos.push("allied: auto_place")
    place(pos, "german", g, f"front-{[k for k in range(1, 5) if br in pos.state.stacks.get(f'bm-allied-front-{k}', [])][0]}")
    pos.dice(6, 5)                                     # German misses; British 5 - 1 = 4 <= 3 + 1
    pos.push("german: done")
    reply = lines(pos)[1]
    assert reply["column"] == "CS 4" and reply["shifts"] == [["defending fort in the hex", -1]]
    assert reply["result"] == "hit"


def test_gi_9_5_1_a_fort_attacked_loses_a_step_only_on_an_unmodified_1_and_9_3_3_r_counter():
    pos = _hex37()
    control(pos, h37="allied")
    fort = put(pos, "FT-PARIS", "37", face=1)           # its second step (4)
    r = put(pos, "FT-PARIS-R", "box-fort-replacements")
    a, b = put(pos, "GE-II", "37"), put(pos, "GE-III", "37")
    declare(pos, "german", "37", [a, b])
    fight(pos, "german", "37", FOW5)
    place(pos, "allied", fort, "front-1")
    pos.push("allied: done")
    place(pos, "german", a, "front-1")
    place(pos, "german", b, "reserve-1")
    pos.dice(2, 6, 1)                                  # 2 vs CS 5: a fort only falls to a 1
    pos.push("german: done")
    assert [l["result"] for l in lines(pos)] == ["miss", "miss", "hit"]
    assert where(pos, fort) == "box-out-of-play" and where(pos, r) == "37" and pos.face(r) == 0


def test_gi_9_6_1_infantry_fires_first_at_attacking_cavalry():
    pos = _hex37()
    g = put(pos, "GE-II", "37")
    cav = put(pos, "FR-2C", "37")
    declare(pos, "allied", "37", [cav])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", cav, "front-1")
    pos.dice(2, 1, 6)                                  # free fire hits: the cavalry is DG, fires 1
    pos.push("allied: done")
    got = lines(pos)
    assert got[0]["what"].startswith("Free fire on attacking cavalry")
    assert [l["result"] for l in got] == ["hit", "hit", "miss"]
    assert pos.face(cav) == 1 and pos.face(g) == 1


def test_gi_9_2_5_and_9_3_4_reserves_fire_without_reply():
    pos = _hex37()
    g = put(pos, "GE-II", "37")
    a, b = put(pos, "FR-IV", "37"), put(pos, "FR-V", "37")
    declare(pos, "allied", "37", [a, b])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    place(pos, "allied", b, "reserve-1")
    pos.dice(6, 6, 1)
    pos.push("allied: done")
    got = lines(pos)
    assert len(got) == 3 and got[2]["what"].startswith("Reserve behind space 1")
    assert pos.face(g) == 1


def test_gi_9_6_1_cavalry_in_reserve_never_opposite_infantry_except_british():
    pos = _hex37()
    g = put(pos, "GE-II", "37")
    a, cav = put(pos, "FR-IV", "37"), put(pos, "FR-2C", "37")
    declare(pos, "allied", "37", [a, cav])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    place(pos, "allied", cav, "reserve-1")
    refused(pos.session, "allied: done", "GI 9.2.5")


def test_gi_9_3_3_two_defending_bef_divisions_paired_take_one_hit():
    pos = _hex37()
    control(pos, h37="allied")
    b1, b2 = put(pos, "BR-1", "37"), put(pos, "BR-2", "37")
    g = put(pos, "GE-II", "37")
    declare(pos, "german", "37", [g])
    fight(pos, "german", "37", FOW5)
    place(pos, "allied", b1, "front-1")
    place(pos, "allied", b2, "front-1")
    pos.push("allied: done")
    place(pos, "german", g, "front-1")
    pos.dice(1, 6)
    pos.push("german: done")
    assert sorted([pos.face(b1), pos.face(b2)]) == [0, 1]


def test_gi_9_6_2_defending_cavalry_withdraws_and_the_reserve_moves_up():
    pos = _hex37()
    gcav, ginf = put(pos, "GE-2C", "37"), put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", gcav, "front-1")
    place(pos, "german", ginf, "front-2")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.push("allied: done")
    # the German: unopposed ginf may go into reserve behind the cavalry, the cavalry withdraws
    pos.push(f"german: place space=@bm-german-reserve-1 unit=#{ginf}")
    pos.push(f"german: withdraw unit=#{gcav}")
    assert where(pos, gcav) == "37" and pos.face(gcav) == 0   # from infantry: no loss
    assert where(pos, ginf) == "bm-german-front-1"


def test_gi_9_6_3_cavalry_rearguard_stays_and_is_eliminated():
    pos = _hex37()
    gcav = put(pos, "GE-2C", "37")
    a = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([a])}")
    assert pos.session.prompt().kind == "rearguard" and pos.session.prompt().side == "german"
    pos.push("german: stay")
    assert where(pos, gcav) == "box-eliminated-german"
    assert pos.state.get("gi_control").get("37") is None


def test_gi_9_6_3_cavalry_rearguard_withdraws_three_hexes_and_is_disorganized():
    pos = _hex37()
    control(pos, h38="german", h39="german", h49="german", h48="german", h59="german", h50="german",
            h58="german", h60="german")
    gcav = put(pos, "GE-2C", "37")
    a = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([a])}")
    pos.push("german: withdraw")
    opts = [x for x in pos.session.legal_actions() if x.verb == "retreat"]
    assert opts and all(len(x["path"]) >= 3 for x in opts)
    pos.push(opts[0])
    assert pos.face(gcav) == 1
    assert pos.state.pieces[gcav].loc == str(opts[0]["path"][-1])


def test_gi_12_4_allenby_skirmish_on_turns_1_and_2():
    pos = _hex37(turn=2)
    control(pos, h37="allied")
    put(pos, "BR-1", "37")
    put(pos, "BR-C", "37")
    g = put(pos, "GE-II", "37")
    declare(pos, "german", "37", [g])
    pos.push("german: fight hex=@37")
    assert pos.session.prompt().kind == "allenby"
    pos.push("allied: skirmish")
    assert pos.state.get("gi_battle")["skirmish"] is True


def test_gi_fow_7_defenders_tactical_advantage_skirmish_for_1_cap():
    pos = _hex37(german_cap=2)
    g = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (3, 4))
    assert pos.session.prompt().kind == "dta"
    pos.push("german: skirmish")
    assert pos.state.get("german_cap") == 1 and pos.state.get("gi_battle")["skirmish"]


def test_gi_fow_7_defenders_tactical_advantage_cancel_and_retreat():
    pos = _hex37(german_cap=2)
    control(pos, h38="german")
    g = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (3, 4))
    pos.push("german: cancel")
    opts = [x for x in pos.session.legal_actions() if x.verb == "retreat"]
    pos.push(opts[0])
    assert where(pos, g) != "37"


def test_gi_fow_10_counterattack_the_defender_attacks_with_plus_1():
    pos = _hex37()
    g = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (4, 6))
    b = pos.state.get("gi_battle")
    assert b["attacker"] == "german" and b["counter"]
    assert pos.session.prompt().side == "allied"      # the former attacker now defends
    pos.push("allied: auto_place")
    pos.push("german: auto_place")
    assert lines(pos)[0]["shifts"] == [["counterattack (FoW 10)", 1]]


def test_gi_fow_6_offensive_a_outrance_french_dg_attackers_go_to_the_front_first():
    pos = _hex37(turn=3)
    g1, g2 = put(pos, "GE-II", "37"), put(pos, "GE-III", "37")
    a = put(pos, "FR-IV", "37")
    dg = put(pos, "FR-V", "37", face=1)
    declare(pos, "allied", "37", [a, dg])
    fight(pos, "allied", "37", (3, 3))
    place(pos, "german", g1, "front-1")
    place(pos, "german", g2, "front-2")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    refused(pos.session, "allied: done", "GI 9.2.3")   # the DG unit must face a defender
    place(pos, "allied", dg, "front-2")
    legal(pos.session, "allied: done")


def test_gi_fow_6_after_turn_4_an_allied_mandated_battle_unless_ignored():
    pos = _hex37(turn=5, allied_cap=3)
    g = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (3, 3))
    assert pos.state.get("allied_mandated_battles") == 1
    pos = _hex37(turn=5, allied_cap=1)
    put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])                 # spends the last CAP: 0 left
    pos.set("allied_cap", 0)
    fight(pos, "allied", "37", (3, 3))
    assert pos.state.get("allied_mandated_battles") == 0   # 9.1.1 a errata


def test_gi_9_2_3_b_concentric_attack_minus_1_for_three_hexes():
    pos = _hex37(gi_trench={"37": 2})
    control(pos, h37="german")
    g = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    for h in ("47", "36", "27"):
        put(pos, "FR-51RD", h)
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    assert pos.state.get("gi_battle")["conc"] == -1
