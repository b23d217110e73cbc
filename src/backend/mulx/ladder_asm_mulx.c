/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's Montgomery ladder loop as one assembly function
 * (f25519_x25519_ladder_asm, declared in ladder_mulx.c, which does the first
 * step and the last three): the steps of bits 253..3 of a clamped scalar,
 * every value on the function's own stack frame and read by memory operands,
 * rbp the zero register of the ADCX/ADOX chains. The structure and the
 * operation order follow s2n-bignum's curve25519_x25519: only the doubling's
 * inputs selected, by CMOV; DA and CB left as 5 words after the 38-fold,
 * their sum and difference folded at bit 255 once. The other products and
 * squares are fe64_mulx.h's (folded at bit 255: word 3 <= 2^63, so each
 * add/sub folds once). Proved by tools/prove/asm_ladder.py (field/bounds.toml,
 * [[asm_ladder]]).
 */
#include "backend/mulx/fe64_mulx.h"

#if F25519_HAVE_MULX && defined(__ELF__)

#define LA_STR_(x) #x
#define LA_STR(x) LA_STR_(x)
/* frame offsets (bytes from rsp) of the 4-word values, then two words */
#define LA_X1 0
#define LA_XN 32
#define LA_ZN 64
#define LA_XM 96
#define LA_ZM 128
#define LA_SN 160
#define LA_DN 192
#define LA_SM 224
#define LA_DM 256
#define LA_S 288
#define LA_D 320
#define LA_AA 352
#define LA_BB 384
#define LA_DA 416 /* 5 words */
#define LA_CB 456 /* 5 words */
#define LA_E 496
#define LA_T 528
#define LA_PREV 560
#define LA_OUT 568
#define LA_FRAME 576
/* word i (byte offset 0, 8, 16, 24) of the value at frame offset o */
#define W(o, i) LA_STR(o) "+" #i "(%rsp)"

/* Fold of r8..r15 (the 512-bit product) to r8..r11: += 38 * r12..r15, the
 * top word in r12, then the fold at bit 255 (as FE64_REDUCE_ASM); stores h. */
#define LA_REDUCE(h)                                                         \
    "movl $38, %edx\n" "xorl %ebp, %ebp\n"                                   \
    "mulx %r12, %rax, %rbx\n" "adcx %rax, %r8\n" "adox %rbx, %r9\n"          \
    "mulx %r13, %rax, %rbx\n" "adcx %rax, %r9\n" "adox %rbx, %r10\n"         \
    "mulx %r14, %rax, %rbx\n" "adcx %rax, %r10\n" "adox %rbx, %r11\n"        \
    "mulx %r15, %rax, %r12\n" "adcx %rax, %r11\n"                            \
    "adox %rbp, %r12\n" "adcx %rbp, %r12\n"                                  \
    "movq %r11, %rax\n" "shrq $63, %rax\n" "leaq (%rax,%r12,2), %r12\n"      \
    "btrq $63, %r11\n" "imulq $19, %r12, %r12\n"                             \
    "addq %r12, %r8\n" "adcq $0, %r9\n" "adcq $0, %r10\n" "adcq $0, %r11\n"  \
    "movq %r8, " W(h, 0) "\n" "movq %r9, " W(h, 8) "\n"                      \
    "movq %r10, " W(h, 16) "\n" "movq %r11, " W(h, 24) "\n"

/* one row i >= 1 of h = f g: r(8+i)..r(12+i) += f * g_i (hi scratch rbx) */
#define LA_ROW(f, gi, r0, r1, r2, r3, r4)                                    \
    "movq " gi ", %rdx\n" "xorl %ebp, %ebp\n"                                \
    "mulx " W(f, 0) ", %rax, %rbx\n" "adcx %rax, " r0 "\n" "adox %rbx, " r1 "\n" \
    "mulx " W(f, 8) ", %rax, %rbx\n" "adcx %rax, " r1 "\n" "adox %rbx, " r2 "\n" \
    "mulx " W(f, 16) ", %rax, %rbx\n" "adcx %rax, " r2 "\n" "adox %rbx, " r3 "\n" \
    "mulx " W(f, 24) ", %rax, " r4 "\n" "adcx %rax, " r3 "\n"                \
    "adox %rbp, " r4 "\n" "adcx %rbp, " r4 "\n"

