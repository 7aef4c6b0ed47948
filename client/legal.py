"""What the legal actions of an enforcing ruleset mean on the table (no pygame here).

The client knows nothing of any game's rules: it reads ``session.legal_actions()`` and sorts
each action by the shape of its plain-data params, so any enforcing ruleset gets the same
table. The conventions (which PoG follows and new rulesets should follow too):

* **movers** — the pieces an action moves or designates: ``pids`` (a list of piece ids),
  ``pid`` (one id) or ``unit`` (an id, or its digits as a string);
* **where** — the location it ends at or points to: ``to``, the last element of ``path``,
  ``space``, ``loc`` or ``frontal``. A value that is not a location id but names one as
  ``value:side`` (``"reserve"`` → ``"reserve:CP"``) is that side's location;
* **card** — ``card`` (a card's piece type id, or its piece id).

From that, an action is a *destination* (movers and where, e.g. move, sr, retreat, place: the
target of a drag), a *space* click (where only: activate, attack), a *unit* click (movers
only: add_attacker, take_loss; shown at the unit's space), a *card* play, or a *button*
(nothing to point at: done, end_move, resolve...). :class:`LegalIndex` is built once per state
(the table caches it by state hash) and answers what to highlight, what a click or a drop
means, and, for a refused drop, the action the player most likely meant (so the ruleset's
:meth:`check` can say which rule refuses it).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from engine.rules import Action
from engine.session import Session

#: Highlight categories, in the order one location shows them when several apply.
CATEGORIES = ("attack", "activate", "unit", "destination")

#: Readable labels for parameterless actions (the rest use the ruleset's notation).
LABELS = {
    "done": "Done", "end_move": "End movement", "end_sr": "End SR", "end_combats": "End combats",
    "resolve": "Resolve combat", "cancel_attack": "Cancel attack", "auto_op": "Automatic Operation",
    "stand": "Stand (no retreat)", "stop_advance": "No (more) advance", "done_cards": "Done with combat cards",
    "no_flank": "No flank attack", "accept_peace": "Accept peace terms", "refuse_peace": "Refuse peace terms",
    "peace_terms": "Offer peace terms", "operations": "Operations", "concede_vp": "Concede the VP",
}

WHERE_KEYS = ("to", "path", "space", "loc", "frontal")


@dataclass
class Option:
    """One legal action and what it points at."""
    action: Action
    category: str                    # "destination", "activate", "attack", "unit", "card", "button"
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
        """A readable one-liner: a known label for parameterless actions, else the ruleset's
        notation without the leading side."""
        key = id(option)
        if key not in self._labels:
            a = option.action
            if not a.params and a.kind in LABELS:
                text = LABELS[a.kind]
            else:
                try:
                    text = self.session.ruleset.notation(self.session.state, a)
                except Exception:  # notation is cosmetic
                    text = ""
                text = text or f"{a.kind} " + " ".join(f"{k}={v}" for k, v in a.params.items())
                for prefix in (f"{a.side}: ", f"{a.side} "):
                    if a.side and text.startswith(prefix):
                        text = text[len(prefix):]
                        break
                text = text[:1].upper() + text[1:]
            self._labels[key] = text
        return self._labels[key]

    def highlights(self, pids: Iterable[int] | None = None) -> dict[str, str]:
        """Location → category of every location the legal actions point at. With ``pids``,
        destinations only for actions moving some of those pieces."""
        chosen = set(pids) if pids is not None else None
        out: dict[str, str] = {}
        for o in self.options:
            if o.loc is None or o.category not in CATEGORIES:
                continue
            if chosen is not None and o.category == "destination" and not chosen & set(o.movers):
                continue
            have = out.get(o.loc)
            if have is None or CATEGORIES.index(o.category) < CATEGORIES.index(have):
                out[o.loc] = o.category
        return out

    def at(self, loc: str, pids: Iterable[int] = (), any_destination: bool = False) -> list[Option]:
        """The options a click on ``loc`` may mean: its space and unit actions, and the
        destinations there moving some of ``pids`` (the selected pieces) — or, with
        ``any_destination``, every destination there (shortest path per group of movers)."""
        chosen = set(pids)
        here = [o for o in self.options if o.loc == loc and o.category in CATEGORIES]
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
            if o.category == "card" and o.action.kind not in kinds:
                kinds.append(o.action.kind)
        return kinds

    def card_value(self, entry: dict) -> Any:
        """How this ruleset names ``entry`` in a ``card`` param: its id if the legal card
        plays use ids, else its type."""
        uses_ids = any(isinstance(o.card, int) for o in self.options if o.category == "card")
        return entry.get("id") if uses_ids else entry.get("type")

    def movers(self) -> set[int]:
        return {p for o in self.options if o.category == "destination" for p in o.movers}

    def drop(self, pids: list[int], target: str) -> Option | None:
        """The legal action a drop of ``pids`` on ``target`` means: among the destinations at
        ``target`` moving only dragged pieces, the one moving most of them, then the one with
        the shortest path."""
        dragged = set(pids)
        fits = [o for o in self.options if o.category == "destination" and o.loc == target
                and o.movers and set(o.movers) <= dragged]
        if not fits:
            return None
        return min(fits, key=lambda o: (-len(o.movers), o.steps, o.action.key()))

    def guess(self, pids: list[int], target: str, neighbours: Callable[[str], list[str]] | None,
              start: str | None) -> Action:
        """The action a refused drop most likely meant, for the ruleset to explain its refusal:
        shaped like the legal destination actions of these pieces (else of any piece; else a
        ``move`` with ``pids`` and ``path``), with a shortest map path when a path is wanted."""
        dragged = set(pids)
        mine = [o for o in self.options if o.category == "destination" and dragged & set(o.movers)]
        pool = mine or [o for o in self.options if o.category == "destination"]
        template = pool[0].action if pool else Action("move", self.side, {"pids": [], "path": []})
        movable = [p for p in pids if p in self.movers()] or list(pids)
        params: dict[str, Any] = {}
        for key, value in template.params.items():
            if key == "pids":
                params[key] = movable
            elif key in ("pid", "unit"):
                params[key] = movable[0] if isinstance(value, int) or not isinstance(value, str) else str(movable[0])
            elif key == "path":
                params[key] = route(neighbours, start, target) if neighbours and start else [target]
            elif key in ("to", "space", "loc"):
                # keep a symbolic value ("reserve") when it names the target for this side
                params[key] = value if _loc_value(self.session, value, template.side) == target else target
            else:
                params[key] = value
        return Action(template.kind, template.side or self.side, params)


def _shortest(options: list[Option]) -> list[Option]:
    """Of several options moving the same pieces to the same place, the shortest path."""
    best: dict[tuple, Option] = {}
    for o in options:
        k = (o.action.kind, o.movers, o.loc)
        if k not in best or o.steps < best[k].steps:
            best[k] = o
    return list(best.values())


def _loc_value(session: Session, value: Any, side: str) -> str | None:
    if not isinstance(value, str):
        return None
    locs = session.module.locations
    if value in locs:
        return value
    if side and f"{value}:{side}" in locs:
        return f"{value}:{side}"
    return None


def _piece_id(session: Session, value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    return value if isinstance(value, int) and value in session.state.pieces else None


def classify(session: Session, action: Action) -> Option:
    """Sort one legal action by the shape of its params (see the module docstring)."""
    p = action.params
    movers: tuple[int, ...] = ()
    if isinstance(p.get("pids"), list):
        movers = tuple(x for x in (_piece_id(session, v) for v in p["pids"]) if x is not None)
    else:
        for key in ("pid", "unit"):
            if key in p:
                pid = _piece_id(session, p[key])
                movers = (pid,) if pid is not None else ()
                break
    where, steps = None, 0
    for key in WHERE_KEYS:
        if key not in p:
            continue
        value = p[key]
        if key == "path":
            if isinstance(value, list) and value:
                steps = len(value)
                value = value[-1]
            else:
                continue
        where = _loc_value(session, value, action.side)
        if where is not None:
            break
    if movers and where is not None:
        return Option(action, "destination", where, movers, steps=steps)
    if where is not None:
        return Option(action, "attack" if "attack" in action.kind else "activate", where)
    if "card" in p:
        return Option(action, "card", None, movers, card=p["card"])
    if movers:
        loc = session.state.pieces[movers[0]].loc
        return Option(action, "unit", loc if loc in session.module.locations else None, movers)
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
