/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Self-check input for check_objects.py cycles: cycle_a.o and cycle_b.o call
 * each other, so the checker must report one cycle (test object_cycles_selfcheck). */
int f25519_cycle_b(int n);
int f25519_cycle_a(int n) { return n <= 0 ? 0 : f25519_cycle_b(n - 1) + 1; }
