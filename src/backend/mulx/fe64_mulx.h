/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Radix-2^64 field arithmetic mod p = 2^255 - 19 with MULX/ADCX/ADOX inline
 * assembly: the field of the mulx backend (x86-64 BMI2 + ADX; its ladder,
 * comb and double-scalar code in scalarmult/{ladder,base,double}_mulx.c, its points in
 * backend/mulx/ge64_mulx.h).
 *
 * Elements are kept "partially reduced": any 256-bit value, congruent mod
 * p. Products are folded with 2^256 = 38 (mod p), then once more at bit 255
 * (2^255 = 19); only the final encoding reduces fully. Every routine is
 * straight-line code: no branch and no memory index depends on the data.
 * Include only under #if F25519_HAVE_MULX (arch/mulx_asm.h).
 */
#ifndef F25519_FE64_MULX_H
#define F25519_FE64_MULX_H
#include <stdint.h>
#include <string.h>
#include "field/fe51.h"
#include "field/pow_chain.h"
#include "field/invert_safegcd.h"
#include "arch/mulx_asm.h"
#include "common/wipe.h"

typedef struct { uint64_t w[4]; } fe64;

/* The shared tail of fe64_mul and fe64_sqr (asm text; operands named t0..t7):
 * t0..t3 += 38 * t4..t7 (2^256 = 38 mod p), each high word's register reused
 * for its own product's high half, the top word in t7 (<= 39); then the fold
 * at bit 255: top' = t7:t3 >> 63, t0..t3 += 19 top' (t3 <= 2^63 afterwards:
 * no carry out; bound F64 in bounds.toml). fe64_mulx.c's squaring loop
 * repeats it with fixed registers. */
#define FE64_REDUCE_ASM \
    "movl $38, %%edx\n\t" \
    "xorl %%eax, %%eax\n\t" \
    "mulx %[t4], %%rax, %[t4]\n\t" \
    "adcx %%rax, %[t0]\n\t" \
    "adox %[t4], %[t1]\n\t" \
    "mulx %[t5], %%rax, %[t5]\n\t" \
    "adcx %%rax, %[t1]\n\t" \
    "adox %[t5], %[t2]\n\t" \
    "mulx %[t6], %%rax, %[t6]\n\t" \
    "adcx %%rax, %[t2]\n\t" \
    "adox %[t6], %[t3]\n\t" \
    "mulx %[t7], %%rax, %[t7]\n\t" \
    "adcx %%rax, %[t3]\n\t" \
    "movl $0, %%eax\n\t" \
    "adox %%rax, %[t7]\n\t" \
    "adcx %%rax, %[t7]\n\t" \
    "movq %[t3], %%rax\n\t" \
    "shrq $63, %%rax\n\t" \
    "leaq (%%rax,%[t7],2), %[t7]\n\t" \
    "btrq $63, %[t3]\n\t" \
    "imulq $19, %[t7], %[t7]\n\t" \
    "addq %[t7], %[t0]\n\t" \
    "adcq $0, %[t1]\n\t" \
    "adcq $0, %[t2]\n\t" \
    "adcq $0, %[t3]\n\t"

/* h = f * g mod 2^256 - 38 (partially reduced). f in registers (the compiler
 * loads it, or forwards it from the operation that computed it), g's words
 * read from memory into rdx one per row. Four MULX rows with two carry chains
 * (ADCX for low halves, ADOX for high halves), then 38 * high half is added
 * to the low half and the last carry folded twice. No scratch register
 * beyond rax/rdx; f "rm": the compiler keeps it in registers where it has
 * them (the ladder), else reads it from memory (callers whose frame pointer
 * or table pointers take registers). */
