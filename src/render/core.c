/* SPDX-License-Identifier: BSD-3-Clause */
/* render/core.c: see render.h. */
#include "render.h"

#include <cairo.h>
#include <errno.h>
#include <limits.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* A clean sans; fontconfig falls back to whatever sans it has. */
#define FONT_FAMILY      "DejaVu Sans, Bitstream Vera Sans, Sans"
/* With the one font file (start_with_font_file), its family alone: it is
 * the only font either way, and pango then asks fontconfig once per size
 * for the fonts it lays text out with and for the ones it measures its
 * font metrics with (the font's own family), not twice. */
#define FONT_FILE_FAMILY "DejaVu Sans"
static const double font_size[FONT_COUNT] = {
    [FONT_AXIS] = 8.5,
    [FONT_TITLE] = 10.5,
};

/* Text measured once and drawn from what was measured: the layout keeps
 * many strings (tick labels, key names, the title) more than once, and
 * laying out a string (itemizing, shaping) is most of the cost of text.
 * So each distinct string's PangoLayout is kept, up to TEXTS_KEPT of them
 * (about 2.5 kB each), and drawing shows that layout as it is. */
#define TEXTS_KEPT 256

struct text_entry {
    PangoLayout *layout;
    double width;
    guint serial; /* the context's when width was measured */
};

/* The surfaces the context is set up for.  pango_cairo_update_context
 * sets it up for one (its font options), but it also invalidates every
 * layout; so it is done once, before anything is measured, and not again
 * while the surfaces drawn on are of that kind. */
enum surface_kind {
    SURFACE_VECTOR, /* never updated: for PostScript, PDF and SVG */
    SURFACE_IMAGE,  /* updated for cairo's image surface (PNG) */
    SURFACE_ANY     /* drawn on both: updated for each surface */
};

struct render_fonts {
    PangoFontMap *map;
    PangoContext *context;
    PangoFontDescription *desc[FONT_COUNT];
    PangoLayout *measure;             /* for text past TEXTS_KEPT */
    GHashTable *texts[FONT_COUNT];    /* text -> struct text_entry, by font */
    unsigned kept;                    /* entries in texts */
    enum surface_kind kind;           /* what the context is set up for (prepare_context) */
    FcCharSet *coverage;              /* drawing with the one font file: the characters it
                           * has; NULL with the system's configuration */
    bool no_font;                     /* not even "0" has a glyph: fontconfig found no font */
    bool glyphs_missing;              /* some text measured has a character no font has */
    bool config_missing;              /* fontconfig's configuration file is not there: the
                           * font file is kept, never the system's fonts */
    struct advances *adv[FONT_COUNT]; /* widths learnt, by font (advance widths below) */
    unsigned fonts_changed;           /* times the fonts changed (use_system_fonts) */
    bool adv_off;                     /* a text's widths contradicted them: not used again */
    unsigned long laid_out;           /* texts measured by laying them out with pango */
    bool config_broken;               /* ... or it is there and fontconfig complains of it */
};

/* Loading the system's fontconfig configuration (dozens of XML files and
 * the caches of every installed font) is a third of the time of a small
 * run, yet all the text is normally set in one font.  So when configure
 * found that font's file (HP2PS_FONT_FILE, DejaVu Sans), fontconfig starts
 * with a configuration that holds that file alone, and the system's is
 * loaded only when some text needs a character the font lacks
 * (use_system_fonts).  Both give byte-identical output for text the font
 * covers: the same file, unhinted metrics.  A FONTCONFIG_FILE or
 * FONTCONFIG_PATH in the environment asks for a configuration explicitly,
 * so then the system's is used from the start. */
#ifdef HP2PS_FONT_FILE
#ifdef HP2PS_FONT_CACHEDIR
/* The font file's pattern (its family, its characters...) from
 * fontconfig's cache of its directory, which fc-cache keeps: reading the
 * file itself (FcConfigAppFontAddFile) walks every character of the font,
 * a tenth of a small run.  The configuration names the cache directories
 * and accepts the one file of the directory.  Only when the cache is there
 * and valid (else fontconfig would scan the whole directory) and the
 * directory has no subdirectories (whose caches it would read too). */
static bool add_font_from_cache(FcConfig *config, const char *file)
{
    static const char special[] = "<>&\"'*?[]{}\\";
    if (strpbrk(file, special) || strpbrk(HP2PS_FONT_CACHEDIR, special) || !strrchr(file, '/'))
        return false; /* would need quoting in the XML or the glob */
    char *dir = xstrdup(file);
    *strrchr(dir, '/') = '\0';
    char *xml = g_strdup_printf("<fontconfig><cachedir>%s</cachedir>"
                                "<cachedir prefix=\"xdg\">fontconfig</cachedir>"
                                "<selectfont><acceptfont><glob>%s</glob></acceptfont>"
                                "<rejectfont><glob>*</glob></rejectfont></selectfont></fontconfig>",
                                HP2PS_FONT_CACHEDIR, file);
    FcCache *cache = NULL;
    bool ok = *dir && FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)xml, FcFalse)
        && (cache = FcDirCacheLoad((const FcChar8 *)dir, config, NULL))
        && FcCacheNumSubdir(cache) == 0 && FcConfigAppFontAddDir(config, (const FcChar8 *)dir);
    if (cache)
        FcDirCacheUnload(cache);
    g_free(xml);
    free(dir);
    return ok;
}
#endif

/* A configuration holding the font file alone, or NULL. */
static FcConfig *font_file_config(void)
{
    FcConfig *config = FcConfigCreate();
#ifdef HP2PS_FONT_CACHEDIR
    if (config && add_font_from_cache(config, HP2PS_FONT_FILE))
        return config;
    if (config)
        FcConfigDestroy(config);
    config = FcConfigCreate();
#endif
    if (config && !FcConfigAppFontAddFile(config, (const FcChar8 *)HP2PS_FONT_FILE)) {
        FcConfigDestroy(config);
        config = NULL;
    }
    return config;
}
#endif

