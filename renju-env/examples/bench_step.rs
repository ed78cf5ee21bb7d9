//! Steps per second of the batched stepper, Rust only: renju and freestyle on 15x15,
//! 1024 games, random legal actions from the stepper, observations and masks written
//! every step; with and without the forbidden-point plane; under the Swap2 and Soosorv-8
//! opening protocols (the opening's steps judged by the live referee); memory per game.
//!
//! `cargo run --release -p renju-env --features parallel --example bench_step [STEPS]`

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use renju_core::RuleSet;
use renju_env::{EnvOptions, Outputs, Plane, VecEnv};

fn run(name: &str, options: EnvOptions, n: usize, steps: usize) -> f64 {
    let mut env = VecEnv::new(options, n, 1).expect("options");
    let mut out = Outputs::for_env(&env);
    env.reset(None, out.buffers()).expect("buffers");
    let mut actions = vec![0i64; n];
    let start = Instant::now();
    for _ in 0..steps {
        env.random_actions(&mut actions);
        env.step(&actions, out.buffers()).expect("legal actions");
    }
    let rate = (n * steps) as f64 / start.elapsed().as_secs_f64();
    println!("{name:<44} {:>12.0} steps/s", rate);
    rate
}

fn main() {
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let n = 1024;
    let renju = EnvOptions::default();
    let freestyle = EnvOptions {
        rule_set: RuleSet::Freestyle,
        ..EnvOptions::default()
    };
    let no_plane = EnvOptions {
        planes: vec![
            Plane::Own,
            Plane::Opponent,
            Plane::BlackToMove,
            Plane::LastMove,
        ],
        ..EnvOptions::default()
    };
    let with = run("renju 15x15, N=1024, default planes", renju, n, steps);
    run(
        "freestyle 15x15, N=1024, default planes",
        freestyle,
        n,
        steps,
    );
    let without = run(
        "renju 15x15, N=1024, no forbidden plane",
        no_plane,
        n,
        steps,
    );
    println!(
        "cost of the forbidden plane: {:.1} ns per step",
        (1e9 / with - 1e9 / without).max(0.0)
    );
    let swap2 = EnvOptions {
        opening: renju_records::OpeningRule::Swap2,
        ..EnvOptions::default()
    };
    run("renju 15x15, N=1024, swap2 opening", swap2, n, steps);
    let soosorv = EnvOptions {
        opening: renju_records::OpeningRule::Soosorv { n: 8 },
        ..EnvOptions::default()
    };
    run("renju 15x15, N=1024, soosorv-8 opening", soosorv, n, steps);
    memory_per_game();
}

/// Counts the bytes allocated and not yet freed.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator, counting sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The bytes a batch holds per game, its finished games and outputs included, after
/// 300 random steps of 1024 games.
fn memory_per_game() {
    let n = 1024;
    let before = LIVE.load(Ordering::Relaxed);
    let mut env = VecEnv::new(EnvOptions::default(), n, 1).expect("options");
    let mut out = Outputs::for_env(&env);
    let mut actions = vec![0i64; n];
    for _ in 0..300 {
        env.random_actions(&mut actions);
        env.step(&actions, out.buffers()).expect("legal");
    }
    let live = LIVE.load(Ordering::Relaxed) - before;
    let outputs = out.observations.len() + out.masks.len() + 9 * n;
    println!(
        "memory per game: {} bytes ({} of them outputs)",
        live / n,
        outputs / n
    );
    drop((env, out));
}
