"""9.10.3 (optional rule) Strength Reduction markers: a reduced division-size infantry unit takes
further SRs as a -2 marker, then -4; the excess rule 9.10.2 as 9.10.3 rewrites it; 16.6.1 a REPL
takes a marker off a step. Switched by the scenario option ``strength_reduction_markers``."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import final, strength
from modules.offensive_a_outrance_1914.rules.losses import allocate_sr, reduce_ce, sr_candidates

from .positions import blank, do, game, unit

FR_DIV = "FR-3_2"            # AS 13 DS 12 full, AS 9 DS 9 reduced (pieces.csv)
ON = {"strength_reduction_markers": "on"}


def test_oao_9_10_3_a_reduced_infantry_division_takes_a_minus_2_then_a_minus_4_marker():
    pos = blank("campaign", gt=6, repl_FR=0, options=ON)
    d = unit(pos, FR_DIV, "30.40", army="FR5", face=1)
    g = game(pos)
    assert (strength.unit_as(g, d), strength.unit_ds(g, d)) == (9, 9)
    do(pos, "a CRT SR", lambda g: allocate_sr(g, [d], "test", crt=True))
    g = game(pos)
    assert pos.state.pieces[d].props["sr_marker"] == 2 and "SR -2" in pos.state.pieces[d].markers
    assert (strength.unit_as(g, d), strength.unit_ds(g, d)) == (7, 7)
    assert pos.state.globals["repl_FR"] == 0                           # not an excess SR
    do(pos, "another", lambda g: allocate_sr(g, [d], "test", crt=True))
    g = game(pos)
    assert pos.state.pieces[d].props["sr_marker"] == 4 and "SR -4" in pos.state.pieces[d].markers
    assert "SR -2" not in pos.state.pieces[d].markers
    assert (strength.unit_as(g, d), strength.unit_ds(g, d)) == (5, 5)
    assert pos.state.globals["repl_FR"] == 0
    # 9.10.3's 9.10.2: a division with a -4 marker takes no more; a CRT SR costs a REPL
    do(pos, "a third", lambda g: allocate_sr(g, [d], "test", crt=True))
    assert pos.state.pieces[d].props["sr_marker"] == 4
    assert pos.state.globals["repl_FR"] == -1
    assert pos.where(d) == "30.40"


def test_oao_9_10_3_off_a_reduced_division_takes_no_marker_and_the_excess_costs_a_repl():
    """Without the option, 9.10.2 as printed: the reduced division takes nothing, the CRT SR is
    paid with a REPL."""
    pos = blank("campaign", gt=6, repl_FR=0)
    d = unit(pos, FR_DIV, "30.40", army="FR5", face=1)
    do(pos, "a CRT SR", lambda g: allocate_sr(g, [d], "test", crt=True))
    assert not pos.state.pieces[d].props.get("sr_marker")
    assert not any(m.startswith("SR ") for m in pos.state.pieces[d].markers)
    assert pos.state.globals["repl_FR"] == -1
    assert strength.unit_as(game(pos), d) == 9


def test_oao_9_10_3_any_sr_gives_the_marker_not_only_the_crt():
    """9.10.3: "if a reduced infantry unit takes an SR" — a CE loss below D2 (6.1.3 / 10.3)
    becomes a -2 marker too."""
    pos = blank("campaign", gt=6, repl_FR=0, options=ON)
    d = unit(pos, FR_DIV, "30.40", army="FR5", face=1, ce=6)          # already D2
    do(pos, "CE loss", lambda g: reduce_ce(g, d, 1, "test"))
    assert pos.state.pieces[d].props["sr_marker"] == 2


def test_oao_9_10_3_unreduced_units_and_support_units_take_an_sr_before_a_marker():
    """9.10.1 decides first (an unreduced Formation, then a Support unit with a back); a marker
    is placed only where 9.10.2 would have found the SR excess (reading R40)."""
    pos = blank("campaign", gt=6, repl_FR=0, options=ON)
    reduced = unit(pos, FR_DIV, "30.40", army="FR5", face=1)
    full = unit(pos, "FR-4_2", "30.40", army="FR5")
    rgt = pos.place("FR-support-6_RIT", "30.40")
    g = game(pos)
    assert sr_candidates(g, [reduced, full, rgt]) == [full]
    pos.flip(full, 1)
    assert sr_candidates(game(pos), [reduced, full, rgt]) == [rgt]
    pos.flip(rgt, 1)
    assert sr_candidates(game(pos), [reduced, full, rgt]) == [reduced, full]


def test_oao_9_10_3_cavalry_corps_and_belgians_never_take_a_marker():
    """8.1.1: a cavalry corps never receives SR markers; 24.2.1: Belgian SRs go through their
    secondary counters (reading R40)."""
    pos = blank("campaign", gt=10, repl_FR=0, options=ON)
    cc = unit(pos, "FR-1_CC", "30.40", army="FR5", face=1)
    be = unit(pos, "BE-1", "44.18", army="BELGA", face=1)
    g = game(pos)
    assert not strength.takes_sr_marker(g, cc)
    assert not strength.takes_sr_marker(g, be)


def test_oao_16_6_1_with_9_10_3_a_repl_turns_minus_4_to_minus_2_then_takes_it_off():
    pos = blank("campaign", gt=10, repl_FR=3, options=ON)
    d = unit(pos, FR_DIV, "30.40", army="FR5", face=1)
    do(pos, "two SRs", lambda g: [allocate_sr(g, [d], "test", crt=True) for _ in range(2)])
    assert pos.state.pieces[d].props["sr_marker"] == 4
    pos.call("replacements", side="allied", number=3, used={})
    pos.push(f"allied: replace unit=#{d}")
    assert pos.state.pieces[d].props["sr_marker"] == 2 and "SR -2" in pos.state.pieces[d].markers
    pos.push(f"allied: replace unit=#{d}")
    assert not pos.state.pieces[d].props.get("sr_marker")
    assert not any(m.startswith("SR ") for m in pos.state.pieces[d].markers)
    assert pos.face(d) == 1                                            # still reduced: the next REPL flips it
    assert d in final.replacement_targets(game(pos), "allied", 3)
