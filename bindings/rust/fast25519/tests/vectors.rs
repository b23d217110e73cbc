// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The vector files of tests/vectors/ (formats: tests/vectors/README.md) through the safe API.
mod common;
use common::*;
use fast25519::ed25519::{self, Mode, Signature, Signer, SigningKey, Verifier, VerifyingKey};
use fast25519::x25519::{self, PublicKey, StaticSecret};
use fast25519::Error;
use sha2::{Digest, Sha512};

const MODES: [Mode; 3] = [Mode::OpenSsl, Mode::Strict, Mode::Zip215];

#[test]
fn rfc8032() {
    let v = json("rfc/rfc8032_ed25519.json");
    let entry = |e: &serde_json::Value| {
        let sk = SigningKey::from_bytes(&arr32(&hx(e, "secret_key")));
        let pk = hx(e, "public_key");
        assert_eq!(sk.verifying_key().as_bytes(), &pk[..], "{}", e["name"]);
        let vk = VerifyingKey::from_bytes(&arr32(&pk)).unwrap();
        (sk, vk, hx(e, "message"), Signature::from_bytes(&arr64(&hx(e, "signature"))))
    };
    let pure = v["ed25519"].as_array().unwrap();
    assert_eq!(pure.len(), 5);
    for e in pure {
        let (sk, vk, msg, sig) = entry(e);
        assert_eq!(sk.sign(&msg), sig, "{}", e["name"]);
        vk.verify(&msg, &sig).unwrap();
        vk.verify_strict(&msg, &sig).unwrap();
        for m in MODES {
            vk.verify_with(&msg, &sig, m).unwrap();
        }
        // one bit off: rejected in every mode
        let mut bad = msg.clone();
        bad.push(0);
        for m in MODES {
            assert_eq!(vk.verify_with(&bad, &sig, m), Err(Error::Verify));
        }
    }
    let ctx = v["ed25519ctx"].as_array().unwrap();
    assert_eq!(ctx.len(), 4);
    for e in ctx {
        let (sk, vk, msg, sig) = entry(e);
        let c = hx(e, "context");
        assert_eq!(sk.sign_ctx(&msg, &c).unwrap(), sig, "{}", e["name"]);
        for m in MODES {
            vk.verify_ctx(&msg, &c, &sig, m).unwrap();
        }
        assert_eq!(vk.verify_ctx(&msg, b"other", &sig, Mode::OpenSsl), Err(Error::Verify));
        assert!(vk.verify(&msg, &sig).is_err(), "a ctx signature is no pure one");
    }
    assert_eq!(
        SigningKey::from_bytes(&[1; 32]).sign_ctx(b"m", &[]).unwrap_err(),
        Error::Length,
        "Ed25519ctx needs a context"
    );
    assert_eq!(SigningKey::from_bytes(&[1; 32]).sign_ctx(b"m", &[0; 256]).unwrap_err(), Error::Length);
    let ph = v["ed25519ph"].as_array().unwrap();
    assert_eq!(ph.len(), 1);
    for e in ph {
        let (sk, vk, msg, sig) = entry(e);
        let c = e.get("context").and_then(|c| c.as_str()).map(unhex).unwrap_or_default();
        let ctx = if c.is_empty() { None } else { Some(&c[..]) };
        assert_eq!(sk.sign_ph(&msg, ctx).unwrap(), sig);
        assert_eq!(sk.sign_prehashed(Sha512::new_with_prefix(&msg), ctx).unwrap(), sig);
        for m in MODES {
            vk.verify_ph(&msg, ctx, &sig, m).unwrap();
        }
        vk.verify_prehashed(Sha512::new_with_prefix(&msg), ctx, &sig).unwrap();
        vk.verify_prehashed_strict(Sha512::new_with_prefix(&msg), ctx, &sig).unwrap();
        assert!(vk.verify_prehashed(Sha512::new_with_prefix(b"x"), ctx, &sig).is_err());
    }
}

#[test]
fn supercop_sign_input() {
    let p = vectors_dir().join("supercop/sign.input");
    let text = std::fs::read_to_string(&p).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split(':').collect();
        let sk = unhex(f[0]);
        let sm = unhex(f[3]);
        let msg = unhex(f[2]);
        let key = SigningKey::from_keypair_bytes(&arr64(&sk)).unwrap();
        assert_eq!(key.verifying_key().as_bytes(), &unhex(f[1])[..]);
        let sig = key.sign(&msg);
        assert_eq!(&sig.to_bytes()[..], &sm[..64], "line {}", n + 1);
        key.verifying_key().verify_strict(&msg, &sig).unwrap();
        n += 1;
    }
    assert_eq!(n, 1024);
}

