"""Opening protocols as action phases in the self-play environments: renju.env.VecEnv and
renju.env.EnvGame with opening=..., the Gymnasium and PettingZoo wrappers under their own
checkers, pickling, and Gymnasium's final_obs / final_info under SAME_STEP."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest

import renju
import renju.env

PROTOCOLS = ["swap2", "rif1996", "soosorv-8", "taraguchi-10", "swap", "gomoku-swap"]


@pytest.mark.parametrize("opening", PROTOCOLS)
def test_random_games_under_a_protocol_validate_to_their_outcome(opening: str) -> None:
    env = renju.env.VecEnv(8, seed=5, opening=opening, planes=["own", "opponent", "phase", "offered", "first-to-act"])
    obs, masks = env.reset()
    assert env.opening == str(renju.OpeningRule(opening))
    assert masks.shape == (8, env.action_count) and env.action_count > 226
    assert obs.shape == (8, 2 + 5 + 1 + 1, 15, 15)
    ended = 0
    phases_seen = set()
    for _ in range(120):
        phases_seen.update(env.phases.tolist())
        # The phase planes say the phase; the first-to-act plane says the seat.
        for i in range(8):
            assert obs[i, 2 + int(env.phases[i])].all()
            assert obs[i, 8].all() == (env.seats[i] == 0)
        obs, masks, rewards, terminated, _ = env.step(env.random_actions())
        for j in np.flatnonzero(terminated):
            ended += 1
            record = env.finished_record(int(j))
            assert record is not None
            report = record.validate()
            assert report.errors == 0, report
            assert str(record.opening_rule) == str(renju.OpeningRule(opening))
    assert ended > 0
    assert {0, 1} <= phases_seen


def test_swap2_decisions_are_actions_after_pass() -> None:
    game = renju.env.EnvGame(opening="swap2")
    for point in ("h8", "h9", "j10"):
        assert (game.phase, game.to_act) == ("place", "first")
        p = renju.Point(point)
        game.step(p.y * 15 + p.x)
    assert (game.phase, game.to_act) == ("swap", "second")
    assert game.legal_actions() == [226, 227, 228]  # stay, swap, place-two
    with pytest.raises(renju.env.ActionError):
        game.step(0)
    game.step(227)  # swap: the second player takes Black
    assert (game.phase, game.to_act, game.black_seat) == ("place", "first", "second")
    assert game.record().validate().errors == 0
    h = pickle.loads(pickle.dumps(game))
    assert h == game and h.phase == game.phase and h.legal_mask() == game.legal_mask()


def test_pickled_env_with_an_opening_goes_on_alike() -> None:
    a = renju.env.VecEnv(4, seed=2, opening="yamaguchi")
    for _ in range(6):
        a.step(a.random_actions())
    b = pickle.loads(pickle.dumps(a))
    assert b.options() == a.options() and b.options()["opening"] == "yamaguchi"
    assert (b.masks == a.masks).all() and (b.phases == a.phases).all()
    for _ in range(10):
        a.step(a.random_actions())
        b.step(b.random_actions())
        assert (b.observations == a.observations).all()


@pytest.mark.parametrize("opening", ["swap2", "soosorv-8"])
def test_gymnasium_env_with_an_opening_passes_the_checker(opening: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from renju.env import RenjuEnv

    # The checker samples actions without the mask: an illegal one (the first stone off
    # the centre under Soosorv) ends the game with illegal="lose" instead of raising.
    env = RenjuEnv(opening=opening, illegal="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=3)
    assert info["phase"] == "place" and info["seat"] == "first"
    assert env.action_space.n == len(obs["action_mask"])  # type: ignore[attr-defined]


def test_vector_env_gives_final_obs_and_final_info_of_ended_games() -> None:
    pytest.importorskip("gymnasium")
    from renju.env import RenjuVectorEnv

    env = RenjuVectorEnv(6, rule="freestyle", size=7, opening="swap2")
    env.reset(seed=1)
    seen = 0
    for _ in range(80):
        previous = env.env.observations.copy()
        actions = env.random_actions().copy()
        _, _, terminated, _, info = env.step(actions)
        assert "phase" in info and "seat" in info
        if not terminated.any():
            assert "final_obs" not in info
            continue
        assert (info["_final_obs"] == terminated).all()
        assert (info["_final_info"] == terminated).all()
        for i in range(6):
            final = info["final_obs"][i]
            if not terminated[i]:
                assert final is None
                continue
            seen += 1
            assert final["observation"].shape == previous[i].shape
            assert not final["action_mask"].any()
            assert info["final_info"]["ending"][i] == env.env.endings[i] != 0
            record = env.finished_record(i)
            assert record is not None and record.validate().errors == 0
    assert seen > 0


@pytest.mark.parametrize("opening", ["swap2", "soosorv-8", "taraguchi-10"])
def test_pettingzoo_agents_are_the_seats_under_a_protocol(opening: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    from renju.env import RenjuAECEnv

    api_test(RenjuAECEnv(opening=opening), num_cycles=60)
    env = RenjuAECEnv(opening=opening, seed=7)
    assert env.possible_agents == ["first", "second"]
    env.reset(seed=7)
    acted = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == env.game.to_act
        acted.append(agent)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    # The first player places the first stones in a row (Taraguchi asks for a colour
    # decision after each).
    if opening != "taraguchi-10":
        assert acted[:3] == ["first"] * 3
    assert env.record().validate().errors == 0


@pytest.mark.parametrize("opening", [None, "FREE", "Free", "none"])
def test_pettingzoo_agents_are_the_colours_under_the_free_opening(opening: str | None) -> None:
    pytest.importorskip("pettingzoo")
    from renju.env import RenjuAECEnv

    env = RenjuAECEnv(opening=opening)
    assert env.possible_agents == ["black", "white"]
    assert env.agent_selection == "black"
    assert RenjuAECEnv(opening="SWAP2").possible_agents == ["first", "second"]


def test_opening_actions_after_the_opening_are_refused_as_out_of_phase() -> None:
    game = renju.env.EnvGame(opening="swap2")
    for point in ("h8", "h9", "j10"):
        p = renju.Point(point)
        game.step(p.y * 15 + p.x)
    game.step(227)  # swap: the second player takes Black
    for point in ("g9", "k11"):  # moves 4 and 5: the opening is over from move 6
        p = renju.Point(point)
        game.step(p.y * 15 + p.x)
    for action in (226, 227, 228, 229):
        with pytest.raises(renju.env.ActionError, match=f"action {action} is not allowed in the place phase"):
            game.step(action)
    with pytest.raises(renju.env.ActionError, match="is a pass"):
        game.step(225)
    with pytest.raises(renju.env.ActionError, match="out of range"):
        game.step(230)
    assert game.actions == [112, 127, 144, 227, 126, 160]


def test_the_stone_limit_draws_inside_the_opening_and_keeps_the_seats() -> None:
    game = renju.env.EnvGame(opening="swap2", draw_after=4)
    for point in ("h8", "h9", "j10"):
        p = renju.Point(point)
        game.step(p.y * 15 + p.x)
    game.step(227)  # swap: the second player takes Black
    reward, terminated = game.step(renju.Point("g9").y * 15 + renju.Point("g9").x)
    assert (reward, terminated) == (0.0, True)
    assert (game.phase, game.black_seat, game.winner_seat) == ("over", "second", None)
    assert game.to_act == "second"  # the holder of Black, whose stone is next
    report = game.record().validate()
    assert report.errors == 0
    assert report.outcome == game.outcome
    assert str(game.outcome) == "draw declared by the referee at the stone limit"


@pytest.mark.parametrize("opening", ["free", "swap2"])
def test_finished_games_not_reset_have_the_over_phase(opening: str) -> None:
    env = renju.env.VecEnv(2, draw_after=1, autoreset="disabled", opening=opening)
    env.reset()
    _, masks, _, terminated, _ = env.step(np.array([112, 112]))
    assert terminated.all() and not masks.any()
    assert env.phases.tolist() == [5, 5]
