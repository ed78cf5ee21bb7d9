//! The batched stepper against the single-game API of renju-core: after every step of
//! random games, each game's mask equals the legal points a `Position` gives (with
//! `is_forbidden` for Black's fouls), its planes equal the board and
//! `batch::forbidden_masks`, and every ending equals the replay's outcome of the game's
//! record (with no error).

use proptest::prelude::*;
use renju_core::batch::{forbidden_masks, MaskValues};
use renju_core::{Color, Move, Point, Position, RuleSet};
use renju_env::{
    ActionError, Autoreset, EnvOptions, FoulHandling, GameState, Outputs, Plane, StepError, VecEnv,
};
use renju_records::{Severity, ValidationOptions};

const PLANES: [Plane; 6] = [
    Plane::Own,
    Plane::Opponent,
    Plane::BlackToMove,
    Plane::Forbidden,
    Plane::LastMove,
    Plane::Previous { count: 2 },
];

/// The reference of one game: a Position played move by move.
struct Reference {
    pos: Position,
    played: Vec<u32>,
}

impl Reference {
    fn new(o: &EnvOptions) -> Reference {
        let pos = Position::with_size(o.rule_set, o.size)
            .unwrap()
            .with_options(o.renju);
        Reference {
            pos,
            played: Vec::new(),
        }
    }

    fn point(&self, a: u32) -> Option<Point> {
        let s = self.pos.board().size() as u32;
        (a < s * s).then(|| Point::new((a % s) as u8, (a / s) as u8).unwrap())
    }

    /// The mask the rules give.
    fn mask(&self, o: &EnvOptions) -> Vec<u8> {
        let s = o.size as u32;
        let black = self.pos.to_move() == Color::Black;
        let mut mask: Vec<u8> = (0..s * s)
            .map(|a| {
                let p = self.point(a).unwrap();
                let empty = self.pos.board().get(p).is_none();
                let fouls_masked = o.fouls == FoulHandling::Masked;
                u8::from(empty && !(fouls_masked && black && self.pos.is_forbidden(p)))
            })
            .collect();
        let stuck = mask.iter().all(|&m| m == 0) && !o.pass;
        if stuck && self.pos.board().stone_count() < self.pos.board().area() {
            // Every empty point forbidden, no pass: they become legal, and lose.
            return self.mask(&EnvOptions {
                fouls: FoulHandling::PlayedAndLost,
                ..o.clone()
            });
        }
        mask.push(u8::from(o.pass));
        mask
    }

    /// The planes the board gives.
    fn planes(&self, o: &EnvOptions) -> Vec<u8> {
        let area = o.size as usize * o.size as usize;
        let mut cells = vec![0u8; area];
        self.pos.board().write_cells(&mut cells);
        let forbidden =
            forbidden_masks(&cells, o.size, o.rule_set, &o.renju, MaskValues::Flags).unwrap();
        let own = if self.pos.to_move() == Color::Black {
            1
        } else {
            2
        };
        let back = |k: usize| {
            let mut plane = vec![0u8; area];
            if let Some(&a) = self.played.iter().rev().nth(k) {
                if (a as usize) < area {
                    plane[a as usize] = 1;
                }
            }
            plane
        };
        let mut out = Vec::new();
        out.extend(cells.iter().map(|&c| u8::from(c == own)));
        out.extend(cells.iter().map(|&c| u8::from(c == 3 - own)));
        out.extend(std::iter::repeat_n(u8::from(own == 1), area));
        out.extend(forbidden);
        out.extend(back(0));
        out.extend(back(0));
        out.extend(back(1));
        out
    }

    fn play(&mut self, a: u32) {
        let mv = self.point(a).map_or(Move::Pass, Move::Stone);
        self.pos.play(mv).unwrap();
        self.played.push(a);
    }
}

