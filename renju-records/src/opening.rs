//! Opening protocols and the 26 canonical Renju openings.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use renju_core::error::ParseError;
use renju_core::geometry::{Point, Symmetry};

/// An opening protocol (see the repository's `docs/rules.md`, Games).
///
/// ```
/// use renju_records::OpeningRule;
/// let rule: OpeningRule = "soosorv-8".parse().unwrap();
/// assert_eq!(rule, OpeningRule::Soosorv { n: 8 });
/// assert_eq!(rule.to_string(), "soosorv-8");
/// assert_eq!("taraguchi".parse::<OpeningRule>().unwrap(), OpeningRule::Taraguchi { n: 10 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OpeningRule {
    /// No opening restriction (the first move need not be central).
    #[default]
    Free,
    /// RIF 1996: one of the 26 openings, swap, move 4, two fifth-move offers.
    Rif1996,
    /// RIF 1989 swap: move 1 centre, 2 in the 3x3, 3 in the 5x5, swap, move 4, two offers.
    Swap,
    /// Yamaguchi: one of the 26 and N declared, swap, move 4, N offers.
    Yamaguchi,
    /// Soosorv-N: one of the 26, swap, move 4 with n (1..=N) declared, swap, n offers.
    Soosorv {
        /// The largest number of offers White may declare (8 at World Championships).
        n: u8,
    },
    /// Taraguchi-N: stones 1-4 in growing areas with a swap after each; then either
    /// move 5 in the 9x9 (and a swap) or N fifth-move offers.
    Taraguchi {
        /// The number of offers in the offer branch.
        n: u8,
    },
    /// Chinese rules: designated opening with N declared, three-move swap, N offers.
    Chinese,
    /// Swap2 (gomoku): three stones, then take White, swap, or place two more and let the
    /// first player choose.
    Swap2,
    /// Gomoku swap: three stones, then the second player chooses a colour.
    GomokuSwap,
    /// Pro: move 1 centre, move 3 at least 3 away from the centre.
    Pro,
}

impl OpeningRule {
    /// Whether this protocol belongs to the Renju (RIF and Chinese) family.
    pub fn is_renju_family(self) -> bool {
        matches!(
            self,
            OpeningRule::Rif1996
                | OpeningRule::Swap
                | OpeningRule::Yamaguchi
                | OpeningRule::Soosorv { .. }
                | OpeningRule::Taraguchi { .. }
                | OpeningRule::Chinese
        )
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningRule::Free => f.write_str("free"),
            OpeningRule::Rif1996 => f.write_str("rif1996"),
            OpeningRule::Swap => f.write_str("swap"),
            OpeningRule::Yamaguchi => f.write_str("yamaguchi"),
            OpeningRule::Soosorv { n } => write!(f, "soosorv-{n}"),
            OpeningRule::Taraguchi { n } => write!(f, "taraguchi-{n}"),
            OpeningRule::Chinese => f.write_str("chinese"),
            OpeningRule::Swap2 => f.write_str("swap2"),
            OpeningRule::GomokuSwap => f.write_str("gomoku-swap"),
            OpeningRule::Pro => f.write_str("pro"),
        }
    }
}

/// An opening rule's name that could not be read.
///
/// ```
/// use renju_records::OpeningRule;
/// let err = "soosorv-200".parse::<OpeningRule>().unwrap_err();
/// assert_eq!(err.to_string(), "`soosorv-200`: soosorv-N takes N from 1 to 20");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpeningRuleError {
    /// Not the name of a protocol.
    #[error("unknown opening rule `{text}` (expected free, rif1996, swap, yamaguchi, soosorv-N, taraguchi-N, chinese, swap2, gomoku-swap or pro)")]
    Unknown {
        /// The text read.
        text: String,
    },
    /// A protocol's number of fifth-move offers outside its range.
    #[error("`{text}`: {protocol}-N takes N from 1 to {max}", max = OpeningRule::MAX_OFFERS)]
    OfferCount {
        /// The text read.
        text: String,
        /// `soosorv` or `taraguchi`.
        protocol: &'static str,
    },
}

