// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

import (
	"errors"
	mrand "math/rand"
	"testing"

	"github.com/hdevalence/ed25519consensus"
)

func TestBatchEqualsSingle(t *testing.T) {
	rng := mrand.New(mrand.NewSource(3))
	small := zip215Cases(t)
	spec := speccheckCases(t)
	pool := NewVerifyPool(2)
	defer pool.Close()
	for _, n := range []int{1, 2, 7, 8, 9, 31, 64, 65, 200} {
		cases := randomCases(t, rng, n, small)
		// some vector cases and wrong lengths in the mix
		cases = append(cases, spec[rng.Intn(len(spec))], small[rng.Intn(len(small))])
		if n > 8 {
			cases = append(cases, sigCase{name: "short sig", pub: cases[0].pub, msg: cases[0].msg, sig: cases[0].sig[:63]},
				sigCase{name: "long key", pub: append(append([]byte(nil), cases[0].pub...), 0), msg: cases[0].msg, sig: cases[0].sig})
		}
		rng.Shuffle(len(cases), func(i, j int) { cases[i], cases[j] = cases[j], cases[i] })
		for _, mode := range allModes {
			for _, cfg := range []struct {
				name    string
				threads int
				pool    *VerifyPool
			}{{"threads=1", 1, nil}, {"threads=0", 0, nil}, {"pool", 0, pool}} {
				v := NewBatchVerifierWithMode(mode)
				v.Threads, v.Pool = cfg.threads, cfg.pool
				want := make([]error, len(cases))
				wantAll := true
				for i, c := range cases {
					v.Add(c.pub, c.msg, c.sig)
					want[i] = VerifyMode(c.pub, c.msg, c.sig, mode)
					wantAll = wantAll && want[i] == nil
				}
				errs := v.VerifyErrors()
				all, valid := v.Verify()
				if all != wantAll || len(valid) != len(cases) || len(errs) != len(cases) {
					t.Fatalf("n=%d %v %s: allValid %v, want %v", len(cases), mode, cfg.name, all, wantAll)
				}
				for i := range cases {
					if !errors.Is(errs[i], want[i]) && !(errs[i] == nil && want[i] == nil) {
						t.Errorf("n=%d %v %s item %d (%s): batch %v, single %v", len(cases), mode, cfg.name, i, cases[i].name, errs[i], want[i])
					}
					if valid[i] != (want[i] == nil) {
						t.Errorf("n=%d %v %s item %d: valid %v", len(cases), mode, cfg.name, i, valid[i])
					}
				}
				if mode == ModeZIP215 {
					zc := ed25519consensus.NewBatchVerifier()
					for _, c := range cases {
						zc.Add(c.pub, c.msg, c.sig)
					}
					if got := zc.Verify(); got != all {
						t.Errorf("n=%d: ed25519consensus batch %v, fast25519 %v", len(cases), got, all)
					}
				}
			}
		}
	}
}

func TestBatchAllValidAndVectors(t *testing.T) {
	// The 196 small-order cases and SUPERCOP's 1024 lines are valid ZIP-215
	// items: one batch of all of them (several chunks of eight, mixed keys).
	v := NewBatchVerifier()
	for _, c := range zip215Cases(t) {
		v.Add(c.pub, c.msg, c.sig)
	}
	for _, l := range supercop(t) {
		v.Add(l.pub, l.msg, l.sig)
	}
	if all, valid := v.Verify(); !all || len(valid) != 196+1024 {
		t.Fatalf("allValid %v, %d verdicts", all, len(valid))
	}
	// Reset keeps nothing; an empty batch is not "all valid" (as ed25519consensus).
	v.Reset()
	if all, valid := v.Verify(); all || len(valid) != 0 || v.Len() != 0 {
		t.Fatalf("empty batch: %v %v", all, valid)
	}
	// Add copies its inputs.
	c := zip215Cases(t)[0]
	sig := append([]byte(nil), c.sig...)
	v.Add(c.pub, c.msg, sig)
	sig[40] ^= 1
	if all, _ := v.Verify(); !all {
		t.Fatal("Add kept a reference to the signature")
	}
}

func TestBatchUnknownMode(t *testing.T) {
	c := speccheckCases(t)[0]
	v := NewBatchVerifierWithMode(Mode(7))
	v.Add(c.pub, c.msg, c.sig)
	if errs := v.VerifyErrors(); !errors.Is(errs[0], ErrArg) {
		t.Fatalf("unknown mode: %v", errs[0])
	}
	if err := VerifyMode(c.pub, c.msg, c.sig, Mode(7)); !errors.Is(err, ErrArg) {
		t.Fatalf("unknown mode: %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	// Goroutines verifying at once, single and batch, sharing one pool.
	pool := NewVerifyPool(2)
	defer pool.Close()
	small := zip215Cases(t)
	done := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			rng := mrand.New(mrand.NewSource(int64(100 + g)))
			for round := 0; round < 5; round++ {
				cases := randomCases(t, rng, 40, small)
				mode := allModes[(g+round)%3]
				v := NewBatchVerifierWithMode(mode)
				if g%2 == 0 {
					v.Pool = pool
				}
				for _, c := range cases {
					v.Add(c.pub, c.msg, c.sig)
				}
				_, valid := v.Verify()
				for i, c := range cases {
					if valid[i] != (VerifyMode(c.pub, c.msg, c.sig, mode) == nil) {
						done <- errors.New("batch != single under concurrency")
						return
					}
				}
			}
			done <- nil
		}(g)
	}
	for g := 0; g < 8; g++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
