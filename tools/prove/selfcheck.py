#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Self-check of the prover: deliberately broken copies of the sources
must be rejected. Each case copies src/ and tools/prove/units/ into a temporary
root, applies one textual mutation (which must match exactly once), runs the
prover on the routines concerned and expects the named property to FAIL while
the same routines pass on the unmodified tree (run by prove.py itself).

  selfcheck.py [--root DIR]      exit 0 iff every broken copy is rejected
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# (name, file, old, new, routines, property expected to fail[, the routine that must fail])
CASES = [
    ('portable: carry dropped (fe51i_carry h1 -> h2)', 'src/field/fe51_inline.h',
     '    h2 += h1 >> 51; h1 &= FE51_MASK;\n', '    h1 &= FE51_MASK;\n', ['fe51_carry'], 'c'),
    ('portable: fold constant 19 -> 18 (fe51i_reduce128)', 'src/field/fe51_inline.h',
     '    h0 += c * 19;\n', '    h0 += c * 18;\n', ['fe51_mul', 'fe51_sqr'], 'c'),
    ('portable: carry r0 -> r1 dropped (fe51i_reduce128)', 'src/field/fe51_inline.h',
     '    r1 += (uint64_t)(r0 >> 51);\n', '', ['fe51_mul'], 'c'),
    ('portable: 2p constant off by one (fe51i_sub)', 'src/field/fe51_inline.h',
     '#define FE51_2P0 ((uint64_t)0xfffffffffffda)', '#define FE51_2P0 ((uint64_t)0xfffffffffffdb)',
     ['fe51_sub'], 'c'),
    ('portable: output bound one bit too small (bounds.toml fe51_mul)', 'src/field/bounds.toml',
     'args = ["h: out fe51", "f: in fe51 < 2^54", "g: in fe51 < 2^54"]\nout = "h < R51"',
     'args = ["h: out fe51", "f: in fe51 < 2^54", "g: in fe51 < 2^54"]\nout = "h < 2^50 + 2^12"',
     ['fe51_mul'], 'b'),
    ('portable: input bound one bit too large (bounds.toml fe51_sub g)', 'src/field/bounds.toml',
     '"f: in fe51 < 2^63", "g: in fe51 <= 2^52 - 38"]', '"f: in fe51 < 2^63", "g: in fe51 <= 2^53 - 38"]',
     ['fe51_sub'], 'a'),
    ('portable: chain exponent (pow_chain.h 2^5 -> 2^4)', 'src/field/pow_chain.h',
     '        SQRN(t1, t0, 5);                                                                           \\',
     '        SQRN(t1, t0, 4);                                                                           \\',
     ['fe51_mul', 'fe51_sqr', 'fe51_invert'], 'c'),
    ('portable: canonical test constant 19 -> 18 (fe51_tobytes q)', 'src/field/fe51.c',
     '    uint64_t q = (h0 + 19) >> 51;\n', '    uint64_t q = (h0 + 18) >> 51;\n', ['fe51_tobytes'], 'c'),
    ('portable: bit 254 dropped in the encoding (fe51_tobytes)', 'src/field/fe51.c',
     '    h4 &= FE51_MASK; /*', '    h4 &= FE51_MASK >> 1; /*', ['fe51_tobytes'], 'c'),
    ('ifma8: fold constant 19 -> 18 (fe8_x19)', 'src/backend/ifma/fe51x8_ifma.h',
     'return _mm512_add_epi64(_mm512_add_epi64(x, _mm512_slli_epi64(x, 1)), _mm512_slli_epi64(x, 4));',
     'return _mm512_add_epi64(_mm512_slli_epi64(x, 1), _mm512_slli_epi64(x, 4));',
     ['fe8_mul', 'fe8_sqr'], 'c'),
    ('ifma8: carry dropped (fe8_carry c1)', 'src/backend/ifma/fe51x8_ifma.h',
     'h->v[2] = _mm512_add_epi64(_mm512_and_si512(f->v[2], m), c1);',
     'h->v[2] = _mm512_and_si512(f->v[2], m);', ['fe8_carry'], 'c'),
    ('ifma8: multiplicand bound one bit too large (bounds.toml fe8_mul)', 'src/field/bounds.toml',
     'function = "fe8_mul_f"\nargs = ["h: out fe51x8", "f: in fe51x8 < 2^52", "g: in fe51x8 < 2^52"]',
     'function = "fe8_mul_f"\nargs = ["h: out fe51x8", "f: in fe51x8 < 2^53", "g: in fe51x8 < 2^52"]',
     ['fe8_mul'], 'a'),
    ('ifma8: output bound one bit too small (bounds.toml fe8_sqr)', 'src/field/bounds.toml',
     'function = "fe8_sqr_f"\nargs = ["h: out fe51x8", "f: in fe51x8 < 2^52"]\nout = "h < R8"',
     'function = "fe8_sqr_f"\nargs = ["h: out fe51x8", "f: in fe51x8 < 2^52"]\nout = "h < 2^50 + 2^13"',
     ['fe8_sqr'], 'b'),
    ('mulx: fold constant 38 -> 37 (FE64_REDUCE_ASM)', 'src/backend/mulx/fe64_mulx.h',
     '"movl $38, %%edx\\n\\t" \\', '"movl $37, %%edx\\n\\t" \\', ['fe64_mul'], 'c'),
    ('mulx: carry dropped at the end of row 1 (fe64_mul)', 'src/backend/mulx/fe64_mulx.h',
     '        "adcx %%rax, %[t5]\\n\\t"\n        /* row 2', '        /* row 2', ['fe64_mul'], 'a'),
    ('mulx: second fold dropped (fe64_add)', 'src/backend/mulx/fe64_mulx.h',
     '            FE64_CARRY38_ASM("%%rax") /* the second fold of fe64_add */ "addq %%rax, %[t0]\\n\\t"\n',
     '            /* the second fold of fe64_add dropped */\n', ['fe64_add'], 'a'),
    ('mulx: row 2 reads word 3 of g for word 2 (fe64_mul "m" operands)', 'src/backend/mulx/fe64_mulx.h',
     '        "movq %[g2], %%rdx\\n\\t"', '        "movq %[g3], %%rdx\\n\\t"', ['fe64_mul'], 'c'),
    ('mulx: row 2 multiplies by f3 for f2 (fe64_mul register operands)', 'src/backend/mulx/fe64_mulx.h',
     '        "mulx %[f2], %%rax, %[t6]\\n\\t"', '        "mulx %[f3], %%rax, %[t6]\\n\\t"', ['fe64_mul'], 'c'),
    ('mulx: square of f2 into a live register (fe64_sqr, f2 for f1 as scratch)', 'src/backend/mulx/fe64_mulx.h',
     '        "mulx %%rdx, %%rax, %[f1]\\n\\t"', '        "mulx %%rdx, %%rax, %[f3]\\n\\t"', ['fe64_sqr'], 'c'),
    ('mulx: one-fold add/sub without its input bound (bounds.toml fe64_addsub_r g)', 'src/field/bounds.toml',
     'args = ["s: out fe64", "d: out fe64", "f: in fe64 < F64", "g: in fe64 < F64"]',
     'args = ["s: out fe64", "d: out fe64", "f: in fe64 < F64", "g: in fe64"]', ['fe64_addsub_r'], 'a'),
    ('mulx: one-fold sub without its input bound (bounds.toml fe64_sub_r g)', 'src/field/bounds.toml',
     'args = ["h: out fe64", "f: in fe64 < F64", "g: in fe64 < F64"]',
     'args = ["h: out fe64", "f: in fe64 < F64", "g: in fe64"]', ['fe64_sub_r'], 'a'),
    ('mulx: output bound F64 one too small (bounds.toml fe64_mul out)', 'src/field/bounds.toml',
     'F64 = "[2^64, 2^64, 2^64, 2^63 + 1]"', 'F64 = "[2^64, 2^64, 2^64, 2^63]"', ['fe64_mul'], 'b'),
    ('mulx: bit-255 fold at bit 254 (FE64_REDUCE_ASM btrq)', 'src/backend/mulx/fe64_mulx.h',
     '"btrq $63, %[t3]\\n\\t" \\', '"btrq $62, %[t3]\\n\\t" \\', ['fe64_sqr'], 'c'),
    ('avx2: fold constant 19 -> 11 (fe25x4_carry c + 2c + 16c -> c + 2c + 8c)', 'src/backend/avx2/fe25x4_avx2.h',
     '_mm256_slli_epi64(c, 4)));', '_mm256_slli_epi64(c, 3)));', ['fe25x4_carry'], 'c'),
    ('avx2: vpmuludq input bound one bit too large (bounds.toml fe25x4_mul g < 2^28)', 'src/field/bounds.toml',
     'function = "w_fe25x4_mul"\nargs = ["h: out fe25x4", "f: in fe25x4 < M25", "g: in fe25x4 < M25"]',
     'function = "w_fe25x4_mul"\nargs = ["h: out fe25x4", "f: in fe25x4 < M25", "g: in fe25x4 < 2^28"]', ['fe25x4_mul'], 'a'),
    ('avx2 paired squaring rows: 19 f_j for row i + 1 at the wrong j (fe25x4_sqr_nc_pair 9 - i -> 8 - i)',
     'src/backend/avx2/fe25x4_avx2.h', '__m256i b1 = j == 9 - i ? f19p[j] : b0;', '__m256i b1 = j == 8 - i ? f19p[j] : b0;',
     ['f25519_fe25x4_sqr_pair'], 'c'),
    ('avx2 paired squaring rows: odd-odd pairs not doubled (fe25x4_sqr_nc_pair a1x2 -> a1)',
     'src/backend/avx2/fe25x4_avx2.h', '_mm256_mul_epu32((j & 1) ? a1x2 : a1, b1)', '_mm256_mul_epu32(a1, b1)',
     ['f25519_fe25x4_sqr_pair'], 'c'),
    ('avx2 paired squaring rows: vpmuludq input bound one bit too large (bounds.toml f25519_fe25x4_sqr_pair f < 2^29)',
     'src/field/bounds.toml',
     'name = "f25519_fe25x4_sqr_pair"\nunit = "src/backend/avx2/fe25x4_avx2.c"\nargs = ["h: out fe25x4", "f: in fe25x4 < M25"]',
     'name = "f25519_fe25x4_sqr_pair"\nunit = "src/backend/avx2/fe25x4_avx2.c"\nargs = ["h: out fe25x4", "f: in fe25x4 < 2^29"]',
     ['f25519_fe25x4_sqr_pair'], 'a'),
    ('avx2 Karatsuba: odd-odd pairs not doubled in the even limbs (fe25x4_mul_nc_k 2 OO -> OO)',
     'src/backend/avx2/fe25x4_avx2.h', '_mm256_add_epi64(ee[m], _mm256_add_epi64(oo[m - 1], oo[m - 1]))',
     '_mm256_add_epi64(ee[m], oo[m - 1])', ['f25519_fe25x4_mul_k'], 'c'),
    ('avx2 Karatsuba: odd limbs K - EE without - OO (fe25x4_mul_nc_k)',
     'src/backend/avx2/fe25x4_avx2.h', '    for (int m = 0; m < 5; m++) ee[m] = _mm256_add_epi64(ee[m], oo[m]);\n', '',
     ['f25519_fe25x4_mul_k'], 'c'),
    ('avx2 Karatsuba: a subtraction that may wrap (K_m - (EE + OO)_(m+1), fe25x4_mul_nc_k)',
     'src/backend/avx2/fe25x4_avx2.h', 'k[m] = _mm256_sub_epi64(k[m], ee[m]);',
     'k[m] = _mm256_sub_epi64(k[m], ee[(m + 1) % 5]);', ['f25519_fe25x4_mul_k'], 'a'),
    ('avx2 Karatsuba: operand g M, not A2 (bounds.toml f25519_fe25x4_mul_k: 19 s\'_b >= 2^32)',
     'src/field/bounds.toml',
     'name = "f25519_fe25x4_mul_k"\nunit = "src/backend/avx2/fe25x4_avx2.c"\nargs = ["h: out fe25x4", "f: in fe25x4 < M25", "g: in fe25x4 < A25"]',
     'name = "f25519_fe25x4_mul_k"\nunit = "src/backend/avx2/fe25x4_avx2.c"\nargs = ["h: out fe25x4", "f: in fe25x4 < M25", "g: in fe25x4 < M25"]',
     ['f25519_fe25x4_mul_k'], 'a'),
    ('avx2 a24 parallel carry: odd limb carried at bit 26 (fe25x4_mul121666_add_m)',
     'src/backend/avx2/fe25x4_avx2.h', '_mm256_srli_epi64(t[i - 1], (i & 1) ? 26 : 25)', '_mm256_srli_epi64(t[i - 1], 26)',
     ['fe25x4_mul121666_add_m'], 'c'),
    ('avx2 a24 parallel carry: output bound one bit too small (bounds.toml fe25x4_mul121666_add_m limb 1 < 2^25 + 2^18)',
     'src/field/bounds.toml', 'out = "h < [2^26 + 2^23, 2^25 + 2^19,', 'out = "h < [2^26 + 2^23, 2^25 + 2^18,',
     ['fe25x4_mul121666_add_m'], 'b'),
    ('ifma8 ladder: squaring input not S (bounds.toml lx8_sqr f < 2^52: doubled limbs >= 2^52)', 'src/field/bounds.toml',
     'function = "w_lx8_sqr"\nargs = ["h: out fe51x8", "f: in fe51x8 < S8"]',
     'function = "w_lx8_sqr"\nargs = ["h: out fe51x8", "f: in fe51x8 < 2^52"]', ['lx8_sqr'], 'a'),
    ('ifma4: hi half weight dropped (fe4_mul_w u[k] + u[k] -> u[k])', 'src/backend/ifma/fe51x4_ifma.h',
     '__m256i lo = _mm256_add_epi64(l[k], _mm256_add_epi64(u[k], u[k]));',
     '__m256i lo = _mm256_add_epi64(l[k], u[k]);', ['fe4_mul'], 'c'),
    ('mulx asm loop: carry dropped (f25519_fe64_sqr_n_asm adcq $0, %r13)', 'src/backend/mulx/fe64_mulx.c',
     '    "adcq $0, %r13\\n"\n', '', ['f25519_fe64_sqr_n_asm'], 'a'),
    ('mulx asm loop: fold constant 38 -> 37 (f25519_fe64_sqr_n_asm)', 'src/backend/mulx/fe64_mulx.c',
     '    "movl $38, %edx\\n"\n', '    "movl $37, %edx\\n"\n', ['f25519_fe64_sqr_n_asm'], 'c'),
    ('mulx asm loop: output word 1 stored from the wrong register (epilogue)', 'src/backend/mulx/fe64_mulx.c',
     '    "movq %rcx, 8(%rax)\\n"\n', '    "movq %rsi, 8(%rax)\\n"\n', ['f25519_fe64_sqr_n_asm'], 'c'),
    ('mulx asm ladder: carry out of xn + zn dropped (LA_ADDSUB_REGS without its fold)', 'src/backend/mulx/ladder_asm_mulx.c',
     '"sbbq %rax, %rax\\n" "andq $38, %rax\\n"                                   \\\n    "subq " W(g, 0) ", %r12\\n"',
     '"movl $0, %eax\\n"                                   \\\n    "subq " W(g, 0) ", %r12\\n"',
     ['f25519_x25519_ladder_asm'], 'a'),
    ('mulx asm ladder: DA - CB bias too small (word 4 + 32: a borrow out of word 4)', 'src/backend/mulx/ladder_asm_mulx.c',
     '"addq $64, %r12\\n"', '"addq $32, %r12\\n"', ['f25519_x25519_ladder_asm'], 'a'),
    ('mulx asm ladder: DA - CB bias not a multiple of p (2432 -> 2431)', 'src/backend/mulx/ladder_asm_mulx.c',
     '"subq $2432, %r8\\n"', '"subq $2431, %r8\\n"', ['f25519_x25519_ladder_asm'], 'c'),
    ('mulx asm ladder: a24 constant 121666 -> 121665', 'src/backend/mulx/ladder_asm_mulx.c',
     '"movl $121666, %edx\\n"', '"movl $121665, %edx\\n"', ['f25519_x25519_ladder_asm'], 'c'),
    ('mulx asm ladder: the select takes word 1 of sm for word 0', 'src/backend/mulx/ladder_asm_mulx.c',
     'LA_SEL(LA_S, LA_SN, "%r8", 0)', 'LA_SEL(LA_S, LA_SN, "%r9", 0)', ['f25519_x25519_ladder_asm'], 'c'),
    ('mulx asm ladder: the select by the inverted flags (cmovnzq: slot m for swap = 0)', 'src/backend/mulx/ladder_asm_mulx.c',
     '#define LA_SEL(out, n, r, i) "cmovzq "', '#define LA_SEL(out, n, r, i) "cmovnzq "', ['f25519_x25519_ladder_asm'], 'a'),
    ('mulx asm ladder: the select\'s flags not the mask\'s (an xorl after the testq)', 'src/backend/mulx/ladder_asm_mulx.c',
     '"testq %rdi, %rdi\\n"', '"testq %rdi, %rdi\\n" "xorl %eax, %eax\\n"', ['f25519_x25519_ladder_asm'], 'a'),
    ('mulx asm ladder: E = BB - AA', 'src/backend/mulx/ladder_asm_mulx.c',
     'LA_SUB(LA_E, LA_AA, LA_BB)', 'LA_SUB(LA_E, LA_BB, LA_AA)', ['f25519_x25519_ladder_asm'], 'c'),
    ('mulx asm ladder: zm stored back from the wrong frame word (epilogue)', 'src/backend/mulx/ladder_asm_mulx.c',
     '"movq " W(LA_ZM, 8) ", %rax\\n" "movq %rax, 136(%rdi)\\n"',
     '"movq " W(LA_ZM, 0) ", %rax\\n" "movq %rax, 136(%rdi)\\n"', ['f25519_x25519_ladder_asm'], 'a'),
    ('mulx asm ladder: one step too few (the loop ends at bit 4)', 'src/backend/mulx/ladder_asm_mulx.c',
     '"cmpq $2, %rcx\\n"', '"cmpq $3, %rcx\\n"', ['f25519_x25519_ladder_asm'], 'a'),
    ('avx2 lock-step chains: operand of the other lane (F25N_MUL_ g[0])', 'src/backend/avx2/fe25x4_avx2.c',
     'f25519_fe25x4_mul(&(h)[i_], &(f)[i_], &(g)[i_])', 'f25519_fe25x4_mul(&(h)[i_], &(f)[i_], &(g)[0])',
     ['fe25x4_mul', 'fe25x4_sqr', 'f25519_fe25x4_invert2'], 'a'),
    ('ifma4 lock-step chains: operand of the other lane (FE4N_MUL_ g[0])', 'src/backend/ifma/fe51x4_ifma.c',
     'fe4_mul(&(h)[i_], &(f)[i_], &(g)[i_])', 'fe4_mul(&(h)[i_], &(f)[i_], &(g)[0])',
     ['fe4_mul', 'fe4_sqr', 'fe4_invert2'], 'a'),
    ('ifma8 lane pairs: mul2 lane 1 multiplies by g[0]', 'src/backend/ifma/fe51x8_ifma.c',
     'fe8_mul(&b, &f[1], &g[1]);', 'fe8_mul(&b, &f[1], &g[0]);',
     ['fe8_mul', 'fe8_sqr', 'mul2', 'sqr2_n', 'fe8_pow22523_2'], 'c', 'mul2'),
    ('ifma8 lane pairs: sqr2_n drops lane 1\'s squaring', 'src/backend/ifma/fe51x8_ifma.c',
     '        fe8_sqr(&b, &b);\n', '',
     ['fe8_mul', 'fe8_sqr', 'mul2', 'sqr2_n', 'fe8_pow22523_2'], 'c', 'sqr2_n'),
    ('ifma8 lane pairs: sqr2_n stores the lanes swapped', 'src/backend/ifma/fe51x8_ifma.c',
     '        fe8_sqr(&b, &b);\n    }\n    h[0] = a;\n    h[1] = b;', '        fe8_sqr(&b, &b);\n    }\n    h[0] = b;\n    h[1] = a;',
     ['fe8_mul', 'fe8_sqr', 'mul2', 'sqr2_n', 'fe8_pow22523_2'], 'c', 'sqr2_n'),
    ('ifma8 lane pairs: the chain squares with n = 0 (FE8N_SQR_)', 'src/backend/ifma/fe51x8_ifma.c',
     '#define FE8N_SQR_(h, f) sqr2_n(h, f, 1)', '#define FE8N_SQR_(h, f) sqr2_n(h, f, 0)',
     ['fe8_mul', 'fe8_sqr', 'mul2', 'sqr2_n', 'fe8_pow22523_2'], 'a', 'fe8_pow22523_2'),
    ('ifma8 lane pairs: a chain step on one lane outside the helpers', 'src/backend/ifma/fe51x8_ifma.c',
     '#define FE8N_MUL_(h, f, g) mul2(h, f, g)', '#define FE8N_MUL_(h, f, g) do { mul2(h, f, g); fe8_sqr(&(h)[1], &(h)[1]); } while (0)',
     ['fe8_mul', 'fe8_sqr', 'mul2', 'sqr2_n', 'fe8_pow22523_2'], 'a', 'fe8_pow22523_2'),
    ('portable loop: one squaring too few (fe51_sqr_n from i = 1)', 'src/field/fe51.c',
     'for (int i = 0; i < n; i++) fe51i_sqr(&t, &t);', 'for (int i = 1; i < n; i++) fe51i_sqr(&t, &t);',
     ['fe51_sqr', 'fe51_sqr_n'], 'c', 'fe51_sqr_n'),
    ('portable loop: body multiplies by f (fe51_sqr_n)', 'src/field/fe51.c',
     'for (int i = 0; i < n; i++) fe51i_sqr(&t, &t);', 'for (int i = 0; i < n; i++) fe51i_mul(&t, &t, f);',
     ['fe51_sqr', 'fe51_sqr_n'], 'c', 'fe51_sqr_n'),
    ('portable sqrt: v^7 computed as v^3 v^3 v^3 (fe51_sqrt_ratio_pre)', 'src/field/fe51.c',
     'fe51i_mul(&v7, &v7, v);        /* v^7 */', 'fe51i_mul(&v7, &v7, v3);        /* v^7 */',
     ['fe51_mul', 'fe51_sqr', 'fe51_sqrt_ratio_pre'], 'c', 'fe51_sqrt_ratio_pre'),
    ('mulx conversion: limb 4 shifted by 13 (fe64_to_fe51)', 'src/backend/mulx/fe64_mulx.h',
     'h->v[4] = f->w[3] >> 12;', 'h->v[4] = f->w[3] >> 13;', ['fe51_carry', 'fe64_to_fe51'], 'c', 'fe64_to_fe51'),
    ('ifma8 radix 2^64: limb 2 placed at bit 39 of word 1 (fe8_to64)', 'src/backend/ifma/fe51x8_ifma.h',
     '_mm512_slli_epi64(l[2], 38));', '_mm512_slli_epi64(l[2], 39));', ['fe8_to64'], 'c', 'fe8_to64'),
    ('ifma8 radix 2^64: limb 4 from bit 205 (fe8_from64)', 'src/backend/ifma/fe51x8_ifma.h',
     'h->v[4] = _mm512_srli_epi64(w->v[3], 12);', 'h->v[4] = _mm512_srli_epi64(w->v[3], 13);',
     ['fe8_from64'], 'c', 'fe8_from64'),
    ('avx2 pack: odd limb at bit 25 (f25519_fe25x4_pack)', 'src/backend/avx2/fe25x4_avx2.c',
     'l[k][2 * j + 1] = t.v[j] >> 26;', 'l[k][2 * j + 1] = t.v[j] >> 25;', ['fe51_carry', 'f25519_fe25x4_pack'], 'c', 'f25519_fe25x4_pack'),
    ('avx2 unpack: odd limb weight 2^25 (f25519_fe25x4_unpack)', 'src/backend/avx2/fe25x4_avx2.c',
     '(l[2 * j + 1][k] << 26)', '(l[2 * j + 1][k] << 25)', ['fe51_carry', 'fe25x4_carry', 'f25519_fe25x4_unpack'], 'c', 'f25519_fe25x4_unpack'),
    ('avx2 tobytes: fe51_tobytes fold 19 -> 18 (f25519_fe25x4_tobytes through its call)', 'src/field/fe51.c',
     '    uint64_t q = (h0 + 19) >> 51;\n', '    uint64_t q = (h0 + 18) >> 51;\n',
     ['fe51_carry', 'fe51_tobytes', 'fe25x4_carry', 'f25519_fe25x4_unpack', 'f25519_fe25x4_tobytes'], 'a'),
    ('avx2 unpack: output bound one bit too small (bounds.toml)', 'src/field/bounds.toml',
     'out = "out < [2^51, R51, R51, R51, R51]"', 'out = "out < [2^50, R51, R51, R51, R51]"',
     ['fe51_carry', 'fe25x4_carry', 'f25519_fe25x4_unpack'], 'b'),
    ('ifma8 inlined loop: sqr_n squares f again each time (fe51x8_ifma.c)', 'src/backend/ifma/fe51x8_ifma.c',
     'for (int i = 0; i < n; i++) fe8_sqr(&t, &t);', 'for (int i = 0; i < n; i++) fe8_sqr(&t, f);',
     ['fe8_mul', 'fe8_sqr', 'fe8_invert'], 'a', 'fe8_invert'),
    ('ifma4 inlined loop: FE4N_SQRN repeats the first squaring (fe51x4_ifma.c)', 'src/backend/ifma/fe51x4_ifma.c',
     'for (i_ = 0; i_ < N; i_++) fe4_sqr(&(h)[i_], &(h)[i_]);', 'for (i_ = 0; i_ < N; i_++) fe4_sqr(&(h)[i_], &(f)[i_]);',
     ['fe4_mul', 'fe4_sqr', 'fe4_invert'], 'a', 'fe4_invert'),
    ('safegcd update_fg: a product in 64 bits (invert_safegcd.c)', 'src/field/invert_safegcd.c',
     'i128 cf = (i128)u * f->v[0] + (i128)v * g->v[0];', 'i128 cf = (i128)(u * f->v[0]) + (i128)v * g->v[0];',
     ['update_fg (safegcd)'], 'a'),
    ('safegcd update_fg: first shift by 61 (invert_safegcd.c)', 'src/field/invert_safegcd.c',
     '    cf >>= 62;\n    cg >>= 62;\n#pragma GCC unroll 4\n    for', '    cf >>= 61;\n    cg >>= 62;\n#pragma GCC unroll 4\n    for',
     ['update_fg (safegcd)'], 'c'),
    ('safegcd update_fg: top limb bound too large (bounds.toml top = 2^71: products beyond i128)', 'src/field/bounds.toml',
     'function = "w_update_fg"\ntop = "2^8"', 'function = "w_update_fg"\ntop = "2^71"', ['update_fg (safegcd)'], 'a'),
    ('portable iszero: shift by 7 (acc >= 128 read as zero) (fe51_iszero)', 'src/field/fe51.c',
     'return (int)(1 & ((acc - 1) >> 8));', 'return (int)(1 & ((acc - 1) >> 7));',
     ['fe51_carry', 'fe51_tobytes', 'fe51_iszero'], 'c', 'fe51_iszero'),
    ('portable isnegative: bit 1 instead of bit 0 (fe51_isnegative)', 'src/field/fe51.c',
     '    return s[0] & 1;', '    return s[0] & 2;', ['fe51_carry', 'fe51_tobytes', 'fe51_isnegative'], 'b',
     'fe51_isnegative'),
    ('portable is_canonical: bit 255 compared (fe51_is_canonical)', 'src/field/fe51.c',
     'diff |= (uint32_t)(c[31] ^ (s[31] & 0x7f));', 'diff |= (uint32_t)(c[31] ^ (s[31] & 0xff));',
     ['fe51_frombytes', 'fe51_carry', 'fe51_tobytes', 'fe51_is_canonical'], 'c', 'fe51_is_canonical'),
    ('mulx two chains: operand of the other lane (FE64X2_MUL_ g[0] in lane 1)', 'src/backend/mulx/fe64_mulx.c',
     'fe64_mul(&(h)[1], &(f)[1], &(g)[1])', 'fe64_mul(&(h)[1], &(f)[1], &(g)[0])',
     ['fe64_mul', 'fe64_sqr', 'f25519_fe51_pow22523_x2_mulx'], 'a'),
    ('mulx two chains: sqr2_n squares lane 0 into lane 1', 'src/backend/mulx/fe64_mulx.c',
     '        fe64_sqr(&h[1], &h[1]);', '        fe64_sqr(&h[1], &h[0]);',
     ['fe64_mul', 'fe64_sqr', 'f25519_fe51_pow22523_x2_mulx'], 'a'),
    ('portable sqrt post: x sqrt(-1) computed as x v (fe51_sqrt_ratio_post)', 'src/field/fe51.c',
     'fe51i_mul(&xi, &x, &fe51_sqrtm1);', 'fe51i_mul(&xi, &x, v);',
     ['fe51_mul', 'fe51_sqr', 'fe51_add[R]', 'fe51_sub[R]', 'fe51_carry', 'fe51_tobytes', 'fe51_iszero',
      'fe51_sqrt_ratio_post'], 'c', 'fe51_sqrt_ratio_post'),
    ('portable sqrt post: u not reduced (bounds.toml u < 2^53: the subtraction needs u <= 2^52 - 38)',
     'src/field/bounds.toml', 'inputs = { u = "R51", v = "2^54", v3 = "R51"', 'inputs = { u = "2^53", v = "2^54", v3 = "R51"',
     ['fe51_mul', 'fe51_sqr', 'fe51_add[R]', 'fe51_sub[R]', 'fe51_carry', 'fe51_tobytes', 'fe51_iszero',
      'fe51_sqrt_ratio_post'], 'a', 'fe51_sqrt_ratio_post'),
    ('safegcd lincomb: 8p limb 0 off by one (invert_safegcd.c)', 'src/field/invert_safegcd.c',
     '0x3fffffffffff68ULL', '0x3fffffffffff69ULL', ['lincomb (safegcd)'], 'c'),
    ('safegcd lincomb: fold constant 19 -> 18 (invert_safegcd.c)', 'src/field/invert_safegcd.c',
     'r[0] += (r[4] >> 51) * 19;', 'r[0] += (r[4] >> 51) * 18;', ['lincomb (safegcd)'], 'c'),
    ('safegcd lincomb: d selected by the sign of b (invert_safegcd.c)', 'src/field/invert_safegcd.c',
     'uint64_t ds = d->v[i] ^ (sa & (d->v[i] ^ (p8[i] - d->v[i])));',
     'uint64_t ds = d->v[i] ^ (sb & (d->v[i] ^ (p8[i] - d->v[i])));', ['lincomb (safegcd)'], 'c'),
    ('safegcd lincomb: input limbs above 8p (bounds.toml in = 2^54: 8p - d < 0)', 'src/field/bounds.toml',
     'kind = "lincomb"\nin = "2^52"', 'kind = "lincomb"\nin = "2^54"', ['lincomb (safegcd)'], 'a'),
    ('safegcd lincomb: output bound too small (bounds.toml out = 2^51)', 'src/field/bounds.toml',
     'out = "2^51 + 2^23"', 'out = "2^51"', ['lincomb (safegcd)'], 'b'),
]


