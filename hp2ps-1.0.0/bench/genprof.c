/* SPDX-License-Identifier: BSD-3-Clause */
/* genprof.c: writes a synthetic, GHC-shaped heap profile to stdout, for
 * the benchmarks (bench/run.sh, bench/eventlog.sh).  Not part of hp2ps.
 *
 *   genprof SAMPLES NAMES [SEED]
 *   genprof --eventlog SAMPLES NAMES [SEED]
 *
 * --eventlog writes the same run as GHC's binary eventlog (+RTS -h -l):
 * the same censuses, names, values, times and MARKs, each census as
 * HEAP_PROF_SAMPLE_BEGIN, a HEAP_PROF_SAMPLE_STRING per band and
 * HEAP_PROF_SAMPLE_END, so hp2ps draws the same profile from either.
 *
 * The shape follows what the GHC RTS writes (see the corpus README):
 * the JOB/DATE/SAMPLE_UNIT/VALUE_UNIT header; an empty sample at time 0
 * and an empty one after the last; one "name<TAB>value" line per live
 * cost-centre stack, names like "(1234)Module.func/caller/..." cut at 25
 * bytes as the RTS cuts them; values that drift smoothly, a few huge
 * bands (one of them a leak that keeps growing) over many tiny ones;
 * some names that live only for part of the run; and a MARK line now and
 * then.  The output depends only on the arguments: a fixed-seed xorshift
 * generator and integer arithmetic, no libm, no locale.
 *
 * It has to write gigabytes quickly, so numbers are formatted by hand into
 * one large buffer written with fwrite.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUT_BUF (1u << 20)

static uint64_t rng_state;

static uint64_t rng(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

static uint64_t below(uint64_t n)
{
    return n ? rng() % n : 0;
}

static char out[OUT_BUF];
static size_t out_len;

static void flush(void)
{
    if (out_len && fwrite(out, 1, out_len, stdout) != out_len) {
        perror("genprof: write");
        exit(1);
    }
    out_len = 0;
}

static void put(const char *s, size_t n)
{
    if (out_len + n > OUT_BUF)
        flush();
    memcpy(out + out_len, s, n);
    out_len += n;
}

static void put_str(const char *s)
{
    put(s, strlen(s));
}

static void put_u64(uint64_t v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put(tmp + i, sizeof tmp - i);
}

/* Microseconds as seconds with six decimals, as the RTS prints times. */
static void put_time(uint64_t us)
{
    char frac[7];
    put_u64(us / 1000000);
    uint64_t f = us % 1000000;
    for (int i = 5; i >= 0; i--, f /= 10)
        frac[i] = (char)('0' + f % 10);
    frac[6] = '\n';
    put(".", 1);
    put(frac, 7);
}

struct band {
    char name[64];
    size_t len;
    int64_t value;   /* current value */
    int64_t target;  /* where it drifts to */
    int64_t scale;   /* typical size */
    int64_t growth;  /* per-sample growth of the target (the leak) */
    uint64_t born, dies; /* live samples [born, dies) */
};

static const char *const modules[] = {
    "Main", "Data.Map.Internal", "GHC.Base", "Parser", "Lexer", "Eval", "Data.IntMap",
    "Types", "GHC.List", "Data.Text", "Pretty", "Simplify", "Util", "Data.Set", "Main",
    "Main", "Lexer", "Eval",
};
static const char *const funcs[] = {
    "go", "insert", "lookup", "main", "loop", "eval", "parseExpr", "step", "foldr",
    "mapM", "simplify", "render", "tokens", "update", "build", "run", "worker",
};

#define NMOD (sizeof modules / sizeof modules[0])
#define NFUN (sizeof funcs / sizeof funcs[0])
#define NAME_CUT 25 /* the RTS's -L default: bytes of the stack shown */

/* ---- the eventlog form (../shared/spec/eventlog-heap.md), big-endian ---- */

static bool eventlog;

static void put_be(uint64_t v, int bytes)
{
    char b[8];
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        b[i] = (char)(v & 0xff);
    put(b, (size_t)bytes);
}

/* The event types written, with their sizes (0xffff: variable). */
static const struct {
    uint16_t type, size;
} types[] = {
    {0, 4}, {29, 0xffff}, {30, 0xffff}, {43, 16}, {58, 0xffff}, {160, 0xffff},
    {162, 8}, {164, 0xffff}, {165, 8},
};

static void put_header(void)
{
    put_str("hdrbhetb");
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        put_str("etb");
        put("\0", 1);
        put_be(types[i].type, 2);
        put_be(types[i].size, 2);
        put_be(0, 4); /* no description */
        put_be(0, 4); /* no extra information */
        put_str("ete");
        put("\0", 1);
    }
    put_str("hetehdredatb");
}

static void put_event(uint16_t type, uint64_t us, size_t var_len)
{
    put_be(type, 2);
    put_be(us * 1000, 8);
    if (var_len != (size_t)-1)
        put_be(var_len, 2);
}

/* RTS_IDENTIFIER, PROGRAM_ARGS, WALL_CLOCK_TIME and HEAP_PROF_BEGIN, so
 * that the JOB and DATE hp2ps makes of them are the .hp's. */
