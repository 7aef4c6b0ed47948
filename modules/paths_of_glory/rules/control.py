"""Changing who controls a space (3.0.6). Forwards to :func:`tracks.set_control`, which keeps
the ``m_control`` markers and scores VP spaces (3.0.22). (Nothing in supply/status depends on
this file; another engineer may replace it.)"""
from __future__ import annotations

from .tracks import control_changed, set_control  # noqa: F401

__all__ = ["set_control", "control_changed"]
