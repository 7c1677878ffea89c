/* SPDX-License-Identifier: BSD-3-Clause */
/* main.c: the command line, the messages, the signals, and one call of
 * the pipeline (pipeline.h) per draw: once, or again whenever the profile
 * changes (--watch). */
/* sigaltstack and SA_ONSTACK are X/Open. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <glib.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "options.h"
#include "output.h"
#include "pipeline.h"
#include "run.h"
#include "quote.h"
#include "watch.h"
#ifdef HP2PS_TUNE_MEMORY
#include "tune/memory.h"
#endif

#define EXIT_INPUT       1
#define EXIT_USAGE       2
#define EXIT_OVER_BUDGET 3 /* the gate (--check, --baseline) found the profile over */

/* ---- messages --------------------------------------------------------------------- */

/* The name the program was called by (options.h): set once, before any
 * other thread exists. */
static const char *program_name = HP2PS_INSTALLED_NAME;

/* One message, "hp2ps: " kind text, on one line of stderr, whatever the
 * text quotes (quote.h). */
static void message(const char *kind, const char *text)
{
    char *line = quote_message(text);
    if (!line) {
        fprintf(stderr, "%s: out of memory\n", program_name);
        return;
    }
    fprintf(stderr, "%s: %s%s\n", program_name, kind, line);
    free(line);
}

/* ---- signals ---------------------------------------------------------------------- */

/* The temporary files of the run (output.h), and what the signal thread
 * needs to know of --watch.  Globals, as the crash handler's below: a
 * signal's thread or handler can reach nothing else. */
static struct output_temps temps;
static sigset_t handled;
static sigset_t waited;         /* handled, and stop_signal() */
static atomic_int watching;     /* --watch: SIGINT and SIGTERM end it, status below */
static atomic_int watch_status; /* the last finished draw's */
static pthread_t signal_tid;
static bool signal_thread_runs;
static atomic_bool stopping; /* stop_signal() from now on is ours: the run is over */
static bool stop_ignored;    /* stop_signal() was ignored when we started: one from outside is */

/* What tells the signal thread that the run is over: a real-time signal,
 * blocked everywhere, sent to that thread alone (one sent from outside
 * before then ends the run as the others do).  Not pthread_cancel:
 * cancelling unwinds the thread's stack through libgcc's unwinder, which
 * costs about a millisecond a run (a tenth of a small profile's work).
 * Without real-time signals (macOS; HP2PS_POSIX_ONLY on Linux tests it),
 * SIGUSR2, which the flag `stopping` tells from one sent from outside
 * just as well. */
static int stop_signal(void)
{
#if defined SIGRTMIN && !defined HP2PS_POSIX_ONLY
    return SIGRTMIN;
#else
    return SIGUSR2;
#endif
}

/* After the temporary files are gone: end as the signal asks, by the
 * signal itself (the parent sees what killed us), or with --watch's
 * status. */
static void end_by(int sig)
{
    if (atomic_load(&watching) && (sig == SIGINT || sig == SIGTERM))
        _exit(atomic_load(&watch_status));
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    _exit(128 + sig);
}

/* Every handled signal is blocked in every thread and taken here, by an
 * ordinary thread: it waits for a rename under way (output_temps' lock),
 * removes every temporary file, and ends the process at once, whatever
 * the other threads are doing (reading a FIFO, drawing for seconds). */
static void *signal_thread(void *arg)
{
    (void)arg;
    for (;;) {
        int sig;
        if (sigwait(&waited, &sig) != 0)
            continue;
        if (sig == stop_signal() && atomic_load(&stopping))
            return NULL;
        if (sig == stop_signal() && stop_ignored)
            continue;
        output_temps_remove_all(&temps);
        end_by(sig);
    }
}

/* Before any other thread exists (pango starts its own), so that all of
 * them inherit the mask.  A signal ignored when we started (nohup, a
 * background job's SIGINT) stays ignored, except that --watch always
 * stops on SIGINT and SIGTERM.  SIGXFSZ (ulimit -f) and SIGPIPE are
 * ignored: the write fails with EFBIG or EPIPE, and that is reported as
 * any failed write, in one line, the temporary files removed. */
/* Take sig in the signal thread, unless it was ignored when we started. */
static void handle(int sig, bool watch)
{
    struct sigaction old;
    bool stops_watch = watch && (sig == SIGINT || sig == SIGTERM);
    if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN && !stops_watch)
        return;
    signal(sig, SIG_DFL);
    sigaddset(&handled, sig);
}

