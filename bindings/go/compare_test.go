// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

import (
	"bytes"
	"crypto/ed25519"
	"math/big"
	mrand "math/rand"
	"testing"

	"github.com/hdevalence/ed25519consensus"
)

// groupOrder is L, the order of the prime-order subgroup (for building S + L).
var groupOrder, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func reverse(b []byte) []byte {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return r
}

// sPlusL returns sig with S replaced by S + L (same value mod L, not canonical).
func sPlusL(sig []byte) []byte {
	s := new(big.Int).SetBytes(reverse(sig[32:]))
	s.Add(s, groupOrder)
	out := append([]byte(nil), sig...)
	le := reverse(s.FillBytes(make([]byte, 32)))
	copy(out[32:], le)
	return out
}

// randomCases makes n (public key, message, signature) items signed by
// crypto/ed25519 and corrupted in assorted ways; smallOrder supplies keys
// and signatures of the ZIP-215 small-order set.
func randomCases(t testing.TB, rng *mrand.Rand, n int, smallOrder []sigCase) []sigCase {
	out := make([]sigCase, 0, n)
	for len(out) < n {
		seed := make([]byte, 32)
		rng.Read(seed)
		priv := ed25519.NewKeyFromSeed(seed)
		pub := ed25519.PublicKey(priv[32:])
		msg := make([]byte, rng.Intn(300))
		rng.Read(msg)
		sig := ed25519.Sign(priv, msg)
		c := sigCase{name: "valid", pub: append([]byte(nil), pub...), msg: msg, sig: sig}
		flip := func(b []byte) []byte {
			b = append([]byte(nil), b...)
			i := rng.Intn(len(b))
			b[i] ^= 1 << uint(rng.Intn(8))
			return b
		}
		switch k := rng.Intn(12); k {
		case 0, 1, 2, 3: // valid
		case 4:
			c.name, c.sig = "R bit", append(flip(sig[:32]), sig[32:]...)
		case 5:
			c.name, c.sig = "S bit", append(append([]byte(nil), sig[:32]...), flip(sig[32:])...)
		case 6:
			c.name = "message"
			if len(msg) == 0 {
				c.msg = []byte{0}
			} else {
				c.msg = flip(msg)
			}
		case 7:
			c.name, c.pub = "key bit", flip(c.pub)
		case 8:
			c.name, c.sig = "S+L", sPlusL(sig)
		case 9:
			c.name = "random sig"
			c.sig = make([]byte, 64)
			rng.Read(c.sig)
		case 10:
			c.name = "other key"
			other := make([]byte, 32)
			rng.Read(other)
			c.pub = ed25519.NewKeyFromSeed(other)[32:]
		case 11:
			if len(smallOrder) > 0 {
				so := smallOrder[rng.Intn(len(smallOrder))]
				c = sigCase{name: "small order", pub: so.pub, msg: so.msg, sig: so.sig}
				if rng.Intn(2) == 0 { // a small-order key under a real signature's R, S
					c = sigCase{name: "small-order key", pub: so.pub, msg: msg, sig: sig}
				}
			}
		}
		out = append(out, c)
	}
	return out
}

func TestAgainstCryptoEd25519(t *testing.T) {
	rng := mrand.New(mrand.NewSource(1))
	n := 3000
	if testing.Short() {
		n = 500
	}
	// Signing: byte for byte crypto/ed25519's, keys too.
	for i := 0; i < 300; i++ {
		seed := make([]byte, 32)
		rng.Read(seed)
		msg := make([]byte, rng.Intn(1000))
		rng.Read(msg)
		std := ed25519.NewKeyFromSeed(seed)
		ours := NewKeyFromSeed(seed)
		if !bytes.Equal(std, ours) {
			t.Fatalf("NewKeyFromSeed(%x): %x, want %x", seed, ours, std)
		}
		if s1, s2 := ed25519.Sign(std, msg), Sign(ours, msg); !bytes.Equal(s1, s2) {
			t.Fatalf("Sign: %x, want %x", s2, s1)
		}
	}
	valid, invalid := 0, 0
	for _, c := range randomCases(t, rng, n, zip215Cases(t)) {
		std := ed25519.Verify(c.pub, c.msg, c.sig)
		if ours := Verify(c.pub, c.msg, c.sig); ours != std {
			t.Errorf("%s: pub %x msg %x sig %x: fast25519 %v, crypto/ed25519 %v", c.name, c.pub, c.msg, c.sig, ours, std)
		}
		if std {
			valid++
		} else {
			invalid++
		}
	}
	t.Logf("%d valid, %d invalid: same verdicts", valid, invalid)
}

func TestAgainstEd25519Consensus(t *testing.T) {
	rng := mrand.New(mrand.NewSource(2))
	n := 3000
	if testing.Short() {
		n = 500
	}
	cases := append(randomCases(t, rng, n, zip215Cases(t)), zip215Cases(t)...)
	cases = append(cases, speccheckCases(t)...)
	valid := 0
	for _, c := range cases {
		zc := ed25519consensus.Verify(c.pub, c.msg, c.sig)
		if ours := VerifyMode(c.pub, c.msg, c.sig, ModeZIP215) == nil; ours != zc {
			t.Errorf("%s: pub %x msg %x sig %x: zip215 mode %v, ed25519consensus %v", c.name, c.pub, c.msg, c.sig, ours, zc)
		}
		if zc {
			valid++
		}
	}
	t.Logf("%d items, %d valid: same verdicts", len(cases), valid)
}
