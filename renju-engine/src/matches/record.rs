//! The runner's completion of a game's record, in one place until the referee writes
//! the whole record as play goes: the referee's record ([`Referee::game`]) gets the
//! game's number, the event, round, players and the runner's reason as tags, every
//! move's thinking time in an untimed game, the time left after every move of a timed
//! one, and the turn limit the runner kept; then it is validated.
//!
//! [`Referee::game`]: renju_records::referee::Referee::game

use renju_core::outcome::Outcome;
use renju_records::game::{Event, Game};
use renju_records::replay::ValidationOptions;

use super::{Job, MatchOptions};
use crate::quote::printable;

/// What the runner knows of a finished game that the referee's record does not hold.
pub(super) struct Completion<'a> {
    /// The game of the schedule.
    pub(super) job: &'a Job,
    /// The name of the engine that played Black at the end (after any swap).
    pub(super) black: &'a str,
    /// The name of the engine that played White.
    pub(super) white: &'a str,
    /// Why the game ended, in words.
    pub(super) reason: &'a str,
    /// The thinking time of each move in play order (`None`: not an engine's).
    pub(super) times: &'a [Option<u64>],
}

/// The referee's `record` of a game completed with what the runner knows, and whether
/// it validates to the referee's `outcome`.
pub(super) fn complete_record(
    mut record: Game,
    options: &MatchOptions,
    completion: &Completion,
    outcome: Outcome,
) -> (Game, bool) {
    let job = completion.job;
    let validation = ValidationOptions {
        rule_set: options.rule_set,
        opening: options.opening,
        renju: options.renju,
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    };
    if options.time_control.is_none() {
        add_times(&mut record, completion.times);
    } else {
        add_time_left(&mut record, &validation);
    }
    record.id = Some(format!("{}", job.index + 1));
    // One printable line each, as every record format's tags must be (an engine's
    // garbage quoted in a reason included).
    record.tags.extend(
        [
            ("event", options.event.as_str()),
            ("round", job.round.to_string().as_str()),
            ("black", completion.black),
            ("white", completion.white),
            ("termination", completion.reason),
        ]
        .map(|(key, value)| (key.to_string(), printable(value))),
    );
    if let Some(turn) = options.turn_limit_ms {
        // The time control keeps the game's time; the limit per move beside it.
        let seconds = renju_records::time_control::format_seconds(turn);
        record.tags.push(("turn-limit".to_string(), seconds));
    }
    let validated = record.validate(&validation).outcome == outcome;
    (record, validated)
}

/// Writes the thinking time of every move into an untimed record (a timed record has
/// the referee's own).
fn add_times(record: &mut Game, times: &[Option<u64>]) {
    let mut out = Vec::with_capacity(record.events.len() + times.len());
    let mut k = 0;
    for event in record.events.drain(..) {
        let is_move = matches!(
            event,
            Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. }
        );
        out.push(event);
        if is_move {
            if let Some(Some(ms)) = times.get(k) {
                out.push(Event::MoveTime {
                    elapsed_ms: Some(*ms),
                    left_ms: None,
                    moves_left: None,
                });
            }
            k += 1;
        }
    }
    record.events = out;
}

/// Writes the time left after every move of a timed record beside the time it took
/// (formats such as SGF keep only the time left), from the record's own replayed
/// clock.
fn add_time_left(record: &mut Game, validation: &ValidationOptions) {
    let replay = record.replay(validation);
    let mut number = 0usize;
    // A swap's time (a move of the swapper's clock) has no reading of its own.
    let mut after_swap = false;
    for event in &mut record.events {
        match event {
            Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. } => {
                number += 1;
                after_swap = false;
            }
            Event::Swap { swap: true } => after_swap = true,
            Event::MoveTime { left_ms, .. } if !after_swap => {
                let Some(clock) = replay.clock.iter().find(|c| c.move_number == number) else {
                    continue;
                };
                // Clocks belong to players: the reading is the clock of the player who
                // placed the stone (whose clock was just pressed), whatever its colour.
                let state = &clock.state;
                *left_ms = Some(state.side(state.to_move.opponent()).time_left_ms);
            }
            _ => {}
        }
    }
}
