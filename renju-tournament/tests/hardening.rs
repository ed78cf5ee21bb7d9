//! Regression tests of the third hardening round: hostile inputs to the clocks, time
//! controls, tournaments, HTML reports and readers give a clear error or the right
//! result, in bounded time and memory. Each test is named after the item it covers.

use std::time::{Duration, Instant};

use renju_tournament::{
    check, standings, Regulation, StandingsOptions, TieBreak, TieBreakValue, Tournament,
    TournamentCode,
};

// 1. A pairing in round 4,294,967,295: a clear error, not 34 GB.
#[test]
fn item01_round_past_the_limit_is_refused_everywhere() {
    let json = r#"{"name": "Cup", "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
        "pairings": [{"round": 4294967295, "player": 1, "opponent": 2, "result": "win"},
                     {"round": 4294967295, "player": 2, "opponent": 1, "result": "loss"}]}"#;
    let t: Tournament = serde_json::from_str(json).unwrap();
    let e = t.check_limits().unwrap_err();
    assert!(e.to_string().contains("at most 1000 rounds"), "{e}");
    let e = t.to_trf().unwrap_err();
    assert!(e.to_string().contains("at most 1000 rounds"), "{e}");
    let e = renju_tournament::io::read_bytes(json.as_bytes(), Some("t.json"), None).unwrap_err();
    assert!(e.to_string().contains("at most 1000 rounds"), "{e}");
    // Standings of such a value built by hand stay bounded.
    let started = Instant::now();
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(s.rows.len(), 2);
    assert!(started.elapsed() < Duration::from_secs(5));
    // A TRF declaring 620,100,001 rounds, in bounded memory.
    let trf = "012 Big\nXXR 620100001\n001    1      Ann                                                                1.0    1     2 b 1\n";
    let e = Tournament::from_trf(trf).unwrap_err();
    assert!(e.to_string().contains("at most 1000 rounds"), "{e}");
    // A player id over 9999 cannot be a TRF start rank.
    let mut t = Tournament::default();
    t.players.push(renju_tournament::Player::new(12345, "Ann"));
    assert!(t.to_trf().unwrap_err().to_string().contains("four digits"));
}

// 11. Five-digit TRF ids.
#[test]
fn item11_five_digit_trf_ids_are_clear() {
    let trf = "001 12345     Ann                                                                1.0    1     2 b 1\n";
    let e = Tournament::from_trf(trf).unwrap_err().to_string();
    assert!(e.contains("more than four digits"), "{e}");
    assert!(!e.contains("109"), "{e}");
}

fn trf_line(id: u32, name: &str, rating: u32, cells: &str) -> String {
    format!(
        "001 {id:>4}      {name:<33}{rating:>5}                                          {cells}\n"
    )
}

// 12. ARO is rounded to a whole number, 0.5 up.
#[test]
fn item12_aro_is_rounded() {
    let mut t = Tournament::default();
    for (id, rating) in [(1, 1500), (2, 2000), (3, 2001)] {
        let mut p = renju_tournament::Player::new(id, format!("P{id}"));
        p.rating = Some(rating);
        t.players.push(p);
    }
    let seat = |round, player, opponent, result| renju_tournament::CrosstableCell {
        round,
        player,
        opponent: Some(opponent),
        color: None,
        result,
        board: None,
    };
    use renju_tournament::ResultKind::*;
    t.cells = vec![
        seat(1, 1, 2, Draw),
        seat(1, 2, 1, Draw),
        seat(2, 1, 3, Draw),
        seat(2, 3, 1, Draw),
    ];
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("ARO").unwrap()),
        ..StandingsOptions::default()
    };
    let s = standings(&t, &options);
    let row = s.row(1).unwrap();
    assert_eq!(
        s.value(row, "ARO"),
        Some(&TieBreakValue::Number(2001.into())),
        "2000.5 rounds up"
    );
    let _ = trf_line;
}

/// A three-player round robin where Ann beats Bob by forfeit, everything else played.
fn forfeit_round_robin() -> Tournament {
    Tournament::from_trf(
        "\
092 Individual: Round robin
001    1      Ann                                                                1.5    1     2 b +     3 w =
001    2      Bob                                                                1.0    2     1 w -               3 b 1
001    3      Cid                                                                0.5    3               1 b =     2 w 0
",
    )
    .unwrap()
}

