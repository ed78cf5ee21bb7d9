//! Regression tests of the third hardening round: hostile inputs to the clocks, time
//! controls, tournaments, HTML reports and readers give a clear error or the right
//! result, in bounded time and memory. Each test is named after the item it covers.

use std::time::{Duration, Instant};

use renju_core::clock::{Clock, ClockOptions, ClockResult};
use renju_core::formats::{Format, ReadLimits};
use renju_core::game::Game;
use renju_core::html::HtmlReport;
use renju_core::report::{validate_games, Summary};
use renju_core::time_control::{Schedule, TimeControl};
use renju_core::tournament::{
    check, standings, Regulation, StandingsOptions, TieBreak, TieBreakValue, Tournament,
    TournamentCode,
};
use renju_core::{Color, FindingCode, ParseError, ValidationOptions};

fn codes(game: &Game) -> Vec<FindingCode> {
    game.replay(&ValidationOptions::default())
        .findings
        .iter()
        .map(|f| f.code)
        .collect()
}

fn rif(attrs: &str) -> Game {
    let xml = format!(
        "<?xml version=\"1.0\"?><database><games><game id=\"1\" bresult=\"1\" {attrs}><move>h8 h9 i8 i9 j8 j9 k8 k9 l8</move></game></games></database>"
    );
    let mut records = Format::Rif.read(xml.as_bytes(), Some("t.rif"));
    records.remove(0).expect("the game reads")
}

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
    let e =
        renju_core::tournament::io::read_bytes(json.as_bytes(), Some("t.json"), None).unwrap_err();
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
    t.players
        .push(renju_core::tournament::Player::new(12345, "Ann"));
    assert!(t.to_trf().unwrap_err().to_string().contains("four digits"));
}