/* Would fontconfig find its configuration file?  When it would not
 * (FONTCONFIG_FILE=/missing.conf), loading it prints "Fontconfig error:
 * Cannot load default config file" on stderr itself, on a run that
 * succeeds. */
static bool system_config_found(void)
{
    const char *name = getenv("FONTCONFIG_FILE");
    const FcChar8 *url = (const FcChar8 *)(name && *name ? name : "fonts.conf");
#if FC_VERSION >= 21393
    /* Asked of a configuration of our own: with none current, fontconfig
     * would load the missing one to answer, and print the error. */
    FcConfig *config = FcConfigCreate();
    FcChar8 *file = config ? FcConfigGetFilename(config, url) : NULL;
    if (config)
        FcConfigDestroy(config);
#else
    FcChar8 *file = FcConfigFilename(url);
#endif
    if (!file)
        return false;
    FcStrFree(file);
    return true;
}

/* Does fontconfig load the configuration that FONTCONFIG_FILE or
 * FONTCONFIG_PATH names without a word?  One that is not valid XML, or
 * names what is not there, makes fontconfig print its own lines
 * ("Fontconfig error: ...: not well-formed") on stderr, which no caller
 * can turn off, on a run that succeeds.  So it is loaded once in a child
 * process whose stderr is a pipe: a word there, or a failure, and the
 * configuration is not used.  Only when those variables are set, and
 * before the reading side may touch fontconfig (DEVELOPERS.md). */
