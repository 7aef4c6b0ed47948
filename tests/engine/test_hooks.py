"""Hook points: veto, fold, any and notify, checked when the table is built."""
from __future__ import annotations

import pytest

from engine.hooks import HookError, HookPoint, Hooks
from engine.rules import Violation

POINTS = (HookPoint("attack_allowed", "veto", "may this attack happen?"),
          HookPoint("activation_cost", "fold", "what activating a space costs"),
          HookPoint("trench_ignored", "any", "is the trench shift ignored?"),
          HookPoint("round_ended", "notify", "an action round ended"))


def test_each_kind_of_hook():
    seen = []
    hooks = Hooks(POINTS, [
        {"attack_allowed": [lambda side: None, lambda side: Violation("X 1", side)],
         "activation_cost": [lambda cost, n: cost + n, lambda cost, n: cost * 2]},
        {"trench_ignored": [lambda: False, lambda: True], "round_ended": [seen.append]},
    ])
    assert hooks.veto("attack_allowed", "CP") == Violation("X 1", "CP")
    assert hooks.fold("activation_cost", 1, 2) == 6            # attached order: (1 + 2) * 2
    assert hooks.any("trench_ignored") is True
    hooks.notify("round_ended", "r1")
    assert seen == ["r1"]
    assert Hooks(POINTS).veto("attack_allowed", "CP") is None  # nothing attached: no veto


def test_the_table_is_checked():
    with pytest.raises(HookError, match="no hook point 'atack_allowed'"):
        Hooks(POINTS, [{"atack_allowed": [lambda side: None]}])
    with pytest.raises(HookError, match="is a veto hook, asked as fold"):
        Hooks(POINTS).fold("attack_allowed", 0)
    with pytest.raises(HookError, match="kind 'maybe'"):
        HookPoint("x", "maybe", "")


def test_combat_reports_are_checked():
    from engine.reports import check_report
    good = {"title": "Attack on 0204", "attacker": "blue", "defender": "red", "stage": "resolved",
            "lines": [{"who": "blue", "what": "fires on the CRT", "column": "3:1",
                       "shifts": [["forest", -1]], "dice": [4], "result": "DR"}],
            "outcome": ["red retreats"]}
    assert check_report(good) == []
    bad = dict(good, stage="later", lines=[{"what": "x", "shifts": [["forest", "-1"]], "colour": 1}])
    assert check_report(bad) == ["stage must be one of declared, resolved",
                                 "line 1: unknown keys ['colour']",
                                 "line 1: shifts are [reason, amount] pairs"]
