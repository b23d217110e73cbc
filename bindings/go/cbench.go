// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

// #include <stdlib.h>
// #include <string.h>
// #include <fast25519.h>
//
// /* The benchmarks' baseline: n items laid out in C memory once, then
//  * f25519_ed25519_verify_batch called with nothing of the binding around it. */
// typedef struct { size_t n; const uint8_t **sig, **msg, **pub; size_t *len; int *status; uint8_t *data; } cb_batch;
// static cb_batch *cb_new(size_t n, const uint8_t *data, size_t data_len, const size_t *off, const size_t *mlen) {
//     cb_batch *b = calloc(1, sizeof *b);
//     b->n = n;
//     b->sig = calloc(n, sizeof *b->sig); b->msg = calloc(n, sizeof *b->msg); b->pub = calloc(n, sizeof *b->pub);
//     b->len = calloc(n, sizeof *b->len); b->status = calloc(n, sizeof *b->status);
//     b->data = malloc(data_len + 1); memcpy(b->data, data, data_len);
//     for (size_t i = 0; i < n; i++) {
//         b->sig[i] = b->data + off[i]; b->pub[i] = b->data + off[i] + 64; b->msg[i] = b->data + off[i] + 96;
//         b->len[i] = mlen[i];
//     }
//     return b;
// }
// static int cb_run(cb_batch *b, int mode, unsigned threads) {
//     return f25519_ed25519_verify_batch(b->n, b->sig, b->msg, b->len, b->pub, mode, threads, b->status);
// }
// static void cb_free(cb_batch *b) {
//     free(b->sig); free(b->msg); free(b->pub); free(b->len); free(b->status); free(b->data); free(b);
// }
import "C"

import "unsafe"

// cBatch is used only by the benchmarks (bench_test.go) to time the C
// library's batch call alone, the baseline of the binding's overhead.
type cBatch struct{ p *C.cb_batch }

func newCBatch(v *BatchVerifier) cBatch {
	n := len(v.items)
	off := make([]C.size_t, n)
	mlen := make([]C.size_t, n)
	for i, it := range v.items {
		off[i], mlen[i] = C.size_t(it.off), C.size_t(it.msgLen)
	}
	return cBatch{C.cb_new(C.size_t(n), (*C.uint8_t)(unsafe.Pointer(&v.data[0])), C.size_t(len(v.data)), &off[0], &mlen[0])}
}

func (b cBatch) run(mode Mode, threads int) bool {
	return C.cb_run(b.p, C.int(mode), C.uint(threads)) == C.F25519_OK
}

func (b cBatch) free() { C.cb_free(b.p) }
