//! Pictures (`svg`, `html`): the SVG parses as XML, its elements match the position and
//! the explanation it draws, snapshots of one explained verdict per foul kind and of a
//! nested one, PNG size and colours (with the `png` feature), and the HTML report's rows.

use std::collections::HashMap;

use quick_xml::events::Event;
use quick_xml::Reader;
use renju_core::forbidden::{PointStatus, ThreeVerdict};
use renju_core::{FoulKind, Point, Position};
use renju_display::html::HtmlReport;
use renju_display::svg::{self, Mark, MarkShape, SvgOptions};
use renju_records::report::{validate_games, Summary};
use renju_records::{Game, ValidationOptions};

/// Every element of an SVG document: its name and attributes; panics when it is not
/// well-formed XML.
fn elements(svg: &str) -> Vec<(String, HashMap<String, String>)> {
    let mut reader = Reader::from_str(svg);
    let mut out = Vec::new();
    let mut depth = 0i32;
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) | Event::Empty(e) => {
                let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
                let attrs = e
                    .attributes()
                    .map(|a| {
                        let a = a.expect("well-formed attribute");
                        (
                            String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                            a.unescape_value().unwrap().into_owned(),
                        )
                    })
                    .collect();
                out.push((name, attrs));
                depth += 1;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(depth > 0);
    out
}

/// Elements whose class list holds every class of `classes` (space separated).
fn with_class<'a>(
    els: &'a [(String, HashMap<String, String>)],
    classes: &str,
) -> Vec<&'a HashMap<String, String>> {
    els.iter()
        .map(|(_, a)| a)
        .filter(|a| {
            let have: Vec<&str> = a.get("class").map_or(vec![], |c| c.split(' ').collect());
            classes.split(' ').all(|c| have.contains(&c))
        })
        .collect()
}

/// Checks the XML with a strict parser: every element closed, attributes quoted.
fn well_formed(svg: &str) {
    let mut reader = Reader::from_str(svg);
    reader.config_mut().check_end_names = true;
    let mut depth = 0i32;
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth -= 1,
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(depth, 0, "every element is closed");
}

