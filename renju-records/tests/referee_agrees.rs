//! The live referee and validation agree: random games of every protocol played
//! through the referee validate without an error and to the same outcome, and every
//! record of the fixtures and the real data, driven through the referee as a live
//! game, is accepted exactly when validation finds no error about its moves and
//! decisions, with the same outcome.

#[path = "../../tests/support/shared_data.rs"]
mod shared_data;

use std::path::Path;

use renju_core::{Color, Outcome, Point, Termination};
use renju_records::random::SplitMix64;
use renju_records::referee::{
    Action, FoulPolicy, Referee, RefereeOptions, Refusal, RefusalCode, Request, Required,
    SwapOption,
};
use renju_records::{
    DeclaredResult, Event, Format, Game, OpeningRule, ResultReason, Seat, Severity,
    ValidationOptions,
};
use shared_data::{data_dir, skipped};

/// The workspace's generator, with the draws the random games need.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below_by_remainder(n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// One random action the status allows (offers may still be refused as symmetric).
fn random_action(rng: &mut Rng, r: &Referee) -> Action {
    let s = r.status();
    let points = |rng: &mut Rng, n: usize| -> Vec<Point> {
        let mut legal = s.legal.clone();
        (0..n.min(legal.len()))
            .map(|_| legal.swap_remove(rng.below(legal.len())))
            .collect()
    };
    match s.required {
        Required::Place => match rng.below(200) {
            0 if s.pass => Action::Pass,
            1 => Action::Resign,
            _ => Action::Place {
                point: rng.pick(&s.legal),
            },
        },
        Required::Swap => match rng.pick(&s.options) {
            SwapOption::Stay => Action::Stay,
            SwapOption::Swap => Action::Swap,
            SwapOption::PlaceTwo => Action::PlaceTwo,
            SwapOption::Offer => Action::Offer {
                points: points(rng, usize::from(s.count.unwrap())),
            },
        },
        Required::Declare => {
            let [min, max] = s.range.unwrap();
            Action::Declare {
                count: min + rng.below(usize::from(max.min(4) - min) + 1) as u8,
            }
        }
        Required::Offer => Action::Offer {
            points: points(rng, usize::from(s.count.unwrap_or(2))),
        },
        Required::Choose => Action::Choose {
            point: rng.pick(&s.offered),
        },
        Required::None => unreachable!("the game is over"),
    }
}

fn random_game(opening: OpeningRule, fouls: FoulPolicy, seed: u64) -> Referee {
    let mut r = Referee::new(RefereeOptions {
        opening,
        fouls,
        ..RefereeOptions::default()
    })
    .unwrap();
    let mut rng = Rng(SplitMix64::new(seed));
    while r.outcome().is_none() {
        if r.status().claimable && rng.below(2) == 0 {
            r.act(Action::Claim.into()).unwrap();
            continue;
        }
        let status = r.status();
        assert_eq!(status.to_json(), serde_json::to_string(&status).unwrap());
        let action = random_action(&mut rng, &r);
        match r.act(action.into()) {
            Ok(_) => {}
            Err(e) if e.code == RefusalCode::SymmetricOffers => {}
            Err(e) => panic!("{opening} seed {seed}: a legal action was refused: {e}"),
        }
    }
    r
}

