"""The module editor's model (issue 25), below any screen: an :class:`EditorSession` over a
module's source folder, the edits it makes (each one undo step), the problems ``validate``
finds attached to the elements they concern, provenance and the reconstructed values an owner of
the physical game can correct, and a check of the result against the rules' own examples.

The table's edit mode (issue 25 part 2) calls these and holds no editing logic of its own.
Nothing here imports pygame.
"""
from .core import Change, Draft, Edit, EditError, Step
from .corrections import Corrections
from .examples import ExampleCheck, example_tests, run_examples
from .ops_counters import (CounterDesign, DesignCounter, LayoutSlot, SetFaceValues, SetPieceAttrs,
                           SheetEntry, counter_sheet)
from .ops_map import (CalibrateGrid, Connect, Disconnect, ImportArt, LayHexes, MoveLocation,
                      NameLocation, PaintTerrain, PutBoard, PutSpace, RemoveLocation,
                      SetHexside, SetLocationAttr, brush, calibration, hex_grid)
from .ops_module import (Compound, PutDie, PutNationality, PutRule, PutSide, SetModuleInfo,
                         SetProvenance)
from .ops_scenarios import (Place, PutOption, PutScenario, ScenarioFromPosition, Unplace,
                            position_placements)
from .ops_tables import (AddColumn, AddRow, PutTable, RemoveColumn, RemoveRow, SetCell,
                         cell_source)
from .problems import Element, Problem
from .provenance import GROUPS, Item, reconstructed, source_of
from .session import EditorSession, SaveReport

__all__ = [
    "AddColumn", "AddRow", "CalibrateGrid", "Change", "Compound", "Connect", "Corrections",
    "CounterDesign", "DesignCounter", "Disconnect", "Draft", "Edit", "EditError", "EditorSession",
    "Element", "ExampleCheck", "GROUPS", "ImportArt", "Item", "LayHexes", "LayoutSlot",
    "MoveLocation", "NameLocation", "PaintTerrain", "Place", "Problem", "PutBoard", "PutDie",
    "PutNationality", "PutOption", "PutRule", "PutScenario", "PutSide", "PutSpace", "PutTable",
    "RemoveColumn", "RemoveLocation", "RemoveRow", "SaveReport", "ScenarioFromPosition",
    "SetCell", "SetFaceValues", "SetHexside", "SetLocationAttr", "SetModuleInfo",
    "SetPieceAttrs", "SetProvenance", "SheetEntry", "Step", "Unplace", "brush", "calibration",
    "cell_source", "counter_sheet", "example_tests", "hex_grid", "position_placements",
    "reconstructed", "run_examples", "source_of",
]
