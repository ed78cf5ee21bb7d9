//! The openings of a match: read from a file as the schedule needs them
//! ([`OpeningsFile`]), checked before play by replaying them through a referee
//! ([`check_opening`]), gathered in sequential or seeded random order, and played
//! under the symmetry of their pass.

use std::collections::BinaryHeap;
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

use renju_core::error::ParseError;
use renju_core::geometry::{Point, Symmetry};
use renju_core::outcome::Outcome;
use renju_records::formats::Format;
use renju_records::game::{Event, Game};
use renju_records::opening::OpeningRule;
use renju_records::referee::{Action, Referee, RefereeError, Refusal, Request, Required};

use super::{MatchError, MatchOptions, OpeningOrder};
use crate::process::Stop;
use renju_records::random::SplitMix64;

/// An openings file, read as the match needs it ([`OpeningsFile::records`]): one
/// record at a time, so that a file of millions of openings costs the memory of the
/// openings the schedule plays, not of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningsFile {
    /// The file.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
}

impl OpeningsFile {
    /// The file and its format: `format` if given, else from the extension, Gomocup
    /// offset or `pos` notation for a `.txt` whose first line is in that notation and
    /// for a file whose extension says nothing. Fails when the file cannot be opened.
    pub fn open(path: &Path, format: Option<Format>) -> Result<OpeningsFile, MatchError> {
        let file = path.display().to_string();
        let cannot = |e: std::io::Error| MatchError::Openings(format!("{file}: {e}"));
        let mut reader = BufReader::new(fs::File::open(path).map_err(cannot)?);
        let format = match format.or_else(|| Format::from_path(path)) {
            None => Format::GomocupOpenings,
            Some(Format::MoveList) if gomocup_notation(&first_line(&mut reader)) => {
                Format::GomocupOpenings
            }
            Some(f) => f,
        };
        Ok(OpeningsFile {
            path: path.to_path_buf(),
            format,
        })
    }

    /// The file's records, one at a time, on a board of side `size`.
    pub fn records(
        &self,
        size: u8,
    ) -> Result<Box<dyn Iterator<Item = Result<Game, ParseError>> + Send>, MatchError> {
        let file = self.path.display().to_string();
        let reader = BufReader::new(
            fs::File::open(&self.path).map_err(|e| MatchError::Openings(format!("{file}: {e}")))?,
        );
        Ok(if self.format == Format::GomocupOpenings {
            Box::new(renju_records::formats::gomocup::stream_with_size(
                reader,
                Some(&file),
                size,
            ))
        } else {
            self.format.read_from(reader, Some(&file))
        })
    }
}

/// The first non-blank line of a file (at most 64 KiB of it, lossily decoded).
fn first_line(reader: &mut impl BufRead) -> String {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.by_ref().take(65_536).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return String::new(),
            Ok(_) => {
                let line = String::from_utf8_lossy(&bytes);
                let line = line.trim_start_matches('\u{feff}').trim();
                if !line.is_empty() {
                    return line.to_string();
                }
            }
        }
    }
}

/// Whether a line is in Gomocup offset notation (`0,0, 1,0`) or `pos` notation
/// (`b7d6e6`).
fn gomocup_notation(first: &str) -> bool {
    let offset = !first.is_empty()
        && first
            .chars()
            .all(|c| c.is_ascii_digit() || ", -".contains(c));
    let pos =
        !first.contains(' ') && first.len() > 3 && first.chars().all(|c| c.is_ascii_alphanumeric());
    offset || pos
}

/// Reads a whole openings file on a board of side `size` ([`OpeningsFile::open`] says
/// how its format is found). A match reads its openings file as it needs it
/// ([`OpeningsFile::records`]); this reads every record, for callers that want them all.
pub fn read_openings(
    path: &Path,
    format: Option<Format>,
    size: u8,
) -> Result<Vec<Game>, MatchError> {
    let file = path.display().to_string();
    let mut games = Vec::new();
    for record in OpeningsFile::open(path, format)?.records(size)? {
        match record {
            Ok(g) => games.push(g),
            Err(e) => return Err(MatchError::Openings(format!("{file}: {e}"))),
        }
    }
    if games.is_empty() {
        return Err(MatchError::Openings(format!("{file}: no openings")));
    }
    Ok(games)
}

