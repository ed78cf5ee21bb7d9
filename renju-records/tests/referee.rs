//! The live referee: every protocol step by step, every refusal, the clock, and the
//! same outcome as validation.

use renju_core::{Color, FoulKind, Outcome, Point, Termination};
use renju_records::referee::{
    Action, Command, FoulPolicy, Party, Referee, RefereeOptions, Refusal, RefusalCode, Request,
    Required, Status, SwapOption,
};
use renju_records::{Event, Format, Game, OpeningRule, Seat, ValidationOptions};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn referee(opening: &str) -> Referee {
    Referee::new(RefereeOptions {
        opening: opening.parse().unwrap(),
        ..RefereeOptions::default()
    })
    .unwrap()
}

/// One action from a short text: `h8`, `pass`, `swap`, `stay`, `two`, `declare=3`,
/// `offer=j8/k8`, `choose=k8`, `claim`, `draw`, `accept`, `decline`, `resign`.
fn action(word: &str) -> Action {
    let (name, value) = word.split_once('=').unwrap_or((word, ""));
    match name {
        "pass" => Action::Pass,
        "swap" => Action::Swap,
        "stay" => Action::Stay,
        "two" => Action::PlaceTwo,
        "declare" => Action::Declare {
            count: value.parse().unwrap(),
        },
        "offer" => Action::Offer {
            points: value.split('/').map(p).collect(),
        },
        "choose" => Action::Choose { point: p(value) },
        "claim" => Action::Claim,
        "draw" => Action::DrawOffer,
        "accept" => Action::DrawAccept,
        "decline" => Action::DrawDecline,
        "resign" => Action::Resign,
        "forfeit" => Action::Forfeit,
        point => Action::Place { point: p(point) },
    }
}

/// Plays `script` (words as in [`action`], `first:`/`second:` naming the seat), each
/// accepted; the last status.
fn play(referee: &mut Referee, script: &str) -> Status {
    let mut status = referee.status();
    for word in script.split_whitespace() {
        let (by, word) = match word.split_once(':') {
            Some(("first", w)) => (Some(Seat::First), w),
            Some(("second", w)) => (Some(Seat::Second), w),
            _ => (None, word),
        };
        let request = Request {
            action: action(word),
            by: by.map(Party::from),
            t: None,
        };
        status = referee
            .act(request)
            .unwrap_or_else(|e| panic!("`{word}` refused: {e}"));
    }
    status
}

/// `word` is refused with `code`, and nothing changes.
fn refused(referee: &mut Referee, word: &str, by: Option<Seat>, code: RefusalCode) -> Refusal {
    let before = referee.status();
    let game = referee.game();
    let request = Request {
        action: action(word),
        by: by.map(Party::from),
        t: None,
    };
    let refusal = referee
        .act(request)
        .expect_err(&format!("`{word}` should be refused"));
    assert_eq!(refusal.code, code, "{word}: {}", refusal.message);
    assert_eq!(referee.status(), before, "{word} changed the status");
    assert_eq!(referee.game(), game, "{word} changed the record");
    refusal
}

fn expect(status: &Status, required: Required, seat: Seat, color: Color) {
    assert_eq!(
        (status.required, status.to_act, status.color),
        (required, Some(seat), Some(color)),
        "{status:?}"
    );
}

use Color::{Black as B, White as W};
use Seat::{First, Second};

#[test]
fn rif_1996_step_by_step() {
    let mut r = referee("rif1996");
    let s = r.status();
    expect(&s, Required::Place, First, B);
    assert_eq!(s.legal, [p("h8")]);
    assert!(!s.pass);
    refused(&mut r, "g7", None, RefusalCode::OutsideArea);
    refused(&mut r, "h8", Some(Second), RefusalCode::NotYourTurn);
    refused(&mut r, "pass", None, RefusalCode::WrongAction);
    refused(&mut r, "swap", None, RefusalCode::WrongAction);
    let s = play(&mut r, "first:h8");
    // The opening player places White's stone too, inside the 3x3.
    expect(&s, Required::Place, First, B);
    assert_eq!(s.legal.len(), 8);
    refused(&mut r, "h10", None, RefusalCode::OutsideArea);
    let s = play(&mut r, "h9");
    assert_eq!(s.legal.len(), 25 - 2);
    let s = play(&mut r, "j10");
    expect(&s, Required::Swap, Second, W);
    assert_eq!(s.options, [SwapOption::Stay, SwapOption::Swap]);
    refused(&mut r, "g10", None, RefusalCode::WrongAction);
    refused(&mut r, "two", None, RefusalCode::WrongAction);
    refused(&mut r, "swap", Some(First), RefusalCode::NotYourTurn);
    let s = play(&mut r, "second:swap");
    // The second player now holds Black: the first player plays White's move 4.
    expect(&s, Required::Place, First, W);
    let s = play(&mut r, "first:g10");
    expect(&s, Required::Offer, Second, B);
    assert_eq!(s.count, Some(2));
    refused(&mut r, "offer=j8", None, RefusalCode::OfferCount);
    refused(&mut r, "offer=j8/k8/l8", None, RefusalCode::OfferCount);
    refused(&mut r, "offer=h8/k8", None, RefusalCode::Occupied);
    refused(&mut r, "offer=z8/k8", None, RefusalCode::OffBoard);
    refused(&mut r, "offer=k8/k8", None, RefusalCode::BadRequest);
    refused(&mut r, "j8", None, RefusalCode::WrongAction);
    let s = play(&mut r, "offer=j8/k8");
    expect(&s, Required::Choose, First, W);
    assert_eq!(s.offered, [p("j8"), p("k8")]);
    refused(&mut r, "choose=l8", None, RefusalCode::NotOffered);
    refused(&mut r, "choose=k8", Some(Second), RefusalCode::NotYourTurn);
    let s = play(&mut r, "choose=k8");
    expect(&s, Required::Place, First, W);
    assert_eq!(s.move_number, 6);
    assert!(s.pass);
    let game = r.game();
    assert_eq!(game.moves().count(), 5);
    assert!(game.events.contains(&Event::FifthOffers {
        offered: vec![p("j8"), p("k8")],
        chosen: p("k8")
    }));
}

