"""Every strategy card id is defined once (:mod:`modules.paths_of_glory.rules.card_ids`): the
constants match the module's cards, and no other rules file spells a card id."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from engine.modules import open_module
from modules.paths_of_glory.rules import card_ids

RULES = Path(card_ids.__file__).parent
CARD_ID = re.compile(r"^(ap|cp)_\d\d$")
#: Constants shorter than their card's title.
SHORT = {"ELEVENTH_ARMY": "11tharmy", "BREST_LITOVSK": "treatyofbrestlitovsk",
         "FOURTEEN_POINTS": "14points"}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))


def constants() -> dict[str, str]:
    return {name: value for name, value in vars(card_ids).items()
            if name.isupper() and isinstance(value, str)}


def test_every_card_has_one_constant_named_after_its_title():
    module = open_module("paths_of_glory")
    cards = {pid: pt for pid, pt in module.piece_types.items() if pt.kind == "card"}
    consts = constants()
    assert sorted(consts.values()) == sorted(cards)          # each card once, nothing else
    for name, cid in consts.items():
        words = _words(cards[cid].name)
        title = "".join(words[1:] if words[0] == "the" else words)
        # the title's words (a leading "The" dropped), then the card number or the side when
        # the title is printed on more than one card
        mine = [w for w in name.lower().split("_")
                 if w not in (str(cards[cid].attrs["number"]), "ap", "cp")]
        assert SHORT.get(name, "".join(mine)) == title, (name, cid, cards[cid].name)


def test_the_groups_name_cards():
    consts = set(constants().values())
    for name, value in vars(card_ids).items():
        if name.isupper() and isinstance(value, tuple):
            assert value and set(value) <= consts, name


def test_no_rules_file_spells_a_card_id():
    """``"cp_52"`` written anywhere but card_ids.py is a second definition of Fall of the Tsar."""
    found = []
    for path in sorted(RULES.glob("*.py")):
        if path.name == "card_ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and CARD_ID.match(node.value):
                found.append(f"{path.name}:{node.lineno} {node.value}")
    assert found == []
