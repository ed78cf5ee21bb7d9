//! Crosstables read from TRF or the tournament JSON, then standings and TRF writing.
//!
//! Properties: the model's JSON reads back as the same tournament; in an individual
//! event without withdrawals, each player's points in the standings are the sum of
//! their results; the ranks run from 1 in order. For a tournament read from TRF: the
//! TRF written reads back as the same tournament (the writer keeps what the reader
//! reads) and is a fixed point (read and written again, the same text); TRF written with
//! the standings declares their points. (From the JSON, TRF writing must only not panic:
//! TRF cannot hold everything the JSON can.)
//!
//! Input: the first byte picks the regulation; the rest is the file (JSON when it starts
//! with `{` or `[`, TRF otherwise).

use renju_tournament::io::read_bytes;
use renju_tournament::{standings, HalfPoints, Regulation, StandingsOptions, Tournament};

/// Checks the file in `data` (after its first byte).
pub fn check(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let regulation = [
        Regulation::Fide2024,
        Regulation::Fide2026,
        Regulation::Fide2009,
        Regulation::None,
    ][pick as usize % 4];
    let Ok(list) = read_bytes(bytes, Some("fuzz.trf"), None) else {
        return;
    };
    let from_trf = !matches!(
        bytes.iter().find(|b| !b.is_ascii_whitespace()),
        Some(b'{' | b'[')
    );
    for read in list {
        check_tournament(&read.tournament, regulation, from_trf);
    }
}

/// The properties of one tournament read.
pub fn check_tournament(t: &Tournament, regulation: Regulation, from_trf: bool) {
    let json = serde_json::to_string(t).expect("a tournament serializes");
    let back: Tournament = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("the tournament's JSON does not read back: {e}\n{json}"));
    assert_eq!(
        &back, t,
        "the tournament's JSON reads back as another tournament"
    );

    let options = StandingsOptions {
        regulation,
        ..StandingsOptions::default()
    };
    let s = standings(t, &options);
    if !t.is_team_event() && t.withdrawals.is_empty() {
        let values = t.point_values();
        for row in &s.rows {
            let sum: HalfPoints = t
                .cells
                .iter()
                .filter(|p| p.player == row.id)
                .map(|p| values.points(p.result))
                .sum();
            assert_eq!(
                row.points, sum,
                "player {}: the standings' points are not the sum of the results",
                row.id
            );
        }
    }
    for (i, row) in s.rows.iter().enumerate() {
        assert!(
            row.rank >= 1 && row.rank as usize <= i + 1,
            "row {i} has rank {}",
            row.rank
        );
        if i > 0 {
            assert!(row.rank >= s.rows[i - 1].rank, "ranks out of order");
        }
        assert_eq!(row.values.len(), s.tiebreaks.len());
    }

    // TRF cannot hold everything the JSON can (a name across lines, an id past 9999):
    // the TRF properties are those of tournaments read from TRF.
    let text = match t.to_trf() {
        Ok(text) => text,
        Err(e) => {
            assert!(
                !from_trf,
                "a tournament read from TRF does not write as TRF: {e}"
            );
            return;
        }
    };
    if t.players.is_empty() || !from_trf {
        return;
    }
    let read = Tournament::from_trf(&text)
        .unwrap_or_else(|e| panic!("the TRF written does not read back: {e}\n{text}"));
    let again = read.to_trf().expect("a tournament read back writes again");
    assert_eq!(
        again, text,
        "the TRF written changes when read and written again"
    );
    assert_eq!(
        &read, t,
        "a tournament read from TRF reads back as another once written\n{text}"
    );

    if !t.is_team_event() {
        let text = renju_tournament::trf::write_with_standings(t, &s)
            .expect("a tournament that writes as TRF writes with its standings");
        let read = Tournament::from_trf(&text).unwrap_or_else(|e| {
            panic!("the TRF written with standings does not read back: {e}\n{text}")
        });
        for row in &s.rows {
            if let Some(p) = read.player(row.id) {
                assert_eq!(
                    p.declared_points,
                    Some(row.points),
                    "player {}: the TRF written does not declare the standings' points\n{text}",
                    row.id
                );
            }
        }
    }
}
