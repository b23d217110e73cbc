// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

// #include <stdlib.h>
// #include <fast25519.h>
import "C"

import (
	"crypto/ed25519"
	"runtime"
	"sync"
	"unsafe"
)

// BatchVerifier collects (public key, message, signature) items with Add and
// verifies them together with Verify, returning a verdict per item that is
// exactly single verification's (VerifyMode with the same Mode) -- keys and
// messages may all differ. The shape is ed25519consensus.BatchVerifier's.
//
// Mode is the rule set (NewBatchVerifier: ModeZIP215, ed25519consensus's
// rules; NewBatchVerifierWithMode for the others). In ModeZIP215 the library
// checks the items by one random linear combination and falls back to item
// by item only when it fails; in ModeOpenSSL and ModeStrict every item is
// verified on its own, eight at a time in vector lanes.
//
// Threads is the number of threads the call uses: 0 = one per online CPU,
// 1 = the calling goroutine's thread only. Pool, when set, verifies on a
// VerifyPool's threads instead (Threads is then ignored).
//
// A BatchVerifier is not safe for concurrent use; separate verifiers are.
type BatchVerifier struct {
	Mode    Mode
	Threads int
	Pool    *VerifyPool

	data  []byte // sig || public key || message, item after item
	items []batchItem
}

type batchItem struct {
	off    int // offset of sig in data; -1: wrong length (ErrLength)
	msgLen int
}

// NewBatchVerifier returns an empty BatchVerifier with ZIP-215 rules, as
// ed25519consensus.NewBatchVerifier.
func NewBatchVerifier() BatchVerifier {
	return BatchVerifier{Mode: ModeZIP215}
}

// NewBatchVerifierWithMode returns an empty BatchVerifier with mode's rules.
func NewBatchVerifierWithMode(mode Mode) BatchVerifier {
	return BatchVerifier{Mode: mode}
}

// NewPreallocatedBatchVerifier returns an empty ZIP-215 BatchVerifier with
// room for size items of about 64-byte messages.
func NewPreallocatedBatchVerifier(size int) BatchVerifier {
	return BatchVerifier{Mode: ModeZIP215, items: make([]batchItem, 0, size),
		data: make([]byte, 0, size*(SignatureSize+PublicKeySize+64))}
}

// Add appends an item. It keeps no reference to its arguments (they are
// copied). An item whose key or signature has the wrong length is kept and
// reported invalid (ErrLength) by Verify.
func (v *BatchVerifier) Add(publicKey ed25519.PublicKey, message, sig []byte) {
	if len(publicKey) != PublicKeySize || len(sig) != SignatureSize {
		v.items = append(v.items, batchItem{off: -1})
		return
	}
	off := len(v.data)
	v.data = append(v.data, sig...)
	v.data = append(v.data, publicKey...)
	v.data = append(v.data, message...)
	v.items = append(v.items, batchItem{off: off, msgLen: len(message)})
}

// Len returns the number of items added.
func (v *BatchVerifier) Len() int { return len(v.items) }

// Reset removes every item, keeping the memory for the next batch.
func (v *BatchVerifier) Reset() {
	v.items = v.items[:0]
	v.data = v.data[:0]
}

// Verify verifies every item: allValid is true when all are valid, and
// valid[i] is item i's verdict (that of VerifyMode(..., v.Mode) == nil). As
// in ed25519consensus, an empty batch returns allValid false.
func (v *BatchVerifier) Verify() (allValid bool, valid []bool) {
	errs := v.VerifyErrors()
	valid = make([]bool, len(errs))
	allValid = len(errs) > 0
	for i, e := range errs {
		valid[i] = e == nil
		allValid = allValid && valid[i]
	}
	return allValid, valid
}

