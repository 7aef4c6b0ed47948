"""4.2.2 The Assignment Phase: the phasing player sets each army's Area of Assignment (5.1: by
placing its Army marker, readings R5), moves Assignment markers on the displays (5.2), relocates
an army depot (15.6.4) and activates or deactivates the Détachement d'Armée (17.2); at the end
every Support unit takes the army of the AoA it is in (5.0)."""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.rules import Violation

from . import control, org, substitutions
from .base import Decision
from .data import ENEMY
from .game import AM, CORPS, HELD, Game
from .prelim import free_hex

ARMY_MARKER_REACH = 4      # readings R5: an Army marker moves up to 4 hexes per Assignment Phase
VARIABLE_LIMIT = 3         # 5.2.2a
HKK = {"DE-Gd_C": ("DE3", "DE4"), "DE-5C": ("DE3", "DE4"), "DE-Jaeger_1": ("DE3", "DE4"),
       "DE-2C": ("DE1", "DE2", "BELGIEN"), "DE-4C": ("DE1", "DE2", "BELGIEN"), "DE-9C": ("DE1", "DE2", "BELGIEN"),
       "DE-Ba_C": ("DE6",), "DE-7C": ("DE6",), "DE-8C": ("DE6",), "DE-3C": ("DE4", "DE5"), "DE-6C": ("DE4", "DE5"),
       "DE-4_CC": ("DE4", "DE5")}


class OrgView:
    """The displays as one listing reads them (computed once per position)."""

    def __init__(self, g: Game, side: str):
        self.markers: dict[str, list[int]] = {}
        self.corps_markers: dict[str, dict[str, int]] = {}
        self.load: dict[tuple[str, str], float] = {}
        self.variable = 0
        for army, a in g.armies.items():
            if a.side != side:
                continue
            ms = list(g.state.stack(a.box))
            self.markers[army] = ms
            self.corps_markers[army] = {}
            for m in ms:
                piece = g.state.pieces[m]
                u = piece.props.get("unit")
                t = g.ut(u) if u in g.state.pieces else None
                if t is None:
                    continue
                corps = piece.props.get(CORPS, "")
                if t.train:
                    self.corps_markers[army][corps] = m
                elif t.combat:
                    self.load[(army, corps)] = self.load.get((army, corps), 0.0) + t.de
                    if t.corps and not t.cavalry and t.nat != "BE" and corps != t.corps:
                        self.variable += 1


def org_view(g: Game, side: str) -> OrgView:
    return g.cached("orgview:" + side, lambda: OrgView(g, side))


def markers_in(g: Game, army: str) -> list[int]:
    return list(g.state.stack(g.armies[army].box))


def corps_markers(g: Game, army: str) -> list[int]:
    return list(org_view(g, g.armies[army].side).corps_markers.get(army, {}).values())


def corps_load(g: Game, army: str, corps: str) -> float:
    """5.2.3: division-equivalents of the Formations in a corps box (a brigade counts 1/2)."""
    return org_view(g, g.armies[army].side).load.get((army, corps), 0.0)


def corps_limit(g: Game, army: str, corps: str) -> float:
    m = org_view(g, g.armies[army].side).corps_markers.get(army, {}).get(corps)
    if m is None:
        return 0.0
    return float(g.module.piece_types[g.state.pieces[m].type].attrs.get("corps_limit", 2) or 2)


def variable_count(g: Game, side: str) -> int:
    """5.2.2a: Formations with a printed corps designated Independent or in another corps."""
    return org_view(g, side).variable


def nationality_ok(g: Game, unit: int, army: str) -> bool:
    """5.2.5: Allied units only in an army of their nationality, except the Belgian army's RND,
    British Naval artillery, French Marine brigade and any one French division."""
    t = g.ut(unit)
    a = g.armies[army]
    if t.side != a.side:
        return False
    if t.side == "german" or t.nat == a.nat:
        return True
    if army == "BELGA":
        if t.id in org.FOREIGN_BELGA:
            return True
        if t.nat == "FR" and t.size == "division":
            others = [m for m in markers_in(g, "BELGA")
                      if g.ut(g.state.pieces[m].props["unit"]).nat == "FR"
                      and g.ut(g.state.pieces[m].props["unit"]).size == "division"]
            return not others
    return False