/* r8..r15 = f g, the 512-bit product (fe64_mul's rows), f and g on the frame */
#define LA_PRODUCT(f, g)                                                     \
    "movq " W(g, 0) ", %rdx\n"                                               \
    "mulx " W(f, 0) ", %r8, %r9\n"                                           \
    "mulx " W(f, 8) ", %rax, %r10\n" "addq %rax, %r9\n"                      \
    "mulx " W(f, 16) ", %rax, %r11\n" "adcq %rax, %r10\n"                    \
    "mulx " W(f, 24) ", %rax, %r12\n" "adcq %rax, %r11\n" "adcq $0, %r12\n"  \
    LA_ROW(f, W(g, 8), "%r9", "%r10", "%r11", "%r12", "%r13")                \
    LA_ROW(f, W(g, 16), "%r10", "%r11", "%r12", "%r13", "%r14")              \
    LA_ROW(f, W(g, 24), "%r11", "%r12", "%r13", "%r14", "%r15")

/* h = f g (fe64_mul's rows and fold) */
#define LA_MUL(h, f, g)                                                      \
    LA_PRODUCT(f, g)                                                         \
    LA_REDUCE(h)

/* h = f g as 5 words: fe64_mul's rows and the 38-fold only (word 4 the top,
 * <= 39); the fold at bit 255 is left to LA_ADDSUB5, once for DA + CB */
#define LA_MUL5(h, f, g)                                                     \
    LA_PRODUCT(f, g)                                                         \
    "movl $38, %edx\n" "xorl %ebp, %ebp\n"                                   \
    "mulx %r12, %rax, %rbx\n" "adcx %rax, %r8\n" "adox %rbx, %r9\n"          \
    "mulx %r13, %rax, %rbx\n" "adcx %rax, %r9\n" "adox %rbx, %r10\n"         \
    "mulx %r14, %rax, %rbx\n" "adcx %rax, %r10\n" "adox %rbx, %r11\n"        \
    "mulx %r15, %rax, %r12\n" "adcx %rax, %r11\n"                            \
    "adox %rbp, %r12\n" "adcx %rbp, %r12\n"                                  \
    "movq %r8, " W(h, 0) "\n" "movq %r9, " W(h, 8) "\n"                      \
    "movq %r10, " W(h, 16) "\n" "movq %r11, " W(h, 24) "\n"                  \
    "movq %r12, " W(h, 32) "\n"

/* Fold of a 5-word value r8..r12 at bit 255: r8..r11 += 19 (r12:r11 >> 63),
 * bit 255 cleared (word 3 <= 2^63 afterwards, as LA_REDUCE's) */
#define LA_FOLD5                                                             \
    "movq %r11, %rax\n" "shrq $63, %rax\n" "leaq (%rax,%r12,2), %r12\n"      \
    "btrq $63, %r11\n" "imulq $19, %r12, %r12\n"                             \
    "addq %r12, %r8\n" "adcq $0, %r9\n" "adcq $0, %r10\n" "adcq $0, %r11\n"

/* s = f + g, d = f - g of two LA_MUL5 outputs, each folded once: the sum as
 * 5 words; the difference plus 2^7 p = 2^262 - 2432 (f - g > -2^262) */