static inline void fe64_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7;
    __asm__(
        /* row 0: t0..t4 = f * g0 */
        "movq %[g0], %%rdx\n\t"
        "mulx %[f0], %[t0], %[t1]\n\t"
        "mulx %[f1], %%rax, %[t2]\n\t"
        "addq %%rax, %[t1]\n\t"
        "mulx %[f2], %%rax, %[t3]\n\t"
        "adcq %%rax, %[t2]\n\t"
        "mulx %[f3], %%rax, %[t4]\n\t"
        "adcq %%rax, %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        /* row 1: t1..t5 += f * g1 (t5 the scratch until its own product) */
        "movq %[g1], %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        "mulx %[f0], %%rax, %[t5]\n\t"
        "adcx %%rax, %[t1]\n\t"
        "adox %[t5], %[t2]\n\t"
        "mulx %[f1], %%rax, %[t5]\n\t"
        "adcx %%rax, %[t2]\n\t"
        "adox %[t5], %[t3]\n\t"
        "mulx %[f2], %%rax, %[t5]\n\t"
        "adcx %%rax, %[t3]\n\t"
        "adox %[t5], %[t4]\n\t"
        "mulx %[f3], %%rax, %[t5]\n\t"
        "adcx %%rax, %[t4]\n\t"
        "movl $0, %%eax\n\t"
        "adox %%rax, %[t5]\n\t"
        "adcx %%rax, %[t5]\n\t"
        /* row 2: t2..t6 += f * g2 (t6 the scratch until its own product) */
        "movq %[g2], %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        "mulx %[f0], %%rax, %[t6]\n\t"
        "adcx %%rax, %[t2]\n\t"
        "adox %[t6], %[t3]\n\t"
        "mulx %[f1], %%rax, %[t6]\n\t"
        "adcx %%rax, %[t3]\n\t"
        "adox %[t6], %[t4]\n\t"
        "mulx %[f2], %%rax, %[t6]\n\t"
        "adcx %%rax, %[t4]\n\t"
        "adox %[t6], %[t5]\n\t"
        "mulx %[f3], %%rax, %[t6]\n\t"
        "adcx %%rax, %[t5]\n\t"
        "movl $0, %%eax\n\t"
        "adox %%rax, %[t6]\n\t"
        "adcx %%rax, %[t6]\n\t"
        /* row 3: t3..t7 += f * g3 (t7 the scratch until its own product) */
        "movq %[g3], %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        "mulx %[f0], %%rax, %[t7]\n\t"
        "adcx %%rax, %[t3]\n\t"
        "adox %[t7], %[t4]\n\t"
        "mulx %[f1], %%rax, %[t7]\n\t"
        "adcx %%rax, %[t4]\n\t"
        "adox %[t7], %[t5]\n\t"
        "mulx %[f2], %%rax, %[t7]\n\t"
        "adcx %%rax, %[t5]\n\t"
        "adox %[t7], %[t6]\n\t"
        "mulx %[f3], %%rax, %[t7]\n\t"
        "adcx %%rax, %[t6]\n\t"
        "movl $0, %%eax\n\t"
        "adox %%rax, %[t7]\n\t"
        "adcx %%rax, %[t7]\n\t"
        FE64_REDUCE_ASM
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7)
        : [f0] "rm"(f->w[0]), [f1] "rm"(f->w[1]), [f2] "rm"(f->w[2]), [f3] "rm"(f->w[3]),
          [g0] "m"(g->w[0]), [g1] "m"(g->w[1]), [g2] "m"(g->w[2]), [g3] "m"(g->w[3])
        : "rax", "rdx", "cc");
    h->w[0] = t0;
    h->w[1] = t1;
    h->w[2] = t2;
    h->w[3] = t3;
}

/* h = f^2: 6 cross products (doubled on the ADOX chain) + 4 squares (ADCX
 * chain), then the same reduction as fe64_mul. f in registers; t7 is the
 * scratch of the cross products, then f0..f2's registers (dead by then) those
 * of the squares. */
