/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Self-check input of check_includes.py: a field header that includes a point header
 * (an upward include) which includes it back (a cycle). Never compiled. */
#include "point/pt.h"