#define LA_ADDSUB5(s, d, f, g)                                               \
    "movq " W(f, 0) ", %r8\n" "movq " W(f, 8) ", %r9\n"                      \
    "movq " W(f, 16) ", %r10\n" "movq " W(f, 24) ", %r11\n" "movq " W(f, 32) ", %r12\n" \
    "addq " W(g, 0) ", %r8\n" "adcq " W(g, 8) ", %r9\n"                      \
    "adcq " W(g, 16) ", %r10\n" "adcq " W(g, 24) ", %r11\n" "adcq " W(g, 32) ", %r12\n" \
    LA_FOLD5                                                                 \
    LA_STORE(s, "%r8", "%r9", "%r10", "%r11")                                \
    "movq " W(f, 0) ", %r8\n" "movq " W(f, 8) ", %r9\n"                      \
    "movq " W(f, 16) ", %r10\n" "movq " W(f, 24) ", %r11\n" "movq " W(f, 32) ", %r12\n" \
    "addq $64, %r12\n"                                                       \
    "subq $2432, %r8\n" "sbbq $0, %r9\n" "sbbq $0, %r10\n" "sbbq $0, %r11\n" "sbbq $0, %r12\n" \
    "subq " W(g, 0) ", %r8\n" "sbbq " W(g, 8) ", %r9\n"                      \
    "sbbq " W(g, 16) ", %r10\n" "sbbq " W(g, 24) ", %r11\n" "sbbq " W(g, 32) ", %r12\n" \
    LA_FOLD5                                                                 \
    LA_STORE(d, "%r8", "%r9", "%r10", "%r11")

/* h = f^2 (fe64_sqr's cross products, doubled on the OF chain, and squares
 * on the CF chain, then the fold), f on the frame */
#define LA_SQR(h, f)                                                         \
    "movq " W(f, 0) ", %rdx\n"                                               \
    "mulx " W(f, 8) ", %r9, %r10\n"                                          \
    "mulx " W(f, 16) ", %rax, %r11\n" "addq %rax, %r10\n"                    \
    "mulx " W(f, 24) ", %rax, %r12\n" "adcq %rax, %r11\n"                    \
    "movq " W(f, 8) ", %rdx\n"                                               \
    "mulx " W(f, 24) ", %rax, %r13\n" "adcq %rax, %r12\n" "adcq $0, %r13\n"  \
    "mulx " W(f, 16) ", %rax, %rbx\n" "addq %rax, %r11\n" "adcq %rbx, %r12\n" \
    "movq " W(f, 16) ", %rdx\n"                                              \
    "mulx " W(f, 24) ", %rax, %r14\n" "adcq %rax, %r13\n" "adcq $0, %r14\n"  \
    "xorl %r15d, %r15d\n"                                                    \
    "movq " W(f, 0) ", %rdx\n" "mulx %rdx, %r8, %rax\n"                      \
    "adox %r9, %r9\n" "adcx %rax, %r9\n"                                     \
    "movq " W(f, 8) ", %rdx\n" "mulx %rdx, %rax, %rbx\n"                     \
    "adox %r10, %r10\n" "adcx %rax, %r10\n" "adox %r11, %r11\n" "adcx %rbx, %r11\n" \
    "movq " W(f, 16) ", %rdx\n" "mulx %rdx, %rax, %rbx\n"                    \
    "adox %r12, %r12\n" "adcx %rax, %r12\n" "adox %r13, %r13\n" "adcx %rbx, %r13\n" \
    "movq " W(f, 24) ", %rdx\n" "mulx %rdx, %rax, %rbx\n"                    \
    "adox %r14, %r14\n" "adcx %rax, %r14\n" "adox %r15, %r15\n" "adcx %rbx, %r15\n" \
    LA_REDUCE(h)

/* r8..r11 = f + g, r12..r15 = f - g, one fold each (fe64_addsub_r: word 3
 * of f and g <= 2^63) */
#define LA_ADDSUB_REGS(f, g)                                                 \
    "movq " W(f, 0) ", %r8\n" "movq " W(f, 8) ", %r9\n"                      \
    "movq " W(f, 16) ", %r10\n" "movq " W(f, 24) ", %r11\n"                  \
    "movq %r8, %r12\n" "movq %r9, %r13\n" "movq %r10, %r14\n" "movq %r11, %r15\n" \
    "addq " W(g, 0) ", %r8\n" "adcq " W(g, 8) ", %r9\n"                      \
    "adcq " W(g, 16) ", %r10\n" "adcq " W(g, 24) ", %r11\n"                  \
    "sbbq %rax, %rax\n" "andq $38, %rax\n"                                   \
    "subq " W(g, 0) ", %r12\n" "sbbq " W(g, 8) ", %r13\n"                    \
    "sbbq " W(g, 16) ", %r14\n" "sbbq " W(g, 24) ", %r15\n"                  \
    "sbbq %rbx, %rbx\n" "andq $38, %rbx\n"                                   \
    "addq %rax, %r8\n" "adcq $0, %r9\n" "adcq $0, %r10\n" "adcq $0, %r11\n"  \
    "subq %rbx, %r12\n" "sbbq $0, %r13\n" "sbbq $0, %r14\n" "sbbq $0, %r15\n"
