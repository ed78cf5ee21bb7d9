//! `include/renju.h` is generated from this crate by cbindgen and committed: this test
//! regenerates it and fails when the committed file differs. Run with
//! `RENJU_UPDATE_HEADER=1` to rewrite it.

use std::path::Path;

#[test]
fn header_is_up_to_date() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is valid");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the crate")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");

    let header = crate_dir.join("../include/renju.h");
    if std::env::var_os("RENJU_UPDATE_HEADER").is_some_and(|v| v == "1") {
        std::fs::write(&header, &generated).expect("include/renju.h is writable");
        return;
    }
    let committed = std::fs::read_to_string(&header).unwrap_or_default();
    if committed != generated {
        let first_diff = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "include/renju.h is out of date with renju-ffi's source (first difference at line {}); \
             regenerate it with RENJU_UPDATE_HEADER=1 cargo test -p renju-ffi --test header",
            first_diff + 1
        );
    }
}
