/* output.c: see output.h. */
/* realpath() is X/Open. */
#define _XOPEN_SOURCE 700
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* realpath of the directory part, plus the last component. */
static char *canonical(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? xmemdup0(path, (size_t)(slash - path) + 1) : xstrdup(".");
    char *real = realpath(dir, NULL);
    free(dir);
    if (!real)
        return NULL;
    const char *last = slash ? slash + 1 : path;
    size_t n = strlen(real) + strlen(last) + 2;
    char *out = xmalloc(n);
    snprintf(out, n, "%s/%s", real, last);
    free(real);
    return out;
}

bool output_same_path(const char *a, const char *b)
{
    if (same_file(a, b))
        return true;
    char *ca = canonical(a), *cb = canonical(b);
    bool same = ca && cb && strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

/* mkstemp makes the file 0600.  Replacing a file keeps its permission
 * bits and, where we may set it, its group (a chmod 600 drawing stays
 * private, a group's shared one stays the group's), as writing into it
 * in place would; a new file gets the mode a plain create would. */
static void keep_mode(int fd, const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0 && S_ISREG(st.st_mode)) {
        /* Group first: changing the owner or group may clear set-id bits. */
        if (fchown(fd, (uid_t)-1, st.st_gid) != 0) {
            /* not a member of that group: the file keeps ours */
        }
        fchmod(fd, st.st_mode & 0777);
        return;
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
}

int output_open(struct output *o, const char *path, const char *protect_path,
                struct hp_error *err)
{
    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) {
        o->path = xstrdup(path);
        o->f = stdout;
        return 0;
    }
    if (protect_path && same_file(path, protect_path))
        return hp_fail(err, "%s: refusing to overwrite the input", path);

    /* A device or a FIFO is written in place: renaming a file over it would
     * replace the device node itself (as root, -o /dev/null turned
     * /dev/null into a regular file), and a FIFO's reader would never see
     * the drawing.  There is no earlier good file there to protect. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        /* O_NONBLOCK: a FIFO that no one reads fails at once (ENXIO)
         * instead of waiting forever; writes then block as usual. */
        int fd = open(path, O_WRONLY | O_NONBLOCK);
        if (fd < 0 && errno == ENXIO)
            return hp_fail(err, "cannot write %s: no process is reading it", path);
        if (fd < 0)
            return hp_fail(err, "cannot open %s: %s", path, strerror(errno));
        int flags = fcntl(fd, F_GETFL);
        if (flags != -1)
            fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
        o->f = fdopen(fd, "wb");
        if (!o->f) {
            int e = errno;
            close(fd);
            return hp_fail(err, "cannot open %s: %s", path, strerror(e));
        }
        o->path = xstrdup(path);
        o->direct = true;
        return 0;
    }
    /* A symbolic link is written through, as a plain open would: renaming
     * over the link itself would turn it into a file (as root, -o
     * /dev/stdout with stdout on a file replaced the /dev/stdout link). */
    const char *target = path;
    char *resolved = NULL;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && (resolved = realpath(path, NULL)))
        target = resolved;

    /* The temporary file goes next to the target so rename() is atomic. */
    const char *slash = strrchr(target, '/');
    size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    size_t n = strlen(target) + 16;
    o->tmp_path = xmalloc(n);
    snprintf(o->tmp_path, n, "%.*s.%s.XXXXXX", (int)dirlen, target, target + dirlen);
    o->target = xstrdup(target);
    free(resolved);
    int fd = mkstemp(o->tmp_path);
    if (fd < 0) {
        int e = errno;
        free(o->tmp_path);
        free(o->target);
        o->tmp_path = o->target = NULL;
        return hp_fail(err, "cannot create %s: %s", path, strerror(e));
    }
    keep_mode(fd, o->target);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        int e = errno;
        close(fd);
        output_abort(o);
        return hp_fail(err, "cannot create %s: %s", path, strerror(e));
    }
    o->path = xstrdup(path);
    return 0;
}

/* Flush f, and close it unless it is stdout: 0, or the errno of the
 * first failure (a full disk often shows only here). */
static int finish_file(FILE *f, bool close_it)
{
    int e = 0;
    if (fflush(f) != 0 || ferror(f))
        e = errno ? errno : EIO;
    if (close_it && fclose(f) != 0 && !e)
        e = errno;
    return e;
}

int output_commit(struct output *o, struct hp_error *err)
{
    if (o->direct) {
        int e = finish_file(o->f, true);
        if (e)
            hp_fail(err, "cannot write %s: %s", o->path, strerror(e));
        free(o->path);
        memset(o, 0, sizeof *o);
        return e ? -1 : 0;
    }
    if (!o->tmp_path) {
        int e = finish_file(o->f, false);
        free(o->path);
        o->path = NULL;
        o->f = NULL;
        if (e)
            return hp_fail(err, "error writing standard output: %s", strerror(e));
        return 0;
    }
    int e = finish_file(o->f, true);
    o->f = NULL;
    if (!e && rename(o->tmp_path, o->target) != 0)
        e = errno;
    if (e) {
        hp_fail(err, "cannot write %s: %s", o->path, strerror(e));
        output_abort(o);
        return -1;
    }
    free(o->tmp_path);
    free(o->target);
    free(o->path);
    memset(o, 0, sizeof *o);
    return 0;
}

void output_abort(struct output *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    if (o->tmp_path)
        unlink(o->tmp_path);
    free(o->tmp_path);
    free(o->target);
    free(o->path);
    memset(o, 0, sizeof *o);
}
