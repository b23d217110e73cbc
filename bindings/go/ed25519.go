// SPDX-License-Identifier: Apache-2.0 OR MIT

package fast25519

// #include <fast25519.h>
import "C"

import (
	"crypto"
	"crypto/ed25519"
	"io"
	"strconv"
	"unsafe"
)

// Sizes, as in crypto/ed25519.
const (
	PublicKeySize  = ed25519.PublicKeySize  // 32
	PrivateKeySize = ed25519.PrivateKeySize // 64: seed || public key
	SignatureSize  = ed25519.SignatureSize  // 64
	SeedSize       = ed25519.SeedSize       // 32
)

// Mode is a verification rule set (F25519_VERIFY_*).
type Mode int

const (
	// ModeOpenSSL: OpenSSL 3's verdicts, which are crypto/ed25519's:
	// cofactorless equation, S < L, canonical R; a non-canonical A is accepted
	// and hashed as given; small-order A and R are accepted.
	ModeOpenSSL Mode = C.F25519_VERIFY_OPENSSL
	// ModeStrict: RFC 8032 strict plus libsodium's rules: canonical A and R,
	// small-order A or R rejected (ErrSmallOrder), S < L, cofactorless.
	ModeStrict Mode = C.F25519_VERIFY_STRICT
	// ModeZIP215: the ZIP-215 consensus rules (ed25519consensus): cofactored
	// equation, non-canonical A and R accepted, S < L.
	ModeZIP215 Mode = C.F25519_VERIFY_ZIP215
)

