#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Generate ifma_base.c: fixed-base tables of the IFMA backend.

T_u(v) = 2^(4u) * v * B for the Ed25519 base point B, u = 0, 2, ..., 62 (the
even tables of Zhang et al., ENG25519, sec. 3.4 (docs/references.md), 32 of
them) and v = 1..8, stored as affine precomputed points (y + x, y - x,
2 d x y), canonical, in 5 radix-2^51 limbs.

Two layouts of the same points:
  f25519_ifma_base_table_8x1[52][15][16]: radix-32 tables of the 8x1 path,
      W_j(v) = 2^(5j) * v * B, j = 0..51, v = 1..16, [table][limb][v-1],
      limbs in the order ypx0..4, ymx0..4, xy2d0..4: two zmm rows hold limb
      i of the 16 entries, so a lane selects its entry with one in-register
      two-source permutation (vpermt2q).
  f25519_ifma_base_table_1x8[8][8][15][8]: [step][v-1][limb][lane]; lane l at step
      s reads table u = 8 l + s (ENG25519 eq. 8 with all 64 tables, so that no
      doubling is needed: each lane owns 8 consecutive tables).
Also the table of the 1x4 w-NAF double-scalar method:
  f25519_ifma_base_table_naf[256][5][4]: (2i + 1) * B for i = 0..255 (w = 10 NAF
      digits), 1x4 pre form: [limb][lane] with lanes y - x, y + x, 2dxy, 2.
Run: python3 gen_ifma_base.py > ifma_base.c
"""
p = 2**255 - 19
d = (-121665 * pow(121666, p - 2, p)) % p
Bx = 15112221349535400772501151409588531511454012693041857206046113283949847762202
By = 46316835694926478169428394003475163141307993866256225615783033603165251855960
assert (-Bx * Bx + By * By - 1 - d * Bx * Bx * By * By) % p == 0


def add(P, Q):
    (x1, y1), (x2, y2) = P, Q
    t = d * x1 * x2 * y1 * y2 % p
    x3 = (x1 * y2 + y1 * x2) * pow(1 + t, p - 2, p) % p
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, p - 2, p) % p
    return (x3, y3)


def mul(k, P):
    R = (0, 1)
    while k:
        if k & 1:
            R = add(R, P)
        P = add(P, P)
        k >>= 1
    return R


def limbs(v):
    return [(v >> (51 * i)) & (2**51 - 1) for i in range(5)]


def precomp(P):
    x, y = P
    return limbs((y + x) % p) + limbs((y - x) % p) + limbs(2 * d * x * y % p)


B = (Bx, By)
T = {}
for u in range(0, 64):
    base = mul(2 ** (4 * u), B)
    acc = (0, 1)
    for v in range(1, 9):
        acc = add(acc, base)
        T[(u, v)] = precomp(acc)

out = []
w = out.append
w("/* SPDX-License-Identifier: Apache-2.0 OR MIT */")
w("/* generated, do not edit: python3 tools/gen-tables/gen_ifma_base.py > src/tables/ifma_base.c")
w(" * (test tables_ifma_base regenerates and diffs it) */")
w("/* Fixed-base tables of the IFMA backend (affine precomputed points: y+x, y-x, 2dxy; limbs < 2^51). */")
w("#include <stdint.h>")
w('#include "tables/ifma_base.h"')
w("")
w("const uint64_t f25519_ifma_base_table_8x1[52][15][16] __attribute__((aligned(64))) = {")
for j in range(52):
    base = mul(2 ** (5 * j), B)
    pts = []
    acc = (0, 1)
    for v in range(1, 17):
        acc = add(acc, base)
        pts.append(precomp(acc))
    w("  {")
    for i in range(15):
        w("    {" + ", ".join("0x%013xULL" % pts[v][i] for v in range(16)) + "},")
    w("  },")
w("};")
w("")
w("const uint64_t f25519_ifma_base_table_1x8[8][8][15][8] __attribute__((aligned(64))) = {")
for s in range(8):
    w("  {")
    for v in range(1, 9):
        w("    {")
        for i in range(15):
            w("      {" + ", ".join("0x%013xULL" % T[(8 * l + s, v)][i] for l in range(8)) + "},")
        w("    },")
    w("  },")
w("};")
w("")
w("const uint64_t f25519_ifma_base_table_naf[256][5][4] __attribute__((aligned(64))) = {")
B2 = add(B, B)
acc = B
for i in range(256):
    x, y = acc
    lanes = [limbs((y - x) % p), limbs((y + x) % p), limbs(2 * d * x * y % p), limbs(2)]
    w("  {" + ", ".join("{" + ", ".join("0x%013xULL" % lanes[l][k] for l in range(4)) + "}" for k in range(5)) + "},")
    acc = add(acc, B2)
w("};")
print("\n".join(out))