// VerifyErrors verifies every item and returns item i's result in errs[i]:
// nil when valid, else the error VerifyMode returns for it (ErrEncoding,
// ErrSmallOrder, ErrVerify, ErrLength; ErrArg for an unknown mode,
// ErrUnsupported when FAST25519_BACKEND forced a missing backend).
func (v *BatchVerifier) VerifyErrors() []error {
	n := len(v.items)
	errs := make([]error, n)
	good := make([]int, 0, n)
	for i, it := range v.items {
		if it.off < 0 {
			errs[i] = ErrLength
		} else {
			good = append(good, i)
		}
	}
	m := len(good)
	if m == 0 {
		return errs
	}
	// The C call takes arrays of pointers. Go memory holding Go pointers may
	// not be passed to C, so the arrays and the bytes they point to are laid
	// out in one C allocation: pointers (3m), lengths (m), statuses (m), data.
	ptrSize := unsafe.Sizeof(uintptr(0))
	head := uintptr(m) * (3*ptrSize + unsafe.Sizeof(C.size_t(0)) + unsafe.Sizeof(C.int(0)))
	head = (head + 15) &^ 15
	block := C.malloc(C.size_t(head) + C.size_t(len(v.data)) + 1)
	if block == nil {
		panic("fast25519: out of memory")
	}
	defer C.free(block)
	at := func(off uintptr) unsafe.Pointer { return unsafe.Add(block, off) }
	szSize := unsafe.Sizeof(C.size_t(0))
	um := uintptr(m)
	sigs := unsafe.Slice((**C.uint8_t)(block), m)
	msgs := unsafe.Slice((**C.uint8_t)(at(um*ptrSize)), m)
	pubs := unsafe.Slice((**C.uint8_t)(at(2*um*ptrSize)), m)
	lens := unsafe.Slice((*C.size_t)(at(3*um*ptrSize)), m)
	stat := unsafe.Slice((*C.int)(at(3*um*ptrSize+um*szSize)), m)
	copy(unsafe.Slice((*byte)(at(head)), len(v.data)), v.data)
	for j, i := range good {
		off := head + uintptr(v.items[i].off)
		sigs[j] = (*C.uint8_t)(at(off))
		pubs[j] = (*C.uint8_t)(at(off + SignatureSize))
		msgs[j] = (*C.uint8_t)(at(off + SignatureSize + PublicKeySize))
		lens[j] = C.size_t(v.items[i].msgLen)
	}
	if v.Pool != nil {
		v.Pool.mu.RLock()
		C.f25519_ed25519_verify_batch_pool(v.Pool.p, C.size_t(m), &sigs[0], &msgs[0], &lens[0],
			&pubs[0], C.int(v.Mode), &stat[0])
		v.Pool.mu.RUnlock()
	} else {
		threads := v.Threads
		if threads < 0 {
			threads = 1
		}
		C.f25519_ed25519_verify_batch(C.size_t(m), &sigs[0], &msgs[0], &lens[0],
			&pubs[0], C.int(v.Mode), C.uint(threads), &stat[0])
	}
	for j, i := range good {
		errs[i] = codeErr(stat[j], "")
	}
	return errs
}

// VerifyPool keeps helper threads between batch verifications (the C
// library's f25519_verify_pool): use one when verifying batch after batch.
// Set BatchVerifier.Pool to use it. Verify calls from several goroutines
// may share a pool: while one uses its threads, the others verify on their
// own thread alone (same results). Close stops the threads.
type VerifyPool struct {
	mu sync.RWMutex // held for reading by Verify, for writing by Close
	p  *C.f25519_verify_pool
}

// NewVerifyPool starts a pool of threads members (0 = one per online CPU):
// threads-1 helper threads plus the calling thread of each Verify.
func NewVerifyPool(threads int) *VerifyPool {
	if threads < 0 {
		threads = 1
	}
	p := C.f25519_verify_pool_new(C.uint(threads))
	if p == nil {
		panic("fast25519: out of memory")
	}
	vp := &VerifyPool{p: p}
	runtime.SetFinalizer(vp, (*VerifyPool).Close)
	return vp
}

// Threads returns the pool's members (helpers + 1).
func (vp *VerifyPool) Threads() int {
	vp.mu.RLock()
	defer vp.mu.RUnlock()
	return int(C.f25519_verify_pool_threads(vp.p))
}

// Close stops and joins the pool's helper threads. A closed pool still
// works, on the calling thread alone.
func (vp *VerifyPool) Close() {
	vp.mu.Lock()
	defer vp.mu.Unlock()
	if vp.p != nil {
		C.f25519_verify_pool_free(vp.p)
		vp.p = nil
	}
	runtime.SetFinalizer(vp, nil)
}