#[test]
fn random_games_of_every_protocol_validate_to_the_same_outcome() {
    let mut endings = std::collections::BTreeMap::new();
    for (i, opening) in OpeningRule::ALL.into_iter().enumerate() {
        for seed in 0..12u64 {
            let fouls = FoulPolicy::ALL[(seed % 4) as usize];
            let r = random_game(opening, fouls, seed * 31 + i as u64);
            let game = r.game();
            let replay = game.replay(&ValidationOptions::default());
            let errors: Vec<_> = replay
                .findings
                .iter()
                .filter(|f| f.code.severity() == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{opening} {seed}: {errors:?}");
            assert_eq!(Some(replay.outcome), r.outcome(), "{opening} {seed}");
            assert_eq!(
                replay.winner_seat,
                r.status().outcome.unwrap().winner_seat,
                "{opening} {seed}"
            );
            *endings.entry(replay.outcome.termination).or_insert(0) += 1;
            // The record written as a move list reads back the same and resumes to the
            // same state.
            let text = Format::MoveList.write(std::slice::from_ref(&game)).unwrap();
            let read = Format::MoveList.read(&text, None).remove(0).unwrap();
            assert_eq!(
                read.events,
                game.events,
                "{}",
                String::from_utf8_lossy(&text)
            );
            let resumed = Referee::resume(
                &read,
                RefereeOptions {
                    opening,
                    fouls,
                    ..RefereeOptions::default()
                },
            )
            .unwrap();
            assert_eq!(resumed.outcome(), r.outcome(), "{opening} {seed}");
        }
    }
    // The games reach more than one kind of ending.
    assert!(endings.len() >= 3, "{endings:?}");
}

/// Drives a referee with a record's events as a live game would have them: a colour
/// decision the record leaves out is "stay" (Swap2: placing two stones when the record
/// has a decision after move 5), a declaration it leaves out is the number of offers
/// made, and a declared White win by a foul is White's claim. `None` when the record
/// has events a live game would not (clock readings and decisions are left to the
/// clock tests).
fn drive(game: &Game) -> Option<Result<Referee, Refusal>> {
    let options = RefereeOptions {
        fouls: match game.claims {
            Some(renju_records::ClaimModel::RifClaim) => FoulPolicy::RifClaim,
            Some(renju_records::ClaimModel::ChineseClaim) => FoulPolicy::ChineseClaim,
            _ => FoulPolicy::Automatic,
        },
        opening: game.opening.unwrap_or_default(),
        rule_set: game.rule_set.unwrap_or_default(),
        renju: game.options.unwrap_or_default(),
        size: game.size,
        ..RefereeOptions::default()
    };
    let mut r = Referee::new(options).ok()?;
    let events = &game.events;
    for (i, event) in events.iter().enumerate() {
        let rest = &events[i + 1..];
        let is_move = matches!(event, Event::Stone { .. } | Event::Pass);
        if is_move && r.status().required == Required::Offer {
            // The record does not show the offers: a live game cannot be rebuilt.
            return None;
        }
        let result = match event {
            Event::Stone { point } => prelude(&mut r, rest, true)
                .and_then(|_| r.act(Action::Place { point: *point }.into())),
            Event::Pass => prelude(&mut r, rest, true).and_then(|_| r.act(Action::Pass.into())),
            Event::Swap { swap } => {
                let s = r.status();
                let two = !swap
                    && s.options.contains(&SwapOption::PlaceTwo)
                    && rest.iter().take(3).any(|e| matches!(e, Event::Swap { .. }));
                let action = match (two, swap) {
                    (true, _) => Action::PlaceTwo,
                    (false, true) => Action::Swap,
                    (false, false) => Action::Stay,
                };
                r.act(action.into())
            }
            Event::DeclareOffers { count } => r.act(Action::Declare { count: *count }.into()),
            Event::FifthOffers { offered, chosen } => prelude(&mut r, events, false)
                .and_then(|_| {
                    let n = offered.len() as u8;
                    if r.status().required == Required::Declare {
                        r.act(Action::Declare { count: n }.into())?;
                    }
                    r.act(
                        Action::Offer {
                            points: offered.clone(),
                        }
                        .into(),
                    )
                })
                .and_then(|_| r.act(Action::Choose { point: *chosen }.into())),
            Event::Result(DeclaredResult {
                winner: Some(Color::White),
                reason: None | Some(ResultReason::Forbidden),
            }) if r.status().claimable => r.act(Action::Claim.into()),
            Event::Result(_) => continue,
            _ => return None,
        };
        if let Err(refusal) = result {
            return Some(Err(refusal));
        }
    }
    Some(Ok(r))
}

/// Answers the decisions a record leaves out before a move: "stay", or a declaration
/// of the number of offers the record makes next.
fn prelude(r: &mut Referee, rest: &[Event], is_move: bool) -> Result<(), Refusal> {
    for _ in 0..4 {
        let s = r.status();
        match s.required {
            Required::Swap if is_move || !s.options.contains(&SwapOption::Offer) => {
                r.act(Action::Stay.into())?;
            }
            Required::Declare if is_move => {
                let n = rest.iter().find_map(|e| match e {
                    Event::FifthOffers { offered, .. } => Some(offered.len() as u8),
                    _ => None,
                });
                let [min, _] = s.range.unwrap();
                r.act(
                    Action::Declare {
                        count: n.unwrap_or(min),
                    }
                    .into(),
                )?;
            }
            _ => return Ok(()),
        }
    }
    Ok(())
}

/// The codes of the findings the live referee refuses an action for.
fn blocking(code: renju_records::FindingCode) -> bool {
    use renju_records::FindingCode as F;
    matches!(
        code,
        F::OccupiedPoint
            | F::OffBoard
            | F::MoveAfterGameEnd
            | F::OpeningArea
            | F::PassInOpening
            | F::SwapNotAllowed
            | F::OfferDeclaration
            | F::OffersNotAllowed
            | F::OfferCount
            | F::InvalidOffer
            | F::SymmetricFifthOffers
    )
}

/// Checks every record of a file; returns how many were driven.
fn agree_on(records: Vec<Result<Game, renju_core::ParseError>>, name: &str) -> usize {
    let mut driven = 0;
    for game in records.into_iter().flatten() {
        let replay = game.replay(&ValidationOptions::default());
        let Some(live) = drive(&game) else { continue };
        driven += 1;
        let refused = replay.findings.iter().any(|f| blocking(f.code));
        match live {
            Ok(r) => {
                assert!(
                    !refused,
                    "{name} {:?}: accepted live, but {:?}",
                    game.source, replay.findings
                );
                let on_board = replay.outcome.termination.is_on_board()
                    || replay.outcome.termination == Termination::Unfinished;
                if on_board && replay.outcome.termination != Termination::Unfinished {
                    assert_eq!(
                        r.outcome(),
                        Some(replay.outcome),
                        "{name} {:?}",
                        game.source
                    );
                }
            }
            Err(e) => assert!(
                refused,
                "{name} {:?}: refused live ({e}), but validation finds {:?}",
                game.source, replay.findings
            ),
        }
    }
    driven
}

#[test]
fn fixture_records_agree() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/games");
    let mut driven = 0;
    for name in ["sample.txt", "bad_records.txt", "timed.sgf", "timed.psq"] {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).unwrap();
        let format = Format::from_path(&path).unwrap();
        driven += agree_on(format.read(&bytes, Some(name)), name);
    }
    assert!(driven >= 6, "{driven}");
}

