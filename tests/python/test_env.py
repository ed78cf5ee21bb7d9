"""Self-play environments: renju.env.VecEnv and renju.env.EnvGame, and the Gymnasium and
PettingZoo wrappers of renju.env, checked by those libraries' own checkers."""

from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import pytest

import renju
import renju.env


def test_vecenv_steps_random_games_whose_records_validate() -> None:
    env = renju.env.VecEnv(16, seed=3)
    obs, masks = env.reset()
    assert obs.shape == (16, 5, 15, 15) and obs.dtype == np.uint8
    assert masks.shape == (16, 226) and masks.dtype == np.uint8
    ended = 0
    for _ in range(300):
        actions = env.random_actions()
        assert all(masks[i, a] == 1 for i, a in enumerate(actions))
        obs, masks, rewards, terminated, truncated = env.step(actions)
        assert rewards.dtype == np.float32 and terminated.dtype == np.bool_
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            ended += 1
            record = env.finished_record(int(i))
            assert record is not None
            report = record.validate()
            assert report.errors == 0
            ending = ["", "five", "forbidden", "two-passes", "full-board", "declared-draw"]
            assert report.outcome.termination == ending[env.endings[i]]
            assert rewards[i] == (1.0 if env.endings[i] == 1 else 0.0)
    assert ended > 0


def test_planes_follow_the_board_and_forbidden_masks() -> None:
    game = renju.env.EnvGame()
    for m in ["f8", "a1", "g8", "a2", "h6", "a3", "h7", "a4"]:
        p = renju.Point(m)
        game.step(p.y * 15 + p.x)
    obs = game.observation()
    board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4")
    planes = board.to_numpy()
    assert (obs[0] == planes[0]).all()  # own: Black to move
    assert (obs[1] == planes[1]).all()
    assert obs[2].all()  # Black to move
    assert (obs[3] == planes[2]).all() and obs[3][7, 7] == 1  # h8 double-three
    assert obs[4][3, 0] == 1  # the last move, a4
    assert game.legal_mask()[7 * 15 + 7] == 0
    with pytest.raises(renju.env.ActionError, match="forbidden to Black") as e:
        game.step(7 * 15 + 7)
    assert e.value.action == 112
    played = renju.env.EnvGame(fouls="played")
    for m in ["f8", "a1", "g8", "a2", "h6", "a3", "h7", "a4"]:
        p = renju.Point(m)
        played.step(p.y * 15 + p.x)
    assert played.step(112) == (-1.0, True)
    assert played.ending == "forbidden"
    assert played.record().validate().outcome == played.outcome


def test_bad_actions_raise_clear_errors_and_change_nothing() -> None:
    env = renju.env.VecEnv(2)
    env.step([112, 0])
    before = env.observations.copy()
    with pytest.raises(renju.env.ActionError, match="game 1: action 0 .a1. is occupied") as e:
        env.step([1, 0])
    assert (e.value.game, e.value.action) == (1, 0)
    assert (env.observations == before).all()
    with pytest.raises(renju.env.ActionError, match="out of range"):
        env.step(np.array([226, 1]))
    with pytest.raises(renju.env.ActionError, match="pass"):
        env.step(np.array([225, 1]))
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        env.step([1, 2, 3])
    with pytest.raises(TypeError, match="integers"):
        env.step(np.array([1.0, 2.0]))
    done = renju.env.VecEnv(1, draw_after=2, autoreset="disabled")
    done.step([0])
    done.step([1])
    with pytest.raises(renju.env.ActionError, match="the game is over"):
        done.step([2])
    with pytest.raises(ValueError, match="unknown plane"):
        renju.env.VecEnv(1, planes=["stones"])
    for spelling in ("previous-05", "previous-+5"):
        with pytest.raises(ValueError, match="unknown plane"):
            renju.env.VecEnv(1, planes=[spelling])
    with pytest.raises(ValueError, match="asked for twice"):
        renju.env.EnvGame(planes=["previous-64"] * 300_000)
    with pytest.raises(ValueError, match="asked for twice"):
        renju.env.VecEnv(1, planes=["own", "previous-2", "previous-3"])
    with pytest.raises(renju.SetupError):
        renju.env.VecEnv(1, size=19)
    with pytest.raises(ValueError, match="num_envs"):
        renju.env.VecEnv(1 << 40)
    empty = renju.env.VecEnv(0)
    empty.step([])
    assert empty.random_actions().shape == (0,)


def test_same_seed_same_games_and_pickles_go_on_alike() -> None:
    def play(env: renju.env.VecEnv, steps: int) -> list[bytes]:
        out = []
        for _ in range(steps):
            env.step(env.random_actions())
            out.append(env.observations.tobytes())
        return out

    a, b = renju.env.VecEnv(4, seed=9, rule="freestyle", size=9), renju.env.VecEnv(4, seed=9, rule="freestyle", size=9)
    assert play(a, 20) == play(b, 20)
    c = pickle.loads(pickle.dumps(a))
    assert c.options() == a.options()
    assert (c.observations == a.observations).all()
    assert play(c, 30) == play(a, 30)
    g = renju.env.EnvGame(seed=1)
    for _ in range(5):
        g.step(g.random_action() or 0)
    h = pickle.loads(pickle.dumps(g))
    k = copy.deepcopy(g)
    assert h.actions == g.actions == k.actions
    assert h.random_action() == g.random_action() == k.random_action()


def test_gymnasium_env_passes_the_checker() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from renju.env import RenjuEnv

    env = RenjuEnv()
    # The checker's first step samples an action without the mask from an unseeded
    # space: seeded here, so that it is never the pass (refused: 1 draw in 226).
    env.action_space.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert obs["observation"].shape == (5, 15, 15)
    total = 0.0
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
    assert info["ending"] == "five"
    assert env.record().validate().outcome.termination == "five"
    lose = RenjuEnv(illegal="lose")
    lose.reset()
    _, reward, terminated, _, info = lose.step(225)
    assert (reward, terminated, info["ending"]) == (-1.0, True, "illegal-action")
    assert isinstance(pickle.loads(pickle.dumps(env)), gymnasium.Env)


def test_gymnasium_vector_env_steps_in_same_step_mode() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from renju.env import RenjuVectorEnv

    env = RenjuVectorEnv(8, rule="freestyle", size=9)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(
        {"observation": obs["observation"].copy(), "action_mask": obs["action_mask"].copy()}
    )
    ended = 0
    for _ in range(100):
        obs, rewards, terminated, truncated, info = env.step(env.random_actions())
        ended += int(terminated.sum())
    assert ended > 0
    assert info["ending"].shape == (8,)


def test_pettingzoo_aec_env_passes_the_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    from renju.env import RenjuAECEnv, aec_env

    api_test(aec_env(rule="freestyle", size=9), num_cycles=200)
    api_test(RenjuAECEnv(), num_cycles=100)
    env = RenjuAECEnv(rule="freestyle", size=7)
    env.reset(seed=4)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.record().validate().errors == 0
