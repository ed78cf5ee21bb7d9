//! Gives the shared library a versioned soname on Linux (and the other ELF platforms):
//! `librenju.so.0`, the ABI version, so that programs linked against it keep loading the
//! ABI they were built for when an incompatible `librenju.so.1` is installed beside it.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "illumos"
    ) {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,librenju.so.0");
    }
}
