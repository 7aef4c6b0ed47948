"""Words, not ids, in what a player reads (issue 18, friction 7).

Rules write their prompts, labels, notes and refusals for players, but an id slips through now
and then ("British corps in port_said reduced", "Phase end_of_turn", "reserve:CP"). Every text
the table shows from a ruleset goes through :class:`Words`, which puts back what the id names:

* a location id (``port_said``, ``reserve:CP``) → the location's name;
* a piece type id (``ap_31``, ``ge_8a``) → the piece's name (a card's with its number);
* any other ``snake_case`` word (``end_of_turn``, ``done_cards``) → the words (``end of turn``).

Only tokens that cannot be plain words are touched (they hold ``_`` or ``:``), so "Paris" or a
hex number stays as written. Nothing here needs pygame.
"""
from __future__ import annotations

import re

from engine.model import Module

_ID = re.compile(r"\b[A-Za-z0-9]+(?:[_:][A-Za-z0-9]+)+\b")


class Words:
    def __init__(self, module: Module) -> None:
        names: dict[str, str] = {}
        for pt in module.piece_types.values():
            number = pt.attrs.get("number") if pt.kind == "card" else None
            names[pt.id] = f"#{number} {pt.name}" if number not in (None, "") else pt.name
        for loc in module.locations.values():
            names[loc.id] = loc.label
        self.names = names
        self._memo: dict[str, str] = {}

    def token(self, tok: str) -> str:
        named = self.names.get(tok)
        if named:
            return named
        return tok.replace("_", " ") if "_" in tok else tok

    def __call__(self, text: str) -> str:
        """``text`` with every id in it put into words (memoised: texts repeat every frame)."""
        if not text or ("_" not in text and ":" not in text):
            return text
        done = self._memo.get(text)
        if done is None:
            done = _ID.sub(lambda m: self.token(m.group(0)), text)
            if len(self._memo) > 20000:
                self._memo.clear()
            self._memo[text] = done
        return done
