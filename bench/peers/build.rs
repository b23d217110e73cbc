// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Links fast25519's static library so that its backends are timed in the same interleaved
//! slices as the peers (src/fast.rs). F25519_LIB_DIR: the directory holding libfast25519.a
//! (scripts/bench-peers.sh sets it to build/lib; default ../../build/lib from this crate).
fn main() {
    println!("cargo:rerun-if-env-changed=F25519_LIB_DIR");
    let dir = std::env::var("F25519_LIB_DIR").unwrap_or_else(|_| {
        format!("{}/../../build/lib", std::env::var("CARGO_MANIFEST_DIR").unwrap())
    });
    let lib = format!("{dir}/libfast25519.a");
    if !std::path::Path::new(&lib).exists() {
        panic!("{lib} not found: build fast25519 first (cmake --build build --target fast25519_static)");
    }
    // relink when the library is rebuilt
    println!("cargo:rerun-if-changed={lib}");
    println!("cargo:rustc-link-search=native={dir}");
    println!("cargo:rustc-link-lib=static=fast25519");
    println!("cargo:rustc-link-lib=dylib=pthread");
}
