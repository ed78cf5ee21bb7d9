//! One game of an environment: the position (judged by `renju_core`), the legal-action
//! mask, the observation planes, the ending and the game's own random numbers. Clone it
//! to search (each clone goes on independently), restore it into a batch with
//! [`VecEnv::set_game`](crate::VecEnv::set_game).

use std::sync::Arc;

use renju_core::batch::{write_mask, MaskValues};
use renju_core::{Color, Move, Outcome, Point, Position};
use renju_records::{Event, Seat};
use thiserror::Error;

use crate::ending::Ending;
use crate::opening::Opening;
use crate::options::{ActionKind, EnvOptions, FoulHandling, Layout, OptionsError, Plane};
use crate::phase::Phase;
use crate::rng::Rng;

/// Why an action cannot be taken. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The index is not an action (`0..action_count`).
    #[error("action {action} is out of range (0..{count})")]
    OutOfRange {
        /// The action.
        action: i64,
        /// How many actions there are.
        count: usize,
    },
    /// The point holds a stone.
    #[error("action {action} ({point}) is occupied")]
    Occupied {
        /// The action.
        action: u32,
        /// Its point.
        point: Point,
    },
    /// The point is forbidden to Black and fouls are masked.
    #[error("action {action} ({point}) is forbidden to Black (fouls are masked)")]
    Forbidden {
        /// The action.
        action: u32,
        /// Its point.
        point: Point,
    },
    /// Passing is not allowed.
    #[error("action {action} is a pass, which these options do not allow")]
    Pass {
        /// The action.
        action: u32,
    },
    /// The action is not one the phase allows now: under an opening protocol, a decision
    /// outside a colour decision, a point that is not legal now, ...; once the opening is
    /// over (phase [`Phase::Place`]), any decision or declaration.
    #[error("action {action} is not allowed in the {} phase", .phase.name())]
    NotInPhase {
        /// The action.
        action: u32,
        /// The phase.
        phase: Phase,
    },
    /// The game has ended (and has not been reset).
    #[error("the game is over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// What one action did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepResult {
    /// The reward of the player (seat) who acted: +1 a win, -1 a loss (a foul, a
    /// forfeit), 0 otherwise.
    pub reward: f32,
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
    /// The winner, if the game ended with one.
    pub winner: Option<Color>,
}

/// One game (see the [module docs](self)).
///
/// ```
/// use renju_env::{EnvOptions, GameState};
/// let mut game = GameState::new(EnvOptions::default()).unwrap();
/// // h8, i8, h9, i9, ... : Black makes five on column h.
/// for (x, y) in [(7, 7), (8, 7), (7, 8), (8, 8), (7, 9), (8, 9), (7, 10), (8, 10)] {
///     game.step(y * 15 + x).unwrap();
/// }
/// let result = game.step(11 * 15 + 7).unwrap();
/// assert_eq!(result.reward, 1.0);
/// assert_eq!(game.outcome().unwrap().to_string(), "black won with a five");
/// assert_eq!(game.record().validate(&Default::default()).outcome, game.outcome().unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct GameState {
    layout: Arc<Layout>,
    pos: Position,
    /// 0 empty, 1 black, 2 white, row-major from a1.
    cells: Box<[u8]>,
    /// Black's forbidden points (1), valid when `forbidden_fresh`.
    forbidden: Box<[u8]>,
    forbidden_fresh: bool,
    /// One byte per action: 1 legal now.
    legal: Box<[u8]>,
    legal_count: u32,
    /// The actions taken (points, passes, decisions, declarations).
    actions: Vec<u16>,
    /// Under an opening protocol, the moves on the board (a point's index, `area` for a
    /// pass), for the planes of the previous moves (under the free opening the actions
    /// are the moves).
    moves: Vec<u16>,
    ending: Option<(Ending, Option<Color>)>,
    rng: Rng,
    /// The opening, while its protocol asks for something (and kept, for the record,
    /// when the game ended in it).
    opening: Option<Box<Opening>>,
    /// The opening's record events and how many actions it took, once it is over.
    prelude: Option<std::sync::Arc<(Vec<Event>, usize)>>,
    /// The seat that holds Black.
    black_seat: Seat,
}