def army_change_refusal(g: Game, unit: int, army: str) -> Violation | None:
    t = g.ut(unit)
    if g.scenario() == "lorraine":
        return Violation(g.cite("29.3.3"), "in the Battle for Lorraine corps and Formations do not change army")
    if t.army and t.army != army:
        return Violation(g.cite("5.4"), "a unit with an army ID stays with that army")
    if not nationality_ok(g, unit, army):
        return Violation(g.cite("5.2.5"), "Allied units are assigned to an army of their own nationality")
    if g.gt < 18 and (army == "GDT" or g.army(unit) == "GDT"):
        return Violation(g.cite("22.3.1"), "before GT 18 the GDT is assigned to no army")
    if army == "PARIS" and t.nat != "FR":
        return Violation(g.cite("22.2.4"), "the Paris display holds French Formations")
    if g.gt < 10 and t.id in HKK and army not in HKK[t.id]:
        return Violation(g.cite("25.1"), "before GT 10 an HKK's cavalry stays with its armies")
    if g.army(unit) == "DE6" and g.get("plans", {}).get("DE_6th") in ("suspended", "active"):
        return Violation(g.cite("26.6.2a"), "the German 6th Army detaches no Formation before or while its plan is active")
    det = detachement_depot(g) if army == DETACHEMENT else None
    if det is not None and g.loc(det) == HELD:
        return Violation(g.cite("17.2.2"), "the Détachement d'Armée is deactivated: no unit is assigned to it")
    if g.army(unit) == "BELGIEN" and t.name.startswith("BELGIEN"):
        return Violation(g.cite("2.2.1"), "BELGIEN Formations stay with Armee-Gruppe Belgien")
    return None


# -- 17.2 the French Détachement d'Armée ----------------------------------------------------------

DETACHEMENT = "DET"


def detachement_depot(g: Game) -> int | None:
    """The Détachement d'Armée's depot while it is in play (on the map, or deactivated)."""
    return next((p for p in list(g.units_of("allied")) + list(g.state.stack(HELD))
                 if g.side(p) == "allied" and g.ut(p) is not None and g.ut(p).depot
                 and g.ut(p).army == DETACHEMENT), None)


def deactivation_refusal(g: Game, side: str) -> Violation | None:
    """17.2.2: a Détachement d'Armée with no Formation assigned may be removed from the map in
    the friendly Assignment Phase (reading R27: its display empty — no Formation and no Corps)."""
    depot = detachement_depot(g) if side == "allied" else None
    if depot is None or not g.on_map(depot):
        return Violation(g.cite("17.2"), "only the French Détachement d'Armée, while on the map, is deactivated")
    if markers_in(g, DETACHEMENT):
        return Violation(g.cite("17.2.2"), "a Détachement d'Armée with a Formation (or corps) assigned stays active")
    return None


def activation_hexes(g: Game, side: str) -> list[str]:
    """17.2.1: a deactivated Détachement d'Armée, from the GT after its deactivation, is placed
    on any friendly operational RR hex (not enemy-controlled or in an EZOC, 16.1.2)."""
    depot = detachement_depot(g) if side == "allied" else None
    if depot is None or g.loc(depot) != HELD or int(g.prop(depot, "deactivated", g.gt)) >= g.gt:
        return []
    out = sorted(h for h in control.operational(g, side) if free_hex(g, h, side))
    if g.scenario() == "race_to_the_sea":                 # 31.1: within two hexes of the map edge
        band = near_map_edge(g, 2)
        out = [h for h in out if h in band]
    return out


def near_map_edge(g: Game, reach: int) -> frozenset[str]:
    """The hexes in play within ``reach`` hexes of the edge of the map in play (a hex in play
    with fewer than six neighbours in play)."""
    def build() -> frozenset[str]:
        playable = g.rules.playable(g)
        nbrs = g.board.all_nbrs
        ring = {h for h in playable if sum(1 for n in nbrs.get(h, ()) if n in playable) < 6}
        seen = set(ring)
        for _ in range(reach):
            ring = {n for h in ring for n in nbrs.get(h, ()) if n in playable and n not in seen}
            seen |= ring
        return frozenset(seen)
    return g.cached(f"map_edge:{reach}", build)


