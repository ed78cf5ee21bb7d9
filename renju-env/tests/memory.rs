//! The memory a batch takes: every allocation counted, the peak of games played to
//! their end (and the finished games kept beside them) stays under the bound
//! [`Layout::batch_bytes`] that `VecEnv::new` checks can be allocated; and a batch too
//! large for the address space is refused with `OptionsError::OutOfMemory` instead of
//! aborting the process (a child process under `ulimit -v`).

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use renju_core::RuleSet;
use renju_env::vector::MAX_GAMES;
use renju_env::{EnvOptions, OptionsError, Outputs, Plane, VecEnv};
use renju_records::OpeningRule;

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is the system allocator's, with the same layout.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        // SAFETY: the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The bytes per game right after the creation, and the peak bytes per game of `n`
/// games and their step's outputs stepped `steps` times at random.
fn bytes_per_game(options: &EnvOptions, n: usize, steps: usize) -> (usize, usize) {
    // The empty boards are built once per size, on first use.
    drop(VecEnv::new(options.clone(), 1, 1).unwrap());
    let base = LIVE.load(Relaxed);
    let mut env = VecEnv::new(options.clone(), n, 1).unwrap();
    let created = LIVE.load(Relaxed) - base;
    // Not the check's own allocation, given back at once.
    PEAK.store(LIVE.load(Relaxed), Relaxed);
    let mut out = Outputs::try_for_env(&env).unwrap();
    let mut actions = vec![0i64; n];
    env.reset(None, out.buffers()).unwrap();
    for _ in 0..steps {
        env.random_actions(&mut actions);
        env.step(&actions, out.buffers()).unwrap();
    }
    (created / n, (PEAK.load(Relaxed) - base) / n)
}

/// One test: the counts are the whole process's.
#[test]
fn a_batch_stays_under_the_memory_it_checks_for() {
    let swap2 = EnvOptions {
        opening: OpeningRule::Swap2,
        planes: vec![Plane::Own, Plane::Previous { count: 64 }],
        ..EnvOptions::default()
    };
    let sized = |rule_set, size| EnvOptions {
        rule_set,
        size,
        ..EnvOptions::default()
    };
    let cases = [
        ("renju 15x15", EnvOptions::default(), 700),
        ("freestyle 5x5", sized(RuleSet::Freestyle, 5), 300),
        ("freestyle 26x26", sized(RuleSet::Freestyle, 26), 1500),
        ("swap2", swap2, 700),
    ];
    for (name, options, steps) in cases {
        let (created, peak) = bytes_per_game(&options, 128, steps);
        let bound = renju_env::Layout::new(options).unwrap().game_bytes();
        eprintln!("{name}: {created} B a game at creation, {peak} B at the peak, bound {bound} B");
        assert!(
            peak <= bound,
            "{name}: {peak} B a game, over the bound {bound} B"
        );
        assert!(
            bound <= 3 * peak,
            "{name}: the bound {bound} B is far from {peak} B"
        );
    }
}

/// Run by the test below only, under an address-space limit: the largest batch is
/// refused with an error, and a batch that fits plays to its games' ends.
#[test]
#[ignore = "run by huge_batches_are_refused_under_an_address_space_limit"]
fn under_a_memory_limit() {
    let started = Instant::now();
    let err = VecEnv::new(EnvOptions::default(), MAX_GAMES, 0).unwrap_err();
    assert!(
        matches!(
            err,
            OptionsError::OutOfMemory {
                games: MAX_GAMES,
                ..
            }
        ),
        "{err}"
    );
    println!("refused in {:?}: {err}", started.elapsed());
    assert!(started.elapsed() < Duration::from_secs(2));
    let mut env = VecEnv::new(EnvOptions::default(), 10_000, 0).unwrap();
    let mut out = Outputs::for_env(&env);
    let mut actions = vec![0i64; env.len()];
    env.reset(None, out.buffers()).unwrap();
    for _ in 0..230 {
        env.random_actions(&mut actions);
        env.step(&actions, out.buffers()).unwrap();
    }
    assert!(env.try_clone().is_ok());
}

#[cfg(unix)]
#[test]
fn huge_batches_are_refused_under_an_address_space_limit() {
    let exe = std::env::current_exe().unwrap();
    let output = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 4000000 && exec "$0" "$@""#)
        .arg(exe)
        .args([
            "--exact",
            "under_a_memory_limit",
            "--ignored",
            "--nocapture",
        ])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "the child failed:\n{text}");
    assert!(text.contains("1 passed"), "{text}");
    assert!(text.contains("refused in"), "{text}");
    eprintln!(
        "{}",
        text.lines()
            .find(|l| l.starts_with("refused in"))
            .unwrap_or("")
    );
}