impl GameState {
    /// A game at its start, with the random numbers of seed 0.
    pub fn new(options: EnvOptions) -> Result<GameState, OptionsError> {
        Ok(GameState::with_layout(Layout::new(options)?, Rng::new(0)))
    }

    /// A game at its start under checked options.
    pub fn with_layout(layout: Arc<Layout>, rng: Rng) -> GameState {
        let o = layout.options();
        let pos = Position::with_size(o.rule_set, o.size)
            .expect("checked by Layout")
            .with_options(o.renju);
        let area = layout.area();
        let mut game = GameState {
            pos,
            cells: vec![0; area].into(),
            forbidden: vec![0; area].into(),
            forbidden_fresh: true,
            legal: vec![0; layout.action_count()].into(),
            legal_count: 0,
            actions: Vec::new(),
            moves: Vec::new(),
            ending: None,
            rng,
            opening: layout.has_phases().then(|| Box::new(Opening::new(&layout))),
            prelude: None,
            black_seat: Seat::First,
            layout,
        };
        game.refresh();
        game
    }

    /// A game replayed from its actions (as [`GameState::actions`] gave them), with the
    /// random-number generator `rng`: the way a game is saved and restored. An action
    /// that cannot be taken is refused with its index in `actions`.
    pub fn replay(
        layout: Arc<Layout>,
        actions: &[u16],
        rng: Rng,
    ) -> Result<GameState, (usize, ActionError)> {
        let mut game = GameState::with_layout(layout, rng);
        for (i, &a) in actions.iter().enumerate() {
            game.step(u32::from(a)).map_err(|e| (i, e))?;
        }
        game.rng = rng;
        Ok(game)
    }

    /// The layout (options, sizes) the game is played under.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// Back to the start of a game; the random numbers go on.
    pub fn reset(&mut self) {
        self.restart();
    }

    /// Starts a new game in this one's place (the random numbers go on) and gives back
    /// the game as it was.
    pub(crate) fn restart(&mut self) -> GameState {
        let fresh = GameState::with_layout(self.layout.clone(), self.rng);
        std::mem::replace(self, fresh)
    }

    /// The game's random-number generator, as it is now.
    pub fn rng(&self) -> Rng {
        self.rng
    }

    /// Reseeds the game's random numbers.
    pub fn reseed(&mut self, rng: Rng) {
        self.rng = rng;
    }

    /// The position (stones, side to move, moves, outcome as the judge sees it).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The colour of the next stone.
    pub fn to_move(&self) -> Color {
        self.pos.to_move()
    }

    /// The seat (player) that acts now: under the free opening the holder of the colour
    /// to move; in an opening phase whoever the protocol names (the first player places
    /// the first stones of both colours, a swap exchanges the colours of the seats).
    pub fn to_act(&self) -> Seat {
        match &self.opening {
            Some(opening) if self.ending.is_none() => opening.to_act(),
            _ => self.holder(self.pos.to_move()),
        }
    }

    /// The colour held by the seat that acts now.
    pub fn acting_color(&self) -> Color {
        match &self.opening {
            Some(opening) if self.ending.is_none() => opening.acting_color(),
            _ => self.pos.to_move(),
        }
    }

    /// The seat that holds Black (the first seat until a swap).
    pub fn black_seat(&self) -> Seat {
        match &self.opening {
            Some(opening) => opening.black_seat(),
            None => self.black_seat,
        }
    }

    /// The seat holding `color`.
    fn holder(&self, color: Color) -> Seat {
        match color {
            Color::Black => self.black_seat(),
            Color::White => self.black_seat().other(),
        }
    }

    /// The seat that won, once the game has ended with a winner.
    pub fn winner_seat(&self) -> Option<Seat> {
        self.winner().map(|w| self.holder(w))
    }

    /// What the player to act must do now ([`Phase::Place`] throughout under the free
    /// opening, [`Phase::Over`] once the game has ended).
    pub fn phase(&self) -> Phase {
        match (&self.opening, self.ending) {
            (_, Some(_)) => Phase::Over,
            (Some(opening), None) => opening.phase(),
            (None, None) => Phase::Place,
        }
    }