static void el_start(const char *samples, const char *names)
{
    put_header();
    static const char rts[] = "GHC-9.0.2 rts_p";
    put_event(29, 0, 4 + sizeof rts - 1);
    put_be(0, 4);
    put(rts, sizeof rts - 1);
    char args[256];
    int n = snprintf(args, sizeof args, "./genprof%c%s%c%s%c+RTS%c-hc%c-i0.01%c-RTS%c", 0,
                     samples, 0, names, 0, 0, 0, 0, 0);
    put_event(30, 0, 4 + (size_t)n);
    put_be(0, 4);
    put(args, (size_t)n);
    put_event(43, 0, (size_t)-1);
    put_be(0, 4);
    put_be(1795425540, 8); /* Mon Nov 23 09:19 2026 UTC */
    put_be(0, 4);
    put_event(160, 0, 20);
    put_be(0, 1);
    put_be(10000000, 8);
    put_be(7, 4);
    put("\0\0\0\0\0\0\0", 7);
}

static void make_name(struct band *b, size_t i)
{
    char stack[256];
    size_t depth = 1 + below(2);
    int n = snprintf(stack, sizeof stack, "%s.%s", modules[below(NMOD)], funcs[below(NFUN)]);
    for (size_t d = 1; d < depth && n < 200; d++)
        n += snprintf(stack + n, sizeof stack - (size_t)n, "/%s", funcs[below(NFUN)]);
    if (n > NAME_CUT) /* cut with "..." as the RTS does */
        memcpy(stack + NAME_CUT - 3, "...", 4);
    /* (id) is unique per name, so names never collide. */
    snprintf(b->name, sizeof b->name, "(%zu)%.*s\t", 1 + i * 3, NAME_CUT, stack);
    b->len = strlen(b->name);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--eventlog") == 0) {
        eventlog = true;
        argv++;
        argc--;
    }
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: genprof [--eventlog] SAMPLES NAMES [SEED] > out.hp\n");
        return 2;
    }
    uint64_t samples = strtoull(argv[1], NULL, 10);
    size_t nnames = (size_t)strtoull(argv[2], NULL, 10);
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 0x9E3779B97F4A7C15u;
    if (rng_state == 0)
        rng_state = 1;
    if (nnames == 0 || samples == 0) {
        fprintf(stderr, "genprof: SAMPLES and NAMES must be positive\n");
        return 2;
    }

    struct band *b = calloc(nnames, sizeof *b);
    if (!b) {
        perror("genprof");
        return 1;
    }
    for (size_t i = 0; i < nnames; i++) {
        make_name(&b[i], i);
        uint64_t kind = below(100);
        if (i < 3 || kind < 1) /* a few huge bands */
            b[i].scale = 20000000 + (int64_t)below(40000000);
        else if (kind < 10)    /* some medium */
            b[i].scale = 50000 + (int64_t)below(500000);
        else                   /* many tiny */
            b[i].scale = 16 + (int64_t)below(2000);
        if (i == 0)            /* the leak */
            b[i].growth = b[i].scale / (int64_t)(samples > 100 ? samples / 4 : 25) + 1;
        b[i].target = b[i].scale;
        b[i].value = b[i].scale / 2 + 16;
        /* An eighth of the names live for part of the run only. */
        if (i >= 3 && below(8) == 0) {
            b[i].born = below(samples);
            b[i].dies = b[i].born + 1 + below(samples - b[i].born);
        } else {
            b[i].born = 0;
            b[i].dies = UINT64_MAX;
        }
    }

    if (eventlog) {
        el_start(argv[1], argv[2]);
    } else {
        put_str("JOB \"genprof ");
        put_str(argv[1]);
        put_str(" ");
        put_str(argv[2]);
        put_str(" +RTS -hc -i0.01\"\nDATE \"Mon Nov 23 09:19 2026\"\n"
                "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n");
        put_str("BEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\n");
    }

    uint64_t t = 0;
    for (uint64_t k = 0; k < samples; k++) {
        t += 9000 + below(2000); /* about -i0.01 */
        if (below(500) == 0) {
            if (eventlog) {
                put_event(58, t - 500, 4);
                put_str("mark");
            } else {
                put_str("MARK ");
                put_time(t - 500);
            }
        }
        if (eventlog) {
            put_event(162, t, (size_t)-1);
            put_be(0, 8);
        } else {
            put_str("BEGIN_SAMPLE ");
            put_time(t);
        }
        for (size_t i = 0; i < nnames; i++) {
            struct band *x = &b[i];
            if (k < x->born || k >= x->dies)
                continue;
            /* Drift: move a tenth of the way to the target, plus noise;
             * now and then the target moves. */
            x->target += x->growth;
            if (below(64) == 0)
                x->target = x->scale / 4 + (int64_t)below((uint64_t)x->scale * 2);
            int64_t noise = x->scale / 50 + 1;
            x->value += (x->target - x->value) / 10 + (int64_t)below((uint64_t)(2 * noise + 1)) - noise;
            if (x->value < 16)
                x->value = 16;
            if (eventlog) { /* the name without its tab, and a NUL */
                put_event(164, t, 1 + 8 + x->len);
                put_be(0, 1);
                put_be((uint64_t)x->value, 8);
                put(x->name, x->len - 1);
                put("\0", 1);
            } else {
                put(x->name, x->len); /* ends with the tab */
                put_u64((uint64_t)x->value);
                put("\n", 1);
            }
        }
        if (eventlog) {
            put_event(165, t, (size_t)-1);
            put_be(0, 8);
        } else {
            put_str("END_SAMPLE ");
            put_time(t);
        }
    }
    t += 1000;
    if (eventlog) { /* the exit: the latest event, then the end of the data */
        put_event(0, t, (size_t)-1);
        put_be(1, 4);
        put_be(0xffff, 2);
    } else {
        put_str("BEGIN_SAMPLE ");
        put_time(t);
        put_str("END_SAMPLE ");
        put_time(t);
    }
    flush();
    free(b);
    if (fflush(stdout) != 0) {
        perror("genprof: write");
        return 1;
    }
    return 0;
}
