// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Builds libfast25519.a from this checkout's C sources with CMake (the default), or links an
//! installed fast25519 found by pkg-config when FAST25519_SYS_USE_PKG_CONFIG=1.
use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=FAST25519_SYS_USE_PKG_CONFIG");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("FAST25519_SYS_USE_PKG_CONFIG").map(|v| v == "1").unwrap_or(false) {
        // The installed library's fast25519.pc: -L<libdir> -lfast25519 (shared when both are
        // installed, as the C linker would pick), -pthread for a static one.
        let lib = pkg_config::Config::new()
            .atleast_version("0.9.0")
            .probe("fast25519")
            .unwrap_or_else(|e| panic!("FAST25519_SYS_USE_PKG_CONFIG=1 but pkg-config found no usable fast25519: {e}"));
        for p in &lib.include_paths {
            println!("cargo:include={}", p.display());
        }
        return;
    }

    // The repository root: bindings/rust/fast25519-sys/../../.. (a path or git dependency sees
    // the whole checkout, so the C sources are always beside the crate).
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../../..");
    let root = root.canonicalize().unwrap_or(root);
    if !root.join("include/fast25519.h").is_file() || !root.join("CMakeLists.txt").is_file() {
        panic!(
            "fast25519-sys: no fast25519 checkout at {} (the crate builds the C library of the \
             repository it sits in; set FAST25519_SYS_USE_PKG_CONFIG=1 to link an installed one)",
            root.display()
        );
    }
    for p in ["CMakeLists.txt", "cmake", "include", "src"] {
        println!("cargo:rerun-if-changed={}", root.join(p).display());
    }

    // Only the static library target: no tests, no provider, no CLI install. Always an optimized
    // C build (a debug cargo profile would otherwise ask CMake for -O0 crypto).
    let dst = cmake::Config::new(&root)
        .define("F25519_BUILD_TESTING", "OFF")
        .define("F25519_BUILD_BENCH", "OFF")
        .define("F25519_BUILD_PROVIDER", "OFF")
        .profile("Release")
        .build_target("fast25519_static")
        .build();
    let libdir = dst.join("build").join("lib");
    if !libdir.join("libfast25519.a").is_file() {
        panic!("fast25519-sys: CMake built no {}", libdir.join("libfast25519.a").display());
    }
    println!("cargo:rustc-link-search=native={}", libdir.display());
    println!("cargo:rustc-link-lib=static=fast25519");
    println!("cargo:rustc-link-lib=pthread");
    println!("cargo:include={}", root.join("include").display());
    println!("cargo:root={}", root.display());
}