static bool config_loads_quietly(void)
{
    int out[2];
    if (pipe(out) != 0)
        return true; /* cannot tell: as before */
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 2);
        close(out[0]);
        close(out[1]);
        FcConfig *config = FcInitLoadConfigAndFonts();
        _exit(config ? 0 : 1);
    }
    close(out[1]);
    bool quiet = pid > 0;
    char buf[256];
    struct pollfd pfd = { .fd = out[0], .events = POLLIN };
    while (quiet) {
        int ready = poll(&pfd, 1, 10000);
        if (ready < 0 && errno == EINTR)
            continue;
        /* A configuration that takes ten seconds to load is not used
         * either, and the child is killed: a child of this threaded
         * process can also hang on a lock another thread held at the
         * fork (seen under ASan, whose allocator is not fork-safe), and
         * waiting for it would hang the run. */
        if (ready != 1) {
            quiet = false;
            break;
        }
        ssize_t n = read(out[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != 0)
            quiet = false;
        if (n <= 0)
            break;
    }
    close(out[0]);
    int status = 0;
    if (pid > 0) {
        if (!quiet)
            kill(pid, SIGKILL);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    return pid < 0 || (quiet && WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static FcCharSet *start_with_font_file(bool *config_missing, bool *config_broken)
{
#ifdef HP2PS_FONT_FILE
    if (getenv("FONTCONFIG_FILE") || getenv("FONTCONFIG_PATH")) {
        if (system_config_found() && config_loads_quietly())
            return NULL;
        *config_broken = system_config_found();
        *config_missing = true;
    }
    FcConfig *config = font_file_config();
    if (!config)
        return NULL;
    FcCharSet *coverage = NULL;
    const FcChar8 *family = NULL;
    FcFontSet *set = NULL;
    if ((set = FcConfigGetFonts(config, FcSetApplication)) && set->nfont == 1
        && FcPatternGetString(set->fonts[0], FC_FAMILY, 0, (FcChar8 **)&family) == FcResultMatch
        && FcStrCmpIgnoreCase(family, (const FcChar8 *)FONT_FILE_FAMILY) == 0
        && FcPatternGetCharSet(set->fonts[0], FC_CHARSET, 0, &coverage) == FcResultMatch
        && FcConfigSetCurrent(config)) {
        coverage = FcCharSetCopy(coverage);
    } else
        coverage = NULL;
    FcConfigDestroy(config); /* the current configuration keeps a reference */
    return coverage;
#else
    (void)config_missing;
    (void)config_broken;
    return NULL;
#endif
}

/* Does the font file have every character of the UTF-8 text? */
static bool font_file_covers(const struct render_fonts *f, const char *text)
{
    for (const char *p = text; *p; p = g_utf8_next_char(p))
        if (!FcCharSetHasChar(f->coverage, g_utf8_get_char(p)))
            return false;
    return true;
}

static void forget_texts(struct render_fonts *f)
{
    for (int i = 0; i < FONT_COUNT; i++)
        g_hash_table_remove_all(f->texts[i]);
    f->kept = 0;
}

/* pango (1.50) looks each font set up on two threads of its own that
 * nobody waits for: one finds the best font, which the first text
 * needs, the other sorts every font by how well it matches, which only
 * a fallback needs.  That one may still be sorting when the run ends:
 * here a thread of pango's was alive at the process's exit in 7 of 20
 * runs (strace), and valgrind then found the fonts it still held
 * ("possibly lost": harfbuzz's shape plans), which made valgrind.sh fail
 * about one run in three under load (a sort slowed by 1.5 s makes every
 * run fail so).  Asking each font set for its second font waits for
 * both threads' results; on a run of any length they are long there.
 * Done before the fonts go, and before the configuration changes
 * (use_system_fonts), after which the old sets are not asked again. */
static gboolean stop_at_second(PangoFontset *set, PangoFont *font, gpointer seen)
{
    (void)set;
    (void)font;
    return ++*(int *)seen >= 2;
}

static void settle_font_sets(struct render_fonts *f)
{
    /* The set a layout asked for (the same key, so no new set and no new
     * threads): the context's description with ours over it, upright, in
     * the context's language or else the default. */
    PangoLanguage *language = pango_context_get_language(f->context);
    if (!language)
        language = pango_language_get_default();
    for (int i = 0; i < FONT_COUNT; i++) {
        PangoFontDescription *desc =
            pango_font_description_copy(pango_context_get_font_description(f->context));
        pango_font_description_merge(desc, f->desc[i], TRUE);
        pango_font_description_set_gravity(desc, pango_context_get_gravity(f->context));
        PangoFontset *set = pango_font_map_load_fontset(f->map, f->context, desc, language);
        pango_font_description_free(desc);
        if (!set)
            continue;
        int seen = 0;
        pango_fontset_foreach(set, stop_at_second, &seen);
        g_object_unref(set);
    }
}

/* From the one font file to the system's configuration, with its
 * fallback fonts.  Widths measured before stay right: the system's
 * configuration finds the same file for the text they were measured on. */
static void use_system_fonts(struct render_fonts *f)
{
    settle_font_sets(f);
    FcConfig *system = FcInitLoadConfigAndFonts();
    if (system) {
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(f->map), system);
        FcConfigDestroy(system); /* the font map keeps a reference */
        pango_layout_context_changed(f->measure);
        for (int i = 0; i < FONT_COUNT; i++)
            pango_font_description_set_family(f->desc[i], FONT_FAMILY);
        forget_texts(f); /* measured again from now on, as with the new fonts */
        f->fonts_changed++;
    }
    FcCharSetDestroy(f->coverage);
    f->coverage = NULL;
}

/* Before text is measured or drawn: switch to the system's fonts if the
 * font file lacks one of its characters (true: switched). */
static bool need_text(struct render_fonts *f, const char *text)
{
    if (!f->coverage || f->config_missing || font_file_covers(f, text))
        return false;
    if (system_config_found()) {
        use_system_fonts(f);
        return true;
    }
    f->config_missing = true; /* its characters become boxes, with a warning */
    return false;
}

static void text_entry_free(void *p)
{
    struct text_entry *e = p;
    g_object_unref(e->layout);
    free(e);
}

/* Lays text out on pl and measures it; notes a character without a glyph
 * (pango draws it as a box with its code in it). */
static double layout_width(struct render_fonts *f, PangoLayout *pl,
                           const PangoFontDescription *desc, const char *text)
{
    PangoRectangle logical;
    pango_layout_set_font_description(pl, desc);
    pango_layout_set_text(pl, text, -1);
    pango_layout_get_extents(pl, NULL, &logical);
    if (pango_layout_get_unknown_glyphs_count(pl) > 0)
        f->glyphs_missing = true;
    return (double)logical.width / PANGO_SCALE;
}

/* The first text a context lays out costs far more than any after it:
 * pango loads the font's face and harfbuzz builds its shaping plan from
 * the font's tables, for each size.  Laying out one short string per
 * font now puts that cost where render_fonts_begin's thread pays it while
 * the profile is read.  On the measuring layout, so that the kept texts
 * are only the layout's own. */
static void warm_up(struct render_fonts *f)
{
    for (int i = 0; i < FONT_COUNT; i++)
        layout_width(f, f->measure, f->desc[i], "0");
    f->no_font = f->glyphs_missing; /* a digit that no font has: there is none */
    f->glyphs_missing = false;
}

/* Sets the context up for drawing on the format's kind of surface,
 * before anything is measured, so that what is measured can be drawn as
 * it is.  The vector surfaces need nothing: their font options differ
 * from the context's only in not rounding glyph positions, as the default
 * does not either, and cairo merges the surface's options into the font's
 * when it draws anyway.  (Updating the context with one of them would
 * also cost an id: cairo numbers every surface, and the SVG names its
 * first group by the number.)  The image surface rounds glyph positions:
 * there the context is updated with a small image surface. */
static void prepare_context(struct render_fonts *f, const struct render_format *fmt)
{
    f->kind = SURFACE_VECTOR;
    if (fmt && fmt->raster) {
        cairo_surface_t *probe = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
        cairo_t *cr = cairo_create(probe);
        pango_cairo_update_context(cr, f->context);
        cairo_destroy(cr);
        cairo_surface_destroy(probe);
        f->kind = SURFACE_IMAGE;
    }
}

struct render_fonts *render_fonts_new(const struct render_format *fmt)
{
    struct render_fonts *f = xcalloc(1, sizeof *f);
    f->coverage = start_with_font_file(&f->config_missing, &f->config_broken);
    f->map = pango_cairo_font_map_new();
    if (f->coverage && !PANGO_IS_FC_FONT_MAP(f->map)) {
        FcCharSetDestroy(f->coverage); /* not a fontconfig font map after all */
        f->coverage = NULL;
    }
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(f->map), 72);
    f->context = pango_font_map_create_context(f->map);
    /* 72 dpi: a font size in points is a size in our units.  Unhinted
     * metrics: widths do not depend on the output's resolution, so every
     * format gets the same layout. */
    pango_cairo_context_set_resolution(f->context, 72);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(f->context, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(f->context, FALSE);
    for (int i = 0; i < FONT_COUNT; i++) {
        f->desc[i] =
            pango_font_description_from_string(f->coverage ? FONT_FILE_FAMILY : FONT_FAMILY);
        pango_font_description_set_size(f->desc[i], (gint)(font_size[i] * PANGO_SCALE));
    }
    prepare_context(f, fmt);
    f->measure = pango_layout_new(f->context);
    for (int i = 0; i < FONT_COUNT; i++)
        f->texts[i] = g_hash_table_new_full(g_str_hash, g_str_equal, free, text_entry_free);
    warm_up(f);
    return f;
}

struct render_fonts_job {
    const struct render_format *fmt;
    struct render_fonts *fonts;
    pthread_t thread;
    bool threaded;
    atomic_bool made; /* the thread has made the fonts (it ends next) */
};

static void *fonts_thread(void *arg)
{
    struct render_fonts_job *job = arg;
    job->fonts = render_fonts_new(job->fmt);
    atomic_store(&job->made, true);
    return NULL;
}

/* What drawing a small profile takes of fresh heap: cairo's subsetting
 * of a font allocates its tables, and the rest of the drawing about as
 * much (measured with perf's page faults: bench/HISTORY.md). */
#define DRAWING_HEAP (384u * 1024u)

/* The wait for the fonts, spent on the drawing's memory.  On a small
 * profile the fonts take longer than the reading, and the caller waits
 * for them; each page of heap the drawing then touches for the first
 * time costs 10 to 15 us on a virtual machine (bench/pagefault.c).
 * Touched now and freed, the pages stay in the heap (tune/memory.c
 * keeps freed memory) for the drawing's own allocations.  Looks whether
 * the fonts are made after each page, so the wait is no longer for it
 * than one page's fault. */
static void touch_heap_until_made(struct render_fonts_job *job)
{
    volatile char *block = malloc(DRAWING_HEAP);
    if (!block)
        return;
    for (size_t at = 0; at < DRAWING_HEAP && !atomic_load(&job->made); at += 4096)
        block[at] = 0;
    free((void *)block);
}

struct render_fonts_job *render_fonts_begin(const struct render_format *fmt)
{
    struct render_fonts_job *job = xcalloc(1, sizeof *job);
    job->fmt = fmt;
    atomic_init(&job->made, false);
    job->threaded = pthread_create(&job->thread, NULL, fonts_thread, job) == 0;
    if (!job->threaded)
        job->fonts = render_fonts_new(fmt);
    return job;
}

struct render_fonts *render_fonts_end(struct render_fonts_job *job)
{
    if (job->threaded) {
        touch_heap_until_made(job);
        if (pthread_join(job->thread, NULL) != 0)
            abort(); /* only a wrong thread id fails: a bug */
    }
    struct render_fonts *fonts = job->fonts;
    free(job);
    return fonts;
}

void render_fonts_free(struct render_fonts *f)
{
    if (!f)
        return;
    settle_font_sets(f);
    g_object_unref(f->measure);
    for (int i = 0; i < FONT_COUNT; i++) {
        g_hash_table_destroy(f->texts[i]);
        pango_font_description_free(f->desc[i]);
    }
    for (int i = 0; i < FONT_COUNT; i++)
        free(f->adv[i]);
    g_object_unref(f->context);
    g_object_unref(f->map);
    if (f->coverage)
        FcCharSetDestroy(f->coverage);
    free(f);
}

/* The kept layout of text in font, laid out now if it is new; NULL once
 * TEXTS_KEPT are kept. */
static struct text_entry *text_entry(struct render_fonts *f, enum font_role font, const char *text)
{
    struct text_entry *e = g_hash_table_lookup(f->texts[font], text);
    if (e) {
        /* The context changed since (drawn on another kind of surface
         * before: only a caller that reuses its fonts does that): pango
         * lays the text out again, and it is measured again. */
        if (e->serial != pango_context_get_serial(f->context)) {
            PangoRectangle logical;
            pango_layout_get_extents(e->layout, NULL, &logical);
            e->width = (double)logical.width / PANGO_SCALE;
            e->serial = pango_context_get_serial(f->context);
        }
        return e;
    }
    if (f->kept == TEXTS_KEPT)
        return NULL;
    e = xmalloc(sizeof *e);
    e->layout = pango_layout_new(f->context);
    e->width = layout_width(f, e->layout, f->desc[font], text);
    f->laid_out++;
    e->serial = pango_context_get_serial(f->context);
    g_hash_table_insert(f->texts[font], xstrdup(text), e);
    f->kept++;
    return e;
}

/* ---- advance widths: text measured without laying it out ----------------
 *
 * pango lays a text out (itemizes it, finds its breaks, shapes it with
 * harfbuzz) in about 30,000 instructions plus 3,000 a character.  The key
 * measures a long name again and again while it looks for the cut that
 * fits (shorten.c: every candidate is a new string), and each of those
 * was laid out whole: on logs with long cost-centre stacks that was about
 * half of the run.  But with the one font file (start_with_font_file) a
 * text of printable ASCII and the ellipsis is a row of glyphs, one a
 * character, each as wide as its advance plus its kerning with the glyph
 * after it: the width of a character followed by another, or ending the
 * text, is all there is (also with the system's fonts, which set those
 * characters in the same file).  So those widths are learnt from the texts
 * pango lays out anyway (each glyph of each one), and a text whose pairs
 * are all known is measured by adding them up, in pango's own units, so
 * to the bit what pango would say.  A pair not known yet is learnt by
 * laying out the two characters alone when that costs less than laying
 * the text out.  A pair that shapes into one glyph (DejaVu's "ff" is a
 * ligature) is never added up: texts with it are laid out.
 *
 * Every text pango lays out checks the widths known: one that differs
 * (a font whose shaping is not pairwise) turns the adding up off for the
 * rest of the run.  bench/README.md says what it saves; test_text checks
 * it against pango on the corpus's names and random cuts of them. */
#define ADV_CHARS      96 /* ' ' to '~', and the ellipsis */
#define ADV_ELLIPSIS   95
#define ADV_UNKNOWN    INT32_MIN
#define ADV_NEVER      (INT32_MIN + 1)
#define ADV_ASK_MAX    64 /* pairs learnt one by one for one text, at most */
#define ADV_ASK_LENGTH 24 /* shorter texts are laid out rather than their pairs */

struct advances {
    int32_t after[ADV_CHARS][ADV_CHARS]; /* a character followed by another */
    int32_t last[ADV_CHARS];             /* a character that ends the text */
    guint serial;                        /* the context's when learnt, */
    unsigned fonts_changed;              /* and the fonts' */
};

/* The character at p (of the model's alphabet): its index, and its bytes
 * in *len; -1 for any other. */
static int adv_char(const unsigned char *p, size_t *len)
{
    if (p[0] >= 0x20 && p[0] <= 0x7E) {
        *len = 1;
        return p[0] - 0x20;
    }
    if (p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0xA6) {
        *len = 3;
        return ADV_ELLIPSIS;
    }
    return -1;
}

static void adv_set(struct render_fonts *f, int32_t *slot, int32_t width)
{
    if (*slot == ADV_UNKNOWN)
        *slot = width;
    else if (*slot != width && *slot != ADV_NEVER)
        f->adv_off = true;
}

/* font's widths, forgotten when the context changed since (a surface of
 * another kind); NULL when they cannot be used. */
static struct advances *advances_of(struct render_fonts *f, enum font_role font)
{
    if (f->adv_off)
        return NULL;
    struct advances *a = f->adv[font];
    guint serial = pango_context_get_serial(f->context);
    if (!a)
        a = f->adv[font] = xmalloc(sizeof *a);
    else if (a->serial == serial && a->fonts_changed == f->fonts_changed)
        return a;
    for (int i = 0; i < ADV_CHARS; i++) {
        a->last[i] = ADV_UNKNOWN;
        for (int j = 0; j < ADV_CHARS; j++)
            a->after[i][j] = ADV_UNKNOWN;
    }
    a->serial = serial;
    a->fonts_changed = f->fonts_changed;
    return a;
}

/* Was the run set in the font file?  With the system's fonts (a text
 * needed a character it lacks) the texts of the alphabet still are, and
 * the widths learnt from them hold; a run in any other font teaches
 * nothing (its shaping may not be pairwise). */
static bool run_in_font_file(const PangoGlyphItem *run)
{
#if defined(HP2PS_FONT_FILE) && PANGO_VERSION_CHECK(1, 48, 0)
    PangoFont *font = run->item->analysis.font;
    FcChar8 *file = NULL;
    return font && PANGO_IS_FC_FONT(font)
        && FcPatternGetString(pango_fc_font_get_pattern(PANGO_FC_FONT(font)), FC_FILE, 0, &file)
        == FcResultMatch
        && strcmp((const char *)file, HP2PS_FONT_FILE) == 0;
#else
    (void)run;
    return false;
#endif
}

/* Learn from text laid out on pl: each glyph's width, when each character
 * of the alphabet became one glyph, in order.  false when it did not. */
static bool adv_learn(struct render_fonts *f, enum font_role font, PangoLayout *pl,
                      const char *text)
{
    struct advances *a = advances_of(f, font);
    if (!a || pango_layout_get_line_count(pl) != 1 || pango_layout_get_unknown_glyphs_count(pl))
        return false;
    size_t len = strlen(text), n = 0;
    /* (on the stack for the usual short text) */
    int idx_s[128];
    size_t at_s[128];
    int32_t width_s[128];
    bool small = len < 128;
    int *idx = small ? idx_s : xreallocarray(NULL, len + 1, sizeof *idx);
    size_t *at = small ? at_s : xreallocarray(NULL, len + 1, sizeof *at);
    int32_t *width = small ? width_s : xreallocarray(NULL, len + 1, sizeof *width);
    bool ok = true;
    for (size_t p = 0, k; p < len && ok; p += k, n++) {
        idx[n] = adv_char((const unsigned char *)text + p, &k);
        at[n] = p;
        ok = idx[n] >= 0;
    }
    size_t g = 0;
    for (GSList *r = pango_layout_get_line_readonly(pl, 0)->runs; r && ok; r = r->next) {
        const PangoGlyphItem *run = r->data;
        ok = run_in_font_file(run);
        for (int i = 0; i < run->glyphs->num_glyphs && ok; i++, g++) {
            ok = g < n && (size_t)(run->item->offset + run->glyphs->log_clusters[i]) == at[g];
            if (ok)
                width[g] = run->glyphs->glyphs[i].geometry.width;
        }
    }
    ok = ok && g == n && n > 0;
    for (size_t k = 0; ok && k < n; k++)
        adv_set(f, k + 1 < n ? &a->after[idx[k]][idx[k + 1]] : &a->last[idx[k]], width[k]);
    if (!small) {
        free(idx);
        free(at);
        free(width);
    }
    return ok;
}

/* Lay out the characters i then j (j < 0: i alone) to learn their widths;
 * a pair that does not make two glyphs is never added up. */
static void adv_ask(struct render_fonts *f, enum font_role font, int i, int j)
{
    char text[8];
    size_t n = 0;
    for (int k = 0, c = i; k < 2 && c >= 0; k++, c = j) {
        if (c == ADV_ELLIPSIS) {
            memcpy(text + n, "\xE2\x80\xA6", 3);
            n += 3;
        } else
            text[n++] = (char)(0x20 + c);
    }
    text[n] = '\0';
    layout_width(f, f->measure, f->desc[font], text);
    f->laid_out++;
    if (!adv_learn(f, font, f->measure, text) && j >= 0 && f->adv[font])
        f->adv[font]->after[i][j] = ADV_NEVER;
}

/* The width of text added up from the widths known (*width, in points as
 * pango gives them), learning the few it lacks.  false: text must be laid
 * out (not of the alphabet, a ligature in it, too much to learn first, or
 * the widths cannot be used). */
static bool adv_width(struct render_fonts *f, enum font_role font, const char *text, double *width)
{
    struct advances *a = advances_of(f, font);
    if (!a || !*text)
        return false;
    for (int round = 0; round < 2; round++) {
        int ask[ADV_ASK_MAX][2], nask = 0;
        size_t n = 0;
        int64_t sum = 0;
        int prev = -1;
        for (const unsigned char *p = (const unsigned char *)text; *p; n++) {
            size_t k;
            int c = adv_char(p, &k);
            if (c < 0)
                return false;
            p += k;
            if (prev >= 0) {
                int32_t w = a->after[prev][c];
                if (w == ADV_NEVER)
                    return false;
                if (w != ADV_UNKNOWN)
                    sum += w;
                else if (nask < ADV_ASK_MAX)
                    ask[nask][0] = prev, ask[nask][1] = c, nask++;
                else
                    return false;
            }
            prev = c;
        }
        if (a->last[prev] != ADV_UNKNOWN)
            sum += a->last[prev];
        else if (nask < ADV_ASK_MAX)
            ask[nask][0] = prev, ask[nask][1] = -1, nask++;
        else
            return false;
        if (nask == 0) {
            *width = (double)sum / PANGO_SCALE;
            return true;
        }
        /* A pair costs a layout of its own; the text, one and 3,000
         * instructions a character (about a tenth of a layout), and a
         * short text is most likely drawn, which lays it out anyway (the
         * layout is kept: text_entry). */
        if (round > 0 || n < ADV_ASK_LENGTH || (size_t)nask * 10 >= n)
            return false;
        for (int q = 0; q < nask && !f->adv_off; q++)
            if ((ask[q][1] >= 0 ? a->after[ask[q][0]][ask[q][1]] : a->last[ask[q][0]])
                == ADV_UNKNOWN)
                adv_ask(f, font, ask[q][0], ask[q][1]);
        if (f->adv_off)
            return false;
    }
    return false;
}

static double measure_width(void *ctx, enum font_role font, const char *text)
{
    struct render_fonts *f = ctx;
    need_text(f, text);
    double width;
    if (adv_width(f, font, text, &width))
        return width;
    struct text_entry *e = text_entry(f, font, text);
    PangoLayout *pl = e ? e->layout : f->measure;
    if (e)
        width = e->width;
    else {
        width = layout_width(f, f->measure, f->desc[font], text);
        f->laid_out++;
    }
    adv_learn(f, font, pl, text);
    return width;
}

/* Grapheme clusters by pango's rule (Unicode's extended clusters, emoji
 * sequences included): where the cursor may stop. */
static size_t measure_clusters(void *ctx, const char *text, size_t len, size_t *stops)
{
    (void)ctx;
    if (len == 0 || len > INT_MAX) {
        stops[0] = 0;
        return 1;
    }
    /* Printable ASCII: a cluster a character (Unicode's rules join only
     * CR LF and marks, none of them printable ASCII), as pango would say
     * after finding every break of the text. */
    size_t i = 0;
    while (i < len && text[i] >= 0x20 && text[i] <= 0x7E)
        i++;
    if (i == len) {
        for (i = 0; i <= len; i++)
            stops[i] = i;
        return len + 1;
    }
    glong chars = g_utf8_strlen(text, (gssize)len);
    PangoLogAttr *attrs = g_new(PangoLogAttr, chars + 1);
    pango_get_log_attrs(text, (int)len, -1, pango_language_from_string("en"), attrs,
                        (int)chars + 1);
    size_t k = 0;
    const char *q = text;
    for (glong i = 0; i <= chars; i++) {
        if (i == 0 || i == chars || attrs[i].is_cursor_position)
            stops[k++] = (size_t)(q - text);
        if (i < chars)
            q = g_utf8_next_char(q);
    }
    g_free(attrs);
    return k;
}

const char *render_fonts_boxes(const struct render_fonts *fonts)
{
    if (fonts->config_broken && fonts->glyphs_missing)
        return "fontconfig cannot read its configuration file (FONTCONFIG_FILE, "
               "FONTCONFIG_PATH); the text is set in hp2ps's own font, and the characters "
               "it lacks are drawn as boxes with their codes";
    if (fonts->config_broken)
        return "fontconfig cannot read its configuration file (FONTCONFIG_FILE, "
               "FONTCONFIG_PATH); the text is set in hp2ps's own font";
    if (fonts->config_missing && fonts->glyphs_missing)
        return "fontconfig's configuration file is not there (FONTCONFIG_FILE, "
               "FONTCONFIG_PATH); the text is set in hp2ps's own font, and the characters "
               "it lacks are drawn as boxes with their codes";
    if (fonts->no_font)
        return "fontconfig finds no font, so all text is drawn as boxes "
               "(install one: fonts-dejavu-core)";
    if (fonts->glyphs_missing)
        return "no font has some characters of the text; they are drawn as boxes "
               "with their codes";
    if (fonts->config_missing)
        return "fontconfig's configuration file is not there (FONTCONFIG_FILE, "
               "FONTCONFIG_PATH); the text is set in hp2ps's own font";
    return NULL;
}

double render_text_laid_out(struct render_fonts *fonts, enum font_role font, const char *text)
{
    need_text(fonts, text);
    PangoLayout *pl = pango_layout_new(fonts->context);
    double width = layout_width(fonts, pl, fonts->desc[font], text);
    g_object_unref(pl);
    return width;
}

unsigned long render_fonts_laid_out(const struct render_fonts *fonts)
{
    return fonts->laid_out;
}

struct text_metrics render_text_metrics(struct render_fonts *fonts)
{
    struct text_metrics tm = { measure_width, fonts, measure_clusters };
    return tm;
}

long long render_source_date_epoch(void)
{
    const char *s = getenv("SOURCE_DATE_EPOCH");
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    /* Only years of four digits: gmtime and the PDF and DSC dates have no
     * room for more (gmtime_r failed on larger values and left its result
     * unset, which was then formatted). */
    if (*end || errno || end == s || v < 0 || v > RENDER_EPOCH_MAX)
        return -2;
    return v;
}

bool render_utc(long long epoch, struct tm *tm)
{
    time_t t = (time_t)epoch;
    return epoch >= 0 && epoch <= RENDER_EPOCH_MAX && gmtime_r(&t, tm) != NULL;
}

bool render_iso_date(char *buf, size_t size)
{
    struct tm tm;
    if (!render_utc(render_source_date_epoch(), &tm))
        return false;
    strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
    return true;
}

/* to_device: NULL, the points go through the context's matrix (the
 * layout's); else, on a vector surface, this matrix takes them to device
 * space here (render_pages: "device space"). */
static void trace_path(cairo_t *cr, const struct prim *pr, const cairo_matrix_t *to_device)
{
    cairo_new_path(cr);
    for (size_t i = 0; i < pr->npts; i++) {
        double x = pr->pts[2 * i], y = pr->pts[2 * i + 1];
        if (to_device)
            cairo_matrix_transform_point(to_device, &x, &y);
        if (i == 0)
            cairo_move_to(cr, x, y);
        else
            cairo_line_to(cr, x, y);
    }
    if (pr->kind == PRIM_POLYGON)
        cairo_close_path(cr);
}

#define HATCH_SPACING 3.5
#define HATCH_WIDTH   0.45

/* Parallel lines at angle degrees across the current clip. */
static void hatch_lines(cairo_t *cr, double angle)
{
    double x0, y0, x1, y1;
    cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
    double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    double r = hypot(x1 - x0, y1 - y0) / 2 + HATCH_SPACING;
    double a = angle * 3.14159265358979323846 / 180;
    double dx = cos(a), dy = sin(a); /* along the lines */
    /* Lines on a fixed lattice (through the origin), so a band and its key
     * swatch show the same pattern, and neighbouring pieces line up. */
    double offset = -dy * cx + dx * cy;
    double first = floor((offset - r) / HATCH_SPACING) * HATCH_SPACING;
    for (double d = first; d <= offset + r; d += HATCH_SPACING) {
        double px = -dy * d, py = dx * d; /* a point on the line */
        double t = dx * (cx - px) + dy * (cy - py);
        cairo_move_to(cr, px + dx * (t - r), py + dy * (t - r));
        cairo_line_to(cr, px + dx * (t + r), py + dy * (t + r));
    }
}

/* --pattern: lines over the fill, light on dark fills, dark on light. */
static void draw_hatch(cairo_t *cr, const struct prim *pr)
{
    static const double angles[][2] = {
        [1] = { 45, -1 }, [2] = { 135, -1 }, [3] = { 0, -1 },
        [4] = { 90, -1 }, [5] = { 45, 135 }, [6] = { 0, 90 },
    };
    if (pr->hatch < 1 || pr->hatch > LAYOUT_HATCHES)
        return;
    double lum = 0.3 * pr->fill.r + 0.59 * pr->fill.g + 0.11 * pr->fill.b;
    cairo_save(cr);
    trace_path(cr, pr, NULL);
    cairo_clip(cr);
    cairo_new_path(cr);
    for (int i = 0; i < 2; i++)
        if (angles[pr->hatch][i] >= 0)
            hatch_lines(cr, angles[pr->hatch][i]);
    double ink = lum < 0.45 ? 1 : 0;
    cairo_set_source_rgb(cr, ink, ink, ink);
    cairo_set_line_width(cr, HATCH_WIDTH);
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* --mode=lines: the dash patterns (on, off, ... in points) of
 * LAYOUT_DASHES, each short enough to show twice in a key swatch. */
static void set_dash(cairo_t *cr, int dash)
{
    static const double pattern[LAYOUT_DASHES + 1][6] = {
        [1] = { 5, 2 },
        [2] = { 1.2, 1.8 },
        [3] = { 5, 1.5, 1.2, 1.5 },
        [4] = { 2.5, 2.5 },
        [5] = { 3, 1.2, 1.2, 1.2, 1.2, 1.2 },
        [6] = { 1.2, 4 },
    };
    static const int length[LAYOUT_DASHES + 1] = { 0, 2, 2, 4, 2, 6, 2 };
    if (dash >= 1 && dash <= LAYOUT_DASHES)
        cairo_set_dash(cr, pattern[dash], length[dash], 0);
}

/* What a raster surface shows of the page, in the page's user space
 * (cairo_clip_extents), so that a path wholly outside it is not traced:
 * a PNG is drawn in strips (render/png.c), and each strip would otherwise
 * pass over the points of every band.  Vector surfaces draw every path. */
struct view {
    bool bounded;
    double x0, y0, x1, y1;
};

static bool path_outside(const struct prim *pr, const struct view *v)
{
    if (!v->bounded)
        return false;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < pr->npts; i++) {
        double x = pr->pts[2 * i], y = pr->pts[2 * i + 1];
        x0 = fmin(x0, x), x1 = fmax(x1, x);
        y0 = fmin(y0, y), y1 = fmax(y1, y);
    }
    /* The outline reaches half its width past the points (round joins,
     * butt caps); antialiasing colours only pixels the shape touches, and
     * a point more is for rounding. */
    double margin = pr->line_width / 2 + 1;
    return x1 + margin < v->x0 || x0 - margin > v->x1 || y1 + margin < v->y0 || y0 - margin > v->y1;
}

static void draw_path(cairo_t *cr, const struct prim *pr, const struct view *v,
                      const cairo_matrix_t *to_device)
{
    if (pr->npts == 0 || path_outside(pr, v))
        return;
    trace_path(cr, pr, to_device);
    if (pr->filled) {
        cairo_set_source_rgb(cr, pr->fill.r, pr->fill.g, pr->fill.b);
        if (pr->line_width > 0 && !pr->hatch) {
            cairo_fill_preserve(cr); /* the outline follows the same path */
        } else {
            cairo_fill(cr);
            draw_hatch(cr, pr);
            trace_path(cr, pr, to_device);
        }
    }
    if (pr->line_width > 0) {
        cairo_set_source_rgb(cr, pr->stroke.r, pr->stroke.g, pr->stroke.b);
        cairo_set_line_width(cr, pr->line_width);
        if (pr->dash) /* only then: the other outputs stay as they were */
            set_dash(cr, pr->dash);
        cairo_stroke(cr);
        if (pr->dash)
            cairo_set_dash(cr, NULL, 0, 0);
    }
    cairo_new_path(cr);
}

static void draw_text(cairo_t *cr, struct render_fonts *f, PangoLayout *pl, const struct prim *pr)
{
    if (need_text(f, pr->text))
        pango_layout_context_changed(pl);
    struct text_entry *e = text_entry(f, pr->font, pr->text);
    if (e)
        pl = e->layout; /* as measured: laid out already */
    else {
        pango_layout_set_font_description(pl, f->desc[pr->font]);
        pango_layout_set_text(pl, pr->text, -1);
    }
    PangoRectangle logical;
    pango_layout_get_extents(pl, NULL, &logical);
    double width = (double)logical.width / PANGO_SCALE;
    double baseline = (double)pango_layout_get_baseline(pl) / PANGO_SCALE;
    double dx = pr->align == ALIGN_LEFT ? 0 : pr->align == ALIGN_CENTRE ? -width / 2 : -width;

    cairo_save(cr);
    cairo_translate(cr, pr->x, pr->y);
    /* The layout's y axis points up; text wants it down. */
    cairo_scale(cr, 1, -1);
    cairo_rotate(cr, -pr->angle * 3.14159265358979323846 / 180);
    cairo_move_to(cr, dx, -baseline);
    cairo_set_source_rgb(cr, pr->stroke.r, pr->stroke.g, pr->stroke.b);
    pango_cairo_show_layout(cr, pl);
    cairo_restore(cr);
}

int render_pages(struct _cairo_surface *surface, const struct layout *L, struct render_fonts *fonts,
                 struct hp_error *err)
{
    cairo_t *cr = cairo_create(surface);
    enum surface_kind kind = cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        ? SURFACE_IMAGE
        : SURFACE_VECTOR;
    if (kind != fonts->kind) { /* every text is laid out again */
        pango_cairo_update_context(cr, fonts->context);
        fonts->kind = SURFACE_ANY;
    }
    PangoLayout *pl = pango_layout_new(fonts->context);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_matrix_t m;
    cairo_matrix_init(&m, L->matrix[0], L->matrix[1], L->matrix[2], L->matrix[3], L->matrix[4],
                      L->matrix[5]);
    /* Device space: cairo's vector surfaces (PostScript, PDF, SVG) find
     * each stroke's extents by stroking its path to a polygon, three times
     * a page (the analysis pass asks twice, the output pass once), with a
     * pen of as many vertices as the tolerance needs, every point taken
     * back through the inverse of a matrix other than the identity; and
     * they write a stroke in user space, inside a q ... cm ... Q.  At 646
     * names that was a third of cairo_show_page (bench/README.md).  So on
     * those surfaces a path's points go to device space here, through the
     * same matrix, and are drawn with the identity and a tolerance of
     * the line width: a pen of four vertices, on the axes, which reach as
     * far as the round joins and caps of every other pen, so the extents
     * are the same.  Only where the matrix moves points exactly (a
     * quarter turn or a flip, no scale: one panel, GHC's page or an
     * upright one): a scaled stroke written in device space lands on
     * other pixels than the same stroke under a scaling cm (4 pixels of
     * a two-panel page at 150 dpi).  The picture is the same; the files'
     * bytes are not.  Hatching and dashes keep the layout's space (their
     * lattice and pattern are laid out in it); text too; raster surfaces
     * draw through the matrix, whose tolerance is the picture's. */
    bool units = (m.xx == 0 || fabs(m.xx) == 1) && (m.yx == 0 || fabs(m.yx) == 1)
        && (m.xy == 0 || fabs(m.xy) == 1) && (m.yy == 0 || fabs(m.yy) == 1);
    bool exact = units && fabs(m.xx) + fabs(m.xy) == 1 && fabs(m.yx) + fabs(m.yy) == 1
        && fabs(m.xx) + fabs(m.yx) == 1;
    const cairo_matrix_t *to_device = kind == SURFACE_VECTOR && exact ? &m : NULL;
    for (size_t i = 0; i < L->npages; i++) {
        const struct page *pg = &L->page[i];
        cairo_save(cr);
        cairo_transform(cr, &m);
        struct view v = { kind == SURFACE_IMAGE, 0, 0, 0, 0 };
        cairo_clip_extents(cr, &v.x0, &v.y0, &v.x1, &v.y1);
        for (size_t k = 0; k < pg->count; k++) {
            const struct prim *pr = &pg->prim[k];
            if (pr->kind == PRIM_TEXT)
                draw_text(cr, fonts, pl, pr);
            else if (to_device && !pr->hatch && !pr->dash) {
                cairo_save(cr);
                cairo_identity_matrix(cr);
                if (pr->line_width > 0)
                    cairo_set_tolerance(cr, pr->line_width);
                draw_path(cr, pr, &v, to_device);
                cairo_restore(cr);
            } else
                draw_path(cr, pr, &v, NULL);
        }
        cairo_restore(cr);
        cairo_show_page(cr);
    }
    g_object_unref(pl);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st != CAIRO_STATUS_SUCCESS)
        return render_fail(err, "drawing", st);
    return 0;
}

struct render_sink *render_sink_new(FILE *f)
{
    struct render_sink *sink = xmalloc(sizeof *sink);
    sink->f = f;
    sink->len = 0;
    return sink;
}

int render_vector_end(struct _cairo_surface *surface, struct render_sink *sink, int rc,
                      const char *what, struct hp_error *err)
{
    cairo_surface_finish(surface);
    cairo_status_t st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (!render_sink_flush(sink) && st == CAIRO_STATUS_SUCCESS)
        st = CAIRO_STATUS_WRITE_ERROR;
    free(sink);
    if (rc == 0 && st != CAIRO_STATUS_SUCCESS)
        rc = render_fail(err, what, st);
    return rc;
}

bool render_sink_flush(struct render_sink *s)
{
    bool ok = fwrite(s->buf, 1, s->len, s->f) == s->len;
    s->len = 0;
    return ok;
}

bool render_sink_put(struct render_sink *s, const void *data, size_t n)
{
    if (n == 0)
        return true;
    if (s->len + n > sizeof s->buf) {
        if (!render_sink_flush(s))
            return false;
        if (n > sizeof s->buf)
            return fwrite(data, 1, n, s->f) == n;
    }
    memcpy(s->buf + s->len, data, n);
    s->len += n;
    return true;
}

int render_fail(struct hp_error *err, const char *what, int status)
{
    int e = errno;
    cairo_status_t st = (cairo_status_t)status;
    /* A write error that is not the output's own (pipeline.c names those)
     * is cairo's temporary file (PostScript and PDF keep the pages in
     * one): say why it failed, when errno still tells. */
    if (st == CAIRO_STATUS_WRITE_ERROR
        && (e == ENOSPC || e == EFBIG || e == EDQUOT || e == EIO || e == EROFS || e == EACCES)) {
        char place[512];
        hp_temp_place(place, sizeof place);
        return hp_fail(err, "%s failed: cannot write cairo's temporary file in %s: %s", what, place,
                       strerror(e));
    }
    return hp_fail(err, "%s failed: %s", what, cairo_status_to_string(st));
}

int render_write(const struct render_format *fmt, FILE *f, const struct layout *L,
                 const struct page_data *D, struct render_fonts *fonts,
                 const struct render_settings *rs, struct hp_error *err)
{
    return fmt->write_page ? fmt->write_page(f, L, D, fonts, rs, err)
                           : fmt->write(f, L, fonts, rs, err);
}