    /// The fifth-move offers on the table (placed so far while Black offers, the ones
    /// White chooses from while White chooses); empty otherwise.
    pub fn offered(&self) -> &[Point] {
        match &self.opening {
            Some(opening) if self.ending.is_none() => opening.offered(),
            _ => &[],
        }
    }

    /// The live referee of the opening, while the game is in it.
    pub fn referee(&self) -> Option<&renju_records::Referee> {
        self.opening.as_deref().map(Opening::referee)
    }

    /// The actions taken so far.
    pub fn actions(&self) -> &[u16] {
        &self.actions
    }

    /// The opening's record events and the number of actions it took, once the
    /// opening is over (`None` under the free opening or while in it).
    pub(crate) fn prelude(&self) -> Option<&(Vec<Event>, usize)> {
        self.prelude.as_deref()
    }

    /// One byte per action (every point row-major from a1, then pass): 1 where the
    /// action is legal now. All zeros once the game has ended.
    pub fn legal_mask(&self) -> &[u8] {
        &self.legal
    }

    /// How many actions are legal now.
    pub fn legal_count(&self) -> usize {
        self.legal_count as usize
    }

    /// The legal actions now, in index order.
    pub fn legal_actions(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.legal.len() as u32).filter(|&a| self.legal[a as usize] != 0)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// How the game ended.
    pub fn ending(&self) -> Option<Ending> {
        self.ending.map(|(e, _)| e)
    }

    /// The winner, once the game has ended with one.
    pub fn winner(&self) -> Option<Color> {
        self.ending.and_then(|(_, w)| w)
    }

