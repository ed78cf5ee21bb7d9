//! What the referee says after every action: [`Status`].

use serde::{Deserialize, Serialize};

use crate::clock::SideState;
use crate::game::Seat;
use crate::sealed::SealDigest;
use renju_core::forbidden::FoulKind;
use renju_core::geometry::{Color, Point};
use renju_core::outcome::{Outcome, Termination};

/// What the player to act must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Required {
    /// Place a stone (`place`; `pass` where [`Status::pass`] says so).
    Place,
    /// Decide colours (`stay` or `swap`, or another of [`Status::options`]).
    Swap,
    /// Declare the number of fifth-move offers (`declare`, within [`Status::range`]).
    Declare,
    /// Offer fifth moves (`offer`, [`Status::count`] of them).
    Offer,
    /// Choose one of the offered fifth moves (`choose`).
    Choose,
    /// Nothing: the game is over.
    None,
}

renju_core::name_table!(Required, "required action", {
    Place => "place",
    Swap => "swap",
    Declare => "declare",
    Offer => "offer",
    Choose => "choose",
    None => "none",
});

/// One of the answers a colour decision allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SwapOption {
    /// Keep colours.
    Stay,
    /// Exchange colours.
    Swap,
    /// Swap2: place two more stones and hand the choice back.
    PlaceTwo,
    /// Taraguchi: offer fifth moves instead of a colour decision.
    Offer,
}

renju_core::name_table!(SwapOption, "swap option", {
    Stay => "stay",
    Swap => "swap",
    PlaceTwo => "place-two",
    Offer => "offer",
});

/// A point where a black stone would be forbidden, and its foul (the first of
/// overline, double-four, double-three); [`crate::referee::Referee::explain`] says why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ForbiddenSpot {
    /// The point.
    pub point: Point,
    /// The foul.
    pub kind: FoulKind,
}

/// Both clocks as of the last action, and when the running one falls. Clocks belong to
/// players: `black` is the clock of the player who holds Black now (it follows them
/// through every swap), `white` the other player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockStatus {
    /// The clock of the player holding Black (its time left net of the time already used
    /// on the current action).
    pub black: SideState,
    /// The clock of the player holding White.
    pub white: SideState,
    /// The colour held by the player whose clock runs: the player who must act, who in
    /// the opening may place a stone of the other colour (`None` once the game is over,
    /// and while the arbiter has paused it).
    pub running: Option<Color>,
    /// The time stamp at which the running clock's flag falls, on the caller's timeline.
    pub deadline: Option<u64>,
}

/// An adjourned game: who sealed their move, and the digest the public record shows
/// (never the move).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Adjournment {
    /// The sealer's seat.
    pub by: Seat,
    /// The SHA-256 digest of the sealed move ([`crate::sealed`]).
    pub digest: SealDigest,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Ending {
    /// `1-0` (Black won), `0-1`, `1/2-1/2` or `0-0` (both lost).
    pub result: &'static str,
    /// Why.
    pub termination: Termination,
    /// The winning colour (`None`: nobody won).
    pub winner: Option<Color>,
    /// The seat that won.
    pub winner_seat: Option<Seat>,
}

impl Ending {
    pub(crate) fn new(outcome: Outcome, black_seat: Seat) -> Ending {
        Ending {
            result: outcome.result(),
            termination: outcome.termination,
            winner: outcome.winner,
            winner_seat: outcome.winner.map(|c| match c {
                Color::Black => black_seat,
                Color::White => black_seat.other(),
            }),
        }
    }

    /// The outcome.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner,
            termination: self.termination,
        }
    }
}

