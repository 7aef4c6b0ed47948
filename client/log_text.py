"""The log's text: one line per action of the game record, each roll followed by what it
showed (with its purpose when an action rolls several times), the notes the rules wrote while
applying it one per line below, and ``⚔`` on the actions that wrote a combat report (a click
on them reopens it). Memoised per entry, so a long game costs one new line per action."""
from __future__ import annotations

from engine import commands as C
from engine.record import Entry
from engine.reports import GLOBAL as REPORT

from .words import Words

COMBAT_MARK = "  ⚔"


def entry_text(e: Entry, words: Words | None = None) -> str:
    say = words or (lambda t: t)
    text = say(e.text)
    rolls = [r for r in e.commands if isinstance(r, C.Roll) and r.result is not None]
    for r in rolls:
        total = r.total
        text += f" → {', '.join(map(str, r.result))}" + \
            (f" (= {total})" if total is not None and len(r.result) > 1 else "") + \
            (f" ({r.purpose})" if len(rolls) > 1 and r.purpose else "")
    if any(isinstance(c, C.SetGlobal) and c.key == REPORT and isinstance(c.value, dict) for c in e.commands):
        text += COMBAT_MARK
    if e.action.verb != "note":   # what the rules did, step by step (their notes)
        for n in e.commands:
            if isinstance(n, C.Note) and n.text and n.text != e.text:
                text += f"\n   · {say(n.text)}"
    return text


class LogText:
    """The log's lines for one session's record, memoised by entry."""

    def __init__(self, words: Words | None = None) -> None:
        self.memo: list[tuple[Entry, str]] = []
        self.words = words

    def lines(self, entries: list[Entry]) -> list[str]:
        memo = self.memo
        keep = 0
        for (entry, _), e in zip(memo, entries):
            if entry is not e:
                break
            keep += 1
        del memo[keep:]
        for e in entries[keep:]:
            memo.append((e, entry_text(e, self.words)))
        return [t for _, t in memo]
