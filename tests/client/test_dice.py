"""The dice tray shows the engine's recorded roll: the physics decides how the dice tumble,
the record decides what they show (DESIGN principle 5)."""
from __future__ import annotations

import random

import pygame
import pytest

from client import actions
from client.dice_tray import DiceTray, _opp, roll_seed, simulate, toss_for_roll
from engine import commands as C

D6 = (1, 2, 3, 4, 5, 6)
COMBAT = (1, 1, 1, 2, 2, 3)


def test_every_toss_settles_on_the_drawn_values_for_thousands_of_seeds():
    rnd = random.Random(2024)
    tops_seen = set()
    for seed in range(2500):
        n = rnd.choice((1, 1, 2, 2, 3, 4, 6))
        faces = [COMBAT if seed % 4 == 0 else D6] * n
        values = [rnd.choice(f) for f in faces]
        toss = simulate(faces, values, seed, record=False)
        assert toss.shown() == values, f"seed {seed}: shows {toss.shown()} not {values}"
        assert toss.settled, f"seed {seed}: the dice were still moving at the end"
        tops_seen.update(toss.final_tops())
    assert tops_seen == set(range(6))  # every physical face ends on top for some toss


def test_the_toss_tumbles_and_really_moves():
    toss = simulate([D6, D6], [6, 1], seed=99)
    first, last = toss.frames[0], toss.frames[-1]
    for i in range(2):
        assert abs(last[i][0] - first[i][0]) > 50  # thrown across the tray
        tops = {f[i][3] for f in toss.frames}
        assert len(tops) >= 2  # it tipped over at least once on the way
    w, h = toss.tray
    for frame in toss.frames:
        for x, y, _, _ in frame:
            assert 0 < x < w and 0 < y < h  # the walls hold


def test_same_roll_same_toss_and_different_seeds_differ():
    a = simulate([D6] * 3, [2, 5, 5], seed=12345)
    b = simulate([D6] * 3, [2, 5, 5], seed=12345)
    assert a.frames == b.frames and a.labels == b.labels
    c = simulate([D6] * 3, [2, 5, 5], seed=12346)
    assert c.frames != a.frames


def test_standard_d6_labels_keep_opposite_faces_summing_to_seven():
    for seed in range(300):
        value = 1 + seed % 6
        toss = simulate([D6], [value], seed, record=False)
        lab = toss.labels[0]
        assert sorted(lab) == list(D6)
        assert all(lab[f] + lab[_opp(f)] == 7 for f in range(6))


def test_custom_die_keeps_its_faces():
    toss = simulate([COMBAT] * 3, [3, 1, 2], seed=5, record=False)
    assert all(sorted(lab) == sorted(COMBAT) for lab in toss.labels)
    assert toss.shown() == [3, 1, 2]
    with pytest.raises(ValueError):
        simulate([COMBAT], [6], seed=1)


def test_roll_seed_depends_on_the_roll_only():
    assert roll_seed("abc", "2d6", [1, 2], "x") == roll_seed("abc", "2d6", [1, 2], "x")
    assert roll_seed("abc", "2d6", [1, 2], "x") != roll_seed("abd", "2d6", [1, 2], "x")


def test_a_roll_action_is_tossed_showing_the_recorded_faces(table, session):
    table.do(actions.roll("blue", "3combat", "attack on 0904"))
    entry = session.record.entries[-1]
    roll = next(c for c in entry.commands if isinstance(c, C.Roll))
    assert table.tray.busy
    toss = table.tray.current.toss
    assert toss.shown() == roll.result
    assert "attack on 0904" in table.tray.current.caption
    assert "attack on 0904" in session.record.lines()[-1]
    assert table.log.entries[-1].endswith(", ".join(map(str, roll.result)) + f" (= {sum(roll.result)})")
    # undo + redo replays the same roll: the same toss
    frames = toss.frames
    session.pop()
    session.redo()
    assert table.tray.current.toss.frames == frames
    # the toss animates to rest, then the tray shows the caption
    surf = pygame.Surface((table.width, table.height))
    for _ in range(5):
        table.update(toss.duration / 4)
        table.draw(surf)
    assert table.tray.settled or not table.tray.busy


def test_toss_for_roll_uses_module_dice(module):
    toss = toss_for_roll(module, "2combat", [3, 1], seed=1, record=False)
    assert toss.faces == [COMBAT, COMBAT] and toss.shown() == [3, 1]
    toss = toss_for_roll(module, "2d6", [6, 6], seed=1)
    assert toss.shown() == [6, 6]


def test_tray_draws_the_dice(session, module):
    tray = DiceTray()
    toss = toss_for_roll(module, "1d6", [5], seed=3)
    tray.show(toss, "1d6: 5 — for a test")
    surf = pygame.Surface((500, 340))
    surf.fill((0, 0, 0))
    tray.finish()
    tray.draw(surf, pygame.Rect(0, 0, 480, 320))
    x, y, _, _ = toss.frames[-1][0]
    scale = min(480 / toss.tray[0], 290 / toss.tray[1])
    centre = (round(x * scale), round(y * scale))
    # a 5 has a pip at the centre of the die: ink there, die body next to it
    assert surf.get_at(centre)[:3] == (20, 20, 20)


def test_france_1944_custom_combat_dice_settle_on_the_drawn_faces():
    """Issue 10: France 1944's hit dice (faces 1,1,1,2,2,3, rulebook 9.5) are tossed with the
    module's own face list and come to rest showing the engine's recorded faces."""
    from engine.session import Session
    from engine.modules import open_module
    module = open_module("france_1944")
    session = Session.new(module, "falaise_gap", seed=5, ruleset="free")
    for n in range(1, 6):
        session.push(actions.roll("allied", f"{n}combat", "hits"))
        roll = next(c for c in session.record.entries[-1].commands if isinstance(c, C.Roll))
        assert all(v in (1, 2, 3) for v in roll.result)
        toss = toss_for_roll(module, f"{n}combat", roll.result, seed=n, record=False)
        assert toss.faces == [(1, 1, 1, 2, 2, 3)] * n
        assert toss.shown() == roll.result
