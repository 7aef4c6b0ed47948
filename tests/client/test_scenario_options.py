"""Scenario options from the command line (``wartable play --option ID=VALUE``) and on the
start screen (a row per option of the selected scenario, click to cycle, Start game)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from client.app import App, play_session
from engine.saves import read_save
from tools.cli import build_parser, main

REPO = Path(__file__).resolve().parents[2]
POG_CAMPAIGN = ["goa_in_hand", "optional_cards", "hand_size_8", "trench_attempt_drm", "tournament",
                "tournament_bid"]


def E(kind, **kw):
    return pygame.event.Event(kind, **kw)


def hands(session):
    return {side: len(session.state.stacks.get(f"hand:{side}", ())) for side in ("AP", "CP")}


# -- command line -----------------------------------------------------------------------------------

def test_play_option_reaches_the_game():
    args = build_parser().parse_args(["play", "paths_of_glory", "--scenario", "campaign", "--seed", "3",
                                      "--option", "optional_cards=all", "--option", "trench_attempt_drm=on"])
    session = play_session(args)
    opts = session.state.globals["pog_options"]
    assert opts["optional_cards"] == "all" and opts["trench_attempt_drm"] == "on"
    assert opts["goa_in_hand"] == "off"                      # the others keep their defaults
    assert hands(session) == {"AP": 8, "CP": 8}
    assert session.record.header.options["optional_cards"] == "all"


def test_play_option_through_the_window_is_in_the_autosave(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", WARTABLE_DATA=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "tools.cli", "play", "paths_of_glory", "--scenario", "campaign",
                        "--option", "optional_cards=all", "--frames", "2"],
                       cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    saves = list((tmp_path / "autosave").glob("paths_of_glory-campaign-*.wtsave"))
    assert len(saves) == 1
    assert read_save(saves[0])["options"]["optional_cards"] == "all"


@pytest.mark.parametrize("item, words", [
    ("optional_cards=most", ["optional_cards", "'most'", "off, all"]),
    ("bidding=on", ["no option 'bidding'", "optional_cards", "tournament_bid"]),
    ("optional_cards", ["expected ID=VALUE"]),
])
def test_play_bad_option_is_one_line_exit_1(item, words, capsys):
    assert main(["play", "paths_of_glory", "--scenario", "campaign", "--option", item, "--frames", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wartable: ") and "Traceback" not in err
    for w in words:
        assert w in err


def test_play_option_with_load_or_without_module_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", "--load", str(tmp_path / "g.wtsave"), "--option", "optional_cards=all"])
    assert exc.value.code == 2
    assert "a saved game already has its options" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["play", "--option", "optional_cards=all"])
    assert exc.value.code == 2
    assert "--option needs a MODULE" in capsys.readouterr().err


# -- start screen ---------------------------------------------------------------------------------------

def _start_screen(app):
    app.show_start()
    screen = app.current
    screen.catalog.thread.join(60)
    return screen


def _scenario_rows(screen):
    return [r for r, cb in screen.targets if r.x > 60]   # the indented scenario rows


def test_start_screen_options_reach_the_session():
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), autosave=False)
    screen = _start_screen(app)
    surf = pygame.Surface((1280, 800))
    pog = next(s for s in screen.catalog.items if s.id == "paths_of_glory")
    assert pog.loaded and not pog.error
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=1))   # nothing there
    screen._expand(screen.catalog.items.index(pog))
    screen.draw(surf)
    assert screen.option_rows == []                                   # no scenario selected yet
    k = [sid for sid, _ in pog.scenarios].index("campaign")
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=_scenario_rows(screen)[k].center, button=1))
    assert app.current is screen and screen.selected == ("paths_of_glory", "campaign")
    screen.draw(surf)
    assert [oid for _, oid in screen.option_rows] == POG_CAMPAIGN
    assert screen.options()["optional_cards"] == "off"               # the default preselected
    row = dict((oid, r) for r, oid in screen.option_rows)
    screen.handle(E(pygame.MOUSEMOTION, pos=row["optional_cards"].center, rel=(0, 0), buttons=(0, 0, 0)))
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=row["optional_cards"].center, button=1))
    assert screen.options()["optional_cards"] == "all"
    # tournament_bid cycles through its 11 choices; right-click goes back
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=row["tournament_bid"].center, button=3))
    assert screen.options()["tournament_bid"] == "CP+5"
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=row["tournament_bid"].center, button=1))
    assert screen.options()["tournament_bid"] == "0"
    screen.draw(surf)
    # rules enforced (the start screen's default), so the option changes the set-up
    assert screen.enforce
    screen.draw(surf)
    assert screen.start_button.rect.w and surf.get_rect().contains(screen.start_button.rect)
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=screen.start_button.rect.center, button=1))
    session = app.current.session
    assert session.record.header.scenario == "campaign"
    assert session.record.header.options["optional_cards"] == "all"
    assert session.state.globals["pog_options"]["optional_cards"] == "all"
    assert hands(session) == {"AP": 8, "CP": 8}


def test_start_screen_keeps_choices_and_escape_closes_the_panel():
    started = []
    from client.app import open_module
    from client.start import StartScreen
    screen = StartScreen((1280, 800), open_module, lambda *a: started.append(a), lambda p: None,
                         lambda: started.append("quit"))
    screen.catalog.thread.join(60)
    screen.select_scenario("paths_of_glory", "campaign")
    screen.cycle_option("hand_size_8")
    screen.select_scenario("paths_of_glory", "introductory")
    assert screen.options() == {"goa_in_hand": "off"}
    screen.select_scenario("paths_of_glory", "campaign")
    assert screen.options()["hand_size_8"] == "on"                   # kept per scenario
    screen.handle(E(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert screen.selected is None and started == []
    screen.select_scenario("paths_of_glory", "campaign")
    screen.handle(E(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert started[-1][:3] == ("paths_of_glory", "campaign", True)
    assert started[-1][3]["hand_size_8"] == "on" and set(started[-1][3]) == set(POG_CAMPAIGN)
    screen.select_scenario("skirmish", "meeting")                   # no options: starts at once
    assert started[-1] == ("skirmish", "meeting", True, {})


def test_every_scenario_with_options_fits_at_1280x800():
    from client.app import open_module
    from client.start import StartScreen
    screen = StartScreen((1280, 800), open_module, lambda *a: None, lambda p: None, lambda: None)
    screen.catalog.thread.join(60)
    surf = pygame.Surface((1280, 800))
    seen = 0
    for k, summary in enumerate(screen.catalog.items):
        screen._expand(k)
        for sid, opts in summary.options.items():
            screen.select_scenario(summary.id, sid)
            screen.draw(surf)
            assert len(screen.option_rows) == len(opts), (summary.id, sid)
            assert all(surf.get_rect().contains(r) for r, _ in screen.option_rows)
            assert surf.get_rect().contains(screen.start_button.rect)
            seen += 1
    assert seen >= 10
    screen.resize((800, 480))          # a small window: fewer rows, nothing drawn outside it
    screen.draw(pygame.Surface((800, 480)))
    assert all(pygame.Rect(0, 0, 800, 480).contains(r) for r, _ in screen.option_rows)