func (m Mode) String() string {
	switch m {
	case ModeOpenSSL:
		return "openssl"
	case ModeStrict:
		return "strict"
	case ModeZIP215:
		return "zip215"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// Options selects the rules and the RFC 8032 variant for VerifyWithOptions
// and SignWithOptions. Hash and Context mean what they mean in
// crypto/ed25519.Options:
//   - Hash 0, Context "": pure Ed25519;
//   - Hash 0, Context non-empty: Ed25519ctx;
//   - Hash crypto.SHA512: Ed25519ph, and the message passed is the SHA-512
//     digest of the real message (64 bytes), with Context (may be empty).
//
// Mode applies to verification only; the zero value is ModeOpenSSL.
type Options struct {
	Mode    Mode
	Hash    crypto.Hash
	Context string
}

// HashFunc returns o.Hash (so *Options is a crypto.SignerOpts).
func (o *Options) HashFunc() crypto.Hash { return o.Hash }

func bytePtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

func strPtr(s string) *C.uint8_t {
	if len(s) == 0 {
		return nil
	}
	b := []byte(s)
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

// variant maps Options to F25519_ED25519* (and an error for an unknown Hash).
func (o *Options) variant(op string) (C.int, error) {
	switch {
	case o.Hash == crypto.SHA512:
		return C.F25519_ED25519PH_HASHED, nil
	case o.Hash != 0:
		return 0, &Error{Code: C.F25519_ERR_ARG, Op: op, Detail: "Hash must be 0 or crypto.SHA512"}
	case o.Context != "":
		return C.F25519_ED25519CTX, nil
	}
	return C.F25519_ED25519, nil
}

// Verify reports whether sig is a valid signature of message by publicKey,
// with crypto/ed25519's rules (ModeOpenSSL). Unlike crypto/ed25519.Verify it
// does not panic on a public key of the wrong length: it returns false.
func Verify(publicKey ed25519.PublicKey, message, sig []byte) bool {
	return VerifyMode(publicKey, message, sig, ModeOpenSSL) == nil
}

// VerifyMode verifies a pure Ed25519 signature under mode. It returns nil
// when the signature is valid, else ErrLength, ErrEncoding, ErrSmallOrder,
// ErrVerify or ErrArg (unknown mode); compare with errors.Is.
func VerifyMode(publicKey ed25519.PublicKey, message, sig []byte, mode Mode) error {
	if len(publicKey) != PublicKeySize {
		return lengthErr("", "public key", len(publicKey), PublicKeySize)
	}
	if len(sig) != SignatureSize {
		return lengthErr("", "signature", len(sig), SignatureSize)
	}
	rc := C.f25519_ed25519_verify(bytePtr(sig), C.size_t(len(sig)),
		bytePtr(message), C.size_t(len(message)),
		bytePtr(publicKey), C.size_t(len(publicKey)), C.int(mode))
	return codeErr(rc, "")
}

// VerifyWithOptions verifies sig under opts (the mode and the variant; see
// Options), returning nil if valid and an error saying why not otherwise. A
// nil opts is &Options{} (pure Ed25519, ModeOpenSSL).
func VerifyWithOptions(publicKey ed25519.PublicKey, message, sig []byte, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	v, err := opts.variant("")
	if err != nil {
		return err
	}
	if v == C.F25519_ED25519 {
		return VerifyMode(publicKey, message, sig, opts.Mode)
	}
	if len(publicKey) != PublicKeySize {
		return lengthErr("", "public key", len(publicKey), PublicKeySize)
	}
	if len(sig) != SignatureSize {
		return lengthErr("", "signature", len(sig), SignatureSize)
	}
	if v == C.F25519_ED25519PH_HASHED && len(message) != 64 {
		return lengthErr("", "Ed25519ph message digest", len(message), 64)
	}
	if len(opts.Context) > 255 {
		return lengthErr("", "context", len(opts.Context), 255)
	}
	rc := C.f25519_ed25519_verify_ex(bytePtr(sig), C.size_t(len(sig)),
		bytePtr(message), C.size_t(len(message)),
		bytePtr(publicKey), C.size_t(len(publicKey)), C.int(opts.Mode),
		v, strPtr(opts.Context), C.size_t(len(opts.Context)))
	return codeErr(rc, "")
}

// GenerateKey returns a new key pair. With rand nil the seed comes from the
// library's OS random source; otherwise SeedSize bytes are read from rand,
// as crypto/ed25519.GenerateKey does.
func GenerateKey(rand io.Reader) (ed25519.PublicKey, ed25519.PrivateKey, error) {
	priv := make([]byte, PrivateKeySize)
	if rand == nil {
		rc := C.f25519_ed25519_keygen(bytePtr(priv[:32]), bytePtr(priv[32:]))
		if err := codeErr(rc, "GenerateKey"); err != nil {
			return nil, nil, err
		}
	} else {
		if _, err := io.ReadFull(rand, priv[:32]); err != nil {
			return nil, nil, err
		}
		if err := codeErr(C.f25519_ed25519_public(bytePtr(priv[32:]), bytePtr(priv[:32])), "GenerateKey"); err != nil {
			return nil, nil, err
		}
	}
	pub := make([]byte, PublicKeySize)
	copy(pub, priv[32:])
	return pub, priv, nil
}

// NewKeyFromSeed returns the private key (seed || public key) of a 32-byte
// seed. It panics if len(seed) != SeedSize, as crypto/ed25519 does.
func NewKeyFromSeed(seed []byte) ed25519.PrivateKey {
	if len(seed) != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(len(seed)))
	}
	priv := make([]byte, PrivateKeySize)
	copy(priv, seed)
	if rc := C.f25519_ed25519_public(bytePtr(priv[32:]), bytePtr(priv[:32])); rc != C.F25519_OK {
		panic(codeErr(rc, "NewKeyFromSeed").Error())
	}
	return priv
}

// Sign signs message with privateKey (seed || public key, as from
// GenerateKey or NewKeyFromSeed) and returns the signature, byte for byte
// crypto/ed25519's. Like crypto/ed25519 it uses the public half of
// privateKey as given: never build a private key from an untrusted public
// key. It panics if len(privateKey) != PrivateKeySize.
func Sign(privateKey ed25519.PrivateKey, message []byte) []byte {
	if len(privateKey) != PrivateKeySize {
		panic("ed25519: bad private key length: " + strconv.Itoa(len(privateKey)))
	}
	sig := make([]byte, SignatureSize)
	rc := C.f25519_ed25519_sign(bytePtr(sig), bytePtr(message), C.size_t(len(message)),
		bytePtr(privateKey[:32]), bytePtr(privateKey[32:]))
	if rc != C.F25519_OK {
		panic(codeErr(rc, "Sign").Error())
	}
	return sig
}

// SignWithOptions signs with the variant opts selects (see Options; Mode is
// ignored). It returns ErrLength for a wrong key length, a context longer
// than 255 bytes, an empty Context for Ed25519ctx... as the library says.
func SignWithOptions(privateKey ed25519.PrivateKey, message []byte, opts *Options) ([]byte, error) {
	if opts == nil {
		opts = &Options{}
	}
	if len(privateKey) != PrivateKeySize {
		return nil, lengthErr("Sign", "private key", len(privateKey), PrivateKeySize)
	}
	v, err := opts.variant("Sign")
	if err != nil {
		return nil, err
	}
	if v == C.F25519_ED25519PH_HASHED && len(message) != 64 {
		return nil, lengthErr("Sign", "Ed25519ph message digest", len(message), 64)
	}
	sig := make([]byte, SignatureSize)
	rc := C.f25519_ed25519_sign_ex(bytePtr(sig), bytePtr(message), C.size_t(len(message)),
		bytePtr(privateKey[:32]), bytePtr(privateKey[32:]), v,
		strPtr(opts.Context), C.size_t(len(opts.Context)))
	if err := codeErr(rc, "Sign"); err != nil {
		return nil, err
	}
	return sig, nil
}

// PublicKeyFromSeed returns the public key of a 32-byte seed.
func PublicKeyFromSeed(seed []byte) (ed25519.PublicKey, error) {
	if len(seed) != SeedSize {
		return nil, lengthErr("PublicKeyFromSeed", "seed", len(seed), SeedSize)
	}
	pub := make([]byte, PublicKeySize)
	return pub, codeErr(C.f25519_ed25519_public(bytePtr(pub), bytePtr(seed)), "PublicKeyFromSeed")
}
