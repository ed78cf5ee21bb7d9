//! What a player (or the time) does: [`Action`], and a [`Request`] that carries it with
//! the acting seat and a time stamp.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::Seat;
use crate::sealed::SealedMove;
use renju_core::geometry::Point;

/// One action of a live game. On the wire (JSON) it is an object whose `action` field
/// is its [`ActionKind`]'s name, with `point`, `points` or `count` where it takes one,
/// the arbiter's `seat` (the player concerned), `reason` and `ms` (a penalty), a seal's
/// `salt` and a resumption's `sealed` move (`POINT/SALT`).
///
/// ```
/// use renju_records::referee::{Action, ActionKind};
/// let place: Action = serde_json::from_str(r#"{"action":"place","point":"h8"}"#).unwrap();
/// assert_eq!(place.kind(), ActionKind::Place);
/// assert_eq!(serde_json::to_string(&Action::DrawOffer).unwrap(), r#"{"action":"draw-offer"}"#);
/// let penalty: Action = serde_json::from_str(r#"{"action":"penalty","seat":"first","ms":60000}"#).unwrap();
/// assert_eq!(penalty, Action::Penalty { seat: renju_records::Seat::First, ms: 60000 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ActionLine", into = "ActionLine")]
pub enum Action {
    /// A stone on `point` (the next move, or one of the opening player's stones).
    Place {
        /// Where.
        point: Point,
    },
    /// The side to move passes (not inside the opening protocol).
    Pass,
    /// Exchange colours (a colour decision the protocol gives).
    Swap,
    /// Keep colours (a colour decision the protocol gives).
    Stay,
    /// Swap2's third option: the second player places two more stones (a white one,
    /// then a black one, as two `place` actions) and the first player chooses colours.
    PlaceTwo,
    /// Declare the number of fifth-move offers.
    Declare {
        /// How many.
        count: u8,
    },
    /// Black's fifth-move offers.
    Offer {
        /// The offered points.
        points: Vec<Point>,
    },
    /// White keeps one of the offered fifth moves: it becomes move 5.
    Choose {
        /// The offer kept.
        point: Point,
    },
    /// White claims Black's foul (claim policies only).
    Claim,
    /// Offer a draw (right after one's own move).
    DrawOffer,
    /// Accept the draw offer on the table.
    DrawAccept,
    /// Decline the draw offer on the table.
    DrawDecline,
    /// Resign.
    Resign,
    /// Lose by forfeit: the player is gone or cannot go on (a match runner's engine
    /// that crashed, answered garbage or an illegal point, or fell silent).
    Forfeit,
    /// Nothing but the time: the clock is read at `t`.
    Tick,
    /// The player is at the board (under a late limit, a player's first action says so
    /// too): nothing else changes.
    Arrive,
    /// The arbiter stops both clocks: the time until [`Action::Unpause`] is charged to
    /// nobody, and no player acts meanwhile.
    Pause,
    /// The arbiter restarts the clocks after [`Action::Pause`].
    Unpause,
    /// The arbiter notes a violation of the player in `seat` (a warning); their second
    /// violation of the game loses it.
    Warning {
        /// Whose violation.
        seat: Seat,
        /// What it was, in words (may be empty).
        reason: String,
    },
    /// The arbiter takes `ms` milliseconds (generally at most five minutes; a longer one is
    /// applied, and the record notes it) off the clock of the
    /// player in `seat`; a penalty that takes all their time left makes their flag fall.
    Penalty {
        /// Who is penalised.
        seat: Seat,
        /// How much time is taken, in milliseconds.
        ms: u64,
    },
    /// The arbiter disqualifies the player in `seat`: they lose the game (by forfeit,
    /// the record's `termination` tag saying why).
    Disqualify {
        /// Who is disqualified.
        seat: Seat,
        /// Why, in words (may be empty).
        reason: String,
    },
    /// The player to move seals their next move (an adjournment): both clocks stop and
    /// the record shows only the move's digest ([`crate::sealed`]). The point is not
    /// judged until the game resumes.
    Seal {
        /// The sealed point.
        point: Point,
        /// The secret salt of the digest (`None`: the referee draws a random one, and
        /// the accepted action keeps it).
        salt: Option<String>,
    },
    /// The arbiter resumes an adjourned game: the sealed move is played (or, illegal,
    /// loses for the sealer).
    Resume {
        /// The sealed move (`None`: the one this referee sealed; needed when the
        /// referee was resumed from a record that shows only the digest).
        sealed: Option<SealedMove>,
    },
}

