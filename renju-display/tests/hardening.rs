//! Regression tests of the third hardening round: hostile inputs to the clocks, time
//! controls, tournaments, HTML reports and readers give a clear error or the right
//! result, in bounded time and memory. Each test is named after the item it covers.

use renju_core::ParseError;
use renju_display::html::HtmlReport;
use renju_records::game::Game;
use renju_records::report::{validate_games, Summary};
use renju_records::ValidationOptions;

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
    assert_eq!(renju_display::html::MAX_FINDINGS, 10_000);
}
