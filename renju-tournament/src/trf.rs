//! FIDE Tournament Report File (TRF16 and TRF-26) reader and writer.
//!
//! Read: `001` player records (start rank, sex, title, name, rating, federation, id,
//! birth date, points, rank, then one `oooo c r` cell of ten columns per round from
//! column 92), `012` name, `092` type and `192` encoded type (the system; `192` wins
//! when both name one), `XXR` and
//! `142` number of rounds, `132` round dates, `162` score system, `202`/`212` tie-break
//! list, `222` encoded time control, `013` team records (name, then members in board
//! order) and TRF-26 `310` team records (written back as `013`). Two records of this library, in the `XX` space TRF(x) leaves to programs:
//! `XXW id round` (a withdrawal after a round) and `XXD id id ...` (the order a
//! play-off or lot gave). The TRF(x) records pairing programs read, into
//! [`Tournament::pairing_setup`]: `XXC` (`rank`, `white1`, `black1`: positional ids and
//! the first player's colour in round 1), `XXA` (accelerated points: the id in columns
//! 5-8, round `r`'s points in columns `10 + 5 (r - 1)`), `XXP` (players forbidden to
//! meet, any number of lines) and bbpPairings' points `BBW BBD BBL BBZ BBF BBU` (win,
//! draw, loss, zero-point bye, forfeit loss, pairing-allocated bye). `062` and `082`
//! (the numbers of players and teams) are kept, and refused past
//! [`crate::MAX_PLAYERS`] or when not a number. Every other record
//! is kept as it is and written back.
//!
//! Result codes: `1 = 0` played, `W D L` played (read as `1 = 0`), `+ -` forfeit,
//! `H` half-point bye, `F` full-point bye, `U` pairing-allocated bye, `Z` zero-point
//! bye, `0000 - -` not paired. A blank cell is no pairing at all. TRF-26 `362` (the
//! scoring point system for teams: `TW`, `TD`, `TL`, each followed by the match points
//! of a match won, drawn and lost) is read into [`Tournament::team_score_system`] and
//! scores the team matches; the description this follows lays down no columns for it,
//! so it is read by blank-separated words (a code, then its points, in any order; a
//! code not given takes TRF-26's 2, 1 or 0) and written `362 TW 2.0 TD 1.0 TL 0.0`. The
//! `XXS`, `240`, other `3xx` team-Swiss records are kept but not interpreted.
//!
//! ```
//! use renju_tournament::Tournament;
//! let t = Tournament::from_trf("\
//! 012 Tiny
//! 001    1      Ann                                                                1.0    1     2 b 1
//! 001    2      Bob                                                                0.0    2     1 w 0
//! ").unwrap();
//! assert_eq!(t.name, "Tiny");
//! assert_eq!(Tournament::from_trf(&t.to_trf().unwrap()).unwrap(), t);
//! ```

use std::borrow::Cow;

use crate::model::{
    Acceleration, CrosstableCell, PairingSetup, Player, PointValues, ResultKind, Round, System,
    Team, TeamPointValues, Tournament, Withdrawal, MAX_ROUNDS,
};
use crate::score::{HalfPoints, PointsError};
use crate::tiebreak::TieBreak;
use renju_core::geometry::Color;
use renju_records::text::TextError;

/// A TRF file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// A record that does not follow the format.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// No `001` player record.
    #[error("no player records (001): not a TRF file")]
    NoPlayers,
    /// A tournament past the limits ([`crate::MAX_ROUNDS`], [`crate::MAX_PLAYERS`], four-digit
    /// start ranks), or a number that does not fit its TRF columns when writing (points
    /// of 100 or more that are not whole, or of 10,000 or more; a rating or rank of five
    /// digits).
    #[error("{0}")]
    TooLarge(String),
    /// When writing: a name (of the tournament, a player or a team) that a TRF line
    /// cannot hold, by the check every free-text field gets.
    #[error("cannot write TRF: {0}")]
    Text(#[from] TextError),
}

fn cols(chars: &[char], from: usize, to: usize) -> String {
    // 1-based, inclusive.
    if from > chars.len() {
        return String::new();
    }
    let to = to.min(chars.len());
    chars
        .get(from.saturating_sub(1)..to)
        .unwrap_or(&[])
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn opt(s: String) -> Option<String> {
    if s.is_empty() {
        None
    } else {
        Some(s)
    }
}

/// The system a `092` or `192` text names, if any.
fn system_of(text: &str) -> Option<System> {
    let t = text.to_ascii_lowercase();
    if ["swiss", "dutch", "burstein", "dubov", "lim", "baku"]
        .iter()
        .any(|k| t.contains(k))
    {
        Some(System::Swiss)
    } else if ["round", "robin", "berger", "scheveningen"]
        .iter()
        .any(|k| t.contains(k))
        || t.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == "rr")
    {
        Some(System::RoundRobin)
    } else if t.contains("knock")
        || t.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == "ko")
    {
        Some(System::Knockout)
    } else {
        None
    }
}

