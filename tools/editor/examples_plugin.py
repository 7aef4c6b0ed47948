"""A pytest plugin (``-p tools.editor.examples_plugin``) that makes a module id resolve to an
edited source folder while the rules' example tests run (``tools.editor.examples``).

``WARTABLE_EDITED_MODULE=<id>=<folder>``: ``engine.modules.builtin_folder(<id>)`` returns
``<folder>`` (so ``open_module(<id>)`` builds the edited sources), and for the code-built
sample module (``skirmish``) ``engine.sample.sample_module()`` reads the folder instead. It is
loaded before any test module is imported, so names they import are already redirected.
"""
from __future__ import annotations

import os
from pathlib import Path

from engine import modules, sample
from engine.source import read_source

from .examples import ENV


def _redirect() -> None:
    value = os.environ.get(ENV, "")
    module_id, sep, folder = value.partition("=")
    if not sep:
        return
    path = Path(folder)
    original = modules.builtin_folder

    def builtin_folder(arg: str) -> Path:
        return path if arg == module_id else original(arg)

    modules.builtin_folder = builtin_folder
    if module_id == modules.SAMPLE_ID:
        def edited(*args: object, **kw: object):
            return read_source(path)
        sample.sample_module = edited
        modules.sample_module = edited


_redirect()
