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

use renju_core::tournament::io::read_bytes;
use renju_core::tournament::{standings, HalfPoints, Regulation, StandingsOptions, Tournament};

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
    for (t, _) in list {
        check_tournament(&t, regulation, from_trf);
    }
}

/// ISSUE-21 (item 1, and issue 26's `XXR 620100001`): the standings and the TRF writer
/// allocate per round, up to the round count a file declares. Skipped until the
/// hardening limits the rounds.
pub fn issue21_pending(t: &Tournament) -> bool {
    super::issue21_skips() && t.round_count() > 1000
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
    if issue21_pending(t) {
        return;
    }

    let options = StandingsOptions {
        regulation,
        ..StandingsOptions::default()
    };
    let s = standings(t, &options);
    if !t.is_team_event() && t.withdrawals.is_empty() {
        for row in &s.rows {
            let sum: HalfPoints = t
                .pairings
                .iter()
                .filter(|p| p.player == row.id)
                .map(|p| p.result.points())
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

    let text = t.to_trf();
    // TRF cannot hold everything the JSON can (a name across lines, say): the TRF
    // properties are those of tournaments read from TRF.
    if t.players.is_empty() || !from_trf {
        return;
    }
    let read = Tournament::from_trf(&text)
        .unwrap_or_else(|e| panic!("the TRF written does not read back: {e}\n{text}"));
    let again = read.to_trf();
    assert_eq!(
        again, text,
        "the TRF written changes when read and written again"
    );
    assert_eq!(
        &read, t,
        "a tournament read from TRF reads back as another once written\n{text}"
    );

    if !t.is_team_event() {
        let text = renju_core::tournament::trf::write_with_standings(t, &s);
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
