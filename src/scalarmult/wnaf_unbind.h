/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The end of the w-NAF templates (double_wnaf.h, quad_wnaf.h, msm_wnaf.h): #undef the
 * DS_* bindings (wnaf_bind_portable.h, wnaf_bind_mulx.h). No include guard:
 * each template includes it at its end. */
#undef DS_P3
#undef DS_P2
#undef DS_P1P1
#undef DS_CACHED
#undef DS_PRECOMP
#undef DS_SETUP
#undef DS_IDENTITY
#undef DS_P3_TO_P2
#undef DS_P3_TO_CACHED
#undef DS_P2_DBL
#undef DS_P1P1_TO_P3
#undef DS_P1P1_TO_P2
#undef DS_ADD_CACHED
#undef DS_SUB_CACHED
#undef DS_MADD
#undef DS_MSUB
#undef DS_ODD
#undef DS_PRE