static inline void fe64_sqr(fe64 *h, const fe64 *f)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7;
    uint64_t f0 = f->w[0], f1 = f->w[1], f2 = f->w[2], f3 = f->w[3];
    __asm__(
        "movq %[f0], %%rdx\n\t"
        "mulx %[f1], %[t1], %[t2]\n\t"       /* f0 f1 */
        "mulx %[f2], %%rax, %[t3]\n\t"       /* f0 f2 */
        "addq %%rax, %[t2]\n\t"
        "mulx %[f3], %%rax, %[t4]\n\t"       /* f0 f3 */
        "adcq %%rax, %[t3]\n\t"
        "movq %[f1], %%rdx\n\t"
        "mulx %[f3], %%rax, %[t5]\n\t"       /* f1 f3 */
        "adcq %%rax, %[t4]\n\t"
        "adcq $0, %[t5]\n\t"
        "mulx %[f2], %%rax, %[t7]\n\t"       /* f1 f2 */
        "addq %%rax, %[t3]\n\t"
        "adcq %[t7], %[t4]\n\t"
        "movq %[f2], %%rdx\n\t"
        "mulx %[f3], %%rax, %[t6]\n\t"       /* f2 f3 */
        "adcq %%rax, %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        /* t = 2 * cross + squares */
        "xorl %k[t7], %k[t7]\n\t"
        "movq %[f0], %%rdx\n\t"
        "mulx %%rdx, %[t0], %%rax\n\t"
        "adox %[t1], %[t1]\n\t"
        "adcx %%rax, %[t1]\n\t"
        "movq %[f1], %%rdx\n\t"
        "mulx %%rdx, %%rax, %[f0]\n\t"
        "adox %[t2], %[t2]\n\t"
        "adcx %%rax, %[t2]\n\t"
        "adox %[t3], %[t3]\n\t"
        "adcx %[f0], %[t3]\n\t"
        "movq %[f2], %%rdx\n\t"
        "mulx %%rdx, %%rax, %[f1]\n\t"
        "adox %[t4], %[t4]\n\t"
        "adcx %%rax, %[t4]\n\t"
        "adox %[t5], %[t5]\n\t"
        "adcx %[f1], %[t5]\n\t"
        "movq %[f3], %%rdx\n\t"
        "mulx %%rdx, %%rax, %[f2]\n\t"
        "adox %[t6], %[t6]\n\t"
        "adcx %%rax, %[t6]\n\t"
        "adox %[t7], %[t7]\n\t"
        "adcx %[f2], %[t7]\n\t"
        FE64_REDUCE_ASM
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7),
          [f0] "+&r"(f0), [f1] "+&r"(f1), [f2] "+&r"(f2)
        : [f3] "rm"(f3)
        : "rax", "rdx", "cc");
    h->w[0] = t0;
    h->w[1] = t1;
    h->w[2] = t2;
    h->w[3] = t3;
}

/* h = f * 121666 (the ladder's a24' constant), 38-folded. */
static inline void fe64_mul121666(fe64 *h, const fe64 *f)
{
    uint64_t t0, t1, t2, t3, t4;
    __asm__(
        "movl $121666, %%edx\n\t"
        "mulx %[f0], %[t0], %[t1]\n\t"
        "mulx %[f1], %%rax, %[t2]\n\t"
        "addq %%rax, %[t1]\n\t"
        "mulx %[f2], %%rax, %[t3]\n\t"
        "adcq %%rax, %[t2]\n\t"
        "mulx %[f3], %%rax, %[t4]\n\t"
        "adcq %%rax, %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        "imulq $38, %[t4], %[t4]\n\t"
        "addq %[t4], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "adcq $0, %[t3]\n\t"
        "sbbq %%rax, %%rax\n\t"
        "andq $38, %%rax\n\t"
        "addq %%rax, %[t0]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4)
        : [f0] "m"(f->w[0]), [f1] "m"(f->w[1]), [f2] "m"(f->w[2]), [f3] "m"(f->w[3])
        : "rax", "rdx", "cc");
    h->w[0] = t0;
    h->w[1] = t1;
    h->w[2] = t2;
    h->w[3] = t3;
}

