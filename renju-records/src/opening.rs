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

/// What the library and every front end know of one opening protocol: its names, the
/// line of help that lists it, and its word in RenjuNet rule names. [`OpeningRule::info`]
/// gives it; [`OpeningRule::ALL`] lists every protocol. The parser, `Display`, the
/// RenjuNet rule names, the command line's help and the lists in the guide, the Python
/// stubs and the C header come from (or are checked against) this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProtocolInfo {
    /// The canonical name (`"soosorv"`); a protocol that takes a number of offers is
    /// written `name-N` (`soosorv-8`).
    pub name: &'static str,
    /// Other spellings read as this protocol (after [`renju_core::names::normalize`]).
    pub aliases: &'static [&'static str],
    /// The N of `name-N` when the name is given without one (`None`: the protocol takes
    /// no number).
    pub default_offers: Option<u8>,
    /// One line of help: what the protocol asks.
    pub summary: &'static str,
    /// The protocol's word in a RenjuNet rule name (`Soosorv` in `Renju Soosorv-8`).
    pub renjunet: &'static str,
}

impl ProtocolInfo {
    /// The name as lists of protocols write it: `soosorv-N` for a protocol that takes a
    /// number, else the name.
    ///
    /// ```
    /// use renju_records::OpeningRule;
    /// assert_eq!(OpeningRule::Soosorv { n: 3 }.info().pattern(), "soosorv-N");
    /// assert_eq!(OpeningRule::Pro.info().pattern(), "pro");
    /// ```
    pub fn pattern(&self) -> String {
        match self.default_offers {
            Some(_) => format!("{}-N", self.name),
            None => self.name.to_string(),
        }
    }
}

impl OpeningRule {
    /// Every protocol, in the order lists give them; a protocol that takes a number of
    /// offers with its default number.
    pub const ALL: [OpeningRule; 10] = [
        OpeningRule::Free,
        OpeningRule::Rif1996,
        OpeningRule::Swap,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv { n: 8 },
        OpeningRule::Taraguchi { n: 10 },
        OpeningRule::Chinese,
        OpeningRule::Swap2,
        OpeningRule::GomokuSwap,
        OpeningRule::Pro,
    ];