// 13. A round robin under fide-2026: a forfeit counts against the scheduled opponent and
// a forfeit win counts in WON.
#[test]
fn item13_round_robin_forfeits_under_fide_2026() {
    let t = forfeit_round_robin();
    let options = |regulation| StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("WON,BH,SB").unwrap()),
        regulation,
        ..StandingsOptions::default()
    };
    let s = standings(&t, &options(Regulation::Fide2026));
    let ann = s.row(1).unwrap();
    assert_eq!(s.value(ann, "WON"), Some(&TieBreakValue::Number(1.into())));
    // BH: Bob's 1 + Cid's 0.5, as if the forfeit were played.
    assert_eq!(
        s.value(ann, "BH"),
        Some(&TieBreakValue::Number(renju_tournament::Rational::new(
            3, 2
        )))
    );
    // SB: 1 x Bob's 1 + 1/2 x Cid's 1/2.
    assert_eq!(
        s.value(ann, "SB"),
        Some(&TieBreakValue::Number(renju_tournament::Rational::new(
            5, 4
        )))
    );
    // Under fide-2024, a Swiss's handling: the forfeit win is not in WON.
    let s = standings(&t, &options(Regulation::Fide2024));
    let ann = s.row(1).unwrap();
    assert_eq!(s.value(ann, "WON"), Some(&TieBreakValue::Number(0.into())));
}

// 14. A double forfeit (0-0) is a legitimate result, not a contradiction.
#[test]
fn item14_double_forfeit_is_not_a_contradiction() {
    let t = Tournament::from_trf(
        "\
001    1      Ann                                                                0.0    1     2 b -
001    2      Bob                                                                0.0    1     1 w -
",
    )
    .unwrap();
    let findings = check(&t);
    assert!(
        !findings
            .iter()
            .any(|f| f.code == TournamentCode::ResultContradiction),
        "{findings:?}"
    );
    // One side's forfeit loss against the other's win still agrees; a loss against a
    // forfeit loss does not.
    let t = Tournament::from_trf(
        "\
001    1      Ann                                                                0.0    1     2 b 0
001    2      Bob                                                                0.0    1     1 w -
",
    )
    .unwrap();
    assert!(check(&t)
        .iter()
        .any(|f| f.code == TournamentCode::ResultContradiction));
}

// The audit of arithmetic on rounds: a withdrawal after round 4,294,967,295 does not
// overflow (twice the round was taken in u32).
#[test]
fn audit_withdrawal_round_does_not_overflow() {
    let mut t = forfeit_round_robin();
    t.withdrawals.push(renju_tournament::Withdrawal {
        id: 3,
        after_round: u32::MAX,
    });
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(s.rows.len(), 3);
}

// The audit of arithmetic on counts: cut counts that add up past u32 saturate (they
// cut every value, giving 0) instead of wrapping.
#[test]
fn audit_cut_counts_do_not_overflow() {
    let list = TieBreak::parse_list("BH/C4294967295/C1").unwrap();
    let s = standings(
        &forfeit_round_robin(),
        &StandingsOptions {
            tiebreaks: Some(list),
            ..StandingsOptions::default()
        },
    );
    let row = s.row(1).unwrap();
    assert_eq!(row.values[0], TieBreakValue::Number(0.into()));
}

/// Points and fractions at the edges of i64 saturate: no wrap in release, no panic in
/// debug.
#[test]
fn point_arithmetic_saturates_at_the_edges() {
    use renju_tournament::{HalfPoints, Rational};
    assert_eq!(HalfPoints(i64::MAX) + HalfPoints(1), HalfPoints(i64::MAX));
    assert_eq!(HalfPoints(i64::MIN) - HalfPoints(1), HalfPoints(i64::MIN));
    let mut h = HalfPoints(i64::MAX);
    h += HalfPoints(2);
    assert_eq!(h, HalfPoints(i64::MAX));
    let big = Rational::from(i64::MAX);
    assert_eq!(big + big, big);
    assert_eq!(-Rational::from(i64::MIN), big);
    assert_eq!(Rational::from(i64::MIN) - big, Rational::from(i64::MIN));
    assert!(big * big > Rational::ZERO);
    assert_eq!(Rational::checked_new(i64::MIN, -1), None);
    assert_eq!(Rational::checked_new(1, 0), None);
    assert_eq!(Rational::checked_new(6, -4), Some(Rational::new(-3, 2)));
}

