// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

import (
	"crypto"
	"errors"
	"os"
	"strings"
	"testing"
)

func TestBadLengths(t *testing.T) {
	c := speccheckCases(t)[0]
	for _, tc := range []struct {
		name     string
		pub, sig []byte
	}{
		{"nil key", nil, c.sig}, {"short key", c.pub[:31], c.sig}, {"long key", append(append([]byte(nil), c.pub...), 0), c.sig},
		{"nil sig", c.pub, nil}, {"short sig", c.pub, c.sig[:63]}, {"long sig", c.pub, append(append([]byte(nil), c.sig...), 0)},
	} {
		if Verify(tc.pub, c.msg, tc.sig) {
			t.Errorf("%s: Verify true", tc.name)
		}
		for _, m := range allModes {
			err := VerifyMode(tc.pub, c.msg, tc.sig, m)
			var fe *Error
			if !errors.Is(err, ErrLength) || !errors.As(err, &fe) || fe.Code != -1 {
				t.Errorf("%s mode %v: %v, want ErrLength", tc.name, m, err)
			}
			if err := VerifyWithOptions(tc.pub, c.msg, tc.sig, &Options{Mode: m, Context: "ctx"}); !errors.Is(err, ErrLength) {
				t.Errorf("%s ctx mode %v: %v, want ErrLength", tc.name, m, err)
			}
		}
	}
	priv := NewKeyFromSeed(make([]byte, 32))
	if _, err := SignWithOptions(priv[:63], nil, nil); !errors.Is(err, ErrLength) {
		t.Errorf("short private key: %v", err)
	}
	if _, err := SignWithOptions(priv, make([]byte, 63), &Options{Hash: crypto.SHA512}); !errors.Is(err, ErrLength) {
		t.Errorf("ph digest of 63 bytes: %v", err)
	}
	if _, err := SignWithOptions(priv, nil, &Options{Context: strings.Repeat("x", 256)}); !errors.Is(err, ErrLength) {
		t.Errorf("context of 256 bytes: %v", err)
	}
	if err := VerifyWithOptions(c.pub, c.msg, c.sig, &Options{Context: strings.Repeat("x", 256)}); !errors.Is(err, ErrLength) {
		t.Errorf("verify, context of 256 bytes: %v", err)
	}
	if _, err := SignWithOptions(priv, nil, &Options{Hash: crypto.SHA256}); !errors.Is(err, ErrArg) {
		t.Errorf("Hash SHA256: %v", err)
	}
	if _, err := PublicKeyFromSeed(make([]byte, 31)); !errors.Is(err, ErrLength) {
		t.Errorf("PublicKeyFromSeed(31 bytes): %v", err)
	}
	mustPanic(t, "NewKeyFromSeed(31 bytes)", func() { NewKeyFromSeed(make([]byte, 31)) })
	mustPanic(t, "Sign(63-byte key)", func() { Sign(priv[:63], nil) })

	k := make([]byte, 32)
	k[0] = 1
	for _, tc := range []struct{ scalar, point []byte }{
		{k[:31], Basepoint}, {append(k, 0), Basepoint}, {k, make([]byte, 31)}, {k, make([]byte, 33)}, {nil, nil},
	} {
		out, err := X25519(tc.scalar, tc.point)
		if !errors.Is(err, ErrLength) || out != nil {
			t.Errorf("X25519(%d, %d bytes): %v", len(tc.scalar), len(tc.point), err)
		} else if !strings.Contains(err.Error(), "X25519") {
			t.Errorf("X25519 error message %q", err)
		}
	}
	// u = 0 and u = 1 are low-order points: all-zero result, refused.
	for _, u := range [][]byte{make([]byte, 32), append([]byte{1}, make([]byte, 31)...)} {
		if out, err := X25519(k, u); !errors.Is(err, ErrLowOrderPoint) || out != nil {
			t.Errorf("low-order point: %x %v", out, err)
		}
	}
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", what)
		}
	}()
	f()
}

func TestErrors(t *testing.T) {
	for _, e := range []*Error{ErrLength, ErrEncoding, ErrSmallOrder, ErrVerify, ErrZeroShared, ErrUnsupported, ErrArg, ErrRandom} {
		msg := e.Error()
		if !strings.HasPrefix(msg, "fast25519: ") || len(msg) < 15 {
			t.Errorf("code %d: message %q", e.Code, msg)
		}
		wrapped := &Error{Code: e.Code, Op: "op", Detail: "detail"}
		if !errors.Is(wrapped, e) || errors.Is(wrapped, &Error{Code: 42}) {
			t.Errorf("code %d: errors.Is", e.Code)
		}
	}
	if ErrVerify.Error() == ErrEncoding.Error() {
		t.Error("messages not distinct")
	}
	t.Logf("e.g. %v / %v", ErrVerify, ErrZeroShared)
}

func TestKeysAndBackend(t *testing.T) {
	pub, priv, err := GenerateKey(nil)
	if err != nil || len(pub) != 32 || len(priv) != 64 {
		t.Fatalf("GenerateKey: %v", err)
	}
	msg := []byte("hello")
	if !Verify(pub, msg, Sign(priv, msg)) {
		t.Error("own signature rejected")
	}
	sk, pk, err := X25519GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	if p2, err := X25519(sk, Basepoint); err != nil || string(p2) != string(pk) {
		t.Errorf("X25519 public key: %x %v", p2, err)
	}
	// Basepoint copied (not the same slice): the general path, same result.
	if p3, err := X25519(sk, append([]byte(nil), Basepoint...)); err != nil || string(p3) != string(pk) {
		t.Errorf("X25519 with a copy of the base point: %x %v", p3, err)
	}
	if v := Version(); strings.Count(v, ".") != 2 {
		t.Errorf("Version %q", v)
	}
	b := Backend()
	if want := os.Getenv("FAST25519_BACKEND"); want != "" && b != want {
		t.Errorf("FAST25519_BACKEND=%s but Backend() = %s", want, b)
	}
	if !BackendAvailable("portable") || BackendAvailable("nonesuch") {
		t.Error("BackendAvailable")
	}
	if err := SelectBackend("nonesuch"); !errors.Is(err, ErrArg) {
		t.Errorf("SelectBackend(nonesuch): %v", err)
	}
	if Backend() != b {
		t.Error("a failed SelectBackend changed the backend")
	}
	t.Logf("library %s, backend %s", Version(), b)
}