static void start_signal_thread(bool watch)
{
    /* Every signal whose default action ends the process and that comes
     * from outside, not from a fault of our own: a shell's, a batch
     * system's CPU limit (SIGXCPU, ulimit -t), the interval timers'
     * (SIGVTALRM, SIGPROF), and the real-time ones; each of them used to
     * end a run with its .hp2ps-* file left beside the output. */
    static const int sigs[] = {
        SIGHUP,    SIGINT,  SIGQUIT, SIGTERM,   SIGALRM, SIGUSR1,
        SIGUSR2,   SIGXCPU, SIGPROF, SIGVTALRM, SIGIO,
#ifdef SIGPWR
        SIGPWR,
#endif
#ifdef SIGSTKFLT
        SIGSTKFLT,
#endif
    };
    atomic_store(&watching, watch);
    signal(SIGXFSZ, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    sigemptyset(&handled);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        handle(sigs[i], watch);
        /* the real-time signals above our own stop signal (none without them) */
#if defined SIGRTMIN && defined SIGRTMAX && !defined HP2PS_POSIX_ONLY
    for (int sig = stop_signal() + 1; sig <= SIGRTMAX; sig++)
        handle(sig, watch);
#endif
    struct sigaction stop_old;
    stop_ignored = !sigismember(&handled, stop_signal())
        && sigaction(stop_signal(), NULL, &stop_old) == 0 && stop_old.sa_handler == SIG_IGN;
    waited = handled;
    sigaddset(&waited, stop_signal());
    sigset_t old;
    pthread_sigmask(SIG_BLOCK, &waited, &old);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64 * 1024); /* it calls unlinkat, nothing more */
    signal_thread_runs = pthread_create(&signal_tid, &attr, signal_thread, NULL) == 0;
    if (!signal_thread_runs)
        pthread_sigmask(SIG_SETMASK, &old, NULL); /* no thread: the defaults */
    pthread_attr_destroy(&attr);
}

/* The run is over and every output committed: the signal thread ends
 * (joined, so that nothing of it is left for valgrind to call lost), and
 * a signal that came since is taken by its default action. */
static void stop_signal_thread(void)
{
    if (!signal_thread_runs)
        return;
    atomic_store(&stopping, true);
    if (pthread_kill(signal_tid, stop_signal()) == 0)
        pthread_join(signal_tid, NULL);
    signal_thread_runs = false;
    pthread_sigmask(SIG_UNBLOCK, &waited, NULL);
}

/* glib ends the process with abort() where it cannot allocate (its
 * slice allocator, its thread primitives: "***MEMORY-ERROR***",
 * "Unexpected error from C library during 'malloc'"), with nothing
 * through log_writer, and a run's .hp2ps-* file was left beside the
 * output.  The files go; then abort() ends the process by SIGABRT, as
 * it would have. */
static void on_abort(int sig)
{
    (void)sig;
    output_temps_remove_now(&temps);
}

/* A fatal end (xmalloc's "out of memory", a GLib error: hp_fatal_end):
 * the temporary files go first. */
static void remove_temps(void)
{
    output_temps_remove_all(&temps);
}

/* ---- a crash under a memory limit ------------------------------------------------ */

/* Under a small address-space or data limit (ulimit -v, ulimit -d) a
 * library can crash where we cannot help it: fontconfig, on pango's
 * threads, uses the NULL of a failed malloc (SIGSEGV, a few runs in a
 * thousand near 20 MB).  Under such a limit, and only there, a SIGSEGV
 * or SIGBUS ends the run as running out of memory does: one line that
 * says it crashed, the temporary files removed, status 1.  Without a
 * limit nothing is caught: a crash is our bug, and it must stay a crash
 * with its core dump, for the fuzzers, ASan and the user's report.  Not
 * under ASan either: it has its own SIGSEGV handler, and its report is
 * the one wanted.  (A SIGSEGV sent by kill is taken the same way: the
 * tests send it so.) */
#if defined(__SANITIZE_ADDRESS__)
#define HP2PS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HP2PS_UNDER_ASAN 1
#endif
#endif

#ifndef HP2PS_UNDER_ASAN
/* The lines, made before any thread starts (the handler may only
 * write(2) them), SIGSEGV's then SIGBUS's; and the main thread's
 * alternate stack, for a crash that is a stack overflow (each thread
 * has its own; pango's threads crash on their own, intact, stacks). */
static char crash_line[2][HP_ERROR_MAX];
static size_t crash_line_size[2];
static _Alignas(max_align_t) unsigned char crash_stack[64 * 1024];

static void crash_under_limit(int sig)
{
    /* The files first: a fatal end already under way may never get to
     * remove them (its thread waiting for a lock the crashed one held),
     * and then hp_fatal_begin ends the run after a while. */
    output_temps_remove_now(&temps);
    /* That fatal end has said its line and ends the run: one line. */
    hp_fatal_begin();
    int i = sig == SIGBUS;
    ssize_t n = write(STDERR_FILENO, crash_line[i], crash_line_size[i]);
    (void)n;
    _exit(EXIT_INPUT);
}

