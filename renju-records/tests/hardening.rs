//! Regression tests of the third hardening round: hostile inputs to the clocks, time
//! controls, tournaments, HTML reports and readers give a clear error or the right
//! result, in bounded time and memory. Each test is named after the item it covers.

use std::time::{Duration, Instant};

use renju_core::Color;
use renju_records::clock::{Clock, ClockOptions, ClockResult};
use renju_records::formats::{Format, ReadLimits};
use renju_records::game::Game;
use renju_records::time_control::{Schedule, TimeControl};
use renju_records::{FindingCode, ValidationOptions};

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

// Issue 31: 16,000 fifth-move offers (a 54 KB line) took 42 s to compare two by two. A
// wrong count is the error, and stops the pairwise comparison.
#[test]
fn item31_a_wrong_count_of_offers_is_not_compared_two_by_two() {
    let mut points = Vec::new();
    for x in b'a'..=b'o' {
        for y in 1..=15 {
            let p = format!("{}{y}", x as char);
            if !["h8", "h9", "h10", "h7"].contains(&p.as_str()) {
                points.push(p);
            }
        }
    }
    let offers: Vec<&str> = points
        .iter()
        .map(String::as_str)
        .cycle()
        .take(16_000)
        .collect();
    let text = format!(
        "# rule: renju\n# opening: yamaguchi\nh8 h9 h10 declare=2 swap h7 offers={}>j8\n",
        offers.join("/")
    );
    let game = Format::MoveList
        .read(text.as_bytes(), None)
        .remove(0)
        .expect("the game reads");
    let codes = codes(&game);
    assert!(codes.contains(&FindingCode::OfferCount), "{codes:?}");
    assert!(!codes.contains(&FindingCode::SymmetricFifthOffers));
    // Every point is still checked on its own: the repeats are found.
    assert!(codes.contains(&FindingCode::InvalidOffer));
}
