/*
 * fe51-interface entry points of the MULX field (x86-64, BMI2 + ADX): the
 * long exponentiation chains run in radix 2^64 and the result is repacked.
 * fe51_invert / fe51_pow22523 call these when the CPU allows (fe51.c).
 */
#include "scalarmult/scalarmult_portable.h"

#if F25519_HAVE_MULX_LADDER
#include "scalarmult/mulx_fe64.h"

void f25519_fe51_invert_mulx(fe51 *out, const fe51 *z)
{
    fe51 t;
    fe64 a;
    fe51_carry(&t, z);
    fe64_from_fe51(&a, &t);
    fe64_invert(&a, &a);
    fe64_to_fe51(out, &a);
}

void f25519_fe51_pow22523_mulx(fe51 *out, const fe51 *z)
{
    fe51 t;
    fe64 a;
    fe51_carry(&t, z);
    fe64_from_fe51(&a, &t);
    fe64_pow22523(&a, &a);
    fe64_to_fe51(out, &a);
}
#endif
