//! Tie-break criteria named by their FIDE C.07 codes, and the regulations for unplayed
//! rounds.
//!
//! | code | criterion |
//! | --- | --- |
//! | `PTS` | points (individual) |
//! | `MP` | match points (teams: 1 / ½ / 0 per match) |
//! | `GP` | game points (teams: the sum of the boards) |
//! | `WIN` | rounds won, with or without playing (forfeit wins and full-point byes count) |
//! | `WON` | games won over the board |
//! | `SB` | Sonneborn-Berger: Σ opponent's score × result against them |
//! | `ARO` | average rating of the opponents met over the board (unrated ones left out) |
//! | `BH` | Buchholz: Σ opponents' scores (teams: their match points; `BH:MP` is the same) |
//! | `BH/C1` | Buchholz cut 1: the least significant value dropped (voluntarily unplayed rounds first) |
//! | `BH/M1` | median Buchholz: the lowest and the highest dropped |
//! | `DE` | direct encounter: points among the tied players, when all of them met |
//! | `TSB` | the Chinese rules' team Sonneborn-Berger: Σ score rate against a team × its match points (no C.07 code) |
//! | `TBR` | board by board from board 1: board 1's points, then board 2's, ... |
//! | `KO` | knockout: the round of elimination, later is better, then the round of elimination from the placement games among those out in the same round (`1/3`); no C.07 code |
//!
//! Cuts: `/Cn` drops the `n` least significant values, `/Mn` drops `n` at each end, and
//! `/Tn` (this library's extension for the Chinese rules' "one or several of the highest or
//! lowest") drops the `n` highest; `BH/C2/T1` drops two at the bottom and one at the top.
//!
//! ```
//! use renju_tournament::TieBreak;
//! let list = TieBreak::parse_list("ARO, BH, bh/m1,WON").unwrap();
//! assert_eq!(list[2].to_string(), "BH/M1");
//! assert!("XYZ".parse::<TieBreak>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A tie-break criterion without its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// Points.
    Pts,
    /// Match points.
    Mp,
    /// Game points.
    Gp,
    /// Rounds won, played or not.
    Win,
    /// Games won over the board.
    Won,
    /// Sonneborn-Berger.
    Sb,
    /// Average rating of opponents.
    Aro,
    /// Buchholz.
    Bh,
    /// Direct encounter.
    De,
    /// The Chinese rules' team Sonneborn-Berger.
    Tsb,
    /// Board by board from board 1.
    Tbr,
    /// Knockout round of elimination.
    Ko,
}

// The one name table: the code in lower case (written in upper case, as FIDE does).
renju_core::name_table!(Criterion, "tie-break criterion", {
    Pts => "pts",
    Mp => "mp",
    Gp => "gp",
    Win => "win",
    Won => "won",
    Sb => "sb",
    Aro => "aro",
    Bh => "bh",
    De => "de",
    Tsb => "tsb",
    Tbr => "tbr",
    Ko => "ko",
});

impl Criterion {
    /// The FIDE C.07 code (`"BH"`): the name in upper case.
    pub fn code(self) -> String {
        self.name().to_ascii_uppercase()
    }

    /// Whether cut modifiers (`/Cn`, `/Mn`, `/Tn`) apply to it.
    pub fn takes_cuts(self) -> bool {
        self == Criterion::Bh
    }
}

/// A tie-break: a criterion and how many values it cuts at the bottom and the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TieBreak {
    /// The criterion.
    pub criterion: Criterion,
    /// Least significant values dropped.
    pub cut_bottom: u32,
    /// Highest values dropped.
    pub cut_top: u32,
}

impl TieBreak {
    /// A criterion with no cuts.
    pub const fn plain(criterion: Criterion) -> TieBreak {
        TieBreak {
            criterion,
            cut_bottom: 0,
            cut_top: 0,
        }
    }

