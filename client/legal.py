"""What the legal actions of an enforcing ruleset mean on the table (no pygame here).

The client knows nothing of any game's rules: it reads ``session.legal_actions()`` and sorts
each action by its typed targets (:mod:`engine.actions`), so any enforcing ruleset gets the same
table:

* a *destination* names pieces and a location (or a path, whose end is the location): the
  target of a drag (move, SR, retreat, place);
* a *space* names a location only: a click on it (activate); an *attack* is a space action
  the ruleset calls hostile (:meth:`engine.rules.Ruleset.hostile`);
* a *unit* names pieces only: a click on the unit (take a loss, add an attacker), shown at its
  location;
* a *card* names a card: a play from the hand;
* a *button* names nothing the table can point at (done, resolve...).

:class:`LegalIndex` is built once per state (the table caches it by state hash) and answers what
to highlight, what a click or a drop means and, for a refused drop, the action the player most
likely meant (so the ruleset's :meth:`check` can say which rule refuses it). For a dragged or
chosen piece it also asks the ruleset for that piece's own destinations, which a decision listed
in two steps (pick the unit, then where it goes) holds only after the pick. Every label comes
from the ruleset (:meth:`engine.rules.Ruleset.label`).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from engine.actions import Action, Card, Loc, Piece
from engine.session import Session

#: Highlight categories, in the order one location shows them when several apply.
CATEGORIES = ("attack", "space", "unit", "destination")


@dataclass
class Option:
    """One legal action and what it points at."""
    action: Action
    category: str                    # "destination", "space", "unit", "card", "button"
    loc: str | None = None           # where it is shown / dropped on
    movers: tuple[int, ...] = ()
    card: Any = None
    steps: int = 0                   # path length (the shortest matching path wins a drop)


@dataclass
class LegalIndex:
    """The legal actions of one state, sorted for the table."""
    session: Session
    side: str
    options: list[Option] = field(default_factory=list)
    _labels: dict[int, str] = field(default_factory=dict)
    _per_piece: dict[int, list[Option]] = field(default_factory=dict)

    @classmethod
    def build(cls, session: Session, side: str) -> "LegalIndex":
        index = cls(session, side)
        try:
            actions = list(session.legal_actions())
        except Exception:  # a ruleset failing to list its actions leaves the table usable
            actions = []
        index.options = [classify(session, a) for a in actions]
        return index

    # -- queries ------------------------------------------------------------------------------
    @property
    def actions(self) -> list[Action]:
        return [o.action for o in self.options]

    def label(self, option: Option) -> str:
        """The ruleset's words for the option (its notation without the side)."""
        key = id(option)
        if key not in self._labels:
            try:
                text = self.session.ruleset.label(self.session.state, option.action)
            except Exception:  # a label is cosmetic: never let it break the table
                text = option.action.verb.replace("_", " ").capitalize()
            self._labels[key] = text
        return self._labels[key]

    def piece_options(self, pid: int) -> list[Option]:
        """The destinations of piece ``pid`` the list does not hold, asked of the ruleset for
        that piece alone (``LegalActions.for_piece``): a ruleset listing a decision in two
        steps — pick the unit, then where it goes — offers the drag of that unit here."""
        found = self._per_piece.get(pid)
        if found is None:
            try:
                actions = list(self.session.legal_actions().for_piece(pid))
            except Exception:  # a ruleset failing to answer leaves the table usable
                actions = []
            listed = {o.action for o in self.options}
            found = [o for o in (classify(self.session, a) for a in actions if a not in listed)
                     if o.category == "destination"]
            self._per_piece[pid] = found
        return found

    def _options(self, pids: Iterable[int] | None) -> list[Option]:
        """The options, with the per-piece destinations of ``pids``."""
        extra = [o for p in (pids or ()) for o in self.piece_options(p)]
        return self.options + extra if extra else self.options

    def highlights(self, pids: Iterable[int] | None = None) -> dict[str, str]:
        """Location → category of every location the legal actions point at. With ``pids``,
        destinations only for actions moving some of those pieces."""
        chosen = set(pids) if pids is not None else None
        out: dict[str, str] = {}
        for o in self._options(chosen):
            if o.loc is None or o.category not in CATEGORIES:
                continue
            if chosen is not None and o.category == "destination" and not chosen & set(o.movers):
                continue
            have = out.get(o.loc)
            if have is None or CATEGORIES.index(o.category) < CATEGORIES.index(have):
                out[o.loc] = o.category
        return out

    def destinations(self, pids: Iterable[int]) -> set[str]:
        """Where the legal actions moving some of ``pids`` go (what a drag of them may reach),
        whatever else those locations offer."""
        chosen = set(pids)
        return {o.loc for o in self._options(chosen) if o.category == "destination"
                and o.loc is not None and chosen & set(o.movers)}

    def at(self, loc: str, pids: Iterable[int] = (), any_destination: bool = False) -> list[Option]:
        """The options a click on ``loc`` may mean: its space and unit actions, and the
        destinations there moving some of ``pids`` (the selected pieces) — or, with
        ``any_destination``, every destination there (shortest path per group of movers)."""
        chosen = set(pids)
        here = [o for o in self._options(chosen) if o.loc == loc and o.category in CATEGORIES]
        dests = [o for o in here if o.category == "destination"]
        mine = [o for o in dests if chosen & set(o.movers)]
        dests = mine if mine or not any_destination else dests
        return [o for o in here if o.category != "destination"] + _shortest(dests)

    def buttons(self) -> list[Option]:
        """Options with nothing on the map or in a hand to point at (done, resolve...)."""
        return [o for o in self.options if o.category == "button"]

    def card_options(self, entry: dict) -> list[Option]:
        """The legal plays of the hand card ``entry`` (a view entry: its type or id)."""
        keys = {entry.get("type"), entry.get("id")} - {None}
        return [o for o in self.options if o.category == "card" and o.card in keys]

    def card_kinds(self) -> list[str]:
        """Every kind of card play legal now (for any card), in first-seen order."""
        kinds: list[str] = []
        for o in self.options:
            if o.category == "card" and o.action.verb not in kinds:
                kinds.append(o.action.verb)
        return kinds

    def card_play(self, verb: str, card: str) -> Action:
        """A ``verb`` play of ``card``, shaped like the legal plays of that verb (with another
        card): asked of the ruleset, it says why this card may not be played so."""
        template = next(o.action for o in self.options if o.category == "card" and o.action.verb == verb)
        return template.with_targets(**{name: Card(card) for name, value in template.targets
                                        if isinstance(value, Card)})

    def movers(self) -> set[int]:
        return {p for o in self.options if o.category == "destination" for p in o.movers}

    def drop(self, pids: list[int], target: str) -> Option | None:
        """The legal action a drop of ``pids`` on ``target`` means: among the destinations at
        ``target`` moving only dragged pieces, the one moving most of them, then the one with
        the shortest path."""
        dragged = set(pids)
        fits = [o for o in self._options(dragged) if o.category == "destination" and o.loc == target
                and o.movers and set(o.movers) <= dragged]
        if not fits:
            return None
        return min(fits, key=lambda o: (-len(o.movers), o.steps, str(o.action)))

    def guess(self, pids: list[int], target: str, neighbours: Callable[[str], list[str]] | None,
              start: str | None) -> Action:
        """The action a refused drop most likely meant, for the ruleset to explain its refusal:
        shaped like the legal destination actions of these pieces (else of any piece; else a
        ``move`` with the pieces and a path), with a shortest map path when a path is wanted."""
        dragged = set(pids)
        mine = [o for o in self._options(dragged)
                if o.category == "destination" and dragged & set(o.movers)]
        pool = mine or [o for o in self.options if o.category == "destination"]
        movable = [p for p in pids if p in self.movers() or self.piece_options(p)] or list(pids)
        path = route(neighbours, start, target) if neighbours and start else [target]
        if not pool:
            return Action("move", self.side, pieces=tuple(Piece(p) for p in movable),
                          path=tuple(Loc(l) for l in path))
        template = pool[0].action
        targets: dict[str, Any] = {}
        for name, value in template.targets:
            if isinstance(value, tuple) and value and isinstance(value[0], Piece):
                targets[name] = tuple(Piece(p) for p in movable)
            elif isinstance(value, Piece):
                targets[name] = Piece(movable[0])
            elif isinstance(value, tuple) and value and isinstance(value[0], Loc):
                targets[name] = tuple(Loc(l) for l in path)
            elif isinstance(value, Loc):
                targets[name] = Loc(target)
            else:
                targets[name] = value
        return Action(template.verb, template.side or self.side, **targets)


