//! Steps per second of the batched stepper: 1024 games, random legal actions, the
//! observation planes and masks written every step; free opening, then Swap2 and
//! Soosorv-8 (the opening judged by the live referee).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use renju_core::RuleSet;
use renju_env::{EnvOptions, Outputs, VecEnv};
use renju_records::OpeningRule;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("step");
    let cases = [
        (RuleSet::Renju, OpeningRule::Free),
        (RuleSet::Freestyle, OpeningRule::Free),
        (RuleSet::Renju, OpeningRule::Swap2),
        (RuleSet::Renju, OpeningRule::Soosorv { n: 8 }),
    ];
    for (rule_set, opening) in cases {
        let options = EnvOptions {
            rule_set,
            opening,
            ..EnvOptions::default()
        };
        let mut env = VecEnv::new(options, 1024, 1).expect("options");
        let mut out = Outputs::for_env(&env);
        let mut actions = vec![0i64; env.len()];
        group.throughput(Throughput::Elements(env.len() as u64));
        let name = match opening {
            OpeningRule::Free => format!("{rule_set}-1024"),
            _ => format!("{rule_set}-{opening}-1024"),
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                env.random_actions(&mut actions);
                env.step(&actions, out.buffers()).expect("legal actions");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