/// The request that replays one event of an opening (`None` for events that are not
/// actions: times, comments).
pub(super) fn opening_requests(event: &Event) -> Vec<Request> {
    let action = |a: Action| Request::new(a);
    match event {
        Event::Stone { point } => vec![action(Action::Place { point: *point })],
        Event::Pass => vec![action(Action::Pass)],
        Event::Swap { swap: true } => vec![action(Action::Swap)],
        Event::Swap { swap: false } => vec![action(Action::Stay)],
        Event::DeclareOffers { count } => vec![action(Action::Declare { count: *count })],
        Event::FifthOffers { offered, chosen } => vec![
            action(Action::Offer {
                points: offered.clone(),
            }),
            action(Action::Choose { point: *chosen }),
        ],
        _ => vec![],
    }
}

/// Why an opening is refused before play ([`check_opening`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningRefusal {
    /// The opening's board is not the match's.
    #[error("the opening is on a {opening}x{opening} board, the match on {size}x{size}")]
    Size {
        /// The opening's side.
        opening: u8,
        /// The match's side.
        size: u8,
    },
    /// The rules cannot be refereed.
    #[error(transparent)]
    Referee(#[from] RefereeError),
    /// The referee refuses one of its events.
    #[error("event {number} ({kind}): {refusal}")]
    Event {
        /// The event's number, from 1.
        number: usize,
        /// The event's kind.
        kind: &'static str,
        /// The referee's reason.
        refusal: Refusal,
    },
    /// It ends the game.
    #[error("the opening ends the game: {0}")]
    EndsGame(Outcome),
    /// It stops where the protocol asks for a step no Gomocup command gives.
    #[error("the opening stops at move {move_number} where {rule} asks for a step no Gomocup command gives (fifth-move offers or a declaration): the opening must play it")]
    Stops {
        /// The move it stops at.
        move_number: usize,
        /// The protocol.
        rule: OpeningRule,
    },
}

/// Checks an opening by replaying it through a referee: refused when the rules refuse
/// it, when it ends the game, or when it stops where the protocol asks for a step no
/// engine command gives.
pub fn check_opening(opening: &Game, options: &MatchOptions) -> Result<(), OpeningRefusal> {
    if opening.size != options.size {
        return Err(OpeningRefusal::Size {
            opening: opening.size,
            size: options.size,
        });
    }
    let mut referee = Referee::new(options.referee_options())?;
    for (i, event) in opening.events.iter().enumerate() {
        for request in opening_requests(event) {
            if let Err(refusal) = referee.act(request) {
                return Err(OpeningRefusal::Event {
                    number: i + 1,
                    kind: event.kind(),
                    refusal,
                });
            }
            if let Some(outcome) = referee.outcome() {
                return Err(OpeningRefusal::EndsGame(outcome));
            }
        }
    }
    let status = referee.status();
    let stuck = matches!(
        status.required,
        Required::Declare | Required::Offer | Required::Choose
    ) || (options.opening.requires_offers() && status.move_number <= 5);
    if stuck {
        return Err(OpeningRefusal::Stops {
            move_number: status.move_number,
            rule: options.opening,
        });
    }
    Ok(())
}

/// The opening under a symmetry.
pub(super) fn transformed(opening: &Game, symmetry: Symmetry) -> Game {
    let mut game = opening.clone();
    let size = game.size;
    let map = |p: &mut Point| *p = symmetry.apply(*p, size);
    for event in &mut game.events {
        match event {
            Event::Stone { point } => map(point),
            Event::FifthOffers { offered, chosen } => {
                offered.iter_mut().for_each(map);
                map(chosen);
            }
            _ => {}
        }
    }
    game
}

/// The most refused openings a report lists one by one; one more line counts the rest.
pub const MAX_REFUSED_LISTED: usize = 1000;

/// The openings a match plays, gathered before play.
#[derive(Default)]
pub(super) struct Gathered {
    /// The openings kept, in the order they are taken.
    pub(super) kept: Vec<Game>,
    /// The refused ones with why (at most [`MAX_REFUSED_LISTED`], then a count).
    pub(super) refused: Vec<(String, String)>,
    /// Refused past the list.
    pub(super) unlisted: usize,
    /// Openings read.
    pub(super) read: usize,
    /// Openings checked (replayed): all those read in sequential order, the candidates
    /// to the sample in random order.
    pub(super) checked: usize,
}

impl Gathered {
    fn refuse(&mut self, label: String, why: String) {
        if self.refused.len() < MAX_REFUSED_LISTED {
            self.refused.push((label, why));
        } else {
            self.unlisted += 1;
        }
    }
}

