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
//! * **SPRT**: the generalised SPRT with the asymptotic trinomial approximation
//!   (Michel Van den Bergh's "GSPRT approximation", as c-gomoku-cli `src/sprt.cpp` and
//!   fastchess's logistic model compute it): with `s0`, `s1` the score rates of `elo0`
//!   and `elo1` on the logistic curve, `w`, `d` the win and draw rates, `s = w + d/2`
//!   and `v = w + d/4 - s²`, `LLR = N (s1 - s0) (2s - s0 - s1) / (2v)`. The test accepts
//!   H1 (`elo1`) when `LLR ≥ ln((1-β)/α)`, H0 (`elo0`) when `LLR ≤ ln(β/(1-α))`. The LLR
//!   is 0 until two of W, L and D are non-zero (the variance is 0 before).
//!
//! ```
//! use renju_engine::matches::stats::{Score, Sprt, SprtDecision};
//! let score = Score { wins: 60, losses: 40, draws: 0 };
//! assert!((score.elo().unwrap() - 70.4).abs() < 0.1);
//! assert!((score.los().unwrap() - 0.977).abs() < 0.001);
//! let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
//! assert_eq!(sprt.decision(&Score { wins: 0, losses: 0, draws: 0 }), SprtDecision::Continue);
//! ```

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
    /// `elo0` is not below `elo1`, or a rate is outside (0, 1).
    #[error("an SPRT needs elo0 < elo1 and alpha, beta between 0 and 1 (exclusive): `{0}`")]
    Range(String),
}

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
                .filter(|&s| s < 4)
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
        let sprt = Sprt {
            elo0,
            elo1,
            alpha: values[2].unwrap_or(0.05),
            beta: values[3].unwrap_or(0.05),
        };
        let rate = |r: f64| r > 0.0 && r < 1.0;
        let valid = elo0 < elo1 && rate(sprt.alpha) && rate(sprt.beta);
        if !valid || !elo0.is_finite() || !elo1.is_finite() {
            return Err(SprtError::Range(text.into()));
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

    /// The log-likelihood ratio of the score (0 until two of W, L, D are non-zero).
    pub fn llr(&self, score: &Score) -> f64 {
        let nonzero = [score.wins, score.losses, score.draws]
            .iter()
            .filter(|&&x| x > 0)
            .count();
        if nonzero < 2 {
            return 0.0;
        }
        let n = f64::from(score.games());
        let w = f64::from(score.wins) / n;
        let d = f64::from(score.draws) / n;
        let s = w + d / 2.0;
        let v = w + d / 4.0 - s * s;
        if v <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v / n)
    }

    /// The decision the score gives.
    pub fn decision(&self, score: &Score) -> SprtDecision {
        let llr = self.llr(score);
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

    #[test]
    fn sprt_matches_the_gsprt_approximation() {
        let sprt: Sprt = "0,10".parse().unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
        let (lo, hi) = sprt.bounds();
        assert!((lo + 2.944_438_98).abs() < 1e-6 && (hi - 2.944_438_98).abs() < 1e-6);
        // W 300, L 200, D 100: s = 0.5833..., v = w + d/4 - s^2.
        let score = Score {
            wins: 300,
            losses: 200,
            draws: 100,
        };
        let n = 600.0;
        let (w, d) = (300.0 / n, 100.0 / n);
        let s = w + d / 2.0;
        let v = w + d / 4.0 - s * s;
        let (s0, s1) = (0.5, 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0)));
        let expected = (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v / n);
        assert!((sprt.llr(&score) - expected).abs() < 1e-9);
        assert_eq!(sprt.decision(&score), SprtDecision::H1);
        assert_eq!(sprt.decision(&score.reversed()), SprtDecision::H0);
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
    }
}
