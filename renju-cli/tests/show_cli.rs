//! End-to-end tests of pictures from the CLI: `renju show` (move lists, diagram files,
//! FILE#N@M, --explain, SVG and PNG) and `renju validate --html`.

use std::path::{Path, PathBuf};

use serde_json::Value;

mod run_cli;
use run_cli::renju_bytes;

/// A fresh directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn count(text: &str, what: &str) -> usize {
    text.matches(what).count()
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn show_a_move_list_as_svg() {
    let (code, out, err) = renju_bytes(&["show", "f8 a1 g8 a2 h6 a3 h7 a4", "--numbers"]);
    assert_eq!(code, 0, "{err}");
    let svg = String::from_utf8(out).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(count(&svg, r#"class="stone "#), 8);
    assert_eq!(count(&svg, r#"class="number""#), 8);
    assert!(svg.contains(r#"data-foul="double-three""#));
    let (_, out, _) = renju_bytes(&["show", "f8 a1 g8 a2 h6 a3 h7 a4"]);
    assert_eq!(
        count(&String::from_utf8(out).unwrap(), r#"class="number""#),
        0
    );
}

#[test]
fn show_explain_writes_svg_and_png() {
    let dir = scratch("show_explain");
    let svg = dir.join("why.svg");
    let moves = "f8 a1 g8 a2 h6 a3 h7 a4";
    let (code, _, err) = renju_bytes(&["show", moves, "--explain", "h8", "-o", arg(&svg)]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("Black at h8: forbidden (double-three)"));
    assert_eq!(count(&text, r#"class="line three real""#), 2);
    let png = dir.join("why.png");
    let (code, _, err) = renju_bytes(&["show", moves, "--pixels", "320", "-o", arg(&png)]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width, height), (320, 320));
    // Errors: an occupied point, an unknown extension, an unreadable position.
    let (code, _, err) = renju_bytes(&["show", moves, "--explain", "f8"]);
    assert_eq!(code, 2);
    assert!(err.contains("f8"), "{err}");
    let (code, _, err) = renju_bytes(&["show", moves, "-o", arg(&dir.join("x.gif"))]);
    assert_eq!(code, 2);
    assert!(err.contains(".svg or .png"), "{err}");
    for pixels in ["0", "100000"] {
        let (code, _, err) = renju_bytes(&["show", moves, "--pixels", pixels]);
        assert_eq!(code, 2, "--pixels {pixels}");
        assert!(err.contains("--pixels"), "{err}");
    }
    let (code, _, err) = renju_bytes(&["show", "h8 zz"]);
    assert_eq!(code, 2);
    assert!(err.contains("zz"), "{err}");
}

#[test]
fn show_a_game_of_a_file_and_a_diagram() {
    let dir = scratch("show_files");
    let games = dir.join("games.txt");
    std::fs::write(&games, "h8 i9\nh8 i9 j10 k11 l12\n").unwrap();
    let at = |r: &str| {
        let (code, out, err) = renju_bytes(&["show", r]);
        assert_eq!(code, 0, "{r}: {err}");
        count(&String::from_utf8(out).unwrap(), r#"class="stone "#)
    };
    let file = arg(&games);
    assert_eq!(at(&format!("{file}#2")), 5);
    assert_eq!(at(&format!("{file}#2@3")), 3);
    assert_eq!(at(&format!("{file}#1")), 2);
    let (code, _, err) = renju_bytes(&["show", &format!("{file}#3")]);
    assert_eq!(code, 2);
    assert!(err.contains("2 game(s), not 3"), "{err}");
    let (code, _, err) = renju_bytes(&["show", &format!("{file}#1@9")]);
    assert_eq!(code, 2);
    assert!(err.contains("only 2 move(s)"), "{err}");

    let diagram = dir.join("board.txt");
    let mut text = String::new();
    for row in (1..=15).rev() {
        let cells: Vec<&str> = (0..15)
            .map(|x| match (row, x) {
                (8, 7) => "X",
                (9, 8) => "O",
                (8, 5) => "X",
                _ => ".",
            })
            .collect();
        text.push_str(&format!("{row:2} {}\n", cells.join(" ")));
    }
    std::fs::write(&diagram, text).unwrap();
    assert_eq!(at(arg(&diagram)), 3);
}

/// The JSON embedded in an HTML report.
fn html_data(page: &str) -> Value {
    let open = r#"<script type="application/json" id="renju-data">"#;
    let start = page.find(open).unwrap() + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

#[test]
fn validate_html_rows_match_the_json_report() {
    let dir = scratch("validate_html");
    let games = dir.join("games.txt");
    std::fs::write(
        &games,
        "f8 a1 g8 c1 h6 e1 h7 g1 h8\nh8 h8 i9\nh8 i9 j10\nf8 a1 g8 c1 h6 e1 h7 g1 h8 j10\n",
    )
    .unwrap();
    let html = dir.join("report.html");
    let (code, out, err) = renju_bytes(&["validate", arg(&games), "--json", "--html", arg(&html)]);
    assert_eq!(code, 1, "{err}");
    let json: Value = serde_json::from_slice(&out).unwrap();
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Self-contained: nothing is fetched.
    for fetch in ["<link", "src=\"http", "src='http", "@import", "fetch("] {
        assert!(!page.contains(fetch), "{fetch}");
    }
    let data = html_data(&page);
    let mut expected = Vec::new();
    for g in json["games"].as_array().unwrap() {
        for f in g["findings"].as_array().unwrap() {
            expected.push((
                g["index"].as_u64().unwrap() + 1,
                f["code"].clone(),
                f["severity"].clone(),
                f["move"].clone(),
                f["message"].clone(),
            ));
        }
    }
    let games = data["games"].as_array().unwrap();
    let rows: Vec<_> = data["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let g = &games[r["g"].as_u64().unwrap() as usize];
            (
                g["n"].as_u64().unwrap(),
                r["c"].clone(),
                r["v"].clone(),
                r["m"].clone(),
                r["t"].clone(),
            )
        })
        .collect();
    assert_eq!(rows, expected);
    assert!(page.contains(&format!(r#"<b id="findings">{}</b>"#, expected.len())));
    // The human report is still printed without --json.
    let (code, out, _) = renju_bytes(&["validate", arg(&games_path(&dir)), "--html", arg(&html)]);
    assert_eq!(code, 1);
    assert!(String::from_utf8(out).unwrap().contains("4 games"));
}

fn games_path(dir: &Path) -> PathBuf {
    dir.join("games.txt")
}

#[test]
fn the_readme_picture_is_what_renju_show_draws() {
    let (code, out, err) = renju_bytes(&[
        "show",
        "f8 g9 g8 f6 h6 j9 h7 i6 g7 e7 i9",
        "--explain",
        "h8",
        "--numbers",
    ]);
    assert_eq!(code, 0, "{err}");
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/explained-double-three.svg");
    let committed = std::fs::read_to_string(docs).unwrap();
    // stdout ends with a newline; the file does not.
    assert_eq!(
        String::from_utf8(out).unwrap().trim_end(),
        committed,
        "regenerate docs/explained-double-three.svg with the command in docs/judging.md"
    );
    assert!(committed.contains("not real: no straight four is possible (blocked ends)"));
}
