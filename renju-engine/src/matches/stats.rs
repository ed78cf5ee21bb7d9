//! Match statistics: the score of one engine against another, the Elo difference it
//! implies with a 95 % interval, the likelihood of superiority, and the sequential
//! probability ratio test.
//!
//! The formulas are the usual ones of engine testing:
//!
//! * **Elo** from the score rate `s = (W + D/2) / N` on the logistic curve:
//!   `Elo = -400 log10(1/s - 1)` (cutechess, `projects/lib/src/elo.cpp`).
//! * **95 % interval**: the normal approximation of the mean score, with the per-game
//!   variance `v = (W (1-s)² + L s² + D (½-s)²) / N`: `s ± 1.959964 √(v/N)`, each end
//!   mapped through the same curve (cutechess's error margin).
//! * **LOS** (likelihood of superiority): `½ (1 + erf((W - L) / √(2 (W + L))))`, draws
//!   left out (cutechess).
//! * **SPRT**: Michel Van den Bergh's generalised SPRT (GSPRT) on the **logistic** Elo
//!   model, exactly as fishtest computes it (`server/fishtest/stats/LLRcalc.py`,
//!   `LLR_logistic`, the "expectation" statistic): `elo0` and `elo1` are logistic Elo
//!   differences, mapped to the score rates `s0`, `s1` on the curve above. The results
//!   are an empirical distribution over the scores of one game (0, ½, 1: the
//!   **trinomial** model) or of one pair of games played from the same opening with the
//!   colours reversed (0, ¼, ½, ¾, 1: the **pentanomial** model, used when the match
//!   repeats each opening, [`crate::matches::MatchOptions::repeat`]). **Regularised**:
//!   an outcome that never occurred counts as 0.001 of a game, so that the test decides
//!   on a one-sided score too (100-0-0, all draws), where the variance is 0 and the
//!   asymptotic formula `(s1 - s0) (2s - s0 - s1) / (2v/N)` (c-gomoku-cli, cutechess)
//!   never leaves 0. For each hypothesis `s_h` the maximum-likelihood distribution with
//!   mean `s_h` is `p_i / (1 + x (a_i - s_h))`, `x` the root of the secular equation
//!   `Σ p_i (a_i - s_h) / (1 + x (a_i - s_h)) = 0` (found by bisection), and
//!   `LLR = N Σ p_i ln(p1_i / p0_i)` (`N` the regularised count of games or pairs). The
//!   test accepts H1 when `LLR ≥ ln((1-β)/α)`, H0 when `LLR ≤ ln(β/(1-α))`. fishtest's
//!   other model, normalised Elo, is not offered.
//!
//! ```
//! use renju_engine::matches::stats::{Score, Sprt, SprtDecision};
//! let score = Score { wins: 60, losses: 40, draws: 0 };
//! assert!((score.elo().unwrap() - 70.4).abs() < 0.1);
//! assert!((score.los().unwrap() - 0.977).abs() < 0.001);
//! let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
//! assert_eq!(sprt.decision(&Score { wins: 0, losses: 0, draws: 0 }), SprtDecision::Continue);
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Wins, losses and draws of one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// The 97.5 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference of a score rate on the logistic curve (`None` at 0 and 1).
pub fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

/// The score rate of an Elo difference on the logistic curve.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (the Chebyshev fit of Numerical Recipes' `erfcc`: fractional
/// error below 1.2e-7).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        1.0 - r
    } else {
        r - 1.0
    }
}

