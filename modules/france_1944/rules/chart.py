"""The Movement Point Expenditure chart (6.0), read from the module's ``increment_chart``
table: 20 boxes joined by lines, 5 on the top row; each box gives each movement-allowance
class (2, 3, 4, 6) its most MP with normal and with Administrative movement, and an attack
threshold ("2+", "3+", "4+", "6", or none: Movement only). The per-box values and the links
are reconstructed (PROVENANCE.md); what 6.0 prints — the five top boxes, the nine series and
the "4+" example box — is checked in tests/modules/test_france_1944_data.py.
"""
from __future__ import annotations

from .game import Game

CLASSES = (2, 3, 4, 6)
#: The first box of the chart is the amphibious option (12.8: "Amphibious Maneuver/Assault").
AMPHIBIOUS_BOX = 1


def box(g: Game, n: int) -> dict:
    return g.row("increment_chart", n)


def boxes(g: Game) -> list[int]:
    return [int(v) for v in g.table("increment_chart").rows.values]


def top_row(g: Game) -> list[int]:
    """6.0: the boxes a phase's first increment may use (the chart's first row)."""
    return [n for n in boxes(g) if int(box(g, n)["chart_row"]) == 1]


def following(g: Game, n: int) -> list[int]:
    """6.0: the boxes joined below box ``n`` (the next increment of a series)."""
    text = str(box(g, n)["next"]).strip()
    return [] if text in ("", "-") else [int(x) for x in text.split()]


def threshold(g: Game, n: int) -> int | None:
    """The least printed MPA that may attack in box ``n`` (6.0: "4+" = 4 or 6, "6" = 6 only);
    None for a Movement-only box (no number)."""
    text = str(box(g, n)["attack"]).strip()
    if text in ("", "-"):
        return None
    return int(text.rstrip("+"))


def mpa_class(mpa: int) -> int:
    """The chart column a movement allowance reads (0: the unit cannot move, 11.5)."""
    best = 0
    for c in CLASSES:
        if mpa >= c:
            best = c
    return best


def allowance(g: Game, n: int, mpa: int, admin: bool) -> int:
    """6.0: the most MP a piece of movement allowance ``mpa`` may spend in box ``n`` with
    normal or (5.3) Administrative movement."""
    c = mpa_class(mpa)
    if c == 0:
        return 0
    return int(box(g, n)[("adm" if admin else "mp") + str(c)])


def label(g: Game, n: int) -> str:
    t = threshold(g, n)
    return f"box {n}" + (f" ({t}{'+' if t < 6 else ''} may attack)" if t else " (Movement only)")