/// The kinds of [`Action`], named once: the JSON `action` field, [`Action::name`], the
/// front ends' names and the error text listing the actions all come from this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// [`Action::Place`].
    Place,
    /// [`Action::Pass`].
    Pass,
    /// [`Action::Swap`].
    Swap,
    /// [`Action::Stay`].
    Stay,
    /// [`Action::PlaceTwo`].
    PlaceTwo,
    /// [`Action::Declare`].
    Declare,
    /// [`Action::Offer`].
    Offer,
    /// [`Action::Choose`].
    Choose,
    /// [`Action::Claim`].
    Claim,
    /// [`Action::DrawOffer`].
    DrawOffer,
    /// [`Action::DrawAccept`].
    DrawAccept,
    /// [`Action::DrawDecline`].
    DrawDecline,
    /// [`Action::Resign`].
    Resign,
    /// [`Action::Forfeit`].
    Forfeit,
    /// [`Action::Tick`].
    Tick,
    /// [`Action::Arrive`].
    Arrive,
    /// [`Action::Pause`].
    Pause,
    /// [`Action::Unpause`].
    Unpause,
    /// [`Action::Warning`].
    Warning,
    /// [`Action::Penalty`].
    Penalty,
    /// [`Action::Disqualify`].
    Disqualify,
    /// [`Action::Seal`].
    Seal,
    /// [`Action::Resume`].
    Resume,
}

renju_core::name_table!(ActionKind, "action", {
    Place => "place",
    Pass => "pass",
    Swap => "swap",
    Stay => "stay",
    PlaceTwo => "place-two",
    Declare => "declare",
    Offer => "offer",
    Choose => "choose",
    Claim => "claim",
    DrawOffer => "draw-offer",
    DrawAccept => "draw-accept",
    DrawDecline => "draw-decline",
    Resign => "resign",
    Forfeit => "forfeit",
    Tick => "tick",
    Arrive => "arrive",
    Pause => "pause",
    Unpause => "unpause",
    Warning => "warning",
    Penalty => "penalty",
    Disqualify => "disqualify",
    Seal => "seal",
    Resume => "resume",
});

impl Action {
    /// The action's kind.
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Place { .. } => ActionKind::Place,
            Action::Pass => ActionKind::Pass,
            Action::Swap => ActionKind::Swap,
            Action::Stay => ActionKind::Stay,
            Action::PlaceTwo => ActionKind::PlaceTwo,
            Action::Declare { .. } => ActionKind::Declare,
            Action::Offer { .. } => ActionKind::Offer,
            Action::Choose { .. } => ActionKind::Choose,
            Action::Claim => ActionKind::Claim,
            Action::DrawOffer => ActionKind::DrawOffer,
            Action::DrawAccept => ActionKind::DrawAccept,
            Action::DrawDecline => ActionKind::DrawDecline,
            Action::Resign => ActionKind::Resign,
            Action::Forfeit => ActionKind::Forfeit,
            Action::Tick => ActionKind::Tick,
            Action::Arrive => ActionKind::Arrive,
            Action::Pause => ActionKind::Pause,
            Action::Unpause => ActionKind::Unpause,
            Action::Warning { .. } => ActionKind::Warning,
            Action::Penalty { .. } => ActionKind::Penalty,
            Action::Disqualify { .. } => ActionKind::Disqualify,
            Action::Seal { .. } => ActionKind::Seal,
            Action::Resume { .. } => ActionKind::Resume,
        }
    }

    /// Whether the action is the arbiter's own (a pause, its end, a warning, a penalty,
    /// a disqualification, the resumption of an adjourned game): no player takes it.
    pub fn is_arbiters(&self) -> bool {
        self.kind().is_arbiters()
    }

    /// The action's name, as the JSON `action` field writes it ([`ActionKind::name`]).
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }
}

impl ActionKind {
    /// Whether actions of this kind are the arbiter's own ([`Action::is_arbiters`]).
    pub fn is_arbiters(self) -> bool {
        matches!(
            self,
            ActionKind::Pause
                | ActionKind::Unpause
                | ActionKind::Warning
                | ActionKind::Penalty
                | ActionKind::Disqualify
                | ActionKind::Resume
        )
    }
}

