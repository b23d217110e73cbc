/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Self-check input of check_includes.py (see field/fe.h). Never compiled. */
#include "field/fe.h"