def run_case(root, case):
    """-> (rejected, line): one broken copy in its own temporary tree."""
    name, path, old, new, routines, prop = case[:6]
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix='f25519-prove-mut-') as tmp:
        shutil.copytree(os.path.join(root, 'src'), os.path.join(tmp, 'src'))
        shutil.copytree(os.path.join(root, 'tools', 'prove', 'units'), os.path.join(tmp, 'tools', 'prove', 'units'))
        f = os.path.join(tmp, path)
        text = open(f).read()
        if text.count(old) != 1:
            return False, '  ERROR  %-64s mutation does not apply (%d matches): update selfcheck.py' % (
                name, text.count(old))
        open(f, 'w').write(text.replace(old, new))
        js = os.path.join(tmp, 'out.json')
        r = subprocess.run([sys.executable, os.path.join(HERE, 'prove.py'), '--root', tmp, '--only',
                            ','.join(routines), '--json', js], capture_output=True, text=True)
        try:
            rows = {x['routine']: x for x in json.load(open(js))}
        except (OSError, ValueError):
            rows = {}
        target = routines[-1] if prop != 'c' or len(routines) == 1 or 'chain' in name else routines[0]
        if len(case) > 6:
            target = case[6]
        rejected = r.returncode != 0 and target in rows and not rows[target][prop]['ok']
        why = rows.get(target, {}).get(prop, {}).get('why', r.stderr[-200:])
    return rejected, '  %-8s %-64s %s (%s) %s  %.1fs' % ('rejected' if rejected else 'ACCEPTED', name, target, prop,
                                                        ('- ' + why[:70]) if rejected else '', time.time() - t0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--root', default=os.path.abspath(os.path.join(HERE, '..', '..')))
    ap.add_argument('--only', default=None, help='cases whose name contains this text')
    ap.add_argument('-j', type=int, default=2, help='cases run at once (default 2: the 2 cores)')
    o = ap.parse_args()
    print('self-check: every deliberately broken copy must be rejected')
    cases = [c for c in CASES if not o.only or o.only in c[0]]
    from concurrent.futures import ThreadPoolExecutor   # each case is a prove.py process
    with ThreadPoolExecutor(max_workers=max(1, o.j)) as ex:
        results = list(ex.map(lambda c: run_case(o.root, c), cases))
    ok_all = True
    for rejected, line in results:   # in the order of CASES
        ok_all &= rejected
        print(line)
    print('self-check: %d broken copies, %s' % (len(results), 'every one rejected' if ok_all else
                                                'FAILED: a broken copy was not rejected'))
    return 0 if ok_all else 1


if __name__ == '__main__':
    sys.exit(main())