/* h = 121666 f + g (one fold). */
static inline void fe64_mul121666_add(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t t0, t1, t2, t3, t4;
    __asm__(
        "movl $121666, %%edx\n\t"
        "mulx %[f0], %[t0], %[t1]\n\t"
        "mulx %[f1], %%rax, %[t2]\n\t"
        "addq %%rax, %[t1]\n\t"
        "mulx %[f2], %%rax, %[t3]\n\t"
        "adcq %%rax, %[t2]\n\t"
        "mulx %[f3], %%rax, %[t4]\n\t"
        "adcq %%rax, %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        "addq %[g0], %[t0]\n\t"
        "adcq %[g1], %[t1]\n\t"
        "adcq %[g2], %[t2]\n\t"
        "adcq %[g3], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        "imulq $38, %[t4], %[t4]\n\t"
        "addq %[t4], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "adcq $0, %[t3]\n\t"
        "sbbq %%rax, %%rax\n\t"
        "andq $38, %%rax\n\t"
        "addq %%rax, %[t0]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4)
        : [f0] "m"(f->w[0]), [f1] "m"(f->w[1]), [f2] "m"(f->w[2]), [f3] "m"(f->w[3]),
          [g0] "m"(g->w[0]), [g1] "m"(g->w[1]), [g2] "m"(g->w[2]), [g3] "m"(g->w[3])
        : "rax", "rdx", "cc");
    h->w[0] = t0;
    h->w[1] = t1;
    h->w[2] = t2;
    h->w[3] = t3;
}

/* Asm text of the additions and subtractions below (D, G: operand name
 * prefixes of four words, e.g. "t" for %[t0]..%[t3]; M: a mask register's
 * operand text, "%%rax" or "%[m1]"). ADD4/SUB4: D += G / D -= G with carry /
 * borrow out; CARRY38: M = 38 if that carry / borrow is set, else 0 (2^256 =
 * 38 mod p); FOLD_ADD/FOLD_SUB: D += M / D -= M, again with carry / borrow
 * out. */
#define FE64_ADD4_ASM(D, G)                                                    \
    "addq %[" G "0], %[" D "0]\n\t" "adcq %[" G "1], %[" D "1]\n\t"            \
    "adcq %[" G "2], %[" D "2]\n\t" "adcq %[" G "3], %[" D "3]\n\t"
#define FE64_SUB4_ASM(D, G)                                                    \
    "subq %[" G "0], %[" D "0]\n\t" "sbbq %[" G "1], %[" D "1]\n\t"            \
    "sbbq %[" G "2], %[" D "2]\n\t" "sbbq %[" G "3], %[" D "3]\n\t"
#define FE64_CARRY38_ASM(M) "sbbq " M ", " M "\n\t" "andq $38, " M "\n\t"
#define FE64_FOLD_ADD_ASM(D, M)                                                \
    "addq " M ", %[" D "0]\n\t" "adcq $0, %[" D "1]\n\t"                       \
    "adcq $0, %[" D "2]\n\t" "adcq $0, %[" D "3]\n\t"
#define FE64_FOLD_SUB_ASM(D, M)                                                \
    "subq " M ", %[" D "0]\n\t" "sbbq $0, %[" D "1]\n\t"                       \
    "sbbq $0, %[" D "2]\n\t" "sbbq $0, %[" D "3]\n\t"
/* Operand lists: four words of x read from memory as N0..N3; four words in
 * registers, read and written, as N0..N3. */