#[test]
fn symmetric_offers_are_refused_under_either_equivalence() {
    // 1.h8 2.h9 3.h7 4.h6: mirror-symmetric between rows 7 and 8 (shape only).
    for (equivalence, i8_i7) in [("shape", true), ("board", false)] {
        let mut r = Referee::new(RefereeOptions {
            opening: OpeningRule::Rif1996,
            offer_equivalence: equivalence.parse().unwrap(),
            ..RefereeOptions::default()
        })
        .unwrap();
        play(&mut r, "h8 h9 h7 stay h6");
        if i8_i7 {
            refused(&mut r, "offer=i8/i7", None, RefusalCode::SymmetricOffers);
        } else {
            play(&mut r, "offer=i8/i7");
            continue;
        }
        refused(&mut r, "offer=i8/g8", None, RefusalCode::SymmetricOffers);
        play(&mut r, "offer=i8/j8");
    }
}

#[test]
fn swap_1989_lets_the_second_player_place_move_2() {
    let mut r = referee("swap");
    play(&mut r, "first:h8");
    refused(&mut r, "h9", Some(First), RefusalCode::NotYourTurn);
    let s = play(&mut r, "second:h9 first:i10");
    expect(&s, Required::Swap, Second, W);
    let s = play(&mut r, "stay");
    expect(&s, Required::Place, Second, W);
    refused(&mut r, "pass", None, RefusalCode::WrongAction);
}

#[test]
fn yamaguchi_declares_then_offers_that_many() {
    let mut r = referee("yamaguchi");
    // The declaration may come with the opening, before or after its stones.
    let s = play(&mut r, "h8 h9 j10");
    expect(&s, Required::Declare, First, B);
    refused(&mut r, "stay", None, RefusalCode::WrongAction);
    refused(&mut r, "declare=3", Some(Second), RefusalCode::NotYourTurn);
    refused(&mut r, "declare=0", None, RefusalCode::OfferCount);
    let s = play(&mut r, "declare=3");
    expect(&s, Required::Swap, Second, W);
    refused(&mut r, "declare=4", None, RefusalCode::WrongAction);
    let s = play(&mut r, "stay g10");
    expect(&s, Required::Offer, First, B);
    assert_eq!(s.count, Some(3));
    refused(&mut r, "offer=j8/k8", None, RefusalCode::OfferCount);
    let s = play(&mut r, "offer=j8/k8/l12 choose=l12");
    expect(&s, Required::Place, Second, W);
    // Declared before the stones.
    let mut r = referee("yamaguchi");
    let s = play(&mut r, "declare=1 h8 h9 j10");
    expect(&s, Required::Swap, Second, W);
}

#[test]
fn chinese_protocol_forbids_a_pass_before_move_6() {
    let mut r = referee("chinese");
    play(&mut r, "h8 h9 j10 declare=2 swap");
    refused(&mut r, "pass", None, RefusalCode::WrongAction);
    let s = play(&mut r, "g10 offer=j8/k8 choose=j8");
    assert!(s.pass);
    expect(&s, Required::Place, First, W);
}

#[test]
fn soosorv_declares_with_move_4_and_swaps_again() {
    let mut r = referee("soosorv-5");
    let s = play(&mut r, "h8 h9 j10");
    expect(&s, Required::Swap, Second, W);
    let s = play(&mut r, "stay g10");
    expect(&s, Required::Declare, Second, W);
    assert_eq!(s.range, Some([1, 5]));
    refused(&mut r, "declare=6", None, RefusalCode::OfferCount);
    let s = play(&mut r, "declare=2");
    expect(&s, Required::Swap, First, B);
    let s = play(&mut r, "first:swap");
    // The first player took White; the second player, Black now, offers.
    expect(&s, Required::Offer, Second, B);
    let s = play(&mut r, "offer=j8/k8");
    expect(&s, Required::Choose, First, W);
    play(&mut r, "choose=j8");
}