impl Tournament {
    /// Reads a FIDE TRF file (TRF16 or TRF-26); see [this module](self).
    pub fn from_trf(text: &str) -> Result<Tournament, TrfError> {
        read(text)
    }

    /// Writes the tournament as a FIDE TRF file; see [this module](self). A tournament past the
    /// limits ([`Tournament::check_limits`]), or with a player id over 9999 (TRF start
    /// ranks have four digits), is refused.
    pub fn to_trf(&self) -> Result<String, TrfError> {
        write(self)
    }
}

/// The text with every line ending a line feed: TRF files come with LF, CR LF, or CR
/// alone (bbpPairings writes its tournaments so), and each ends a line.
pub(crate) fn with_lf_line_ends(text: &str) -> Cow<'_, str> {
    if text.contains('\r') {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// Reads a TRF file (lines ended by LF, CR LF or CR).
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::default();
    let text = with_lf_line_ends(text);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    for (n, raw) in text.lines().enumerate() {
        let line_no = n.saturating_add(1);
        let err = |message: String| TrfError::Line {
            line: line_no,
            message,
        };
        // A byte-order mark starts a file, or a line of files put together: not a record;
        // nor is the end-of-file mark (Ctrl-Z) of old DOS files.
        let line = raw
            .trim_end_matches('\u{1a}')
            .trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            continue;
        }
        // Control characters (a NUL, say) are not text a record can hold, or write back.
        if let Some(c) = line.chars().find(|c| c.is_control() && *c != '\t') {
            return Err(err(format!(
                "the line holds a control character ({}), which is not TRF text",
                c.escape_unicode()
            )));
        }
        let chars: Vec<char> = line.chars().collect();
        read_record(&chars, &mut t, &err)?;
    }
    if t.players.is_empty() {
        return Err(TrfError::NoPlayers);
    }
    t.check_limits()
        .map_err(|e| TrfError::TooLarge(e.to_string()))?;
    t.sort_cells();
    // Team membership from the team records.
    for team in &t.teams {
        for &id in &team.boards {
            if let Some(p) = t.players.iter_mut().find(|p| p.id == id) {
                p.team = Some(team.id);
            }
        }
    }
    Ok(t)
}

/// Reads one non-blank line (`chars`) into `t`, by its three-character record code.
fn read_record(
    chars: &[char],
    t: &mut Tournament,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    // A record shorter than its three columns of code (`0`, `0 `) has the same code
    // either way: the writer pads it to three columns.
    let code: String = chars
        .iter()
        .take(3)
        .collect::<String>()
        .trim_end()
        .to_string();
    if code.is_empty() {
        // It could not be written back: a line with a blank code reads as blank.
        return Err(err(
            "a record starts with its three-character code, and this line's are blank".into(),
        ));
    }
    let rest = cols(chars, 5, chars.len());
    match code.as_str() {
        "001" => {
            if t.players.len() >= crate::model::MAX_PLAYERS {
                return Err(err(format!(
                    "001: more than {} players (TRF start ranks have four digits)",
                    crate::model::MAX_PLAYERS
                )));
            }
            read_player(chars, t, err)?
        }
        "012" => t.name = rest,
        "092" => {
            // The encoded type of `192` wins over the free text of `092`, in either order.
            let typed = |(c, r): &(String, String)| c == "192" && system_of(r).is_some();
            if !t.tags.iter().any(typed) {
                t.system = system_of(&rest).or(t.system);
            }
        }
        "192" => {
            t.system = system_of(&rest).or(t.system);
            t.tags.push((code, rest));
        }
        "XXR" | "142" => t.rounds = read_rounds(&code, &rest, err)?,
        "062" | "082" => {
            read_declared_count(&code, &rest, err)?;
            t.tags.push((code, rest));
        }
        "XXC" | "XXA" | "XXP" | "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
            read_pairing_record(&code, chars, t, err)?
        }
        "132" => read_round_dates(chars, t, err)?,
        "162" => t.score_system = Some(read_score_system(&rest, err)?),
        "362" => t.team_score_system = Some(read_team_score_system(&rest, err)?),
        "202" | "212" => match TieBreak::parse_list(&rest) {
            Ok(list) if t.tiebreaks.is_empty() => t.tiebreaks = list,
            _ => t.tags.push((code, rest)),
        },
        "222" => t.time_control = Some(rest),
        "013" => read_team13(chars, t, err)?,
        "310" => read_team26(chars, t, err)?,
        "XXW" => {
            let nums: Vec<u32> = rest
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| err(format!("XXW: {rest:?} is not `id round`")))?;
            let [id, after_round] = nums[..] else {
                return Err(err(format!("XXW: {rest:?} is not `id round`")));
            };
            t.withdrawals.push(Withdrawal { id, after_round });
        }
        "XXD" => {
            for w in rest.split_whitespace() {
                t.decided_order.push(
                    w.parse()
                        .map_err(|_| err(format!("XXD: {w:?} is not an id")))?,
                );
            }
        }
        _ => t.tags.push((code, rest)),
    }
    Ok(())
}

