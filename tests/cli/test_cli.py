#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""CLI contract tests for build/bin/fast25519, run by CTest (label cli).

usage: test_cli.py FAST25519_BINARY BACKEND_AVAILABLE_BINARY VECTORS_DEFAULT
The backend is FAST25519_BACKEND (skipped with exit 77 when missing); vectors
come from $F25519_VECTORS, else VECTORS_DEFAULT (a missing directory is a failure, never a skip).
"""
import json
import os
import subprocess
import sys
import tempfile

failures = 0
checks = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL: " + msg)


def check(cond, msg):
    global checks
    checks += 1
    if not cond:
        fail(msg)


def run(*args, env_extra=None):
    env = dict(os.environ)
    if env_extra:
        env.update(env_extra)
    p = subprocess.run([CLI] + list(args), capture_output=True, text=True, env=env, timeout=60)
    return p.returncode, p.stdout, p.stderr


def out1(*args):
    """Run a command that must succeed with one hex line on stdout."""
    rc, out, err = run(*args)
    shown = " ".join(a if len(a) <= 24 else a[:24] + "..." for a in args)
    check(rc == 0, "`fast25519 %s` exit %d (stderr: %s)" % (shown, rc, err.strip()))
    return out.strip()


def expect_usage(*args, why=""):
    rc, out, err = run(*args)
    shown = " ".join(a if len(a) <= 24 else a[:24] + "..." for a in args)
    check(rc == 2, "usage error expected (exit 2) for `fast25519 %s` [%s]: exit %d" % (shown, why, rc))
    check(err.strip() != "", "usage error for `fast25519 %s` printed nothing on stderr" % shown)


def expect_failure(*args, why=""):
    rc, out, err = run(*args)
    shown = " ".join(a if len(a) <= 24 else a[:24] + "..." for a in args)
    check(rc != 0 and rc < 128 and "valid" != out.strip(),
          "`fast25519 %s` [%s] must fail cleanly: exit %d, stdout %r" % (shown, why, rc, out.strip()[:80]))


def verdict(*args):
    rc, out, err = run(*args)
    return rc, out.strip()


def load(rel):
    with open(os.path.join(VECTORS, rel)) as f:
        return json.load(f)


def flip(h, byte, bit=1):
    b = bytearray.fromhex(h)
    b[byte] ^= bit
    return b.hex()


def test_x25519():
    v = load("rfc/rfc7748_x25519.json")
    dh = v["dh"]
    check(out1("pubkey", "x25519", dh["alice_private"]) == dh["alice_public"], "pubkey x25519 alice")
    check(out1("pubkey", "x25519", dh["bob_private"]) == dh["bob_public"], "pubkey x25519 bob")
    check(out1("derive", dh["alice_private"], dh["bob_public"]) == dh["shared"], "derive alice")
    check(out1("derive", dh["bob_private"], dh["alice_public"]) == dh["shared"], "derive bob")
    check(out1("derive", dh["bob_private"].upper(), dh["alice_public"].upper()) == dh["shared"],
          "derive with uppercase hex")
    for t in v["x25519"]:
        check(out1("derive", t["scalar"], t["u"]) == t["output"], "derive " + t["name"])
    # keygen: two lines "private: HEX" / "public: HEX", consistent with pubkey and derive.
    pairs = []
    for _ in range(2):
        rc, out, err = run("keygen", "x25519")
        lines = out.strip().split("\n")
        ok = rc == 0 and len(lines) == 2 and lines[0].startswith("private: ") and lines[1].startswith("public: ")
        check(ok, "keygen x25519 output format: %r" % out)
        if not ok:
            return
        priv, pub = lines[0][9:].strip(), lines[1][8:].strip()
        check(len(priv) == 64 and len(pub) == 64, "keygen x25519: 32-byte hex fields")
        check(out1("pubkey", "x25519", priv) == pub, "keygen x25519: public != pubkey(private)")
        pairs.append((priv, pub))
    check(out1("derive", pairs[0][0], pairs[1][1]) == out1("derive", pairs[1][0], pairs[0][1]),
          "keygen x25519: the two sides derive different secrets")
    # low-order peer: message on stderr, exit 1, no secret printed.
    for peer in ["00" * 32, "01" + "00" * 31, "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
                 "ec" + "ff" * 30 + "7f"]:
        rc, out, err = run("derive", dh["alice_private"], peer)
        check(rc == 1 and err.strip() != "" and out.strip() == "",
              "derive with low-order peer %s...: exit %d, stdout %r, stderr %r" % (peer[:8], rc, out, err))


def test_ed25519():
    v = load("rfc/rfc8032_ed25519.json")
    tmp = tempfile.TemporaryDirectory()
    for t in v["ed25519"]:
        n = t["name"]
        check(out1("pubkey", "ed25519", t["secret_key"]) == t["public_key"], "pubkey ed25519 " + n)
        check(out1("sign", t["secret_key"], t["message"]) == t["signature"], "sign " + n)
        mf = os.path.join(tmp.name, "msg")
        with open(mf, "wb") as f:
            f.write(bytes.fromhex(t["message"]))
        check(out1("sign", t["secret_key"], "--msg-file", mf) == t["signature"], "sign --msg-file " + n)
        for mode in (None, "openssl", "strict", "zip215"):
            extra = ["--mode", mode] if mode else []
            check(verdict("verify", t["public_key"], t["message"], t["signature"], *extra) == (0, "valid"),
                  "verify %s mode %s: want valid/exit 0" % (n, mode))
            check(verdict("verify", t["public_key"], t["message"], flip(t["signature"], 40), *extra) == (1, "invalid"),
                  "verify %s mode %s with a flipped S bit: want invalid/exit 1" % (n, mode))
            check(verdict("verify", flip(t["public_key"], 3), t["message"], t["signature"], *extra) == (1, "invalid"),
                  "verify %s mode %s with a flipped A bit: want invalid/exit 1" % (n, mode))
    for t in v["ed25519ctx"]:
        n = t["name"]
        check(out1("sign", t["secret_key"], t["message"], "--ctx", t["context"]) == t["signature"], "sign --ctx " + n)
        check(verdict("verify", t["public_key"], t["message"], t["signature"], "--ctx", t["context"]) == (0, "valid"),
              "verify --ctx " + n)
        check(verdict("verify", t["public_key"], t["message"], t["signature"]) == (1, "invalid"),
              "verify without --ctx must reject " + n)
    for t in v["ed25519ph"]:
        n = t["name"]
        extra = ["--ctx", t["context"]] if t.get("context") else []
        check(out1("sign", t["secret_key"], t["message"], "--ph", *extra) == t["signature"], "sign --ph " + n)
        check(verdict("verify", t["public_key"], t["message"], t["signature"], "--ph", *extra) == (0, "valid"),
              "verify --ph " + n)
        check(verdict("verify", t["public_key"], t["message"], t["signature"]) == (1, "invalid"),
              "verify without --ph must reject " + n)
    # keygen ed25519
    rc, out, err = run("keygen", "ed25519")
    lines = out.strip().split("\n")
    ok = rc == 0 and len(lines) == 2 and lines[0].startswith("private: ") and lines[1].startswith("public: ")
    check(ok, "keygen ed25519 output format: %r" % out)
    if ok:
        seed, pub = lines[0][9:].strip(), lines[1][8:].strip()
        check(out1("pubkey", "ed25519", seed) == pub, "keygen ed25519: public != pubkey(private)")
        sig = out1("sign", seed, "abcd")
        check(verdict("verify", pub, "abcd", sig, "--mode", "strict") == (0, "valid"), "keygen ed25519: sign/verify")
    # speccheck through the CLI: the verdict of every mode.
    want = {"openssl": "VVVVXXXXXXXV", "strict": "XXXVXXXXXXXX", "zip215": "VVVVVVXXXVVV"}
    cases = load("speccheck/cases.json")
    for mode, exp in want.items():
        got = ""
        for c in cases:
            rc, out = verdict("verify", c["pub_key"], c["message"], c["signature"], "--mode", mode)
            got += "V" if (rc, out) == (0, "valid") else "X" if (rc, out) == (1, "invalid") else "?"
        check(got == exp, "CLI speccheck mode %s: got %s want %s" % (mode, got, exp))


def test_usage_errors():
    v = load("rfc/rfc8032_ed25519.json")["ed25519"][1]
    seed, pub, msg, sig = v["secret_key"], v["public_key"], v["message"], v["signature"]
    x = load("rfc/rfc7748_x25519.json")["dh"]
    expect_usage(why="no arguments")
    expect_usage("frobnicate", why="unknown subcommand")
    expect_usage("keygen", why="missing type")
    expect_usage("keygen", "x448", why="unknown type")
    expect_usage("pubkey", "x25519", why="missing key")
    expect_usage("pubkey", "x448", seed, why="unknown type")
    expect_usage("pubkey", "x25519", "zz" * 32, why="bad hex")
    expect_usage("pubkey", "ed25519", seed[:-1], why="odd hex length")
    expect_usage("pubkey", "x25519", seed[:-2], why="31-byte key")
    expect_usage("pubkey", "ed25519", seed + "00", why="33-byte key")
    expect_usage("derive", x["alice_private"], why="missing peer")
    expect_usage("derive", x["alice_private"], x["bob_public"][:-2], why="31-byte peer")
    expect_usage("derive", x["alice_private"], x["bob_public"] + "00", why="33-byte peer")
    expect_usage("derive", x["alice_private"][:-2], x["bob_public"], why="31-byte private key")
    expect_usage("derive", "g" + x["alice_private"][1:], x["bob_public"], why="bad hex")
    expect_usage("sign", seed, why="missing message")
    expect_usage("sign", seed[:-2], msg, why="31-byte seed")
    expect_usage("sign", seed, msg[:-1], why="odd message hex")
    expect_usage("sign", seed, "xy", why="bad message hex")
    expect_usage("sign", seed, msg, "--ctx", "zz", why="bad ctx hex")
    expect_usage("sign", seed, msg, "--bogus", why="unknown option")
    expect_usage("verify", pub, msg, why="missing signature")
    expect_usage("verify", pub[:-2], msg, sig, why="31-byte public key")
    expect_usage("verify", pub, msg, sig[:-1], why="odd signature hex")
    expect_usage("verify", pub, "q", sig, why="bad message hex")
    expect_usage("verify", pub, msg, sig, "--mode", "lenient", why="unknown mode")
    expect_usage("verify", pub, msg, sig, "--mode", why="--mode without a value")
    # Not pinned to exit 2 by the contract, but must fail cleanly (no crash, no 'valid').
    expect_failure("sign", seed, msg, "--ctx", "00" * 256, why="ctx longer than 255 bytes")
    expect_failure("verify", pub, msg, sig[:-2], why="63-byte signature")
    expect_failure("verify", pub, msg, sig + "00", why="65-byte signature")
    expect_failure("sign", seed, "--msg-file", "/nonexistent/file", why="missing message file")


def run_input(args, text):
    env = dict(os.environ)
    p = subprocess.run([CLI] + list(args), input=text, capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_verify_batch():
    """verify-batch: one PUB:MSG:SIG per line (file or stdin), valid/invalid per line in order,
    exit 0/1/2, malformed line number on stderr; verdicts equal `verify` per item in every mode."""
    items = []
    for c in load("speccheck/cases.json"):
        items.append((c["pub_key"], c["message"], c["signature"]))
    t = load("rfc/rfc8032_ed25519.json")["ed25519"]
    for v in t:
        items.append((v["public_key"], v["message"], v["signature"]))
        items.append((v["public_key"], v["message"], flip(v["signature"], 40)))
    text = "".join("%s:%s:%s\n" % it for it in items)
    for mode in ("openssl", "strict", "zip215"):
        want = []
        for pub, msg, sig in items:
            rc, out = verdict("verify", pub, msg, sig, "--mode", mode)
            want.append(out)
        for threads in ("1", "2", "0"):
            rc, out, err = run_input(["verify-batch", "--mode", mode, "--threads", threads, "-"], text)
            lines = out.split()
            check(lines == want, "verify-batch --mode %s --threads %s: %r, want %r" % (mode, threads, lines, want))
            check(rc == (0 if all(w == "valid" for w in want) else 1), "verify-batch --mode %s: exit %d" % (mode, rc))
    # from a file, all valid (the empty RFC 8032 TEST 1 message included), no final newline
    good = "\n".join("%s:%s:%s" % (v["public_key"], v["message"], v["signature"]) for v in t)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(good)
        path = f.name
    rc, out, err = run("verify-batch", path)
    check(rc == 0 and out.split() == ["valid"] * len(t), "verify-batch FILE: exit %d, %r" % (rc, out))
    os.unlink(path)
    rc, out, err = run_input(["verify-batch", "-"], "")
    check(rc == 0 and out == "", "verify-batch of an empty input: exit %d, %r" % (rc, out))
    # malformed lines: exit 2, the line number on stderr, no verdicts
    v = t[1]
    ok = "%s:%s:%s\n" % (v["public_key"], v["message"], v["signature"])
    for bad, why in ((v["public_key"] + ":" + v["message"] + "\n", "two fields"),
                     (v["public_key"][:-2] + ":" + v["message"] + ":" + v["signature"] + "\n", "31-byte key"),
                     (v["public_key"] + ":" + v["message"] + ":" + v["signature"][:-2] + "\n", "63-byte signature"),
                     (v["public_key"] + ":0:" + v["signature"] + "\n", "odd message hex"),
                     (v["public_key"] + ":zz:" + v["signature"] + "\n", "bad message hex"),
                     (ok.strip() + ":\n", "extra field"),
                     ("\n", "empty line")):
        rc, out, err = run_input(["verify-batch", "-"], ok + ok + bad + ok)
        check(rc == 2 and out == "" and "line 3" in err,
              "verify-batch with a malformed line 3 (%s): exit %d, stdout %r, stderr %r" % (why, rc, out, err.strip()))
    expect_usage("verify-batch", why="no FILE")
    expect_usage("verify-batch", "--mode", "lenient", "-", why="unknown mode")
    expect_usage("verify-batch", "--threads", "-1", "-", why="negative threads")
    expect_usage("verify-batch", "--threads", "two", "-", why="threads not a number")
    expect_usage("verify-batch", "a", "b", why="two files")
    expect_usage("verify-batch", "--bogus", "-", why="unknown option")
    expect_usage("verify-batch", "/nonexistent/file", why="missing file")
    # bench --ops: only the named rows; unknown names are usage errors
    rc, out, err = run("bench", "--json", "--seconds", "0.05", "--ops", "ed25519_verify_batch8")
    ops = set()
    if rc == 0:
        ops = {r["op"] for r in json.loads(out)["results"]}
    check(rc == 0 and ops == {"ed25519_verify_batch8"}, "bench --ops ed25519_verify_batch8: exit %d, ops %r" % (rc, ops))
    expect_usage("bench", "--ops", "no_such_op", why="unknown bench op")


def test_info():
    rc, out, err = run("info")
    check(rc == 0, "info: exit %d" % rc)
    backend = os.environ.get("FAST25519_BACKEND", "") or os.environ.get("FAST25519_IMPL", "")
    if backend:
        check(backend in out, "info does not mention the forced backend %s: %r" % (backend, out))
        check(("backend: %s " % backend) in out, "info does not say 'backend: %s': %r" % (backend, out))


def main():
    global CLI, VECTORS
    if len(sys.argv) != 4:
        print("usage: test_cli.py FAST25519_BINARY BACKEND_AVAILABLE_BINARY VECTORS_DEFAULT")
        return 2
    CLI = sys.argv[1]
    backend = os.environ.get("FAST25519_BACKEND", "") or os.environ.get("FAST25519_IMPL", "")
    if not os.access(CLI, os.X_OK):
        print("FAIL: CLI binary %s not found (is src/cli built?)" % CLI)
        return 1
    if backend and backend != "auto":
        rc = subprocess.run([sys.argv[2], backend]).returncode
        if rc == 77:
            print("SKIP: backend %s not available on this CPU/build (cli)" % backend)
            return 77
    VECTORS = os.environ.get("F25519_VECTORS") or sys.argv[3]
    if not os.path.isdir(VECTORS):
        print("FATAL: test-vector directory '%s' not found (set F25519_VECTORS); vector tests never skip" % VECTORS)
        return 1
    print("cli: %s, backend %s, vectors %s" % (CLI, backend or "auto", VECTORS))
    for t in (test_info, test_x25519, test_ed25519, test_usage_errors, test_verify_batch):
        before = failures
        t()
        print("  %-18s %s" % (t.__name__, "ok" if failures == before else "%d failures" % (failures - before)))
    print("cli: %d checks, %d failures -> %s" % (checks, failures, "FAILED" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
