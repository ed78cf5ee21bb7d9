//! Development harness (not committed): checks every TRF in $DUTCH_DIR.
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
    let all = std::time::Instant::now();
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "trf"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        let t = Tournament::from_trf(&text).unwrap();
        let start = std::time::Instant::now();
        match check_dutch(&t) {
            Ok(d) if d.is_empty() => {
                ok += 1;
                println!("{}: ok ({:.2?})", f.display(), start.elapsed())
            }
            Ok(d) => {
                bad += 1;
                for r in &d {
                    println!("{}: round {} differs", f.display(), r.round);
                }
            }
            Err((r, e)) => {
                bad += 1;
                println!("{}: round {r}: {e}", f.display())
            }
        }
    }
    println!("ok {ok} bad {bad} in {:.2?}", all.elapsed());
}
