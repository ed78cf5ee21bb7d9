//! The conformance pack's opening replies: for every opening protocol, a game played
//! through the live referee, and at every step a set of attempted actions (legal ones
//! and the illegal steps a referee must refuse), each with the referee's reply.
//!
//! A record is the game so far (the accepted actions, as lines of the `renju referee`
//! protocol), the attempted action, and whether it is accepted: `"legal": true`, or
//! `false` with the stable refusal code. Symmetric offers are given under both offer
//! equivalences.

use serde_json::{json, Value};

use renju_core::Point;
use renju_records::referee::{Action, Referee, RefereeOptions, Request};
use renju_records::{OfferEquivalence, OpeningRule};

/// Each protocol with a legal game through its opening, written as actions (`h8` a
/// stone, `swap`, `stay`, `two` (place-two), `declare=N`, `offer=P/P`, `choose=P`,
/// `pass`). One game a protocol: its length is the table's, so that a new protocol does
/// not compile until it has its game here.
const GAMES: [(&str, &str); OpeningRule::ALL.len()] = [
    ("free", "h8 h9 i10 pass"),
    ("rif1996", "h8 h9 h10 stay h7 offer=j8/j9 choose=j9 g9"),
    ("swap", "h8 h9 h10 swap h7 offer=j8/j9 choose=j8 g9"),
    (
        "yamaguchi",
        "h8 h9 h10 declare=3 stay h7 offer=j8/j9/k11 choose=k11 g9",
    ),
    // 1.h8 2.h9 3.h7 4.h6: symmetric about the line between rows 7 and 8, which only
    // the shape equivalence sees (i8 and i7 are then the same offer).
    (
        "chinese",
        "h8 h9 h7 declare=2 stay h6 offer=j8/j9 choose=j8 g9",
    ),
    (
        "soosorv-8",
        "h8 h9 h10 stay h7 declare=2 swap offer=j8/j9 choose=j9 g9",
    ),
    (
        "taraguchi-10",
        "h8 stay i9 swap j8 stay k11 stay l12 stay a1",
    ),
    ("swap2", "h8 h9 h10 two h7 j8 swap g9"),
    ("gomoku-swap", "h8 h9 h10 swap h7"),
    ("pro", "h8 a1 l8 b1"),
];

/// Actions tried at every step besides the game's own: points inside and outside each
/// opening area, passes, colour decisions, declarations, offers (symmetric ones among
/// them) and choices.
const TRIES: [&str; 20] = [
    "h8",
    "i9",
    "j10",
    "k11",
    "l12",
    "a1",
    "pass",
    "swap",
    "stay",
    "two",
    "declare=2",
    "declare=0",
    "declare=9",
    "offer=j8/j9",
    "offer=g8/j8",
    "offer=g8/i8",
    "offer=i8/i7",
    "offer=j8",
    "choose=j8",
    "choose=a1",
];

fn point(text: &str) -> Point {
    text.parse().expect("the pack's points are on the board")
}

/// The action a short word stands for.
fn action(word: &str) -> Action {
    let (name, value) = word.split_once('=').unwrap_or((word, ""));
    match name {
        "pass" => Action::Pass,
        "swap" => Action::Swap,
        "stay" => Action::Stay,
        "two" => Action::PlaceTwo,
        "declare" => Action::Declare {
            count: value.parse().expect("a count"),
        },
        "offer" => Action::Offer {
            points: value.split('/').map(point).collect(),
        },
        "choose" => Action::Choose {
            point: point(value),
        },
        stone => Action::Place {
            point: point(stone),
        },
    }
}

fn line(action: &Action) -> Value {
    serde_json::to_value(Request::new(action.clone())).expect("requests serialise")
}