fn point(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn a_position_draws_its_stones_fouls_and_marks() {
    let pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
    let marks = [
        Mark::new(point("j10"), MarkShape::Triangle).titled("a <hint> & more"),
        Mark::new(point("k11"), MarkShape::Circle),
    ];
    let picture = svg::position_with_marks(&pos, &marks, &SvgOptions::default());
    well_formed(&picture);
    let els = elements(&picture);
    assert_eq!(els[0].0, "svg");
    assert_eq!(els[0].1["width"], "480");
    assert_eq!(with_class(&els, "stone").len(), 8);
    assert_eq!(with_class(&els, "stone black").len(), 4);
    assert_eq!(with_class(&els, "number").len(), 8);
    let fouls = with_class(&els, "forbidden");
    assert_eq!(fouls.len(), pos.forbidden_points().len());
    assert_eq!(fouls[0]["data-foul"], "double-three");
    assert_eq!(with_class(&els, "last-move")[0]["data-point"], "a4");
    assert_eq!(with_class(&els, "mark").len(), 2);
    assert_eq!(with_class(&els, "mark triangle")[0]["data-point"], "j10");
    assert!(picture.contains("<title>a &lt;hint&gt; &amp; more</title>"));

    let bare = SvgOptions {
        coordinates: false,
        numbers: false,
        forbidden: false,
        last_move: false,
        pixels: 200,
    };
    let els = elements(&svg::position(&pos, &bare));
    assert_eq!(els[0].1["width"], "200");
    assert!(with_class(&els, "number").is_empty());
    assert!(with_class(&els, "forbidden").is_empty());
    assert!(with_class(&els, "last-move").is_empty());
    assert!(with_class(&els, "coordinates").is_empty());
}

#[test]
fn forbidden_points_are_marked_by_kind() {
    // f8 would make six in a row; h8 two fours; h8 two threes.
    let cases = [
        ("c8 a1 d8 a2 e8 a3 g8 a4 h8 b1", "f8", FoulKind::Overline),
        (
            "f8 a1 g8 a2 i8 a3 h5 a4 h6 b1 h7 b2",
            "h8",
            FoulKind::DoubleFour,
        ),
        ("f8 a1 g8 a2 h6 a3 h7 a4", "h8", FoulKind::DoubleThree),
    ];
    for (moves, at, kind) in cases {
        let pos = Position::from_moves(moves).unwrap();
        let els = elements(&svg::position(&pos, &SvgOptions::default()));
        let marked: Vec<_> = with_class(&els, "forbidden")
            .into_iter()
            .filter(|a| a["data-point"] == at)
            .collect();
        assert_eq!(marked.len(), 1, "{moves}: {at}");
        assert_eq!(marked[0]["data-foul"], kind.to_string());
        assert!(!with_class(&els, &format!("forbidden {kind}")).is_empty());
    }
}

/// Draws the explanation of `at` and checks its elements against the explanation.
fn explained(moves: &str, at: &str) -> String {
    let pos = Position::from_moves(moves).unwrap();
    let ex = pos.explain(point(at)).unwrap();
    let opts = SvgOptions {
        pixels: 360,
        ..SvgOptions::default()
    };
    let picture = svg::explanation(&pos, &ex, &opts);
    well_formed(&picture);
    let els = elements(&picture);
    // The main board and one small board per nested check drawn (at most 8).
    let boards = 1 + ex.nested.len().min(8);
    assert_eq!(with_class(&els, "board").len(), boards, "{at}");
    assert_eq!(
        with_class(&els, "stone").len() - with_class(&els, "in-mind").len(),
        boards * pos.board().stone_count()
    );
    let main = with_class(&els, "explanation")[0];
    assert_eq!(main["data-point"], at);
    let lines = |class: &str| with_class(&els, &format!("line {class}")).len();
    // Lines on the main board: at least those of the explanation at the top.
    assert!(lines("five") >= ex.fives.len());
    assert!(lines("overline") >= ex.overlines.len());
    assert!(lines("four") >= ex.fours.len());
    let real = ex
        .threes
        .iter()
        .filter(|t| t.verdict == ThreeVerdict::Real)
        .count();
    assert!(lines("three real") >= real);
    let rejected = ex.threes.len() - real;
    assert!(with_class(&els, "reason").len() >= rejected);
    assert!(lines("three rejected") >= rejected);
    if ex.nested.is_empty() {
        assert_eq!(lines("five"), ex.fives.len());
        assert_eq!(lines("overline"), ex.overlines.len());
        assert_eq!(lines("four"), ex.fours.len());
        assert_eq!(lines("three real"), real);
        assert_eq!(lines("three rejected"), rejected);
        let completions: usize = ex.threes.iter().map(|t| t.completions.len()).sum::<usize>()
            + ex.fours.iter().map(|f| f.completions.len()).sum::<usize>();
        assert_eq!(with_class(&els, "completion").len(), completions);
    }
    assert_eq!(with_class(&els, "nested").len(), ex.nested.len().min(8));
    let status = match ex.status {
        PointStatus::Five => "five",
        PointStatus::Forbidden { .. } => "forbidden",
        PointStatus::Legal => "legal",
    };
    assert_eq!(main["data-status"], status);
    picture
}

#[test]
fn explained_double_three() {
    let picture = explained("f8 a1 g8 a2 h6 a3 h7 a4", "h8");
    assert!(picture.contains("Black at h8: forbidden (double-three)"));
    insta::assert_snapshot!("explained_double_three", picture);
}

#[test]
fn explained_double_four() {
    let picture = explained("f8 a1 g8 a2 i8 a3 h5 a4 h6 b1 h7 b2", "h8");
    assert!(picture.contains("Black at h8: forbidden (double-four)"));
    insta::assert_snapshot!("explained_double_four", picture);
}

#[test]
fn explained_overline() {
    let picture = explained("c8 a1 d8 a2 e8 a3 g8 a4 h8 b1", "f8");
    assert!(picture.contains("Black at f8: forbidden (overline)"));
    insta::assert_snapshot!("explained_overline", picture);
}

#[test]
fn explained_nested_checks_are_small_boards() {
    // j9's three i9 j9 k9 has two straight-four points, h9 and l9, both double-fours.
    let picture = explained("i9 a1 k9 a2 h8 a3 h7 a4 h6 b1 l8 b3 l7 b5 l6", "j9");
    let els = elements(&picture);
    let nested = with_class(&els, "nested");
    let points: Vec<&str> = nested.iter().map(|a| a["data-point"].as_str()).collect();
    assert_eq!(points, ["h9", "l9"]);
    // j9 is imagined on both small boards.
    let in_mind = with_class(&els, "in-mind");
    assert_eq!(in_mind.len(), 2);
    assert!(in_mind.iter().all(|a| a["data-point"] == "j9"));
    assert_eq!(
        with_class(&els, "reason").len(),
        1,
        "the rejected three has its reason"
    );
    assert!(picture.contains("no usable four-point"));
    insta::assert_snapshot!("explained_nested", picture);
}

#[test]
fn the_html_report_has_a_row_per_finding() {
    let options = ValidationOptions::default();
    let records: Vec<_> = [
        "f8 a1 g8 c1 h6 e1 h7 g1 h8",
        "h8 h8 i9",
        "h8 i9",
        "f8 a1 g8 c1 h6 e1 h7 g1 h8 j10",
    ]
    .iter()
    .map(|m| Game::from_moves(m))
    .collect();
    // Text from the records cannot end the page's script or open a comment in it.
    let tricky = "</script><!-- <b>x</b>";
    let mut records = records;
    if let Ok(g) = records[0].as_mut() {
        g.id = Some(tricky.to_string());
    }
    let reports = validate_games(&records, &options, 0);
    let mut summary = Summary::default();
    reports.iter().for_each(|g| summary.add(g));
    let mut report = HtmlReport::new(&options);
    report.add(&reports, &records);
    let mut page = Vec::new();
    report.write(&mut page, &summary, &[]).unwrap();
    let page = String::from_utf8(page).unwrap();
    let start = page.find(r#"id="renju-data">"#).unwrap() + r#"id="renju-data">"#.len();
    let end = start + page[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
    let rows = data["rows"].as_array().unwrap();
    let findings: usize = reports.iter().map(|g| g.findings.len()).sum();
    assert_eq!(rows.len(), findings);
    let fouls: Vec<_> = rows.iter().filter(|r| r["c"] == "forbidden-move").collect();
    assert_eq!(fouls.len(), 2);
    assert!(fouls.iter().all(|r| r["x"].is_array() && r["xk"] == 8));
    // The games without findings are not in the page.
    assert_eq!(data["games"].as_array().unwrap().len(), 3);
    assert_eq!(data["games"][0]["id"], tricky);
    assert!(!page.contains(tricky));
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(!page.contains("http://") || !page.contains("src=\"http"));
}

#[cfg(feature = "png")]
#[test]
fn png_has_the_size_and_the_stone_colours() {
    use resvg::tiny_skia::Pixmap;
    let pos = Position::from_moves("h8 i9").unwrap();
    let opts = SvgOptions {
        pixels: 300,
        numbers: false,
        ..SvgOptions::default()
    };
    let png = svg::png(&svg::position(&pos, &opts)).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (300, 300));
    // h8 is the centre; i9 one cell right and up. A cell is 30 units of a 504-unit side.
    let scale = 300.0 / 504.0;
    let at = |x: f64, y: f64| {
        let p = pixmap
            .pixel((x * scale) as u32, (y * scale) as u32)
            .unwrap();
        (p.red(), p.green(), p.blue())
    };
    // A stone's centre is its colour.
    let (r, g, b) = at(252.0, 252.0);
    assert!(r < 40 && g < 40 && b < 40, "black stone: {r} {g} {b}");
    let (r, g, b) = at(282.0, 222.0);
    assert!(r > 220 && g > 220 && b > 220, "white stone: {r} {g} {b}");
    // The board is wood.
    let (r, g, b) = at(100.0, 400.0 + 15.0);
    assert!(r > 200 && g > 160 && b < 120, "board: {r} {g} {b}");
    assert!(svg::png("<svg").is_err());
    // Too large to draw: an error, not an allocation of 40 GB.
    let huge = SvgOptions {
        pixels: 100_000,
        ..SvgOptions::default()
    };
    let err = svg::png(&svg::position(&pos, &huge)).unwrap_err();
    assert!(matches!(
        err,
        svg::PngError::Size {
            width: 100_000,
            height: 100_000
        }
    ));
    assert!(
        err.to_string().contains("at most 64 million pixels"),
        "{err}"
    );
}
