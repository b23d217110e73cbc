/* Scalar inversions for the IFMA backend's encodings (see inv_ifma.h). */
#include "scalarmult/inv_ifma.h"
#include "impl.h"

void f25519_ifma_fe_invert(fe51 *out, const fe51 *z)
{
    fe51_invert(out, z);
}

void f25519_ifma_fe_batch_invert(fe51 *out, const fe51 *z, size_t n)
{
    fe51 zz[8], pre[8], acc, t, one;
    uint64_t isz[8];
    if (n == 0 || n > 8) return;
    fe51_1(&one);
    for (size_t i = 0; i < n; i++) {
        zz[i] = z[i];
        isz[i] = (uint64_t)fe51_iszero(&zz[i]);
        fe51_cmov(&zz[i], &one, isz[i]); /* zero -> 1, result masked below */
    }
    pre[0] = zz[0];
    for (size_t i = 1; i < n; i++) fe51_mul(&pre[i], &pre[i - 1], &zz[i]);
    f25519_ifma_fe_invert(&acc, &pre[n - 1]);
    for (size_t i = n - 1; i > 0; i--) {
        fe51_mul(&out[i], &acc, &pre[i - 1]);
        fe51_mul(&acc, &acc, &zz[i]);
    }
    out[0] = acc;
    fe51_0(&t);
    for (size_t i = 0; i < n; i++) fe51_cmov(&out[i], &t, isz[i]);
    f25519_wipe(zz, sizeof zz);
    f25519_wipe(pre, sizeof pre);
    f25519_wipe(&acc, sizeof acc);
}
