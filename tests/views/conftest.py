import pytest

from rulesdojo.state import GameModel


def board(*alice_and_nadia, **setup):
    alice, nadia = alice_and_nadia
    return GameModel.from_scenario({"name": "view test", "setup": {
        "players": [{"name": "Alice", **alice}, {"name": "Nadia", **nadia}], **setup}})


@pytest.fixture
def make_model():
    return board