/// Why a JSON object is not an action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The action needs a field the object does not have.
    #[error("`{kind}` needs `{field}`")]
    Missing {
        /// The action.
        kind: ActionKind,
        /// The field.
        field: &'static str,
    },
    /// A field that belongs to a request, on an action alone.
    #[error("an action alone has no `by` or `t` (a request has)")]
    RequestField,
}

/// An action or a request as one JSON object (the serde form of both).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionLine {
    #[serde(deserialize_with = "action_kind")]
    action: ActionKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    point: Option<Point>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    points: Option<Vec<Point>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    count: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seat: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    salt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sealed: Option<SealedMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    by: Option<Party>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<u64>,
}

/// An action's name: its exact spelling on the wire first (no copy of the text, once a
/// line), else as [`ActionKind`]'s parser reads it.
fn action_kind<'de, D: serde::Deserializer<'de>>(d: D) -> Result<ActionKind, D::Error> {
    let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    match ActionKind::ALL.into_iter().find(|k| k.name() == text) {
        Some(kind) => Ok(kind),
        None => text.parse().map_err(serde::de::Error::custom),
    }
}

impl ActionLine {
    fn new(action: Action, by: Option<Party>, t: Option<u64>) -> ActionLine {
        let mut line = ActionLine {
            action: action.kind(),
            point: None,
            points: None,
            count: None,
            seat: None,
            reason: None,
            ms: None,
            salt: None,
            sealed: None,
            by,
            t,
        };
        match action {
            Action::Place { point } | Action::Choose { point } => line.point = Some(point),
            Action::Offer { points } => line.points = Some(points),
            Action::Declare { count } => line.count = Some(count),
            Action::Warning { seat, reason } | Action::Disqualify { seat, reason } => {
                line.seat = Some(seat);
                line.reason = Some(reason).filter(|r| !r.is_empty());
            }
            Action::Penalty { seat, ms } => (line.seat, line.ms) = (Some(seat), Some(ms)),
            Action::Seal { point, salt } => (line.point, line.salt) = (Some(point), salt),
            Action::Resume { sealed } => line.sealed = sealed,
            _ => {}
        }
        line
    }

    /// The action the line names, with its fields; which of them it needs is checked
    /// here.
    fn action(self) -> Result<Action, ActionError> {
        let kind = self.action;
        let needs = |field| ActionError::Missing { kind, field };
        Ok(match kind {
            ActionKind::Place => Action::Place {
                point: self.point.ok_or(needs("point"))?,
            },
            ActionKind::Choose => Action::Choose {
                point: self.point.ok_or(needs("point"))?,
            },
            ActionKind::Offer => Action::Offer {
                points: self.points.ok_or(needs("points"))?,
            },
            ActionKind::Declare => Action::Declare {
                count: self.count.ok_or(needs("count"))?,
            },
            ActionKind::Pass => Action::Pass,
            ActionKind::Swap => Action::Swap,
            ActionKind::Stay => Action::Stay,
            ActionKind::PlaceTwo => Action::PlaceTwo,
            ActionKind::Claim => Action::Claim,
            ActionKind::DrawOffer => Action::DrawOffer,
            ActionKind::DrawAccept => Action::DrawAccept,
            ActionKind::DrawDecline => Action::DrawDecline,
            ActionKind::Resign => Action::Resign,
            ActionKind::Forfeit => Action::Forfeit,
            ActionKind::Tick => Action::Tick,
            ActionKind::Arrive => Action::Arrive,
            ActionKind::Pause => Action::Pause,
            ActionKind::Unpause => Action::Unpause,
            ActionKind::Warning => Action::Warning {
                seat: self.seat.ok_or(needs("seat"))?,
                reason: self.reason.unwrap_or_default(),
            },
            ActionKind::Penalty => Action::Penalty {
                seat: self.seat.ok_or(needs("seat"))?,
                ms: self.ms.ok_or(needs("ms"))?,
            },
            ActionKind::Disqualify => Action::Disqualify {
                seat: self.seat.ok_or(needs("seat"))?,
                reason: self.reason.unwrap_or_default(),
            },
            ActionKind::Seal => Action::Seal {
                point: self.point.ok_or(needs("point"))?,
                salt: self.salt,
            },
            ActionKind::Resume => Action::Resume {
                sealed: self.sealed,
            },
        })
    }
}