    /// Parses a comma-separated list (`"SB, WON"`); empty items are skipped.
    pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, TieBreakError> {
        text.split([',', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::parse)
            .collect()
    }

    /// Writes a list as `parse_list` reads it (`"SB,WON"`).
    pub fn format_list(list: &[TieBreak]) -> String {
        list.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A tie-break code the library does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TieBreakError {
    /// Not a known code.
    #[error(
        "unknown tie-break {0:?} (known: PTS MP GP WIN WON SB ARO BH BH/Cn BH/Mn DE TSB TBR KO)"
    )]
    Unknown(String),
    /// A modifier that is not `/Cn`, `/Mn` or `/Tn`, or on a criterion without cuts.
    #[error("tie-break {0:?}: cut modifiers are /Cn, /Mn and /Tn, on BH only")]
    Modifier(String),
}

impl FromStr for TieBreak {
    type Err = TieBreakError;
    fn from_str(s: &str) -> Result<TieBreak, TieBreakError> {
        let upper = s.trim().to_ascii_uppercase();
        let mut parts = upper.split('/');
        let base = parts.next().unwrap_or("");
        // FIDE team codes qualify the score a criterion uses (`BH:MP`); the primary
        // score of a team event is its match points already.
        let base = base.strip_suffix(":MP").unwrap_or(base);
        let criterion: Criterion = base
            .parse()
            .map_err(|_| TieBreakError::Unknown(s.to_string()))?;
        let cuts = criterion.takes_cuts();
        let mut tb = TieBreak::plain(criterion);
        for m in parts {
            let bad = || TieBreakError::Modifier(s.to_string());
            if !cuts || m.len() < 2 {
                return Err(bad());
            }
            let n: u32 = m[1..].parse().map_err(|_| bad())?;
            // Saturating: `BH/C4294967295/C1` must not wrap (it cuts everything).
            match &m[..1] {
                "C" => tb.cut_bottom = tb.cut_bottom.saturating_add(n),
                "M" => {
                    tb.cut_bottom = tb.cut_bottom.saturating_add(n);
                    tb.cut_top = tb.cut_top.saturating_add(n);
                }
                "T" => tb.cut_top = tb.cut_top.saturating_add(n),
                _ => return Err(bad()),
            }
        }
        Ok(tb)
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.criterion.code())?;
        let (b, t) = (self.cut_bottom, self.cut_top);
        if b == t && b > 0 {
            return write!(f, "/M{b}");
        }
        if b > 0 {
            write!(f, "/C{b}")?;
        }
        if t > 0 {
            write!(f, "/T{t}")?;
        }
        Ok(())
    }
}

impl Serialize for TieBreak {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TieBreak {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TieBreak, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// How unplayed rounds (byes, forfeits, absences) enter Buchholz and Sonneborn-Berger.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Regulation {
    /// FIDE C.07 (2024) article 16, the "dummy opponent": an unplayed round counts as
    /// an opponent with the player's own final score; an opponent's requested byes
    /// (half-, zero-point, not paired) after which they never returned count as draws
    /// (16.2.5, 16.3); cuts drop voluntarily unplayed rounds (requested byes, forfeit
    /// losses) first.
    #[default]
    Fide2024,
    /// FIDE C.07 (2026), the "capped dummy": as 2024, but a forfeit counts as
    /// min(own score, the scheduled opponent's adjusted score) and any other unplayed
    /// round as min(own score, ½ × rounds).
    Fide2026,
    /// FIDE 2009, the "virtual opponent": an unplayed round R counts as an opponent with
    /// (points before R) + (1 − points in R) + ½ × (rounds − R); opponents' unplayed
    /// rounds count as draws.
    Fide2009,
    /// No adjustment: forfeits count the scheduled opponent's real score, byes count
    /// nothing.
    None,
}

// The name, then the years alone.
renju_core::name_table!(Regulation, "regulation", {
    Fide2024 => "fide-2024" | "2024",
    Fide2026 => "fide-2026" | "2026",
    Fide2009 => "fide-2009" | "2009",
    None => "none",
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in [
            "BH", "BH/C1", "BH/M2", "BH/C2/T1", "BH/T1", "TSB", "KO", "WIN",
        ] {
            let tb: TieBreak = code.parse().unwrap();
            assert_eq!(tb.to_string(), code);
        }
        assert_eq!("BH:MP/M1".parse::<TieBreak>().unwrap().to_string(), "BH/M1");
        assert!("SB/C1".parse::<TieBreak>().is_err());
        assert!("BH/X1".parse::<TieBreak>().is_err());
    }
}
