"""The turn procedure (2.0), the cup and the chit-draw cycle, Initiative and Reaction phases
(5.1, 5.2) and victory (2.0 step 12)."""
from __future__ import annotations

from engine.actions import Action
from engine.session import Session
from engine.views import view

from .positions import (activate, fresh, increment, legal, module, prompt, put, refused, state_name,
                        where)


def new(scenario="falaise_gap", seed=1, options=None):
    return Session.new(module(), scenario, seed, ruleset="france_1944", options=options)


# -- 2.0: the turn's steps ----------------------------------------------------------------------------------
def test_f44_2_0_a_turn_1_begins_at_step_8_commit():
    s = new()
    assert s.state.get("turn") == 1 and s.state.get("step") == 8
    assert s.prompt().side == "allied" and s.prompt().kind == "commit"
    assert "2.0 step 8" in s.prompt().text


def test_f44_2_0_j_commit_limits_5_allied_3_german_and_no_more_than_available():
    pos = fresh(clear=False)
    pos.set("allied_sp", 9)
    pos.call("commit", side="allied")
    refused(pos.session, "allied: commit amount=6", "F44 2.0")
    legal(pos.session, "allied: commit amount=5")
    pos.push("allied: commit amount=5")
    assert pos.state.get("allied_sp") == 4 and pos.state.get("allied_csp") == 5
    pos.set("german_sp", 2)
    pos.call("commit", side="german")
    refused(pos.session, "german: commit amount=3", "F44 2.0")     # only 2 available
    pos.set("german_sp", 9)
    refused(pos.session, "german: commit amount=4", "F44 2.0")     # at most 3
    pos.push("german: commit amount=3")
    assert pos.state.get("german_csp") == 3
    # the committed markers show it on the Player Track cards (1.5)
    marker = next(p for p in pos.state.pieces.values() if p.type == "M-CSP-GE")
    assert marker.loc == "csp_german_3"


def _turn_two(seed=2, air_die=1):
    """Breakout, turn 1 ended by hand: run steps 1-7 of turn 2 (the air roll scripted)."""
    pos = fresh("breakout", seed=seed, clear=False)
    pos.set("allied_csp", 3)
    pos.set("german_csp", 2)
    pos.set("allied_sp", 1)
    pos.set("german_sp", 0)
    for chit in [p for p, piece in pos.state.pieces.items() if piece.loc == "cup"]:
        pos.move(chit, "chit_pool")
    pos.dice(air_die)
    pos.call("turn", step=0)
    return pos


def _past_air(pos):
    if prompt(pos).kind == "air_assign":
        pos.push("allied: done")
    return pos


def test_f44_2_0_b_to_i_the_preliminary_steps_of_turn_2():
    pos = _past_air(_turn_two())
    st = pos.state
    assert st.get("turn") == 2                                                     # step 1
    assert next(p for p in st.pieces.values() if p.type == "M-TURN-AL").loc == "turn_allied_2"
    row = module().tables["turn_track"]
    t2 = dict(zip(row.cols.values, row.cells[row.rows.values.index(2)]))
    assert st.get("allied_sp") == 1 + t2["allied_sp"]                              # step 4: added
    assert st.get("german_sp") == 0 + t2["german_sp"]
    assert st.get("allied_rxp") == t2["allied_rxp"]                                # step 2 + 5
    cup = st.stack("cup")
    types = sorted(st.pieces[p].type for p in cup)
    assert types == ["CHIT-ADM"] + ["CHIT-AL"] * 3 + ["CHIT-GE"] * 2             # steps 6 + 7
    assert st.get("allied_csp") == 0 and st.get("german_csp") == 0                # step 6: back to 0
    assert prompt(pos).kind == "commit"                                            # step 8


def test_f44_2_0_d_e_air_support_roll_and_interdiction_costs_the_german_2_each():
    pos = _turn_two(air_die=1)                                                    # available
    assert pos.state.get("air_available") is True
    assert prompt(pos).kind == "air_assign"
    tacs = [p for p, piece in pos.state.pieces.items() if piece.type == "M-TAC"]
    assert all(pos.state.pieces[p].face == 0 for p in tacs)                       # both available
    pos.push(f"allied: interdict marker=#{tacs[0]}")
    pos.push(f"allied: interdict marker=#{tacs[1]}")
    pos.push("allied: done")
    row = module().tables["turn_track"]
    t2 = dict(zip(row.cols.values, row.cells[row.rows.values.index(2)]))
    assert pos.state.get("german_rxp") == max(0, t2["german_rxp"] - 4)
    assert where(pos, tacs[0]).startswith("rxp_german_")
    # next turn's step 3 brings them back to England
    pos.set("turn", 2)
    pos.clear_stack()
    pos.dice(6)
    pos.call("turn", step=2)
    assert where(pos, tacs[0]) == "england_air"