#define LA_STORE(h, a, b, c, d)                                              \
    "movq " a ", " W(h, 0) "\n" "movq " b ", " W(h, 8) "\n"                  \
    "movq " c ", " W(h, 16) "\n" "movq " d ", " W(h, 24) "\n"
#define LA_ADDSUB(s, d, f, g)                                                \
    LA_ADDSUB_REGS(f, g)                                                     \
    LA_STORE(s, "%r8", "%r9", "%r10", "%r11") LA_STORE(d, "%r12", "%r13", "%r14", "%r15")

/* h = f - g, one fold (fe64_sub_r) */
#define LA_SUB(h, f, g)                                                      \
    "movq " W(f, 0) ", %r8\n" "movq " W(f, 8) ", %r9\n"                      \
    "movq " W(f, 16) ", %r10\n" "movq " W(f, 24) ", %r11\n"                  \
    "subq " W(g, 0) ", %r8\n" "sbbq " W(g, 8) ", %r9\n"                      \
    "sbbq " W(g, 16) ", %r10\n" "sbbq " W(g, 24) ", %r11\n"                  \
    "sbbq %rax, %rax\n" "andq $38, %rax\n"                                   \
    "subq %rax, %r8\n" "sbbq $0, %r9\n" "sbbq $0, %r10\n" "sbbq $0, %r11\n"  \
    LA_STORE(h, "%r8", "%r9", "%r10", "%r11")

/* h = 121666 f + g, one fold (fe64_mul121666_add) */
#define LA_MUL_A24_ADD(h, f, g)                                              \
    "movl $121666, %edx\n"                                                   \
    "mulx " W(f, 0) ", %r8, %r9\n"                                           \
    "mulx " W(f, 8) ", %rax, %r10\n" "addq %rax, %r9\n"                      \
    "mulx " W(f, 16) ", %rax, %r11\n" "adcq %rax, %r10\n"                    \
    "mulx " W(f, 24) ", %rax, %r12\n" "adcq %rax, %r11\n" "adcq $0, %r12\n"  \
    "addq " W(g, 0) ", %r8\n" "adcq " W(g, 8) ", %r9\n"                      \
    "adcq " W(g, 16) ", %r10\n" "adcq " W(g, 24) ", %r11\n" "adcq $0, %r12\n" \
    "imulq $38, %r12, %r12\n"                                                \
    "addq %r12, %r8\n" "adcq $0, %r9\n" "adcq $0, %r10\n" "adcq $0, %r11\n"  \
    "sbbq %rax, %rax\n" "andq $38, %rax\n" "addq %rax, %r8\n"                \
    LA_STORE(h, "%r8", "%r9", "%r10", "%r11")

/* word i of the doubling's input: m's word in register r (slot m's sum or
 * difference) replaced by slot n's word on the frame when ZF is set (swap =
 * 0: the flags of "testq %rdi, %rdi", which LA_SELECT sets once), stored to
 * out */
#define LA_SEL(out, n, r, i) "cmovzq " W(n, i) ", " r "\n" "movq " r ", " W(out, i) "\n"
/* S, D = slot n's or slot m's sum and difference (m's in r8..r15) */
#define LA_SELECT                                                            \
    "testq %rdi, %rdi\n"                                                     \
    LA_SEL(LA_S, LA_SN, "%r8", 0) LA_SEL(LA_S, LA_SN, "%r9", 8)              \
    LA_SEL(LA_S, LA_SN, "%r10", 16) LA_SEL(LA_S, LA_SN, "%r11", 24)          \
    LA_SEL(LA_D, LA_DN, "%r12", 0) LA_SEL(LA_D, LA_DN, "%r13", 8)            \
    LA_SEL(LA_D, LA_DN, "%r14", 16) LA_SEL(LA_D, LA_DN, "%r15", 24)