// 2. `--html` keeps the first findings and says how many were left out.
#[test]
fn item02_html_report_keeps_a_bounded_number_of_findings() {
    let records: Vec<Result<Game, ParseError>> = (0..1_050)
        .map(|i| Err(ParseError::new(format!("record {i} is unreadable"))))
        .collect();
    let options = ValidationOptions::default();
    let reports = validate_games(&records, &options, 0);
    let mut summary = Summary::default();
    reports.iter().for_each(|g| summary.add(g));
    let mut report = HtmlReport::with_limit(&options, 1_000);
    for (r, g) in reports.chunks(100).zip(records.chunks(100)) {
        report.add(r, g);
    }
    assert_eq!(report.left_out(), 50);
    let mut page = Vec::new();
    report.write(&mut page, &summary, &[]).unwrap();
    let page = String::from_utf8(page).unwrap();
    assert!(
        page.contains("<b>50</b> more were left out"),
        "no left-out note"
    );
    assert!(page.contains("renju validate --jsonl"));
    assert!(page.contains("record 999 is unreadable"));
    assert!(!page.contains("record 1000 is unreadable"));
    assert!(page.contains(r#"<b id="findings">1050</b> findings"#));
    assert_eq!(renju_core::html::MAX_FINDINGS, 10_000);
}

// 5. RenjuNet btime past u64 when made milliseconds; a negative wtime is said.
#[test]
fn item05_renjunet_time_spent_does_not_wrap() {
    let mut g = rif(r#"btime="307445734561826" wtime="1""#);
    g.time_control = Some("300".parse().unwrap());
    assert!(
        codes(&g).contains(&FindingCode::TimeOverAllowance),
        "{:?}",
        codes(&g)
    );
    let mut g = rif(r#"btime="1" wtime="-5""#);
    g.time_control = Some("300".parse().unwrap());
    let r = g.replay(&ValidationOptions::default());
    assert!(
        r.findings
            .iter()
            .any(|f| f.code == FindingCode::InvalidClockEvent && f.message.contains("-5")),
        "{:?}",
        r.findings
    );
}

fn hostile_byo_yomi_clock() -> Clock {
    let control = TimeControl::from_sgf(Some("0"), Some("5x30 byo-yomi")).unwrap();
    let clock = Clock::new(&control, ClockOptions::default()).unwrap();
    let mut state = serde_json::to_value(&clock).unwrap();
    for side in ["black", "white"] {
        let o = &mut state[side]["schedule"]["overtime"];
        o["periods"] = 4_294_967_295u64.into();
        o["time_ms"] = 0.into();
    }
    serde_json::from_value(state).unwrap()
}

// 6. Byo-yomi of 4,294,967,295 periods of 0 s: refused when read, and a clock that has
// it anyway (read back by serde) decides at once.
#[test]
fn item06_zero_length_and_countless_periods() {
    for (tm, ot) in [
        ("0", "4294967295x0 byo-yomi"),
        ("0", "3x0 byo-yomi"),
        ("0", "4294967295x30 byo-yomi"),
        ("300", "1/0 Canadian"),
    ] {
        let e = TimeControl::from_sgf(Some(tm), Some(ot)).unwrap_err();
        assert!(
            e.to_string().contains("0 seconds") || e.to_string().contains("1 to 1000"),
            "{tm} {ot}: {e}"
        );
    }
    for text in ["0", "40/0", "40/300:0", "0+5", "3600 byo-yomi 3x0"] {
        let e = text.parse::<TimeControl>().unwrap_err();
        assert!(e.to_string().contains("0 seconds"), "{text}: {e}");
    }
    // A main time of zero followed by overtime stays allowed.
    assert!(TimeControl::from_sgf(Some("0"), Some("5x30 byo-yomi")).is_ok());
    let mut clock = hostile_byo_yomi_clock();
    let started = Instant::now();
    clock.press(1).unwrap();
    assert!(started.elapsed() < Duration::from_millis(200));
    assert!(matches!(
        clock.result(),
        ClockResult::Flag {
            loser: Color::Black,
            ..
        }
    ));
}

// 7. After that flag the period number does not wrap to 1.
#[test]
fn item07_period_number_does_not_wrap() {
    let mut clock = hostile_byo_yomi_clock();
    clock.press(1).unwrap();
    let period = clock.state().black.period;
    assert!(period > 1, "period {period}");
    assert_eq!(period, u32::MAX);
}

// 8. A time left larger than the clock had is a clock mismatch, and later readings are
// still checked.
#[test]
fn item08_time_left_above_the_clock_is_a_mismatch() {
    let sgf = "(;GM[4]SZ[15]TM[300];B[hh]BL[1000];W[hi]WL[290];B[ih]BL[990];W[ii]WL[280])";
    let mut records = Format::Sgf.read(sgf.as_bytes(), Some("t.sgf"));
    let g = records.remove(0).unwrap();
    let r = g.replay(&ValidationOptions::default());
    let found: Vec<_> = r.findings.iter().map(|f| (f.code, f.move_number)).collect();
    assert!(
        found.contains(&(FindingCode::ClockMismatch, Some(1))),
        "{:?}",
        r.findings
    );
    assert!(
        !found
            .iter()
            .any(|(c, _)| *c == FindingCode::TimesIncomplete),
        "{:?}",
        r.findings
    );
    assert!(r.time.unwrap().complete);
}

// 9. Unclosed and empty properties, zero-length Canadian periods, case, and the written
// form reads back to an equal control.
#[test]
fn item09_time_control_text_is_read_strictly_and_written_canonically() {
    for (text, needle) in [
        ("TM[300]OT[5x30 byo-yomi", "no closing `]`"),
        ("TM[]", "TM is empty"),
        ("OT[1/0 Canadian]", "0 seconds"),
        ("TM[300]XX[1]", "not TM or OT"),
        ("TM[300]TM[200]", "twice"),
    ] {
        let e = text.parse::<TimeControl>().unwrap_err();
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
    for (text, canonical) in [
        ("40/6000+0", "40/6000"),
        ("1.50", "1.5"),
        ("3600 BYO-YOMI 5x30", "3600 byo-yomi 5x30"),
        ("1800 Canadian 15/300", "1800 canadian 15/300"),
        ("TM[3600]OT[5x30 BYO-YOMI]", "TM[3600]OT[5x30 byo-yomi]"),
        ("TM[1800]OT[15/300 canadian]", "TM[1800]OT[15/300 Canadian]"),
        ("TM[60]OT[1/30 Canadian]", "TM[60]OT[1x30 byo-yomi]"),
    ] {
        let tc: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(tc.to_string(), canonical, "{text}");
        assert_eq!(canonical.parse::<TimeControl>().unwrap(), tc, "{text}");
    }
}

// 10 (the core's part). A schedule without periods gives no panic.
#[test]
fn item10_schedule_without_periods_does_not_panic() {
    let s = Schedule {
        periods: Vec::new(),
        overtime: None,
    };
    assert_eq!(s.period(3).time_ms, 0);
    assert!(!s.is_main_time(0));
    assert!(s.check().is_err());
}

// 11. Five-digit TRF ids, uppercase RenjuNet elements, full-width digits, and a tree
// format read from an endless input.
#[test]
fn item11_small_errors_are_clear() {
    let trf = "001 12345     Ann                                                                1.0    1     2 b 1\n";
    let e = Tournament::from_trf(trf).unwrap_err().to_string();
    assert!(e.contains("more than four digits"), "{e}");
    assert!(!e.contains("109"), "{e}");

    let xml = "<database><games><Game id=\"1\"><move>h8 h9</move></Game></games></database>";
    let records = Format::Rif.read(xml.as_bytes(), Some("t.rif"));
    assert!(
        records.iter().any(|r| r
            .as_ref()
            .is_err_and(|e| e.message.contains("<Game> is not a RenjuNet element"))),
        "{records:?}"
    );

    let e = Game::from_moves("h8 h８").unwrap_err();
    assert!(e.to_string().contains("`h８`"), "{e}");

    let limits = ReadLimits {
        max_file_bytes: 1 << 20,
        ..ReadLimits::default()
    };
    for format in [Format::Sgf, Format::Psq, Format::RenLib] {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let records: Vec<_> = format.read_from_with(zeros, Some("zero"), limits).collect();
        assert_eq!(records.len(), 1, "{format:?}");
        let e = records[0].as_ref().unwrap_err();
        assert!(e.message.contains("longer than 1048576 bytes"), "{e}");
    }
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
        let mut p = renju_core::tournament::Player::new(id, format!("P{id}"));
        p.rating = Some(rating);
        t.players.push(p);
    }
    let seat = |round, player, opponent, result| renju_core::tournament::Pairing {
        round,
        player,
        opponent: Some(opponent),
        color: None,
        result,
        board: None,
    };
    use renju_core::tournament::ResultKind::*;
    t.pairings = vec![
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
        Some(&TieBreakValue::Number(
            renju_core::tournament::Rational::new(3, 2)
        ))
    );
    // SB: 1 x Bob's 1 + 1/2 x Cid's 1/2.
    assert_eq!(
        s.value(ann, "SB"),
        Some(&TieBreakValue::Number(
            renju_core::tournament::Rational::new(5, 4)
        ))
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
    t.withdrawals.push(renju_core::tournament::Withdrawal {
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
