/* main.c: the command line, and one call of the pipeline (pipeline.h)
 * per draw: once, or again whenever the profile changes (--watch). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "pipeline.h"
#include "watch.h"

#define EXIT_INPUT 1
#define EXIT_USAGE 2

/* One draw (or export), its warning or its error printed: the exit status. */
static int run_and_report(const struct pipeline_options *po, const struct options *o)
{
    struct hp_error warning, err;
    if (pipeline_run(po, o->inputs, o->ninputs, &warning, &err) < 0) {
        fflush(stdout);
        fprintf(stderr, "hp2ps: %s\n", err.text);
        return EXIT_INPUT;
    }
    if (warning.text[0])
        fprintf(stderr, "hp2ps: warning: %s\n", warning.text);
    return 0;
}

/* --watch: set by SIGINT or SIGTERM, read between draws.  The only global:
 * a signal handler can reach nothing else. */
static volatile sig_atomic_t watch_stop;

static void request_watch_stop(int sig)
{
    (void)sig;
    watch_stop = 1;
}

/* --watch: draw now, then look at the profile every period and redraw when
 * its size, time or identity changed since the last draw; stop after
 * WATCH_IDLE_PERIODS looks without a change, or on SIGINT/SIGTERM.  Each
 * draw is atomic (output.c), so a viewer never sees half a file, and a
 * stop request waits for the draw under way, so no temporary file is left.
 * A draw that fails (the program has not written the header yet) is
 * reported and the watch goes on.  The status is the last draw's. */
static int watch_and_redraw(const struct pipeline_options *po, const struct options *o)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = request_watch_stop;
    sigemptyset(&sa.sa_mask);
    /* SA_RESTART: reads and writes of a draw under way are not cut short.
     * SA_RESETHAND: a second Ctrl-C stops at once, should a draw hang. */
    sa.sa_flags = SA_RESTART | SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    char *input = pipeline_input_path(o->input); /* the file the draws read */
    struct watch_stamp drawn, now;
    watch_stamp_take(&drawn, input);
    int status = run_and_report(po, o);
    for (int idle = 0; idle < WATCH_IDLE_PERIODS && !watch_stop;) {
        watch_sleep(o->watch_period, &watch_stop);
        if (watch_stop)
            break;
        watch_stamp_take(&now, input);
        if (watch_stamp_same(&now, &drawn)) {
            idle++;
            continue;
        }
        idle = 0;
        drawn = now; /* taken before the draw: a change during it is seen next time */
        status = run_and_report(po, o);
    }
    free(input);
    return status;
}

int main(int argc, char **argv)
{
    struct options o;
    struct hp_error err;
    struct name_filter filter = {0};
    int status = 0;
    options_default(&o);
    if (options_parse(&o, argc, argv, &err) < 0) {
        fprintf(stderr, "hp2ps: %s\n", err.text);
        status = EXIT_USAGE;
    } else if (o.help) {
        options_usage(stdout);
    } else if (o.version) {
        options_version(stdout);
    } else {
        struct pipeline_options po;
        if (pipeline_options_from(&po, &o, &filter, &err) < 0) {
            fprintf(stderr, "hp2ps: %s\n", err.text);
            status = EXIT_USAGE;
        } else {
            status = o.watch ? watch_and_redraw(&po, &o) : run_and_report(&po, &o);
        }
    }
    name_filter_free(&filter);
    options_free(&o);
    return status;
}
