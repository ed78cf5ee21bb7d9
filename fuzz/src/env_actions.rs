//! The environments (renju-env) driven by arbitrary options and actions.
//!
//! Properties: nothing panics; options make an environment or are refused with an
//! error; an action is accepted exactly when the game's mask allows it; a refused step
//! changes no game; a game that ends (and every game at the end of the input) has a
//! record that validates without an error to the game's own outcome.
//!
//! Input: line 1, the planes (comma-separated names, as C's `options->planes`; empty for
//! the defaults); line 2, the opening protocol's name (empty for the free opening);
//! then five bytes: the rule set, the board size, flags (fouls played, pass allowed,
//! the auto-reset mode), `draw_after` (0 none), the number of games (1 to 4); then
//! commands, each an opcode byte and its operands: a step of legal actions (each game's
//! own pick from an operand byte), a step with one raw action (eight bytes, any `i64`),
//! a step with the wrong number of actions, random actions, a reset, the reset of one
//! game, and the copy of one game into another slot.
//!
//! Included as it is by `renju-env/tests/fuzz_env_actions.rs`, which replays the saved
//! inputs on stable: it uses only renju-env, renju-core and renju-records.

use renju_core::RuleSet;
use renju_env::{
    Autoreset, EnvOptions, FoulHandling, GameState, Outputs, Plane, StepError, VecEnv, MAX_PLANES,
};
use renju_records::{OpeningRule, Severity, ValidationOptions};

/// The most commands run on one input (a game of 26x26 takes up to 677 of them).
const MAX_COMMANDS: usize = 2000;

/// The first line of `data` (without its `\n`) and the bytes after it.
fn split_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}

/// Takes the next byte (0 past the end).
fn byte(data: &mut &[u8]) -> u8 {
    let (&b, rest) = data.split_first().unwrap_or((&0, &[]));
    *data = rest;
    b
}

/// The options of the input, or `None` when a name is not one (an error, not a panic).
fn options(planes: &[u8], opening: &[u8], data: &mut &[u8]) -> Option<(EnvOptions, usize)> {
    let planes = String::from_utf8_lossy(planes);
    let planes: Vec<Plane> = match planes.is_empty() {
        true => Plane::defaults(),
        false => planes
            .split(',')
            .take(MAX_PLANES + 1)
            .map(|n| n.trim().parse().ok())
            .collect::<Option<_>>()?,
    };
    let opening = String::from_utf8_lossy(opening);
    let opening = match opening.is_empty() {
        true => OpeningRule::Free,
        false => opening.parse().ok()?,
    };
    let rule_set = RuleSet::ALL[usize::from(byte(data)) % RuleSet::ALL.len()];
    let size = byte(data);
    let flags = byte(data);
    let draw_after = match byte(data) {
        0 => None,
        n => Some(usize::from(n) * 3),
    };
    let games = usize::from(byte(data) % 4) + 1;
    let options = EnvOptions {
        rule_set,
        size: if rule_set == RuleSet::Renju { 15 } else { size },
        planes,
        fouls: match flags & 1 {
            0 => FoulHandling::Masked,
            _ => FoulHandling::PlayedAndLost,
        },
        pass: flags & 2 != 0,
        draw_after,
        autoreset: [
            Autoreset::SameStep,
            Autoreset::NextStep,
            Autoreset::Disabled,
        ][usize::from(flags >> 2) % 3],
        opening,
        ..EnvOptions::default()
    };
    Some((options, games))
}

/// Checks that game `i`'s record validates to its outcome (once it has one).
fn check_record(game: &GameState, what: &str) {
    let report = game.record().validate(&ValidationOptions::default());
    let errors: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: the record has errors: {errors:?}"
    );
    if let Some(outcome) = game.outcome() {
        assert_eq!(report.outcome, outcome, "{what}: the record's outcome");
    }
}

/// Checks the mask against the game's own check of every action.
fn check_mask(game: &GameState) {
    let mask = game.legal_mask();
    assert_eq!(mask.iter().filter(|&&m| m == 1).count(), game.legal_count());
    for (a, &m) in mask.iter().enumerate() {
        assert_eq!(game.check(a as i64).is_ok(), m == 1, "action {a}");
    }
    assert!(game.check(mask.len() as i64).is_err());
    assert!(game.check(-1).is_err());
}

