// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/sha512"
	"errors"
	"strconv"
	"testing"

	"github.com/hdevalence/ed25519consensus"
)

func TestRFC8032(t *testing.T) {
	type entry struct {
		Name, Secret_key, Public_key, Message, Signature, Context string
	}
	var doc struct{ Ed25519, Ed25519ctx, Ed25519ph []entry }
	loadJSON(t, "rfc/rfc8032_ed25519.json", &doc)
	if len(doc.Ed25519) != 5 || len(doc.Ed25519ctx) != 4 || len(doc.Ed25519ph) != 1 {
		t.Fatalf("rfc8032: %d/%d/%d entries", len(doc.Ed25519), len(doc.Ed25519ctx), len(doc.Ed25519ph))
	}
	check := func(kind string, e entry, opts *Options, msg []byte) {
		seed, pub, sig := unhex(t, e.Secret_key), unhex(t, e.Public_key), unhex(t, e.Signature)
		priv := NewKeyFromSeed(seed)
		if !bytes.Equal(priv[32:], pub) {
			t.Errorf("%s %s: public key %x, want %x", kind, e.Name, priv[32:], pub)
		}
		got, err := SignWithOptions(priv, msg, opts)
		if err != nil || !bytes.Equal(got, sig) {
			t.Errorf("%s %s: signature %x (%v), want %x", kind, e.Name, got, err, sig)
		}
		for _, m := range allModes {
			o := *opts
			o.Mode = m
			if err := VerifyWithOptions(pub, msg, sig, &o); err != nil {
				t.Errorf("%s %s mode %v: %v", kind, e.Name, m, err)
			}
			bad := append([]byte(nil), sig...)
			bad[5] ^= 1
			if err := VerifyWithOptions(pub, msg, bad, &o); !errors.Is(err, ErrVerify) && !errors.Is(err, ErrEncoding) {
				t.Errorf("%s %s mode %v: corrupted signature: %v", kind, e.Name, m, err)
			}
		}
	}
	for _, e := range doc.Ed25519 {
		msg := unhex(t, e.Message)
		check("ed25519", e, &Options{}, msg)
		if got := Sign(NewKeyFromSeed(unhex(t, e.Secret_key)), msg); !bytes.Equal(got, unhex(t, e.Signature)) {
			t.Errorf("Sign %s: %x", e.Name, got)
		}
		if !Verify(unhex(t, e.Public_key), msg, unhex(t, e.Signature)) {
			t.Errorf("Verify %s: false", e.Name)
		}
	}
	for _, e := range doc.Ed25519ctx {
		check("ed25519ctx", e, &Options{Context: string(unhex(t, e.Context))}, unhex(t, e.Message))
	}
	for _, e := range doc.Ed25519ph {
		d := sha512.Sum512(unhex(t, e.Message))
		check("ed25519ph", e, &Options{Hash: crypto.SHA512, Context: string(unhex(t, e.Context))}, d[:])
	}
}

func TestRFC7748(t *testing.T) {
	var doc struct {
		X25519   []struct{ Name, Scalar, U, Output string }
		Iterated struct {
			K, U    string
			Results map[string]string
		}
		Dh struct{ Alice_private, Alice_public, Bob_private, Bob_public, Shared string }
	}
	loadJSON(t, "rfc/rfc7748_x25519.json", &doc)
	if len(doc.X25519) != 2 {
		t.Fatalf("rfc7748: %d function vectors", len(doc.X25519))
	}
	for _, v := range doc.X25519 {
		got, err := X25519(unhex(t, v.Scalar), unhex(t, v.U))
		if err != nil || !bytes.Equal(got, unhex(t, v.Output)) {
			t.Errorf("%s: %x (%v)", v.Name, got, err)
		}
	}
	k, u := unhex(t, doc.Iterated.K), unhex(t, doc.Iterated.U)
	for i := 1; i <= 1000; i++ { // the 10^6 step is left to the C suite

		r, err := X25519(k, u)
		if err != nil {
			t.Fatal(err)
		}
		u, k = k, r
		if want, ok := doc.Iterated.Results[strconv.Itoa(i)]; ok && !bytes.Equal(k, unhex(t, want)) {
			t.Errorf("iterated %d: %x, want %s", i, k, want)
		}
	}
	d := doc.Dh
	for _, p := range [][2]string{{d.Alice_private, d.Alice_public}, {d.Bob_private, d.Bob_public}} {
		pub, err := X25519(unhex(t, p[0]), Basepoint)
		if err != nil || !bytes.Equal(pub, unhex(t, p[1])) {
			t.Errorf("public key %x (%v), want %s", pub, err, p[1])
		}
	}
	s1, err1 := X25519(unhex(t, d.Alice_private), unhex(t, d.Bob_public))
	s2, err2 := X25519(unhex(t, d.Bob_private), unhex(t, d.Alice_public))
	if err1 != nil || err2 != nil || !bytes.Equal(s1, unhex(t, d.Shared)) || !bytes.Equal(s2, s1) {
		t.Errorf("dh: %x %x (%v %v)", s1, s2, err1, err2)
	}
}