#[test]
fn real_records_agree() {
    let Some(data) = data_dir() else {
        skipped("real_records_agree: ../shared/data is absent");
        return;
    };
    let mut driven = 0;
    for (dir, format) in [
        ("renlib", Format::RenLib),
        ("sgf", Format::Sgf),
        ("gomocup/psq", Format::Psq),
    ] {
        let Ok(entries) = std::fs::read_dir(data.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if Format::from_path(&path) != Some(format) {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            driven += agree_on(
                format.read(&bytes, path.to_str()),
                &path.display().to_string(),
            );
        }
    }
    eprintln!("{driven} real records driven through the referee");
    assert!(driven > 1000, "{driven}");
}

#[test]
fn a_game_with_a_seat_swap_names_the_winning_seat() {
    let mut r = Referee::new(RefereeOptions {
        opening: OpeningRule::GomokuSwap,
        ..RefereeOptions::default()
    })
    .unwrap();
    for point in ["a1", "b2", "c3"] {
        r.act(
            Action::Place {
                point: point.parse().unwrap(),
            }
            .into(),
        )
        .unwrap();
    }
    r.act(Request::new(Action::Swap).by(Seat::Second)).unwrap();
    let s = r.act(Request::new(Action::Resign).by(Seat::First)).unwrap();
    let ending = s.outcome.unwrap();
    // The first player held White after the swap: Black, the second player, wins.
    assert_eq!(
        ending.outcome(),
        Outcome::win(Color::Black, Termination::Resignation)
    );
    assert_eq!(ending.winner_seat, Some(Seat::Second));
    assert_eq!(
        r.game().replay(&ValidationOptions::default()).winner_seat,
        Some(Seat::Second)
    );
}