fn options() -> impl Strategy<Value = EnvOptions> {
    (
        prop_oneof![
            Just(RuleSet::Renju),
            Just(RuleSet::Freestyle),
            Just(RuleSet::Standard),
            Just(RuleSet::Caro)
        ],
        5u8..=26,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(1usize..40),
    )
        .prop_map(|(rule_set, size, played, pass, fcc, draw_after)| {
            let size = if rule_set == RuleSet::Renju { 15 } else { size };
            EnvOptions {
                rule_set,
                size,
                renju: renju_core::RenjuOptions {
                    five_completion_counts: fcc,
                },
                planes: PLANES.to_vec(),
                fouls: if played {
                    FoulHandling::PlayedAndLost
                } else {
                    FoulHandling::Masked
                },
                pass,
                draw_after: draw_after.map(|n| n.min(size as usize * size as usize)),
                autoreset: Autoreset::SameStep,
                opening: renju_records::OpeningRule::Free,
            }
        })
}

/// Plays `steps` random steps of `n` games, checking every game after every step.
fn check_random_games(o: EnvOptions, n: usize, steps: usize, seed: u64) -> usize {
    let mut env = VecEnv::new(o.clone(), n, seed).unwrap();
    let mut out = Outputs::for_env(&env);
    env.reset(None, out.buffers()).unwrap();
    let mut refs: Vec<Reference> = (0..n).map(|_| Reference::new(&o)).collect();
    let (obs_len, acts) = (env.layout().observation_len(), env.layout().action_count());
    let mut actions = vec![0i64; n];
    let mut ended = 0;
    for _ in 0..steps {
        env.random_actions(&mut actions);
        env.step(&actions, out.buffers()).unwrap();
        for (i, r) in refs.iter_mut().enumerate() {
            r.play(actions[i] as u32);
            if out.terminated[i] == 1 {
                ended += 1;
                let done = env.finished_game(i).unwrap();
                let report = done.record().validate(&ValidationOptions::default());
                assert_eq!(report.count(Severity::Error), 0, "{:?}", report.findings);
                assert_eq!(Some(report.outcome), done.outcome());
                if let Some(outcome) = r.pos.outcome() {
                    assert_eq!(outcome, report.outcome);
                } else {
                    assert_eq!(report.outcome.termination.name(), "declared-draw");
                }
                let reward = match report.outcome.winner {
                    None => 0.0,
                    Some(w) if w != r.pos.to_move() => 1.0,
                    Some(_) => -1.0,
                };
                assert_eq!(out.rewards[i], reward);
                *r = Reference::new(&o);
            } else {
                assert_eq!(r.pos.outcome(), None);
                assert_eq!(out.rewards[i], 0.0);
            }
            assert_eq!(&out.masks[i * acts..(i + 1) * acts], &r.mask(&o)[..]);
            assert_eq!(
                &out.observations[i * obs_len..(i + 1) * obs_len],
                &r.planes(&o)[..]
            );
        }
    }
    ended
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn masks_planes_and_endings_match_the_single_game_api(o in options(), seed in any::<u64>()) {
        check_random_games(o, 3, 120, seed);
    }
}

#[test]
fn renju_games_with_fouls_played_end_as_the_replay_says() {
    let o = EnvOptions {
        fouls: FoulHandling::PlayedAndLost,
        planes: PLANES.to_vec(),
        ..EnvOptions::default()
    };
    assert!(check_random_games(o, 8, 400, 5) > 10);
}

/// The full count (10^6 steps): `cargo test -p renju-env --release -- --ignored`.
#[test]
#[ignore]
fn a_million_random_steps() {
    let o = EnvOptions {
        planes: PLANES.to_vec(),
        ..EnvOptions::default()
    };
    check_random_games(o, 100, 10_000, 11);
}

