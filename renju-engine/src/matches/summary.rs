//! The summary of a match as it goes ([`Summary`]): each engine's score by colour, each
//! pair's with Elo, its interval and LOS, the SPRT, and the runner's own time; and its
//! text form ([`Summary::to_text`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use renju_core::outcome::Termination;

use super::schedule::repeat_pair;
use super::stats::{GamePairs, Pentanomial, Score, Sprt, SprtDecision};
use super::{GameResult, MatchOptions};

/// One engine's totals.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EngineTotals {
    /// Its name.
    pub name: String,
    /// As Black.
    pub black: Score,
    /// As White.
    pub white: Score,
    /// Both.
    pub total: Score,
    /// Games it lost by forfeit (crash, garbage, illegal point, silence) or on time.
    pub forfeits: u32,
    /// Of which on time.
    pub time_losses: u32,
}

/// One pair's match, from the first engine's side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairSummary {
    /// The first engine.
    pub a: String,
    /// The second.
    pub b: String,
    /// The first engine's score.
    pub score: Score,
    /// The first engine's score as Black.
    pub a_black: Score,
    /// The first engine's score as White.
    pub a_white: Score,
    /// The score rate.
    pub rate: Option<f64>,
    /// The Elo difference (first minus second).
    pub elo: Option<f64>,
    /// Its 95 % interval.
    pub elo_95: Option<(f64, f64)>,
    /// The likelihood that the first is stronger.
    pub los: Option<f64>,
}

/// The SPRT's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtSummary {
    /// The test.
    pub test: Sprt,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// `(lower, upper)` bounds.
    pub bounds: (f64, f64),
    /// The decision.
    pub decision: SprtDecision,
    /// The pairs of games the LLR counts, when the match repeats each opening with the
    /// colours reversed (the pentanomial model); `None`: the games one by one (the
    /// trinomial model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<Pentanomial>,
}

/// The summary of a match (so far).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games finished.
    pub games: usize,
    /// Games scheduled.
    pub scheduled: usize,
    /// Per engine.
    pub engines: Vec<EngineTotals>,
    /// Per pair that played.
    pub pairs: Vec<PairSummary>,
    /// Games per termination.
    pub terminations: BTreeMap<String, usize>,
    /// The SPRT (two engines, when asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtSummary>,
    /// Why the match stopped before its schedule ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Records that did not validate to the runner's result (must be 0).
    pub disagreements: usize,
    /// Wall time so far, in seconds.
    pub seconds: f64,
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// The runner's own time per engine move (game wall time less the engines'
    /// thinking, starting and stopping), in microseconds.
    pub runner_us_per_move: f64,
    /// The runner's own time over every game so far, in microseconds (what
    /// `runner_us_per_move` is updated from, game by game).
    #[serde(default)]
    pub runner_us: f64,
    /// Moves asked of the engines over every game so far.
    #[serde(default)]
    pub engine_moves: f64,
    /// The SPRT's game pairs (first game of each pair waiting for the second).
    #[serde(skip)]
    game_pairs: PairBook,
}

/// The running match's book of game pairs for the SPRT: not part of a summary's value
/// (a summary read back from JSON or a pickle has none, and equals the one written).
#[derive(Debug, Clone, Default)]
struct PairBook(GamePairs);

impl PartialEq for PairBook {
    fn eq(&self, _: &PairBook) -> bool {
        true
    }
}

impl Summary {
    pub(super) fn new(options: &MatchOptions, scheduled: usize) -> Summary {
        Summary {
            scheduled,
            engines: options
                .engines
                .iter()
                .map(|e| EngineTotals {
                    name: e.name.clone(),
                    ..EngineTotals::default()
                })
                .collect(),
            ..Summary::default()
        }
    }

