"""Hostile inputs to the environments (issue 43): a batch too large for memory, plane
lists of millions of names, actions of the wrong type (a bool, a float, a str, an
integer past int64, a masked array), steps after an episode lost to an illegal action,
a finished_record past the games, and a VecEnv shared by two threads. Each gives a clear
error at once, never an abort or a move played."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from typing import Any, Callable

import numpy as np
import pytest

import renju.env
from renju.env import ActionError, EnvGame, VecEnv


def test_a_batch_larger_than_memory_is_a_memory_error() -> None:
    # Under a 4 GB address space, 2**20 games (about 12 KB each at their peak) cannot
    # be had: MemoryError at once, where the process used to abort.
    code = (
        "import time, renju.env\n"
        "t = time.monotonic()\n"
        "try:\n"
        "    renju.env.VecEnv(1 << 20)\n"
        "    print('created')\n"
        "except MemoryError as e:\n"
        "    print('MemoryError', round(time.monotonic() - t, 2), e)\n"
    )
    script = f'ulimit -v 4000000 && exec "{sys.executable}" -c "$0"'
    done = subprocess.run(["sh", "-c", script, code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    word, seconds, message = done.stdout.split(" ", 2)
    assert word == "MemoryError", done.stdout
    assert float(seconds) < 2.0, done.stdout
    assert "1048576 games need about" in message


@pytest.mark.parametrize("planes", [["previous-64"] * 300_000, ["own"] * 20_000_000])
def test_huge_plane_lists_are_refused_at_once(planes: list[str]) -> None:
    started = time.monotonic()
    with pytest.raises(ValueError, match="is asked for twice"):
        EnvGame(planes=planes).observation()
    with pytest.raises(ValueError, match="is asked for twice"):
        VecEnv(1, planes=planes)
    assert time.monotonic() - started < 1.0


def test_planes_are_a_list_of_names_not_a_str() -> None:
    with pytest.raises(TypeError, match="not a str"):
        EnvGame(planes="own")
    assert EnvGame(planes=("own", "opponent")).observation().shape == (2, 15, 15)


WRONG_TYPES: list[Any] = [True, False, np.bool_(True), 1.7, np.float64(2.0), "5", None]


@pytest.mark.parametrize("action", WRONG_TYPES)
def test_vecenv_and_envgame_refuse_what_is_not_an_integer(action: Any) -> None:
    env = VecEnv(2)
    with pytest.raises(TypeError, match="game 1"):
        env.step([0, action])
    with pytest.raises(TypeError):
        EnvGame().step(action)
    assert env.game(0).actions == []


@pytest.mark.parametrize("action", [112, np.int64(112), np.uint8(112), np.int32(112), np.array(112)])
def test_integers_of_every_kind_are_actions(action: Any) -> None:
    env = VecEnv(1)
    env.step([action])
    game = EnvGame()
    game.step(action)
    assert env.game(0).actions == game.actions == [112]


@pytest.mark.parametrize("action", WRONG_TYPES)
def test_the_wrappers_refuse_what_vecenv_refuses(action: Any) -> None:
    gym = renju.env.RenjuEnv()
    gym.reset()
    with pytest.raises(TypeError):
        gym.step(action)
    lose = renju.env.RenjuEnv(illegal="lose")
    lose.reset()
    with pytest.raises(TypeError):
        lose.step(action)
    assert gym.record().moves == lose.record().moves == []
    aec = renju.env.aec_env(illegal="lose")
    with pytest.raises(TypeError):
        aec.step(action)
    assert aec.record().moves == [] and not any(aec.terminations.values())


@pytest.mark.parametrize("action", [112, np.int64(112), np.uint8(112), np.array(112)])
def test_the_wrappers_take_integers_of_every_kind(action: Any) -> None:
    gym = renju.env.RenjuEnv()
    gym.reset()
    gym.step(action)
    aec = renju.env.aec_env()
    aec.step(action)
    assert [str(m) for m in gym.record().moves] == [str(m) for m in aec.record().moves] == ["h8"]


def test_after_an_illegal_action_lost_the_episode_is_over() -> None:
    gym = renju.env.RenjuEnv(illegal="lose")
    gym.reset(seed=1)
    gym.step(112)
    obs, reward, terminated, _, info = gym.step(112)  # occupied: lost
    assert (reward, terminated, info["ending"]) == (-1.0, True, "illegal-action")
    assert not obs["action_mask"].any() and not info["action_mask"].any()
    with pytest.raises(ActionError, match="the game is over"):
        gym.step(113)
    assert [str(m) for m in gym.record().moves] == ["h8"]
    gym.reset()
    gym.step(113)


def test_after_a_five_the_lose_mode_refuses_steps_too() -> None:
    gym = renju.env.RenjuEnv(illegal="lose")
    gym.reset()
    for a in (112, 0, 113, 1, 114, 2, 115, 3):
        gym.step(a)
    _, reward, terminated, _, _ = gym.step(116)
    assert (reward, terminated) == (1.0, True)
    with pytest.raises(ActionError, match="the game is over"):
        gym.step(4)


def test_a_terminated_agent_has_an_all_zero_mask() -> None:
    aec = renju.env.aec_env(illegal="lose")
    aec.step(112)
    aec.step(112)  # White plays on Black's stone: lost
    assert all(aec.terminations.values())
    for agent in aec.possible_agents:
        assert not aec.observe(agent)["action_mask"].any(), agent
    assert aec.rewards == {"black": 1.0, "white": -1.0}


def test_an_integer_past_int64_is_out_of_range_naming_the_game() -> None:
    env = VecEnv(3)
    for actions in ([0, 2**40, 0], [0, 2**63, -1], [0, 2**64, 0], (-1, 2**70, 0)):
        with pytest.raises(ActionError, match=r"game 1: action \d+ is out of range \(0\.\.226\)") as e:
            env.step(actions)
        assert e.value.game == 1 and e.value.action == actions[1]
    with pytest.raises(ActionError, match=r"game 2: action 18446744073709551615 is out of range"):
        env.step(np.array([0, 0, 2**64 - 1], dtype=np.uint64))
    with pytest.raises(ActionError, match="out of range"):
        EnvGame().step(2**64)
    assert all(env.game(i).actions == [] for i in range(3))


def test_a_masked_array_is_refused() -> None:
    env = VecEnv(2)
    masked = np.ma.masked_array([112, 5], mask=[False, True])
    with pytest.raises(TypeError, match="masked array"):
        env.step(masked)
    assert env.game(1).actions == []
    env.step(masked.filled(7))
    assert env.game(1).actions == [7]


def test_finished_record_past_the_games_is_an_index_error() -> None:
    env = VecEnv(2)
    with pytest.raises(IndexError, match="game 99 does not exist"):
        env.record(99)
    with pytest.raises(IndexError, match="game 99 does not exist"):
        env.finished_record(99)
    assert env.finished_record(1) is None


def test_a_vecenv_used_by_two_threads_says_it_is_single_threaded() -> None:
    env = VecEnv(20_000)
    errors: list[BaseException] = []
    stop = time.monotonic() + 3.0

    def play() -> None:
        while time.monotonic() < stop and not errors:
            try:
                env.step(env.random_actions())
            except RuntimeError as e:
                errors.append(e)

    threads = [threading.Thread(target=play) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors, "two threads never met in 3 s"
    assert "single-threaded" in str(errors[0]) and "another thread" in str(errors[0])
    assert "Already" not in str(errors[0])
    env.step(env.random_actions())


def test_a_negative_draw_after_is_a_value_error() -> None:
    # It was an OverflowError ("can't convert negative int to unsigned"), naming nothing.
    for make in (lambda: VecEnv(1, draw_after=-1), lambda: EnvGame(draw_after=-1)):
        with pytest.raises(ValueError, match="draw_after -1 is negative"):
            make()
    assert VecEnv(1, draw_after=225).num_envs == 1


def test_negative_counts_and_seeds_are_value_errors() -> None:
    # They were OverflowErrors ("can't convert negative int to unsigned"), naming nothing.
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: VecEnv(-1), "num_envs must be 0 to"),
        (lambda: VecEnv(2**70), "num_envs must be 0 to"),
        (lambda: VecEnv(1, seed=-1), "seed must be 0 to"),
        (lambda: VecEnv(1, seed=2**64), "seed must be 0 to"),
        (lambda: EnvGame(seed=-5), "seed must be 0 to"),
        (lambda: VecEnv(1).reset(seed=-1), "seed must be 0 to"),
    ]
    for make, said in cases:
        with pytest.raises(ValueError, match=said):
            make()
    assert VecEnv(1, seed=2**64 - 1).num_envs == 1