    /// The outcome, as a replay of [`GameState::record`] reports it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.map(|(e, w)| e.outcome(w))
    }

    /// The point of a point action; `None` for a pass.
    pub fn point_of(&self, action: u32) -> Option<Point> {
        let size = self.layout.size() as u32;
        (action < size * size).then(|| Point::new((action % size) as u8, (action / size) as u8))?
    }

    /// Checks an action without taking it.
    pub fn check(&self, action: i64) -> Result<u32, ActionError> {
        if let Some(outcome) = self.outcome() {
            return Err(ActionError::GameOver { outcome });
        }
        let count = self.legal.len();
        let a = match u32::try_from(action) {
            Ok(a) if (a as usize) < count => a,
            _ => return Err(ActionError::OutOfRange { action, count }),
        };
        if self.legal[a as usize] != 0 {
            return Ok(a);
        }
        if self.opening.is_some() {
            let phase = self.phase();
            return Err(ActionError::NotInPhase { action: a, phase });
        }
        let Some(point) = self.point_of(a) else {
            return Err(match self.layout.action_kind(a) {
                Some(ActionKind::Pass) => ActionError::Pass { action: a },
                // A decision or a declaration once the opening is over.
                _ => ActionError::NotInPhase {
                    action: a,
                    phase: Phase::Place,
                },
            });
        };
        Err(match self.cells[a as usize] != 0 {
            true => ActionError::Occupied { action: a, point },
            false => ActionError::Forbidden { action: a, point },
        })
    }

    /// Takes an action for the player to move.
    pub fn step(&mut self, action: u32) -> Result<StepResult, ActionError> {
        let a = self.check(i64::from(action))?;
        Ok(self.apply(a))
    }

    /// Takes an action already checked by [`GameState::check`].
    pub(crate) fn apply(&mut self, action: u32) -> StepResult {
        if self.opening.is_some() {
            return self.apply_in_opening(action);
        }
        let mover = self.pos.to_move();
        let mv = match self.point_of(action) {
            Some(p) => Move::Stone(p),
            None => Move::Pass,
        };
        if self.pos.play_quiet(mv).is_err() {
            // Unreachable: the mask holds only what the judge accepts. Ending the game
            // as a foul would be a silent wrong state; stay unchanged instead.
            debug_assert!(false, "a checked action was refused");
            return StepResult {
                reward: 0.0,
                ending: None,
                winner: None,
            };
        }
        if let Move::Stone(_) = mv {
            self.cells[action as usize] = if mover == Color::Black { 1 } else { 2 };
        }
        self.actions.push(action as u16);
        if self.layout.has_phases() {
            self.moves.push(action as u16);
        }
        self.ending = self.judge_end();
        self.refresh();
        self.result_for(mover)
    }

    /// The result of a step taken by the player holding `actor`'s colour.
    fn result_for(&self, actor: Color) -> StepResult {
        let winner = self.winner();
        StepResult {
            reward: match winner {
                Some(w) if w == actor => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            },
            ending: self.ending(),
            winner,
        }
    }

    /// Takes a checked action of the opening through the referee; once the protocol
    /// asks for nothing more, the game goes on without it.
    fn apply_in_opening(&mut self, action: u32) -> StepResult {
        let Some(opening) = self.opening.as_deref_mut() else {
            return self.result_for(Color::Black);
        };
        let actor = opening.to_act();
        let moves_before = opening.position().moves().len();
        if !opening.apply(&self.layout, action) {
            // Unreachable: the mask holds only what the referee accepts; stay unchanged.
            debug_assert!(false, "the referee refused a masked action");
            return self.result_for(Color::Black);
        }
        self.actions.push(action as u16);
        self.pos = opening.position().clone();
        if self.pos.moves().len() != moves_before {
            self.moves.push(match self.pos.moves().last() {
                Some(Move::Stone(p)) => self.layout.index_of(p) as u16,
                _ => self.layout.pass_action() as u16,
            });
        }
        self.pos.board().write_cells(&mut self.cells);
        self.ending = opening.referee().outcome().map(|outcome| {
            let ending = Ending::of_termination(outcome.termination);
            (ending, outcome.winner)
        });
        if self.ending.is_none() && opening.is_done() {
            let prelude = (opening.referee().game().events, self.actions.len());
            self.black_seat = opening.black_seat();
            self.prelude = Some(std::sync::Arc::new(prelude));
            self.opening = None;
            // The decision and declaration actions are never legal again.
            self.legal.fill(0);
            self.ending = self.judge_end();
        }
        self.refresh();
        // The actor's colour now: the result is the actor's.
        let actor_color = match self.black_seat() == actor {
            true => Color::Black,
            false => Color::White,
        };
        self.result_for(actor_color)
    }

    fn judge_end(&self) -> Option<(Ending, Option<Color>)> {
        if let Some(outcome) = self.pos.outcome() {
            return Some((Ending::of_termination(outcome.termination), outcome.winner));
        }
        let stones = self.pos.board().stone_count();
        let limit = self.layout.options().draw_after;
        limit
            .is_some_and(|n| stones >= n)
            .then_some((Ending::DrawAfter, None))
    }

    /// Recomputes the forbidden points (when needed) and the legal mask.
    fn refresh(&mut self) {
        let o = self.layout.options();
        let black = self.pos.to_move() == Color::Black;
        let masked = o.fouls == FoulHandling::Masked && o.rule_set.has_forbidden_moves();
        let need = self.layout.forbidden_plane() || (masked && black);
        self.forbidden_fresh = need;
        if need {
            write_mask(
                self.pos.board(),
                o.rule_set,
                &o.renju,
                MaskValues::Flags,
                &mut self.forbidden,
            );
        }
        if self.ending.is_some() {
            self.legal.fill(0);
            self.legal_count = 0;
            return;
        }
        if let Some(opening) = &self.opening {
            self.legal_count = opening.write_mask(&self.layout, &mut self.legal, o.pass);
            return;
        }
        let area = self.layout.area();
        let legal = &mut self.legal[..area];
        // Byte arithmetic without branches, which the compiler vectorises.
        for (l, &c) in legal.iter_mut().zip(&*self.cells) {
            *l = u8::from(c == 0);
        }
        let empty = (area - self.pos.board().stone_count()) as u32;
        debug_assert_eq!(empty, count_ones(legal), "the cells mirror the board");
        let mut count = empty;
        if masked && black {
            for (l, &f) in legal.iter_mut().zip(&*self.forbidden) {
                *l &= f ^ 1;
            }
            count = count_ones(legal);
            // Every empty point forbidden and no pass: Black must play one and lose.
            if count == 0 && !o.pass {
                for (l, &c) in legal.iter_mut().zip(&*self.cells) {
                    *l = u8::from(c == 0);
                }
                count = empty;
            }
        }
        self.legal[area] = u8::from(o.pass);
        self.legal_count = count + u32::from(o.pass);
    }

    /// Black's forbidden points now, one byte per point (1 forbidden).
    pub fn forbidden_points(&self) -> Vec<u8> {
        if self.forbidden_fresh {
            return self.forbidden.to_vec();
        }
        let o = self.layout.options();
        let mut out = vec![0; self.layout.area()];
        write_mask(
            self.pos.board(),
            o.rule_set,
            &o.renju,
            MaskValues::Flags,
            &mut out,
        );
        out
    }

    /// A legal action drawn uniformly with the game's own random numbers; `None` once
    /// the game has ended.
    pub fn random_action(&mut self) -> Option<u32> {
        if self.legal_count == 0 {
            return None;
        }
        // Rejection sampling over every action is uniform over the legal ones and costs
        // a few draws while the board is not nearly full; then a scan.
        // Past the opening only the points and pass can be legal.
        let n = match self.opening {
            Some(_) => self.legal.len() as u32,
            None => self.layout.area() as u32 + 1,
        };
        for _ in 0..32 {
            let a = self.rng.below_by_multiply_shift(n);
            if self.legal[a as usize] != 0 {
                return Some(a);
            }
        }
        let k = self.rng.below_by_multiply_shift(self.legal_count) as usize;
        self.legal_actions().nth(k)
    }

    /// Writes the observation planes into `out` (`channels * size * size` bytes, see
    /// [`Layout::observation_len`]).
    ///
    /// # Panics
    /// When `out` has another length.
    pub fn write_observation(&self, out: &mut [u8]) {
        let area = self.layout.area();
        assert_eq!(
            out.len(),
            self.layout.observation_len(),
            "observation length"
        );
        let own = if self.acting_color() == Color::Black {
            1
        } else {
            2
        };
        let mut planes = out.chunks_exact_mut(area);
        for plane in &self.layout.options().planes {
            match *plane {
                Plane::Own | Plane::Opponent => {
                    let want = if *plane == Plane::Own { own } else { 3 - own };
                    let out = planes.next().expect("channels counted");
                    for (o, &c) in out.iter_mut().zip(&*self.cells) {
                        *o = u8::from(c == want);
                    }
                }
                Plane::BlackToMove => {
                    let out = planes.next().expect("channels counted");
                    out.fill(u8::from(self.pos.to_move() == Color::Black));
                }
                Plane::Phase => {
                    let phase = self.phase();
                    for code in 0..crate::options::PHASE_PLANES as u8 {
                        let out = planes.next().expect("channels counted");
                        out.fill(u8::from(phase.code() == code));
                    }
                }
                Plane::Offered => {
                    let out = planes.next().expect("channels counted");
                    out.fill(0);
                    for &p in self.offered() {
                        out[self.layout.index_of(p)] = 1;
                    }
                }
                Plane::FirstToAct => {
                    let out = planes.next().expect("channels counted");
                    out.fill(u8::from(self.to_act() == Seat::First));
                }
                Plane::Forbidden => {
                    let out = planes.next().expect("channels counted");
                    if self.layout.forbidden_plane() {
                        out.copy_from_slice(&self.forbidden);
                    } else {
                        out.fill(0);
                    }
                }
                Plane::LastMove => self.write_previous(planes.next().expect("channels counted"), 0),
                Plane::Previous { count } => {
                    for j in 0..count as usize {
                        self.write_previous(planes.next().expect("channels counted"), j);
                    }
                }
            }
        }
    }

    /// The plane of the stone played `back + 1` moves ago.
    fn write_previous(&self, out: &mut [u8], back: usize) {
        out.fill(0);
        let moves = match self.layout.has_phases() {
            true => &self.moves,
            false => &self.actions,
        };
        let n = moves.len();
        if back < n {
            let a = moves[n - 1 - back] as usize;
            if a < out.len() {
                out[a] = 1;
            }
        }
    }
}

/// How many of `bytes` (each 0 or 1) are 1: summed in bytes, 255 at a time, which the
/// compiler vectorises wider than a sum in `u32`.
fn count_ones(bytes: &[u8]) -> u32 {
    bytes
        .chunks(255)
        .map(|chunk| u32::from(chunk.iter().fold(0u8, |n, &b| n.wrapping_add(b))))
        .sum()
}
