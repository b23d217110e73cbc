/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): instantiates static inline routines of
 * field/fe51_inline.h that fe51.c does not export, so that their LLVM IR can
 * be read. Compiled only by tools/prove/prove.py, never linked. */
#include "field/fe51_inline.h"
void w_fe51i_sub4(fe51 *h, const fe51 *f, const fe51 *g) { fe51i_sub4(h, f, g); }
