//! Regression tests of the fifth hardening round: hostile inputs to the readers give a
//! clear error or the right result in bounded time. Each test is named after its item.

use std::time::{Duration, Instant};

use renju_records::formats::Format;

fn rif_game(attrs: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?><database><games><game id=\"1\" bresult=\"1\" {attrs}><move>h8 h9 i8 i9 j8 j9 k8 k9 l8</move></game></games></database>"
    )
}

// RenjuNet `.rif`: the attributes of one element are checked for a repeated name with a
// set, not pairwise (300,000 attributes took over a minute).
#[test]
fn rif_attributes_are_checked_for_repeats_in_linear_time() {
    let attrs: Vec<String> = (0..300_000).map(|i| format!("a{i}=\"{i}\"")).collect();
    let xml = rif_game(&attrs.join(" "));
    let start = Instant::now();
    let records = Format::Rif.read(xml.as_bytes(), Some("many.rif"));
    // A bound a quadratic check could not meet (about 4.5e10 comparisons).
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(records.len(), 1);
    assert!(records[0].is_ok(), "{:?}", records[0]);

    let xml = rif_game(r#"black="1" white="2" black="3""#);
    let records = Format::Rif.read(xml.as_bytes(), Some("twice.rif"));
    let error = records[0]
        .as_ref()
        .expect_err("a repeated attribute is an error");
    assert!(
        error
            .to_string()
            .contains("the attribute `black` is given twice"),
        "{error}"
    );
}