impl Score {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The same games from the opponent's side.
    pub fn reversed(&self) -> Score {
        Score {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    /// Adds another score.
    pub fn add(&mut self, other: &Score) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }

    /// The score rate `(W + D/2) / N` (`None` before any game).
    pub fn rate(&self) -> Option<f64> {
        let n = f64::from(self.games());
        (n > 0.0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n)
    }

    /// The Elo difference the score implies (`None` with no game, or a score of 0 or
    /// 100 %).
    pub fn elo(&self) -> Option<f64> {
        elo_of(self.rate()?)
    }

    /// The 95 % interval of the Elo difference, `[low, high]` (normal approximation;
    /// `None` where an end is not finite).
    pub fn elo_interval(&self) -> Option<(f64, f64)> {
        let (lo, hi) = self.elo_bounds()?;
        (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
    }

    /// The ends of the 95 % interval of the Elo difference, an end past a score of 0
    /// or 1 infinite (`-inf`, `+inf` in the text summary, where [`Score::elo_interval`]
    /// gives no interval at all). `None` with no game.
    ///
    /// ```
    /// use renju_engine::matches::stats::Score;
    /// let all = Score { wins: 10, losses: 0, draws: 0 };
    /// assert_eq!(all.elo_bounds(), Some((f64::INFINITY, f64::INFINITY)));
    /// let most = Score { wins: 9, losses: 1, draws: 0 };
    /// let (lo, hi) = most.elo_bounds().unwrap();
    /// assert!(lo.is_finite() && hi == f64::INFINITY);
    /// ```
    pub fn elo_bounds(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        let s = self.rate()?;
        let (w, l, d) = (
            f64::from(self.wins),
            f64::from(self.losses),
            f64::from(self.draws),
        );
        let var = (w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2)) / n;
        let margin = Z95 * (var / n).sqrt();
        let end = |x: f64| match elo_of(x) {
            Some(e) => e,
            None if x <= 0.0 => f64::NEG_INFINITY,
            None => f64::INFINITY,
        };
        Some((end(s - margin), end(s + margin)))
    }

    /// The likelihood of superiority, `½ (1 + erf((W - L) / √(2 (W + L))))` (`None`
    /// with no decisive game).
    pub fn los(&self) -> Option<f64> {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        (w + l > 0.0).then(|| 0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt())))
    }
}

/// A sequential probability ratio test: H0 `elo0` against H1 `elo1`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The false positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Why SPRT parameters are refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SprtError {
    /// Not `elo0,elo1[,alpha,beta]` numbers.
    #[error("an SPRT is elo0,elo1[,alpha,beta] (numbers), not `{0}`")]
    Syntax(String),
    /// `elo0` is not below `elo1`, an Elo value is beyond ±[`MAX_SPRT_ELO`], or a rate is
    /// outside (0, 1).
    #[error("an SPRT needs elo0 < elo1, both within ±1000, and alpha, beta between 0 and 1 (exclusive): `{0}`")]
    Range(String),
    /// `alpha + beta` is 1 or more: the lower bound is not below the upper one, and the
    /// test would decide before any game, or never.
    #[error("an SPRT needs alpha + beta below 1 (the bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha) must lie either side of 0): `{0}`")]
    Rates(String),
    /// One error rate given without the other.
    #[error("an SPRT takes both alpha and beta, or neither (both then 0.05): `{0}`")]
    OneRate(String),
}

/// The largest Elo difference an SPRT hypothesis may name (either sign): far beyond any
/// real test, and small enough that its expected score stays apart from 0 and 1 in
/// floating point (near 6,500 it rounds to them and the likelihood ratio is undefined).
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// Where the test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtDecision {
    /// Neither bound reached.
    Continue,
    /// H0 accepted (the difference is at most `elo0`).
    H0,
    /// H1 accepted (the difference is at least `elo1`).
    H1,
}