#define FE64_MEM_IN(N, x) \
    [N##0] "m"((x)->w[0]), [N##1] "m"((x)->w[1]), [N##2] "m"((x)->w[2]), [N##3] "m"((x)->w[3])
#define FE64_REG_INOUT(N) [N##0] "+&r"(N##0), [N##1] "+&r"(N##1), [N##2] "+&r"(N##2), [N##3] "+&r"(N##3)
#define FE64_LOAD(N, x) uint64_t N##0 = (x)->w[0], N##1 = (x)->w[1], N##2 = (x)->w[2], N##3 = (x)->w[3]
#define FE64_STORE(x, N) ((x)->w[0] = N##0, (x)->w[1] = N##1, (x)->w[2] = N##2, (x)->w[3] = N##3)

/* h = f + g; a carry out of 2^256 re-enters as 38 (twice at most). */
static inline void fe64_add(fe64 *h, const fe64 *f, const fe64 *g)
{
    FE64_LOAD(t, f);
    __asm__(FE64_ADD4_ASM("t", "g") FE64_CARRY38_ASM("%%rax") FE64_FOLD_ADD_ASM("t", "%%rax")
            FE64_CARRY38_ASM("%%rax") /* the second fold of fe64_add */ "addq %%rax, %[t0]\n\t"
            : FE64_REG_INOUT(t)
            : FE64_MEM_IN(g, g)
            : "rax", "cc");
    FE64_STORE(h, t);
}

/* h = f - g; a borrow out of 2^256 is compensated by subtracting 38 (twice at most). */
static inline void fe64_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
    FE64_LOAD(t, f);
    __asm__(FE64_SUB4_ASM("t", "g") FE64_CARRY38_ASM("%%rax") FE64_FOLD_SUB_ASM("t", "%%rax")
            FE64_CARRY38_ASM("%%rax") "subq %%rax, %[t0]\n\t"
            : FE64_REG_INOUT(t)
            : FE64_MEM_IN(g, g)
            : "rax", "cc");
    FE64_STORE(h, t);
}

/* s = f + g and d = f - g in one pass (two independent carry chains), each
 * folded twice as fe64_add / fe64_sub. */
static inline void fe64_addsub(fe64 *s, fe64 *d, const fe64 *f, const fe64 *g)
{
    FE64_LOAD(s, f);
    FE64_LOAD(d, f);
    uint64_t m1, m2;
    __asm__(FE64_ADD4_ASM("s", "g") FE64_CARRY38_ASM("%[m1]") FE64_SUB4_ASM("d", "g") FE64_CARRY38_ASM("%[m2]")
            FE64_FOLD_ADD_ASM("s", "%[m1]") FE64_CARRY38_ASM("%[m1]")
            FE64_FOLD_SUB_ASM("d", "%[m2]") FE64_CARRY38_ASM("%[m2]")
            "addq %[m1], %[s0]\n\t" "subq %[m2], %[d0]\n\t"
            : FE64_REG_INOUT(s), FE64_REG_INOUT(d), [m1] "=&r"(m1), [m2] "=&r"(m2)
            : FE64_MEM_IN(g, g)
            : "cc");
    FE64_STORE(s, s);
    FE64_STORE(d, d);
}

/* The ladder's add/subs (backend/mulx/ladder_mulx.c), for inputs whose word 3
 * is <= 2^63 (value < 2^255 + 2^192): the outputs of fe64_mul and fe64_sqr
 * (their fold at bit 255; bound F64 in bounds.toml) and the ladder's initial
 * values. Then one fold each suffices: a sum that carries out of 2^256 is
 * < 2^193 afterwards, so adding 38 cannot carry again; a difference that
 * borrows is >= 2^255 - 2^192 afterwards, so subtracting 38 cannot borrow
 * again (fe64_addsub/fe64_sub fold twice: any 256-bit inputs). Outputs: any
 * 256-bit value (for fe64_mul, fe64_sqr, fe64_mul121666_add). */
static inline void fe64_addsub_r(fe64 *s, fe64 *d, const fe64 *f, const fe64 *g)
{
    FE64_LOAD(s, f);
    FE64_LOAD(d, f);
    uint64_t m1, m2;
    __asm__(FE64_ADD4_ASM("s", "g") FE64_CARRY38_ASM("%[m1]") FE64_SUB4_ASM("d", "g") FE64_CARRY38_ASM("%[m2]")
            FE64_FOLD_ADD_ASM("s", "%[m1]") FE64_FOLD_SUB_ASM("d", "%[m2]")
            : FE64_REG_INOUT(s), FE64_REG_INOUT(d), [m1] "=&r"(m1), [m2] "=&r"(m2)
            : FE64_MEM_IN(g, g)
            : "cc");
    FE64_STORE(s, s);
    FE64_STORE(d, d);
}

