//! Builds the C test program (`tests/c/test_renju.c`) and the C example
//! (`examples/c/`) with the system C compiler against this crate's shared and static
//! libraries, and runs them. The test program checks every query and forbidden map of
//! the fixture corpus through the C API, and the error paths of the boundary (stale
//! handles and strings after address reuse included). The shared build runs under
//! valgrind when valgrind is installed (set `RENJU_NO_VALGRIND=1` to skip it); a build
//! with `-fsanitize=address,undefined` runs too (skipped, visibly, when the compiler has
//! no sanitizer runtime; `RENJU_NO_SANITIZERS=1` skips it).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("renju-ffi is in the workspace")
        .to_path_buf()
}

/// The directory holding `librenju.so` and `librenju.a` of this build: cargo builds them
/// with the rlib the tests link, next to the test executable.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    let deps = exe.parent().expect("the test executable is in a directory");
    for dir in [deps, deps.parent().unwrap_or(deps)] {
        if dir.join("librenju.a").exists() && dir.join(shared_lib_name()).exists() {
            return dir.to_path_buf();
        }
    }
    panic!(
        "librenju.a and {} not found next to {}",
        shared_lib_name(),
        exe.display()
    );
}

fn shared_lib_name() -> &'static str {
    if cfg!(target_os = "macos") {
        "librenju.dylib"
    } else {
        "librenju.so"
    }
}

/// Says something on the terminal even when the test harness captures output.
fn say(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "c_api: {message}");
}

fn cc() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".to_string())
}

fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("c_api")
}

/// Compiles C sources to `out` with the flags the C API promises to build cleanly with.
fn compile(sources: &[PathBuf], link: &[String], out: &Path) {
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let include = root().join("include");
    let mut cmd = Command::new(cc());
    cmd.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .arg("-I")
        .arg(&include)
        .args(sources)
        .args(link)
        .arg("-o")
        .arg(out);
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run the C compiler `{}`: {e}", cc()));
    assert!(
        output.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The soname the shared library is built with (renju-ffi/build.rs).
const SONAME: &str = "librenju.so.0";

/// A directory laid out like an installed library: on Linux the shared library as its
/// soname, `librenju.so.0`, and the `librenju.so` link the linker looks for (cargo only
/// makes `librenju.so`, while programs linked with it ask the loader for the soname).
fn installed_lib_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = out_dir().join("lib");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        install_shared_lib(&dir);
        dir
    })
    .clone()
}

/// Copies the shared library into `dir` as an installation would.
fn install_shared_lib(dir: &Path) {
    let built = lib_dir().join(shared_lib_name());
    if cfg!(target_os = "linux") {
        std::fs::copy(&built, dir.join(SONAME)).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(SONAME, dir.join(shared_lib_name())).unwrap();
    } else {
        std::fs::copy(&built, dir.join(shared_lib_name())).unwrap();
    }
}

fn shared_link() -> Vec<String> {
    let dir = installed_lib_dir().display().to_string();
    vec![
        format!("-L{dir}"),
        "-lrenju".to_string(),
        format!("-Wl,-rpath,{dir}"),
    ]
}

fn static_link() -> Vec<String> {
    let mut link = vec![lib_dir().join("librenju.a").display().to_string()];
    // What `rustc --print native-static-libs` lists for a std staticlib on Linux.
    if cfg!(target_os = "linux") {
        for lib in [
            "-lgcc_s",
            "-lutil",
            "-lrt",
            "-lpthread",
            "-lm",
            "-ldl",
            "-lc",
        ] {
            link.push(lib.to_string());
        }
    }
    link
}

fn valgrind_available() -> bool {
    std::env::var_os("RENJU_NO_VALGRIND").is_none()
        && Command::new("valgrind")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
}

/// The arguments of the test program: the games directory and every fixture file.
fn test_args() -> Vec<PathBuf> {
    let fixtures = root().join("fixtures");
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures.join("positions"))
        .expect("fixtures/positions exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixture files");
    let mut args = vec![fixtures.join("games")];
    args.extend(files);
    args
}