impl TryFrom<ActionLine> for Action {
    type Error = ActionError;
    fn try_from(line: ActionLine) -> Result<Action, ActionError> {
        if line.by.is_some() || line.t.is_some() {
            return Err(ActionError::RequestField);
        }
        line.action()
    }
}

impl From<Action> for ActionLine {
    fn from(action: Action) -> ActionLine {
        ActionLine::new(action, None, None)
    }
}

impl TryFrom<ActionLine> for Request {
    type Error = ActionError;
    fn try_from(line: ActionLine) -> Result<Request, ActionError> {
        let (by, t) = (line.by, line.t);
        Ok(Request {
            action: line.action()?,
            by,
            t,
        })
    }
}

impl From<Request> for ActionLine {
    fn from(request: Request) -> ActionLine {
        ActionLine::new(request.action, request.by, request.t)
    }
}

/// Who acts: a player, by seat, or the arbiter (whose acts, such as declaring a
/// player's forfeit, are no player's). Written `first`, `second` or `arbiter`.
///
/// ```
/// use renju_records::referee::Party;
/// use renju_records::Seat;
/// assert_eq!("arbiter".parse::<Party>().unwrap(), Party::Arbiter);
/// assert_eq!(Party::from(Seat::Second).to_string(), "second");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Party {
    /// The player in this seat.
    Seat(Seat),
    /// The arbiter.
    Arbiter,
}

impl Party {
    /// Every party, in the order of their names.
    pub const ALL: [Party; 3] = [
        Party::Seat(Seat::First),
        Party::Seat(Seat::Second),
        Party::Arbiter,
    ];

    /// The name written in every output: `first`, `second` or `arbiter`.
    pub fn name(self) -> &'static str {
        match self {
            Party::Seat(seat) => seat.name(),
            Party::Arbiter => "arbiter",
        }
    }

    /// The player's seat (`None`: the arbiter).
    pub fn seat(self) -> Option<Seat> {
        match self {
            Party::Seat(seat) => Some(seat),
            Party::Arbiter => None,
        }
    }
}

impl From<Seat> for Party {
    fn from(seat: Seat) -> Party {
        Party::Seat(seat)
    }
}

impl std::fmt::Display for Party {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Party {
    type Err = renju_core::names::UnknownName;
    fn from_str(text: &str) -> Result<Party, Self::Err> {
        let names = Party::ALL.map(Party::name);
        Party::ALL
            .into_iter()
            .find(|p| p.name() == renju_core::names::normalize(text))
            .ok_or_else(|| renju_core::names::UnknownName::new("party", text, &names))
    }
}

renju_core::name_table_serde!(Party);

/// An action with who takes it and when.
///
/// ```
/// use renju_records::referee::{Action, Request};
/// use renju_records::Seat;
/// let r = Request::new(Action::Pass).by(Seat::Second).at(1500);
/// assert_eq!((r.by, r.t), (Some(Seat::Second.into()), Some(1500)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ActionLine", into = "ActionLine")]
pub struct Request {
    /// What is done.
    pub action: Action,
    /// The party acting, when the caller says (checked: an action out of turn is
    /// refused, and the arbiter may only declare the forfeit of the player to act,
    /// besides the arbiter's own actions, which no player takes); `None` takes the seat
    /// the action belongs to (the arbiter for the arbiter's actions).
    pub by: Option<Party>,
    /// When, in milliseconds on the caller's timeline (never earlier than the action
    /// before); `None`: no time passed since the action before.
    pub t: Option<u64>,
}

impl Request {
    /// `action`, by whoever it belongs to, with no time.
    pub fn new(action: Action) -> Request {
        Request {
            action,
            by: None,
            t: None,
        }
    }

    /// The same request, taken by `party` (a seat or the arbiter).
    pub fn by(mut self, party: impl Into<Party>) -> Request {
        self.by = Some(party.into());
        self
    }

    /// The same request, at `t` milliseconds.
    pub fn at(mut self, t: u64) -> Request {
        self.t = Some(t);
        self
    }
}

impl From<Action> for Request {
    fn from(action: Action) -> Request {
        Request::new(action)
    }
}
