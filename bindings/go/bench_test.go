// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

// go test -run '^$' -bench . -benchtime 0.5s (pin it: taskset -c 1). Every
// case reports ns/sig, the time per signature. The batch cases include Add
// (ed25519consensus hashes in Add). fast25519's batches run with Threads = 1,
// single-core like the others; c_batch is the C library's batch call alone
// on the same items, the baseline for the binding's own overhead.

import (
	"crypto/ed25519"
	"fmt"
	mrand "math/rand"
	"testing"
	"time"

	"github.com/hdevalence/ed25519consensus"
)

func benchItems(n int) []sigCase {
	rng := mrand.New(mrand.NewSource(int64(n)))
	out := make([]sigCase, n)
	for i := range out {
		seed := make([]byte, 32)
		rng.Read(seed)
		priv := ed25519.NewKeyFromSeed(seed)
		msg := make([]byte, 64)
		rng.Read(msg)
		out[i] = sigCase{pub: priv[32:], msg: msg, sig: ed25519.Sign(priv, msg)}
	}
	return out
}

// perSig reports the time per signature (testing.B.Elapsed needs Go 1.20).
func perSig(b *testing.B, n int, elapsed time.Duration) {
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(b.N)/float64(n), "ns/sig")
}

func BenchmarkVerify(b *testing.B) {
	for _, n := range []int{1, 64, 1024} {
		items := benchItems(n)
		run := func(name string, f func(b *testing.B)) {
			b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.ResetTimer()
				start := time.Now()
				f(b)
				perSig(b, n, time.Since(start))
			})
		}
		run("crypto_ed25519", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, c := range items {
					if !ed25519.Verify(c.pub, c.msg, c.sig) {
						b.Fatal("invalid")
					}
				}
			}
		})
		run("ed25519consensus_batch", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				v := ed25519consensus.NewPreallocatedBatchVerifier(n)
				for _, c := range items {
					v.Add(c.pub, c.msg, c.sig)
				}
				if !v.Verify() {
					b.Fatal("invalid")
				}
			}
		})
		run("fast25519_verify", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, c := range items {
					if !Verify(c.pub, c.msg, c.sig) {
						b.Fatal("invalid")
					}
				}
			}
		})
		for _, mode := range []Mode{ModeZIP215, ModeOpenSSL} {
			mode := mode
			run("fast25519_batch_"+mode.String(), func(b *testing.B) {
				v := NewBatchVerifierWithMode(mode)
				v.Threads = 1
				for i := 0; i < b.N; i++ {
					v.Reset()
					for _, c := range items {
						v.Add(c.pub, c.msg, c.sig)
					}
					if all, _ := v.Verify(); !all {
						b.Fatal("invalid")
					}
				}
			})
			run("c_batch_"+mode.String(), func(b *testing.B) {
				v := NewBatchVerifierWithMode(mode)
				for _, c := range items {
					v.Add(c.pub, c.msg, c.sig)
				}
				cb := newCBatch(&v)
				defer cb.free()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if !cb.run(mode, 1) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}