#[test]
fn taraguchi_has_a_swap_after_every_move_and_two_branches() {
    let mut r = referee("taraguchi-10");
    let s = play(&mut r, "h8");
    expect(&s, Required::Swap, Second, W);
    let s = play(&mut r, "stay i9");
    expect(&s, Required::Swap, First, B);
    let s = play(&mut r, "stay");
    expect(&s, Required::Place, First, B);
    refused(&mut r, "l8", None, RefusalCode::OutsideArea);
    play(&mut r, "j8 stay");
    refused(&mut r, "l12", None, RefusalCode::OutsideArea);
    let s = play(&mut r, "k11");
    // After move 4: a colour decision, or the offers of the second branch.
    expect(&s, Required::Swap, First, B);
    assert_eq!(
        s.options,
        [SwapOption::Stay, SwapOption::Swap, SwapOption::Offer]
    );
    assert_eq!(s.count, Some(10));
    let mut offers = r.clone();
    refused(&mut offers, "offer=a1/a2", None, RefusalCode::OfferCount);
    let s = play(&mut offers, "offer=a1/b1/c1/d1/e1/f1/g1/a15/b15/c15");
    expect(&s, Required::Choose, Second, W);
    play(&mut offers, "choose=a1");
    // First branch: move 5 inside the 9x9, then another colour decision.
    let s = play(&mut r, "swap");
    expect(&s, Required::Place, Second, B);
    refused(&mut r, "a1", None, RefusalCode::OutsideArea);
    let s = play(&mut r, "l12");
    expect(&s, Required::Swap, First, W);
    let s = play(&mut r, "stay");
    expect(&s, Required::Place, First, W);
}

