// SPDX-License-Identifier: Apache-2.0 OR MIT

//go:build go1.20

package fast25519

// Comparisons with APIs that appeared in Go 1.20 (crypto/ed25519's
// Ed25519ctx/Ed25519ph, crypto/ecdh); the module itself needs Go 1.19.

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/sha512"
	mrand "math/rand"
	"testing"
)

func TestVariantsAgainstCryptoEd25519(t *testing.T) {
	rng := mrand.New(mrand.NewSource(4))
	for i := 0; i < 400; i++ {
		seed := make([]byte, 32)
		rng.Read(seed)
		priv := ed25519.NewKeyFromSeed(seed)
		msg := make([]byte, rng.Intn(200))
		rng.Read(msg)
		ctx := make([]byte, rng.Intn(40))
		rng.Read(ctx)
		stdOpts := &ed25519.Options{Context: string(ctx)}
		if i%2 == 1 {
			d := sha512.Sum512(msg)
			msg = d[:]
			stdOpts.Hash = crypto.SHA512
		}
		ours := &Options{Hash: stdOpts.Hash, Context: stdOpts.Context}
		want, err := priv.Sign(nil, msg, stdOpts)
		if err != nil {
			t.Fatal(err)
		}
		got, err := SignWithOptions(priv, msg, ours)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("SignWithOptions(hash %v, ctx %x): %x (%v), want %x", ours.Hash, ctx, got, err, want)
		}
		sig := append([]byte(nil), got...)
		if rng.Intn(2) == 0 {
			sig[rng.Intn(64)] ^= 1 << uint(rng.Intn(8))
		}
		stdOK := ed25519.VerifyWithOptions(priv.Public().(ed25519.PublicKey), msg, sig, stdOpts) == nil
		if ok := VerifyWithOptions(ed25519.PublicKey(priv[32:]), msg, sig, ours) == nil; ok != stdOK {
			t.Errorf("VerifyWithOptions(hash %v, ctx %x): %v, crypto/ed25519 %v", ours.Hash, ctx, ok, stdOK)
		}
	}
}

func TestX25519AgainstCryptoECDH(t *testing.T) {
	rng := mrand.New(mrand.NewSource(5))
	for i := 0; i < 300; i++ {
		a, b := make([]byte, 32), make([]byte, 32)
		rng.Read(a)
		rng.Read(b)
		ka, _ := ecdh.X25519().NewPrivateKey(a)
		kb, _ := ecdh.X25519().NewPrivateKey(b)
		pa, err := X25519(a, Basepoint)
		if err != nil || !bytes.Equal(pa, ka.PublicKey().Bytes()) {
			t.Fatalf("public key %x, want %x", pa, ka.PublicKey().Bytes())
		}
		want, _ := ka.ECDH(kb.PublicKey())
		got, err := X25519(a, kb.PublicKey().Bytes())
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("shared %x, want %x", got, want)
		}
	}
	// Both refuse a low-order point.
	zero := make([]byte, 32)
	pk, _ := ecdh.X25519().NewPublicKey(zero)
	k, _ := ecdh.X25519().NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	if _, err := k.ECDH(pk); err == nil {
		t.Fatal("crypto/ecdh accepted u = 0")
	}
	if _, err := X25519(bytes.Repeat([]byte{7}, 32), zero); err == nil {
		t.Fatal("X25519 accepted u = 0")
	}
}