fn show(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A command for a built C program. Cargo's `LD_LIBRARY_PATH` (which may name an older
/// `librenju.so` in `target/debug`) is removed: the program finds its library by rpath.
fn program(exe: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut cmd = Command::new(exe);
    cmd.env_remove("LD_LIBRARY_PATH")
        .env_remove("DYLD_LIBRARY_PATH");
    cmd
}

/// Checks the program's closing line `N passed, 0 failed` and returns it.
fn summary(output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default().to_string();
    let mut words = last.split_whitespace();
    let passed: Option<u32> = words.next().and_then(|n| n.parse().ok());
    assert!(
        passed.is_some_and(|n| n > 0) && last.ends_with(" passed, 0 failed"),
        "the C test did not pass:\n{}",
        show(output)
    );
    assert!(
        output.status.success(),
        "the C test failed:\n{}",
        show(output)
    );
    last
}

#[test]
fn c_test_program_passes_with_the_shared_library() {
    let exe = out_dir().join("test_renju_shared");
    compile(&[root().join("tests/c/test_renju.c")], &shared_link(), &exe);
    let started = std::time::Instant::now();
    let valgrind = valgrind_available();
    let output = if valgrind {
        say("running the C test under valgrind (--leak-check=full --error-exitcode=1)");
        program("valgrind")
            .args(["--leak-check=full", "--error-exitcode=1"])
            .arg(format!(
                "--suppressions={}",
                root().join("tests/c/valgrind.supp").display()
            ))
            .arg(&exe)
            .args(test_args())
            .output()
            .expect("valgrind runs")
    } else {
        say("valgrind not found (or RENJU_NO_VALGRIND set): running the C test without it");
        program(&exe)
            .args(test_args())
            .output()
            .expect("the C test runs")
    };
    assert!(
        output.status.success(),
        "the C test failed (exit {:?}, 1 is also valgrind's error exit):\n{}",
        output.status.code(),
        show(&output)
    );
    let last = summary(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    if let Some(counts) = stdout.lines().find(|l| l.starts_with("fixtures:")) {
        say(counts);
    }
    if valgrind {
        let stderr = String::from_utf8_lossy(&output.stderr);
        for line in stderr.lines() {
            if line.contains("ERROR SUMMARY") || line.contains("definitely lost") {
                say(&format!(
                    "valgrind: {}",
                    line.rsplit("==").next().unwrap_or(line).trim()
                ));
            }
        }
    }
    say(&format!(
        "{last} ({:.1} s)",
        started.elapsed().as_secs_f64()
    ));
}

#[test]
fn c_test_program_passes_with_the_static_library() {
    let exe = out_dir().join("test_renju_static");
    compile(&[root().join("tests/c/test_renju.c")], &static_link(), &exe);
    let output = program(&exe)
        .args(test_args())
        .output()
        .expect("the C test runs");
    let last = summary(&output);
    say(&format!("static library: {last}"));
}

/// The largest environment, under a 4 GB address-space limit: `renju_env_new` returns
/// `RENJU_ERROR_OUT_OF_MEMORY` (the program's `--env-out-of-memory` mode) instead of
/// aborting the process.
#[cfg(unix)]
#[test]
fn c_env_out_of_memory_is_an_error_code() {
    let exe = out_dir().join("test_renju_oom");
    compile(&[root().join("tests/c/test_renju.c")], &shared_link(), &exe);
    let started = std::time::Instant::now();
    let output = program("sh")
        .arg("-c")
        .arg(r#"ulimit -v 4000000 && exec "$0" --env-out-of-memory"#)
        .arg(&exe)
        .output()
        .expect("the C test runs");
    let last = summary(&output);
    say(&format!(
        "out of memory: {last} ({:.1} s)",
        started.elapsed().as_secs_f64()
    ));
}

#[test]
fn c_example_builds_and_runs() {
    let exe = out_dir().join("renju_example");
    compile(&[root().join("examples/c/example.c")], &shared_link(), &exe);
    let output = program(&exe).output().expect("the example runs");
    assert!(
        output.status.success(),
        "the example failed:\n{}",
        show(&output)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("h8: double-three"), "{stdout}");
}

/// Installs the header, the shared library and `renju.pc` (from `renju-ffi/renju.pc.in`,
/// as the user guide says) into a scratch prefix, and builds the example with the flags
/// `pkg-config` gives.
#[test]
fn pkg_config_file_builds_the_example() {
    if !Command::new("pkg-config")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        say("pkg-config not found: the renju.pc check is skipped");
        return;
    }
    let prefix = out_dir().join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    for dir in ["include", "lib/pkgconfig"] {
        std::fs::create_dir_all(prefix.join(dir)).unwrap();
    }
    std::fs::copy(
        root().join("include/renju.h"),
        prefix.join("include/renju.h"),
    )
    .unwrap();
    install_shared_lib(&prefix.join("lib"));
    let template = std::fs::read_to_string(root().join("renju-ffi/renju.pc.in")).unwrap();
    let pc = template
        .replace("@PREFIX@", &prefix.display().to_string())
        .replace("@VERSION@", env!("CARGO_PKG_VERSION"));
    std::fs::write(prefix.join("lib/pkgconfig/renju.pc"), pc).unwrap();

    let flags = Command::new("pkg-config")
        .args(["--cflags", "--libs", "renju"])
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
        .output()
        .expect("pkg-config runs");
    assert!(
        flags.status.success(),
        "pkg-config failed:\n{}",
        show(&flags)
    );
    let version = Command::new("pkg-config")
        .args(["--modversion", "renju"])
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
        .output()
        .expect("pkg-config runs");
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        env!("CARGO_PKG_VERSION")
    );
    let mut link: Vec<String> = String::from_utf8_lossy(&flags.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    link.push(format!("-Wl,-rpath,{}", prefix.join("lib").display()));
    let exe = out_dir().join("renju_example_pkg_config");
    compile(&[root().join("examples/c/example.c")], &link, &exe);
    let output = program(&exe).output().expect("the example runs");
    assert!(
        output.status.success(),
        "the example failed:\n{}",
        show(&output)
    );
}

/// The shared library carries the versioned soname, and programs linked with `-lrenju`
/// ask for it.
#[cfg(target_os = "linux")]
#[test]
fn shared_library_has_a_versioned_soname() {
    if !Command::new("readelf")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        say("SKIPPED: readelf not found: the soname check is skipped");
        return;
    }
    let dynamic = |file: &Path| {
        let output = Command::new("readelf")
            .arg("-d")
            .arg(file)
            .output()
            .expect("readelf runs");
        assert!(output.status.success(), "{}", show(&output));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let lib = dynamic(&lib_dir().join(shared_lib_name()));
    assert!(
        lib.lines()
            .any(|l| l.contains("(SONAME)") && l.contains(&format!("[{SONAME}]"))),
        "no SONAME {SONAME} in librenju.so:\n{lib}"
    );
    let exe = out_dir().join("renju_example_soname");
    compile(&[root().join("examples/c/example.c")], &shared_link(), &exe);
    let program = dynamic(&exe);
    assert!(
        program
            .lines()
            .any(|l| l.contains("(NEEDED)") && l.contains(&format!("[{SONAME}]"))),
        "the example does not ask for {SONAME}:\n{program}"
    );
}

/// Whether the C compiler can build and run a program with `flags`.
fn compiler_supports(flags: &[&str]) -> std::result::Result<(), String> {
    let dir = out_dir().join("sanitizer-probe");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("probe.c");
    std::fs::write(
        &source,
        "#include <stdlib.h>\nint main(void) { char *p = malloc(4); free(p); return 0; }\n",
    )
    .unwrap();
    let exe = dir.join("probe");
    let output = Command::new(cc())
        .args(flags)
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", cc()))?;
    if !output.status.success() {
        return Err(show(&output)
            .lines()
            .take(3)
            .collect::<Vec<_>>()
            .join(" / "));
    }
    let run = program(&exe).output().map_err(|e| e.to_string())?;
    if !run.status.success() {
        return Err(show(&run).lines().take(3).collect::<Vec<_>>().join(" / "));
    }
    Ok(())
}

/// The C test built with AddressSanitizer and UndefinedBehaviorSanitizer (the C code is
/// instrumented; the library's allocations go through the sanitizer's malloc, so a
/// double free, a use after free or a leak across the boundary is caught), linked with
/// the static library. LeakSanitizer is on (`detect_leaks=1`): the program frees
/// everything it gets. Any report fails the test (`halt_on_error`, exit code 1).
#[test]
fn c_test_program_passes_with_address_and_undefined_sanitizers() {
    if std::env::var_os("RENJU_NO_SANITIZERS").is_some() {
        say("SKIPPED: RENJU_NO_SANITIZERS is set: the ASan/UBSan build of the C test is skipped");
        return;
    }
    let flags = [
        "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all",
        "-fno-omit-frame-pointer",
    ];
    if let Err(why) = compiler_supports(&flags) {
        say(&format!(
            "SKIPPED: `{}` cannot build sanitized programs ({why}): the ASan/UBSan build of \
             the C test is skipped (on Debian/Ubuntu: apt-get install libasan8 libubsan1, or gcc)",
            cc()
        ));
        return;
    }
    let exe = out_dir().join("test_renju_sanitized");
    let mut link: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
    link.extend(static_link());
    compile(&[root().join("tests/c/test_renju.c")], &link, &exe);
    let output = program(&exe)
        .args(test_args())
        .env(
            "ASAN_OPTIONS",
            "detect_leaks=1:halt_on_error=1:exitcode=1:strict_string_checks=1:detect_stack_use_after_return=1",
        )
        .env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
        .output()
        .expect("the sanitized C test runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("Sanitizer") && !stderr.contains("runtime error"),
        "the sanitizers reported errors:\n{}",
        show(&output)
    );
    let last = summary(&output);
    say(&format!(
        "ASan+UBSan (detect_leaks=1), static library: {last}, no sanitizer reports"
    ));
}
