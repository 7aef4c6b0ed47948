"""The rulebook's worked examples, scripted with the rulebook's numbers."""
from __future__ import annotations

from engine.testing import refused

from .positions import activation, control, empty, ids, path, put, where


def test_gi_9_4_3_battle_map_example():
    """9.4.3, "The Battle Map - example of combat": hex 26 (German, TEM +1, level-2 trench) with
    the German XIII and XVI Corps and the French II Territorial group; the Allies move VI, VII
    and XVIII from 27 (no battle: friendly units are there), then activate 26 and attack with
    all four. FoW 5 (German Staff). Net attacker DRM +1 (+1 TEM, +2 trench, -2 Concentric: 3
    occupied hexes and 2 blocked hexsides). XIII rolls 4 (hit), II T 5+1 (miss), XVIII 3+1 (hit),
    XVI a natural 6; reserves: VI 1+1 (hit on XIII), the fourth corps a natural 6. Every German
    corps ends DG and the Allies have non-DG infantry: the German should retreat, but the hex is
    entrenched and he stays. (The example names the fourth corps VII, then VIII: we move VII.)"""
    pos = empty(turn=5, allied_cap=4, german_cap=3, allied_mandated_battles=0,
                german_mandated_battles=0, gi_trench={"26": 2})
    control(pos, h26="german", h27="allied", h35="allied")
    xiii = put(pos, "GE-XIII", "26")
    xvi = put(pos, "GE-XVI", "26")
    iit = put(pos, "FR-TG2", "26")
    vi, vii, xviii = put(pos, "FR-VI", "27"), put(pos, "FR-VII", "27"), put(pos, "FR-XVIII", "27")
    for h in ("25", "17", "36"):                  # three adjacent hexes with Allied units
        put(pos, "FR-51RD", h)
    pos.set("gi_blocks", [["allied", "35", "26"]])   # II T came from 35
    # activation 1: 27, move in: no battle (friendly units already in 26, 9.1.2 c)
    activation(pos, "allied", "27")
    pos.push(f"allied: move path={path(26)} units={ids([vi, vii, xviii])}")
    assert where(pos, vi) == "26"
    assert ["allied", "27", "26"] in pos.state.get("gi_blocks")          # 8.4.5 a
    pos.push("allied: resolve")
    # activation 2: 26, battle with the four French units
    activation(pos, "allied", "26")
    pos.push(f"allied: declare_battle hex=@26 units={ids([iit, vi, vii, xviii])}")
    pos.push("allied: resolve")
    pos.dice([2, 3])                                  # FoW 5: German Staff
    pos.push("allied: fight hex=@26")
    assert pos.state.get("german_cap") == 4           # +1 CAP
    b = pos.state.get("gi_battle")
    assert (b["tem"], b["trench"], b["conc"]) == (1, 2, -2)
    pos.push(f"german: place space=@bm-german-front-1 unit=#{xiii}")
    pos.push(f"german: place space=@bm-german-front-2 unit=#{xvi}")
    pos.push("german: done")
    pos.push(f"allied: place space=@bm-allied-front-1 unit=#{iit}")
    pos.push(f"allied: place space=@bm-allied-front-2 unit=#{xviii}")
    pos.push(f"allied: place space=@bm-allied-reserve-1 unit=#{vi}")
    pos.push(f"allied: place space=@bm-allied-reserve-2 unit=#{vii}")
    #  II T 5+1, XIII 4; XVIII 3+1, XVI 6; reserves: VI 1+1, VII 6
    pos.dice(5, 4, 3, 6, 1, 6)
    pos.push("allied: done")
    report = pos.state.get("combat_report")
    rolls = [(line["dice"], line["row"], line["result"]) for line in report["lines"] if line.get("dice")]
    assert rolls == [([5], "6", "miss"), ([4], "4", "hit"), ([3], "4", "hit"), ([6], "6", "miss"),
                     ([1], "2", "hit"), ([6], "7", "miss")]
    shifts = report["lines"][-1]["shifts"]
    assert sum(s[1] for s in shifts) == 1             # the net attacker DRM of the example
    assert pos.face(iit) == 1 and pos.face(xvi) == 1 and pos.face(xiii) == 1   # all DG
    assert pos.face(xviii) == 0 and pos.face(vi) == 0
    # retreat would be mandatory but the hex is entrenched (9.4.2): the German may stay
    assert pos.session.prompt().side == "german"
    refused(pos.session, "allied: resolve", "GI 8.1")
    pos.push("german: stay")
    assert where(pos, xiii) == "26" and where(pos, xvi) == "26"