def test_f44_2_0_d_no_air_support_when_the_roll_fails():
    pos = _turn_two(air_die=6)
    assert pos.state.get("air_available") is False
    assert prompt(pos).kind == "commit"
    assert all(p.face == 1 for p in pos.state.pieces.values() if p.type in ("M-TAC", "M-HB")
               and p.loc == "england_air")


def test_f44_2_0_f_supply_points_accumulate_and_show_the_plus_10_side():
    pos = fresh(clear=False)
    g = pos.session.ruleset.game(pos.state)
    assert g.track("allied", "sp") == 4
    pos.set("allied_sp", 11)
    pos.call("commit", side="allied")
    pos.push("allied: commit amount=0")
    pos.set("allied_sp", 11)
    pos.call("commit", side="allied")
    pos.push("allied: commit amount=0")
    marker = next(p for p in pos.state.pieces.values() if p.type == "M-SP-AL")
    assert marker.loc == "sp_allied_1" and marker.face == 1                       # 11 = +10 side at 1


def test_f44_2_0_k_the_cup_is_drawn_one_chit_at_a_time_and_hidden_until_drawn():
    s = new(seed=4)
    s.push(s.legal_actions().verb("commit")[0])
    s.push(s.legal_actions().verb("commit")[0])
    drawn = s.state.stack("chit_drawn")
    assert len(drawn) == 1
    assert len(s.state.stack("cup")) == 6                                          # 4 + 2 + 1 - 1
    for side in ("allied", "german", ""):
        v = view(s.state, side)["locations"]
        assert all(e.get("hidden") for e in v["cup"])
        assert not v["chit_drawn"][0].get("hidden")
    assert "Drawn from the cup" in "\n".join(line[1] for line in s.state.chat)


def test_f44_2_0_k_an_initiative_chit_gives_its_owner_an_initiative_phase():
    s = new(seed=4)
    s.push(s.legal_actions().verb("commit")[0])
    s.push(s.legal_actions().verb("commit")[0])
    chit = s.state.pieces[s.state.stack("chit_drawn")[-1]]
    owner = module().piece_types[chit.type].side
    if chit.type == "CHIT-ADM":
        return
    p = s.prompt()
    assert p.side == owner and p.kind in ("initiative", "airdrop")


def _through_cup(s: Session, limit=2000):
    """Pass, decline and finish everything until the final reactions."""
    for _ in range(limit):
        p = s.prompt()
        if p.kind == "reaction" and s.state.get("step") in (10, 11):
            return
        if s.outcome():
            return
        legal = s.legal_actions()
        for verb in ("pass", "decline", "done", "end_phase", "commit", "keep", "stand"):
            options = legal.verb(verb)
            if options:
                s.push(options[0])
                break
        else:
            s.push(legal[0])


def test_f44_2_0_l_final_reactions_german_then_allied_and_no_handover():
    s = new(seed=5)
    _through_cup(s)
    assert s.state.get("step") == 10 and s.prompt().side == "german"
    s.push(Action.parse("german: decline"))
    assert s.state.get("step") == 11 and s.prompt().side == "allied"               # no handover
    s.push(Action.parse("allied: decline"))
    assert s.outcome() is not None                                                  # Falaise: one turn


def test_f44_2_0_m_victory_is_determined_at_the_end_of_the_last_turn_only():
    pos = fresh("breakout", clear=False)
    pos.dice(6)
    pos.call("turn", step=12)                                                        # turn 1 of 3
    assert pos.session.outcome() is None and pos.state.get("turn") == 2
    pos = fresh("falaise_gap")
    pos.set("f44_german_steps_lost", 6)
    put(pos, "US-V", "1512")
    pos.call("turn", step=12)
    assert pos.session.outcome().winner == "allied"


def test_f44_13_1_falaise_gap_german_win_short_of_the_conditions():
    pos = fresh("falaise_gap")
    pos.set("f44_german_steps_lost", 5)
    put(pos, "US-V", "1512")
    pos.call("turn", step=12)
    assert pos.session.outcome().winner == "german"


# -- 5.1 / 5.2: initiative and reaction --------------------------------------------------------------------
def test_f44_5_1_b_the_initiative_player_activates_a_supplied_hq_or_passes():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    unit = put(pos, "US-V", "1412")
    cut = put(pos, "HQ-US3", "3803", face=1)                                         # far from any source
    pos.call("initiative", side="allied")
    legal(pos.session, f"allied: activate hq=#{hq}")
    refused(pos.session, f"allied: activate hq=#{cut}", "F44 11.5")
    assert not pos.session.legal_actions().verb("single")                            # no single units here
    refused(pos.session, f"allied: activate hq=#{unit}", "F44 5.1")
    pos.push("allied: pass")
    assert state_name(pos) == ""


