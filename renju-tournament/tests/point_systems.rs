//! Point systems other than 1, ½ and 0 (TRF-26 `162`, bbpPairings' `BBW`... records):
//! scores, standings, tie-breaks, matches of two games and the declared points column,
//! against values worked out by hand.

use renju_tournament::pairing::matches::{record_bye, record_game};
use renju_tournament::{
    standings, HalfPoints, Player, PointValues, Rational, ResultKind, StandingsOptions, TieBreak,
    TieBreakValue, Tournament, TournamentCode,
};

/// Four players, two rounds: 1 beats 2 and draws 3; 3 draws 4; 2 beats 4. Under 3/1/0:
/// 1 has 4, 2 has 3, 3 has 2, 4 has 1 (under 1, ½, 0, 2 and 3 would tie on 1).
fn four_players(score_system: &str) -> Tournament {
    use ResultKind::*;
    let mut t = Tournament {
        name: "Three points a win".into(),
        players: (1..=4)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect(),
        score_system: Some(score_system.into()),
        ..Tournament::default()
    };
    for (round, black, white, result) in [
        (1, 1, 2, Win),
        (1, 3, 4, Draw),
        (2, 3, 1, Draw),
        (2, 4, 2, Loss),
    ] {
        record_game(&mut t, round, black, white, result).unwrap();
    }
    t.sort_cells();
    t
}

fn value(v: &TieBreakValue) -> Rational {
    match v {
        TieBreakValue::Number(r) => *r,
        TieBreakValue::Boards(_) => panic!("not a number"),
    }
}

#[test]
fn three_one_zero_scores_ranks_and_breaks_ties() {
    let t = four_players("W 3.0    D 1.0");
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("SB, WIN, BH").unwrap()),
        ..StandingsOptions::default()
    };
    let s = standings(&t, &options);
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    let got: Vec<(u32, HalfPoints)> = s.rows.iter().map(|r| (r.id, r.points)).collect();
    assert_eq!(
        got,
        vec![
            (1, HalfPoints(8)),
            (2, HalfPoints(6)),
            (3, HalfPoints(4)),
            (4, HalfPoints(2))
        ]
    );
    let one = s.row(1).unwrap();
    // SB: the win over 2 (3 points) counts 3, the draw with 3 (2 points) counts 1.
    assert_eq!(value(&one.values[0]), Rational::from(4));
    // WIN counts games won, not rows scoring "a win's points".
    assert_eq!(value(&one.values[1]), Rational::from(1));
    // BH: the opponents' scores under the point system.
    assert_eq!(value(&one.values[2]), Rational::from(5));
    let three = s.row(3).unwrap();
    assert_eq!(value(&three.values[1]), Rational::from(0));
}

#[test]
fn bbp_records_override_the_score_system_and_the_pairing_bye_follows_a_win() {
    let mut t = four_players("W 3.0    D 1.0");
    t.pairing_setup.points.win = Some(HalfPoints(4));
    record_bye(&mut t, 3, 1, ResultKind::PairingBye).unwrap();
    let v = t.point_values();
    assert_eq!(v.points(ResultKind::Win), HalfPoints(4));
    assert_eq!(v.points(ResultKind::Draw), HalfPoints(2));
    assert_eq!(v.points(ResultKind::PairingBye), HalfPoints(4));
    let s = standings(&t, &StandingsOptions::default());
    // 2 + 1 (draw) + 2 (bye): 5 points, in half points 10.
    assert_eq!(s.row(1).unwrap().points, HalfPoints(10));
}

#[test]
fn a_declared_points_column_that_disagrees_under_the_point_system_is_a_finding() {
    let mut t = four_players("W 3.0    D 1.0");
    t.players[0].declared_points = Some(HalfPoints(8));
    // Right under 1, ½, 0 (1½ points), wrong under 3/1/0.
    t.players[1].declared_points = Some(HalfPoints(2));
    let s = standings(&t, &StandingsOptions::default());
    let wrong: Vec<Option<u32>> = (s.findings.iter())
        .filter(|f| f.code == TournamentCode::PointsMismatch)
        .map(|f| f.player)
        .collect();
    assert_eq!(wrong, vec![Some(2)], "{:?}", s.findings);
}

#[test]
fn the_score_system_is_written_as_bbp_pairings_writes_it_and_reads_back() {
    let t = four_players("W 3.0    D 1.0");
    let text = t.to_trf().unwrap();
    assert!(text.contains("\n162  W 3.0    D 1.0\n"), "{text}");
    let back = Tournament::from_trf(&text).unwrap();
    assert_eq!(back, t);
    // Any spacing reads; values other than the usual are kept in bbpPairings' columns.
    let spaced = text.replace("162  W 3.0    D 1.0", "162 D 1.0 W3.0");
    let read = Tournament::from_trf(&spaced).unwrap();
    assert_eq!(read.score_system.as_deref(), Some("W 3.0    D 1.0"));
    // `A` (a zero-point bye and a forfeit loss) and `P` (the pairing bye).
    let p = PointValues::from_score_system("W 2.0    A 0.5    P 1.0").unwrap();
    assert_eq!(p.points(ResultKind::ForfeitLoss), HalfPoints(1));
    assert_eq!(p.points(ResultKind::ZeroBye), HalfPoints(1));
    assert_eq!(p.points(ResultKind::PairingBye), HalfPoints(2));
    assert_eq!(
        p.to_score_system().as_deref(),
        Some("W 2.0    A 0.5    P 1.0")
    );
}

#[test]
fn score_systems_that_cannot_be_read_are_typed_errors() {
    for (text, why) in [
        ("X 1.0", "`X` is not a result code"),
        ("W", "`W`:"),
        ("W 0.3", "not a half"),
        ("W 1.0 Q 2.0", "`Q` is not a result code"),
    ] {
        let e = PointValues::from_score_system(text).unwrap_err();
        assert!(e.to_string().contains(why), "{text}: {e}");
        let trf = format!("162 {text}\n001    1      Ann\n");
        let e = Tournament::from_trf(&trf).unwrap_err();
        assert!(e.to_string().starts_with("line 1: 162:"), "{e}");
    }
    // What the record cannot say is not written as one.
    let differ = PointValues {
        zero_bye: Some(HalfPoints(1)),
        ..PointValues::default()
    };
    assert_eq!(differ.to_score_system(), None);
}

#[test]
fn a_two_game_match_scores_as_one_match_under_the_point_system() {
    use ResultKind::*;
    let mut t = Tournament {
        players: (1..=2)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect(),
        score_system: Some("W 3.0    D 1.0".into()),
        ..Tournament::default()
    };
    // Round 1: 1 wins then draws (colours exchanged): the match is 1's, 3 points.
    record_game(&mut t, 1, 1, 2, Win).unwrap();
    record_game(&mut t, 1, 2, 1, Draw).unwrap();
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("GP").unwrap()),
        ..StandingsOptions::default()
    };
    let s = standings(&t, &options);
    let one = s.row(1).unwrap();
    assert_eq!(one.points, HalfPoints(6));
    // Game points after: 3 + 1 under the point system.
    assert_eq!(value(&one.values[0]), Rational::from(4));
    assert_eq!(s.row(2).unwrap().points, HalfPoints::ZERO);
}
