"""numpy in and out: Board.from_numpy(), Board.forbidden_mask() and the batch
renju.forbidden_masks(), checked against forbidden_points() on the fixture corpus, the
benchmark positions and random positions (numpy is optional: the tests that need it
are skipped without it)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

import renju

REPO = Path(__file__).resolve().parents[2]
FIXTURES = [
    fx for path in sorted((REPO / "fixtures" / "positions").glob("*.txt"))
    for fx in renju.read_fixtures(path)
]
BENCH = [
    line.strip()
    for line in (REPO / "fixtures" / "bench" / "midgame_positions.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
KIND_CODES = {renju.FoulKind.OVERLINE: 1, renju.FoulKind.DOUBLE_FOUR: 2,
              renju.FoulKind.DOUBLE_THREE: 3}


def np_or_skip() -> Any:
    return pytest.importorskip("numpy", reason="numpy is not installed (optional dependency)")


def cells(board: renju.Board) -> Any:
    """The board as a (size, size) array of 0 / 1 / 2, from to_numpy()."""
    planes = np_or_skip().asarray(board.to_numpy(), dtype="int64")
    return planes[0] + 2 * planes[1]


def expected_mask(board: renju.Board) -> Any:
    """The foul codes of forbidden_points(), as a (size, size) uint8 array."""
    np = np_or_skip()
    mask = np.zeros((board.size, board.size), dtype=np.uint8)
    for point, foul in board.forbidden_points().items():
        mask[point.y, point.x] = KIND_CODES[foul.kind]
    return mask


def test_orientation_round_trip() -> None:
    """from_numpy() reads [y, x] with y = 0 the bottom row, as to_numpy() writes."""
    np = np_or_skip()
    board = renju.Board("h8 i9 a1 o15 b1")
    array = cells(board)
    assert array[0, 0] == 1 and array[14, 14] == 2 and array[0, 1] == 1
    copy = renju.Board.from_numpy(array)
    assert copy.to_diagram() == board.to_diagram() and copy.moves == []
    for dtype in (np.uint8, np.int8, np.int32, np.uint64, np.bool_):
        small = np.zeros((7, 7), dtype=dtype)
        small[0, 2] = 1
        b = renju.Board.from_numpy(small, rule="freestyle", to_move="white")
        assert b[renju.Point("c1")] == renju.Color.BLACK and b.to_move == renju.Color.WHITE
    fortran = np.asfortranarray(array)  # any memory order
    assert renju.Board.from_numpy(fortran).to_diagram() == board.to_diagram()


def test_mask_of_a_board() -> None:
    """forbidden_mask(): bool, or the foul codes with kinds=True."""
    np = np_or_skip()
    board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4")
    mask = board.forbidden_mask()
    assert mask.shape == (15, 15) and mask.dtype == np.bool_
    assert [tuple(p) for p in np.argwhere(mask)] == [(7, 7)]
    kinds = board.forbidden_mask(kinds=True)
    assert kinds.dtype == np.uint8 and kinds[7, 7] == 3 and int(kinds.sum()) == 3
    mask[0, 0] = True  # writable
    free = renju.Board("c3", rule="freestyle", size=9).forbidden_mask()
    assert free.shape == (9, 9) and not free.any()


@pytest.mark.parametrize("fixture", FIXTURES, ids=[fx.id for fx in FIXTURES])
def test_fixture_corpus(fixture: renju.Fixture) -> None:
    """Every fixture's masks (both readings) equal its forbidden_points() and its
    published maps; the batch agrees."""
    np = np_or_skip()
    for fmap in fixture.maps:
        reading = fmap.five_completion_counts
        board = fixture.to_board(five_completion_counts=reading)
        expected = expected_mask(board)
        published = np.zeros_like(expected)
        for point, kind in fmap.points.items():
            published[point.y, point.x] = KIND_CODES[kind]
        assert (expected == published).all()
        assert (board.forbidden_mask(kinds=True) == expected).all()
        batch = renju.forbidden_masks(cells(board)[None], rule=fixture.rule,
                                      five_completion_counts=reading, kinds=True)
        assert batch.shape == (1, board.size, board.size)
        assert (batch[0] == expected).all()
        again = renju.Board.from_numpy(cells(board), rule=fixture.rule,
                                       five_completion_counts=reading)
        assert again.forbidden_points() == board.forbidden_points()


def test_benchmark_positions_batch() -> None:
    """The 200 benchmark positions: the array batch, the move-list batch and
    forbidden_points() agree."""
    np = np_or_skip()
    boards = [renju.Board(line) for line in BENCH]
    stack = np.stack([cells(b) for b in boards]).astype(np.uint8)
    masks = renju.forbidden_masks(stack, kinds=True)
    assert masks.shape == (len(BENCH), 15, 15) and masks.dtype == np.uint8
    assert (renju.forbidden_masks(BENCH, kinds=True) == masks).all()
    flags = renju.forbidden_masks(stack)
    assert flags.dtype == np.bool_ and (flags == (masks > 0)).all()
    total = 0
    for board, mask in zip(boards, masks):
        assert (mask == expected_mask(board)).all()
        total += len(board.forbidden_points())
    assert int((masks > 0).sum()) == total > 100


def test_random_positions() -> None:
    """Random dense positions (any stones, set up): masks equal forbidden_points()."""
    np = np_or_skip()
    rng = random.Random(20261201)
    arrays = []
    for _ in range(300):
        density = rng.uniform(0.1, 0.6)
        arrays.append([[0 if rng.random() > density else rng.choice((1, 1, 2))
                        for _ in range(15)] for _ in range(15)])
    stack = np.array(arrays, dtype=np.int64)
    for reading in (False, True):
        masks = renju.forbidden_masks(stack, kinds=True, five_completion_counts=reading)
        for array, mask in zip(stack, masks):
            board = renju.Board.from_numpy(array, five_completion_counts=reading)
            assert (mask == expected_mask(board)).all()
    assert int((renju.forbidden_masks(stack) > 0).sum()) > 0


def test_other_rules_and_sizes() -> None:
    """Rule sets without forbidden moves give empty masks, on their board sizes."""
    np = np_or_skip()
    stack = np.ones((3, 19, 19), dtype=np.uint8)
    assert not renju.forbidden_masks(stack, rule="freestyle").any()
    assert renju.forbidden_masks(["j10 k11"], rule=renju.RuleSet.STANDARD,
                                 size=19).shape == (1, 19, 19)
    assert renju.forbidden_masks([]).shape == (0, 15, 15)
    assert renju.forbidden_masks(np.zeros((0, 15, 15), dtype=np.uint8)).shape == (0, 15, 15)
    with pytest.raises(renju.SetupError):
        renju.forbidden_masks(np.zeros((2, 19, 19), dtype=np.uint8))  # Renju is 15x15


def test_bad_input() -> None:
    """Bad cells, shapes, dtypes and move lists are clear errors."""
    np = np_or_skip()
    with pytest.raises(ValueError, match="3"):
        renju.Board.from_numpy(np.full((15, 15), 3))
    with pytest.raises(ValueError, match="position 1, cell 5"):
        bad = np.zeros((2, 15, 15), dtype=np.uint8)
        bad[1, 0, 5] = 9
        renju.forbidden_masks(bad)
    with pytest.raises(ValueError, match="-1"):
        renju.forbidden_masks(np.full((1, 15, 15), -1))
    with pytest.raises(ValueError, match="shape"):
        renju.forbidden_masks(np.zeros((15, 15), dtype=np.uint8))
    with pytest.raises(ValueError, match="square"):
        renju.Board.from_numpy(np.zeros((15, 14), dtype=np.uint8))
    with pytest.raises(TypeError, match="integer"):
        renju.forbidden_masks(np.zeros((1, 15, 15)))
    with pytest.raises(TypeError, match="one string"):
        renju.forbidden_masks("h8 i9")
    with pytest.raises(renju.ParseError, match="position 1") as err:
        renju.forbidden_masks(["h8", "h8 h8"])
    assert err.value.move_number == 2


def test_without_numpy_the_error_says_so() -> None:
    """Without numpy the module imports and the array functions raise ImportError."""
    if importlib.util.find_spec("numpy") is not None:
        pytest.skip("numpy is installed")
    for call in (lambda: renju.forbidden_masks(["h8"]), lambda: renju.Board().forbidden_mask(),
                 lambda: renju.Board.from_numpy([[0] * 15] * 15)):
        with pytest.raises(ImportError, match="numpy"):
            call()