#[test]
fn swap2_three_options() {
    let mut r = referee("swap2");
    let s = play(&mut r, "a1 b2 c3");
    expect(&s, Required::Swap, Second, W);
    assert_eq!(
        s.options,
        [SwapOption::Stay, SwapOption::Swap, SwapOption::PlaceTwo]
    );
    let mut stay = r.clone();
    let s = play(&mut stay, "stay");
    expect(&s, Required::Place, Second, W);
    let s = play(&mut stay, "d4");
    expect(&s, Required::Place, First, B);
    let mut swapped = r.clone();
    let s = play(&mut swapped, "swap");
    expect(&s, Required::Place, First, W);
    // Place two: the second player places a white and a black stone, then the first
    // player chooses colours.
    let s = play(&mut r, "two");
    expect(&s, Required::Place, Second, W);
    let s = play(&mut r, "second:d4");
    expect(&s, Required::Place, Second, W);
    assert_eq!(s.stone, B);
    refused(&mut r, "e5", Some(First), RefusalCode::NotYourTurn);
    let s = play(&mut r, "e5");
    expect(&s, Required::Swap, First, B);
    assert_eq!(s.options, [SwapOption::Stay, SwapOption::Swap]);
    let s = play(&mut r, "first:swap");
    // The first player took White and plays move 6.
    expect(&s, Required::Place, First, W);
    // The record validates.
    let report = r.game().validate(&ValidationOptions::default());
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

#[test]
fn gomoku_swap_and_pro() {
    let mut r = referee("gomoku-swap");
    let s = play(&mut r, "a1 b2 c3");
    expect(&s, Required::Swap, Second, W);
    let s = play(&mut r, "swap");
    expect(&s, Required::Place, First, W);
    let mut r = referee("pro");
    let s = play(&mut r, "h8 a1");
    expect(&s, Required::Place, First, B);
    refused(&mut r, "i9", None, RefusalCode::OutsideArea);
    play(&mut r, "l8");
}

#[test]
fn five_beats_foul() {
    // Black: d8 e8 f8 g8 and h5 h6 h7 h9 h10; h8 makes exact five (d8-h8) and an
    // overline (h5-h10) at once: the five wins under every policy.
    let black = ["d8", "e8", "f8", "g8", "h5", "h6", "h7", "h9", "h10"];
    let white = ["a1", "a3", "a5", "a7", "a9", "a11", "a13", "a15", "c15"];
    for fouls in FoulPolicy::ALL {
        let mut r = Referee::new(RefereeOptions {
            fouls,
            ..RefereeOptions::default()
        })
        .unwrap();
        let script: Vec<String> = black
            .iter()
            .zip(white)
            .flat_map(|(b, w)| [b.to_string(), w.to_string()])
            .collect();
        let s = play(&mut r, &script.join(" "));
        assert!(!s.forbidden.iter().any(|f| f.point == p("h8")));
        assert!(s.legal.contains(&p("h8")));
        let s = play(&mut r, "h8");
        let ending = s.outcome.unwrap();
        assert_eq!(ending.outcome(), Outcome::win(B, Termination::Five));
        assert_eq!((ending.result, ending.winner_seat), ("1-0", Some(First)));
    }
}

/// Black's h8 is a double-three (f8 g8 + h6 h7) after this.
const DOUBLE_THREE: &str = "f8 a1 g8 c1 h6 e1 h7 g1";

#[test]
fn foul_policies() {
    let with = |fouls| {
        Referee::new(RefereeOptions {
            fouls,
            ..RefereeOptions::default()
        })
        .unwrap()
    };
    let mut r = with(FoulPolicy::Automatic);
    let s = play(&mut r, DOUBLE_THREE);
    assert!(s
        .forbidden
        .iter()
        .any(|f| f.point == p("h8") && f.kind == FoulKind::DoubleThree));
    let s = play(&mut r, "h8");
    assert_eq!(
        s.outcome.unwrap().outcome(),
        Outcome::win(W, Termination::Forbidden)
    );
    refused(&mut r, "a15", None, RefusalCode::GameOver);

    let mut r = with(FoulPolicy::Refuse);
    let s = play(&mut r, DOUBLE_THREE);
    assert!(!s.legal.contains(&p("h8")));
    let refusal = refused(&mut r, "h8", None, RefusalCode::Forbidden);
    assert!(
        refusal.message.contains("double-three"),
        "{}",
        refusal.message
    );

    for fouls in [FoulPolicy::RifClaim, FoulPolicy::ChineseClaim] {
        let mut r = with(fouls);
        refused(&mut r, "claim", None, RefusalCode::WrongAction);
        let s = play(&mut r, &format!("{DOUBLE_THREE} h8"));
        assert!(s.outcome.is_none() && s.claimable);
        expect(&s, Required::Place, Second, W);
        let mut claimed = r.clone();
        refused(&mut claimed, "claim", Some(First), RefusalCode::NotYourTurn);
        let s = play(&mut claimed, "claim");
        assert_eq!(
            s.outcome.unwrap().outcome(),
            Outcome::win(W, Termination::Forbidden)
        );
        // White plays on: the double-three lapses under both claim models.
        let s = play(&mut r, "o15");
        assert!(!s.claimable);
        refused(&mut r, "claim", None, RefusalCode::WrongAction);
        let codes: Vec<_> = r.findings().iter().map(|f| f.code.name()).collect();
        assert!(codes.contains(&"lapsed-foul"), "{codes:?}");
    }
}

#[test]
fn an_overline_stays_claimable_under_rif_claims_only() {
    // Black h4 h5 h6 h8 h9 h10: h7 makes six.
    let script = "h4 a1 h5 a3 h6 a5 h8 a7 h9 a9 h10 a11 h7 o15 b1";
    for (fouls, claimable) in [
        (FoulPolicy::RifClaim, true),
        (FoulPolicy::ChineseClaim, false),
    ] {
        let mut r = Referee::new(RefereeOptions {
            fouls,
            ..RefereeOptions::default()
        })
        .unwrap();
        let s = play(&mut r, script);
        assert_eq!(s.claimable, claimable, "{fouls}");
    }
}

#[test]
fn draw_offers_and_resignation() {
    let mut r = referee("free");
    // Nobody has moved: there is nothing to offer a draw after.
    refused(&mut r, "draw", None, RefusalCode::DrawOfferNotAllowed);
    play(&mut r, "h8");
    refused(&mut r, "accept", None, RefusalCode::WrongAction);
    // The first player (Black) just moved: an offer by the second player is out of turn.
    refused(
        &mut r,
        "draw",
        Some(Second),
        RefusalCode::DrawOfferNotAllowed,
    );
    let s = play(&mut r, "draw");
    assert_eq!(s.draw_offer, Some(First));
    refused(&mut r, "accept", Some(First), RefusalCode::NotYourTurn);
    let mut declined = r.clone();
    let s = play(&mut declined, "decline");
    assert_eq!(s.draw_offer, None);
    // A move declines an offer too.
    let mut moved = r.clone();
    let s = play(&mut moved, "h9");
    assert_eq!(s.draw_offer, None);
    let s = play(&mut r, "accept");
    assert_eq!(
        s.outcome.unwrap().outcome(),
        Outcome::draw(Termination::AgreedDraw)
    );
    let mut r = referee("free");
    let s = play(&mut r, "h8 second:resign");
    let ending = s.outcome.unwrap();
    assert_eq!(
        (ending.result, ending.termination),
        ("1-0", Termination::Resignation)
    );
}

#[test]
fn forfeit_loses_and_ends_the_game() {
    // By the seat that must act (White, after Black's first move) unless named.
    let mut r = referee("free");
    let s = play(&mut r, "h8 forfeit");
    let ending = s.outcome.unwrap();
    assert_eq!(
        (ending.result, ending.termination),
        ("1-0", Termination::Forfeit)
    );
    refused(&mut r, "h9", None, RefusalCode::GameOver);
    let replayed = r.game().replay(&ValidationOptions::default());
    assert_eq!(replayed.outcome.termination, Termination::Forfeit);
    let mut r = referee("free");
    let s = play(&mut r, "h8 first:forfeit");
    assert_eq!(s.outcome.unwrap().result, "0-1");
}

#[test]
fn two_passes_draw() {
    let mut r = referee("free");
    let s = play(&mut r, "h8 pass pass");
    assert_eq!(
        s.outcome.unwrap().outcome(),
        Outcome::draw(Termination::TwoPasses)
    );
}

/// A timed referee under an opening protocol.
fn timed_opening(opening: OpeningRule, control: &str) -> Referee {
    Referee::new(RefereeOptions {
        opening,
        time_control: Some(control.parse().unwrap()),
        ..RefereeOptions::default()
    })
    .unwrap()
}

fn timed(control: &str) -> Referee {
    Referee::new(RefereeOptions {
        time_control: Some(control.parse().unwrap()),
        ..RefereeOptions::default()
    })
    .unwrap()
}

fn at(r: &mut Referee, word: &str, t: u64) -> Result<Status, Refusal> {
    r.act(Request {
        action: action(word),
        by: None,
        t: Some(t),
    })
}

fn tick(r: &mut Referee, t: u64) -> Status {
    let status = r.act(Request::new(Action::Tick).at(t)).unwrap();
    // The fast JSON writer agrees with serde on timed statuses too.
    assert_eq!(status.to_json(), serde_json::to_string(&status).unwrap());
    status
}

#[test]
fn sudden_death_deadline_and_flag_on_tick() {
    let mut r = timed("60");
    let s = r.status();
    let clock = s.clock.unwrap();
    assert_eq!((clock.running, clock.deadline), (Some(B), Some(60_000)));
    let s = at(&mut r, "h8", 10_000).unwrap();
    let clock = s.clock.unwrap();
    assert_eq!(clock.black.time_left_ms, 50_000);
    assert_eq!((clock.running, clock.deadline), (Some(W), Some(70_000)));
    let s = tick(&mut r, 70_000);
    assert!(s.outcome.is_none());
    let s = tick(&mut r, 70_001);
    let ending = s.outcome.unwrap();
    assert_eq!(ending.outcome(), Outcome::win(B, Termination::Time));
    assert_eq!(r.status().clock.unwrap().running, None);
    // The record says so, and validates to the same outcome.
    let replay = r.game().replay(&ValidationOptions::default());
    assert_eq!(replay.outcome, Outcome::win(B, Termination::Time));
}

#[test]
fn a_late_action_loses_on_time_and_is_refused() {
    let mut r = timed("60");
    at(&mut r, "h8", 1_000).unwrap();
    let refusal = at(&mut r, "h9", 62_000).unwrap_err();
    assert_eq!(refusal.code, RefusalCode::GameOver);
    assert_eq!(r.outcome(), Some(Outcome::win(B, Termination::Time)));
    // Time never goes backwards.
    let mut r = timed("60");
    at(&mut r, "h8", 5_000).unwrap();
    assert_eq!(
        at(&mut r, "h9", 4_000).unwrap_err().code,
        RefusalCode::BadRequest
    );
}

#[test]
fn fischer_periods_byo_yomi_and_canadian_deadlines() {
    // Fischer: 60 s + 5 s after each move.
    let mut r = timed("60+5");
    let s = at(&mut r, "h8", 10_000).unwrap();
    assert_eq!(s.clock.unwrap().black.time_left_ms, 55_000);
    // Two periods: 2 moves in 10 s, then 20 s for the rest (unused time carries over).
    let mut r = timed("2/10:20");
    at(&mut r, "h8", 4_000).unwrap();
    at(&mut r, "h9", 4_000).unwrap();
    let s = at(&mut r, "h10", 8_000).unwrap();
    // Black made its 2 moves in 8 s of 10: 2 s carry over into 20.
    assert_eq!(s.clock.unwrap().black.time_left_ms, 22_000);
    // Byo-yomi: 10 s main time, then 3 periods of 5 s per move.
    let mut r = timed("TM[10]OT[3x5 byo-yomi]");
    assert_eq!(r.status().clock.unwrap().deadline, Some(25_000));
    let s = at(&mut r, "h8", 12_000).unwrap();
    let black = s.clock.unwrap().black;
    assert_eq!(
        (black.time_left_ms, black.overtime_periods_left),
        (5_000, Some(3))
    );
    let s = at(&mut r, "h9", 12_000).unwrap();
    // Black is in its periods: 3 x 5 s from now.
    assert_eq!(s.clock.unwrap().deadline, Some(27_000));
    assert!(tick(&mut r, 27_000).outcome.is_none());
    assert!(tick(&mut r, 27_001).outcome.is_some());
    // Canadian: 10 s main time, then 2 moves in every 10 s.
    let mut r = timed("TM[10]OT[2/10 Canadian]");
    at(&mut r, "h8", 15_000).unwrap();
    let s = at(&mut r, "h9", 15_000).unwrap();
    // Black spent 5 s of its first overtime period on h8 and has 5 s for the second.
    assert_eq!(s.clock.unwrap().deadline, Some(20_000));
}

#[test]
fn opening_decisions_use_the_acting_players_clock() {
    let mut r = timed_opening(OpeningRule::Rif1996, "100");
    // The opening player (Black) places White's stone 2 on Black's clock.
    at(&mut r, "h8", 10_000).unwrap();
    let s = at(&mut r, "h9", 30_000).unwrap();
    let clock = s.clock.unwrap();
    assert_eq!(
        (clock.black.time_left_ms, clock.white.time_left_ms),
        (70_000, 100_000)
    );
    let s = at(&mut r, "j10", 40_000).unwrap();
    // The second player decides colours on White's clock.
    assert_eq!(s.clock.unwrap().running, Some(W));
    let s = at(&mut r, "stay", 70_000).unwrap();
    assert_eq!(s.clock.unwrap().white.time_left_ms, 70_000);
    assert_eq!(s.clock.unwrap().deadline, Some(140_000));
}

#[test]
fn a_refusal_changes_nothing_in_every_protocol() {
    // Every action at every step of a game of each protocol: whatever is refused
    // leaves the status and the record as they were.
    let scripts = [
        ("rif1996", "h8 h9 j10 stay g10 offer=j8/k8 choose=k8 a1"),
        ("swap", "h8 h9 i10 swap g10 offer=j8/k8 choose=j8 a1"),
        (
            "yamaguchi",
            "h8 h9 j10 declare=2 stay g10 offer=j8/k8 choose=j8 a1",
        ),
        (
            "chinese",
            "h8 h9 j10 declare=2 stay g10 offer=j8/k8 choose=j8 a1",
        ),
        (
            "soosorv-8",
            "h8 h9 j10 stay g10 declare=2 stay offer=j8/k8 choose=j8 a1",
        ),
        (
            "taraguchi-10",
            "h8 stay i9 stay j8 stay k11 stay l12 stay a1",
        ),
        ("swap2", "a1 b2 c3 two d4 e5 swap f6"),
        ("gomoku-swap", "a1 b2 c3 stay d4"),
        ("pro", "h8 a1 l8 b1"),
        ("free", "h8 h9 pass"),
    ];
    let tries = [
        "h8",
        "a15",
        "pass",
        "swap",
        "stay",
        "two",
        "declare=2",
        "declare=0",
        "offer=j8/k8",
        "offer=a1/a1",
        "choose=j8",
        "claim",
        "draw",
        "accept",
        "decline",
    ];
    for (opening, script) in scripts {
        let mut r = referee(opening);
        for word in script.split_whitespace() {
            for attempt in tries {
                for by in [None, Some(First), Some(Second)] {
                    let mut probe = r.clone();
                    let before = (probe.status(), probe.game());
                    let request = Request {
                        action: action(attempt),
                        by: by.map(Party::from),
                        t: None,
                    };
                    if probe.act(request).is_err() {
                        assert_eq!(
                            (probe.status(), probe.game()),
                            before,
                            "{opening}: {attempt}"
                        );
                    }
                }
            }
            play(&mut r, word);
        }
        // The game validates without an error and to the same outcome.
        let replay = r.game().replay(&ValidationOptions::default());
        assert!(
            replay
                .findings
                .iter()
                .all(|f| f.code.severity() != renju_records::Severity::Error),
            "{opening}: {:?}",
            replay.findings
        );
        assert_eq!(
            Some(replay.outcome).filter(|o| o.termination != Termination::Unfinished),
            r.outcome()
        );
    }
}

#[test]
fn resume_and_actions_restore_the_game() {
    let mut r = referee("yamaguchi");
    play(&mut r, "h8 h9 j10 declare=2 stay g10 offer=j8/k8");
    let restored = Referee::from_actions(r.options().clone(), r.actions()).unwrap();
    assert_eq!(restored.status(), r.status());
    play(&mut r, "choose=k8 a1");
    let resumed = Referee::resume(&r.game(), RefereeOptions::default()).unwrap();
    assert_eq!(resumed.status(), r.status());
    // A record with an error cannot be resumed.
    let mut bad = Game::from_moves("h8 h9").unwrap();
    bad.opening = Some(OpeningRule::Rif1996);
    bad.events.insert(0, Event::Stone { point: p("a1") });
    assert!(Referee::resume(&bad, RefereeOptions::default()).is_err());
}

#[test]
fn json_lines() {
    let mut r = referee("rif1996");
    let reply = r.handle_json(r#"{"action":"place","point":"h8","by":"first","t":1500}"#);
    assert!(
        reply.starts_with(
            r#"{"ok":true,"status":{"required":"place","to_act":"first","color":"black","move":2"#
        ),
        "{reply}"
    );
    let reply = r.handle_json(r#"{"action":"place","point":"a1"}"#);
    assert!(
        reply.starts_with(r#"{"ok":false,"error":{"code":"outside-area","message":"#),
        "{reply}"
    );
    let reply = r.handle_json(r#"{"action":"record","format":"sgf"}"#);
    assert!(reply.contains(r#""record":"(;"#), "{reply}");
    let reply = r.handle_json(r#"{"action":"explain","point":"h9"}"#);
    assert!(reply.contains(r#""explanation":"#), "{reply}");
    for hostile in [
        "",
        "{",
        "[1]",
        r#"{"action":"place","point":"h8","t":1e99}"#,
        "\u{0}",
    ] {
        let reply = r.handle_json(hostile);
        assert!(
            reply.starts_with(r#"{"ok":false,"error":{"code":"bad-request""#),
            "{reply}"
        );
    }
    assert!(matches!(
        Command::from_json(r#"{"action":"status"}"#),
        Ok(Command::Status)
    ));
}

/// Swap2 and Yamaguchi games (one minute each, sudden death) in which the second player
/// thinks 55 s over the opening and swaps: they take Black with their own 5 s left,
/// not the 57 s the first player left on its clock (clocks belong to players).
fn swapper_runs_short(opening: OpeningRule, opening_words: &[(&str, u64)]) {
    let mut r = Referee::new(RefereeOptions {
        opening,
        time_control: Some("60".parse().unwrap()),
        ..RefereeOptions::default()
    })
    .unwrap();
    for (word, t) in opening_words {
        at(&mut r, word, *t).unwrap();
    }
    // The second player decides for 55 s and swaps: their clock, now Black's.
    let s = at(&mut r, "swap", 58_000).unwrap();
    let clock = s.clock.unwrap();
    assert_eq!(s.to_act, Some(First), "the first player now holds White");
    assert_eq!(
        (clock.black.time_left_ms, clock.white.time_left_ms),
        (5_000, 57_000),
        "{opening}: the swapper keeps their own clock"
    );
    assert_eq!(clock.running, Some(W));
    let s = at(&mut r, "g10", 60_000).unwrap();
    let clock = s.clock.unwrap();
    assert_eq!((clock.running, s.to_act), (Some(B), Some(Second)));
    assert_eq!(clock.deadline, Some(65_000));
    let s = tick(&mut r, 65_001);
    let ending = s.outcome.unwrap();
    assert_eq!(ending.outcome(), Outcome::win(W, Termination::Time));
    assert_eq!(ending.winner_seat, Some(First));
    // The record validates to the same outcome, through the move-list text too, and a
    // referee resumes from it with the same clocks.
    let game = r.game();
    let replay = game.replay(&ValidationOptions::default());
    assert_eq!(replay.outcome, Outcome::win(W, Termination::Time));
    assert_eq!(replay.winner_seat, Some(First));
    let text = Format::MoveList.write(std::slice::from_ref(&game)).unwrap();
    let back = Format::MoveList.read(&text, None).remove(0).unwrap();
    assert_eq!(back.events, game.events);
    assert_eq!(
        back.replay(&ValidationOptions::default()).outcome,
        Outcome::win(W, Termination::Time),
        "{}",
        String::from_utf8_lossy(&text)
    );
    let mut before_flag = r.game();
    before_flag
        .events
        .retain(|e| !matches!(e, Event::Result(_)));
    let resumed = Referee::resume(&before_flag, RefereeOptions::default()).unwrap();
    let clock = resumed.status().clock.unwrap();
    assert_eq!(
        (clock.black.time_left_ms, clock.white.time_left_ms),
        (5_000, 55_000)
    );
}

#[test]
fn the_player_who_swaps_keeps_their_own_clock() {
    swapper_runs_short(
        OpeningRule::Swap2,
        &[("h8", 1_000), ("h9", 2_000), ("j10", 3_000)],
    );
    swapper_runs_short(
        OpeningRule::Yamaguchi,
        &[
            ("h8", 1_000),
            ("h9", 2_000),
            ("j10", 3_000),
            ("declare=2", 3_000),
        ],
    );
}

#[test]
fn a_swap_is_one_of_the_swappers_moves() {
    // Fischer: 10 s + 5 s per move. The swap earns the swapper an increment.
    let mut r = timed_opening(OpeningRule::Rif1996, "10+5");
    for (word, t) in [("h8", 0), ("h9", 0), ("j10", 0)] {
        at(&mut r, word, t).unwrap();
    }
    let s = at(&mut r, "swap", 4_000).unwrap();
    let clock = s.clock.unwrap();
    // The first player: 10 + 3 x 5; the swapper: 10 - 4 + 5.
    assert_eq!(
        (clock.white.time_left_ms, clock.black.time_left_ms),
        (25_000, 11_000)
    );
    assert_eq!((clock.black.moves, clock.white.moves), (1, 3));
    // A stay is no move: the decision and move 4 are one turn.
    let mut r = timed_opening(OpeningRule::Rif1996, "10+5");
    for (word, t) in [("h8", 0), ("h9", 0), ("j10", 0), ("stay", 4_000)] {
        at(&mut r, word, t).unwrap();
    }
    let s = at(&mut r, "g10", 5_000).unwrap();
    assert_eq!(s.clock.unwrap().white.time_left_ms, 10_000);
    let replay = r.game().replay(&ValidationOptions::default());
    assert!(replay.findings.is_empty(), "{:?}", replay.findings);
}

#[test]
fn swap2_place_two_is_on_the_second_players_clock() {
    let mut r = timed_opening(OpeningRule::Swap2, "60");
    for (word, t) in [
        ("h8", 1_000),
        ("h9", 2_000),
        ("j10", 3_000),
        ("two", 10_000),
        ("g10", 30_000),
        ("k11", 53_000),
        ("stay", 54_000),
    ] {
        at(&mut r, word, t).unwrap();
    }
    let clock = r.status().clock.unwrap();
    // The first player (Black) used 3 s + 1 s; the second (White) 50 s.
    assert_eq!(
        (clock.black.time_left_ms, clock.white.time_left_ms),
        (56_000, 10_000)
    );
    let ending = tick(&mut r, 64_001).outcome.unwrap();
    assert_eq!(ending.winner_seat, Some(First));
    let replay = r.game().replay(&ValidationOptions::default());
    assert_eq!(replay.outcome, Outcome::win(B, Termination::Time));
    let errors: Vec<_> = replay
        .findings
        .iter()
        .filter(|f| f.code.severity() == renju_records::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let clock = replay.time.unwrap();
    assert_eq!((clock.black_used_ms, clock.white_used_ms), (3_000, 50_000));
}

#[test]
fn ticks_coalesce_and_are_refused_after_the_end() {
    let mut r = timed("60");
    at(&mut r, "h8", 1_000).unwrap();
    for t in (2_000..50_000).step_by(10) {
        tick(&mut r, t);
    }
    assert_eq!(r.actions().len(), 2, "ticks in a row are kept as one");
    let restored = Referee::from_actions(r.options().clone(), r.actions()).unwrap();
    assert_eq!(restored.status(), r.status());
    // The tick that makes the flag fall is accepted; later ones are refused.
    assert!(tick(&mut r, 61_001).outcome.is_some());
    let refusal = r.act(Request::new(Action::Tick).at(70_000)).unwrap_err();
    assert_eq!(refusal.code, RefusalCode::GameOver);
    assert_eq!(r.actions().len(), 2);
    let restored = Referee::from_actions(r.options().clone(), r.actions()).unwrap();
    assert_eq!(restored.status(), r.status());
}

#[test]
fn a_declaration_is_capped_by_the_points_the_position_allows() {
    // 221 points are empty after move 4 on a 15x15 board: 250 offers could never be made.
    let mut r = referee("yamaguchi");
    play(&mut r, "h8 h9 h10");
    let s = r.status();
    assert_eq!((s.required, s.range), (Required::Declare, Some([1, 221])));
    refused(&mut r, "declare=250", None, RefusalCode::OfferCount);
    play(&mut r, "declare=221");
    // A record declaring more is an error when validated.
    let game = Format::MoveList
        .read(
            b"# opening: yamaguchi\nh8 h9 h10 declare=250 h7 offers=j8/j9>j9\n",
            None,
        )
        .remove(0)
        .unwrap();
    let replay = game.replay(&ValidationOptions::default());
    assert!(replay
        .findings
        .iter()
        .any(|f| f.code == renju_records::FindingCode::OfferDeclaration));
}

#[test]
fn the_claim_model_is_written_into_the_record_or_the_format_refused() {
    for fouls in [FoulPolicy::RifClaim, FoulPolicy::ChineseClaim] {
        let mut r = Referee::new(RefereeOptions {
            fouls,
            ..RefereeOptions::default()
        })
        .unwrap();
        // Black's double-three lapses: White played on.
        play(&mut r, &format!("{DOUBLE_THREE} h8 o15"));
        assert!(r.outcome().is_none());
        let text = Format::MoveList
            .write(std::slice::from_ref(&r.game()))
            .unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains(&format!("# claims: {}\n", fouls.claims())),
            "{text}"
        );
        let back = Format::MoveList
            .read(text.as_bytes(), None)
            .remove(0)
            .unwrap();
        assert_eq!(back.claims, Some(fouls.claims()));
        let replay = back.replay(&ValidationOptions::default());
        assert_eq!(
            replay.outcome.termination,
            Termination::Unfinished,
            "{text}"
        );
        for format in [Format::Sgf, Format::Rif, Format::Psq] {
            let err = format.write(std::slice::from_ref(&r.game())).unwrap_err();
            assert!(err.to_string().contains("claim model"), "{err}");
        }
    }
}