/// One of the records a pairing program reads beside the crosstable, into
/// [`Tournament::pairing_setup`]: `XXC` (initial colour; a line with other tokens is
/// kept as written), `XXA` (accelerations), `XXP` (forbidden pairs), `BBW`... (points).
fn read_pairing_record(
    code: &str,
    chars: &[char],
    t: &mut Tournament,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    let rest = cols(chars, 5, chars.len());
    let setup = &mut t.pairing_setup;
    match code {
        "XXC" => {
            if !read_initial_colour(&rest, setup) {
                t.tags.push((code.to_string(), rest));
            }
        }
        "XXA" => setup.accelerations.push(read_acceleration(chars, err)?),
        "XXP" => {
            let ids = read_ids(code, &rest, err)?;
            check_start_ranks(code, &ids, err)?;
            setup.forbidden.push(ids);
        }
        _ => {
            let points: HalfPoints = rest
                .parse()
                .map_err(|e: PointsError| err(format!("{code}: {e}")))?;
            if let Some(value) = setup.points.by_code(code) {
                *value = Some(points);
            }
        }
    }
    Ok(())
}

/// The tokens of an `XXC` record (`rank`, `white1`, `black1`), into `setup`; false,
/// with nothing changed, when there is none or one is not one of these.
fn read_initial_colour(rest: &str, setup: &mut PairingSetup) -> bool {
    let tokens: Vec<String> = rest.split_whitespace().map(str::to_lowercase).collect();
    let known = ["rank", "white1", "black1"];
    if tokens.is_empty() || !tokens.iter().all(|w| known.contains(&w.as_str())) {
        return false;
    }
    for w in &tokens {
        match w.as_str() {
            "rank" => setup.positional_ids = true,
            "white1" => setup.initial_color = Some(Color::White),
            _ => setup.initial_color = Some(Color::Black),
        }
    }
    true
}

/// An `XXA` record: the player's id in columns 5-8, then the points of round `r` in
/// columns `10 + 5 (r - 1)` to `13 + 5 (r - 1)` (a blank is zero).
fn read_acceleration(
    chars: &[char],
    err: &dyn Fn(String) -> TrfError,
) -> Result<Acceleration, TrfError> {
    let id = cols(chars, 5, 8);
    let player = id
        .parse()
        .map_err(|_| err(format!("XXA: {id:?} is not a player id")))?;
    let rounds = chars.len().saturating_sub(5) / 5;
    if rounds > MAX_ROUNDS as usize {
        return Err(err(format!(
            "XXA: points past round {MAX_ROUNDS}: a tournament has at most {MAX_ROUNDS} rounds"
        )));
    }
    let points = (0..rounds)
        .map(|r| {
            let from = r.saturating_mul(5).saturating_add(10);
            let text = cols(chars, from, from.saturating_add(3));
            if text.is_empty() {
                return Ok(HalfPoints::ZERO);
            }
            text.parse()
                .map_err(|e: PointsError| err(format!("XXA round {}: {e}", r.saturating_add(1))))
        })
        .collect::<Result<_, _>>()?;
    Ok(Acceleration { player, points })
}

/// Refuses an id past [`crate::MAX_PLAYERS`] in a record that lists players (`XXP`): no
/// start rank is that large (a hostile file naming player 10,000,000, say). `XXA`'s
/// four columns cannot hold one.
fn check_start_ranks(
    code: &str,
    ids: &[u32],
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    match ids
        .iter()
        .find(|&&id| id as usize > crate::model::MAX_PLAYERS)
    {
        Some(id) => Err(err(format!(
            "{code}: player {id}: a start rank is at most {}",
            crate::model::MAX_PLAYERS
        ))),
        None => Ok(()),
    }
}

