//! Opening protocols as action phases, against the live referee: after every step of
//! random games under every protocol, each game's mask equals what the referee says is
//! required and legal (the offers against the slow pairwise comparison of
//! `offers_equivalent`), and every ending equals the replay's outcome of the game's
//! record, with no error.

use proptest::prelude::*;
use renju_core::{Color, Point};
use renju_env::{
    ActionError, Decision, Ending, EnvOptions, FoulHandling, GameState, Outputs, Phase, Plane, Rng,
    VecEnv,
};
use renju_records::opening::{offers_equivalent, OfferEquivalence};
use renju_records::referee::{Required, SwapOption};
use renju_records::{OpeningRule, Seat, Severity, ValidationOptions};

/// The protocols with phases (every one but the free opening).
fn protocols() -> Vec<OpeningRule> {
    let mut all: Vec<OpeningRule> = OpeningRule::ALL[1..].to_vec();
    all.push(OpeningRule::Soosorv { n: 3 });
    all.push(OpeningRule::Taraguchi { n: 2 });
    all
}

fn options(opening: OpeningRule) -> EnvOptions {
    EnvOptions {
        opening,
        planes: vec![
            Plane::Own,
            Plane::Opponent,
            Plane::Phase,
            Plane::Offered,
            Plane::FirstToAct,
            Plane::LastMove,
        ],
        ..EnvOptions::default()
    }
}

/// The mask the referee gives, the offers compared two by two.
fn expected_mask(game: &GameState) -> Vec<u8> {
    let layout = game.layout();
    let mut mask = vec![0u8; layout.action_count()];
    let Some(referee) = game.referee() else {
        return mask;
    };
    let status = referee.status();
    let index = |p: Point| layout.index_of(p);
    let decision = |o: SwapOption| match o {
        SwapOption::Stay => Decision::Stay,
        SwapOption::Swap => Decision::Swap,
        SwapOption::PlaceTwo => Decision::PlaceTwo,
        SwapOption::Offer => Decision::Offer,
    };
    if game.phase() == Phase::Offer {
        let stones: Vec<(Point, Color)> = referee.position().board().stones().collect();
        for &p in &status.legal {
            let clash = game
                .offered()
                .iter()
                .any(|&q| offers_equivalent(&stones, p, q, OfferEquivalence::Shape, layout.size()));
            mask[index(p)] = u8::from(!clash);
        }
        return mask;
    }
    match status.required {
        Required::Place => {
            status.legal.iter().for_each(|&p| mask[index(p)] = 1);
            mask[layout.area()] = u8::from(status.pass && layout.options().pass);
        }
        Required::Swap => {
            for &o in &status.options {
                mask[layout.decision_action(decision(o)).unwrap() as usize] = 1;
            }
        }
        Required::Declare => {
            let [min, max] = status.range.unwrap();
            for c in min..=max {
                mask[layout.declare_action(c).unwrap() as usize] = 1;
            }
        }
        Required::Choose => status.offered.iter().for_each(|&p| mask[index(p)] = 1),
        Required::Offer | Required::None => panic!("the offer phase is the env's"),
    }
    mask
}

/// A random legal action, declarations kept small (big ones are played in
/// `a_declaration_that_cannot_be_met_is_a_forfeit`).
fn pick(game: &mut GameState, rng: &mut Rng) -> u32 {
    if game.phase() == Phase::Declare {
        let layout = game.layout().clone();
        let small: Vec<u32> = game
            .legal_actions()
            .filter(|&a| a < layout.declare_action(6).unwrap_or(u32::MAX))
            .collect();
        return small[rng.below_by_multiply_shift(small.len() as u32) as usize];
    }
    game.random_action().unwrap()
}