/* The memory limit, in the words of the shell's ulimit ("ulimit -v
 * 20000 kB"), or false when there is none. */
static bool memory_limit(char *words, size_t size)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        snprintf(words, size, "ulimit -v %llu kB", (unsigned long long)rl.rlim_cur >> 10);
    else if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        snprintf(words, size, "ulimit -d %llu kB", (unsigned long long)rl.rlim_cur >> 10);
    else
        return false;
    return true;
}
#endif

/* Before any thread starts, after output_temps_init. */
static void catch_crashes_under_memory_limit(void)
{
#ifndef HP2PS_UNDER_ASAN
    char limit[64];
    if (!memory_limit(limit, sizeof limit))
        return;
    static const char *const names[2] = { "SIGSEGV", "SIGBUS" };
    for (int i = 0; i < 2; i++) {
        int n = snprintf(crash_line[i], sizeof crash_line[i],
                         "%s: out of memory: a crash (%s) under the memory limit (%s)\n",
                         program_name, names[i], limit);
        if (n < 0 || (size_t)n >= sizeof crash_line[i])
            return; /* a program name too long for a line: no handler */
        crash_line_size[i] = (size_t)n;
    }
    stack_t alt = { .ss_sp = crash_stack, .ss_size = sizeof crash_stack };
    struct sigaction sa = { .sa_handler = crash_under_limit, .sa_flags = SA_ONSTACK };
    sigfillset(&sa.sa_mask);
    if (sigaltstack(&alt, NULL) != 0)
        sa.sa_flags = 0; /* on the thread's own stack, then */
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
#endif
}

/* glib, pango and cairo's messages, in ours: one line, and the end of
 * the run.  A correct run has none (the fuzzer makes them crashes); they
 * come when memory is short (glib cannot start pango's thread: fatal;
 * pango cannot make a font: "expect ugly output", a drawing without its
 * text), and a drawing that is not the profile's must not pass for one.
 * So the first ends the run as an error does, the temporary files
 * removed. */
static GLogWriterOutput log_writer(GLogLevelFlags level, const GLogField *fields, gsize n,
                                   gpointer data)
{
    (void)data;
    if (level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG))
        return G_LOG_WRITER_HANDLED;
    hp_fatal_begin(); /* one line, even when xmalloc fails at the same time */
    const char *domain = NULL, *text = NULL;
    for (gsize i = 0; i < n; i++) {
        if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
            domain = fields[i].value;
        else if (strcmp(fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
            text = fields[i].value;
    }
    char line[HP_ERROR_MAX], limit[96] = "";
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        snprintf(limit, sizeof limit, " (out of memory? the address space is limited to %llu MB)",
                 (unsigned long long)rl.rlim_cur >> 20);
    snprintf(line, sizeof line, "%s: %s%s", domain ? domain : "GLib", text ? text : "?", limit);
    message("", line);
    hp_fatal_end(); /* (status 1: EXIT_INPUT) */
}

/* ---- runs ------------------------------------------------------------------------- */

/* One draw (or export), its warnings or its error printed: the exit status. */
static int run_and_report(const struct pipeline_options *po, const struct options *o)
{
    struct hp_warnings warnings = { 0 };
    struct hp_error err;
    int status = run_inputs(po, o->inputs, o->ninputs, &warnings, &err) < 0 ? EXIT_INPUT : 0;
    atomic_store(&watch_status, status);
    if (status)
        message("", err.text);
    for (size_t i = 0; !status && i < warnings.n; i++)
        message("warning: ", warnings.text[i]);
    warnings_free(&warnings);
    return status;
}

/* The gate: its lines (one per failing check, and the verdict) on
 * standard output, where a CI log shows them, unless a report or the
 * drawing goes there; then the status: 0 within budget, 3 over. */
static int gate_and_report(const struct pipeline_options *po, const struct run_gate *g,
                           const struct options *o)
{
    struct hp_warnings warnings = { 0 };
    struct hp_error err;
    struct run_gate_outcome out;
    int status = 0;
    if (run_gate(po, g, o->input, &out, &warnings, &err) < 0) {
        message("", err.text);
        status = EXIT_INPUT;
    }
    for (size_t i = 0; !status && i < warnings.n; i++)
        message("warning: ", warnings.text[i]);
    warnings_free(&warnings);
    if (status)
        return status;
    FILE *f = out.to_stderr ? stderr : stdout;
    for (size_t i = 0; i < out.lines.n; i++) {
        char *line = quote_message(out.lines.text[i]);
        if (out.to_stderr)
            fprintf(f, "%s: ", program_name);
        fprintf(f, "%s\n", line ? line : "out of memory");
        free(line);
    }
    warnings_free(&out.lines);
    if (fflush(f) != 0 || ferror(f))
        return EXIT_INPUT;
    return out.over ? EXIT_OVER_BUDGET : 0;
}

/* --watch reads its profile again and again: a FIFO or a device would be
 * read once, and the next open() would wait forever for a writer. */
static int check_watchable(const char *input, struct hp_error *err)
{
    struct stat st;
    if (input && stat(input, &st) == 0 && !S_ISREG(st.st_mode))
        return hp_fail(err,
                       "--watch: %s is not a regular file (a pipe is read once; draw "
                       "it without --watch)",
                       input);
    return 0;
}

/* --watch: draw now, then look at the profile every period and redraw when
 * its size, time or identity changed since the last draw; stop after
 * WATCH_IDLE_PERIODS looks without a change.  SIGINT or SIGTERM stops it
 * at once, even during a draw (the signal thread removes the draw's
 * temporary files).  Each draw is atomic (output.c), so a viewer never
 * sees half a file.  A draw that fails (the program has not written the
 * header yet) is reported and the watch goes on.  The status is the last
 * finished draw's. */
static int watch_and_redraw(const struct pipeline_options *po, const struct options *o)
{
    char *input = run_input_path(o->input); /* the file the draws read */
    struct hp_error err;
    if (check_watchable(input, &err) < 0) {
        message("", err.text);
        free(input);
        return EXIT_INPUT;
    }
    static const volatile sig_atomic_t never = 0;
    struct watch_stamp drawn, now;
    watch_stamp_take(&drawn, input);
    int status = run_and_report(po, o);
    for (int idle = 0; idle < WATCH_IDLE_PERIODS;) {
        watch_sleep(o->watch_period, &never);
        watch_stamp_take(&now, input);
        if (watch_stamp_same(&now, &drawn)) {
            idle++;
            continue;
        }
        idle = 0;
        drawn = now; /* taken before the draw: a change during it is seen next time */
        if (check_watchable(input, &err) < 0) {
            message("", err.text);
            status = EXIT_INPUT;
            break;
        }
        status = run_and_report(po, o);
    }
    free(input);
    return status;
}

/* --help and --version: an output that cannot be written (a full disk, a
 * closed stdout) is an error, as for GNU tools.  write_error: the errno
 * the writing left (errno was 0 before it), for a text longer than the
 * buffer fails while it is written and a later flush says nothing. */
static int flush_stdout(int write_error)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    int e = write_error ? write_error : errno ? errno : EIO;
    struct hp_error err;
    hp_fail(&err, "error writing standard output: %s", strerror(e));
    message("", err.text);
    return EXIT_INPUT;
}