/// How many distinct openings the schedule takes at most: one a game, or one every
/// two games with `repeat`.
pub(super) fn openings_needed(options: &MatchOptions, games: usize) -> usize {
    if options.repeat {
        games.div_ceil(2)
    } else {
        games
    }
}

/// Reads and checks the openings the schedule needs, from `options.openings` or the
/// openings file, one at a time, giving up with [`MatchError::Interrupted`] as soon as
/// `stop` is raised. In sequential order up to the `needed`-th kept one. In random order
/// a seeded uniform sample of `needed` among the openings that pass the check, found
/// in one pass without checking them all: each opening draws a random key, the sample
/// is the kept openings with the smallest keys, and an opening is checked (replayed)
/// only when its key would take it into the sample so far, about
/// `needed x (1 + ln(read / needed))` of them. The sample is played in key order.
/// A record that cannot be read is an error.
pub(super) fn gather_openings(
    options: &MatchOptions,
    needed: usize,
    stop: &Stop,
) -> Result<Gathered, MatchError> {
    let records: Box<dyn Iterator<Item = Result<Game, String>>> = match &options.openings_file {
        Some(file) => Box::new(
            file.records(options.size)?
                .map(|r| r.map_err(|e| format!("{}: {e}", file.path.display()))),
        ),
        None => Box::new(options.openings.iter().cloned().map(Ok)),
    };
    let mut out = Gathered::default();
    let mut rng = match options.opening_order {
        OpeningOrder::Random(seed) => Some(SplitMix64::new(seed)),
        OpeningOrder::Sequential => None,
    };
    // Random order: the sample so far, a max-heap on the keys.
    let mut sample: BinaryHeap<Keyed> = BinaryHeap::new();
    for record in records {
        if stop.is_raised() {
            return Err(MatchError::Interrupted(format!(
                "while reading the openings, after {}",
                out.read
            )));
        }
        if rng.is_none() && out.kept.len() >= needed {
            break;
        }
        let opening = record.map_err(MatchError::Openings)?;
        out.read += 1;
        let key = rng.as_mut().map(SplitMix64::next_u64);
        if let Some(key) = key {
            let full = sample.len() >= needed;
            if needed == 0 || (full && sample.peek().is_some_and(|top| key >= top.key)) {
                continue;
            }
        }
        let label = (opening.source.line)
            .map_or_else(|| format!("opening {}", out.read), |l| format!("line {l}"));
        out.checked += 1;
        if let Err(why) = check_opening(&opening, options) {
            out.refuse(label, why.to_string());
            continue;
        }
        match key {
            Some(key) => {
                sample.push(Keyed { key, opening });
                if sample.len() > needed {
                    sample.pop();
                }
            }
            None => out.kept.push(opening),
        }
    }
    if rng.is_some() {
        out.kept = sample
            .into_sorted_vec()
            .into_iter()
            .map(|k| k.opening)
            .collect();
    }
    if out.unlisted > 0 {
        let more = format!("{} more openings", out.unlisted);
        out.refused
            .push((more, "refused as well (not listed)".into()));
    }
    if out.read == 0 {
        if let Some(file) = &options.openings_file {
            return Err(MatchError::Openings(format!(
                "{}: no openings",
                file.path.display()
            )));
        }
    }
    Ok(out)
}

/// An opening of a random sample with its key, ordered by the key alone.
struct Keyed {
    key: u64,
    opening: Game,
}

impl PartialEq for Keyed {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for Keyed {}

impl PartialOrd for Keyed {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Keyed {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::engines::test_engines as engines;

    #[test]
    fn an_openings_file_that_cannot_be_opened_is_an_error() {
        assert!(matches!(
            OpeningsFile::open(Path::new("/no/such/openings.txt"), None),
            Err(MatchError::Openings(m)) if m.contains("openings.txt")
        ));
    }

    /// An opening file of `lines` two-stone openings in offset notation, line `i`
    /// saying `i` in its second stone's place, one of them (line 3) a stone on a stone.
    fn openings_file(name: &str, lines: usize) -> OpeningsFile {
        let path =
            std::env::temp_dir().join(format!("renju-openings-{}-{name}.txt", std::process::id()));
        let mut text = String::with_capacity(lines * 10);
        for i in 0..lines {
            let i64_of = |v: usize| i64::try_from(v).unwrap();
            let (x, y) = if i == 2 {
                (0, 0)
            } else {
                (i64_of(i % 13) - 6, i64_of(i / 13 % 13) - 6)
            };
            let (x, y) = if (x, y) == (0, 0) && i != 2 {
                (7, 7)
            } else {
                (x, y)
            };
            text.push_str(&format!("0,0, {x},{y}\n"));
        }
        std::fs::write(&path, text).unwrap();
        OpeningsFile::open(&path, None).unwrap()
    }