def deactivate(g: Game, depot: int) -> None:
    """17.2.2: the depot and the Army marker leave the map; the display is out of use."""
    g.move_piece(depot, HELD)
    g.set_prop(depot, "deactivated", g.gt)
    marker = org.army_markers(g, "allied").get(DETACHEMENT)
    if marker is not None:
        g.move_piece(marker, HELD)
    g.note(f"Allied: the Détachement d'Armée is deactivated; it may return from GT {g.gt + 1} (17.2.2)")


def activate(g: Game, depot: int, to: str) -> None:
    """17.2.1: the depot (and its Army marker) on the chosen RR hex; its display in use at once."""
    g.set_prop(depot, "deactivated", None)
    g.move_piece(depot, to)
    marker = next((p for p in g.state.stack(HELD) if g.state.pieces[p].type == "M-army_plan"
                   and g.state.pieces[p].props.get("army") == DETACHEMENT), None)
    if marker is not None:
        g.move_piece(marker, to)
    else:
        org.place_army_markers(g, "allied")
    g.note(f"Allied: the Détachement d'Armée is activated at {g.hexname(to)} (17.2.1)")


class Assignment(Decision):
    """5.1.2: the phasing player designates each army's AoA and assigns corps and Formations."""
    name = "assignment"
    rule = "5.1.2"
    lines = {"place_army": "moves {marker} to {to}", "to_army": "reorganises an army display (5.2)",
             "to_corps": "reorganises an army display (5.2)", "relocate": "relocates {depot} to {to} (15.6.4)",
             "deactivate": "deactivates the Détachement d'Armée (17.2.2)",
             "activate": "activates the Détachement d'Armée at {to} (17.2.1)",
             "split": "splits {unit} back into its brigades (25.5)"}

    def begin(self, g: Game, frame: dict) -> None:
        org.place_army_markers(g, frame["side"])
        g.update(relocated=False)

    def ask(self, g: Game, frame: dict) -> str:
        verbs = {a.verb for a in self.actions(g, frame)}
        extra = "".join(text for verb, text in (("deactivate", ", deactivate the Détachement d'Armée (17.2.2)"),
                                                 ("activate", ", activate the Détachement d'Armée (17.2.1)"),
                                                 ("split", ", split Division Eichhorn (25.5)")) if verb in verbs)
        return ("Assignment Phase: place the Army markers that draw each army's Area of Assignment, reassign "
                f"corps and Formations on the displays, relocate a depot{extra}, then done")

    def marker_hexes(self, g: Game, frame: dict, marker: int) -> list[str]:
        side = frame["side"]
        here = g.loc(marker)
        playable = g.rules.playable(g)
        out = []
        for h in g.board.within(here, ARMY_MARKER_REACH):
            if h != here and h in playable and h in g.board.land and control.controlled_by(g, h, side) \
                    and not g.enemy_in(h, side):
                out.append(h)
        return out

    def actions(self, g: Game, frame: dict):
        return g.cached("assignment_actions", lambda: list(self._actions(g, frame)))

    def _actions(self, g: Game, frame: dict):
        side = frame["side"]
        for army, marker in sorted(org.army_markers(g, side).items()):
            for h in self.marker_hexes(g, frame, marker):
                yield self.offer("place_army", side, marker=marker, to=h)
        for army, a in g.armies.items():
            if a.side != side:
                continue
            for m in markers_in(g, army):
                unit = g.state.pieces[m].props.get("unit")
                if unit not in g.state.pieces:
                    continue
                for other in self.army_choices(g, frame, m):
                    yield self.offer("to_army", side, marker=m, army=other)
                for corps in self.corps_choices(g, frame, m):
                    yield self.offer("to_corps", side, marker=m, corps=corps)
        if not frame.get("relocated") and not g.get(f"relocated_gt_{side}") == g.gt:
            for depot, to in self.relocations(g, frame):
                yield self.offer("relocate", side, depot=depot, to=to)
        if side == "allied":                                              # 17.2
            depot = detachement_depot(g)
            if depot is not None and deactivation_refusal(g, side) is None:
                yield self.offer("deactivate", side, depot=depot)
            for h in activation_hexes(g, side):
                yield self.offer("activate", side, depot=depot, to=h)
        for pid in g.units_of(side) if g.scenario() != "lorraine" else ():   # 25.5, R28
            if g.state.pieces[pid].type in substitutions.REVERSIBLE and substitutions.reversal_refusal(g, pid) is None:
                yield self.offer("split", side, unit=pid)
        yield self.offer("done", side)

    def army_choices(self, g: Game, frame: dict, marker: int) -> list[str]:
        piece = g.state.pieces[marker]
        unit = piece.props["unit"]
        t = g.ut(unit)
        here = piece.loc[4:]
        out = []
        for army, a in g.armies.items():
            if army == here or a.side != frame["side"]:
                continue
            if army_change_refusal(g, unit, army) is not None:
                continue
            if t.train and len(corps_markers(g, army)) >= a.corps_boxes:
                continue
            if not t.train and piece.props.get(CORPS):
                continue                       # a corps' Formation goes with its corps
            if not t.train and not self.any_depot(g, army):
                continue
            out.append(army)
        return out

    def any_depot(self, g: Game, army: str) -> bool:
        armies = g.cached("deparmies:" + g.armies[army].side, lambda: frozenset(
            g.army(p) for p in g.units_of(g.armies[army].side) if g.ut(p).depot))
        return army in armies or army in ("PARIS", "GDT")

    def corps_choices(self, g: Game, frame: dict, marker: int) -> list[str]:
        piece = g.state.pieces[marker]
        unit = piece.props["unit"]
        t = g.ut(unit)
        if t.train or t.cavalry or t.nat == "BE":
            return []
        army = piece.loc[4:]
        current = piece.props.get(CORPS, "")
        out = []
        options = [""] + sorted(org_view(g, frame["side"]).corps_markers.get(army, {}))
        for c in options:
            if c == current:
                continue
            if self.corps_refusal(g, frame, marker, c) is None:
                out.append(c or "independent")
        return out

    def corps_refusal(self, g: Game, frame: dict, marker: int, corps: str) -> Violation | None:
        piece = g.state.pieces[marker]
        unit = piece.props["unit"]
        t = g.ut(unit)
        army = piece.loc[4:]
        if t.train:
            return Violation(g.cite("5.2.4"), "Corps markers never go in an Independent box")
        if t.cavalry and corps:
            return Violation(g.cite("5.2.4"), "cavalry Formations are only Independent")
        if g.scenario() == "lorraine":
            return Violation(g.cite("29.3.3"), "no changes of assignment in the Battle for Lorraine")
        variable_now = t.corps and piece.props.get(CORPS) != t.corps
        variable_after = t.corps and corps != t.corps
        if variable_after and not variable_now and variable_count(g, frame["side"]) >= VARIABLE_LIMIT:
            return Violation(g.cite("5.2.2a"), "no more than 3 Formations per side away from their printed corps")
        if corps and corps_load(g, army, corps) + t.de > corps_limit(g, army, corps) + 1e-9:
            return Violation(g.cite("5.2.3"), "over the corps' Assignment Limit")
        if not t.corps and corps and t.nat == "BE":
            return Violation(g.cite("24.1"), "Belgian Formations are Independent")
        return None

    def relocations(self, g: Game, frame: dict) -> list[tuple[int, str]]:
        """15.6.4: a depot goes on the track two GTs ahead; the destination is any friendly
        operational RR hex (reading R20: offered at the army's own Army marker's nearest one)."""
        side = frame["side"]
        ops = control.operational(g, side)
        out = []
        markers = org.army_markers(g, side)
        for pid in g.units_of(side):
            t = g.ut(pid)
            if not t.depot or not g.army(pid) or g.army(pid) not in markers:
                continue
            if g.scenario() == "lorraine":
                continue
            target = g.loc(markers[g.army(pid)])
            cands = sorted((h for h in ops if g.board.distance(h, target) <= 6 and h != g.loc(pid)),
                           key=lambda h: (g.board.distance(h, target), h))[:3]
            for h in cands:
                out.append((pid, h))
        return out

    # handlers
    def check_place_army(self, g: Game, frame: dict, marker: Piece, to: Loc) -> Violation | None:
        if marker not in org.army_markers(g, frame["side"]).values():
            return self.no(g, "5.1.1", "move one of your Army markers")
        if to in self.marker_hexes(g, frame, int(marker)):
            return None
        return self.no(g, "5.1.1", f"an Army marker stands in friendly-controlled territory within "
                                   f"{ARMY_MARKER_REACH} hexes (readings R5)")

    def on_place_army(self, g: Game, frame: dict, marker: Piece, to: Loc) -> None:
        """Move this Army marker (its army's AoA follows)"""
        g.move_piece(int(marker), str(to))

    def check_to_army(self, g: Game, frame: dict, marker: Piece, army: str) -> Violation | None:
        if marker not in g.state.pieces or g.state.pieces[marker].loc[4:] not in g.armies:
            return self.no(g, "5.2", "move an Assignment marker of yours")
        if army not in g.armies or army not in self.army_choices(g, frame, int(marker)):
            unit = g.state.pieces[marker].props.get("unit")
            if army in g.armies and unit in g.state.pieces:
                why = army_change_refusal(g, unit, army)
                if why:
                    return why
                if g.ut(unit).train:
                    return self.no(g, "5.1.3", "the army has no free Corps box")
            return self.no(g, "5.2", "a Formation in a corps moves with its corps")
        return None

    def on_to_army(self, g: Game, frame: dict, marker: Piece, army: str) -> None:
        """Assign to another army"""
        piece = g.state.pieces[marker]
        unit = piece.props["unit"]
        old = piece.loc[4:]
        g.move_piece(int(marker), g.armies[army].box)
        if g.ut(unit).train:                              # the corps' Formations follow it
            corps = g.ut(unit).corps
            for m in list(markers_in(g, old)):
                if g.state.pieces[m].props.get(CORPS) == corps:
                    g.move_piece(m, g.armies[army].box)

    def check_to_corps(self, g: Game, frame: dict, marker: Piece, corps: str) -> Violation | None:
        if marker not in g.state.pieces or g.state.pieces[marker].loc[4:] not in g.armies:
            return self.no(g, "5.2", "move an Assignment marker of yours")
        c = "" if corps == "independent" else corps
        return self.corps_refusal(g, frame, int(marker), c)

    def on_to_corps(self, g: Game, frame: dict, marker: Piece, corps: str) -> None:
        """Put it in this corps' box (or the Independent box)"""
        org.set_corps(g, int(marker), "" if corps == "independent" else corps)

    def on_relocate(self, g: Game, frame: dict, depot: Piece, to: Loc) -> None:
        """Relocate the army's depot (15.6.4)"""
        arrive = g.gt + 2
        g.set_prop(int(depot), "relocate", {"to": str(to), "gt": arrive})
        g.move_piece(int(depot), f"track:gt{min(arrive, 30):02d}")
        g.set(f"relocated_gt_{frame['side']}", g.gt)
        g.update(relocated=True)

    def check_deactivate(self, g: Game, frame: dict, depot: Piece) -> Violation | None:
        why = deactivation_refusal(g, frame["side"])
        if why is None and depot != detachement_depot(g):
            return self.no(g, "17.2", "only the Détachement d'Armée's depot is deactivated")
        return why

    def on_deactivate(self, g: Game, frame: dict, depot: Piece) -> None:
        """Deactivate the Détachement d'Armée (17.2.2)"""
        deactivate(g, int(depot))

    def check_activate(self, g: Game, frame: dict, depot: Piece, to: Loc) -> Violation | None:
        d = detachement_depot(g) if frame["side"] == "allied" else None
        if d is None or depot != d or g.loc(d) != HELD:
            return self.no(g, "17.2.1", "only a deactivated Détachement d'Armée is activated")
        if int(g.prop(d, "deactivated", g.gt)) >= g.gt:
            return self.no(g, "17.2.2", "the Détachement may be activated from the GT after its deactivation")
        if to not in activation_hexes(g, frame["side"]):
            return self.no(g, "17.2.1", "its depot goes on a friendly operational RR hex (not in an enemy zone "
                                        "of control, 16.1.2)")
        return None

    def on_activate(self, g: Game, frame: dict, depot: Piece, to: Loc) -> None:
        """Activate the Détachement d'Armée here (17.2.1)"""
        activate(g, int(depot), str(to))

    def check_split(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in g.state.pieces or g.side(int(unit)) != frame["side"]:
            return self.no(g, "25.5", "split a division of yours")
        if g.scenario() == "lorraine":
            return Violation(g.cite("29.3.3"), "no changes of assignment in the Battle for Lorraine")
        return substitutions.reversal_refusal(g, int(unit))

    def on_split(self, g: Game, frame: dict, unit: Piece) -> None:
        """Split Division Eichhorn back into its brigades (25.5)"""
        substitutions.reverse(g, int(unit))

    def on_done(self, g: Game, frame: dict) -> None:
        """Done with the assignments"""
        org.set_support_armies(g, frame["side"])
        g.end()