impl SprtDecision {
    /// The decision's name, as the JSON report writes it (`continue`, `h0`, `h1`).
    pub fn name(self) -> &'static str {
        match self {
            SprtDecision::Continue => "continue",
            SprtDecision::H0 => "h0",
            SprtDecision::H1 => "h1",
        }
    }
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// `elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05, as in c-gomoku-cli);
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05`, c-gomoku-cli's form, is read too.
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let mut values = [None; 4];
        let keys = ["elo0", "elo1", "alpha", "beta"];
        for (i, part) in text.split([',', ' ']).filter(|p| !p.is_empty()).enumerate() {
            let (slot, value) = match part.split_once('=') {
                Some((k, v)) => (keys.iter().position(|key| key == &k.trim()), v),
                None => (Some(i), part),
            };
            let slot = slot
                .filter(|&s| s < 4 && values[s].is_none())
                .ok_or_else(|| SprtError::Syntax(text.into()))?;
            values[slot] = Some(
                value
                    .trim()
                    .parse::<f64>()
                    .map_err(|_| SprtError::Syntax(text.into()))?,
            );
        }
        let (Some(elo0), Some(elo1)) = (values[0], values[1]) else {
            return Err(SprtError::Syntax(text.into()));
        };
        let (alpha, beta) = match (values[2], values[3]) {
            (Some(alpha), Some(beta)) => (alpha, beta),
            (None, None) => (0.05, 0.05),
            _ => return Err(SprtError::OneRate(text.into())),
        };
        let sprt = Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        };
        let rate = |r: f64| r > 0.0 && r < 1.0;
        let elo = |e: f64| e.abs() <= MAX_SPRT_ELO;
        let valid = elo0 < elo1 && elo(elo0) && elo(elo1) && rate(sprt.alpha) && rate(sprt.beta);
        if !valid {
            return Err(SprtError::Range(text.into()));
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::Rates(text.into()));
        }
        Ok(sprt)
    }
}

impl Sprt {
    /// The bounds `(lower, upper)`: `ln(β/(1-α))` and `ln((1-β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the games' scores (trinomial model; 0 with no game).
    ///
    /// ```
    /// use renju_engine::matches::stats::{Score, Sprt, SprtDecision};
    /// let sprt: Sprt = "0,10".parse().unwrap();
    /// // One-sided scores decide too: 110 wins and no loss accept H1.
    /// let wins = Score { wins: 110, losses: 0, draws: 0 };
    /// assert!(sprt.llr(&wins) > 3.0);
    /// assert_eq!(sprt.decision(&wins), SprtDecision::H1);
    /// ```
    pub fn llr(&self, score: &Score) -> f64 {
        let counts = [score.losses, score.draws, score.wins];
        self.gsprt(&counts)
    }

    /// The log-likelihood ratio of game pairs (pentanomial model; 0 with no pair).
    pub fn llr_pairs(&self, pairs: &Pentanomial) -> f64 {
        self.gsprt(&pairs.counts)
    }

    /// The regularised GSPRT on counts of evenly spaced scores from 0 to 1.
    fn gsprt(&self, counts: &[u32]) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let regularised: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { REGULARISATION } else { f64::from(c) })
            .collect();
        let n: f64 = regularised.iter().sum();
        let last = (counts.len() - 1) as f64;
        let pdf: Vec<(f64, f64)> = regularised
            .iter()
            .enumerate()
            .map(|(i, c)| (i as f64 / last, c / n))
            .collect();
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        let (x0, x1) = (secular_root(&pdf, s0), secular_root(&pdf, s1));
        let per_unit: f64 = pdf
            .iter()
            .map(|&(a, p)| p * ((1.0 + x0 * (a - s0)).ln() - (1.0 + x1 * (a - s1)).ln()))
            .sum();
        n * per_unit
    }

    /// The decision the score gives (trinomial model).
    pub fn decision(&self, score: &Score) -> SprtDecision {
        self.decide(self.llr(score))
    }

    /// The decision a log-likelihood ratio gives.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::H1
        } else if llr <= lower {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        }
    }
}

/// The count given to an outcome that never occurred (fishtest's regularisation).
const REGULARISATION: f64 = 1e-3;

/// The root `x` of `Σ p_i (a_i - s) / (1 + x (a_i - s)) = 0` between `-1/max(a_i - s)`
/// and `-1/min(a_i - s)` (the function decreases from +∞ to -∞ there), by bisection
/// to the precision of `f64`. Needs every `p_i > 0` and `min a_i < s < max a_i`.
fn secular_root(pdf: &[(f64, f64)], s: f64) -> f64 {
    let f = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s)))
            .sum()
    };
    let high_a = pdf.iter().map(|&(a, _)| a - s).fold(f64::MIN, f64::max);
    let low_a = pdf.iter().map(|&(a, _)| a - s).fold(f64::MAX, f64::min);
    let (mut lo, mut hi) = (-1.0 / high_a, -1.0 / low_a);
    for _ in 0..200 {
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo + (hi - lo) / 2.0
}

