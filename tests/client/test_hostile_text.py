"""Text the table draws may be hostile (issue 20): a lone surrogate from a save or turn file, a
NUL character from a module (valid UTF-8). SDL_ttf refuses both; the fonts draw them as U+FFFD,
and a turn file carrying one is refused before its note reaches the screen."""
from __future__ import annotations

import json

import pygame
import pytest

from client import fonts
from engine.pbem import PbemError, read_turn
from tools.hostile import base_record, turn_file

HOSTILE = ["\ud800", "a\udfffb", "\udcff" * 4, "nul\x00", "\x00", "mixed \ud83d\x00 text"]


@pytest.mark.parametrize("text", HOSTILE)
def test_every_font_helper_draws_hostile_text(text: str) -> None:
    f = fonts.font(14)
    assert isinstance(f, fonts.Font)
    for surf in (fonts.render(text, 14, (0, 0, 0)), fonts.text(text, 14, (0, 0, 0)),
                 fonts.render(text, 14, (0, 0, 0), bold=True, mono=True),
                 f.render(text, True, (0, 0, 0), (255, 255, 255))):
        assert isinstance(surf, pygame.Surface) and surf.get_width() > 0
    assert f.size(text)[0] > 0
    assert fonts.wrap(f"{text} {text}", f, 40)
    assert fonts.elide(text * 20, f, 30)
    assert fonts.fit(text, 14, 500) is not None


def test_the_replacement_is_the_replacement_character() -> None:
    assert fonts.drawable("a\ud800b\x00") == "a\ufffdb\ufffd"
    assert fonts.drawable("plain") == "plain" and fonts.drawable(b"\x00") == b"\x00"


def test_a_turn_file_with_a_lone_surrogate_note_is_refused(tmp_path) -> None:
    path = tmp_path / "t.wtpbem"
    text = json.dumps(turn_file(base_record(), "NOTE")).replace('"NOTE"', '"\\ud800"')
    path.write_text(text, encoding="ascii")
    with pytest.raises(PbemError, match="lone surrogate"):
        read_turn(path)


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom", "fifo"])
def test_a_turn_file_that_is_a_device_or_fifo_is_refused_at_once(tmp_path, special) -> None:
    import os
    path = tmp_path / "f.wtpbem" if special == "fifo" else special
    if special == "fifo":
        os.mkfifo(path)
    with pytest.raises(PbemError, match="not a regular file"):
        read_turn(path)
