#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Seed corpora for the fuzz harnesses (tests/fuzz), made at build/test time from the external
vectors (tests/vectors or $F25519_VECTORS): the seeds themselves are not committed.

usage: make_seeds.py --vectors DIR --out DIR [--only HARNESS ...]
Writes OUT/<harness>/<sha1 of the input> in each harness's input format (see the harness's
header comment) and prints the count per harness."""
import argparse
import hashlib
import json
import os
import sys

L = 2**252 + 27742317777372353535851937790883648493


def h(s):
    return bytes.fromhex(s)


def fit(b, n):
    """exactly n bytes: truncated or zero-filled"""
    return b[:n] + bytes(max(0, n - len(b)))


class Vectors:
    def __init__(self, root):
        self.root = root

    def json(self, rel):
        with open(os.path.join(self.root, rel), encoding="utf-8") as f:
            return json.load(f)

    def wycheproof_tests(self, rel):
        for g in self.json(rel)["testGroups"]:
            for t in g["tests"]:
                yield g, t

    def supercop(self):
        """(seed, pub, msg, sig) of supercop/sign.input"""
        with open(os.path.join(self.root, "supercop/sign.input"), encoding="ascii") as f:
            for line in f:
                p = line.strip().split(":")
                if len(p) < 4:
                    continue
                msg = h(p[2])
                yield h(p[0])[:32], h(p[1]), msg, h(p[3])[:64]

    def ed25519_verify_cases(self):
        """(pub, sig, msg) from every verification vector file"""
        for g, t in self.wycheproof_tests("wycheproof/v1/ed25519_test.json"):
            yield h(g["publicKey"]["pk"]), h(t["sig"]), h(t["msg"])
        for g, t in self.wycheproof_tests("wycheproof/v0/eddsa_test.json"):
            yield h(g["key"]["pk"]), h(t["sig"]), h(t["msg"])
        for c in self.json("speccheck/cases.json"):
            yield h(c["pub_key"]), h(c["signature"]), h(c["message"])
        z = self.json("zip215/zip215_small_order.json")
        zmsg = z["message"]
        zmsg = zmsg.encode() if not all(c in "0123456789abcdef" for c in zmsg) else h(zmsg)
        for c in z["cases"]:
            yield h(c["public_key"]), h(c["signature"]), zmsg
        for v in self.json("rfc/rfc8032_ed25519.json")["ed25519"]:
            yield h(v["public_key"]), h(v["signature"]), h(v["message"])
        for seed, pub, msg, sig in self.supercop():
            yield pub, sig, msg

    def x25519_cases(self):
        """(priv, peer) pairs"""
        for rel in ("wycheproof/v1/x25519_test.json", "wycheproof/v0/x25519_test.json"):
            for g, t in self.wycheproof_tests(rel):
                yield h(t["private"]), h(t["public"])
        r = self.json("rfc/rfc7748_x25519.json")
        for v in r["x25519"]:
            yield h(v["scalar"]), h(v["u"])
        d = r["dh"]
        yield h(d["alice_private"]), h(d["bob_public"])
        yield h(d["bob_private"]), h(d["alice_public"])


def seeds_x25519(v):
    for priv, peer in v.x25519_cases():
        yield fit(priv, 32) + fit(peer, 32)


def seeds_ed25519_verify(v):
    for pub, sig, msg in v.ed25519_verify_cases():
        yield b"\x00" + fit(pub, 32) + fit(sig, 64) + msg
    for x in v.json("rfc/rfc8032_ed25519.json")["ed25519ph"]:
        if not x.get("context"):
            yield b"\x04" + h(x["public_key"]) + h(x["signature"]) + h(x["message"])
    # signed by the reference, unmodified (xv = 0), malleated S, ph
    for i, (seed, pub, msg, sig) in enumerate(v.supercop()):
        if i % 16 == 0:
            yield b"\x01" + seed + b"\x00\x00" + msg
            yield b"\x02" + seed + bytes([i % 7]) + msg
            yield b"\x05" + seed + b"\x00\x00" + msg
            yield b"\x01" + seed + bytes([i % 96, 0x80]) + msg


def seeds_ed25519_sign(v):
    r = v.json("rfc/rfc8032_ed25519.json")
    for kind, variant in (("ed25519", 0), ("ed25519ctx", 1), ("ed25519ph", 2)):
        for x in r[kind]:
            ctx = h(x.get("context", ""))
            yield bytes([variant]) + h(x["secret_key"]) + bytes([len(ctx)]) + ctx + h(x["message"])
    for i, (seed, pub, msg, sig) in enumerate(v.supercop()):
        if i % 4 == 0:
            yield bytes([i % 3]) + seed + bytes([i % 5]) + bytes(i % 5) + msg


def seeds_x8(v):
    pairs = [p for p in v.x25519_cases()][:518]  # Wycheproof v1 (v0 repeats it), 8 cases a seed
    for i in range(0, len(pairs) - 7, 8):
        grp = pairs[i:i + 8]
        yield b"".join(fit(p, 32) for p, _ in grp) + b"".join(fit(q, 32) for _, q in grp)


def seeds_provider_decode(v):
    for rel in ("wycheproof/v1/x25519_asn_test.json",):
        for g, t in v.wycheproof_tests(rel):
            yield b"\x00" + h(t["public"])
            yield b"\x00" + h(t["private"])
    for g, t in v.wycheproof_tests("wycheproof/v1/x25519_pem_test.json"):
        if t["tcId"] % 8 == 1:
            yield b"\x01" + t["public"].encode()
            yield b"\x01" + t["private"].encode()
    for g in v.json("wycheproof/v1/ed25519_test.json")["testGroups"]:
        yield b"\x00" + h(g["publicKeyDer"])
        yield b"\x01" + g["publicKeyPem"].encode()
    for g in v.json("wycheproof/v0/eddsa_test.json")["testGroups"]:
        yield b"\x00" + h(g["keyDer"])
        yield b"\x01" + g["keyPem"].encode()


def seeds_batch_verify(v):
    """n, options (mode, threads), then items (see fuzz_batch_verify.c)"""
    cases = list(v.ed25519_verify_cases())
    for i in range(0, len(cases), 11):
        grp = cases[i:i + 1 + i % 17]
        for mode in range(3):
            out = bytes([len(grp), mode | ((i % 3) << 2)])
            for pub, sig, msg in grp:
                msg = msg[:255]
                out += b"\x00" + fit(pub, 32) + fit(sig, 64) + bytes([len(msg)]) + msg
            yield out
    # batches of valid signatures (the zip215 combination succeeds), one of them spoiled
    sc = list(v.supercop())
    for i in range(0, 256, 16):
        for mode in range(3):
            for spoil in (0, 1):
                out = bytes([16, mode])
                for j, (seed, pub, msg, sig) in enumerate(sc[i:i + 16]):
                    msg = msg[:255]
                    xv = 1 if spoil and j == 5 else 0
                    out += b"\x01" + seed + bytes([40, xv, len(msg)]) + msg
                yield out


HARNESSES = {
    "x25519": seeds_x25519,
    "ed25519_verify": seeds_ed25519_verify,
    "ed25519_sign": seeds_ed25519_sign,
    "x8": seeds_x8,
    "provider_decode": seeds_provider_decode,
    "batch_verify": seeds_batch_verify,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    if not os.path.isdir(a.vectors):
        sys.exit(f"make_seeds.py: vector directory {a.vectors} not found (set F25519_VECTORS)")
    v = Vectors(a.vectors)
    for name in a.only or HARNESSES:
        if name not in HARNESSES:
            sys.exit(f"make_seeds.py: unknown harness {name}")
        d = os.path.join(a.out, name)
        os.makedirs(d, exist_ok=True)
        n = 0
        for s in HARNESSES[name](v):
            with open(os.path.join(d, hashlib.sha1(s).hexdigest()), "wb") as f:
                f.write(s)
            n += 1
        print(f"make_seeds.py: {name}: {n} seeds in {d}")


if __name__ == "__main__":
    main()
