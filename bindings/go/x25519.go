// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

// #include <fast25519.h>
import "C"

// Sizes for X25519 (as in golang.org/x/crypto/curve25519).
const (
	ScalarSize = 32 // an X25519 private key
	PointSize  = 32 // an X25519 public key (u-coordinate) or shared secret
)

// Basepoint is the canonical Curve25519 generator (u = 9).
var Basepoint = []byte{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}

// X25519 returns the result of the scalar multiplication (scalar * point),
// according to RFC 7748, Section 5, as golang.org/x/crypto/curve25519's
// X25519 does. scalar, point and the return value are 32-byte slices. When
// point is Basepoint, the result is scalar's public key.
//
// Errors (compare with errors.Is): ErrLength if scalar or point is not 32
// bytes; ErrZeroShared (also named ErrLowOrderPoint) if the result is all
// zero, which happens for a low-order point (crypto/ecdh and curve25519
// refuse it the same way, and so must a protocol following RFC 8446).
func X25519(scalar, point []byte) ([]byte, error) {
	if len(scalar) != ScalarSize {
		return nil, lengthErr("X25519", "scalar", len(scalar), ScalarSize)
	}
	if len(point) != PointSize {
		return nil, lengthErr("X25519", "point", len(point), PointSize)
	}
	out := make([]byte, PointSize)
	var rc C.int
	if &point[0] == &Basepoint[0] {
		rc = C.f25519_x25519_public(bytePtr(out), bytePtr(scalar))
	} else {
		rc = C.f25519_x25519_derive(bytePtr(out), bytePtr(scalar), bytePtr(point), C.size_t(len(point)))
	}
	if err := codeErr(rc, "X25519"); err != nil {
		return nil, err
	}
	return out, nil
}

// X25519GenerateKey returns a fresh private key (32 random bytes from the
// OS random source; clamping happens when it is used) and its public key.
func X25519GenerateKey() (private, public []byte, err error) {
	private = make([]byte, ScalarSize)
	public = make([]byte, PointSize)
	if err := codeErr(C.f25519_x25519_keygen(bytePtr(private), bytePtr(public)), "X25519GenerateKey"); err != nil {
		return nil, nil, err
	}
	return private, public, nil
}