/// Where the game stands: who must act, what they may do, the clock and the result.
/// The JSON form uses these field names (`move` for [`Status::move_number`]); empty
/// lists and absent values are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    /// What must be done now.
    pub required: Required,
    /// The seat that must do it (`None` once the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_act: Option<Seat>,
    /// That seat's colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The number of the next stone (moves and passes played, plus one).
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The colour of the next stone.
    pub stone: Color,
    /// The answers a colour decision allows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<SwapOption>,
    /// The numbers of offers a declaration may give, `[min, max]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<[u8; 2]>,
    /// How many fifth-move offers are required (also for Taraguchi's offer branch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
    /// The offers White chooses from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<Point>,
    /// Every point a `place` (or an offer, or a choice) is accepted on now, row by row
    /// from `a1`.
    pub legal: Vec<Point>,
    /// Whether `pass` is accepted now.
    pub pass: bool,
    /// Black's forbidden points, when a black stone is to be placed or offered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenSpot>,
    /// Whether White may `claim` a foul of Black's now (claim policies).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub claimable: bool,
    /// The seat whose draw offer waits for an answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Seat>,
    /// Whether the arbiter has paused the game: no clock runs and no player acts until
    /// the arbiter's `unpause` (`required` and `to_act` say what comes after it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
    /// The adjournment under way: a move is sealed (only its digest shown), no clock
    /// runs and no player acts until the arbiter's `resume`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adjourned: Option<Adjournment>,
    /// The seats whose player has not arrived yet, under a late limit: until both have,
    /// no clock runs (each player's lateness goes on their clock when they arrive).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<Seat>,
    /// The time stamp past which a player still absent forfeits (a late limit, a player
    /// absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub late_deadline: Option<u64>,
    /// The clocks, in a timed game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockStatus>,
    /// How the game ended; `None` (JSON `null`) while it goes on.
    pub outcome: Option<Ending>,
}

/// Every point's name, `a1` to `z26`, made once: replies list hundreds of points.
fn point_name(p: Point) -> &'static str {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        (0..26u8)
            .flat_map(|y| (0..26u8).filter_map(move |x| Point::new(x, y)))
            .map(|p| p.to_string())
            .collect()
    });
    &names[usize::from(p.y()) * 26 + usize::from(p.x())]
}

fn push_points(out: &mut String, key: &str, points: &[Point]) {
    out.push_str(",\"");
    out.push_str(key);
    out.push_str("\":[");
    for (i, &p) in points.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        out.push_str(point_name(p));
        out.push('"');
    }
    out.push(']');
}

fn push_value(out: &mut String, key: &str, value: &impl Serialize) {
    out.push_str(",\"");
    out.push_str(key);
    out.push_str("\":");
    out.push_str(&serde_json::to_string(value).expect("status fields serialise"));
}

impl Status {
    /// The status as JSON: the same text as serde's (`serde_json::to_string`), written
    /// faster (the point lists are the bulk of a reply, and need no escaping).
    ///
    /// ```
    /// use renju_records::referee::{Referee, RefereeOptions};
    /// let status = Referee::new(RefereeOptions::default()).unwrap().status();
    /// assert_eq!(status.to_json(), serde_json::to_string(&status).unwrap());
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64 + 6 * (self.legal.len() + self.offered.len()));
        out.push_str("{\"required\":\"");
        out.push_str(self.required.name());
        out.push('"');
        if let Some(seat) = self.to_act {
            push_value(&mut out, "to_act", &seat);
        }
        if let Some(color) = self.color {
            push_value(&mut out, "color", &color);
        }
        push_value(&mut out, "move", &self.move_number);
        push_value(&mut out, "stone", &self.stone);
        if !self.options.is_empty() {
            push_value(&mut out, "options", &self.options);
        }
        if let Some(range) = self.range {
            push_value(&mut out, "range", &range);
        }
        if let Some(count) = self.count {
            push_value(&mut out, "count", &count);
        }
        if !self.offered.is_empty() {
            push_points(&mut out, "offered", &self.offered);
        }
        push_points(&mut out, "legal", &self.legal);
        push_value(&mut out, "pass", &self.pass);
        if !self.forbidden.is_empty() {
            push_value(&mut out, "forbidden", &self.forbidden);
        }
        if self.claimable {
            push_value(&mut out, "claimable", &self.claimable);
        }
        if let Some(seat) = self.draw_offer {
            push_value(&mut out, "draw_offer", &seat);
        }
        if self.paused {
            push_value(&mut out, "paused", &self.paused);
        }
        if let Some(adjourned) = &self.adjourned {
            push_value(&mut out, "adjourned", adjourned);
        }
        if !self.absent.is_empty() {
            push_value(&mut out, "absent", &self.absent);
        }
        if let Some(deadline) = self.late_deadline {
            push_value(&mut out, "late_deadline", &deadline);
        }
        if let Some(clock) = &self.clock {
            push_value(&mut out, "clock", clock);
        }
        push_value(&mut out, "outcome", &self.outcome);
        out.push('}');
        out
    }
}
