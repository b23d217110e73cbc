/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The out-of-line parts of the mulx backend's field (fe64_mulx.h): the
 * squaring loop in assembly, and fe51-interface exponentiations (radix 2^64
 * inside, the result repacked) for the backend's point decoding.
 */
#include <string.h>
#include "backend/mulx/fe64_mulx.h"

#if F25519_HAVE_MULX

#if defined(__ELF__)
/* f25519_fe64_sqr_n_asm(out, in, n), SysV ABI: out = in^(2^n), n >= 1.
 * The squaring of fe64_sqr (cross products, doubled on the OF chain, plus
 * the squares on the CF chain, 38-fold, fold at bit 255) in a loop with the
 * element in rbx, rcx, rsi, rdi; products in r8..r15, rbp/rax scratch; the
 * counter and the output pointer live on the stack. Straight-line per
 * iteration: the loop count is public. */
__asm__(
    ".pushsection .text\n"
    ".p2align 5\n"
    ".globl f25519_fe64_sqr_n_asm\n"
    ".hidden f25519_fe64_sqr_n_asm\n"
    ".type f25519_fe64_sqr_n_asm,@function\n"
    "f25519_fe64_sqr_n_asm:\n"
    "pushq %rbx\n"
    "pushq %rbp\n"
    "pushq %r12\n"
    "pushq %r13\n"
    "pushq %r14\n"
    "pushq %r15\n"
    "subq $16, %rsp\n"
    "movq %rdi, 0(%rsp)\n"
    "movq %rdx, 8(%rsp)\n"
    "movq 0(%rsi), %rbx\n"
    "movq 8(%rsi), %rcx\n"
    "movq 24(%rsi), %rdi\n"
    "movq 16(%rsi), %rsi\n"
    "1:\n"
    /* cross products a_i a_j (i < j) into r9..r14 */
    "movq %rbx, %rdx\n"
    "mulx %rcx, %r9, %r10\n"
    "mulx %rsi, %rax, %r11\n"
    "addq %rax, %r10\n"
    "mulx %rdi, %rax, %r12\n"
    "adcq %rax, %r11\n"
    "movq %rcx, %rdx\n"
    "mulx %rdi, %rax, %r13\n"
    "adcq %rax, %r12\n"
    "adcq $0, %r13\n"
    "mulx %rsi, %rax, %rbp\n"
    "addq %rax, %r11\n"
    "adcq %rbp, %r12\n"
    "movq %rsi, %rdx\n"
    "mulx %rdi, %rax, %r14\n"
    "adcq %rax, %r13\n"
    "adcq $0, %r14\n"
    /* double (OF chain) and add the squares (CF chain) */
    "xorl %r15d, %r15d\n"
    "movq %rbx, %rdx\n"
    "mulx %rdx, %r8, %rax\n"
    "adox %r9, %r9\n"
    "adcx %rax, %r9\n"
    "movq %rcx, %rdx\n"
    "mulx %rdx, %rax, %rbp\n"
    "adox %r10, %r10\n"
    "adcx %rax, %r10\n"
    "adox %r11, %r11\n"
    "adcx %rbp, %r11\n"
    "movq %rsi, %rdx\n"
    "mulx %rdx, %rax, %rbp\n"
    "adox %r12, %r12\n"
    "adcx %rax, %r12\n"
    "adox %r13, %r13\n"
    "adcx %rbp, %r13\n"
    "movq %rdi, %rdx\n"
    "mulx %rdx, %rax, %rbp\n"
    "adox %r14, %r14\n"
    "adcx %rax, %r14\n"
    "adox %r15, %r15\n"
    "adcx %rbp, %r15\n"
    /* reduce: r8..r11 += 38 * r12..r15, top in r12, then fold at bit 255 */
    "movl $38, %edx\n"
    "xorl %eax, %eax\n"
    "mulx %r12, %rax, %rbp\n"
    "adcx %rax, %r8\n"
    "adox %rbp, %r9\n"
    "mulx %r13, %rax, %rbp\n"
    "adcx %rax, %r9\n"
    "adox %rbp, %r10\n"
    "mulx %r14, %rax, %rbp\n"
    "adcx %rax, %r10\n"
    "adox %rbp, %r11\n"
    "mulx %r15, %rax, %r12\n"
    "adcx %rax, %r11\n"
    "movl $0, %eax\n"
    "adox %rax, %r12\n"
    "adcx %rax, %r12\n"
    "movq %r11, %rax\n"
    "shrq $63, %rax\n"
    "leaq (%rax,%r12,2), %r12\n"
    "btrq $63, %r11\n"
    "imulq $19, %r12, %r12\n"
    "addq %r12, %r8\n"
    "adcq $0, %r9\n"
    "adcq $0, %r10\n"
    "adcq $0, %r11\n"
    "movq %r8, %rbx\n"
    "movq %r9, %rcx\n"
    "movq %r10, %rsi\n"
    "movq %r11, %rdi\n"
    "decq 8(%rsp)\n"
    "jnz 1b\n"
    "movq 0(%rsp), %rax\n"
    "movq %rbx, 0(%rax)\n"
    "movq %rcx, 8(%rax)\n"
    "movq %rsi, 16(%rax)\n"
    "movq %rdi, 24(%rax)\n"
    "addq $16, %rsp\n"
    "popq %r15\n"
    "popq %r14\n"
    "popq %r13\n"
    "popq %r12\n"
    "popq %rbp\n"
    "popq %rbx\n"
    "ret\n"
    ".size f25519_fe64_sqr_n_asm, .-f25519_fe64_sqr_n_asm\n"
    ".popsection\n");