impl From<OpeningRuleError> for ParseError {
    fn from(e: OpeningRuleError) -> Self {
        ParseError::new(e.to_string())
    }
}

impl OpeningRule {
    /// The largest N of Soosorv-N and Taraguchi-N the library accepts. The protocols in
    /// use go up to 10 (Taraguchi-10); no published rule sets a limit, so this one only
    /// keeps the number of offers a record can demand within reason.
    pub const MAX_OFFERS: u8 = 20;
}

impl FromStr for OpeningRule {
    type Err = OpeningRuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = renju_core::names::normalize(s);
        let with_n = |prefix: &'static str, default: u8| -> Option<Result<u8, OpeningRuleError>> {
            let rest = norm.strip_prefix(prefix)?;
            if rest.is_empty() {
                return Some(Ok(default));
            }
            let digits = rest.strip_prefix('-').unwrap_or(rest);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Some(Err(OpeningRuleError::Unknown {
                    text: s.to_string(),
                }));
            }
            let protocol = if prefix == "soosyrv" {
                "soosorv"
            } else {
                prefix
            };
            Some(
                digits
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=OpeningRule::MAX_OFFERS).contains(n))
                    .ok_or_else(|| OpeningRuleError::OfferCount {
                        text: s.to_string(),
                        protocol,
                    }),
            )
        };
        if let Some(n) = with_n("soosorv", 8).or_else(|| with_n("soosyrv", 8)) {
            return Ok(OpeningRule::Soosorv { n: n? });
        }
        if let Some(n) = with_n("taraguchi", 10) {
            return Ok(OpeningRule::Taraguchi { n: n? });
        }
        match norm.as_str() {
            "free" | "none" => Ok(OpeningRule::Free),
            "rif1996" | "rif" | "rif-1996" => Ok(OpeningRule::Rif1996),
            "swap" | "rif1989" | "rif-1989" => Ok(OpeningRule::Swap),
            "yamaguchi" => Ok(OpeningRule::Yamaguchi),
            "chinese" => Ok(OpeningRule::Chinese),
            "swap2" => Ok(OpeningRule::Swap2),
            "gomoku-swap" | "swap1" => Ok(OpeningRule::GomokuSwap),
            "pro" => Ok(OpeningRule::Pro),
            _ => Err(OpeningRuleError::Unknown {
                text: s.to_string(),
            }),
        }
    }
}

impl Serialize for OpeningRule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for OpeningRule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// One of the 26 canonical Renju openings (named by their RIF numbers, 1-13 direct and
/// 1-13 indirect). Serialises with every name; reads back from its `code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Opening {
    /// RIF number: `"1D"` .. `"13D"`, `"1I"` .. `"13I"`.
    pub code: &'static str,
    /// Chinese name (simplified).
    pub chinese: &'static str,
    /// Japanese romaji (renju.net spelling).
    pub romaji: &'static str,
    /// Informal English name.
    pub english: &'static str,
}

