//! Seeded mutation test of the real game files (issue 9, Tests): every file of
//! `../shared/data` that `renju validate` reads by its extension, and the bundled
//! samples (the fixtures' move lists and small RenjuNet, Piskvork and SGF records, so
//! that the test always does something), are mutated N times each (truncation, byte
//! flips, inserts of bytes the readers care about, deletes, duplicated slices) with a
//! tiny xorshift generator. `renju validate --json` runs on each file's mutants in one
//! invocation, and must: exit 0, 1 or 2 (never a signal, never a panic), print a JSON
//! report with its fields, and say nothing of a panic on stderr.
//!
//! `RENJU_MUTATION_SEED` and `RENJU_MUTANTS` (per file) change the seed and the count.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

#[path = "../../tests/support/shared_data.rs"]
mod shared_data;
use shared_data::{data_dir, skipped};

/// The longest one invocation may take (a hang is a failure too).
const TIMEOUT: Duration = Duration::from_secs(60);

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Bytes the readers give meaning to, to insert or flip to.
const INTERESTING: &[&[u8]] = &[
    b"\0",
    b"\r",
    b"\n",
    b"\r\n",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"<",
    b">",
    b"&",
    b"&nbsp;",
    b"&#0;",
    b"<game>",
    b"</game>",
    b"<game id=\"9\"><move>h8",
    b"\"",
    b"#",
    b"# size: 99\n",
    b"# size: 5\n",
    b"# rule: freestyle\n",
    b"(",
    b")",
    b";",
    b"[",
    b"]",
    b"\\",
    b"B[",
    b"SZ[26]",
    b"pass ",
    b"h8 ",
    b"z99",
    b"99999999999999999999",
    b"-1",
    b",",
    b"Piskvorky 26x26, 0:0, 1\n",
    b"\x80",
    b"\xC0",
];

/// One mutation of `bytes`.
fn mutate(bytes: &mut Vec<u8>, rng: &mut Rng) {
    let len = bytes.len();
    match rng.below(6) {
        // Truncation.
        0 => bytes.truncate(rng.below(len + 1)),
        // Byte flips: a few bits, or whole bytes.
        1 => {
            for _ in 0..1 + rng.below(4) {
                if len > 0 {
                    let at = rng.below(len);
                    if rng.below(2) == 0 {
                        bytes[at] ^= 1 << rng.below(8);
                    } else {
                        bytes[at] = rng.next() as u8;
                    }
                }
            }
        }
        // Inserts of meaningful bytes.
        2 => {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len() + 1);
                let what = INTERESTING[rng.below(INTERESTING.len())];
                bytes.splice(at..at, what.iter().copied());
            }
        }
        // Deletes.
        3 => {
            if len > 0 {
                let at = rng.below(len);
                let n = 1 + rng.below((len - at).min(64));
                bytes.drain(at..at + n);
            }
        }
        // A slice duplicated elsewhere.
        4 => {
            if len > 0 {
                let at = rng.below(len);
                let n = 1 + rng.below((len - at).min(256));
                let slice: Vec<u8> = bytes[at..at + n].to_vec();
                let to = rng.below(len + 1);
                bytes.splice(to..to, slice);
            }
        }
        // Random bytes inserted.
        _ => {
            let at = rng.below(len + 1);
            let n = 1 + rng.below(16);
            let noise: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
            bytes.splice(at..at, noise);
        }
    }
}