#[test]
fn rfc7748() {
    let v = json("rfc/rfc7748_x25519.json");
    for e in v["x25519"].as_array().unwrap() {
        let out = x25519::x25519(arr32(&hx(e, "scalar")), arr32(&hx(e, "u")));
        assert_eq!(&out[..], &hx(e, "output")[..], "{}", e["name"]);
    }
    let it = &v["iterated"];
    let (mut k, mut u) = (arr32(&hx(it, "k")), arr32(&hx(it, "u")));
    for i in 1..=1000 {
        let r = x25519::x25519(k, u);
        u = k;
        k = r;
        if i == 1 || i == 1000 {
            assert_eq!(&k[..], &unhex(it["results"][i.to_string()].as_str().unwrap())[..], "iteration {i}");
        }
    }
    let dh = &v["dh"];
    let a = StaticSecret::from(arr32(&hx(dh, "alice_private")));
    let b = StaticSecret::from(arr32(&hx(dh, "bob_private")));
    assert_eq!(PublicKey::from(&a).as_bytes(), &hx(dh, "alice_public")[..]);
    assert_eq!(PublicKey::from(&b).as_bytes(), &hx(dh, "bob_public")[..]);
    let s1 = a.diffie_hellman(&PublicKey::from(&b));
    let s2 = b.try_diffie_hellman(&PublicKey::from(&a)).unwrap();
    assert_eq!(s1.as_bytes(), &hx(dh, "shared")[..]);
    assert_eq!(s2.as_bytes(), &hx(dh, "shared")[..]);
    assert!(s1.was_contributory());
}

#[test]
fn wycheproof_x25519() {
    let v = json("wycheproof/v1/x25519_test.json");
    let (mut n, mut zero) = (0, 0);
    for g in v["testGroups"].as_array().unwrap() {
        for t in g["tests"].as_array().unwrap() {
            let want = hx(t, "shared");
            let s = StaticSecret::from(arr32(&hx(t, "private")));
            let peer = PublicKey::from(arr32(&hx(t, "public")));
            let got = s.diffie_hellman(&peer);
            assert_eq!(&got.as_bytes()[..], &want[..], "tcId {}", t["tcId"]);
            let result = t["result"].as_str().unwrap();
            assert!(result == "valid" || result == "acceptable", "tcId {}", t["tcId"]);
            if want.iter().all(|&b| b == 0) {
                zero += 1;
                assert!(!got.was_contributory());
                assert_eq!(s.try_diffie_hellman(&peer).unwrap_err(), Error::ZeroShared);
            } else {
                assert!(s.try_diffie_hellman(&peer).is_ok());
            }
            n += 1;
        }
    }
    assert_eq!(n, 518);
    assert!(zero > 0);
}

#[test]
fn wycheproof_ed25519() {
    let v = json("wycheproof/v1/ed25519_test.json");
    let mut n = 0;
    for g in v["testGroups"].as_array().unwrap() {
        let pk = hx(&g["publicKey"], "pk");
        for t in g["tests"].as_array().unwrap() {
            let id = &t["tcId"];
            let valid = t["result"].as_str().unwrap() == "valid";
            let (msg, sig) = (hx(t, "msg"), hx(t, "sig"));
            for m in MODES {
                let r = ed25519::verify_raw(&pk, &msg, &sig, m);
                if valid {
                    assert_eq!(r, Ok(()), "tcId {id} mode {m:?}");
                } else if m != Mode::Zip215 {
                    assert!(r.is_err(), "tcId {id} ({}) accepted in {m:?}", t["comment"]);
                }
                if sig.len() != 64 {
                    assert_eq!(r, Err(Error::Length), "tcId {id}");
                    assert!(Signature::from_slice(&sig).is_err());
                } else if let Ok(vk) = VerifyingKey::from_bytes(&arr32(&pk)) {
                    // the typed API gives the same verdict as the byte-slice one
                    assert_eq!(vk.verify_with(&msg, &Signature::from_bytes(&arr64(&sig)), m), r, "tcId {id}");
                }
            }
            n += 1;
        }
    }
    assert_eq!(n, 151);
}