/// Direct openings by black-3 offset with white 2 at `(0, +1)`; `dx >= 0`.
const DIRECT: [((i32, i32), Opening); 13] = [
    (
        (0, 2),
        Opening {
            code: "1D",
            chinese: "寒星",
            romaji: "Kansei",
            english: "Cold Star",
        },
    ),
    (
        (1, 2),
        Opening {
            code: "2D",
            chinese: "溪月",
            romaji: "Keigetsu",
            english: "Stream Moon",
        },
    ),
    (
        (2, 2),
        Opening {
            code: "3D",
            chinese: "疏星",
            romaji: "Sosei",
            english: "Sparse Star",
        },
    ),
    (
        (1, 1),
        Opening {
            code: "4D",
            chinese: "花月",
            romaji: "Kagetsu",
            english: "Flower Moon",
        },
    ),
    (
        (2, 1),
        Opening {
            code: "5D",
            chinese: "残月",
            romaji: "Zangetsu",
            english: "Waning Moon",
        },
    ),
    (
        (1, 0),
        Opening {
            code: "6D",
            chinese: "雨月",
            romaji: "Ugetsu",
            english: "Rain Moon",
        },
    ),
    (
        (2, 0),
        Opening {
            code: "7D",
            chinese: "金星",
            romaji: "Kinsei",
            english: "Venus",
        },
    ),
    (
        (0, -1),
        Opening {
            code: "8D",
            chinese: "松月",
            romaji: "Shogetsu",
            english: "Pine Moon",
        },
    ),
    (
        (1, -1),
        Opening {
            code: "9D",
            chinese: "丘月",
            romaji: "Kyugetsu",
            english: "Hill Moon",
        },
    ),
    (
        (2, -1),
        Opening {
            code: "10D",
            chinese: "新月",
            romaji: "Shingetsu",
            english: "New Moon",
        },
    ),
    (
        (0, -2),
        Opening {
            code: "11D",
            chinese: "瑞星",
            romaji: "Zuisei",
            english: "Auspicious Star",
        },
    ),
    (
        (1, -2),
        Opening {
            code: "12D",
            chinese: "山月",
            romaji: "Sangetsu",
            english: "Mountain Moon",
        },
    ),
    (
        (2, -2),
        Opening {
            code: "13D",
            chinese: "游星",
            romaji: "Yusei",
            english: "Roaming Star",
        },
    ),
];

/// Indirect openings by black-3 offset with white 2 at `(+1, +1)`; `dx >= dy`.
const INDIRECT: [((i32, i32), Opening); 13] = [
    (
        (2, 2),
        Opening {
            code: "1I",
            chinese: "长星",
            romaji: "Chosei",
            english: "Long Star",
        },
    ),
    (
        (2, 1),
        Opening {
            code: "2I",
            chinese: "峡月",
            romaji: "Kyogetsu",
            english: "Gorge Moon",
        },
    ),
    (
        (2, 0),
        Opening {
            code: "3I",
            chinese: "恒星",
            romaji: "Kosei",
            english: "Fixed Star",
        },
    ),
    (
        (2, -1),
        Opening {
            code: "4I",
            chinese: "水月",
            romaji: "Suigetsu",
            english: "Water Moon",
        },
    ),
    (
        (2, -2),
        Opening {
            code: "5I",
            chinese: "流星",
            romaji: "Ryusei",
            english: "Shooting Star",
        },
    ),
    (
        (1, 0),
        Opening {
            code: "6I",
            chinese: "云月",
            romaji: "Ungetsu",
            english: "Cloud Moon",
        },
    ),
    (
        (1, -1),
        Opening {
            code: "7I",
            chinese: "浦月",
            romaji: "Hogetsu",
            english: "Shore Moon",
        },
    ),
    (
        (1, -2),
        Opening {
            code: "8I",
            chinese: "岚月",
            romaji: "Rangetsu",
            english: "Mist Moon",
        },
    ),
    (
        (0, -1),
        Opening {
            code: "9I",
            chinese: "银月",
            romaji: "Gingetsu",
            english: "Silver Moon",
        },
    ),
    (
        (0, -2),
        Opening {
            code: "10I",
            chinese: "明星",
            romaji: "Myojo",
            english: "Bright Star",
        },
    ),
    (
        (-1, -1),
        Opening {
            code: "11I",
            chinese: "斜月",
            romaji: "Shagetsu",
            english: "Slant Moon",
        },
    ),
    (
        (-1, -2),
        Opening {
            code: "12I",
            chinese: "名月",
            romaji: "Meigetsu",
            english: "Famous Moon",
        },
    ),
    (
        (-2, -2),
        Opening {
            code: "13I",
            chinese: "彗星",
            romaji: "Suisei",
            english: "Comet",
        },
    ),
];