/// Small records of the formats the fixtures do not hold.
fn bundled_samples() -> Vec<(String, Vec<u8>)> {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/games");
    let mut samples: Vec<(String, Vec<u8>)> = std::fs::read_dir(&fixtures)
        .expect("fixtures/games")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    samples.sort();
    let rif = r#"<?xml version="1.0" encoding="utf-8"?>
<database>
<rules>
<rule id="1" name="RIF"/>
<rule id="2" name="Yamaguchi"/>
</rules>
<openings><opening id="1" name="Kagetsu"/></openings>
<players>
<player id="1" name="Ren&eacute;" surname="Smith"/>
<player id="2" name="Ann" surname="Lee"/>
</players>
<tournaments><tournament id="1" name="Open &amp; Cup"/></tournaments>
<games>
<game id="10" tournament="1" round="1" rule="1" black="1" white="2" bresult="1" opening="1" swap="-"><move>h8 i9 j10 g7 i7 h7 h6 g5 j8 k9 j7 j9 j6 j5 h5</move><info>B=1</info></game>
<game id="11" rule="2" black="2" white="1" bresult="0" swap="R"><move>h8 h9 j10 g9 i9 k9 j9 j8 h10 i8 k8 f10 g8 e9 f9</move></game>
<game id="12" rule="1" black="1" white="2" bresult="0.5"><move>h8 h9 h10</move></game>
</games>
</database>
"#;
    samples.push(("sample.rif".into(), rif.as_bytes().to_vec()));
    let psq = "Piskvorky 15x15, 11:11, 0\r\n8,8,100\r\n9,9,200\r\n9,8,0\r\n10,8,0\r\n7,8,0\r\n10,9,0\r\n6,8,0\r\nbrain1.zip\r\nbrain2.zip\r\n-1\r\n1,freestyle\r\n";
    samples.push(("sample.psq".into(), psq.as_bytes().to_vec()));
    let sgf = "(;GM[4]FF[4]SZ[15]RU[RIF]PB[Ann]PW[Bob]RE[B+R];B[hh];W[ii];B[jj](;W[gg];B[ji])(;W[ij];B[kk]))";
    samples.push(("sample.sgf".into(), sgf.as_bytes().to_vec()));
    samples
}

/// The real files `renju validate` reads by their extension.
fn real_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            real_files(&path, out);
        } else if renju_records::formats::Format::from_path(&path).is_some() {
            out.push(path);
        }
    }
}

/// Runs `renju validate --json` on `files`, checking the outcome; returns the number
/// of games reported.
fn validate_batch(files: &[PathBuf], what: &str) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .arg("validate")
        .arg("--json")
        .args(files)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run renju");
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let err = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: renju validate took over {TIMEOUT:?} on {files:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out.join().unwrap();
    let stderr = err.join().unwrap();
    let code = status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "{what}: exit status {status} (a signal?) on {files:?}\n{stderr}"
    );
    assert!(
        !stderr.contains("panicked"),
        "{what}: a panic on {files:?}\n{stderr}"
    );
    let report: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{what}: stdout is not JSON ({e}) on {files:?}\n{stdout}"));
    for key in ["games", "summary"] {
        assert!(
            report.get(key).is_some(),
            "{what}: no {key:?} in the report"
        );
    }
    let summary = &report["summary"];
    for key in ["games", "errors", "warnings"] {
        assert!(
            summary[key].is_u64(),
            "{what}: summary.{key} is not a count"
        );
    }
    summary["games"].as_u64().unwrap()
}

#[test]
fn mutated_files_never_crash_the_validator() {
    let seed: u64 = std::env::var("RENJU_MUTATION_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x0005_eed9_0009);
    let mutants: usize = std::env::var("RENJU_MUTANTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let mut sources: Vec<(String, Vec<u8>)> = bundled_samples();
    match data_dir() {
        Some(dir) => {
            let mut files = Vec::new();
            real_files(&dir, &mut files);
            for path in files {
                let name = path
                    .strip_prefix(&dir)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace(['/', '\\'], "_");
                sources.push((name, std::fs::read(&path).expect("read a real file")));
            }
        }
        None => skipped(
            "mutation test of the real files: ../shared/data is absent; only the bundled samples are mutated",
        ),
    }
    let dir = std::env::temp_dir().join(format!("renju-mutation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = Instant::now();
    let mut rng = Rng(seed | 1);
    let (mut files_done, mut games) = (0usize, 0u64);
    for (name, original) in &sources {
        // The originals themselves, then the mutants, one invocation per source file.
        let mut batch = Vec::new();
        let (stem, ext) = name.rsplit_once('.').unwrap_or((name, "txt"));
        for i in 0..=mutants {
            let mut bytes = original.clone();
            if i > 0 {
                for _ in 0..1 + rng.below(3) {
                    mutate(&mut bytes, &mut rng);
                }
            }
            let path = dir.join(format!("{stem}.m{i}.{ext}"));
            std::fs::write(&path, &bytes).unwrap();
            batch.push(path);
        }
        games += validate_batch(&batch, &format!("{name} (seed {seed})"));
        files_done += batch.len();
        for path in batch {
            let _ = std::fs::remove_file(path);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let elapsed = start.elapsed();
    // Seen with --nocapture: the size of the run.
    println!(
        "mutation test: {} sources, {files_done} files ({mutants} mutants each), {games} games, {elapsed:?}",
        sources.len()
    );
    assert!(files_done >= 6 * (mutants + 1));
}
