// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Links fast25519's static library so that its backends are timed in the same interleaved
//! slices as the peers (src/fast.rs). F25519_LIB_DIR: the directory holding libfast25519.a
//! (scripts/bench-peers.sh sets it to build/lib; default: the checkout's build/lib).
//! F25519_LIB25519_DIR: lib25519's install prefix (scripts/lib25519.sh); when set, lib25519 is
//! linked (with an rpath to its lib/) and the cfg `have_lib25519` turns its rows on.
fn main() {
    println!("cargo:rustc-check-cfg=cfg(have_lib25519)");
    println!("cargo:rerun-if-env-changed=F25519_LIB25519_DIR");
    if let Ok(l) = std::env::var("F25519_LIB25519_DIR") {
        if !l.is_empty() {
            let lib = format!("{l}/lib");
            if !std::path::Path::new(&format!("{lib}/lib25519.so")).exists() {
                panic!("F25519_LIB25519_DIR={l}: no lib/lib25519.so there (scripts/lib25519.sh builds it)");
            }
            println!("cargo:rustc-link-search=native={lib}");
            println!("cargo:rustc-link-lib=dylib=25519");
            // DT_RPATH (not RUNPATH): it also finds lib25519's own librandombytes there
            println!("cargo:rustc-link-arg=-Wl,--disable-new-dtags,-rpath,{lib}");
            println!("cargo:rustc-cfg=have_lib25519");
        }
    }
    println!("cargo:rerun-if-env-changed=F25519_LIB_DIR");
    let dir = std::env::var("F25519_LIB_DIR").unwrap_or_else(|_| {
        // the checkout's build/lib: the first ancestor of this crate holding one
        let here = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
        let root = here.ancestors().find(|a| a.join("build/lib/libfast25519.a").exists()).unwrap_or(&here);
        format!("{}/build/lib", root.display())
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
