//! A refused action changes nothing: the status, the record and the actions kept are the
//! same bytes before and after it, for every refusal code (each produced at least once,
//! by a chosen case and by random play under every opening protocol and foul policy).

use renju_records::random::SplitMix64;
use std::collections::BTreeSet;

use renju_core::Point;
use renju_records::referee::{Action, FoulPolicy, Referee, RefereeOptions, RefusalCode, Request};
use renju_records::{OpeningRule, Seat, TimeControl};

/// Everything a refused action must leave as it was, as bytes.
fn snapshot(referee: &Referee) -> String {
    let record = serde_json::to_string(&referee.game()).unwrap();
    let actions = serde_json::to_string(referee.actions()).unwrap();
    let findings = serde_json::to_string(referee.findings()).unwrap();
    format!(
        "{}\n{record}\n{actions}\n{findings}",
        referee.status().to_json()
    )
}

/// Takes `request`; when refused, checks that nothing changed and returns the code.
/// The one change a refusal keeps is the documented one: a flag that fell before the
/// request's time stamp has fallen, as a tick at that time would have it.
fn try_act(referee: &mut Referee, request: Request) -> Option<RefusalCode> {
    let (before, copy) = (snapshot(referee), referee.clone());
    let refusal = referee.act(request.clone()).err()?;
    let expected = match (copy.outcome(), referee.outcome(), request.t) {
        (None, Some(_), Some(t)) => {
            let mut ticked = copy;
            ticked.act(Request::new(Action::Tick).at(t)).unwrap();
            snapshot(&ticked)
        }
        _ => before,
    };
    assert_eq!(
        snapshot(referee),
        expected,
        "{request:?} refused ({refusal}) changed the referee"
    );
    Some(refusal.code)
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn place(s: &str) -> Request {
    Request::new(Action::Place { point: p(s) })
}

fn referee(opening: OpeningRule, fouls: FoulPolicy) -> Referee {
    Referee::new(RefereeOptions {
        opening,
        fouls,
        ..RefereeOptions::default()
    })
    .unwrap()
}

fn accept(referee: &mut Referee, requests: impl IntoIterator<Item = Request>) {
    for request in requests {
        referee
            .act(request.clone())
            .unwrap_or_else(|e| panic!("{request:?}: {e}"));
    }
}

/// A position from moves, and an action refused there with `code`.
fn case(
    code: RefusalCode,
    opening: OpeningRule,
    fouls: FoulPolicy,
    moves: &[Request],
    refused: Request,
) -> RefusalCode {
    let mut r = referee(opening, fouls);
    accept(&mut r, moves.iter().cloned());
    let got = try_act(&mut r, refused.clone());
    assert_eq!(got, Some(code), "{refused:?}");
    code
}

#[test]
fn every_refusal_code_leaves_the_referee_byte_identical() {
    use OpeningRule::{Free, Rif1996};
    let (auto, refuse) = (FoulPolicy::Automatic, FoulPolicy::Refuse);
    let rif = [
        place("h8"),
        place("h9"),
        place("h10"),
        Request::new(Action::Stay),
        place("h6"),
    ];
    let offer = |points: &[&str]| {
        Request::new(Action::Offer {
            points: points.iter().map(|s| p(s)).collect(),
        })
    };
    // Black's double three on j8 (h8-i8-j8 and j8-j9-j10).
    let three = ["h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7"].map(place);
    let seen: BTreeSet<&str> = [
        case(
            RefusalCode::NotYourTurn,
            Free,
            auto,
            &[],
            place("h8").by(Seat::Second),
        ),
        case(
            RefusalCode::WrongAction,
            Free,
            auto,
            &[],
            Request::new(Action::Swap),
        ),
        case(
            RefusalCode::Occupied,
            Free,
            auto,
            &[place("h8")],
            place("h8"),
        ),
        case(RefusalCode::OffBoard, Free, auto, &[], place("p16")),
        case(RefusalCode::OutsideArea, Rif1996, auto, &[], place("a1")),
        case(RefusalCode::Forbidden, Free, refuse, &three, place("j8")),
        case(RefusalCode::OfferCount, Rif1996, auto, &rif, offer(&["j8"])),
        case(
            RefusalCode::SymmetricOffers,
            Rif1996,
            auto,
            &rif,
            offer(&["g7", "i7"]),
        ),
        case(
            RefusalCode::NotOffered,
            Rif1996,
            auto,
            &[rif.to_vec(), vec![offer(&["g7", "k7"])]].concat(),
            Request::new(Action::Choose { point: p("a1") }),
        ),
        case(
            RefusalCode::DrawOfferNotAllowed,
            Free,
            auto,
            &[place("h8"), place("a1")],
            Request::new(Action::DrawOffer).by(Seat::First),
        ),
        case(
            RefusalCode::GameOver,
            Free,
            auto,
            &[Request::new(Action::Resign)],
            place("h8"),
        ),
        case(
            RefusalCode::Paused,
            Free,
            auto,
            &[place("h8"), Request::new(Action::Pause)],
            place("h9"),
        ),
        case(
            RefusalCode::BadRequest,
            Free,
            auto,
            &[],
            Request::new(Action::Tick),
        ),
        case(
            RefusalCode::Adjourned,
            Free,
            auto,
            &[place("h8"), seal("i9")],
            place("i9"),
        ),
        case(
            RefusalCode::SealMismatch,
            Free,
            auto,
            &[place("h8"), seal("i9")],
            Request::new(Action::Resume {
                sealed: Some(format!("i10/{SALT}").parse().unwrap()),
            }),
        ),
    ]
    .into_iter()
    .map(RefusalCode::name)
    .collect();
    let all: BTreeSet<&str> = RefusalCode::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(seen, all, "a refusal code without a case");
}

const SALT: &str = "0123456789abcdef";

fn seal(point: &str) -> Request {
    Request::new(Action::Seal {
        point: p(point),
        salt: Some(SALT.into()),
    })
}

/// The workspace's generator: the same games on every run.
struct Lots(SplitMix64);

impl Lots {
    fn next(&mut self, below: usize) -> usize {
        self.0.below_by_remainder(below as u64) as usize
    }
}

/// A random request: mostly a point near the centre or a legal one, sometimes any
/// other action, seat or time (backwards too).
fn random_request(referee: &Referee, lots: &mut Lots) -> Request {
    let status = referee.status();
    let near =
        |lots: &mut Lots| Point::new(4 + lots.next(8) as u8, 4 + lots.next(8) as u8).unwrap();
    let action = match lots.next(20) {
        0..=5 if !status.legal.is_empty() => Action::Place {
            point: status.legal[lots.next(status.legal.len())],
        },
        0..=7 => Action::Place { point: near(lots) },
        8 => Action::Place {
            point: Point::new(15 + lots.next(3) as u8, 3).unwrap(),
        },
        9 => Action::Offer {
            points: (0..1 + lots.next(4)).map(|_| near(lots)).collect(),
        },
        10 if !status.offered.is_empty() && lots.next(2) == 0 => Action::Choose {
            point: status.offered[lots.next(status.offered.len())],
        },
        10 => Action::Choose { point: near(lots) },
        11 => Action::Declare {
            count: lots.next(12) as u8,
        },
        12 => [Action::Swap, Action::Stay, Action::PlaceTwo][lots.next(3)].clone(),
        13 => [Action::DrawOffer, Action::DrawAccept, Action::DrawDecline][lots.next(3)].clone(),
        14 => [Action::Claim, Action::Pass, Action::Tick][lots.next(3)].clone(),
        15 if lots.next(8) == 0 => [Action::Resign, Action::Forfeit][lots.next(2)].clone(),
        16 if lots.next(3) == 0 => [Action::Pause, Action::Unpause][lots.next(2)].clone(),
        17 if lots.next(8) == 0 => {
            let seat = [Seat::First, Seat::Second][lots.next(2)];
            match lots.next(6) {
                0 => Action::Disqualify {
                    seat,
                    reason: String::new(),
                },
                1 | 2 => Action::Warning {
                    seat,
                    reason: "noted".into(),
                },
                _ => Action::Penalty {
                    seat,
                    ms: (lots.next(400) * 1000) as u64,
                },
            }
        }
        18 if lots.next(3) == 0 => match lots.next(3) {
            0 => Action::Resume { sealed: None },
            1 => Action::Resume {
                sealed: Some(format!("{}/{SALT}", near(lots)).parse().unwrap()),
            },
            _ => Action::Seal {
                point: near(lots),
                salt: Some(SALT.into()),
            },
        },
        _ => Action::Place { point: near(lots) },
    };
    let mut request = Request::new(action);
    if request.action.is_arbiters() && lots.next(2) == 0 {
        request = request.by(renju_records::referee::Party::Arbiter);
    } else if lots.next(4) == 0 {
        request = request.by([Seat::First, Seat::Second][lots.next(2)]);
    }
    if lots.next(3) == 0 {
        request = request.at((lots.next(400) * 1000) as u64);
    }
    request
}

#[test]
fn random_refused_actions_change_nothing() {
    let mut lots = Lots(SplitMix64::new(42));
    let mut seen = BTreeSet::new();
    let control: TimeControl = "300+5".parse().unwrap();
    for game in 0..240 {
        let opening = OpeningRule::ALL[game % OpeningRule::ALL.len()];
        let fouls = FoulPolicy::ALL[(game / OpeningRule::ALL.len()) % FoulPolicy::ALL.len()];
        let mut r = Referee::new(RefereeOptions {
            opening,
            fouls,
            time_control: (game % 3 == 0).then(|| control.clone()),
            ..RefereeOptions::default()
        })
        .unwrap();
        for _ in 0..80 {
            let request = random_request(&r, &mut lots);
            seen.extend(try_act(&mut r, request).map(RefusalCode::name));
        }
    }
    // Random play reaches every code but the rarest shapes (symmetric offers, a
    // forbidden point under the `refuse` policy), which the chosen cases give.
    let rare = [RefusalCode::SymmetricOffers, RefusalCode::Forbidden].map(RefusalCode::name);
    let missing: Vec<&str> = RefusalCode::ALL
        .iter()
        .map(|c| c.name())
        .filter(|name| !seen.contains(name) && !rare.contains(name))
        .collect();
    assert!(missing.is_empty(), "random play never met {missing:?}");
}

#[test]
fn the_arbiter_declares_a_forfeit_and_takes_no_players_act() {
    use renju_records::referee::Party;
    let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    let h8: Point = "h8".parse().unwrap();
    let players_acts = [
        Action::Place { point: h8 },
        Action::Pass,
        Action::Resign,
        Action::Claim,
        Action::DrawOffer,
    ];
    for action in players_acts {
        let request = Request::new(action).by(Party::Arbiter);
        assert_eq!(
            try_act(&mut referee, request),
            Some(RefusalCode::BadRequest)
        );
    }
    let reply = referee.handle_json(r#"{"action":"place","point":"h8","by":"arbiter"}"#);
    assert!(reply.contains("the arbiter cannot place"), "{reply}");
    // A seat on the wire reads as before.
    let line = r#"{"action":"place","point":"h8","by":"first"}"#;
    let by_seat: Request = serde_json::from_str(line).unwrap();
    assert_eq!(by_seat.by, Some(Party::Seat(Seat::First)));
    // The arbiter declares the forfeit of the player to act (Black, the first player).
    let line = r#"{"action":"forfeit","by":"arbiter","t":5}"#;
    let forfeit: Request = serde_json::from_str(line).unwrap();
    assert_eq!(forfeit.by, Some(Party::Arbiter));
    referee.act(forfeit).unwrap();
    let outcome = referee.outcome().unwrap();
    assert_eq!(outcome.termination, renju_core::Termination::Forfeit);
    assert_eq!(outcome.winner, Some(renju_core::Color::White));
}