// Numbers wider than their TRF columns: written so that they read back, or refused.
#[test]
fn trf_numbers_keep_to_their_columns() {
    use renju_tournament::{HalfPoints, Player};
    let with = |points: i64, rating: Option<u32>| {
        let mut t = Tournament::default();
        let mut p = Player::new(7, "Ann");
        p.declared_points = Some(HalfPoints(points));
        p.rating = rating;
        t.players.push(p);
        t
    };
    // 8888 points: "8888" (no room for ".0"), read back as written.
    let text = with(2 * 8888, None).to_trf().unwrap();
    let back = Tournament::from_trf(&text).unwrap();
    assert_eq!(back.players[0].declared_points, Some(HalfPoints(2 * 8888)));
    assert_eq!(back.players[0].declared_rank, None);
    assert_eq!(back.to_trf().unwrap(), text);
    // 100.5 points and a five-digit rating do not fit.
    let e = with(201, None).to_trf().unwrap_err().to_string();
    assert!(
        e.contains("player 7's points 100.5") && e.contains("81-84"),
        "{e}"
    );
    let e = with(2, Some(12345)).to_trf().unwrap_err().to_string();
    assert!(e.contains("rating 12345") && e.contains("49-52"), "{e}");
}

// Issue 38: hostile TRF files (ten million players declared, unknown codes, wrong
// scores) get a typed error or a finding naming the line or the player, in bounded time.
#[test]
fn hostile_trf_gets_typed_errors_in_bounded_time() {
    let started = Instant::now();
    let ann = "001    1      Ann                                                                1.0    1     2 b 1\n";
    let bob = "001    2      Bob                                                                0.0    2     1 w 0\n";
    let refused = |head: &str, wanted: &str| {
        let e = Tournament::from_trf(&format!("{head}{ann}{bob}")).unwrap_err();
        assert!(e.to_string().contains(wanted), "{head:?}: {e}");
        assert!(e.to_string().starts_with("line "), "{head:?}: {e}");
    };
    refused("062 10000000\n", "10000000 players declared");
    refused("082 10000000\n", "10000000 teams declared");
    refused("062 many\n", "not a number of players");
    refused(
        "XXP 1 10000000\n",
        "XXP: player 10000000: a start rank is at most 9999",
    );
    refused("162  X 1.0\n", "`X` is not a result code");
    refused("162  W 1.3\n", "not a half");
    refused("BBW many\n", "BBW");
    let e = Tournament::from_trf("001 10000000      Ann\n").unwrap_err();
    assert!(e.to_string().contains("more than four digits"), "{e}");
    let e = Tournament::from_trf(&ann.replace("2 b 1", "2 b Q")).unwrap_err();
    assert!(e.to_string().contains("result \"Q\""), "{e}");
    // Unknown record codes are kept for the round trip, not refused.
    let t = Tournament::from_trf(&format!("QQQ what\n{ann}{bob}")).unwrap();
    assert_eq!(t.tag("QQQ"), Some("what"));
    // Wrong scores: a points-mismatch naming the player, under the point system too.
    let wrong = format!("162  W 3.0\n{ann}{bob}");
    let s = standings(
        &Tournament::from_trf(&wrong).unwrap(),
        &StandingsOptions::default(),
    );
    let mismatch: Vec<_> = (s.findings.iter())
        .filter(|f| f.code == TournamentCode::PointsMismatch)
        .collect();
    assert_eq!(mismatch.len(), 1, "{:?}", s.findings);
    assert_eq!(mismatch[0].player, Some(1));
    assert!(mismatch[0]
        .message
        .contains("declared with 1 points but the results give 3"));
    assert!(started.elapsed() < Duration::from_secs(5));
}