/* f25519_x25519_ladder_asm(st, k), SysV ABI. st: x1, xn, zn, xm, zm (5 x 4
 * words, in and out), the slots after the step of bit 254 (prev = 1); k the
 * clamped scalar. Runs the steps of bits 253 down to 3 (rcx the position,
 * public; rsi k; rdi the swap mask). Wipes its frame before returning. */
__asm__(
    ".pushsection .text\n"
    ".p2align 5\n"
    ".globl f25519_x25519_ladder_asm\n"
    ".hidden f25519_x25519_ladder_asm\n"
    ".type f25519_x25519_ladder_asm,@function\n"
    "f25519_x25519_ladder_asm:\n"
    "pushq %rbx\n"
    "pushq %rbp\n"
    "pushq %r12\n"
    "pushq %r13\n"
    "pushq %r14\n"
    "pushq %r15\n"
    "subq $" LA_STR(LA_FRAME) ", %rsp\n"
    "movq %rdi, " W(LA_OUT, 0) "\n"
    "movq 0(%rdi), %rax\n" "movq %rax, " W(LA_X1, 0) "\n"
    "movq 8(%rdi), %rax\n" "movq %rax, " W(LA_X1, 8) "\n"
    "movq 16(%rdi), %rax\n" "movq %rax, " W(LA_X1, 16) "\n"
    "movq 24(%rdi), %rax\n" "movq %rax, " W(LA_X1, 24) "\n"
    "movq 32(%rdi), %rax\n" "movq %rax, " W(LA_XN, 0) "\n"
    "movq 40(%rdi), %rax\n" "movq %rax, " W(LA_XN, 8) "\n"
    "movq 48(%rdi), %rax\n" "movq %rax, " W(LA_XN, 16) "\n"
    "movq 56(%rdi), %rax\n" "movq %rax, " W(LA_XN, 24) "\n"
    "movq 64(%rdi), %rax\n" "movq %rax, " W(LA_ZN, 0) "\n"
    "movq 72(%rdi), %rax\n" "movq %rax, " W(LA_ZN, 8) "\n"
    "movq 80(%rdi), %rax\n" "movq %rax, " W(LA_ZN, 16) "\n"
    "movq 88(%rdi), %rax\n" "movq %rax, " W(LA_ZN, 24) "\n"
    "movq 96(%rdi), %rax\n" "movq %rax, " W(LA_XM, 0) "\n"
    "movq 104(%rdi), %rax\n" "movq %rax, " W(LA_XM, 8) "\n"
    "movq 112(%rdi), %rax\n" "movq %rax, " W(LA_XM, 16) "\n"
    "movq 120(%rdi), %rax\n" "movq %rax, " W(LA_XM, 24) "\n"
    "movq 128(%rdi), %rax\n" "movq %rax, " W(LA_ZM, 0) "\n"
    "movq 136(%rdi), %rax\n" "movq %rax, " W(LA_ZM, 8) "\n"
    "movq 144(%rdi), %rax\n" "movq %rax, " W(LA_ZM, 16) "\n"
    "movq 152(%rdi), %rax\n" "movq %rax, " W(LA_ZM, 24) "\n"
    "movq $1, " W(LA_PREV, 0) "\n"
    "movl $253, %ecx\n"
    "1:\n"
    /* swap = bit pos of k XOR the previous bit; rdi = -swap */
    "movq %rcx, %rax\n" "shrq $6, %rax\n" "movq (%rsi,%rax,8), %rax\n"
    "shrxq %rcx, %rax, %rax\n" "andl $1, %eax\n"
    "movq " W(LA_PREV, 0) ", %rdi\n" "movq %rax, " W(LA_PREV, 0) "\n"
    "xorq %rax, %rdi\n" "negq %rdi\n"
    LA_ADDSUB(LA_SN, LA_DN, LA_XN, LA_ZN)
    LA_ADDSUB_REGS(LA_XM, LA_ZM)
    LA_STORE(LA_SM, "%r8", "%r9", "%r10", "%r11") LA_STORE(LA_DM, "%r12", "%r13", "%r14", "%r15")
    /* the doubling's inputs: slot n's when swap = 0, slot m's when 1 */
    LA_SELECT
    LA_MUL5(LA_CB, LA_SM, LA_DN)
    LA_MUL5(LA_DA, LA_DM, LA_SN)
    LA_SQR(LA_BB, LA_D)
    LA_ADDSUB5(LA_XM, LA_ZM, LA_DA, LA_CB)
    LA_SQR(LA_AA, LA_S)
    LA_SQR(LA_ZM, LA_ZM)
    LA_SUB(LA_E, LA_AA, LA_BB)
    LA_SQR(LA_XM, LA_XM)
    LA_MUL_A24_ADD(LA_T, LA_E, LA_BB)
    LA_MUL(LA_XN, LA_AA, LA_BB)
    LA_MUL(LA_ZN, LA_E, LA_T)
    LA_MUL(LA_ZM, LA_ZM, LA_X1)
    "subq $1, %rcx\n"
    "cmpq $2, %rcx\n"
    "jne 1b\n"
    "movq " W(LA_OUT, 0) ", %rdi\n"
    "movq " W(LA_XN, 0) ", %rax\n" "movq %rax, 32(%rdi)\n"
    "movq " W(LA_XN, 8) ", %rax\n" "movq %rax, 40(%rdi)\n"
    "movq " W(LA_XN, 16) ", %rax\n" "movq %rax, 48(%rdi)\n"
    "movq " W(LA_XN, 24) ", %rax\n" "movq %rax, 56(%rdi)\n"
    "movq " W(LA_ZN, 0) ", %rax\n" "movq %rax, 64(%rdi)\n"
    "movq " W(LA_ZN, 8) ", %rax\n" "movq %rax, 72(%rdi)\n"
    "movq " W(LA_ZN, 16) ", %rax\n" "movq %rax, 80(%rdi)\n"
    "movq " W(LA_ZN, 24) ", %rax\n" "movq %rax, 88(%rdi)\n"
    "movq " W(LA_XM, 0) ", %rax\n" "movq %rax, 96(%rdi)\n"
    "movq " W(LA_XM, 8) ", %rax\n" "movq %rax, 104(%rdi)\n"
    "movq " W(LA_XM, 16) ", %rax\n" "movq %rax, 112(%rdi)\n"
    "movq " W(LA_XM, 24) ", %rax\n" "movq %rax, 120(%rdi)\n"
    "movq " W(LA_ZM, 0) ", %rax\n" "movq %rax, 128(%rdi)\n"
    "movq " W(LA_ZM, 8) ", %rax\n" "movq %rax, 136(%rdi)\n"
    "movq " W(LA_ZM, 16) ", %rax\n" "movq %rax, 144(%rdi)\n"
    "movq " W(LA_ZM, 24) ", %rax\n" "movq %rax, 152(%rdi)\n"
    /* wipe the frame (secret-derived values) */
    "xorl %ebp, %ebp\n"
    "movl $" LA_STR(LA_FRAME) ", %eax\n"
    "2:\n"
    "subq $8, %rax\n"
    "movq %rbp, (%rsp,%rax)\n"
    "jnz 2b\n"
    "addq $" LA_STR(LA_FRAME) ", %rsp\n"
    "popq %r15\n"
    "popq %r14\n"
    "popq %r13\n"
    "popq %r12\n"
    "popq %rbp\n"
    "popq %rbx\n"
    "ret\n"
    ".size f25519_x25519_ladder_asm, .-f25519_x25519_ladder_asm\n"
    ".popsection\n");
#endif
