"""HAL9000 outside its strategy trees, held to tight figures: every secret of a 4-peg, 4-colour
game with only four guesses. Its end-game look-ahead (planning the last moves when few codes are
left) is what wins all of them within the limit at this average; greedy choice alone does worse."""

from __future__ import annotations

import itertools
import random

from mastermind import Config, solve

TIGHT = Config(pegs=4, colors=4, max_guesses=4)


def test_hal_wins_every_4x4_game_within_four_guesses_at_a_tight_average():
    letters = "".join(TIGHT.letters)
    secrets = ["".join(code) for code in itertools.product(letters, repeat=TIGHT.pegs)]
    # One fixed generator per secret: the same figures on every run (HAL only samples with it).
    counts = [len(solve(secret, TIGHT, rng=random.Random(index))) for index, secret in enumerate(secrets)]
    assert max(counts) <= TIGHT.max_guesses
    assert sum(counts) <= 910, f"average {sum(counts) / len(counts):.3f} guesses"  # 3.555; greedy alone: 3.6