#[test]
fn speccheck() {
    let want = [
        (Mode::OpenSsl, "VVVVXXXXXXXV"),
        (Mode::Strict, "XXXVXXXXXXXX"),
        (Mode::Zip215, "VVVVVVXXXVVV"),
    ];
    let cases = json("speccheck/cases.json");
    let cases = cases.as_array().unwrap();
    assert_eq!(cases.len(), 12);
    for (mode, row) in want {
        let got: String = cases
            .iter()
            .map(|c| {
                let r = ed25519::verify_raw(&hx(c, "pub_key"), &hx(c, "message"), &hx(c, "signature"), mode);
                if r.is_ok() { 'V' } else { 'X' }
            })
            .collect();
        assert_eq!(got, row, "speccheck {mode:?}");
    }
}

#[test]
fn zip215_small_order() {
    let z = json("zip215/zip215_small_order.json");
    let msg = hx(&z, "message");
    let cases = z["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 196);
    let mut openssl = 0;
    for c in cases {
        let (pk, sig) = (hx(c, "public_key"), hx(c, "signature"));
        assert_eq!(ed25519::verify_raw(&pk, &msg, &sig, Mode::Zip215), Ok(()), "case {}", c["id"]);
        assert!(ed25519::verify_raw(&pk, &msg, &sig, Mode::Strict).is_err(), "case {}", c["id"]);
        openssl += ed25519::verify_raw(&pk, &msg, &sig, Mode::OpenSsl).is_ok() as usize;
    }
    // pyca/OpenSSL accepts 12 of the 196 (tests/vectors/README.md)
    assert_eq!(openssl, 12);
}

#[test]
fn errors_and_info() {
    use fast25519::sys;
    let all = [
        (Error::Length, sys::F25519_ERR_LENGTH),
        (Error::Encoding, sys::F25519_ERR_ENCODING),
        (Error::SmallOrder, sys::F25519_ERR_SMALL_ORDER),
        (Error::Verify, sys::F25519_ERR_VERIFY),
        (Error::ZeroShared, sys::F25519_ERR_ZERO_SHARED),
        (Error::Unsupported, sys::F25519_ERR_UNSUPPORTED),
        (Error::Arg, sys::F25519_ERR_ARG),
        (Error::Random, sys::F25519_ERR_RANDOM),
    ];
    for (e, c) in all {
        assert_eq!(e.code(), c);
        assert_eq!(Error::from_code(c), Some(e));
        let text = unsafe { std::ffi::CStr::from_ptr(sys::f25519_strerror(c)) }.to_str().unwrap();
        assert_eq!(e.to_string(), text);
        let _: &dyn std::error::Error = &e;
    }
    assert_eq!(Error::from_code(0), None);
    assert_eq!(Error::from_code(-99), Some(Error::Other(-99)));
    assert_eq!(fast25519::version(), sys::F25519_VERSION_STRING);
    let b = fast25519::backend();
    assert!(["portable", "mulx", "avx2", "ifma"].contains(&b), "{b}");
    assert!(fast25519::backend_available("portable"));
    assert!(fast25519::backend_available(b));
    if std::env::var("FAST25519_BACKEND").as_deref() == Ok("portable") {
        assert_eq!(b, "portable");
    }
    // a failed signature::Verifier carries the library's error as its source
    let sk = SigningKey::from_bytes(&[7; 32]);
    let e = sk.verifying_key().verify(b"x", &sk.sign(b"y")).unwrap_err();
    let src = std::error::Error::source(&e).expect("source");
    assert_eq!(src.to_string(), Error::Verify.to_string());
}

#[test]
fn verifying_key_from_bytes() {
    // the base point, identity and a non-point
    let mut base = [0x66u8; 32];
    base[0] = 0x58;
    assert!(VerifyingKey::from_bytes(&base).is_ok());
    let mut id = [0u8; 32];
    id[0] = 1;
    assert!(VerifyingKey::from_bytes(&id).is_ok());
    let mut two = [0u8; 32];
    two[0] = 2;
    assert!(VerifyingKey::from_bytes(&two).is_err());
    assert!(VerifyingKey::try_from(&base[..31]).is_err());
    let sk = SigningKey::from_bytes(&[9; 32]);
    assert_eq!(VerifyingKey::try_from(&sk.verifying_key().to_bytes()[..]).unwrap(), sk.verifying_key());
    assert_eq!(SigningKey::from_keypair_bytes(&sk.to_keypair_bytes()).unwrap(), sk);
    let mut kp = sk.to_keypair_bytes();
    kp[40] ^= 1;
    assert!(SigningKey::from_keypair_bytes(&kp).is_err());
    let r = SigningKey::random();
    assert_ne!(r.to_bytes(), SigningKey::random().to_bytes());
    let g = SigningKey::generate(&mut rand::rng());
    g.verify(b"m", &g.sign(b"m")).unwrap();
}