impl Opening {
    /// All 26 openings, direct first.
    pub fn all() -> impl Iterator<Item = Opening> {
        DIRECT.iter().chain(INDIRECT.iter()).map(|(_, o)| *o)
    }

    /// Names the opening of the first three stones on a 15x15 board (black `b1` on h8,
    /// white `w2` next to it, black `b3` within two of the centre), from any of its 8
    /// symmetric realisations; `None` for any other start.
    ///
    /// ```
    /// use renju_records::Opening;
    /// let p = |s: &str| s.parse().unwrap();
    /// assert_eq!(Opening::identify(p("h8"), p("h9"), p("j10")).unwrap().romaji, "Sosei");
    /// // The same opening turned a quarter: white 2 on g8.
    /// assert_eq!(Opening::identify(p("h8"), p("g8"), p("f10")).unwrap().code, "3D");
    /// assert_eq!(Opening::identify(p("h8"), p("i9"), p("f6")).unwrap().english, "Comet");
    /// assert!(Opening::identify(p("h8"), p("h10"), p("i9")).is_none());
    /// ```
    pub fn identify(b1: Point, w2: Point, b3: Point) -> Option<Opening> {
        let c = Point::center(renju_core::geometry::RENJU_SIZE);
        if b1 != c || w2.chebyshev(c) != 1 || b3.chebyshev(c) > 2 || b3 == b1 || b3 == w2 {
            return None;
        }
        let off = |p: Point| (p.x() as i32 - c.x() as i32, p.y() as i32 - c.y() as i32);
        let (v, u) = (off(w2), off(b3));
        for sym in Symmetry::ALL {
            let tv = sym.apply_offset(v.0, v.1);
            let (dx, dy) = sym.apply_offset(u.0, u.1);
            if tv == (0, 1) {
                let key = (dx.abs(), dy);
                return DIRECT.iter().find(|(k, _)| *k == key).map(|(_, o)| *o);
            }
            if tv == (1, 1) {
                let key = if dx < dy { (dy, dx) } else { (dx, dy) };
                return INDIRECT.iter().find(|(k, _)| *k == key).map(|(_, o)| *o);
            }
        }
        None
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} ({}, {})",
            self.code, self.romaji, self.chinese, self.english
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal start (white 2 adjacent, black 3 in the 5x5) is exactly one of the
    /// 26, each direct/indirect class covers its 23 cells, and symmetric openings have 4
    /// realisations, the others 8.
    #[test]
    fn the_26_cover_every_legal_start() {
        let c = Point::center(15);
        let mut counts = std::collections::HashMap::new();
        for w2 in (6..=8).flat_map(|x| (6..=8).map(move |y| Point::new(x, y).unwrap())) {
            if w2 == c {
                continue;
            }
            for b3 in (5..=9).flat_map(|x| (5..=9).map(move |y| Point::new(x, y).unwrap())) {
                if b3 == c || b3 == w2 {
                    continue;
                }
                let o = Opening::identify(c, w2, b3).expect("every legal start is named");
                *counts.entry(o.code).or_insert(0) += 1;
            }
        }
        assert_eq!(counts.len(), 26);
        assert_eq!(counts.values().sum::<usize>(), 8 * 23);
        for (code, n) in counts {
            let symmetric = ["1D", "8D", "11D", "1I", "11I", "13I"].contains(&code);
            assert_eq!(n, if symmetric { 4 } else { 8 }, "{code}");
        }
    }