/* h = f - g for inputs as fe64_addsub_r's (word 3 <= 2^63): one fold. */
static inline void fe64_sub_r(fe64 *h, const fe64 *f, const fe64 *g)
{
    FE64_LOAD(t, f);
    __asm__(FE64_SUB4_ASM("t", "g") FE64_CARRY38_ASM("%%rax") FE64_FOLD_SUB_ASM("t", "%%rax")
            : FE64_REG_INOUT(t)
            : FE64_MEM_IN(g, g)
            : "rax", "cc");
    FE64_STORE(h, t);
}

static inline void fe64_cswap(fe64 *f, fe64 *g, uint64_t b)
{
    uint64_t m = (uint64_t)0 - b;
    for (int i = 0; i < 4; i++) {
        uint64_t x = m & (f->w[i] ^ g->w[i]);
        f->w[i] ^= x;
        g->w[i] ^= x;
    }
}

#if defined(__ELF__)
/* n >= 1 squarings with the element kept in registers between them
 * (fe64_mulx.c, a plain assembly function: ~10% lower latency per squaring
 * than the inline version, which matters in the inversion chains). */
void f25519_fe64_sqr_n_asm(uint64_t out[4], const uint64_t in[4], uint64_t n);
#endif

static inline void fe64_sqr_n(fe64 *h, const fe64 *f, int n)
{
#if defined(__ELF__)
    if (n >= 1) {
        f25519_fe64_sqr_n_asm(h->w, f->w, (uint64_t)n);
        return;
    }
#endif
    fe64_sqr(h, f);
    for (int i = 1; i < n; i++) fe64_sqr(h, h);
}

#define FE64_MUL_(h, f, g) fe64_mul(h, f, g)
#define FE64_SQR_(h, f) fe64_sqr(h, f)
#define FE64_SQRN_(h, f, n) fe64_sqr_n(h, f, n)

/* wipe (stores + barrier): the chains run on secret-derived values */
#define FE64_WIPE_(x) f25519_wipe((x), sizeof *(x))

/* z^(p-2) (field/pow_chain.h). */
static inline void fe64_invert(fe64 *out, const fe64 *z)
{
    fe64 t, z11, t0, t1, t2, z9;
    F25519_POW_2_250_1(FE64_MUL_, FE64_SQR_, FE64_SQRN_, &t, &z11, z, &t0, &t1, &t2, &z9);
    F25519_INVERT_TAIL(FE64_MUL_, FE64_SQRN_, out, &t, &z11);
    FE64_WIPE_(&t0); FE64_WIPE_(&t1); FE64_WIPE_(&t2); FE64_WIPE_(&z9);
    FE64_WIPE_(&t); FE64_WIPE_(&z11);
}

/* z^((p-5)/8) (field/pow_chain.h). */
static inline void fe64_pow22523(fe64 *out, const fe64 *z)
{
    fe64 t, z11, t0, t1, t2, z9;
    F25519_POW_2_250_1(FE64_MUL_, FE64_SQR_, FE64_SQRN_, &t, &z11, z, &t0, &t1, &t2, &z9);
    F25519_POW22523_TAIL(FE64_MUL_, FE64_SQRN_, out, &t, z);
    FE64_WIPE_(&t0); FE64_WIPE_(&t1); FE64_WIPE_(&t2); FE64_WIPE_(&z9);
    FE64_WIPE_(&t); FE64_WIPE_(&z11);
}