#endif


void f25519_fe51_pow22523_mulx(fe51 *out, const fe51 *z)
{
    fe51 t;
    fe64 a;
    fe51_carry(&t, z);
    fe64_from_fe51(&a, &t);
    fe64_pow22523(&a, &a);
    fe64_to_fe51(out, &a);
    FE64_WIPE_(&t);
    FE64_WIPE_(&a);
}
/* Two independent chains in lock step: the squarings of one fill the
 * latency of the other (verification decodes A and R: two square roots). */
static inline void sqr2_n(fe64 h[2], const fe64 f[2], int n)
{
    fe64_sqr(&h[0], &f[0]);
    fe64_sqr(&h[1], &f[1]);
    for (int i = 1; i < n; i++) {
        fe64_sqr(&h[0], &h[0]);
        fe64_sqr(&h[1], &h[1]);
    }
}
#define FE64X2_MUL_(h, f, g) (fe64_mul(&(h)[0], &(f)[0], &(g)[0]), fe64_mul(&(h)[1], &(f)[1], &(g)[1]))
#define FE64X2_SQR_(h, f) (fe64_sqr(&(h)[0], &(f)[0]), fe64_sqr(&(h)[1], &(f)[1]))
#define FE64X2_SQRN_(h, f, n) sqr2_n(h, f, n) /* n >= 1 */

void f25519_fe51_pow22523_x2_mulx(fe51 out[2], const fe51 z[2])
{
    fe64 a[2], t[2], z11[2], t0[2], t1[2], t2[2], z9[2];
    fe51 c;
    for (int i = 0; i < 2; i++) {
        fe51_carry(&c, &z[i]);
        fe64_from_fe51(&a[i], &c);
    }
    F25519_POW_2_250_1(FE64X2_MUL_, FE64X2_SQR_, FE64X2_SQRN_, t, z11, a, t0, t1, t2, z9);
    F25519_POW22523_TAIL(FE64X2_MUL_, FE64X2_SQRN_, a, t, a);
    for (int i = 0; i < 2; i++) fe64_to_fe51(&out[i], &a[i]);
}
#endif
