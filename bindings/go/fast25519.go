// SPDX-License-Identifier: Apache-2.0 OR MIT

// Package fast25519 is the Go binding of the fast25519 C library: Ed25519
// (RFC 8032) signing and verification under three rule sets, batch
// verification with a verdict per signature, and X25519 (RFC 7748).
//
// Every operation is a cgo call into libfast25519; nothing is computed in Go.
// The library picks its backend (portable C, MULX/ADX, AVX2,
// AVX-512IFMA) from CPUID on first use, so the same program runs on any
// x86-64 CPU; FAST25519_BACKEND=portable forces the portable code.
//
// Names follow crypto/ed25519 (Verify, Sign, GenerateKey, NewKeyFromSeed,
// Options), github.com/hdevalence/ed25519consensus (BatchVerifier) and
// golang.org/x/crypto/curve25519 (X25519), so code switches by changing its
// imports.
package fast25519

// #include <stdlib.h>
// #include <fast25519.h>
import "C"

import (
	"fmt"
	"unsafe"
)

// Error is a status code of the C library (F25519_ERR_*) with its message
// (f25519_strerror). errors.Is(err, ErrVerify) and the like compare codes, so
// an error carrying a detail (Op, Detail) still matches its sentinel.
type Error struct {
	Code   int    // the F25519_ERR_* value (negative)
	Op     string // the operation, e.g. "X25519" (may be empty)
	Detail string // extra detail, e.g. the wrong length (may be empty)
}

func (e *Error) Error() string {
	s := "fast25519: "
	if e.Op != "" {
		s += e.Op + ": "
	}
	s += C.GoString(C.f25519_strerror(C.int(e.Code)))
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Is reports whether target is an *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Sentinel errors, one per F25519_ERR_* code, for errors.Is.
var (
	ErrLength      = &Error{Code: C.F25519_ERR_LENGTH}      // an input has the wrong length
	ErrEncoding    = &Error{Code: C.F25519_ERR_ENCODING}    // invalid or non-canonical encoding, S >= L
	ErrSmallOrder  = &Error{Code: C.F25519_ERR_SMALL_ORDER} // small-order point (ModeStrict)
	ErrVerify      = &Error{Code: C.F25519_ERR_VERIFY}      // the signature does not verify
	ErrZeroShared  = &Error{Code: C.F25519_ERR_ZERO_SHARED} // X25519 result all zero: low-order point
	ErrUnsupported = &Error{Code: C.F25519_ERR_UNSUPPORTED} // backend missing on this CPU/build
	ErrArg         = &Error{Code: C.F25519_ERR_ARG}         // bad argument (unknown mode, name, ...)
	ErrRandom      = &Error{Code: C.F25519_ERR_RANDOM}      // the OS random source failed
)

// ErrLowOrderPoint is ErrZeroShared under the name crypto/ecdh and
// x/crypto/curve25519 users look for.
var ErrLowOrderPoint = ErrZeroShared

var sentinels = map[int]*Error{
	C.F25519_ERR_LENGTH: ErrLength, C.F25519_ERR_ENCODING: ErrEncoding,
	C.F25519_ERR_SMALL_ORDER: ErrSmallOrder, C.F25519_ERR_VERIFY: ErrVerify,
	C.F25519_ERR_ZERO_SHARED: ErrZeroShared, C.F25519_ERR_UNSUPPORTED: ErrUnsupported,
	C.F25519_ERR_ARG: ErrArg, C.F25519_ERR_RANDOM: ErrRandom,
}

// codeErr maps a C status to nil (F25519_OK) or an error.
func codeErr(rc C.int, op string) error {
	if rc == C.F25519_OK {
		return nil
	}
	if op == "" {
		if s, ok := sentinels[int(rc)]; ok {
			return s
		}
	}
	return &Error{Code: int(rc), Op: op}
}

func lengthErr(op, what string, got, want int) error {
	return &Error{Code: C.F25519_ERR_LENGTH, Op: op,
		Detail: fmt.Sprintf("%s length %d, expected %d", what, got, want)}
}

// Backend returns the backend in use: "portable", "mulx", "avx2" or
// "ifma" ("unsupported" when FAST25519_BACKEND forced one this CPU lacks).
func Backend() string { return C.GoString(C.f25519_backend()) }

// BackendAvailable reports whether the named backend can run here.
func BackendAvailable(name string) bool {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.f25519_backend_available(cs) == 1
}

// SelectBackend switches the process-wide backend ("portable",
// "mulx", "avx2", "ifma", or "auto" for the CPUID choice). It returns
// ErrUnsupported (the previous choice stays) or ErrArg (unknown name). Call
// it before other goroutines use the package.
func SelectBackend(name string) error {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return codeErr(C.f25519_select_backend(cs), "")
}

// Version returns the loaded C library's version ("MAJOR.MINOR.PATCH").
func Version() string { return C.GoString(C.f25519_version()) }