func TestWycheproofX25519(t *testing.T) {
	var doc struct {
		TestGroups []struct {
			Tests []struct {
				TcID                            int
				Public, Private, Shared, Result string
				Flags                           []string
			}
		}
	}
	loadJSON(t, "wycheproof/v1/x25519_test.json", &doc)
	n := 0
	for _, g := range doc.TestGroups {
		for _, c := range g.Tests {
			n++
			want := unhex(t, c.Shared)
			got, err := X25519(unhex(t, c.Private), unhex(t, c.Public))
			switch {
			case c.Result == "valid" || (c.Result == "acceptable" && !bytes.Equal(want, make([]byte, 32))):
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("tcId %d (%s): %x (%v), want %x", c.TcID, c.Result, got, err, want)
				}
			case c.Result == "acceptable":
				if !errors.Is(err, ErrZeroShared) || !errors.Is(err, ErrLowOrderPoint) || got != nil {
					t.Errorf("tcId %d: all-zero shared secret: %x, %v; want ErrZeroShared", c.TcID, got, err)
				}
			default:
				t.Errorf("tcId %d: result %q", c.TcID, c.Result)
			}
		}
	}
	if n != 518 {
		t.Errorf("%d cases, want 518", n)
	}
}

func TestWycheproofEd25519(t *testing.T) {
	zipAccepts := 0
	for _, c := range wycheproofEd25519(t) {
		for _, m := range []Mode{ModeOpenSSL, ModeStrict} {
			if err := VerifyMode(c.pub, c.msg, c.sig, m); (err == nil) != c.valid {
				t.Errorf("tcId %d mode %v: %v, want valid=%v", c.id, m, err, c.valid)
			}
		}
		err := VerifyMode(c.pub, c.msg, c.sig, ModeZIP215)
		if c.valid && err != nil {
			t.Errorf("tcId %d zip215: %v", c.id, err)
		}
		if !c.valid && err == nil {
			zipAccepts++
		}
		// The references agree: crypto/ed25519 with openssl mode, ed25519consensus with zip215.
		if std := len(c.sig) == 64 && ed25519.Verify(c.pub, c.msg, c.sig); std != Verify(c.pub, c.msg, c.sig) {
			t.Errorf("tcId %d: crypto/ed25519 says %v", c.id, std)
		}
		if zc := ed25519consensus.Verify(c.pub, c.msg, c.sig); zc != (err == nil) {
			t.Errorf("tcId %d: ed25519consensus says %v, zip215 mode %v", c.id, zc, err)
		}
	}
	t.Logf("zip215 mode accepts %d of the invalid cases (as ed25519consensus does)", zipAccepts)
}

func TestSpeccheck(t *testing.T) {
	want := map[Mode]string{ModeOpenSSL: "VVVVXXXXXXXV", ModeStrict: "XXXVXXXXXXXX", ModeZIP215: "VVVVVVXXXVVV"}
	cases := speccheckCases(t)
	for _, m := range allModes {
		got := make([]byte, len(cases))
		for i, c := range cases {
			got[i] = 'X'
			if VerifyMode(c.pub, c.msg, c.sig, m) == nil {
				got[i] = 'V'
			}
		}
		if string(got) != want[m] {
			t.Errorf("mode %v: %s, want %s", m, got, want[m])
		}
	}
	for i, c := range cases {
		if std, ours := ed25519.Verify(c.pub, c.msg, c.sig), Verify(c.pub, c.msg, c.sig); std != ours {
			t.Errorf("case %d: crypto/ed25519 %v, openssl mode %v", i, std, ours)
		}
		if zc, ours := ed25519consensus.Verify(c.pub, c.msg, c.sig), VerifyMode(c.pub, c.msg, c.sig, ModeZIP215) == nil; zc != ours {
			t.Errorf("case %d: ed25519consensus %v, zip215 mode %v", i, zc, ours)
		}
	}
}

func TestZIP215SmallOrder(t *testing.T) {
	no, nstd := 0, 0
	for i, c := range zip215Cases(t) {
		if err := VerifyMode(c.pub, c.msg, c.sig, ModeZIP215); err != nil {
			t.Errorf("case %d: zip215 mode: %v", i, err)
		}
		if !ed25519consensus.Verify(c.pub, c.msg, c.sig) {
			t.Errorf("case %d: ed25519consensus rejects", i)
		}
		if err := VerifyMode(c.pub, c.msg, c.sig, ModeStrict); err == nil {
			t.Errorf("case %d: strict mode accepts a small-order A/R", i)
		}
		ours, std := Verify(c.pub, c.msg, c.sig), ed25519.Verify(c.pub, c.msg, c.sig)
		if ours {
			no++
		}
		if std {
			nstd++
		}
		if ours != std {
			t.Errorf("case %d: openssl mode %v, crypto/ed25519 %v", i, ours, std)
		}
	}
	t.Logf("openssl mode accepts %d/196, crypto/ed25519 %d/196 (OpenSSL 3.0: 12)", no, nstd)
}

func TestSupercop(t *testing.T) {
	lines := supercop(t)
	if testing.Short() {
		lines = lines[:128]
	}
	for i, l := range lines {
		priv := NewKeyFromSeed(l.seed)
		if !bytes.Equal(priv[32:], l.pub) {
			t.Fatalf("line %d: public key", i+1)
		}
		if sig := Sign(priv, l.msg); !bytes.Equal(sig, l.sig) {
			t.Fatalf("line %d: signature %x, want %x", i+1, sig, l.sig)
		}
		for _, m := range allModes {
			if err := VerifyMode(l.pub, l.msg, l.sig, m); err != nil {
				t.Fatalf("line %d mode %v: %v", i+1, m, err)
			}
		}
	}
}