#[test]
fn same_seed_same_games_and_clones_go_on_alike() {
    let play = |seed| {
        let mut env = VecEnv::new(EnvOptions::default(), 4, seed).unwrap();
        let mut out = Outputs::for_env(&env);
        let mut actions = vec![0i64; 4];
        for _ in 0..150 {
            env.random_actions(&mut actions);
            env.step(&actions, out.buffers()).unwrap();
        }
        (out.observations, out.masks)
    };
    assert_eq!(play(3), play(3));
    assert_ne!(play(3), play(4));

    let mut game = GameState::new(EnvOptions::default()).unwrap();
    for _ in 0..10 {
        let a = game.random_action().unwrap();
        game.step(a).unwrap();
    }
    let mut copy = game.clone();
    while !game.is_over() {
        let a = game.random_action().unwrap();
        let b = copy.random_action().unwrap();
        assert_eq!(a, b);
        assert_eq!(game.step(a).unwrap(), copy.step(b).unwrap());
    }
    assert_eq!(game.record(), copy.record());
}

#[test]
fn bad_actions_are_refused_and_change_nothing() {
    let mut env = VecEnv::new(EnvOptions::default(), 2, 0).unwrap();
    let mut out = Outputs::for_env(&env);
    env.reset(None, out.buffers()).unwrap();
    env.step(&[112, 0], out.buffers()).unwrap();
    let before = (
        out.observations.clone(),
        env.game(0).unwrap().actions().to_vec(),
    );
    let err = env.step(&[1, 0], out.buffers()).unwrap_err();
    assert!(matches!(
        err,
        StepError::Action {
            game: 1,
            source: ActionError::Occupied { .. }
        }
    ));
    assert_eq!(err.to_string(), "game 1: action 0 (a1) is occupied");
    assert_eq!(env.game(0).unwrap().actions(), &before.1[..]);
    let err = env.step(&[-1, 5], out.buffers()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 0: action -1 is out of range (0..226)"
    );
    let err = env.step(&[225, 5], out.buffers()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 0: action 225 is a pass, which these options do not allow"
    );
    let err = VecEnv::new(EnvOptions::default(), usize::MAX, 0).unwrap_err();
    assert!(err.to_string().contains("a batch holds at most"), "{err}");
    let err = env.step(&[5], out.buffers()).unwrap_err();
    assert_eq!(err.to_string(), "1 actions for 2 games");
    let mut short = Outputs::for_env(&env);
    short.rewards.pop();
    let err = env.step(&[5, 6], short.buffers()).unwrap_err();
    assert_eq!(err.to_string(), "the rewards buffer holds 1 values, not 2");
    // Black's double-three at h8 is masked: stepping it is refused.
    let mut game = GameState::new(EnvOptions::default()).unwrap();
    for m in ["f8", "a1", "g8", "a2", "h6", "a3", "h7", "a4"] {
        let p: Point = m.parse().unwrap();
        game.step(u32::from(p.y()) * 15 + u32::from(p.x())).unwrap();
    }
    assert_eq!(game.legal_mask()[7 * 15 + 7], 0);
    let err = game.step(7 * 15 + 7).unwrap_err();
    assert_eq!(
        err.to_string(),
        "action 112 (h8) is forbidden to Black (fouls are masked)"
    );
}

/// One game drawn after two stones (a1, b1) under `autoreset`.
fn drawn_after_two(autoreset: Autoreset) -> (VecEnv, Outputs) {
    let o = EnvOptions {
        autoreset,
        draw_after: Some(2),
        ..EnvOptions::default()
    };
    let mut env = VecEnv::new(o, 1, 0).unwrap();
    let mut out = Outputs::for_env(&env);
    env.step(&[0], out.buffers()).unwrap();
    env.step(&[1], out.buffers()).unwrap();
    (env, out)
}

#[test]
fn a_finished_game_without_autoreset_refuses_actions_until_reset() {
    let (mut env, mut out) = drawn_after_two(Autoreset::Disabled);
    assert_eq!((out.terminated[0], out.endings[0]), (1, 5));
    let err = env.step(&[2], out.buffers()).unwrap_err();
    assert!(err.to_string().contains("the game is over"), "{err}");
    env.reset_game(0).unwrap();
    env.step(&[2], out.buffers()).unwrap();
}

