// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The hand-written declarations against include/fast25519.h: every #define'd constant has the
//! header's value, every F25519_API function is declared, and the linked library works.
use fast25519_sys::*;
use std::collections::HashMap;
use std::ffi::CStr;
use std::path::PathBuf;

fn header() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../include/fast25519.h");
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn defines(h: &str) -> HashMap<String, String> {
    let mut m = HashMap::new();
    for line in h.lines() {
        let l = line.trim_start();
        if let Some(rest) = l.strip_prefix("#define ") {
            let mut it = rest.splitn(2, char::is_whitespace);
            let name = it.next().unwrap().to_string();
            let val = it.next().unwrap_or("").trim();
            let val = val.split("/*").next().unwrap().trim().to_string();
            m.insert(name, val);
        }
    }
    m
}

fn ival(s: &str) -> i64 {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x") {
        return i64::from_str_radix(h, 16).unwrap();
    }
    if let Some(inner) = s.strip_prefix("(1u << ").and_then(|r| r.strip_suffix(')')) {
        return 1i64 << inner.trim().parse::<u32>().unwrap();
    }
    s.parse().unwrap_or_else(|_| panic!("not a number: {s}"))
}

#[test]
fn constants_match_header() {
    let d = defines(&header());
    let ints: &[(&str, i64)] = &[
        ("F25519_VERSION_MAJOR", F25519_VERSION_MAJOR as i64),
        ("F25519_VERSION_MINOR", F25519_VERSION_MINOR as i64),
        ("F25519_VERSION_PATCH", F25519_VERSION_PATCH as i64),
        ("F25519_OK", F25519_OK as i64),
        ("F25519_ERR_LENGTH", F25519_ERR_LENGTH as i64),
        ("F25519_ERR_ENCODING", F25519_ERR_ENCODING as i64),
        ("F25519_ERR_SMALL_ORDER", F25519_ERR_SMALL_ORDER as i64),
        ("F25519_ERR_VERIFY", F25519_ERR_VERIFY as i64),
        ("F25519_ERR_ZERO_SHARED", F25519_ERR_ZERO_SHARED as i64),
        ("F25519_ERR_UNSUPPORTED", F25519_ERR_UNSUPPORTED as i64),
        ("F25519_ERR_ARG", F25519_ERR_ARG as i64),
        ("F25519_ERR_RANDOM", F25519_ERR_RANDOM as i64),
        ("F25519_CPU_BMI2", F25519_CPU_BMI2 as i64),
        ("F25519_CPU_ADX", F25519_CPU_ADX as i64),
        ("F25519_CPU_AVX2", F25519_CPU_AVX2 as i64),
        ("F25519_CPU_AVX512F", F25519_CPU_AVX512F as i64),
        ("F25519_CPU_AVX512VL", F25519_CPU_AVX512VL as i64),
        ("F25519_CPU_AVX512IFMA", F25519_CPU_AVX512IFMA as i64),
        ("F25519_X25519_KEY_BYTES", F25519_X25519_KEY_BYTES as i64),
        ("F25519_ED25519_SEED_BYTES", F25519_ED25519_SEED_BYTES as i64),
        ("F25519_ED25519_PUBLIC_BYTES", F25519_ED25519_PUBLIC_BYTES as i64),
        ("F25519_ED25519_SIG_BYTES", F25519_ED25519_SIG_BYTES as i64),
        ("F25519_ED25519", F25519_ED25519 as i64),
        ("F25519_ED25519CTX", F25519_ED25519CTX as i64),
        ("F25519_ED25519PH", F25519_ED25519PH as i64),
        ("F25519_ED25519PH_HASHED", F25519_ED25519PH_HASHED as i64),
        ("F25519_VERIFY_OPENSSL", F25519_VERIFY_OPENSSL as i64),
        ("F25519_VERIFY_STRICT", F25519_VERIFY_STRICT as i64),
        ("F25519_VERIFY_ZIP215", F25519_VERIFY_ZIP215 as i64),
    ];
    for (name, v) in ints {
        let h = d.get(*name).unwrap_or_else(|| panic!("{name} is not in the header"));
        assert_eq!(ival(h), *v, "{name}: header {h}, Rust {v}");
    }
    assert_eq!(d["F25519_VERSION_STRING"], format!("\"{F25519_VERSION_STRING}\""));
    // every numeric F25519_* define of the header is declared here
    let covered: Vec<&str> = ints.iter().map(|(n, _)| *n).collect();
    for (name, val) in &d {
        let skip = ["FAST25519_H", "F25519_API", "F25519_VERSION_STRING", "F25519_VERSION_NUMBER"];
        // function-like macros (F25519_DEPRECATED(msg)) are no constants
        if skip.contains(&name.as_str()) || !name.starts_with("F25519_") || val.is_empty() || name.contains('(') {
            continue;
        }
        assert!(covered.contains(&name.as_str()), "header constant {name} not checked/declared");
    }
}

#[test]
fn functions_match_header() {
    let h = header();
    let src = include_str!("../src/lib.rs");
    let mut n = 0;
    for line in h.lines().filter(|l| l.starts_with("F25519_API ")) {
        // "F25519_API const char *f25519_version(void);" -> f25519_version
        let Some(paren) = line.find('(') else { continue };
        let head = &line[..paren];
        let Some(start) = head.rfind("f25519_") else { continue };
        let name = &head[start..];
        n += 1;
        assert!(src.contains(&format!("pub fn {name}(")), "{name} is not declared in fast25519-sys");
    }
    assert!(n >= 23, "found only {n} functions in the header");
}

#[test]
fn linked_library_answers() {
    unsafe {
        let v = CStr::from_ptr(f25519_version()).to_str().unwrap();
        assert_eq!(v, F25519_VERSION_STRING);
        let e = CStr::from_ptr(f25519_strerror(F25519_ERR_VERIFY)).to_str().unwrap();
        assert!(!e.is_empty());
        let b = CStr::from_ptr(f25519_backend()).to_str().unwrap();
        assert!(["portable", "mulx", "avx2", "ifma"].contains(&b), "backend {b}");
        #[allow(deprecated)] // the former name still answers
        let old = CStr::from_ptr(f25519_impl()).to_str().unwrap();
        assert_eq!(old, b);
        let mut pk = [0u8; 32];
        assert_eq!(f25519_ed25519_public(&mut pk, &[0u8; 32]), F25519_OK);
        // RFC 8032 TEST 1's key is for seed 9d61..., not zero; here only: a key was written
        assert_ne!(pk, [0u8; 32]);
    }
}
