//! Knockout crosstables built from the bytes, through the standings.
//!
//! Properties: nothing panics; a tied match that no later round decides is reported
//! once at most (no two `knockout-undecided` findings alike, and no more of them than
//! games), so that the findings grow with the games, not with players × rounds²; the
//! ranks run from 1 in order, with the default tie-breaks and with `KO` alone; and the
//! properties of the `tournament` target (JSON and TRF round trips, points).
//!
//! Input: the first byte gives the players (2 to 17), the second the rounds (1 to 64);
//! then, round by round, one byte for each player not yet seated in the round: its
//! three low bits the result (a win, a draw, a loss, a forfeit win, a bye, absent;
//! draws most often), the others which opponent (a seated one: absent). The crosstable
//! ends where the bytes do.

use std::collections::HashSet;

use renju_tournament::{
    standings, CrosstableCell, Player, Regulation, ResultKind, StandingsOptions, System, TieBreak,
    Tournament, TournamentCode,
};

/// Checks the knockout tournament built from `data`.
pub fn check(data: &[u8]) {
    let Some((t, games)) = tournament(data) else {
        return;
    };
    for tiebreaks in [None, Some(TieBreak::parse_list("KO").expect("KO"))] {
        let options = StandingsOptions {
            tiebreaks,
            ..StandingsOptions::default()
        };
        let s = standings(&t, &options);
        let undecided: Vec<_> = s
            .findings
            .iter()
            .filter(|f| f.code == TournamentCode::KnockoutUndecided)
            .map(|f| (f.round, f.message.as_str()))
            .collect();
        assert!(
            undecided.len() <= games,
            "{} knockout-undecided findings for {games} games",
            undecided.len()
        );
        let distinct: HashSet<_> = undecided.iter().collect();
        assert_eq!(distinct.len(), undecided.len(), "a match reported twice");
        for (i, row) in s.rows.iter().enumerate() {
            assert!(row.rank >= 1 && row.rank as usize <= i + 1, "row {i}");
            assert!(
                i == 0 || row.rank >= s.rows[i - 1].rank,
                "ranks out of order"
            );
        }
    }
    super::tournament::check_tournament(&t, Regulation::Fide2024, false);
}

/// The tournament of `data` and how many games it has (`None`: too short).
fn tournament(data: &[u8]) -> Option<(Tournament, usize)> {
    let (&players, rest) = data.split_first()?;
    let (&rounds, mut bytes) = rest.split_first()?;
    let players = u32::from(players % 16) + 2;
    let rounds = u32::from(rounds % 64) + 1;
    let mut t = Tournament {
        system: Some(System::Knockout),
        ..Tournament::default()
    };
    for id in 1..=players {
        t.players.push(Player::new(id, format!("P{id}")));
    }
    let mut games = 0;
    'rounds: for round in 1..=rounds {
        let mut seated = vec![false; players as usize + 1];
        for id in 1..=players {
            if seated[id as usize] {
                continue;
            }
            let Some((&b, more)) = bytes.split_first() else {
                break 'rounds;
            };
            bytes = more;
            seated[id as usize] = true;
            let opponent = (id + u32::from(b >> 3) % (players - 1)) % players + 1;
            match b & 7 {
                5 => t.cells.push(cell(round, id, None, bye(b))),
                6 => {}
                _ if seated[opponent as usize] => {}
                k => {
                    let result = [ResultKind::Win, ResultKind::Draw, ResultKind::Loss]
                        .get(usize::from(k))
                        .copied()
                        .unwrap_or(if k == 4 {
                            ResultKind::ForfeitWin
                        } else {
                            ResultKind::Draw
                        });
                    seated[opponent as usize] = true;
                    let mirror = result.mirror().expect("a game's result has a mirror");
                    t.cells.push(cell(round, id, Some(opponent), result));
                    t.cells.push(cell(round, opponent, Some(id), mirror));
                    games += 1;
                }
            }
        }
    }
    Some((t, games))
}

fn bye(b: u8) -> ResultKind {
    [
        ResultKind::FullBye,
        ResultKind::HalfBye,
        ResultKind::ZeroBye,
        ResultKind::PairingBye,
    ][usize::from(b >> 6)]
}

fn cell(round: u32, player: u32, opponent: Option<u32>, result: ResultKind) -> CrosstableCell {
    CrosstableCell {
        round,
        player,
        opponent,
        color: None,
        result,
        board: None,
    }
}
