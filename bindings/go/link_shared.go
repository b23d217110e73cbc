// SPDX-License-Identifier: Apache-2.0 OR MIT

//go:build !fast25519_static

package fast25519

// Default: link the shared library found by pkg-config (fast25519.pc). The
// program then needs libfast25519.so at run time (LD_LIBRARY_PATH, or the
// library installed where the dynamic linker looks). Build with
// -tags fast25519_static to put libfast25519.a into the program instead.

// #cgo pkg-config: fast25519
import "C"
