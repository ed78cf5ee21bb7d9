//! Adjournment with a sealed move (issue 39): a seal stops both clocks and shows only a
//! digest; the resumption plays the sealed move on the sealer's clock, or, when it is
//! illegal, the sealer loses; hostile sequences are refused and change nothing; the
//! record (public part before the resumption, whole after) validates to the live
//! game's outcome.

use renju_core::{Color, Point, Termination};
use renju_records::formats::{movelist, sgf};
use renju_records::referee::{
    Action, FoulPolicy, Party, Referee, RefereeOptions, RefusalCode, Request, Status,
};
use renju_records::sealed::SealedMove;
use renju_records::{Event, FindingCode, Game, Seat, TimeControl, ValidationOptions};

const S: u64 = 1000;
const SALT: &str = "0123456789abcdef0123";

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn place(s: &str) -> Request {
    Request::new(Action::Place { point: p(s) })
}

fn seal(s: &str) -> Request {
    Request::new(Action::Seal {
        point: p(s),
        salt: Some(SALT.to_string()),
    })
}

fn resume() -> Request {
    Request::new(Action::Resume { sealed: None }).by(Party::Arbiter)
}

fn timed() -> (RefereeOptions, Referee) {
    let options = RefereeOptions {
        time_control: Some("300".parse::<TimeControl>().unwrap()),
        ..RefereeOptions::default()
    };
    (options.clone(), Referee::new(options).unwrap())
}

fn left(status: &Status) -> (u64, u64) {
    let clock = status.clock.unwrap();
    (clock.black.time_left_ms, clock.white.time_left_ms)
}

fn refused(referee: &mut Referee, request: Request) -> RefusalCode {
    let before = referee.status().to_json();
    let code = referee.act(request).unwrap_err().code;
    assert_eq!(referee.status().to_json(), before);
    code
}

fn write_moves(game: &Game) -> String {
    String::from_utf8(movelist::write(std::slice::from_ref(game)).unwrap()).unwrap()
}

fn read_moves(text: &str) -> Game {
    movelist::read(text.as_bytes(), None).remove(0).unwrap()
}

fn validate(game: &Game, options: &RefereeOptions) -> renju_records::GameReport {
    game.validate(&ValidationOptions {
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    })
}

/// h8 (first, 10 s), i9 (second, 5 s), then the first player seals at 30 s.
fn adjourned(point: &str) -> (RefereeOptions, Referee) {
    let (options, mut referee) = timed();
    referee.act(place("h8").at(10 * S)).unwrap();
    referee.act(place("i9").at(15 * S)).unwrap();
    let status = referee.act(seal(point).by(Seat::First).at(30 * S)).unwrap();
    let adjourned = status.adjourned.clone().unwrap();
    assert_eq!(adjourned.by, Seat::First);
    assert!(!status.to_json().contains(&format!("\"{point}/")));
    assert_eq!(status.clock.unwrap().running, None);
    (options, referee)
}

#[test]
fn a_sealed_legal_move_is_played_at_resumption_on_each_players_own_time() {
    let (options, mut referee) = adjourned("j10");
    // A night passes: nobody's clock runs.
    let status = referee
        .act(Request::new(Action::Tick).at(36_000 * S))
        .unwrap();
    assert_eq!(left(&status), (275 * S, 295 * S));
    let status = referee.act(resume().at(36_000 * S)).unwrap();
    assert!(status.adjourned.is_none());
    assert_eq!(status.move_number, 4);
    assert_eq!(referee.position().board().get(p("j10")), Some(Color::Black));
    assert_eq!(status.clock.unwrap().running, Some(Color::White));
    // The sealer was charged 15 s for move 3, the opponent's clock runs from the
    // resumption.
    let status = referee.act(place("k11").at(36_007 * S)).unwrap();
    assert_eq!(left(&status), (275 * S, 288 * S));
    let game = referee.game();
    let report = validate(&game, &options);
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.severity != renju_records::Severity::Error),
        "{:?}",
        report.findings
    );
    assert_eq!(report.outcome.termination, Termination::Unfinished);
    let text = write_moves(&game);
    assert!(
        text.contains("b:seal=") && text.contains(&format!("unseal=j10/{SALT} j10")),
        "{text}"
    );
    assert_eq!(read_moves(&text).events, game.events);
}

#[test]
fn a_sealed_illegal_move_loses_for_the_sealer() {
    for point in ["h8", "z26"] {
        let (options, mut referee) = adjourned(point);
        let status = referee.act(resume().at(40 * S)).unwrap();
        let ending = status.outcome.unwrap();
        assert_eq!(ending.termination, Termination::IllegalSealedMove);
        assert_eq!(ending.winner_seat, Some(Seat::Second));
        let report = validate(&referee.game(), &options);
        assert_eq!(report.outcome.termination, Termination::IllegalSealedMove);
        assert_eq!(report.outcome.winner, Some(Color::White));
        assert!(report
            .findings
            .iter()
            .any(|f| f.code == FindingCode::IllegalSealedMove));
    }
}

