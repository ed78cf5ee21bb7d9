//! `renju pair` for team events: a round of a team round robin or a team Swiss, a
//! Scheveningen round, and the next bout of a king-of-the-hill match, each board a
//! `black white` line by start rank.

use serde_json::{json, Value};

use renju_tournament::pairing::king_of_the_hill::{
    BoutResult, DrawnBout, HillOutcome, KingOfTheHill,
};
use renju_tournament::pairing::round_robin::RoundRobinOptions;
use renju_tournament::pairing::teams::{
    pair_team_round_robin, pair_team_swiss, scheveningen, TeamRound,
};
use renju_tournament::pairing::tournament_round::next_round;
use renju_tournament::pairing::Pairing;
use renju_tournament::{ResultKind, Team, Tournament};

/// What to pair in a team event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamTask {
    /// A round of a team round robin.
    RoundRobin,
    /// A round of a team Swiss.
    Swiss,
    /// A round of a Scheveningen match between the two teams.
    Scheveningen,
    /// The next bout of a king-of-the-hill match between the two teams.
    KingOfTheHill,
}

/// A line-up given on the command line: `TEAM:ID,ID,...`.
pub fn parse_lineup(text: &str) -> Result<(u32, Vec<u32>), String> {
    let bad = || format!("--lineup {text:?}: write TEAM:ID,ID,... (start ranks in board order)");
    let (team, ids) = text.split_once(':').ok_or_else(bad)?;
    let team = team.trim().parse().map_err(|_| bad())?;
    let ids = (ids.split(','))
        .map(|w| w.trim().parse::<u32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    Ok((team, ids))
}

/// The options the team tasks read.
pub struct TeamOptions<'a> {
    /// The round (default: the first without pairings).
    pub round: Option<u32>,
    /// Boards per match (default: the smallest team's players).
    pub boards: Option<usize>,
    /// Line-ups given.
    pub lineups: &'a [(u32, Vec<u32>)],
    /// A double round robin.
    pub double: bool,
    /// Whether a drawn bout of a king of the hill is replayed (else both leave).
    pub replay_draws: bool,
    /// JSON output.
    pub json: bool,
}

/// The text `renju pair` writes for a team task.
pub fn pair_teams(t: &Tournament, task: TeamTask, o: &TeamOptions<'_>) -> Result<String, String> {
    let boards = o
        .boards
        .unwrap_or_else(|| t.teams.iter().map(|x| x.boards.len()).min().unwrap_or(0));
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
            lines.extend(team.boards.iter().take(boards).map(|&p| (p, 0)));
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

/// The two teams of a match event, first by id.
fn two_teams(t: &Tournament) -> Result<(&Team, &Team), String> {
    let mut teams: Vec<&Team> = t.teams.iter().collect();
    teams.sort_by_key(|x| x.id);
    match teams[..] {
        [a, b] => Ok((a, b)),
        _ => Err(format!(
            "a match between two teams: the tournament has {} teams",
            teams.len()
        )),
    }
}

/// A team's line-up: the one given, else its first `boards` players.
fn lineup_of<'a>(team: &'a Team, o: &'a TeamOptions<'_>, boards: usize) -> &'a [u32] {
    match o.lineups.iter().find(|(id, _)| *id == team.id) {
        Some((_, given)) => given,
        None => &team.boards[..boards.min(team.boards.len())],
    }
}

/// Round `--round` (default the first without pairings) of the Scheveningen match.
fn scheveningen_round(
    t: &Tournament,
    o: &TeamOptions<'_>,
    boards: usize,
) -> Result<String, String> {
    let (a, b) = two_teams(t)?;
    let rounds = scheveningen(lineup_of(a, o, boards), lineup_of(b, o, boards))
        .map_err(|e| e.to_string())?;
    let round = o.round.unwrap_or_else(|| next_round(t));
    let games = (round.checked_sub(1))
        .and_then(|r| rounds.get(r as usize))
        .ok_or_else(|| {
            format!(
                "round {round} is not one of the {} rounds of the Scheveningen match",
                rounds.len()
            )
        })?;
    let lines: Vec<(u32, u32)> = games.iter().filter_map(|g| g.game()).collect();
    Ok(if o.json {
        format!(
            "{:#}\n",
            json!({"round": round, "boards": lines.iter().map(|(b, w)| json!({"black": b, "white": w})).collect::<Vec<_>>()})
        )
    } else {
        bbp_lines(&lines)
    })
}

/// The next bout of the king-of-the-hill match: the crosstable's bouts (one a round, in
/// round order) replayed through the driver, then the bout to play or the outcome.
fn next_bout(t: &Tournament, o: &TeamOptions<'_>) -> Result<String, String> {
    let (a, b) = two_teams(t)?;
    let all = usize::MAX;
    let draws = if o.replay_draws {
        DrawnBout::Replayed
    } else {
        DrawnBout::BothLeave
    };
    let mut hill = KingOfTheHill::new(
        lineup_of(a, o, all).to_vec(),
        lineup_of(b, o, all).to_vec(),
        draws,
    )
    .map_err(|e| e.to_string())?;
    let mut rounds: Vec<u32> = t.cells.iter().map(|c| c.round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    for round in rounds {
        let Some(Pairing::Game { black, white }) = hill.next_bout() else {
            return Err(format!("round {round}: a bout after the match ended"));
        };
        let cell = (t.cells.iter())
            .find(|c| c.round == round && c.player == black && c.opponent == Some(white))
            .ok_or_else(|| format!("round {round}: the next bout is {black} against {white}, and the crosstable has another game"))?;
        let result = match cell.result {
            ResultKind::Win | ResultKind::ForfeitWin => BoutResult::BlackWins,
            ResultKind::Loss | ResultKind::ForfeitLoss => BoutResult::WhiteWins,
            _ => BoutResult::Draw,
        };
        hill.record(result).map_err(|e| e.to_string())?;
    }
    let round = next_round(t);
    let outcome = hill.outcome().map(|o| match o {
        HillOutcome::Won(k) => format!("{} wins", [a, b][k].name),
        HillOutcome::Drawn => "the match is drawn".to_string(),
    });
    Ok(match (hill.next_bout(), o.json) {
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