def _shortest(options: list[Option]) -> list[Option]:
    """Of several options moving the same pieces to the same place, the shortest path."""
    best: dict[tuple, Option] = {}
    for o in options:
        k = (o.action.verb, o.movers, o.loc)
        if k not in best or o.steps < best[k].steps:
            best[k] = o
    return list(best.values())


def classify(session: Session, action: Action) -> Option:
    """Sort one legal action by its typed targets (see the module docstring)."""
    locs = session.module.locations
    movers = tuple(p for p in action.pieces if p in session.state.pieces)
    where = action.where
    where = where if where in locs else None
    if movers and where is not None:
        return Option(action, "destination", where, movers, steps=len(action.path))
    if where is not None:
        return Option(action, "attack" if session.ruleset.hostile(session.state, action) else "space",
                      where)
    if action.cards:
        return Option(action, "card", None, movers, card=action.cards[0])
    if movers:
        loc = session.state.pieces[movers[0]].loc
        return Option(action, "unit", loc if loc in locs else None, movers)
    return Option(action, "button")


def route(neighbours: Callable[[str], list[str]], start: str, target: str, limit: int = 4000) -> list[str]:
    """A shortest path from ``start`` to ``target`` (excluding ``start``) over the map graph;
    ``[target]`` when there is none (the ruleset then says why)."""
    if start == target:
        return [target]
    prev: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue and len(prev) < limit:
        here = queue.popleft()
        try:
            nbrs = neighbours(here)
        except Exception:  # an unknown location has no neighbours
            nbrs = []
        for n in nbrs:
            if n in prev:
                continue
            prev[n] = here
            if n == target:
                path = [n]
                while prev[path[-1]] not in (None, start):
                    path.append(prev[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            queue.append(n)
    return [target]


def short_labels(labels: list[str]) -> list[str]:
    """Labels of one card's plays without what they share: ``"Plays #12 German
    Reinforcements for 4 OPS"``, ``"... as an event"`` → ``"Play for 4 OPS"``, ``"Play as an
    event"`` (the card is named elsewhere). Unchanged unless two or more words are shared."""
    if len(labels) < 2:
        return list(labels)
    split = [l.split(" ") for l in labels]
    n = 0
    while all(len(w) > n + 1 for w in split) and len({tuple(w[n:n + 1]) for w in split}) == 1:
        n += 1
    while n > 2 and split[0][n - 1].islower():   # keep "for" / "as" with what follows
        n -= 1
    if n < 2:
        return list(labels)
    verb = split[0][0]
    verb = verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
    return [" ".join([verb] + w[n:]) for w in split]