/// The ids of an `XXP` record (or any list of ids after the code).
fn read_ids(
    code: &str,
    rest: &str,
    err: &dyn Fn(String) -> TrfError,
) -> Result<Vec<u32>, TrfError> {
    rest.split_whitespace()
        .map(|w| {
            w.parse()
                .map_err(|_| err(format!("{code}: {w:?} is not a player id")))
        })
        .collect()
}

/// The text of a `162` record (`rest`, after column 4), refused when it cannot be read
/// ([`PointValues::from_score_system`]); values other than the usual ones are kept in
/// the columns bbpPairings writes ([`PointValues::to_score_system`]), others as written.
fn read_score_system(rest: &str, err: &dyn Fn(String) -> TrfError) -> Result<String, TrfError> {
    let values = PointValues::from_score_system(rest).map_err(|e| err(format!("162: {e}")))?;
    Ok(match values.to_score_system() {
        Some(text) if !values.is_standard() => text,
        _ => rest.to_string(),
    })
}

/// The text of a `362` record (`rest`, after column 4), the team score system: refused
/// when it cannot be read, else kept as [`TeamPointValues::normalized`] keeps it (every
/// code with its points).
fn read_team_score_system(
    rest: &str,
    err: &dyn Fn(String) -> TrfError,
) -> Result<String, TrfError> {
    TeamPointValues::normalized(rest).map_err(|e| err(format!("362: {e}")))
}

/// The number of players (`062`) or teams (`082`) a file declares (`rest`, after
/// column 4): kept as written, but refused past [`crate::MAX_PLAYERS`] (a file declaring
/// ten million players is not one this library can hold) or when not a number.
fn read_declared_count(
    code: &str,
    rest: &str,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    let what = if code == "062" { "players" } else { "teams" };
    if rest.is_empty() {
        return Ok(());
    }
    let count: u64 = rest
        .parse()
        .map_err(|_| err(format!("{code}: {rest:?} is not a number of {what}")))?;
    if count > crate::model::MAX_PLAYERS as u64 {
        return Err(err(format!(
            "{code}: {count} {what} declared: a tournament has at most {} {what}",
            crate::model::MAX_PLAYERS
        )));
    }
    Ok(())
}

/// The number of rounds of an `XXR` or `142` record (`rest`, after column 4), at most
/// [`crate::MAX_ROUNDS`].
fn read_rounds(code: &str, rest: &str, err: &dyn Fn(String) -> TrfError) -> Result<u32, TrfError> {
    let rounds: u32 = rest
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| err(format!("{code}: {rest:?} is not a number of rounds")))?;
    if rounds > crate::model::MAX_ROUNDS {
        return Err(err(format!(
            "{code}: {rounds} rounds: a tournament has at most {} rounds",
            crate::model::MAX_ROUNDS
        )));
    }
    Ok(rounds)
}

/// A `132` record: the round dates, one every ten columns from column 92.
// Bounded: `k <= MAX_ROUNDS` (refused past it), so columns stay below 10,100.
#[allow(clippy::arithmetic_side_effects)]
fn read_round_dates(
    chars: &[char],
    t: &mut Tournament,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    let mut k = 0;
    loop {
        let start = 92 + 10 * k;
        if start > chars.len() {
            break;
        }
        if k >= crate::model::MAX_ROUNDS as usize {
            return Err(err(format!(
                "132: dates past round {0}: a tournament has at most {0} rounds",
                crate::model::MAX_ROUNDS
            )));
        }
        t.round_info.push(Round {
            number: k as u32 + 1,
            date: opt(cols(chars, start, start + 7)),
        });
        k += 1;
    }
    Ok(())
}

/// A `013` team record: the name (columns 5-36), then the members' start ranks.
fn read_team13(
    chars: &[char],
    t: &mut Tournament,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    let name = cols(chars, 5, 36);
    let boards = cols(chars, 37, chars.len())
        .split_whitespace()
        .map(|w| {
            w.parse::<u32>()
                .map_err(|_| err(format!("013: {w:?} is not a start rank")))
        })
        .collect::<Result<Vec<u32>, TrfError>>()?;
    t.teams.push(Team {
        id: (t.teams.len() as u32).saturating_add(1),
        name,
        boards,
        declared_points: None,
        declared_rank: None,
    });
    Ok(())
}