#[test]
fn next_step_autoreset_returns_the_final_observation_then_resets() {
    let (mut env, mut out) = drawn_after_two(Autoreset::NextStep);
    assert_eq!(out.terminated[0], 1);
    assert!(out.masks.iter().all(|&m| m == 0));
    // Own, opponent, the 225 of Black to move, the last move.
    assert_eq!(
        out.observations.iter().filter(|&&v| v == 1).count(),
        1 + 1 + 225 + 1
    );
    env.step(&[77], out.buffers()).unwrap();
    assert_eq!((out.terminated[0], out.rewards[0]), (0, 0.0));
    assert!(env.game(0).unwrap().actions().is_empty());
    assert_eq!(env.finished_game(0).unwrap().actions(), &[0, 1]);
}

/// A plane asked for twice is refused at once, however long the list (a list of 300,000
/// `previous-64` planes was taken, and aborted when the observation was made); plane
/// names are read only as they are written (`previous-05`, `previous-+5` are not planes).
#[test]
fn planes_are_named_once_and_spelled_as_written() {
    use renju_env::{EnvOptions, Layout, OptionsError, Plane};
    let many = EnvOptions {
        planes: vec![Plane::Previous { count: 64 }; 300_000],
        ..EnvOptions::default()
    };
    assert_eq!(
        Layout::new(many).unwrap_err(),
        OptionsError::RepeatedPlane {
            plane: Plane::Previous { count: 64 }
        }
    );
    let two_histories = EnvOptions {
        planes: vec![
            Plane::Own,
            Plane::Previous { count: 2 },
            Plane::Previous { count: 3 },
        ],
        ..EnvOptions::default()
    };
    assert!(matches!(
        Layout::new(two_histories),
        Err(OptionsError::RepeatedPlane { .. })
    ));
    for name in ["previous-05", "previous-+5", "previous-", "previous-5x"] {
        assert!(name.parse::<Plane>().is_err(), "{name}");
    }
    assert_eq!(
        "previous-12".parse::<Plane>(),
        Ok(Plane::Previous { count: 12 })
    );
    assert_eq!(
        "previous-0".parse::<Plane>(),
        Ok(Plane::Previous { count: 0 })
    );
}

/// There are `MAX_PLANES` kinds of planes: every one at once is accepted, and any list
/// of more is refused for a repetition among its first `MAX_PLANES + 1` entries (what
/// the C and Python front ends read of a longer list).
#[test]
fn every_kind_of_plane_once_and_no_more() {
    use renju_env::{EnvOptions, Layout, OptionsError, Plane, MAX_PLANES};
    let names = [
        "own",
        "opponent",
        "black-to-move",
        "forbidden",
        "last-move",
        "previous-3",
        "phase",
        "offered",
        "first-to-act",
    ];
    let planes: Vec<Plane> = names.iter().map(|n| n.parse().unwrap()).collect();
    assert_eq!(planes.len(), MAX_PLANES);
    let all = EnvOptions {
        planes: planes.clone(),
        ..EnvOptions::default()
    };
    assert_eq!(
        Layout::new(all).unwrap().channels(),
        3 + 1 + 1 + 1 + 3 + 5 + 1
    );
    for extra in &planes {
        let mut more = planes.clone();
        more.push(*extra);
        let too_many = EnvOptions {
            planes: more,
            ..EnvOptions::default()
        };
        assert!(matches!(
            Layout::new(too_many),
            Err(OptionsError::RepeatedPlane { .. })
        ));
    }
}

/// A batch whose memory cannot be had is refused with its own error, naming the games.
#[test]
fn a_batch_too_large_for_memory_is_an_error() {
    use renju_env::{EnvOptions, Layout, OptionsError};
    let layout = Layout::new(EnvOptions::default()).unwrap();
    assert_eq!(layout.batch_bytes(usize::MAX), None);
    let e = OptionsError::OutOfMemory {
        games: 1 << 20,
        bytes: layout.batch_bytes(1 << 20).unwrap(),
    };
    assert!(
        e.to_string().starts_with("1048576 games need about 19"),
        "{e}"
    );
}