#[test]
fn a_sealed_forbidden_move_loses_under_the_automatic_policy_only() {
    // Black's j8 would make two open threes (h8 i8 j8 and j8 j9 j10).
    let moves = ["h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7"];
    for fouls in [FoulPolicy::Automatic, FoulPolicy::RifClaim] {
        let options = RefereeOptions {
            fouls,
            ..RefereeOptions::default()
        };
        let mut referee = Referee::new(options.clone()).unwrap();
        for m in moves {
            referee.act(place(m)).unwrap();
        }
        assert!(referee
            .status()
            .forbidden
            .iter()
            .any(|f| f.point == p("j8")));
        referee.act(seal("j8")).unwrap();
        let status = referee.act(resume()).unwrap();
        let report = validate(&referee.game(), &options);
        match fouls {
            FoulPolicy::Automatic => {
                assert_eq!(
                    status.outcome.unwrap().termination,
                    Termination::IllegalSealedMove
                );
                assert_eq!(report.outcome.termination, Termination::IllegalSealedMove);
            }
            _ => {
                // Played, and White may claim it as any other foul (a record that ends
                // on an unclaimed foul validates as the foul).
                assert!(status.outcome.is_none() && status.claimable);
                assert_eq!(report.outcome.termination, Termination::Forbidden);
            }
        }
    }
}

#[test]
fn hostile_sequences_are_refused_and_change_nothing() {
    let (_, mut referee) = timed();
    referee.act(place("h8")).unwrap();
    // Resume without a seal; a seal by the player not to act.
    assert_eq!(refused(&mut referee, resume()), RefusalCode::WrongAction);
    assert_eq!(
        refused(&mut referee, seal("i9").by(Seat::First)),
        RefusalCode::NotYourTurn
    );
    // A player cannot resume; the arbiter cannot seal.
    let by_player = Request::new(Action::Resume { sealed: None }).by(Seat::Second);
    assert_eq!(refused(&mut referee, by_player), RefusalCode::BadRequest);
    assert_eq!(
        refused(&mut referee, seal("i9").by(Party::Arbiter)),
        RefusalCode::BadRequest
    );
    // A short salt.
    let weak = Request::new(Action::Seal {
        point: p("i9"),
        salt: Some("abc".into()),
    });
    assert_eq!(refused(&mut referee, weak), RefusalCode::BadRequest);
    // A seal while paused.
    referee
        .act(Request::new(Action::Pause).by(Party::Arbiter))
        .unwrap();
    assert_eq!(refused(&mut referee, seal("i9")), RefusalCode::Paused);
    referee
        .act(Request::new(Action::Unpause).by(Party::Arbiter))
        .unwrap();
    referee.act(seal("i9")).unwrap();
    // Seal twice; play, pause while adjourned.
    assert_eq!(refused(&mut referee, seal("i10")), RefusalCode::Adjourned);
    assert_eq!(refused(&mut referee, place("i10")), RefusalCode::Adjourned);
    let pause = Request::new(Action::Pause).by(Party::Arbiter);
    assert_eq!(refused(&mut referee, pause), RefusalCode::Adjourned);
    // Another sealed move than the one sealed.
    let other = SealedMove::new(p("i10"), SALT).unwrap();
    let resume_other = Request::new(Action::Resume {
        sealed: Some(other),
    })
    .by(Party::Arbiter);
    assert_eq!(
        refused(&mut referee, resume_other),
        RefusalCode::SealMismatch
    );
    referee.act(resume()).unwrap();
    assert_eq!(referee.position().board().get(p("i9")), Some(Color::White));
}

#[test]
fn the_public_record_hides_the_move_and_resumes_with_the_sealed_part() {
    let (options, referee) = adjourned("j10");
    let public = write_moves(&referee.game());
    assert!(!public.contains("j10"), "{public}");
    let sealed_part = referee.sealed_move().unwrap().to_string();
    assert_eq!(sealed_part, format!("j10/{SALT}"));
    // The next day, a new referee from the public record and the sealed part.
    let game = read_moves(&public);
    let mut next = Referee::resume(&game, options.clone()).unwrap();
    assert!(next.status().adjourned.is_some());
    assert_eq!(refused(&mut next, resume()), RefusalCode::BadRequest);
    let sealed: SealedMove = sealed_part.parse().unwrap();
    let status = next
        .act(
            Request::new(Action::Resume {
                sealed: Some(sealed),
            })
            .by(Party::Arbiter),
        )
        .unwrap();
    assert_eq!(status.move_number, 4);
    // The sealer's 15 s before the seal went with the public record.
    assert_eq!(left(&status), (275 * S, 295 * S));
    // An edited digest: the sealed part no longer matches.
    let digest_at = public.find("seal=").unwrap() + 5;
    let mut tampered = public.clone();
    let flipped = if &public[digest_at..digest_at + 1] == "0" {
        "1"
    } else {
        "0"
    };
    tampered.replace_range(digest_at..digest_at + 1, flipped);
    let game = read_moves(&tampered);
    let mut next = Referee::resume(&game, options).unwrap();
    let sealed: SealedMove = sealed_part.parse().unwrap();
    let resume_with = Request::new(Action::Resume {
        sealed: Some(sealed),
    })
    .by(Party::Arbiter);
    assert_eq!(refused(&mut next, resume_with), RefusalCode::SealMismatch);
}

