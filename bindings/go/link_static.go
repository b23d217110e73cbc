// SPDX-License-Identifier: Apache-2.0 OR MIT

//go:build fast25519_static

package fast25519

// -tags fast25519_static: link libfast25519.a (installed beside the shared
// library) into the program, which then runs without libfast25519.so. The
// archive is named first, so it supplies every f25519_ symbol; --as-needed
// then drops the shared library that pkg-config's -lfast25519 would add.
// -pthread is the archive's private dependency (Libs.private in the .pc).

// #cgo LDFLAGS: -l:libfast25519.a -pthread -Wl,--as-needed
// #cgo pkg-config: fast25519
import "C"