/// The opening replies section: one record per attempted action.
pub fn openings_section() -> Vec<Value> {
    let mut records = Vec::new();
    for (opening, game) in GAMES {
        for equivalence in OfferEquivalence::ALL {
            let options = RefereeOptions {
                opening: opening.parse::<OpeningRule>().expect("a protocol"),
                offer_equivalence: equivalence,
                ..RefereeOptions::default()
            };
            let mut referee = Referee::new(options).expect("15x15 renju");
            let mut steps: Vec<Value> = Vec::new();
            for (number, word) in game.split_whitespace().enumerate() {
                for attempt in TRIES {
                    let attempted = action(attempt);
                    let mut probe = referee.clone();
                    let reply = probe.act(attempted.clone().into());
                    records.push(json!({
                        "id": format!("{opening}-{equivalence}-{}-{attempt}", number + 1),
                        "opening": opening,
                        "offer_equivalence": equivalence.name(),
                        "steps": steps,
                        "action": line(&attempted),
                        "legal": reply.is_ok(),
                        "code": reply.err().map(|r| r.code.name()),
                    }));
                }
                let next = action(word);
                referee
                    .act(next.clone().into())
                    .unwrap_or_else(|e| panic!("{opening}: `{word}` is legal: {e}"));
                steps.push(line(&next));
            }
        }
    }
    records
}

/// Checks every record of an opening replies section against this library's referee;
/// the first record it disagrees with, and why.
pub fn check_openings(records: &[Value]) -> Result<(), (String, String)> {
    for record in records {
        let id = record["id"].as_str().unwrap_or("?").to_string();
        let bad = |why: String| (id.clone(), why);
        let options = RefereeOptions {
            opening: record["opening"]
                .as_str()
                .and_then(|o| o.parse().ok())
                .ok_or_else(|| bad("no opening".into()))?,
            offer_equivalence: record["offer_equivalence"]
                .as_str()
                .and_then(|o| o.parse().ok())
                .ok_or_else(|| bad("no offer equivalence".into()))?,
            ..RefereeOptions::default()
        };
        let mut referee = Referee::new(options).map_err(|e| bad(e.to_string()))?;
        let steps = record["steps"]
            .as_array()
            .ok_or_else(|| bad("no steps".into()))?;
        for step in steps {
            let reply = referee.handle_json(&step.to_string());
            if !reply.starts_with(r#"{"ok":true"#) {
                return Err(bad(format!("the step {step} is refused: {reply}")));
            }
        }
        let reply: Value =
            serde_json::from_str(&referee.handle_json(&record["action"].to_string()))
                .map_err(|e| bad(e.to_string()))?;
        let code = reply["error"]["code"].as_str();
        if reply["ok"] != record["legal"] || code != record["code"].as_str() {
            return Err(bad(format!(
                "the pack says legal={} code={}, the referee replies {reply}",
                record["legal"], record["code"]
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_protocol_has_legal_and_refused_steps_and_the_referee_agrees() {
        let records = openings_section();
        assert!(check_openings(&records).is_ok());
        for (opening, _) in GAMES {
            let of = |legal: bool| {
                records
                    .iter()
                    .filter(|r| r["opening"] == opening && r["legal"] == legal)
                    .count()
            };
            assert!(of(true) > 0 && of(false) > 0, "{opening}");
        }
        let codes: std::collections::BTreeSet<_> =
            records.iter().filter_map(|r| r["code"].as_str()).collect();
        for code in [
            "outside-area",
            "wrong-action",
            "offer-count",
            "symmetric-offers",
            "not-offered",
            "occupied",
        ] {
            assert!(codes.contains(code), "{code}: {codes:?}");
        }
        // Symmetric offers differ between the equivalences somewhere.
        let symmetric = |eq: &str| {
            records
                .iter()
                .filter(|r| r["offer_equivalence"] == eq && r["code"] == "symmetric-offers")
                .count()
        };
        assert_ne!(symmetric("shape"), symmetric("board"));
        // A tampered record is caught.
        let mut tampered = records[0].clone();
        tampered["legal"] = json!(!tampered["legal"].as_bool().unwrap());
        assert!(check_openings(&[tampered]).is_err());
    }
}