    /// The text form: one line per pair, per engine and colour, the SPRT.
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let fmt_score = |s: &Score| format!("{}-{}-{}", s.wins, s.losses, s.draws);
        let _ = writeln!(
            out,
            "{} of {} games, {:.1} s, {:.2} games/s, runner {:.0} µs per move",
            self.games,
            self.scheduled,
            self.seconds,
            self.games_per_second,
            self.runner_us_per_move
        );
        for p in &self.pairs {
            let _ = write!(
                out,
                "Score of {} vs {}: {} (W-L-D) [{}]; as Black {}, as White {}",
                p.a,
                p.b,
                fmt_score(&p.score),
                p.rate.map_or("-".into(), |r| format!("{r:.3}")),
                fmt_score(&p.a_black),
                fmt_score(&p.a_white)
            );
            let _ = match (p.elo, p.score.elo_bounds()) {
                (Some(e), Some((lo, hi))) => write!(
                    out,
                    "; Elo {} [{}, {}]",
                    signed_elo(e),
                    signed_elo(lo),
                    signed_elo(hi)
                ),
                (Some(e), None) => write!(out, "; Elo {}", signed_elo(e)),
                _ => write!(out, "; Elo -"),
            };
            let _ = writeln!(
                out,
                "; LOS {}",
                p.los.map_or("-".into(), |l| format!("{:.1} %", l * 100.0))
            );
        }
        let _ = writeln!(
            out,
            "{:<20} {:>12} {:>12} {:>12}  lost by forfeit (time)",
            "engine", "as Black", "as White", "total"
        );
        for e in &self.engines {
            let _ = writeln!(
                out,
                "{:<20} {:>12} {:>12} {:>12}  {} ({})",
                e.name,
                fmt_score(&e.black),
                fmt_score(&e.white),
                fmt_score(&e.total),
                e.forfeits,
                e.time_losses
            );
        }
        let ends: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(out, "endings: {}", ends.join(", "));
        if let Some(s) = &self.sprt {
            let _ = writeln!(
                out,
                "SPRT elo0={} elo1={} alpha={} beta={}{}: LLR {:.2} [{:.2}, {:.2}] {}",
                s.test.elo0,
                s.test.elo1,
                s.test.alpha,
                s.test.beta,
                s.pentanomial
                    .map_or(String::new(), |p| format!(" ({} game pairs)", p.pairs())),
                s.llr,
                s.bounds.0,
                s.bounds.1,
                match s.decision {
                    SprtDecision::H0 => "H0 accepted",
                    SprtDecision::H1 => "H1 accepted",
                    SprtDecision::Continue => "undecided",
                }
            );
        }
        if let Some(why) = &self.stopped {
            let _ = writeln!(out, "stopped: {why}");
        }
        if self.disagreements > 0 {
            let _ = writeln!(
                out,
                "{} records do not validate to the runner's result",
                self.disagreements
            );
        }
        out
    }

    /// The SPRT after game `g`: on pairs of games (pentanomial) when each opening is
    /// played twice with the colours reversed (`repeat`: the games of one pair of
    /// engines in one round, two by two; see [`repeat_pair`]), else on games
    /// (trinomial); always from the first engine's side. Once the test has decided, games
    /// still in flight no longer change it.
    fn update_sprt(&mut self, test: Sprt, g: &GameResult, options: &MatchOptions) {
        let Some(p) = self.pairs.first() else {
            return;
        };
        if self
            .sprt
            .as_ref()
            .is_some_and(|s| s.decision != SprtDecision::Continue)
        {
            return;
        }
        let (llr, pentanomial) = if options.repeat {
            let pair = repeat_pair(g.index, options.games);
            self.game_pairs.0.add(pair, g.score_of(0));
            let pentanomial = self.game_pairs.0.pentanomial;
            (test.llr_pairs(&pentanomial), Some(pentanomial))
        } else {
            (test.llr(&p.score), None)
        };
        self.sprt = Some(SprtSummary {
            test,
            llr,
            bounds: test.bounds(),
            decision: test.decide(llr),
            pentanomial,
        });
    }

    pub(super) fn add(&mut self, g: &GameResult, options: &MatchOptions) {
        self.games += 1;
        *self
            .terminations
            .entry(g.termination.to_string())
            .or_default() += 1;
        if !g.validated {
            self.disagreements += 1;
        }
        for (e, colour_black) in [(g.black, true), (g.white, false)] {
            let s = g.score_of(e);
            let t = &mut self.engines[e];
            if colour_black {
                t.black.add(&s);
            } else {
                t.white.add(&s);
            }
            t.total.add(&s);
            if s.losses == 1 && matches!(g.termination, Termination::Forfeit | Termination::Time) {
                t.forfeits += 1;
                if g.termination == Termination::Time {
                    t.time_losses += 1;
                }
            }
        }
        self.add_to_pair(g, options);
        if let Some(test) = options.sprt {
            self.update_sprt(test, g, options);
        }
        self.runner_us += g
            .wall_us
            .saturating_sub(g.engine_us)
            .saturating_sub(g.startup_us)
            .saturating_sub(g.stop_us) as f64;
        self.engine_moves += f64::from(g.engine_moves);
        self.runner_us_per_move = if self.engine_moves > 0.0 {
            self.runner_us / self.engine_moves
        } else {
            0.0
        };
    }

    /// Adds a game to its pair's line (pairs in the order of their engines' indices),
    /// in time independent of the games before it.
    fn add_to_pair(&mut self, g: &GameResult, options: &MatchOptions) {
        let (a, b) = (g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1]));
        let (name_a, name_b) = (&options.engines[a].name, &options.engines[b].name);
        let index = |name: &str| options.engines.iter().position(|e| e.name == name);
        let at = match (self.pairs.iter()).position(|p| p.a == *name_a && p.b == *name_b) {
            Some(at) => at,
            None => {
                let key = (Some(a), Some(b));
                let at = (self.pairs.iter())
                    .position(|p| (index(&p.a), index(&p.b)) > key)
                    .unwrap_or(self.pairs.len());
                self.pairs.insert(
                    at,
                    PairSummary {
                        a: name_a.clone(),
                        b: name_b.clone(),
                        score: Score::default(),
                        a_black: Score::default(),
                        a_white: Score::default(),
                        rate: None,
                        elo: None,
                        elo_95: None,
                        los: None,
                    },
                );
                at
            }
        };
        let p = &mut self.pairs[at];
        let s = g.score_of(a);
        p.score.add(&s);
        if g.black == a {
            p.a_black.add(&s);
        } else {
            p.a_white.add(&s);
        }
        p.rate = p.score.rate();
        p.elo = p.score.elo();
        p.elo_95 = p.score.elo_interval();
        p.los = p.score.los();
    }
}

/// An Elo figure with its sign and one decimal, never `-0.0`; an infinite one is
/// `-inf` or `+inf`.
pub(super) fn signed_elo(e: f64) -> String {
    if e.is_infinite() {
        return if e < 0.0 { "-inf" } else { "+inf" }.into();
    }
    // Rounded first, then -0.0 made 0.0.
    let r = (e * 10.0).round() / 10.0 + 0.0;
    format!("{r:+.1}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_figures_never_read_minus_zero_and_keep_an_unbounded_end() {
        assert_eq!(signed_elo(-0.0), "+0.0");
        assert_eq!(signed_elo(-0.04), "+0.0");
        assert_eq!(signed_elo(-12.34), "-12.3");
        assert_eq!(signed_elo(f64::NEG_INFINITY), "-inf");
        assert_eq!(signed_elo(f64::INFINITY), "+inf");
    }
}