int main(int argc, char **argv)
{
    struct options o;
    struct hp_error err;
    struct name_filter filter = { 0 };
    struct run_gate gate = { 0 };
    int status = 0;
    options_default(&o);
    int parsed = options_parse(&o, argc, argv, &err);
    program_name = o.name;
    if (parsed < 0) {
        message("", err.text);
        status = EXIT_USAGE;
    } else if (o.help) {
        errno = 0;
        options_usage(stdout, &o);
        status = flush_stdout(ferror(stdout) ? errno : 0);
    } else if (o.version) {
        errno = 0;
        options_version(stdout, &o);
        status = flush_stdout(ferror(stdout) ? errno : 0);
    } else {
#ifdef HP2PS_TUNE_MEMORY
        tune_memory();
#endif
        output_temps_init(&temps);
        catch_crashes_under_memory_limit();
        start_signal_thread(o.watch);
        /* The first handlers have room reserved in the C library: this
         * cannot fail. */
        at_quick_exit(remove_temps);
        struct sigaction on_abort_action = { .sa_handler = on_abort, .sa_flags = SA_RESETHAND };
        sigemptyset(&on_abort_action.sa_mask);
        sigaction(SIGABRT, &on_abort_action, NULL);
        g_log_set_writer_func(log_writer, NULL, NULL);
        struct pipeline_options po;
        if (run_options_from(&po, &o, &filter, &err) < 0
            || run_gate_options(&gate, &po, &o, &filter, &err) < 0) {
            message("", err.text);
            status = EXIT_USAGE;
        } else {
            po.temps = &temps;
            /* Typed alone at a terminal, hp2ps would wait in silence for a
             * profile on standard input: say so, where only a person sees it. */
            if (o.ninputs == 0 && isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
                fprintf(stderr,
                        "%s: reading a heap profile from standard input (Ctrl-D ends "
                        "it; %s --help shows how to name a file)\n",
                        o.name, o.command);
            status = gate.active ? gate_and_report(&po, &gate, &o)
                : o.watch        ? watch_and_redraw(&po, &o)
                                 : run_and_report(&po, &o);
        }
        stop_signal_thread();
    }
    run_gate_free(&gate);
    name_filter_free(&filter);
    options_free(&o);
    return status;
}
