/* SPDX-License-Identifier: BSD-3-Clause */
/* slow_sort.c: LD_PRELOAD'd by tests/valgrind.sh.  pango (1.50) sorts a
 * font set's fonts on a thread of its own that nobody joins; on a loaded
 * machine that thread could still be running when hp2ps exited, and
 * valgrind then reported the fonts it held.  Slowing fontconfig's sort by
 * 1.5 s makes that happen on every run unless hp2ps waits for the sort
 * (render/core.c, settle_font_sets). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include <time.h>

FcFontSet *FcFontSetSort(FcConfig *config, FcFontSet **sets, int nsets, FcPattern *p, FcBool trim,
                         FcCharSet **csp, FcResult *result)
{
    FcFontSet *(*sort)(FcConfig *, FcFontSet **, int, FcPattern *, FcBool, FcCharSet **,
                       FcResult *);
    *(void **)&sort = dlsym(RTLD_NEXT, "FcFontSetSort");
    struct timespec pause = { 1, 500000000 };
    nanosleep(&pause, NULL);
    return sort(config, sets, nsets, p, trim, csp, result);
}