/// A TRF-26 `310` team record: team number (columns 5-7), name (9-40), then the
/// federation, average rating, match points, game points and rank, then the members'
/// start ranks in board order. Read by tokens after column 40: the first two decimal
/// numbers are the points, the integer after them the rank, the rest the members. The
/// declared points and rank are not kept (TRF-26 scores matches 2/1/0 by default, the
/// Chinese rules 1/½/0; teams are written back as `013` records, which have neither).
fn read_team26(
    chars: &[char],
    t: &mut Tournament,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    let id_text = cols(chars, 5, 7);
    let id: u32 = id_text.parse().map_err(|_| {
        err(format!(
            "310: team number {id_text:?} (columns 5-7) is not a number"
        ))
    })?;
    let name = cols(chars, 9, 40);
    let rest = cols(chars, 41, chars.len());
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let Some(last_decimal) = tokens.iter().rposition(|w| w.contains('.')) else {
        return Err(err(
            "310: no match and game points after the name".to_string()
        ));
    };
    let mut numbers = tokens[last_decimal.saturating_add(1)..].iter().map(|w| {
        w.parse::<u32>()
            .map_err(|_| err(format!("310: {w:?} is not a rank or a start rank")))
    });
    let _declared_rank = numbers.next().transpose()?;
    let boards = numbers.collect::<Result<Vec<u32>, TrfError>>()?;
    t.teams.push(Team {
        id,
        name,
        boards,
        declared_points: None,
        declared_rank: None,
    });
    Ok(())
}

/// A `001` player record: the player's fields, then one result every ten columns from
/// column 92 (opponent, colour, result), up to [`crate::MAX_ROUNDS`].
// Bounded: `k <= MAX_ROUNDS` (refused past it), so columns stay below 10,100.
#[allow(clippy::arithmetic_side_effects)]
fn read_player(
    chars: &[char],
    t: &mut Tournament,
    err: &dyn Fn(String) -> TrfError,
) -> Result<(), TrfError> {
    let id = read_start_rank(chars, err)?;
    if t.players.iter().any(|p| p.id == id) {
        return Err(err(format!(
            "001: start rank {id} is used by an earlier player record"
        )));
    }
    let p = read_player_fields(chars, id, err)?;
    let mut k = 0usize;
    loop {
        let start = 92 + 10 * k;
        if start > chars.len() {
            break;
        }
        if k >= crate::model::MAX_ROUNDS as usize {
            return Err(err(format!(
                "001: results past round {0}: a tournament has at most {0} rounds",
                crate::model::MAX_ROUNDS
            )));
        }
        let round = k as u32 + 1;
        k += 1;
        if let Some(pairing) = read_round_result(chars, id, round, start, err)? {
            t.cells.push(pairing);
        }
    }
    t.players.push(p);
    Ok(())
}

/// The start rank of a `001` record (columns 5-8), refusing five digits or more.
fn read_start_rank(chars: &[char], err: &dyn Fn(String) -> TrfError) -> Result<u32, TrfError> {
    let id_text = cols(chars, 5, 8);
    if chars.get(8).is_some_and(char::is_ascii_digit) && !id_text.is_empty() {
        let long: String = chars[4..]
            .iter()
            .take_while(|c| !c.is_whitespace())
            .collect();
        return Err(err(format!(
            "001: start rank {long:?} has more than four digits (columns 5-8): TRF holds at most {} players",
            crate::model::MAX_PLAYERS
        )));
    }
    id_text.parse().map_err(|_| {
        err(format!(
            "001: start rank {id_text:?} (columns 5-8) is not a number"
        ))
    })
}

/// The player fields of a `001` record (columns 10-89): sex, title, name, rating,
/// federation, FIDE id, birth, declared points and rank.
fn read_player_fields(
    chars: &[char],
    id: u32,
    err: &dyn Fn(String) -> TrfError,
) -> Result<Player, TrfError> {
    let mut p = Player::new(id, cols(chars, 15, 47));
    p.sex = opt(cols(chars, 10, 10));
    p.title = opt(cols(chars, 11, 13));
    let rating = cols(chars, 49, 52);
    if !rating.is_empty() {
        let r: u32 = rating.parse().map_err(|_| {
            err(format!(
                "001: rating {rating:?} (columns 49-52) is not a number"
            ))
        })?;
        p.rating = (r > 0).then_some(r);
    }
    p.federation = opt(cols(chars, 54, 56));
    p.fide_id = opt(cols(chars, 58, 68));
    p.birth = opt(cols(chars, 70, 79));
    let points = cols(chars, 81, 84);
    if !points.is_empty() {
        p.declared_points = Some(
            points
                .parse::<HalfPoints>()
                .map_err(|e| err(format!("001: points (columns 81-84): {e}")))?,
        );
    }
    let rank = cols(chars, 86, 89);
    if !rank.is_empty() {
        p.declared_rank = Some(rank.parse().map_err(|_| {
            err(format!(
                "001: rank {rank:?} (columns 86-89) is not a number"
            ))
        })?);
    }
    Ok(p)
}

