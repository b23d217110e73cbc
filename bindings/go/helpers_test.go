// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// vectorsDir is tests/vectors of the checkout (F25519_VECTORS overrides it,
// as for the C tests).
func vectorsDir() string {
	if d := os.Getenv("F25519_VECTORS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "tests", "vectors")
}

func readVector(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(vectorsDir(), name))
	if err != nil {
		t.Fatalf("vector file: %v", err)
	}
	return b
}

func loadJSON(t testing.TB, name string, v interface{}) {
	t.Helper()
	if err := json.Unmarshal(readVector(t, name), v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("hex %q: %v", s, err)
	}
	return b
}

// sigCase is one (public key, message, signature) triple from a vector file.
type sigCase struct {
	name          string
	pub, msg, sig []byte
}

func speccheckCases(t testing.TB) []sigCase {
	var raw []struct{ Message, Pub_key, Signature string }
	loadJSON(t, "speccheck/cases.json", &raw)
	if len(raw) != 12 {
		t.Fatalf("speccheck: %d cases, want 12", len(raw))
	}
	out := make([]sigCase, len(raw))
	for i, c := range raw {
		out[i] = sigCase{name: "speccheck", pub: unhex(t, c.Pub_key), msg: unhex(t, c.Message), sig: unhex(t, c.Signature)}
	}
	return out
}

func zip215Cases(t testing.TB) []sigCase {
	var raw struct {
		Message string
		Cases   []struct {
			ID         int
			Public_key string
			Signature  string
		}
	}
	loadJSON(t, "zip215/zip215_small_order.json", &raw)
	if len(raw.Cases) != 196 {
		t.Fatalf("zip215: %d cases, want 196", len(raw.Cases))
	}
	msg := unhex(t, raw.Message)
	out := make([]sigCase, len(raw.Cases))
	for i, c := range raw.Cases {
		out[i] = sigCase{name: "zip215", pub: unhex(t, c.Public_key), msg: msg, sig: unhex(t, c.Signature)}
	}
	return out
}

type wycheEd struct {
	id            int
	valid         bool
	pub, msg, sig []byte
}

func wycheproofEd25519(t testing.TB) []wycheEd {
	var raw struct {
		TestGroups []struct {
			PublicKey struct{ Pk string }
			Tests     []struct {
				TcID             int
				Msg, Sig, Result string
			}
		}
	}
	loadJSON(t, "wycheproof/v1/ed25519_test.json", &raw)
	var out []wycheEd
	for _, g := range raw.TestGroups {
		pk := unhex(t, g.PublicKey.Pk)
		for _, c := range g.Tests {
			out = append(out, wycheEd{id: c.TcID, valid: c.Result == "valid", pub: pk,
				msg: unhex(t, c.Msg), sig: unhex(t, c.Sig)})
		}
	}
	if len(out) != 151 {
		t.Fatalf("wycheproof ed25519: %d cases, want 151", len(out))
	}
	return out
}

type supercopLine struct {
	seed, pub, msg, sig []byte
}

func supercop(t testing.TB) []supercopLine {
	var out []supercopLine
	for i, line := range bytes.Split(bytes.TrimRight(readVector(t, "supercop/sign.input"), "\n"), []byte("\n")) {
		f := bytes.Split(line, []byte(":"))
		if len(f) != 5 {
			t.Fatalf("sign.input line %d: %d fields", i+1, len(f))
		}
		sk, pk, msg, sm := unhex(t, string(f[0])), unhex(t, string(f[1])), unhex(t, string(f[2])), unhex(t, string(f[3]))
		if len(sk) != 64 || len(pk) != 32 || len(sm) != 64+len(msg) || !bytes.Equal(sm[64:], msg) {
			t.Fatalf("sign.input line %d: malformed", i+1)
		}
		out = append(out, supercopLine{seed: sk[:32], pub: pk, msg: msg, sig: sm[:64]})
	}
	if len(out) != 1024 {
		t.Fatalf("sign.input: %d lines, want 1024", len(out))
	}
	return out
}

var allModes = []Mode{ModeOpenSSL, ModeStrict, ModeZIP215}
