"""``wartable map``: ask a module's map questions from the shell, for module authors.

::

    wartable map MODULE neighbours LOC
    wartable map MODULE distance A B
    wartable map MODULE path A B [--unit PIECE_TYPE]
    wartable map MODULE los A B

Locations are given and printed by id, which for a hex is the game's own label (``3510``,
``16.36``, ``19``); a location's name (``Paris``) is accepted too when it is unique. One answer
per line, items separated by spaces.

* ``neighbours``: the adjacent locations (grid geometry and connections).
* ``distance``: hex distance on one grid, otherwise the fewest hops through the graph.
* ``path``: the cheapest path, costing 1 per location entered plus the hexside's ``mp_cost``
  attribute; ``impassable`` hexsides are refused. With ``--unit``, connections whose ``only``
  attribute (space-separated nationality ids) excludes the piece type's nationality are refused
  too, and the path must fit the movement allowance printed on its front face (value ``mf``,
  ``ma`` or ``mp``) when it has one.
* ``los``: ``clear``, ``blocked BY`` or ``too far N > M`` (N hexes, the longest line allowed M),
  from the hexes' ``elevation`` (int) attribute under the module's sight model, its
  ``line_of_sight`` table (default ``slope``: the ``blocks`` float attribute counts, rule in
  :func:`engine.search.line_of_sight`; see docs/source-format.md). The same function,
  :func:`client.los.sight`, answers the table's LOS tool.

Exit codes: 0 answered; 1 a user error (unknown module, location or piece type; no path),
explained in one line on stderr.
"""
from __future__ import annotations

import argparse
import sys

from engine.errors import WartableError

MOVEMENT_KEYS = ("mf", "ma", "mp")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("map", help="query a module's map: neighbours, distance, path, line of sight",
                       description="Answer map questions in the game's own hex labels.")
    p.add_argument("module", help="module file or id")
    q = p.add_subparsers(dest="query", metavar="QUERY", required=True)
    n = q.add_parser("neighbours", help="locations adjacent to LOC")
    n.add_argument("loc")
    for name, text in (("distance", "distance from A to B"), ("los", "line of sight from A to B")):
        d = q.add_parser(name, help=text)
        d.add_argument("a")
        d.add_argument("b")
    pa = q.add_parser("path", help="cheapest path from A to B")
    pa.add_argument("a")
    pa.add_argument("b")
    pa.add_argument("--unit", metavar="PIECE_TYPE", help="move as this piece type")
    p.set_defaults(func=run)


def _resolve(graph, module_id: str, text: str) -> str:
    if text in graph:
        return text
    folded = text.casefold()
    hits = [lid for lid, loc in graph.locations.items()
            if lid.casefold() == folded or loc.name.casefold() == folded]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise WartableError(f"location {text!r} is ambiguous in module {module_id}: {' '.join(hits)}")
    raise WartableError(f"unknown location {text!r} in module {module_id}")


def _path(module, graph, a: str, b: str, unit_id: str | None) -> list[str]:
    from engine.search import reachable
    nationality, budget = None, float("inf")
    if unit_id is not None:
        piece = module.piece_types.get(unit_id)
        if piece is None:
            raise WartableError(f"unknown piece type {unit_id!r} in module {module.id}")
        nationality = piece.nationality
        values = piece.faces[0].values if piece.faces else {}
        for key in MOVEMENT_KEYS:
            v = values.get(key)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                budget = float(v)
                break

    def cost(frm: str, to: str, edge):
        attrs = edge.attrs
        if attrs.get("impassable"):
            return None
        only = attrs.get("only")
        if nationality is not None and edge.kind == "connection" and only and \
                nationality not in str(only).split():
            return None
        extra = attrs.get("mp_cost", 0)
        return 1 + (extra if isinstance(extra, (int, float)) and not isinstance(extra, bool) else 0)

    reach = reachable(graph, a, budget, cost)
    if b not in reach:
        within = f" within its {budget:g} MP" if budget != float("inf") else ""
        who = f"{unit_id} " if unit_id else ""
        raise WartableError(f"no path for {who}from {a} to {b}{within}")
    return reach.path(b)


def _answer(args: argparse.Namespace) -> list[str]:
    from engine.board import MapGraph
    from engine.modules import open_module
    module = open_module(args.module)
    graph = MapGraph.from_module(module)
    if args.query == "neighbours":
        return [" ".join(graph.neighbours(_resolve(graph, module.id, args.loc)))]
    a, b = _resolve(graph, module.id, args.a), _resolve(graph, module.id, args.b)
    if args.query == "distance":
        d = graph.distance(a, b)
        if d is None:
            raise WartableError(f"{b} cannot be reached from {a}")
        return [str(d)]
    if args.query == "path":
        return [" ".join(_path(module, graph, a, b, args.unit))]
    from engine.los import sight, verdict
    return [verdict(sight(module, graph, a, b))]


def run(args: argparse.Namespace) -> int:
    """Answer one map query; 0 on success, 1 (message on stderr) on a user error."""
    try:
        lines = _answer(args)
    except WartableError as exc:
        print(f"wartable: {exc}", file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0
