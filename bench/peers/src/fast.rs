// SPDX-License-Identifier: Apache-2.0 OR MIT
//! fast25519 itself, linked in (build.rs: libfast25519.a, its public API only), so that its
//! backends are timed in the same interleaved slices as the peers: a slow spell of the host then
//! falls on fast25519's rows and the peers' alike. `f25519_select_backend` picks the backend at the
//! start of each slice (process-wide; the harness is single-threaded).
use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_uint};

const OK: c_int = 0;
pub const VERIFY_OPENSSL: c_int = 0;
pub const VERIFY_ZIP215: c_int = 2;

extern "C" {
    fn f25519_select_backend(name: *const c_char) -> c_int;
    fn f25519_backend_available(name: *const c_char) -> c_int;
    fn f25519_backend() -> *const c_char;
    fn f25519_x25519_keygen(private: *mut u8, public: *mut u8) -> c_int;
    fn f25519_x25519_derive(shared: *mut u8, private: *const u8, peer: *const u8, peer_len: usize) -> c_int;
    fn f25519_x25519_keygen_x8(public: *mut [u8; 32], private: *const [u8; 32]) -> c_int;
    fn f25519_x25519_derive_x8(shared: *mut [u8; 32], private: *const [u8; 32], peer: *const [u8; 32],
                               status: *mut c_int) -> c_int;
    fn f25519_ed25519_keygen(seed: *mut u8, public: *mut u8) -> c_int;
    fn f25519_ed25519_public(public: *mut u8, seed: *const u8) -> c_int;
    fn f25519_ed25519_sign(sig: *mut u8, msg: *const u8, msg_len: usize, seed: *const u8, public: *const u8)
                           -> c_int;
    fn f25519_ed25519_verify(sig: *const u8, sig_len: usize, msg: *const u8, msg_len: usize, public: *const u8,
                             public_len: usize, mode: c_int) -> c_int;
    fn f25519_ed25519_verify_batch(n: usize, sig: *const *const u8, msg: *const *const u8, msg_len: *const usize,
                                   public: *const *const u8, mode: c_int, threads: c_uint, status: *mut c_int)
                                   -> c_int;
}

/// The backends `fast25519 bench` reports, in its order.
pub const BACKENDS: [&str; 4] = ["portable", "mulx", "avx2", "ifma"];

/// The backend a user of this process gets: the one FAST25519_BACKEND (or its former name
/// FAST25519_IMPL, as the library reads them) names when it is set (and not `auto`), else the one
/// the dispatcher picks on this CPU. The row every ratio uses (the other
/// backends are printed beside it); FAST25519_BACKEND=avx2 on an IFMA host gives the comparison an
/// AVX2-only host would make (with `bench-peers.sh --dalek-backend simd` for dalek's side).
pub fn default_backend() -> String {
    let set = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let name = match set("FAST25519_BACKEND").or_else(|| set("FAST25519_IMPL")) {
        Some(v) if v != "auto" => v,
        _ => "auto".to_string(),
    };
    let c = match CString::new(name) {
        Ok(c) => c,
        Err(_) => return "unsupported".to_string(),
    };
    unsafe {
        if f25519_select_backend(c.as_ptr()) != OK {
            return "unsupported".to_string();
        }
        std::ffi::CStr::from_ptr(f25519_backend()).to_string_lossy().into_owned()
    }
}

pub fn available(name: &str) -> bool {
    let c = CString::new(name).unwrap();
    unsafe { f25519_backend_available(c.as_ptr()) == 1 }
}

pub fn select(name: &str) -> bool {
    let c = CString::new(name).unwrap();
    unsafe { f25519_select_backend(c.as_ptr()) == OK }
}