/// Plays one random game, checking the mask after every step in the opening; returns
/// the game at its end.
fn play_checked(opening: OpeningRule, seed: u64, fouls: FoulHandling, pass: bool) -> GameState {
    let o = EnvOptions {
        fouls,
        pass,
        ..options(opening)
    };
    let mut game = GameState::new(o).unwrap();
    game.reseed(Rng::new(seed));
    let mut rng = Rng::new(seed ^ 0x5555);
    let mut phases_seen = 0u8;
    while !game.is_over() {
        if game.referee().is_some() {
            assert_eq!(game.legal_mask(), &expected_mask(&game)[..], "{opening}");
            let status = game.referee().unwrap().status();
            assert_eq!(Some(game.to_act()), status.to_act);
            assert_eq!(Some(game.acting_color()), status.color);
        } else {
            assert_eq!(game.phase(), Phase::Place);
            // Past the opening, no decision or declaration is ever legal.
            assert!(game.legal_mask()[game.layout().area() + 1..]
                .iter()
                .all(|&m| m == 0));
        }
        phases_seen |= 1 << game.phase().code();
        let actor = game.to_act();
        let a = pick(&mut game, &mut rng);
        let result = game.step(a).unwrap();
        if let Some(winner) = game.winner_seat() {
            let reward = if winner == actor { 1.0 } else { -1.0 };
            assert_eq!(result.reward, reward);
        }
    }
    let report = game.record().validate(&ValidationOptions::default());
    assert_eq!(
        report.count(Severity::Error),
        0,
        "{opening}: {:?}",
        report.findings
    );
    assert_eq!(Some(report.outcome), game.outcome(), "{opening}");
    if opening.has_colour_decisions() {
        assert!(phases_seen & (1 << Phase::Swap.code()) != 0, "{opening}");
    }
    game
}

#[test]
fn every_protocol_plays_random_games_the_referee_accepts() {
    for opening in protocols() {
        for seed in 0..4 {
            play_checked(opening, seed, FoulHandling::Masked, seed == 3);
        }
    }
}

/// The full count of the test: a million random steps over every protocol, the
/// mask checked against the referee at each step of every opening
/// (`cargo test --release -p renju-env --test opening -- --ignored`).
#[test]
#[ignore = "a million steps: run with --release -- --ignored"]
fn a_million_random_steps_over_every_protocol() {
    let all = protocols();
    let (mut steps, mut games) = (0, 0u64);
    while steps < 1_000_000 {
        let fouls = match games % 3 {
            0 => FoulHandling::PlayedAndLost,
            _ => FoulHandling::Masked,
        };
        let pass = games % 5 == 0;
        let game = play_checked(all[games as usize % all.len()], games, fouls, pass);
        steps += game.actions().len();
        games += 1;
    }
    println!("{steps} steps in {games} games");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn masks_equal_the_referee_in_every_phase(
        which in 0usize..12,
        seed in any::<u64>(),
        played in any::<bool>(),
        pass in any::<bool>(),
    ) {
        let all = protocols();
        let fouls = if played { FoulHandling::PlayedAndLost } else { FoulHandling::Masked };
        play_checked(all[which % all.len()], seed, fouls, pass);
    }
}

/// The game's record validates with no error, to the game's own outcome.
fn assert_record_validates(game: &GameState) {
    let report = game.record().validate(&ValidationOptions::default());
    assert_eq!(report.count(Severity::Error), 0, "{:?}", report.findings);
    if game.is_over() {
        assert_eq!(Some(report.outcome), game.outcome());
    }
}

fn point(s: &str) -> u32 {
    let p: Point = s.parse().unwrap();
    u32::from(p.y()) * 15 + u32::from(p.x())
}

#[test]
fn swap2_place_two_then_swap_hands_black_to_the_second_player() {
    let mut game = GameState::new(options(OpeningRule::Swap2)).unwrap();
    let layout = game.layout().clone();
    assert_eq!(layout.action_count(), 226 + 4);
    for p in ["h8", "h9", "j10"] {
        assert_eq!((game.phase(), game.to_act()), (Phase::Place, Seat::First));
        game.step(point(p)).unwrap();
    }
    assert_eq!((game.phase(), game.to_act()), (Phase::Swap, Seat::Second));
    let decisions: Vec<u32> = game.legal_actions().collect();
    let stay = layout.decision_action(Decision::Stay).unwrap();
    assert_eq!(decisions, vec![stay, stay + 1, stay + 2]);
    // A stone is no answer to a colour decision.
    assert!(matches!(
        game.step(point("a1")),
        Err(ActionError::NotInPhase {
            phase: Phase::Swap,
            ..
        })
    ));
    game.step(layout.decision_action(Decision::PlaceTwo).unwrap())
        .unwrap();
    for p in ["g7", "j7"] {
        assert_eq!((game.phase(), game.to_act()), (Phase::Place, Seat::Second));
        game.step(point(p)).unwrap();
    }
    assert_eq!((game.phase(), game.to_act()), (Phase::Swap, Seat::First));
    game.step(layout.decision_action(Decision::Swap).unwrap())
        .unwrap();
    // The first player took White: the second holds Black and plays move 6 (White's).
    assert!(game.referee().is_none());
    assert_eq!(game.black_seat(), Seat::Second);
    assert_eq!((game.to_move(), game.to_act()), (Color::White, Seat::First));
    let mut obs = vec![0u8; layout.observation_len()];
    game.write_observation(&mut obs);
    let plane = |k: usize| &obs[k * 225..(k + 1) * 225];
    // Own: White's stones, those of the first player now.
    assert_eq!(plane(0)[point("h9") as usize], 1);
    assert_eq!(plane(1)[point("h8") as usize], 1);
    assert!(plane(2).iter().all(|&v| v == 1), "the place phase");
    assert!(plane(7).iter().all(|&v| v == 0), "no offers");
    assert!(plane(8).iter().all(|&v| v == 1), "the first player acts");
    assert_eq!(plane(9)[point("j7") as usize], 1, "the last stone");
    assert_record_validates(&game);
    assert_no_opening_actions_after_it(&game);
}

