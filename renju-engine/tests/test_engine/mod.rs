//! The repository's Gomocup test engine, as the match tests run it.

use std::path::PathBuf;

use renju_engine::matches::EngineSpec;

/// The test engine, built with the tests (`cargo test` builds examples).
fn engine_path() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap();
    dir.join("examples")
        .join(format!("test_engine{}", std::env::consts::EXE_SUFFIX))
}

/// The test engine named `name`, run with `args`.
pub fn engine(name: &str, args: &str) -> EngineSpec {
    let mut command = vec![engine_path().display().to_string()];
    command.extend(args.split_whitespace().map(String::from));
    EngineSpec {
        name: name.into(),
        command,
        dir: None,
        info: vec![],
        swap2board_fields: false,
    }
}