def test_f44_5_1_c_d_the_hq_flips_designated_units_stay_commanded_even_out_of_radius():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    arm = put(pos, "US-2AD", "1413")
    pos.call("initiative", side="allied")
    pos.push(f"allied: activate hq=#{hq}")
    assert pos.state.pieces[hq].face == 0                                            # 4.1: Activated
    pos.push(f"allied: command unit=#{arm}")
    assert "Commanded" in pos.state.pieces[arm].markers
    pos.push("allied: done")
    pos.push("allied: done")
    increment(pos, "allied", 1)
    pos.push(f"allied: move unit=#{arm} path=[@1413,@1513,@1613,@1714,@1814,@1915,@2015]")
    pos.push("allied: end_increment")                                                # box 1: the series ends
    assert pos.state.pieces[hq].face == 1 and "Commanded" not in pos.state.pieces[arm].markers


def _reaction(pos, side="german", initiative="allied", handover=True):
    pos.call("reaction", side=side, first=side, initiative=initiative, spent=0, used=[], handover=handover)


def test_f44_5_1_f_the_initiative_player_reacts_only_if_the_reaction_player_spends_nothing():
    pos = fresh()
    put(pos, "GE-2PZ", "1613")
    pos.set("german_rxp", 3)
    pos.set("allied_rxp", 3)
    _reaction(pos)
    assert prompt(pos).side == "german"
    pos.push("german: decline")
    assert prompt(pos).side == "allied" and prompt(pos).kind == "reaction"
    pos.push("allied: decline")
    assert state_name(pos) == ""


def test_f44_5_1_g_one_point_spent_and_nothing_done_denies_the_initiative_player():
    pos = fresh()
    pz = put(pos, "GE-2PZ", "1613")
    pos.set("german_rxp", 3)
    _reaction(pos)
    pos.push(f"german: single piece=#{pz}")
    pos.push("german: done")                              # no Administrative Movement
    pos.push("german: end_phase")                         # and no increment at all
    assert prompt(pos).side == "german" and prompt(pos).kind == "reaction"
    pos.push("german: done")
    assert state_name(pos) == ""                          # the Allies get no reaction
    assert pos.state.get("german_rxp") == 2


def test_f44_5_2_b_e_an_army_reaction_costs_3_and_cannot_follow_a_single_unit_reaction():
    pos = fresh()
    hq = put(pos, "HQ-GE7", "1714", face=1)
    pz = put(pos, "GE-2PZ", "1613")
    pos.set("german_rxp", 2)
    _reaction(pos)
    refused(pos.session, f"german: army hq=#{hq}", "F44 5.2")                         # only 2 points
    pos.set("german_rxp", 5)
    pos.push(f"german: single piece=#{pz}")
    pos.push("german: done")
    pos.push("german: end_phase")
    refused(pos.session, f"german: army hq=#{hq}", "F44 5.2")                         # 1 + 3 = 4


def test_f44_5_2_b_an_army_reaction_activates_a_supplied_hq_like_an_initiative():
    pos = fresh()
    hq = put(pos, "HQ-GE7", "1714", face=1)
    pz = put(pos, "GE-2PZ", "1613")
    pos.set("german_rxp", 4)
    _reaction(pos)
    pos.push(f"german: army hq=#{hq}")
    assert pos.state.get("german_rxp") == 1
    assert prompt(pos).kind == "designate"
    pos.push(f"german: command unit=#{pz}")
    pos.push("german: done")
    pos.push("german: done")
    pos.push("german: end_phase")
    assert state_name(pos) == ""                          # the only reaction of its phase


def test_f44_5_2_c_d_f_single_unit_reactions_one_at_a_time_each_piece_once_at_most_3():
    pos = fresh()
    pz, pz2, inf = put(pos, "GE-2PZ", "1613"), put(pos, "GE-9PZ", "1614"), put(pos, "GE-LXXXIV", "1815")
    hq = put(pos, "HQ-GE7", "1714", face=1)
    pos.set("german_rxp", 6)
    _reaction(pos)
    pos.push(f"german: single piece=#{pz}")
    pos.push("german: done")
    pos.push("german: end_phase")
    refused(pos.session, f"german: single piece=#{pz}", "F44 5.2")                    # once a phase
    pos.push(f"german: single piece=#{hq}")                                            # an HQ may react
    pos.push("german: done")
    pos.push("german: end_phase")
    pos.push(f"german: single piece=#{pz2}")
    pos.push("german: done")
    pos.push("german: end_phase")
    assert state_name(pos) == ""                                                       # 3 points: over
    assert pos.state.get("german_rxp") == 3 and inf


def test_f44_5_2_a_reaction_points_are_lost_at_the_next_turn():
    pos = fresh("breakout", clear=False)
    pos.set("allied_rxp", 7)
    pos.dice(6)
    pos.call("turn", step=0)
    row = module().tables["turn_track"]
    t2 = dict(zip(row.cols.values, row.cells[row.rows.values.index(2)]))
    assert pos.state.get("allied_rxp") == t2["allied_rxp"]