/// Once the opening is over, a decision or a declaration is no action of the place
/// phase, a pass is refused as a pass, past the last action is out of range.
fn assert_no_opening_actions_after_it(game: &GameState) {
    let layout = game.layout();
    assert!(game.referee().is_none() && !game.is_over());
    let count = layout.action_count();
    let mut opening_actions: Vec<u32> = Decision::ALL
        .iter()
        .filter_map(|&d| layout.decision_action(d))
        .collect();
    opening_actions.extend((1..=layout.declare_max()).filter_map(|c| layout.declare_action(c)));
    assert!(!opening_actions.is_empty());
    for a in opening_actions {
        let err = game.check(i64::from(a)).unwrap_err();
        assert_eq!(
            err,
            ActionError::NotInPhase {
                action: a,
                phase: Phase::Place
            }
        );
        assert_eq!(
            err.to_string(),
            format!("action {a} is not allowed in the place phase")
        );
    }
    let pass = layout.pass_action();
    assert_eq!(
        game.check(i64::from(pass)),
        Err(ActionError::Pass { action: pass })
    );
    assert!(matches!(
        game.check(count as i64),
        Err(ActionError::OutOfRange { .. })
    ));
}

#[test]
fn yamaguchi_declares_offers_and_white_chooses() {
    let mut game = GameState::new(options(OpeningRule::Yamaguchi)).unwrap();
    let layout = game.layout().clone();
    assert_eq!(layout.declare_max(), 221);
    assert_eq!(layout.action_count(), 226 + 4 + 221);
    for p in ["h8", "h9", "j10"] {
        game.step(point(p)).unwrap();
    }
    assert_eq!(game.phase(), Phase::Declare);
    let declarations: Vec<u32> = game.legal_actions().collect();
    assert_eq!(declarations.len(), 221);
    game.step(layout.declare_action(3).unwrap()).unwrap();
    assert_eq!((game.phase(), game.to_act()), (Phase::Swap, Seat::Second));
    game.step(layout.decision_action(Decision::Stay).unwrap())
        .unwrap();
    game.step(point("g10")).unwrap();
    assert_eq!((game.phase(), game.to_act()), (Phase::Offer, Seat::First));
    for p in ["k8", "e5", "l12"] {
        assert!(game.legal_mask()[point(p) as usize] == 1);
        game.step(point(p)).unwrap();
    }
    assert_eq!((game.phase(), game.to_act()), (Phase::Choose, Seat::Second));
    let choices: Vec<u32> = game.legal_actions().collect();
    let mut offered = vec![point("k8"), point("e5"), point("l12")];
    offered.sort();
    assert_eq!(choices, offered);
    game.step(point("e5")).unwrap();
    assert!(game.referee().is_none());
    assert_eq!(game.position().board().stone_count(), 5);
    assert_record_validates(&game);
    assert_no_opening_actions_after_it(&game);
}

#[test]
fn a_declaration_that_cannot_be_met_is_a_forfeit() {
    let mut game = GameState::new(options(OpeningRule::Yamaguchi)).unwrap();
    let layout = game.layout().clone();
    // 1.h8 2.h9 3.h7 and 4.h6: a line, symmetric; fewer than 221 offers differ.
    for p in ["h8", "h9", "h7"] {
        game.step(point(p)).unwrap();
    }
    game.step(layout.declare_action(221).unwrap()).unwrap();
    game.step(layout.decision_action(Decision::Stay).unwrap())
        .unwrap();
    let result = game.step(point("h6")).unwrap();
    assert_eq!(result.ending, Some(Ending::Forfeit));
    assert_eq!(result.reward, 1.0, "the second player moved, and wins");
    assert_eq!(game.winner(), Some(Color::White));
    assert_eq!(game.winner_seat(), Some(Seat::Second));
    assert_record_validates(&game);
}

