//! `renju pair` for team events: a round of a team round robin or a team Swiss, a
//! Scheveningen round, and the next bout of a king-of-the-hill match, each board a
//! `black white` line by start rank.

use serde_json::{json, Value};

use renju_tournament::pairing::king_of_the_hill::{
    next_bout_and_winner, rotates, DrawnBout, HillEvent,
};
use renju_tournament::pairing::round_robin::RoundRobinOptions;
use renju_tournament::pairing::teams::{
    default_boards, pair_scheveningen, pair_team_round_robin, pair_team_swiss, round_lineup,
    TeamRound,
};
use renju_tournament::pairing::tournament_round::next_round;
use renju_tournament::{Team, Tournament};

/// What to pair in a team event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamTask {
    /// A round of a team round robin.
    RoundRobin,
    /// A round of a team Swiss.
    Swiss,
    /// A round of a Scheveningen match between the two teams.
    Scheveningen,
    /// The next bout of a king-of-the-hill match between the two teams, or of a king
    /// of the hill of more teams in rotation.
    KingOfTheHill,
}

/// A line-up given on the command line: `TEAM:ID,ID,...`.
pub fn parse_lineup(text: &str) -> Result<(u32, Vec<u32>), String> {
    let bad = || format!("--lineup {text:?}: write TEAM:ID,ID,... (start ranks in board order)");
    let (team, ids) = text.split_once(':').ok_or_else(bad)?;
    let team = team.trim().parse().map_err(|_| bad())?;
    Ok((team, parse_ids(ids).ok_or_else(bad)?))
}

/// A king of the hill's rotation order given on the command line: `ID,ID,...`.
pub fn parse_order(text: &str) -> Result<Vec<u32>, String> {
    parse_ids(text).ok_or_else(|| {
        format!("--order {text:?}: write ID,ID,... (every team's id once, in rotation order)")
    })
}

/// Ids parted by commas, `None` when one is not a number.
fn parse_ids(text: &str) -> Option<Vec<u32>> {
    (text.split(',')).map(|w| w.trim().parse().ok()).collect()
}

/// The options the team tasks read.
pub struct TeamOptions<'a> {
    /// The round (default: the first without pairings).
    pub round: Option<u32>,
    /// Boards per match (default: the smallest team's players).
    pub boards: Option<usize>,
    /// Line-ups given.
    pub lineups: &'a [(u32, Vec<u32>)],
    /// A king of the hill's rotation order, team ids (empty: by id).
    pub order: &'a [u32],
    /// A double round robin.
    pub double: bool,
    /// Whether a drawn bout of a king of the hill is replayed (else both leave).
    pub replay_draws: bool,
    /// JSON output.
    pub json: bool,
}

/// The text `renju pair` writes for a team task.
pub fn pair_teams(t: &Tournament, task: TeamTask, o: &TeamOptions<'_>) -> Result<String, String> {
    let boards = o.boards.unwrap_or_else(|| default_boards(t));
    let round = match task {
        TeamTask::RoundRobin => {
            let options = RoundRobinOptions {
                double: o.double,
                reverse_last_two_rounds: false,
            };
            pair_team_round_robin(t, o.round, &options, boards, o.lineups)
        }
        TeamTask::Swiss => pair_team_swiss(t, o.round, boards, o.lineups),
        TeamTask::Scheveningen => return scheveningen_round(t, o, boards),
        TeamTask::KingOfTheHill => return next_bout(t, o),
    }
    .map_err(|e| e.to_string())?;
    Ok(if o.json {
        format!("{:#}\n", team_round_json(t, &round))
    } else {
        let mut lines: Vec<(u32, u32)> = (round.matches.iter())
            .flat_map(|m| m.boards.iter().filter_map(|b| b.game()))
            .collect();
        if let Some(team) = round.bye.and_then(|id| team_by_id(t, id)) {
            // The team's line-up for the round when given (checked as a playing team's
            // is), else its first players.
            let players = match o.lineups.iter().any(|(id, _)| *id == team.id) {
                true => round_lineup(t, team.id, boards, o.lineups).map_err(|e| e.to_string())?,
                false => team.boards[..team.boards.len().min(boards)].to_vec(),
            };
            lines.extend(players.iter().map(|&p| (p, 0)));
        }
        bbp_lines(&lines)
    })
}

/// `{"round", "matches": [{"first", "second", "boards": [{"board", "black", "white"}]}],
/// "bye"}`, teams and players by id.
fn team_round_json(t: &Tournament, round: &TeamRound) -> Value {
    let matches: Vec<Value> = (round.matches.iter())
        .map(|m| {
            let boards: Vec<Value> = (1u32..)
                .zip(&m.boards)
                .filter_map(|(n, b)| b.game().map(|(bl, wh)| (n, bl, wh)))
                .map(|(n, black, white)| json!({"board": n, "black": black, "white": white}))
                .collect();
            json!({"first": m.first, "first_name": team_name(t, m.first),
                   "second": m.second, "second_name": team_name(t, m.second), "boards": boards})
        })
        .collect();
    json!({"round": round.round, "matches": matches, "bye": round.bye})
}