    #[test]
    fn an_openings_file_is_read_as_far_as_the_schedule_needs_and_sampled_in_random_order() {
        let file = openings_file("big", 200_000);
        let options = MatchOptions {
            engines: engines(2),
            games: 4,
            openings_file: Some(file.clone()),
            ..MatchOptions::default()
        };
        // Sequential: the four openings played and the refused one before them, not
        // the 200,000 lines.
        let g = gather_openings(&options, 4, &Stop::new()).unwrap();
        assert_eq!((g.read, g.kept.len()), (5, 4));
        assert_eq!(g.refused.len(), 1);
        assert_eq!(g.refused[0].0, "line 3");
        assert!(g.refused[0].1.contains("occupied"), "{:?}", g.refused);
        let _ = std::fs::remove_file(&file.path);
        // Random: one pass over the file, a sample as large as the schedule needs, the
        // same for the same seed, from all over the file.
        let file = openings_file("random", 2_000);
        let random = |seed| MatchOptions {
            opening_order: OpeningOrder::Random(seed),
            openings_file: Some(file.clone()),
            ..options.clone()
        };
        let lines = |g: &Gathered| g.kept.iter().map(|o| o.source.line).collect::<Vec<_>>();
        let a = gather_openings(&random(7), 4, &Stop::new()).unwrap();
        assert_eq!((a.read, a.kept.len(), a.refused.len()), (2_000, 4, 1));
        // Only the candidates to the sample are replayed: about 4 x (1 + ln 500).
        assert!(a.checked < 80, "{} checked", a.checked);
        assert_eq!(
            lines(&a),
            lines(&gather_openings(&random(7), 4, &Stop::new()).unwrap())
        );
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..50 {
            seen.extend(
                lines(&gather_openings(&random(seed), 4, &Stop::new()).unwrap())
                    .into_iter()
                    .flatten(),
            );
        }
        assert!(seen.iter().any(|&l| l > 1_000), "{seen:?}");
        assert!(seen.len() > 100, "{}", seen.len());
        let _ = std::fs::remove_file(&file.path);
    }

    #[test]
    fn gathering_heeds_the_stop_flag_and_an_endless_line_is_an_error() {
        let file = openings_file("stop", 100);
        let options = MatchOptions {
            engines: engines(2),
            openings_file: Some(file.clone()),
            opening_order: OpeningOrder::Random(1),
            ..MatchOptions::default()
        };
        let stop = Stop::new();
        stop.raise();
        let Err(e) = gather_openings(&options, 4, &stop) else {
            panic!("a raised stop flag must end the gathering");
        };
        assert!(matches!(e, MatchError::Interrupted(_)), "{e}");
        let _ = std::fs::remove_file(&file.path);
        #[cfg(unix)]
        {
            let zero = OpeningsFile {
                path: "/dev/zero".into(),
                format: Format::GomocupOpenings,
            };
            let options = MatchOptions {
                openings_file: Some(zero),
                ..options
            };
            let Err(e) = gather_openings(&options, 4, &Stop::new()) else {
                panic!("/dev/zero holds no opening");
            };
            assert!(e.to_string().contains("no line end"), "{e}");
        }
    }

    #[test]
    fn openings_are_checked_before_play() {
        let options = MatchOptions {
            engines: engines(2),
            ..MatchOptions::default()
        };
        assert!(check_opening(&Game::from_moves("h8 h9 i8").unwrap(), &options).is_ok());
        let occupied = check_opening(&Game::from_moves("h8 h8").unwrap(), &options);
        assert!(occupied.unwrap_err().to_string().contains("occupied"));
        // A five on the board ends the game: refused.
        let five = Game::from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8").unwrap();
        assert!(check_opening(&five, &options)
            .unwrap_err()
            .to_string()
            .contains("ends the game"));
        // Black's double-three (a foul) is refused too.
        let foul = Game::from_moves("f8 a1 g8 c1 h6 e1 h7 g1 h8").unwrap();
        assert!(check_opening(&foul, &options)
            .unwrap_err()
            .to_string()
            .contains("ends the game"));
        let rif = MatchOptions {
            opening: OpeningRule::Rif1996,
            ..options
        };
        assert!(check_opening(&Game::from_moves("h8 h9 j10").unwrap(), &rif)
            .unwrap_err()
            .to_string()
            .contains("offers"));
    }
}
