/* SPDX-License-Identifier: BSD-3-Clause */
/* test_text.c: text measured once (render/core.c, "advance widths").
 *
 * The metrics add up widths learnt from the texts pango lays out instead
 * of laying out every text: the sum must be what pango says, to the bit,
 * for the key's names and the cuts shorten.c makes of them (a head, an
 * ellipsis, a tail), for random strings of every printable character, in
 * both fonts, for vector and raster surfaces, with the font file alone
 * and after a text needed the system's fonts; and a long name cut again
 * and again must not be laid out again and again.
 */
#include "check.h"
#include "fixture.h"
#include "formats.h"
#include "render.h"

#include <stdlib.h>
#include <string.h>

static const char ellipsis[] = "\xE2\x80\xA6";

/* The names of an .hp in tests/data (its data lines' first field). */
static size_t names_of(const char *file, char ***out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", fixture_testdata(), file);
    size_t len;
    char *text = fixture_read_file(path, &len);
    CHECK(text != NULL);
    size_t n = 0, cap = 64;
    char **names = xcalloc(cap, sizeof *names);
    for (char *line = text; text && line && *line;) {
        char *end = strchr(line, '\n');
        if (end)
            *end = '\0';
        char *tab = strchr(line, '\t');
        if (tab && strncmp(line, "BEGIN_", 6) && strncmp(line, "END_", 4)) {
            *tab = '\0';
            bool seen = false;
            for (size_t i = 0; i < n && !seen; i++)
                seen = strcmp(names[i], line) == 0;
            if (!seen) {
                if (n == cap)
                    names = xreallocarray(names, cap *= 2, sizeof *names);
                names[n++] = xstrdup(line);
            }
        }
        line = end ? end + 1 : NULL;
    }
    free(text);
    *out = names;
    return n;
}

/* text[0..h) + ellipsis + text[t..) */
static char *cut(const char *text, size_t h, size_t t)
{
    size_t len = strlen(text);
    char *out = xmalloc(len + sizeof ellipsis);
    memcpy(out, text, h);
    memcpy(out + h, ellipsis, 3);
    strcpy(out + h + 3, text + t);
    return out;
}

static size_t differ(struct render_fonts *fonts, const struct text_metrics *tm, enum font_role font,
                     const char *text)
{
    double added = tm->width(tm->ctx, font, text);
    double laid = render_text_laid_out(fonts, font, text);
    if (added != laid)
        fprintf(stderr, "differs: %.17g, laid out %.17g: \"%s\"\n", added, laid, text);
    return added != laid;
}

/* Every name whole, then random cuts of the ASCII ones and random
 * strings: how many widths differ from pango's. */
static size_t compare(struct render_fonts *fonts, char **names, size_t n, uint64_t *rng)
{
    struct text_metrics tm = render_text_metrics(fonts);
    size_t bad = 0;
    for (int font = 0; font < FONT_COUNT; font++) {
        for (size_t i = 0; i < n; i++)
            bad += differ(fonts, &tm, (enum font_role)font, names[i]);
        for (size_t i = 0; i < n; i++) {
            size_t len = strlen(names[i]);
            bool ascii = len > 1;
            for (size_t k = 0; k < len; k++)
                ascii &= names[i][k] >= 0x20 && names[i][k] <= 0x7E;
            for (int k = 0; ascii && k < 6; k++) {
                size_t h = fixture_rng(rng) % len, t = h + 1 + fixture_rng(rng) % (len - h);
                char *c = cut(names[i], h, t);
                bad += differ(fonts, &tm, (enum font_role)font, c);
                char *core = xmemdup0(names[i] + h, t - h);
                char *both = xmalloc(strlen(core) + 7);
                snprintf(both, strlen(core) + 7, "%s%s%s", ellipsis, core, ellipsis);
                bad += differ(fonts, &tm, (enum font_role)font, both);
                free(both);
                free(core);
                free(c);
            }
        }
        for (int k = 0; k < 300; k++) {
            char s[80];
            size_t len = 1 + fixture_rng(rng) % 70;
            for (size_t j = 0; j < len; j++)
                s[j] = (char)(0x20 + fixture_rng(rng) % 95);
            s[len] = '\0';
            bad += differ(fonts, &tm, (enum font_role)font, s);
        }
        /* DejaVu Sans sets "ff" and "fi" as one glyph */
        bad += differ(fonts, &tm, (enum font_role)font, "Data.Buffer.offset_fill");
        bad += differ(fonts, &tm, (enum font_role)font, "ffi");
    }
    return bad;
}

int main(void)
{
    const char *files[] = { "wordfreq-hr.hp", "deepstack-hr-L60.hp", "mapbuild-hc.hp",
                            "leakmean-hy.hp" };
    char **all = NULL;
    size_t n = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char **names;
        size_t m = names_of(files[f], &names);
        all = xreallocarray(all, n + m + 1, sizeof *all);
        memcpy(all + n, names, m * sizeof *names);
        n += m;
        free(names);
    }
    CHECK(n > 400);
    uint64_t rng = 0x243f6a8885a308d3u;

    /* Vector and raster surfaces, each with fonts of its own. */
    const struct render_format *kinds[] = { NULL, &render_format_png };
    for (int k = 0; k < 2; k++) {
        struct render_fonts *fonts = render_fonts_new(kinds[k]);
        CHECK_INT(compare(fonts, all, n, &rng), 0);
        render_fonts_free(fonts);
    }

    /* A long name cut again and again, as the key's shortening does: laid
     * out once, and then only a pair now and then (the characters either
     * side of a cut), not each cut. */
    struct render_fonts *fonts = render_fonts_new(NULL);
    struct text_metrics tm = render_text_metrics(fonts);
    char name[2000] = "";
    for (int i = 300; i > 100; i--) {
        char part[16];
        snprintf(part, sizeof part, "f%d/", i);
        strcat(name, part);
    }
    tm.width(tm.ctx, FONT_AXIS, name);
    unsigned long before = render_fonts_laid_out(fonts);
    size_t len = strlen(name), bad = 0;
    for (size_t h = 10; h < 410; h += 4) {
        char *c = cut(name, h, len - h);
        bad += differ(fonts, &tm, FONT_AXIS, c);
        free(c);
    }
    CHECK_INT(bad, 0);
    unsigned long laid = render_fonts_laid_out(fonts) - before;
    CHECK(laid < 30);
    fprintf(stderr, "100 cuts of a %zu-byte name: %lu laid out\n", len, laid);

    /* After a text the font file lacks: the system's fonts, the same
     * widths for the alphabet's texts. */
    CHECK_INT(differ(fonts, &tm, FONT_AXIS, "(16)\xE6\x97\xA5\xE6\x9C\xAC/main"), 0);
    CHECK_INT(compare(fonts, all, n, &rng), 0);
    render_fonts_free(fonts);

    for (size_t i = 0; i < n; i++)
        free(all[i]);
    free(all);
    return check_report();
}
