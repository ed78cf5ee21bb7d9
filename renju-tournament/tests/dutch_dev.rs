//! Development harness (temporary): checks every TRF in $DUTCH_DIR.
use renju_tournament::pairing::dutch::check_dutch;
use renju_tournament::Tournament;

#[test]
fn dev_check_dir() {
    let Ok(dir) = std::env::var("DUTCH_DIR") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let (mut ok, mut bad) = (0, 0);
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "trf"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        let t = match Tournament::from_trf(&text) {
            Ok(t) => t,
            Err(e) => {
                println!("{}: read error {e}", f.display());
                bad += 1;
                continue;
            }
        };
        let start = std::time::Instant::now();
        match check_dutch(&t) {
            Ok(d) if d.is_empty() => {
                ok += 1;
                println!("{}: ok ({:.2?})", f.display(), start.elapsed())
            }
            Ok(d) => {
                bad += 1;
                for r in &d {
                    println!(
                        "{}: round {} differs\n  expected {:?}\n  actual   {:?}",
                        f.display(),
                        r.round,
                        r.expected,
                        r.actual
                    );
                }
            }
            Err((r, e)) => {
                bad += 1;
                println!("{}: round {r}: {e}", f.display())
            }
        }
    }
    println!("ok {ok} bad {bad}");
}