fn team_by_id(t: &Tournament, id: u32) -> Option<&Team> {
    t.teams.iter().find(|x| x.id == id)
}

fn team_name(t: &Tournament, id: u32) -> &str {
    team_by_id(t, id).map_or("", |x| x.name.as_str())
}

/// The number of lines, then `black white` per line (`N 0` for a bye).
fn bbp_lines(lines: &[(u32, u32)]) -> String {
    let mut text = format!("{}\n", lines.len());
    for (a, b) in lines {
        text.push_str(&format!("{a} {b}\n"));
    }
    text
}

/// Round `--round` (default the first without pairings) of the Scheveningen match.
fn scheveningen_round(
    t: &Tournament,
    o: &TeamOptions<'_>,
    boards: usize,
) -> Result<String, String> {
    let games = pair_scheveningen(t, o.round, boards, o.lineups).map_err(|e| e.to_string())?;
    let round = o.round.unwrap_or_else(|| next_round(t));
    let lines: Vec<(u32, u32)> = games.iter().filter_map(|g| g.game()).collect();
    Ok(if o.json {
        let boards: Vec<Value> = (lines.iter())
            .map(|(b, w)| json!({"black": b, "white": w}))
            .collect();
        format!("{:#}\n", json!({"round": round, "boards": boards}))
    } else {
        bbp_lines(&lines)
    })
}

/// The next bout of the king-of-the-hill match (its bouts in the crosstable one a
/// round), or the outcome.
fn next_bout(t: &Tournament, o: &TeamOptions<'_>) -> Result<String, String> {
    let draws = if o.replay_draws {
        DrawnBout::Replayed
    } else {
        DrawnBout::BothLeave
    };
    if rotates(t) {
        return next_bout_of_many(t, o, draws);
    }
    let (bout, winner) =
        next_bout_and_winner(t, o.lineups, o.order, draws).map_err(|e| e.to_string())?;
    let round = next_round(t);
    let outcome = bout.is_none().then(|| match winner {
        Some(team) => format!("{} wins", team_name(t, team)),
        None => "the match is drawn".to_string(),
    });
    Ok(match (bout, o.json) {
        (Some(bout), true) => {
            let (black, white) = bout.players();
            format!(
                "{:#}\n",
                json!({"round": round, "black": black, "white": white})
            )
        }
        (None, true) => format!("{:#}\n", json!({"outcome": outcome})),
        (Some(bout), false) => {
            let (black, white) = bout.players();
            bbp_lines(&[(black, white.unwrap_or(0))])
        }
        (None, false) => format!("{}\n", outcome.unwrap_or_default()),
    })
}

/// The next bout of a king of the hill of more than two teams (the rotation of
/// [`HillEvent`]), or, when it is over, the winner and the ranking: `PLACE NAME` lines,
/// teams out in the same bout sharing the place.
fn next_bout_of_many(
    t: &Tournament,
    o: &TeamOptions<'_>,
    draws: DrawnBout,
) -> Result<String, String> {
    let hill =
        HillEvent::from_tournament(t, o.lineups, o.order, draws).map_err(|e| e.to_string())?;
    let round = next_round(t);
    if let (Some(bout), Some((black_team, white_team))) = (hill.next_bout(), hill.next_teams()) {
        let (black, white) = bout.players();
        return Ok(if o.json {
            let v = json!({"round": round, "black": black, "white": white,
                           "black_team": black_team, "white_team": white_team});
            format!("{v:#}\n")
        } else {
            bbp_lines(&[(black, white.unwrap_or(0))])
        });
    }
    let ranking = hill.ranking().unwrap_or_default();
    let outcome = match hill.winner() {
        Some(team) => format!("{} wins", team_name(t, team)),
        None => "no team has a player left: the last teams share the first place".to_string(),
    };
    Ok(if o.json {
        let rows: Vec<Value> = (ranking.iter())
            .map(|p| {
                json!({"place": p.place, "team": p.team, "name": team_name(t, p.team),
                       "out_after_bout": p.out_after})
            })
            .collect();
        format!("{:#}\n", json!({"outcome": outcome, "ranking": rows}))
    } else {
        let mut text = format!("{outcome}\n");
        for p in &ranking {
            text.push_str(&format!("{} {}\n", p.place, team_name(t, p.team)));
        }
        text
    })
}