    #[test]
    fn table_positions_match_the_reference() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        // The RIF table of the 26 openings, W2 = I8 column.
        for (b3, code) in [
            ("j8", "1D"),
            ("j9", "2D"),
            ("i10", "5D"),
            ("g8", "8D"),
            ("f10", "13D"),
        ] {
            assert_eq!(
                Opening::identify(p("h8"), p("i8"), p(b3)).unwrap().code,
                code
            );
        }
        for (b3, code) in [("i10", "2I"), ("h10", "3I"), ("g9", "7I"), ("f7", "12I")] {
            assert_eq!(
                Opening::identify(p("h8"), p("i9"), p(b3)).unwrap().code,
                code
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Protocol checking
// ---------------------------------------------------------------------------

/// How two offered fifth moves are compared (see `docs/rules.md`, Games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OfferEquivalence {
    /// Equivalent when a rotation or reflection plus any translation maps the four stones
    /// and one offer onto the four stones and the other, colours kept (default).
    #[default]
    Shape,
    /// Equivalent when a symmetry of the board about its centre maps the four stones onto
    /// themselves and one offer onto the other.
    Board,
}

renju_core::name_table!(OfferEquivalence, "offer equivalence", {
    Shape => "shape",
    Board => "board",
});

/// Whether offers `a` and `b` are equivalent on `stones` (points with colours).
///
/// ```
/// use renju_core::{Color, Point};
/// use renju_records::opening::{offers_equivalent, OfferEquivalence};
/// let p = |s: &str| s.parse::<Point>().unwrap();
/// // 1.h8 2.h9 3.h7 4.h6: mirror-symmetric about the line between rows 7 and 8.
/// let stones = [(p("h8"), Color::Black), (p("h9"), Color::White), (p("h7"), Color::Black), (p("h6"), Color::White)];
/// assert!(offers_equivalent(&stones, p("i8"), p("i7"), OfferEquivalence::Shape, 15));
/// assert!(!offers_equivalent(&stones, p("i8"), p("i7"), OfferEquivalence::Board, 15));
/// assert!(offers_equivalent(&stones, p("i8"), p("g8"), OfferEquivalence::Board, 15));
/// ```
pub fn offers_equivalent(
    stones: &[(Point, renju_core::Color)],
    a: Point,
    b: Point,
    rule: OfferEquivalence,
    size: u8,
) -> bool {
    if a == b {
        return true;
    }
    match rule {
        OfferEquivalence::Board => Symmetry::ALL.iter().any(|&g| {
            g.apply(a, size) == b && {
                let mut image: Vec<_> =
                    stones.iter().map(|&(p, c)| (g.apply(p, size), c)).collect();
                let mut orig = stones.to_vec();
                image.sort();
                orig.sort();
                image == orig
            }
        }),
        OfferEquivalence::Shape => {
            let shape = |offer: Point, g: Symmetry| -> Vec<(i32, i32, renju_core::Color)> {
                let mut pts: Vec<(i32, i32, renju_core::Color)> = stones
                    .iter()
                    .copied()
                    .chain(std::iter::once((offer, renju_core::Color::Black)))
                    .map(|(p, c)| {
                        let (x, y) = g.apply_offset(p.x() as i32, p.y() as i32);
                        (x, y, c)
                    })
                    .collect();
                let minx = pts.iter().map(|p| p.0).min().unwrap_or(0);
                let miny = pts.iter().map(|p| p.1).min().unwrap_or(0);
                for p in &mut pts {
                    p.0 -= minx;
                    p.1 -= miny;
                }
                pts.sort();
                pts
            };
            let target = shape(b, Symmetry::Identity);
            Symmetry::ALL.iter().any(|&g| shape(a, g) == target)
        }
    }
}

impl<'de> Deserialize<'de> for Opening {
    /// The opening of the `code` field (the other names are the code's).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Opening, D::Error> {
        #[derive(Deserialize)]
        struct Code {
            code: String,
        }
        let Code { code } = Code::deserialize(d)?;
        Opening::all()
            .find(|o| o.code == code)
            .ok_or_else(|| serde::de::Error::custom(format!("no opening has the code {code}")))
    }
}
