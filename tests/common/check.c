/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Checks and the summary line (see testutil.h). */
#include <stdarg.h>
#include "testutil.h"

long tu_failures, tu_checks;
void (*tu_fail_hook)(void);

void tu_fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    tu_failures++;
    if (tu_failures <= 200) {
        printf("FAIL: ");
        if (file) {
            const char *base = file;
            for (const char *p = file; *p; p++)
                if (*p == '/') base = p + 1;
            printf("%s:%d: ", base, line);
        }
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
    } else if (tu_failures == 201) {
        printf("FAIL: (further failures not printed)\n");
    }
    fflush(stdout);
    if (tu_fail_hook) tu_fail_hook();
}

int tu_finish(const char *test_name)
{
    printf("%s: %ld checks, %ld failures -> %s\n", test_name, tu_checks, tu_failures,
           tu_failures ? "FAILED" : "passed");
    return tu_failures ? 1 : 0;
}
