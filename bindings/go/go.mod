// SPDX-License-Identifier: Apache-2.0 OR MIT
module fast25519

go 1.19

require github.com/hdevalence/ed25519consensus v0.2.0

require filippo.io/edwards25519 v1.0.0 // indirect