/// Game pairs by the first engine's total over the two games of a pair (one opening,
/// colours reversed): 0, ½, 1, 1½, 2 points (losses both, a loss and a draw, a win
/// and a loss or two draws, a win and a draw, wins both).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs per total, from 0 points to 2.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Counts the pair of games whose scores (of the same engine) are `a` and `b`.
    pub fn add_pair(&mut self, a: &Score, b: &Score) {
        let half_points = |s: &Score| 2 * s.wins + s.draws;
        let total = (half_points(a) + half_points(b)).min(4) as usize;
        self.counts[total] += 1;
    }
}

/// Games waiting for the other game of their pair, and the pairs completed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GamePairs {
    waiting: BTreeMap<usize, Score>,
    /// The pairs completed.
    pub pentanomial: Pentanomial,
}

impl GamePairs {
    /// Adds one game's score (of the first engine) under the pair it belongs to; the
    /// pair is counted when its second game comes, in whichever order they end.
    pub fn add(&mut self, pair: usize, score: Score) {
        match self.waiting.remove(&pair) {
            Some(first) => self.pentanomial.add_pair(&first, &score),
            None => {
                self.waiting.insert(pair, score);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // 50 % is 0 Elo; 75 % is 190.8 Elo.
        let even = Score {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        assert_eq!(even.elo(), Some(0.0));
        assert!((even.los().unwrap() - 0.5).abs() < 1e-6);
        let (lo, hi) = even.elo_interval().unwrap();
        assert!(lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 1e-6);
        assert!((elo_of(0.75).unwrap() - 190.85).abs() < 0.01);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 1e-6);
        assert_eq!(Score::default().elo(), None);
        let all = Score {
            wins: 3,
            ..Score::default()
        };
        assert_eq!(all.elo(), None);
        assert!(all.los().unwrap() > 0.95);
    }

    /// `(elo0, elo1, [L, D, W], LLR)`: the LLR computed by fishtest's
    /// `server/fishtest/stats/LLRcalc.py` (`LLR_logistic`, commit of the fishtest
    /// repository fetched in December 2026, run with Python 3 and SciPy 1.17).
    const FISHTEST_TRINOMIAL: [(f64, f64, [u32; 3], f64); 11] = [
        (0.0, 10.0, [0, 0, 100], 2.836815176110905),
        (0.0, 10.0, [100, 0, 0], -2.91964755522231),
        (0.0, 10.0, [0, 100, 0], -2.9114042321699793),
        (0.0, 10.0, [0, 0, 1], 0.02836727254835322),
        (0.0, 10.0, [0, 0, 20], 0.5673623697323652),
        (0.0, 10.0, [200, 100, 300], 3.157421771950209),
        (0.0, 10.0, [300, 100, 200], -3.7498210938759278),
        (-5.0, 5.0, [40, 0, 60], 0.5756520293297637),
        (0.0, 5.0, [1000, 50, 1100], 1.2454584988850117),
        (0.0, 10.0, [3, 0, 0], -0.08759021149129816),
        (0.0, 10.0, [0, 5, 7], 0.3403454849251242),
    ];

    /// `(elo0, elo1, [LL, LD, LW+DD, DW, WW], LLR)`, from the same function on pairs.
    const FISHTEST_PENTANOMIAL: [(f64, f64, [u32; 5], f64); 6] = [
        (0.0, 10.0, [0, 0, 0, 0, 50], 1.4184639053829764),
        (0.0, 10.0, [50, 0, 0, 0, 0], -1.4598825801310658),
        (0.0, 10.0, [0, 0, 50, 0, 0], -1.452044952441818),
        (0.0, 10.0, [10, 20, 40, 25, 15], 0.518128245468272),
        (-5.0, 5.0, [5, 0, 30, 0, 10], 0.4314762571607818),
        (0.0, 10.0, [0, 0, 1, 0, 2], 0.08510183935702516),
    ];

    fn test(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn sprt_reproduces_fishtest_on_one_and_two_sided_scores() {
        for (elo0, elo1, [losses, draws, wins], expected) in FISHTEST_TRINOMIAL {
            let score = Score {
                wins,
                losses,
                draws,
            };
            let llr = test(elo0, elo1).llr(&score);
            assert!(
                (llr - expected).abs() < 1e-7,
                "{score:?}: {llr} against fishtest's {expected}"
            );
        }
        for (elo0, elo1, counts, expected) in FISHTEST_PENTANOMIAL {
            let llr = test(elo0, elo1).llr_pairs(&Pentanomial { counts });
            assert!(
                (llr - expected).abs() < 1e-7,
                "{counts:?}: {llr} against fishtest's {expected}"
            );
        }
    }

    #[test]
    fn one_sided_scores_decide() {
        let sprt = test(0.0, 10.0);
        let score = |wins, losses, draws| Score {
            wins,
            losses,
            draws,
        };
        assert_eq!(sprt.llr(&Score::default()), 0.0);
        assert_eq!(sprt.decision(&score(100, 0, 0)), SprtDecision::Continue);
        assert_eq!(sprt.decision(&score(110, 0, 0)), SprtDecision::H1);
        assert_eq!(sprt.decision(&score(0, 110, 0)), SprtDecision::H0);
        assert_eq!(sprt.decision(&score(0, 0, 110)), SprtDecision::H0);
        assert_eq!(sprt.decision(&score(300, 200, 100)), SprtDecision::H1);
        assert_eq!(sprt.decision(&score(200, 300, 100)), SprtDecision::H0);
        let mut pairs = GamePairs::default();
        for pair in 0..110 {
            // The second game of a pair may end first.
            pairs.add(pair, score(1, 0, 0));
            pairs.add(pair, score(0, 0, 1));
        }
        pairs.add(99, score(1, 0, 0));
        assert_eq!(pairs.pentanomial.counts, [0, 0, 0, 110, 0]);
        assert_eq!(
            sprt.decide(sprt.llr_pairs(&pairs.pentanomial)),
            SprtDecision::H1
        );
    }

    #[test]
    fn sprt_parameters() {
        let sprt: Sprt = "0,10".parse().unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
        let (lo, hi) = sprt.bounds();
        assert!((lo + 2.944_438_98).abs() < 1e-6 && (hi - 2.944_438_98).abs() < 1e-6);
        for d in [SprtDecision::Continue, SprtDecision::H0, SprtDecision::H1] {
            assert_eq!(serde_json::to_value(d).unwrap(), d.name());
        }
        assert_eq!(
            "elo0=0 elo1=5 alpha=0.1 beta=0.2"
                .parse::<Sprt>()
                .unwrap()
                .beta,
            0.2
        );
        assert!("5,0".parse::<Sprt>().is_err());
        assert!("x".parse::<Sprt>().is_err());
        assert!("0,5,1.5,0.1".parse::<Sprt>().is_err());
        // Hypotheses whose expected scores round to 0 or 1 have no likelihood ratio.
        assert!("0,7000".parse::<Sprt>().is_err());
        assert!("-7000,0".parse::<Sprt>().is_err());
        assert!("nan,5".parse::<Sprt>().is_err());
        assert!("-1000,1000".parse::<Sprt>().is_ok());
        // The bounds must lie either side of 0; both rates or neither; no key twice.
        for (text, error) in [
            ("0,10,0.5,0.5", SprtError::Rates("0,10,0.5,0.5".into())),
            ("0,10,0.99,0.99", SprtError::Rates("0,10,0.99,0.99".into())),
            ("0,10,0.05", SprtError::OneRate("0,10,0.05".into())),
            (
                "elo0=0 elo1=5 beta=0.1",
                SprtError::OneRate("elo0=0 elo1=5 beta=0.1".into()),
            ),
            (
                "elo0=0 elo0=1 elo1=5",
                SprtError::Syntax("elo0=0 elo0=1 elo1=5".into()),
            ),
        ] {
            assert_eq!(text.parse::<Sprt>(), Err(error), "{text}");
        }
        let (lo, hi) = "0,10,0.4,0.5".parse::<Sprt>().unwrap().bounds();
        assert!(lo < 0.0 && hi > 0.0);
    }
}
