//! Adjournment with a sealed move: the player to move writes their next move down
//! unseen, both clocks stop, and the move is played when the game resumes.
//!
//! The public record carries only a [`SealDigest`]: the SHA-256 of a canonical text
//! naming the move number, the sealer's colour, the point and a secret salt. The
//! [`SealedMove`] (the point and the salt) is kept apart (a small file or string the
//! arbiter holds) until resumption, when the record gets it and anyone can check it
//! against the digest. The salt is what keeps the move secret: without it the 225
//! points of the board could be hashed one by one and the digest matched.
//!
//! ```
//! use renju_records::sealed::{SealDigest, SealedMove};
//! use renju_core::Color;
//! let sealed: SealedMove = "h8/3f9a0c1d2b4e5f60718293a4b5c6d7e8".parse().unwrap();
//! let digest = sealed.digest(23, Color::Black);
//! assert_eq!(digest.as_str().len(), 64);
//! assert!(sealed.matches(&digest, 23, Color::Black));
//! assert!(!sealed.matches(&digest, 24, Color::Black));
//! let other: SealedMove = "h9/3f9a0c1d2b4e5f60718293a4b5c6d7e8".parse().unwrap();
//! assert!(!other.matches(&digest, 23, Color::Black));
//! assert!("h8/short".parse::<SealedMove>().is_err());
//! assert!("zz".parse::<SealDigest>().is_err());
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use renju_core::geometry::{Color, Point};

/// The fewest characters a salt has: 16 characters of 64 possible are 96 bits, more
/// than anyone can try.
pub const MIN_SALT_LEN: usize = 16;
/// The most characters a salt has.
pub const MAX_SALT_LEN: usize = 128;

/// Why a text is not a sealed move, a salt or a digest.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SealError {
    /// The sealed move is not `POINT/SALT`.
    #[error("a sealed move is written POINT/SALT (e.g. h8/3f9a0c1d2b4e5f60), not {0}")]
    Form(String),
    /// The point cannot be read.
    #[error("the sealed move's point {0} is not a point")]
    Point(String),
    /// The salt is too short, too long, or has a character other than a letter, a
    /// digit, `-`, `_` or `.`.
    #[error(
        "a salt has {MIN_SALT_LEN} to {MAX_SALT_LEN} letters, digits, `-`, `_` or `.`, not {0} characters of that kind"
    )]
    Salt(usize),
    /// The digest is not 64 lower-case hexadecimal digits.
    #[error("a seal's digest is 64 lower-case hexadecimal digits (SHA-256)")]
    Digest,
    /// The operating system gave no random salt.
    #[error("no random salt could be drawn: {0}")]
    Random(String),
}

/// The SHA-256 digest of a sealed move, as 64 lower-case hexadecimal digits: what the
/// public record carries while the game is adjourned.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SealDigest(Box<str>);

impl SealDigest {
    /// The digest's hexadecimal text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for SealDigest {
    type Err = SealError;
    fn from_str(text: &str) -> Result<SealDigest, SealError> {
        let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        match text.len() == 64 && text.chars().all(hex) {
            true => Ok(SealDigest(text.into())),
            false => Err(SealError::Digest),
        }
    }
}

impl TryFrom<String> for SealDigest {
    type Error = SealError;
    fn try_from(text: String) -> Result<SealDigest, SealError> {
        text.parse()
    }
}

impl From<SealDigest> for String {
    fn from(digest: SealDigest) -> String {
        digest.0.into_string()
    }
}

impl fmt::Display for SealDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A sealed move: the point and the secret salt, written `POINT/SALT`. The point is
/// not checked against the board when sealed (an occupied or forbidden point loses at
/// resumption).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SealedMove {
    /// The sealed point.
    pub point: Point,
    /// The salt (see [`check_salt`]); a boxed text, so that an action or an event
    /// carrying a sealed move is no larger than the others.
    pub salt: Box<str>,
}

/// Checks a salt: [`MIN_SALT_LEN`] to [`MAX_SALT_LEN`] characters, each a letter, a
/// digit, `-`, `_` or `.`.
pub fn check_salt(salt: &str) -> Result<(), SealError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    let n = salt.chars().count();
    match (MIN_SALT_LEN..=MAX_SALT_LEN).contains(&n) && salt.chars().all(allowed) {
        true => Ok(()),
        false => Err(SealError::Salt(n)),
    }
}

/// A fresh random salt: 32 hexadecimal digits (128 bits) from the operating system.
pub fn random_salt() -> Result<String, SealError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| SealError::Random(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl SealedMove {
    /// A sealed move of `point` with `salt` (checked).
    pub fn new(point: Point, salt: impl Into<Box<str>>) -> Result<SealedMove, SealError> {
        let salt = salt.into();
        check_salt(&salt)?;
        Ok(SealedMove { point, salt })
    }

    /// The canonical text the digest is taken of: a version line, the move number, the
    /// sealer's colour, the point and the salt, one to a line.
    pub fn canonical(&self, number: usize, sealer: Color) -> String {
        format!(
            "renju-sealed-move/1\n{number}\n{sealer}\n{}\n{}\n",
            self.point, self.salt
        )
    }

    /// The digest of the move sealed as move `number` by `sealer`.
    pub fn digest(&self, number: usize, sealer: Color) -> SealDigest {
        let hash = Sha256::digest(self.canonical(number, sealer).as_bytes());
        let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
        SealDigest(hex.into())
    }

    /// Whether this is the move whose digest is `digest` (move `number`, by `sealer`).
    pub fn matches(&self, digest: &SealDigest, number: usize, sealer: Color) -> bool {
        self.digest(number, sealer) == *digest
    }
}

/// The start of a text, quoted and escaped, for an error message.
fn short(text: &str) -> String {
    format!("{:?}", text.chars().take(40).collect::<String>())
}

impl std::str::FromStr for SealedMove {
    type Err = SealError;
    fn from_str(text: &str) -> Result<SealedMove, SealError> {
        let text = text.trim();
        let (point, salt) = text
            .split_once('/')
            .ok_or_else(|| SealError::Form(short(text)))?;
        let point = point.parse().map_err(|_| SealError::Point(short(point)))?;
        SealedMove::new(point, salt)
    }
}

impl TryFrom<String> for SealedMove {
    type Error = SealError;
    fn try_from(text: String) -> Result<SealedMove, SealError> {
        text.parse()
    }
}

impl From<SealedMove> for String {
    fn from(sealed: SealedMove) -> String {
        sealed.to_string()
    }
}

impl fmt::Display for SealedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.point, self.salt)
    }
}

/// A move sealed at an adjournment, waiting for the resumption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Seal {
    /// The sealer's colour.
    pub(crate) by: Color,
    /// The digest the record carries.
    pub(crate) digest: SealDigest,
    /// The number the sealed move takes.
    pub(crate) number: usize,
    /// The time the sealer had used on the move when sealing it, when the record says.
    pub(crate) elapsed_ms: Option<u64>,
}