/// One round of a `001` record, starting at column `start`: `None` when blank.
// Bounded: `k <= MAX_ROUNDS` (refused past it), so columns stay below 10,100.
#[allow(clippy::arithmetic_side_effects)]
fn read_round_result(
    chars: &[char],
    id: u32,
    round: u32,
    start: usize,
    err: &dyn Fn(String) -> TrfError,
) -> Result<Option<CrosstableCell>, TrfError> {
    let opp_text = cols(chars, start, start + 3);
    let colour = cols(chars, start + 5, start + 5);
    let result = cols(chars, start + 7, start + 7);
    if opp_text.is_empty() && colour.is_empty() && result.is_empty() {
        return Ok(None);
    }
    let opp: u32 = if opp_text.is_empty() {
        0
    } else {
        opp_text.parse().map_err(|_| {
            err(format!(
                "001: round {round}: opponent {opp_text:?} (columns {start}-{}) is not a number",
                start + 3
            ))
        })?
    };
    let opponent = (opp != 0).then_some(opp);
    let color = match colour.as_str() {
        "w" | "W" => Some(Color::White),
        "b" | "B" => Some(Color::Black),
        "" | "-" => None,
        c => {
            return Err(err(format!(
                "001: round {round}: colour {c:?} (column {}) is not w, b or -",
                start + 5
            )))
        }
    };
    let Some(result) = result_of_code(&result, opponent.is_some()) else {
        return Err(err(format!(
            "001: round {round}: result {result:?} (column {}) is not one of 1 = 0 W D L + - H F U Z{}",
            start + 7,
            if opponent.is_some() {
                " for a game"
            } else {
                " for a bye"
            }
        )));
    };
    Ok(Some(CrosstableCell {
        round,
        player: id,
        opponent,
        color,
        result,
        board: None,
    }))
}

/// The result a TRF result code names, from the player's side: for a game
/// (`with_opponent`) `1 = 0` (or `W D L`) played and `+ -` forfeit; for a round without
/// an opponent `H` (or `=`) a half-point bye, `F` (or `1`) a full-point bye, `U` (or `+`)
/// the pairing bye, `Z` (or `0`) a zero-point bye, `-` or blank absent. `None`: not a
/// code of that kind.
///
/// ```
/// use renju_tournament::trf::result_of_code;
/// use renju_tournament::ResultKind;
/// assert_eq!(result_of_code("=", true), Some(ResultKind::Draw));
/// assert_eq!(result_of_code("U", false), Some(ResultKind::PairingBye));
/// assert_eq!(result_of_code("U", true), None);
/// ```
pub fn result_of_code(code: &str, with_opponent: bool) -> Option<ResultKind> {
    use ResultKind::*;
    Some(match (code, with_opponent) {
        ("1" | "W", true) => Win,
        ("=" | "D", true) => Draw,
        ("0" | "L", true) => Loss,
        ("+", true) => ForfeitWin,
        ("-", true) => ForfeitLoss,
        ("H" | "=", false) => HalfBye,
        ("F" | "1", false) => FullBye,
        ("U" | "+", false) => PairingBye,
        ("Z" | "0", false) => ZeroBye,
        ("-" | "", false) => Absent,
        _ => return None,
    })
}

fn result_char(kind: ResultKind) -> char {
    use ResultKind::*;
    match kind {
        Win => '1',
        Draw => '=',
        Loss => '0',
        ForfeitWin => '+',
        ForfeitLoss => '-',
        FullBye => 'F',
        HalfBye => 'H',
        ZeroBye => 'Z',
        PairingBye => 'U',
        Absent => '-',
    }
}

