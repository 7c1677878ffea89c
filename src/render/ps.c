/* SPDX-License-Identifier: BSD-3-Clause */
/* render/ps.c: PostScript and EPS through cairo's PostScript surface.
 *
 * cairo 1.16 stamps %%CreationDate with the wall clock, which would make
 * every run's bytes differ.  The stream below passes cairo's output through
 * unchanged except for that one header comment, which it replaces with
 * SOURCE_DATE_EPOCH (when set) or the profile's DATE, as GHC's hp2ps did.
 */
#include "render.h"

#include <cairo-ps.h>
#include <cairo.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DSC_MAX 200 /* DSC lines are limited to 255 bytes */

struct ps_stream {
    struct render_sink *sink;
    const char *creation_date;
    bool header_done;
    char line[512]; /* the header line being assembled */
    size_t len;
    size_t pages;   /* "%%Page:" lines written */
    size_t matched; /* how much of "\n%%Page:" the last bytes were */
};

/* Count the "%%Page:" lines going by: cairo keeps each page in a
 * temporary file and copies it in at the end, and a failure there (its
 * rewind drops a failed write) left a page out without a word. */
static void count_pages(struct ps_stream *s, const char *p, size_t n)
{
    static const char key[] = "\n%%Page:";
    const char *end = p + n;
    while (p < end) {
        /* cairo writes a few bytes at a time: memchr only pays on more */
        if (s->matched == 0 && end - p > 32) {
            p = memchr(p, '\n', (size_t)(end - p));
            if (!p)
                return;
        } else if (s->matched == 0 && *p != '\n') {
            p++;
            continue;
        }
        if (*p == key[s->matched]) {
            if (++s->matched == sizeof key - 1) {
                s->pages++;
                s->matched = 0;
            }
        } else {
            s->matched = *p == '\n';
        }
        p++;
    }
}

static bool put(struct ps_stream *s, const char *p, size_t n)
{
    return render_sink_put(s->sink, p, n);
}

/* Header lines are short and come first; only they are inspected. */
static bool header_line(struct ps_stream *s)
{
    static const char key[] = "%%CreationDate:";
    if (strncmp(s->line, key, sizeof key - 1) == 0) {
        char out[DSC_MAX + 32];
        int n = snprintf(out, sizeof out, "%s %s\n", key, s->creation_date);
        return put(s, out, (size_t)n);
    }
    if (strncmp(s->line, "%%EndComments", 13) == 0)
        s->header_done = true;
    return put(s, s->line, s->len);
}

static cairo_status_t ps_write(void *closure, const unsigned char *data, unsigned int length)
{
    struct ps_stream *s = closure;
    const char *p = (const char *)data;
    size_t n = length;
    while (n && !s->header_done) {
        char c = *p++;
        n--;
        s->line[s->len++] = c;
        if (c == '\n' || s->len == sizeof s->line) {
            if (!header_line(s))
                return CAIRO_STATUS_WRITE_ERROR;
            s->len = 0;
        }
    }
    count_pages(s, p, n);
    if (n && !put(s, p, n))
        return CAIRO_STATUS_WRITE_ERROR;
    return CAIRO_STATUS_SUCCESS;
}

/* DSC comment text: printable ASCII only, one line, bounded. */
static void dsc_text(char *out, size_t size, const char *text)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && o + 1 < size && o < DSC_MAX;
         p++)
        out[o++] = (*p >= 0x20 && *p < 0x7F) ? (char)*p : '?';
    out[o] = '\0';
}

static int write_ps(FILE *f, const struct layout *L, struct render_fonts *fonts, bool eps,
                    struct hp_error *err)
{
    char date[DSC_MAX + 1], title[DSC_MAX + 16];
    struct tm tm;
    if (render_utc(render_source_date_epoch(), &tm))
        strftime(date, sizeof date, "%a %b %d %H:%M:%S %Y", &tm);
    else
        dsc_text(date, sizeof date, L->date);

    struct render_sink *sink = render_sink_new(f);
    struct ps_stream stream = { .sink = sink, .creation_date = date };
    cairo_surface_t *surface =
        cairo_ps_surface_create_for_stream(ps_write, &stream, L->page_width, L->page_height);
    if (cairo_surface_status(surface) == CAIRO_STATUS_TEMP_FILE_ERROR) {
        /* cairo's tmpfile failed (cairo says no more): where it was made
         * and why, from a file made the same way. */
        cairo_surface_destroy(surface);
        free(sink);
        int fd = hp_anonymous_file();
        if (fd >= 0) {
            /* ours works: cairo got the C library's, which uses /tmp alone
             * (a program without tmpfile.c) */
            close(fd);
            return hp_fail(err,
                           "cannot write PostScript: cairo's temporary file cannot be made "
                           "in /tmp (the C library's tmpfile ignores TMPDIR)");
        }
        int e = errno;
        const char *dir = getenv("TMPDIR");
        return hp_fail(err,
                       "cannot write PostScript: its temporary file cannot be made in %s%s: %s",
                       dir && *dir ? "TMPDIR=" : "", dir && *dir ? dir : "/tmp", strerror(e));
    }
    cairo_ps_surface_set_eps(surface, eps);
    char text[DSC_MAX + 1];
    dsc_text(text, sizeof text, L->title);
    snprintf(title, sizeof title, "%%%%Title: %s", text);
    cairo_ps_surface_dsc_comment(surface, title);

    int rc = render_pages(surface, L, fonts, err);
    rc = render_vector_end(surface, sink, rc, "writing PostScript", err);
    if (rc == 0 && stream.pages != L->npages) {
        char place[512];
        hp_temp_place(place, sizeof place);
        return hp_fail(err,
                       "writing PostScript failed: cairo lost %zu of %zu pages in its "
                       "temporary file (in %s)",
                       L->npages - stream.pages, L->npages, place);
    }
    return rc;
}

static int write_plain(FILE *f, const struct layout *L, struct render_fonts *fonts,
                       const struct render_settings *rs, struct hp_error *err)
{
    (void)rs;
    /* GHC's -e wrote EPS into the .ps file: a fitted page is EPS. */
    return write_ps(f, L, fonts, L->fitted, err);
}

static int write_eps(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    (void)rs;
    return write_ps(f, L, fonts, true, err);
}

const struct render_format render_format_ps = {
    .name = "ps", .multipage = true, .print_page = true, .write = write_plain
};
const struct render_format render_format_eps = {
    .name = "eps", .print_page = true, .always_fit = true, .write = write_eps
};