    /// The protocol's names, help and RenjuNet word (see [`ProtocolInfo`]). A new
    /// protocol is a variant, its arm here, its place in [`OpeningRule::ALL`] and its
    /// rules in `spec()` (`protocol.rs`); `docs/development.md` lists the rest.
    pub fn info(self) -> &'static ProtocolInfo {
        match self {
            OpeningRule::Free => &ProtocolInfo {
                name: "free",
                aliases: &["none"],
                default_offers: None,
                summary: "no opening restriction",
                renjunet: "Free",
            },
            OpeningRule::Rif1996 => &ProtocolInfo {
                name: "rif1996",
                aliases: &["rif", "rif-1996"],
                default_offers: None,
                summary: "RIF 1996: one of the 26 openings, swap, move 4, two fifth-move offers",
                renjunet: "RIF",
            },
            OpeningRule::Swap => &ProtocolInfo {
                name: "swap",
                aliases: &["rif1989", "rif-1989"],
                default_offers: None,
                summary: "RIF 1989: moves 1-3 in growing areas, swap, move 4, two offers",
                renjunet: "Swap",
            },
            OpeningRule::Yamaguchi => &ProtocolInfo {
                name: "yamaguchi",
                aliases: &[],
                default_offers: None,
                summary: "one of the 26 and N declared, swap, move 4, N offers",
                renjunet: "Yamaguchi",
            },
            OpeningRule::Soosorv { .. } => &ProtocolInfo {
                name: "soosorv",
                aliases: &["soosyrv"],
                default_offers: Some(8),
                summary: "one of the 26, swap, move 4 with up to N offers declared, swap, offers",
                renjunet: "Soosorv",
            },
            OpeningRule::Taraguchi { .. } => &ProtocolInfo {
                name: "taraguchi",
                aliases: &[],
                default_offers: Some(10),
                summary: "stones 1-4 in growing areas, a swap after each, then move 5 or N offers",
                renjunet: "Taraguchi",
            },
            OpeningRule::Chinese => &ProtocolInfo {
                name: "chinese",
                aliases: &[],
                default_offers: None,
                summary: "designated opening with N declared, three-move swap, N offers",
                renjunet: "Chinese",
            },
            OpeningRule::Swap2 => &ProtocolInfo {
                name: "swap2",
                aliases: &[],
                default_offers: None,
                summary: "three stones, then take White, swap, or place two more and hand the choice back",
                renjunet: "Swap2",
            },
            OpeningRule::GomokuSwap => &ProtocolInfo {
                name: "gomoku-swap",
                aliases: &["swap1"],
                default_offers: None,
                summary: "three stones, then the second player chooses a colour",
                renjunet: "Swap",
            },
            OpeningRule::Pro => &ProtocolInfo {
                name: "pro",
                aliases: &[],
                default_offers: None,
                summary: "move 1 in the centre, move 3 at least 3 away from it",
                renjunet: "Pro",
            },
        }
    }

    /// Every protocol's name as lists write them ([`ProtocolInfo::pattern`]), as a
    /// sentence: commas, and `or` before the last.
    pub fn names_sentence() -> String {
        let mut names: Vec<String> = OpeningRule::ALL
            .iter()
            .map(|r| r.info().pattern())
            .collect();
        let last = names.pop().unwrap_or_default();
        format!("{} or {last}", names.join(", "))
    }

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

    /// The N of `soosorv-N` (the most offers White may declare) and `taraguchi-N` (the
    /// number of offers), else `None`.
    ///
    /// ```
    /// use renju_records::OpeningRule;
    /// assert_eq!(OpeningRule::Taraguchi { n: 10 }.offer_number(), Some(10));
    /// assert_eq!(OpeningRule::Swap2.offer_number(), None);
    /// ```
    pub fn offer_number(self) -> Option<u8> {
        match self {
            OpeningRule::Soosorv { n } | OpeningRule::Taraguchi { n } => Some(n),
            _ => None,
        }
    }

    /// This protocol with `n` offers (the protocols that take a number).
    fn with_offers(self, n: u8) -> OpeningRule {
        match self {
            OpeningRule::Soosorv { .. } => OpeningRule::Soosorv { n },
            OpeningRule::Taraguchi { .. } => OpeningRule::Taraguchi { n },
            other => other,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().name)?;
        match self.offer_number() {
            Some(n) => write!(f, "-{n}"),
            None => Ok(()),
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
    #[error(
        "unknown opening rule `{text}` (expected {})",
        OpeningRule::names_sentence()
    )]
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

    /// A name or alias of [`OpeningRule::info`]; a protocol that takes a number reads
    /// `name`, `name-N` or `nameN` (its default N when none is given).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = renju_core::names::normalize(s);
        let unknown = || OpeningRuleError::Unknown {
            text: s.to_string(),
        };
        for rule in OpeningRule::ALL {
            let info = rule.info();
            let mut names = std::iter::once(info.name).chain(info.aliases.iter().copied());
            let Some(default) = info.default_offers else {
                if names.any(|name| name == norm) {
                    return Ok(rule);
                }
                continue;
            };
            let Some(rest) = names.find_map(|name| norm.strip_prefix(name)) else {
                continue;
            };
            if rest.is_empty() {
                return Ok(rule.with_offers(default));
            }
            let digits = rest.strip_prefix('-').unwrap_or(rest);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(unknown());
            }
            return digits
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=OpeningRule::MAX_OFFERS).contains(n))
                .map(|n| rule.with_offers(n))
                .ok_or_else(|| OpeningRuleError::OfferCount {
                    text: s.to_string(),
                    protocol: info.name,
                });
        }
        Err(unknown())
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

    /// Every protocol of the table reads back from its name, its aliases and `name-N`,
    /// and the table names each once.
    #[test]
    fn every_protocol_reads_back_from_its_names() {
        let mut seen = std::collections::HashSet::new();
        for rule in OpeningRule::ALL {
            let info = rule.info();
            assert!(seen.insert(info.name), "{} twice", info.name);
            assert_eq!(rule.offer_number(), info.default_offers, "{rule}");
            assert_eq!(rule.to_string().parse::<OpeningRule>(), Ok(rule));
            assert_eq!(info.name.parse::<OpeningRule>(), Ok(rule));
            for alias in info.aliases {
                assert_eq!(alias.parse::<OpeningRule>(), Ok(rule), "{alias}");
            }
            if info.default_offers.is_some() {
                let three = format!("{}-3", info.name).parse::<OpeningRule>().unwrap();
                assert_eq!(three.offer_number(), Some(3));
                assert_eq!(three.info(), info);
            }
        }
        assert_eq!(
            "x".parse::<OpeningRule>().unwrap_err().to_string(),
            "unknown opening rule `x` (expected free, rif1996, swap, yamaguchi, soosorv-N, \
             taraguchi-N, chinese, swap2, gomoku-swap or pro)"
        );
    }

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