/// One step: refused with nothing changed, or taken with every finished game's record
/// checked.
fn step(env: &mut VecEnv, out: &mut Outputs, actions: &[i64]) {
    let before: Vec<Vec<u16>> = env.games().iter().map(|g| g.actions().to_vec()).collect();
    match env.step(actions, out.buffers()) {
        Ok(()) => {
            for i in 0..env.len() {
                if out.terminated[i] == 0 {
                    continue;
                }
                let game = match env.layout().options().autoreset {
                    Autoreset::SameStep => env.finished_game(i),
                    _ => env.game(i),
                };
                check_record(game.expect("the game that ended"), "a finished game");
            }
        }
        Err(e) => {
            let after: Vec<Vec<u16>> = env.games().iter().map(|g| g.actions().to_vec()).collect();
            assert_eq!(before, after, "the refused step ({e}) changed a game");
            if let StepError::Action { game, .. } = e {
                let a = actions[game];
                let allowed = env.games()[game].check(a).is_ok();
                let resets = env.games()[game].is_over()
                    && env.layout().options().autoreset != Autoreset::Disabled;
                assert!(!allowed && !resets, "game {game}: action {a} was refused");
            }
        }
    }
}

/// Runs the commands of `data` on a batch of `games` games.
fn run(mut env: VecEnv, data: &mut &[u8]) {
    let mut out = Outputs::for_env(&env);
    env.reset(None, out.buffers())
        .expect("buffers made for the batch");
    let n = env.len();
    let mut actions = vec![0i64; n];
    for _ in 0..MAX_COMMANDS {
        if data.is_empty() {
            break;
        }
        match byte(data) % 8 {
            0..=2 => {
                for (i, a) in actions.iter_mut().enumerate() {
                    let legal: Vec<u32> = env.games()[i].legal_actions().collect();
                    let pick = usize::from(byte(data));
                    *a = legal
                        .get(pick % legal.len().max(1))
                        .map_or(0, |&x| i64::from(x));
                }
                step(&mut env, &mut out, &actions);
            }
            3 => {
                let game = usize::from(byte(data)) % n;
                let mut raw = [0u8; 8];
                raw.iter_mut().for_each(|b| *b = byte(data));
                env.random_actions(&mut actions);
                actions[game] = i64::from_le_bytes(raw);
                step(&mut env, &mut out, &actions);
            }
            4 => {
                let wrong = vec![0i64; (n + 1 + usize::from(byte(data) % 2)) % (n + 2)];
                let refused = env.step(&wrong, out.buffers());
                assert!(matches!(refused, Err(StepError::ActionCount { .. })));
            }
            5 => {
                env.random_actions(&mut actions);
                step(&mut env, &mut out, &actions);
            }
            6 => match byte(data) % 4 {
                0 => env
                    .reset(Some(u64::from(byte(data))), out.buffers())
                    .expect("reset"),
                k => {
                    let i = usize::from(byte(data)) % (n + 1);
                    let known = env.reset_game(i).is_ok();
                    assert_eq!(known, i < n, "reset_game({i}) of {n} games ({k})");
                }
            },
            _ => {
                let (from, to) = (usize::from(byte(data)) % n, usize::from(byte(data)) % n);
                let copy = env.games()[from].clone();
                env.set_game(to, copy).expect("a game of the same batch");
                env.write_state(out.buffers())
                    .expect("buffers made for the batch");
            }
        }
    }
    for game in env.games() {
        check_mask(game);
        check_record(game, "a game at the end");
    }
}

/// The property check of the `env_actions` target.
pub fn check(data: &[u8]) {
    let (planes, rest) = split_line(data);
    let (opening, mut rest) = split_line(rest);
    let Some((options, games)) = options(planes, opening, &mut rest) else {
        return;
    };
    let Ok(env) = VecEnv::new(options, games, 1) else {
        return;
    };
    run(env, &mut rest);
}