#[test]
fn a_forfeit_after_a_swap_keeps_the_seats_of_the_colours() {
    let mut game = GameState::new(options(OpeningRule::Yamaguchi)).unwrap();
    let layout = game.layout().clone();
    for p in ["h8", "h9", "h7"] {
        game.step(point(p)).unwrap();
    }
    game.step(layout.declare_action(221).unwrap()).unwrap();
    game.step(layout.decision_action(Decision::Swap).unwrap())
        .unwrap();
    assert_eq!(game.black_seat(), Seat::Second);
    // White (now the first player) plays move 4: Black (the second) cannot offer.
    assert_eq!(game.to_act(), Seat::First);
    let result = game.step(point("h6")).unwrap();
    assert_eq!(result.ending, Some(Ending::Forfeit));
    assert_eq!(result.reward, 1.0);
    assert_eq!(game.black_seat(), Seat::Second);
    assert_eq!(game.winner(), Some(Color::White));
    assert_eq!(game.winner_seat(), Some(Seat::First));
    assert_record_validates(&game);
}

#[test]
fn the_stone_limit_draws_inside_the_opening_and_keeps_the_seats() {
    for draw_after in [3, 4] {
        let o = EnvOptions {
            draw_after: Some(draw_after),
            ..options(OpeningRule::Swap2)
        };
        let mut game = GameState::new(o).unwrap();
        let layout = game.layout().clone();
        let mut last = None;
        for p in ["h8", "h9", "j10"] {
            last = Some(game.step(point(p)).unwrap());
        }
        if draw_after == 4 {
            // The second player takes Black; White (the first player) plays move 4.
            assert_eq!(game.phase(), Phase::Swap);
            game.step(layout.decision_action(Decision::Swap).unwrap())
                .unwrap();
            assert_eq!(
                (game.black_seat(), game.to_act()),
                (Seat::Second, Seat::First)
            );
            last = Some(game.step(point("g9")).unwrap());
        }
        let result = last.unwrap();
        assert_eq!(
            result.ending,
            Some(Ending::DrawAfter),
            "draw_after {draw_after}"
        );
        assert_eq!((result.reward, result.winner), (0.0, None));
        assert!(game.referee().is_some(), "ended inside the opening");
        assert_eq!(game.phase(), Phase::Over);
        assert_eq!(game.position().board().stone_count(), draw_after);
        let black = [Seat::First, Seat::Second][usize::from(draw_after == 4)];
        assert_eq!(game.black_seat(), black, "draw_after {draw_after}");
        // The seat to act is the holder of the colour of the next stone.
        let next = match game.to_move() {
            Color::Black => black,
            Color::White => black.other(),
        };
        assert_eq!(game.to_act(), next);
        assert_eq!(game.winner_seat(), None);
        let report = game.record().validate(&ValidationOptions::default());
        assert_eq!(report.count(Severity::Error), 0, "{:?}", report.findings);
        assert_eq!(Some(report.outcome), game.outcome());
        assert_eq!(
            report.outcome.to_string(),
            "draw declared by the referee at the stone limit"
        );
    }
}

#[test]
fn batches_write_phases_and_seats_and_replay_restores_games() {
    let o = options(OpeningRule::Soosorv { n: 8 });
    let mut env = VecEnv::new(o, 8, 3).unwrap();
    let mut out = Outputs::for_env(&env);
    env.reset(None, out.buffers()).unwrap();
    let mut actions = vec![0i64; 8];
    let mut seen = [false; 5];
    let mut ended = 0;
    for _ in 0..120 {
        env.random_actions(&mut actions);
        env.step(&actions, out.buffers()).unwrap();
        for i in 0..8 {
            let game = env.game(i).unwrap();
            assert_eq!(out.phases[i], game.phase().code());
            assert_eq!(out.seats[i], renju_env::vector::seat_code(game.to_act()));
            seen[out.phases[i] as usize] = true;
            if out.terminated[i] == 1 {
                ended += 1;
                assert_record_validates(env.finished_game(i).unwrap());
            }
            let again =
                GameState::replay(game.layout().clone(), game.actions(), game.rng()).unwrap();
            assert_eq!(again.legal_mask(), game.legal_mask());
            assert_eq!(again.phase(), game.phase());
        }
    }
    assert!(ended > 0);
    assert_eq!(seen, [true; 5], "every phase met");
}