/* Canonical little-endian encoding of a partially reduced value (< 2^256). */
static inline void fe64_tobytes(uint8_t s[32], const fe64 *f)
{
    typedef unsigned __int128 u128;
    uint64_t w[4];
    u128 c;
    /* fold bit 255: value = lo255 + 2^255 * top = lo255 + 19 * top */
    uint64_t top = f->w[3] >> 63;
    c = (u128)f->w[0] + 19 * top;
    w[0] = (uint64_t)c;
    c = (u128)f->w[1] + (uint64_t)(c >> 64);
    w[1] = (uint64_t)c;
    c = (u128)f->w[2] + (uint64_t)(c >> 64);
    w[2] = (uint64_t)c;
    w[3] = (f->w[3] & 0x7fffffffffffffffull) + (uint64_t)(c >> 64); /* < 2^255 + 1 */
    /* now value < 2^255 + 19*2: subtract p iff value + 19 >= 2^255 */
    c = (u128)w[0] + 19;
    c = (u128)w[1] + (uint64_t)(c >> 64);
    c = (u128)w[2] + (uint64_t)(c >> 64);
    c = (u128)w[3] + (uint64_t)(c >> 64);
    uint64_t q = (uint64_t)c >> 63; /* 1 iff value >= p */
    c = (u128)w[0] + 19 * q;
    w[0] = (uint64_t)c;
    c = (u128)w[1] + (uint64_t)(c >> 64);
    w[1] = (uint64_t)c;
    c = (u128)w[2] + (uint64_t)(c >> 64);
    w[2] = (uint64_t)c;
    w[3] = (w[3] + (uint64_t)(c >> 64)) & 0x7fffffffffffffffull;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) s[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
}


/* h = 0 - f (partially reduced). */
static inline void fe64_neg(fe64 *h, const fe64 *f)
{
    static const fe64 zero = {{0, 0, 0, 0}};
    fe64_sub(h, &zero, f);
}

/* fe51 with reduced limbs (< 2^51 + 2^13) -> fe64, same value: carry the
 * limbs to exactly 51 bits (limb 4 stays < 2^52), then repack. */
static inline void fe64_from_fe51(fe64 *h, const fe51 *f)
{
    const uint64_t m = 0x7ffffffffffffull;
    uint64_t v0 = f->v[0], v1 = f->v[1], v2 = f->v[2], v3 = f->v[3], v4 = f->v[4];
    v1 += v0 >> 51; v0 &= m;
    v2 += v1 >> 51; v1 &= m;
    v3 += v2 >> 51; v2 &= m;
    v4 += v3 >> 51; v3 &= m;
    h->w[0] = v0 | (v1 << 51);
    h->w[1] = (v1 >> 13) | (v2 << 38);
    h->w[2] = (v2 >> 26) | (v3 << 25);
    h->w[3] = (v3 >> 39) | (v4 << 12);
}

/* fe64 (any 256-bit value) -> fe51 with reduced limbs, same value mod p. */
static inline void fe64_to_fe51(fe51 *h, const fe64 *f)
{
    const uint64_t m = 0x7ffffffffffffull;
    h->v[0] = f->w[0] & m;
    h->v[1] = ((f->w[0] >> 51) | (f->w[1] << 13)) & m;
    h->v[2] = ((f->w[1] >> 38) | (f->w[2] << 26)) & m;
    h->v[3] = ((f->w[2] >> 25) | (f->w[3] << 39)) & m;
    h->v[4] = f->w[3] >> 12; /* < 2^52 */
    fe51_carry(h, h);
}

/* 1/z (0 -> 0) by the constant-time safegcd of field/invert_safegcd.c
 * (shared with the ifma backend) around two repackings: about 60%
 * of the time of fe64_invert's Fermat chain. Constant time. */
static inline void fe64_invert_safegcd(fe64 *out, const fe64 *z)
{
    fe51 a, b;
    fe64_to_fe51(&a, z);
    f25519_safegcd_invert(&b, &a);
    fe51_carry(&b, &b);
    fe64_from_fe51(out, &b);
    FE64_WIPE_(&a);
    FE64_WIPE_(&b);
}

/* fe51 in, fe51 out (fe64_mulx.c): the chain of fe51_pow22523 in radix
 * 2^64, same result (for fe51_sqrt_ratio_with in the point decoding). */
void f25519_fe51_pow22523_mulx(fe51 *out, const fe51 *z);
/* out[i] = z[i]^((p-5)/8), i < 2: the two chains interleaved (public inputs:
 * verification's two decodings). */
void f25519_fe51_pow22523_x2_mulx(fe51 out[2], const fe51 z[2]);
#endif
