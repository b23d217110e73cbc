/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* See cycle_a.c. */
int f25519_cycle_a(int n);
int f25519_cycle_b(int n) { return n <= 0 ? 0 : f25519_cycle_a(n - 1) + 2; }
