/* SPDX-License-Identifier: BSD-3-Clause */
/* test_same_bytes.c: the readers' inline name comparison (read/builder.h)
 * against memcmp, for every length up to 80 with each byte changed in
 * turn, at every alignment.  Built twice: as the program is built (SSE2
 * on x86_64) and with -DHP2PS_PORTABLE (test_same_bytes_portable). */
#include "check.h"
#include "read/builder.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
    char a[128], b[128];
    size_t wrong = 0, cases = 0;
    for (size_t shift = 0; shift < 16; shift++)
        for (size_t n = 0; n <= 80; n++) {
            for (size_t i = 0; i < sizeof a; i++)
                a[i] = b[i] = (char)('a' + (i * 7 + n) % 26);
            char *x = a + shift, *y = b + (15 - shift);
            memcpy(y, x, n);
            wrong += !same_bytes(x, y, n);
            cases++;
            for (size_t k = 0; k < n; k++) {
                char keep = y[k];
                y[k] = (char)(keep ^ (k % 2 ? 0x20 : 0x01));
                wrong += same_bytes(x, y, n) != (memcmp(x, y, n) == 0);
                y[k] = keep;
                cases++;
            }
        }
    CHECK_INT(wrong, 0);
    CHECK_INT(cases, 16 * (81 + 80 * 81 / 2));
    printf("test_same_bytes: %zu comparisons\n", cases);
    return check_report();
}