/// The classes of equivalent offers among `points` on `stones`: one class number per
/// point (numbered from 0 in the order of each class's first point), two points sharing
/// a number exactly when [`offers_equivalent`] says so. A set of offers has no two
/// equivalent ones exactly when its points' classes differ.
///
/// Only points at the same distances from the stones are compared (a symmetry keeps
/// every distance of the five points, so equivalent offers have the same distances to
/// the four stones), which makes a board without symmetry cost one pass and a sort.
///
/// ```
/// use renju_core::{Color, Point};
/// use renju_records::opening::{offer_classes, OfferEquivalence};
/// let p = |s: &str| s.parse::<Point>().unwrap();
/// let stones = [(p("h8"), Color::Black), (p("h9"), Color::White), (p("h7"), Color::Black), (p("h6"), Color::White)];
/// let classes = offer_classes(&stones, &[p("i8"), p("g8"), p("i9"), p("i7")], OfferEquivalence::Board, 15);
/// assert_eq!(classes, vec![0, 0, 1, 2]);
/// ```
pub fn offer_classes(
    stones: &[(Point, renju_core::Color)],
    points: &[Point],
    rule: OfferEquivalence,
    size: u8,
) -> Vec<u32> {
    // A digest of the sorted squared distances to the stones: points with different
    // digests are never equivalent; equal digests are compared by the rule itself.
    let mut distances = Vec::with_capacity(stones.len());
    let mut keyed: Vec<(u64, usize)> = points
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            distances.clear();
            distances.extend(stones.iter().map(|&(s, _)| {
                let (dx, dy) = (a.x() as i64 - s.x() as i64, a.y() as i64 - s.y() as i64);
                (dx * dx + dy * dy) as u64
            }));
            distances.sort_unstable();
            let digest = distances.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &d| {
                (h ^ d).wrapping_mul(0x0100_0000_01b3)
            });
            (digest, i)
        })
        .collect();
    keyed.sort_unstable();
    // Per point, the first point of its class (in the order of `points`).
    let mut first = vec![usize::MAX; points.len()];
    for group in keyed.chunk_by(|x, y| x.0 == y.0) {
        let mut members: Vec<usize> = group.iter().map(|&(_, i)| i).collect();
        members.sort_unstable();
        let mut representatives: Vec<usize> = Vec::new();
        for i in members {
            let found = representatives
                .iter()
                .copied()
                .find(|&r| offers_equivalent(stones, points[r], points[i], rule, size));
            first[i] = found.unwrap_or_else(|| {
                representatives.push(i);
                i
            });
        }
    }
    // Classes numbered in the order of their first points.
    let mut number = vec![u32::MAX; points.len()];
    let mut next = 0;
    first
        .iter()
        .map(|&r| {
            if number[r] == u32::MAX {
                number[r] = next;
                next += 1;
            }
            number[r]
        })
        .collect()
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