pub fn x25519_keygen(public: &mut [u8; 32], private: &mut [u8; 32]) -> bool {
    unsafe { f25519_x25519_keygen(private.as_mut_ptr(), public.as_mut_ptr()) == OK }
}
pub fn x25519_derive(out: &mut [u8; 32], private: &[u8; 32], peer: &[u8; 32]) -> bool {
    unsafe { f25519_x25519_derive(out.as_mut_ptr(), private.as_ptr(), peer.as_ptr(), 32) == OK }
}
pub fn x25519_keygen_x8(public: &mut [[u8; 32]; 8], private: &[[u8; 32]; 8]) -> bool {
    unsafe { f25519_x25519_keygen_x8(public.as_mut_ptr(), private.as_ptr()) == OK }
}
pub fn x25519_derive_x8(out: &mut [[u8; 32]; 8], private: &[[u8; 32]; 8], peer: &[[u8; 32]; 8]) -> bool {
    let mut st = [0 as c_int; 8];
    unsafe { f25519_x25519_derive_x8(out.as_mut_ptr(), private.as_ptr(), peer.as_ptr(), st.as_mut_ptr()) == OK }
}
pub fn ed25519_keygen(public: &mut [u8; 32], seed: &mut [u8; 32]) -> bool {
    unsafe { f25519_ed25519_keygen(seed.as_mut_ptr(), public.as_mut_ptr()) == OK }
}
pub fn ed25519_public(public: &mut [u8; 32], seed: &[u8; 32]) -> bool {
    unsafe { f25519_ed25519_public(public.as_mut_ptr(), seed.as_ptr()) == OK }
}
pub fn ed25519_sign(sig: &mut [u8; 64], msg: &[u8], seed: &[u8; 32], public: &[u8; 32]) -> bool {
    unsafe { f25519_ed25519_sign(sig.as_mut_ptr(), msg.as_ptr(), msg.len(), seed.as_ptr(), public.as_ptr()) == OK }
}
pub fn ed25519_verify(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> bool {
    ed25519_verify_mode(msg, sig, public, VERIFY_OPENSSL)
}
pub fn ed25519_verify_mode(msg: &[u8], sig: &[u8; 64], public: &[u8; 32], mode: c_int) -> bool {
    unsafe { f25519_ed25519_verify(sig.as_ptr(), 64, msg.as_ptr(), msg.len(), public.as_ptr(), 32, mode) == OK }
}

/// One batch's pointer arrays, made once (the timed call is the library call alone, as in
/// `fast25519 bench`).
pub struct Batch {
    sig: Vec<*const u8>,
    msg: Vec<*const u8>,
    len: Vec<usize>,
    public: Vec<*const u8>,
    status: Vec<c_int>,
    _items: Vec<crate::peers::BatchItem>,
}

impl Batch {
    pub fn new(items: &[crate::peers::BatchItem]) -> Batch {
        let items = items.to_vec();
        Batch {
            sig: items.iter().map(|i| i.sig.as_ptr()).collect(),
            msg: items.iter().map(|i| i.msg.as_ptr()).collect(),
            len: items.iter().map(|i| i.msg.len()).collect(),
            public: items.iter().map(|i| i.public.as_ptr()).collect(),
            status: vec![0; items.len()],
            _items: items, // owns what the pointers point into (moving a Vec keeps its heap buffer)
        }
    }
    /// Every item valid (one thread, as fast25519 bench's batch rows).
    pub fn verify(&mut self, mode: c_int) -> bool {
        unsafe {
            f25519_ed25519_verify_batch(self.sig.len(), self.sig.as_ptr(), self.msg.as_ptr(), self.len.as_ptr(),
                                        self.public.as_ptr(), mode, 1, self.status.as_mut_ptr()) == OK
        }
    }
}

/// Every timed fast25519 call's output on the run's inputs, per backend, against aws-lc's (and the
/// reference outputs of `Inputs`); the batches also with one corrupted signature.
pub fn check(inp: &crate::Inputs) -> Result<(), String> {
    use crate::peers::awslc;
    let backends: Vec<&str> = BACKENDS.iter().filter(|b| available(b)).copied().collect();
    if backends.is_empty() {
        return Err("fast25519: no backend available".into());
    }
    for b in backends {
        if !select(b) {
            return Err(format!("fast25519 {b}: f25519_select_backend refused it"));
        }
        let bad = |what: &str| Err(format!("fast25519 {b}: {what}"));
        let mut o = [0u8; 32];
        if !x25519_derive(&mut o, &inp.x_priv, &inp.x_peer_pub) || o != inp.x_shared {
            return bad("X25519 shared secret differs from aws-lc's");
        }
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        if !x25519_keygen(&mut p, &mut s) || !awslc::x25519_public(&mut o, &s) || o != p {
            return bad("X25519 keygen: public key differs from aws-lc's for its private key");
        }
        if !ed25519_public(&mut o, &inp.ed_seed) || o != inp.ed_pub {
            return bad("Ed25519 public key differs from aws-lc's");
        }
        if !ed25519_keygen(&mut p, &mut s) || !ed25519_public(&mut o, &s) || o != p {
            return bad("Ed25519 keygen: public key differs from its seed's");
        }
        let mut sig = [0u8; 64];
        if !ed25519_sign(&mut sig, &inp.msg, &inp.ed_seed, &inp.ed_pub) || sig != inp.sig {
            return bad("Ed25519 signature differs from aws-lc's");
        }
        let mut corrupt = inp.sig;
        corrupt[5] ^= 1;
        if !ed25519_verify(&inp.msg, &inp.sig, &inp.ed_pub) || ed25519_verify(&inp.msg, &corrupt, &inp.ed_pub) {
            return bad("Ed25519 verify: wrong verdict");
        }
        let mut o8 = [[0u8; 32]; 8];
        if !x25519_keygen_x8(&mut o8, &inp.x8_priv) {
            return bad("x25519_keygen_x8 failed");
        }
        for l in 0..8 {
            awslc::x25519_public(&mut o, &inp.x8_priv[l]);
            if o8[l] != o {
                return bad(&format!("x25519_keygen_x8 lane {l} differs from aws-lc's"));
            }
        }
        if !x25519_derive_x8(&mut o8, &inp.x8_priv, &inp.x8_peer) {
            return bad("x25519_derive_x8 failed");
        }
        for l in 0..8 {
            if !awslc::x25519_derive(&mut o, &inp.x8_priv[l], &inp.x8_peer[l]) || o8[l] != o {
                return bad(&format!("x25519_derive_x8 lane {l} differs from aws-lc's"));
            }
        }
        for n in [8usize, 64, 1024] {
            for mode in [VERIFY_OPENSSL, VERIFY_ZIP215] {
                if !Batch::new(&inp.batch[..n]).verify(mode) {
                    return bad(&format!("batch of {n} (mode {mode}) rejected"));
                }
                let mut items = inp.batch[..n].to_vec();
                items[n / 2].sig[40] ^= 0x10;
                if Batch::new(&items).verify(mode) {
                    return bad(&format!("batch of {n} (mode {mode}) with a corrupted signature accepted"));
                }
            }
        }
    }
    select("auto");
    Ok(())
}