#[test]
fn a_record_whose_sealed_move_was_changed_is_an_error() {
    let (options, mut referee) = adjourned("j10");
    referee.act(resume()).unwrap();
    let text = write_moves(&referee.game());
    let changed = text
        .replace("unseal=j10/", "unseal=k10/")
        .replace(" j10", " k10");
    // The sealed move changed (the digest no longer matches), then a stone after the
    // resumption other than the sealed one.
    let other = text.replacen(" j10", " k10", 1);
    for edited in [changed, other] {
        let report = validate(&read_moves(&edited), &options);
        let codes: Vec<FindingCode> = report.findings.iter().map(|f| f.code).collect();
        assert!(
            codes.contains(&FindingCode::SealedMove),
            "{edited}: {codes:?}"
        );
    }
}

#[test]
fn the_random_salt_is_kept_in_the_actions_and_restores_the_same_digest() {
    let (options, mut referee) = timed();
    referee.act(place("h8")).unwrap();
    let status = referee
        .act(Request::new(Action::Seal {
            point: p("i9"),
            salt: None,
        }))
        .unwrap();
    let salt = referee.sealed_move().unwrap().salt.clone();
    assert_eq!(salt.len(), 32);
    let again = Referee::from_actions(options, referee.actions()).unwrap();
    assert_eq!(again.status().adjourned, status.adjourned);
}

#[test]
fn sgf_refuses_a_seal_and_the_wire_reads_seal_and_resume() {
    let mut untimed = Referee::new(RefereeOptions::default()).unwrap();
    untimed.act(place("h8")).unwrap();
    untimed.act(seal("i9")).unwrap();
    let err = sgf::write(&[untimed.game()]).unwrap_err().to_string();
    assert!(err.contains("seal"), "{err}");
    let (_, mut referee) = timed();
    referee.handle_json(r#"{"action":"place","point":"h8","t":1000}"#);
    let reply = referee.handle_json(&format!(
        r#"{{"action":"seal","point":"i9","salt":"{SALT}","by":"second","t":2000}}"#
    ));
    assert!(
        reply.contains(r#""adjourned":{"by":"second","digest":""#),
        "{reply}"
    );
    let reply = referee.handle_json(r#"{"action":"place","point":"j9"}"#);
    assert!(reply.contains(r#""code":"adjourned""#), "{reply}");
    let reply = referee.handle_json(r#"{"action":"sealed"}"#);
    assert!(
        reply.contains(&format!(r#""sealed":"i9/{SALT}""#)),
        "{reply}"
    );
    let reply = referee.handle_json(r#"{"action":"resume","t":9000}"#);
    assert!(
        reply.starts_with(r#"{"ok":true"#) && !reply.contains("adjourned"),
        "{reply}"
    );
    let reply = referee.handle_json(r#"{"action":"resume","sealed":"h8/short"}"#);
    assert!(reply.contains(r#""code":"bad-request""#), "{reply}");
}

#[test]
fn sealed_move_events_keep_their_place_in_json() {
    let (_, referee) = adjourned("j10");
    let game = referee.game();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert!(game.events.iter().any(|e| matches!(
        e,
        Event::Seal {
            by: Color::Black,
            ..
        }
    )));
}

#[test]
fn a_player_may_resign_an_adjourned_game() {
    let (options, mut referee) = adjourned("j10");
    let status = referee
        .act(Request::new(Action::Resign).by(Seat::Second).at(40 * S))
        .unwrap();
    let ending = status.outcome.unwrap();
    assert_eq!(
        (ending.termination, ending.winner_seat),
        (Termination::Resignation, Some(Seat::First))
    );
    assert!(status.adjourned.is_none());
    assert_eq!(
        validate(&referee.game(), &options).outcome,
        referee.outcome().unwrap()
    );
    // The sealed move was never revealed.
    assert!(!write_moves(&referee.game()).contains("j10"));
}
