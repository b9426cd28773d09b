"""Zobrist keys are a published contract: start keys pinned here and in the rules page."""

from __future__ import annotations

import pytest

import ludorum

START_KEYS = [
    ("chinese_checkers", {"players": 2, "pieces": 15}, 0xFD8C406F6287C7D1),
    ("chinese_checkers", {"players": 2, "pieces": 10}, 0xBBE3B4BF6DD6F60D),
    ("chinese_checkers", {"players": 3}, 0x23FFAED3DB8D24FC),
    ("chinese_checkers", {"players": 4}, 0x73F9887264A4C981),
    ("chinese_checkers", {"players": 6}, 0xF75D175DCA545144),
    ("domination", {"players": 2, "first_player": 0}, 0xED3AC371883D7028),
    ("domination", {"players": 3, "first_player": 0}, 0xF4B5F8E2F8441970),
    ("domination", {"players": 4, "first_player": 0}, 0x6AE1B1DD8D3616EA),
    ("dominions", {}, 0xD98884049738A5F0),
    ("armadora", {"players": 2}, 0xE221A2FFFB22114C),
    ("armadora", {"players": 3}, 0x2AE182140DBEFF1B),
    ("armadora", {"players": 4}, 0x5E87CE0E3605EFF4),
    ("so_long_sucker", {}, 0x7A34008938DAC658),
    ("so_long_sucker", {"first_player": 0}, 0x266E06B074618BBB),
    ("so_long_sucker", {"players": 2}, 0xC414AAE556CA8D21),
    ("so_long_sucker", {"players": 3}, 0xB24F5994AFDA0C05),
    ("so_long_sucker", {"players": 5}, 0xAF178C827F70A8DD),
    ("so_long_sucker", {"players": 6}, 0xEB33AD578F570AA3),
]


@pytest.mark.parametrize(("game", "options", "key"), START_KEYS, ids=str)
def test_start_keys_are_pinned(backend: str, game: str, options: dict, key: int) -> None:
    assert ludorum.new(game, backend=backend, **options).key == key


def test_key_depends_only_on_position_and_player_to_move(backend: str) -> None:
    a = ludorum.new("chinese_checkers", backend=backend, area="free")
    b = ludorum.new("chinese_checkers", backend=backend, area="free")
    for move in ["e5-f5", "m5-l5", "e6-f6", "m6-l6"]:
        a.play(move)
    for move in ["e6-f6", "m6-l6", "e5-f5", "m5-l5"]:
        b.play(move)
    assert a.key == b.key and a.to_json() != b.to_json()
    a.play("f5-e5")
    assert a.key != b.key