fn clip(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Writes a TRF file (TRF16 columns, with the TRF-26 and TRF(x) records the tournament
/// uses). Points and ranks are the declared ones; see [`write_with_standings`] to fill
/// them from computed standings. One cell per round: only the first game of a
/// multi-game round is written (TRF has no place for more; JSON keeps them).
///
/// Refused ([`TrfError::TooLarge`]): a tournament past [`Tournament::check_limits`], and
/// a player or opponent id over 9999 (a TRF start rank has four digits). The text is
/// then at most 10 bytes per player and round (about 100 MB at the limits).
pub fn write(t: &Tournament) -> Result<String, TrfError> {
    write_inner(t, None)
}

/// Writes a TRF file with the points and ranks of computed standings; refused as
/// [`write()`] refuses.
pub fn write_with_standings(
    t: &Tournament,
    s: &crate::standings::Standings,
) -> Result<String, TrfError> {
    write_inner(t, Some(s))
}

fn write_inner(
    t: &Tournament,
    s: Option<&crate::standings::Standings>,
) -> Result<String, TrfError> {
    t.check_limits()
        .map_err(|e| TrfError::TooLarge(format!("cannot write TRF: {e}")))?;
    let max_id = crate::model::MAX_PLAYERS as u32;
    let big = (t.players.iter().map(|p| p.id))
        .chain(t.cells.iter().flat_map(|q| q.opponent))
        .find(|&id| id > max_id);
    if let Some(id) = big {
        return Err(TrfError::TooLarge(format!(
            "cannot write TRF: player id {id} is over {max_id} (TRF start ranks have four digits)"
        )));
    }
    check_names(t)?;
    let mut out = String::new();
    write_header(t, &mut out);
    let computed = |id: u32| s.filter(|s| !s.team_event).and_then(|s| s.row(id));
    for p in &t.players {
        let points = computed(p.id).map(|r| r.points).or(p.declared_points);
        let rank = computed(p.id).map(|r| r.rank).or(p.declared_rank);
        let line = player_line(t, p, points, rank)?;
        out.push_str(&format!("{}\n", line.trim_end()));
    }
    for team in &t.teams {
        let mut line = format!("013 {:<32}", clip(&team.name, 32));
        for id in &team.boards {
            line.push_str(&format!(" {id:>4}"));
        }
        out.push_str(&format!("{}\n", line.trim_end()));
    }
    for w in &t.withdrawals {
        out.push_str(&format!("XXW {} {}\n", w.id, w.after_round));
    }
    if !t.decided_order.is_empty() {
        let ids: Vec<String> = t.decided_order.iter().map(u32::to_string).collect();
        out.push_str(&format!("XXD {}\n", ids.join(" ")));
    }
    Ok(out)
}

/// The texts a TRF file writes (the tournament's name, the players' and the teams', the
/// other header records) must each stay on their line: a control character other than
/// a tab, which the reader refuses as well, is an error. Lengths are the columns' (a
/// name is clipped to them) and spaces at the ends column padding, so of the free-text
/// check only this part applies: a file that reads always writes.
fn check_names(t: &Tournament) -> Result<(), TrfError> {
    let check = |field: &str, text: &str| match text.chars().any(|c| c.is_control() && c != '\t') {
        false => Ok(()),
        true => Err(TextError::Control {
            field: field.to_string(),
            value: format!("{:?}", text.chars().take(40).collect::<String>()),
        }),
    };
    check("tournament name", &t.name)?;
    for (code, text) in &t.tags {
        check(&format!("text of record {code}"), text)?;
    }
    for p in &t.players {
        check(&format!("name of player {}", p.id), &p.name)?;
    }
    for team in &t.teams {
        check("team name", &team.name)?;
    }
    Ok(())
}

/// The records before the players: name, system, other tags, rounds, round dates,
/// score system, tie-breaks, time control.
fn write_header(t: &Tournament, out: &mut String) {
    if !t.name.is_empty() {
        out.push_str(&format!("012 {}\n", t.name));
    }
    if let Some(system) = t.system {
        let kind = if t.is_team_event() {
            "Team"
        } else {
            "Individual"
        };
        let name = match system {
            System::RoundRobin => "Round robin",
            System::Swiss => "Swiss",
            System::Knockout => "Knockout",
        };
        out.push_str(&format!("092 {kind}: {name}\n"));
    }
    for (code, text) in &t.tags {
        // The text starts in column 5 however short the code is.
        out.push_str(&format!("{code:<3} {text}\n"));
    }
    if t.rounds > 0 {
        out.push_str(&format!("XXR {}\n", t.rounds));
    }
    write_pairing_setup(&t.pairing_setup, out);
    if !t.round_info.is_empty() {
        let mut line = format!("{:<89}", "132");
        for r in &t.round_info {
            line.push_str(&format!("  {:<8}", r.date.as_deref().unwrap_or("")));
        }
        out.push_str(&format!("{}\n", line.trim_end()));
    }
    if let Some(s) = &t.score_system {
        // The first letter in column 6, as bbpPairings writes and reads it.
        out.push_str(&format!("162  {s}\n"));
    }
    // Only as a reader takes it back: text set by hand that does not read (a finding of
    // the standings) is left out rather than making the file unreadable.
    let team_points =
        (t.team_score_system.as_deref()).and_then(|s| TeamPointValues::normalized(s).ok());
    if let Some(s) = team_points {
        out.push_str(&format!("362 {s}\n"));
    }
    if !t.tiebreaks.is_empty() {
        out.push_str(&format!("202 {}\n", TieBreak::format_list(&t.tiebreaks)));
    }
    if let Some(tc) = &t.time_control {
        out.push_str(&format!("222 {tc}\n"));
    }
}

/// The records of [`Tournament::pairing_setup`]: `XXC`, `XXA`, `XXP`, then the points.
fn write_pairing_setup(setup: &PairingSetup, out: &mut String) {
    let colour = setup.initial_color.map(|c| match c {
        Color::White => "white1",
        Color::Black => "black1",
    });
    let tokens: Vec<&str> = (setup.positional_ids.then_some("rank").into_iter())
        .chain(colour)
        .collect();
    if !tokens.is_empty() {
        out.push_str(&format!("XXC {}\n", tokens.join(" ")));
    }
    for a in &setup.accelerations {
        let mut line = format!("XXA {:>4}", a.player);
        for p in &a.points {
            line.push_str(&format!(" {:>4}", points_text(*p)));
        }
        out.push_str(&format!("{line}\n"));
    }
    for ids in &setup.forbidden {
        let ids: Vec<String> = ids.iter().map(u32::to_string).collect();
        out.push_str(&format!("XXP {}\n", ids.join(" ")));
    }
    for (code, p) in setup.points.with_codes() {
        out.push_str(&format!("{code} {:>4}\n", points_text(p)));
    }
}

/// Points as a pairing record writes them: `1.0`, `0.5`, in four columns when they fit.
fn points_text(p: HalfPoints) -> String {
    format_points(p).unwrap_or_else(|| p.to_string())
}

/// The `001` line of player `p` with the given points and rank columns, before trimming:
/// the player's fields, then one ten-column cell per round (the first pairing of the
/// round; blank when none). Refused when a number does not fit its columns.
fn player_line(
    t: &Tournament,
    p: &Player,
    points: Option<HalfPoints>,
    rank: Option<u32>,
) -> Result<String, TrfError> {
    let too_wide = |what: String, columns: &str| {
        TrfError::TooLarge(format!(
            "cannot write TRF: player {}'s {what} does not fit columns {columns}",
            p.id
        ))
    };
    let points = match points {
        Some(h) => format_points(h).ok_or_else(|| too_wide(format!("points {h}"), "81-84"))?,
        None => String::new(),
    };
    let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
    if rating.len() > 4 {
        return Err(too_wide(format!("rating {rating}"), "49-52"));
    }
    let rank = rank.map(|r| r.to_string()).unwrap_or_default();
    if rank.len() > 4 {
        return Err(too_wide(format!("rank {rank}"), "86-89"));
    }
    let mut line = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:>3} {:>11} {:<10} {:>4} {:>4}",
        p.id,
        clip(p.sex.as_deref().unwrap_or(""), 1),
        clip(p.title.as_deref().unwrap_or(""), 3),
        clip(&p.name, 33),
        rating,
        clip(p.federation.as_deref().unwrap_or(""), 3),
        clip(p.fide_id.as_deref().unwrap_or(""), 11),
        clip(p.birth.as_deref().unwrap_or(""), 10),
        points,
        rank,
    );
    let mut cells: Vec<Option<&CrosstableCell>> = Vec::new();
    for q in t.cells.iter().filter(|q| q.player == p.id) {
        let i = (q.round.max(1) as usize).saturating_sub(1);
        if cells.len() <= i {
            // After `check_limits`: `i < MAX_ROUNDS`.
            cells.resize(i.saturating_add(1), None);
        }
        if cells[i].is_none() {
            cells[i] = Some(q);
        }
    }
    for cell in cells {
        match cell {
            None => line.push_str("          "),
            Some(q) => {
                let c = match q.color {
                    Some(Color::White) => 'w',
                    Some(Color::Black) => 'b',
                    None => '-',
                };
                line.push_str(&format!(
                    "  {:>4} {c} {}",
                    q.opponent.unwrap_or(0),
                    result_char(q.result)
                ));
            }
        }
    }
    Ok(line)
}

/// Points as columns 81-84 hold them: `7.5`, `10.0`, or `1000` when the decimal would
/// not fit; `None` when they do not fit at all (`100.5`).
fn format_points(h: HalfPoints) -> Option<String> {
    let whole = h.0 % 2 == 0;
    let text = if whole {
        format!("{}.0", h.0 / 2)
    } else {
        h.to_string()
    };
    if text.len() <= 4 {
        return Some(text);
    }
    Some(h.to_string()).filter(|t| whole && t.len() <= 4)
}
