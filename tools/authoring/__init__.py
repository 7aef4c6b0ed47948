"""The shared authoring toolkit (issue 25): what a script that generates a module's source folder
needs, and what the module editor's operations are built on.

* :mod:`.files` — CSV and TOML text as the source format reads it, comment lines, cell texts,
  the output folder (``$WARTABLE_AUTHORING_OUT`` redirects it for tests);
* :mod:`.provenance` — provenance targets (``location:<id>/<attr>``, ``table:<id>/<row>/<col>``...)
  and a log of ``(target, source)`` rows;
* :mod:`.hexes` — a hex grid addressed by the game's labels on ``engine.hexgrid`` (neighbours,
  printed columns and rows, pixels, brushes, hexside pairs, the hexes covering a board);
* :mod:`.grid_fit` — a grid fitted by least squares to hex centres picked on a map image.

Grand Illusion, France 1944 and Paths of Glory generate their sources with it
(``modules/<id>/authoring/make_module.py``).
"""
from .files import (OUT_ENV, boolean, cell_text, comment_lines, csv_text, flag, output_folder,
                    toml_str, write_csv, write_text)
from .grid_fit import GridFit, fit_grid
from .hexes import HexGrid, label_order, sequential_columns_params
from .provenance import ProvenanceLog, is_reconstructed

__all__ = ["OUT_ENV", "GridFit", "HexGrid", "ProvenanceLog", "boolean", "cell_text",
           "comment_lines", "csv_text", "fit_grid", "flag", "is_reconstructed", "label_order",
           "output_folder", "sequential_columns_params", "toml_str", "write_csv", "write_text"]
