/* SPDX-License-Identifier: BSD-3-Clause */
/* output.c: see output.h. */
/* fopencookie, O_PATH, O_CLOEXEC and realpath are GNU and X/Open. */
#define _GNU_SOURCE
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What goes to a descriptor is kept in memory up to this, then in an
 * unlinked temporary file. */
#define OUTPUT_MEMORY_MAX ((size_t)16 << 20)
/* How many symbolic links are followed to a file that does not exist yet
 * (the kernel's own limit). */
#define LINKS_MAX         40

/* ---- the table of temporary files ----------------------------------------------- */

void output_temps_init(struct output_temps *t)
{
    pthread_mutex_init(&t->lock, NULL);
    for (int i = 0; i < OUTPUT_TEMPS_MAX; i++)
        t->dirfd[i] = -1;
    atomic_init(&t->changing, 0);
}

void output_temps_remove_all(struct output_temps *t)
{
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < OUTPUT_TEMPS_MAX; i++)
        if (t->dirfd[i] >= 0)
            unlinkat(t->dirfd[i], t->name[i], 0);
}

void output_temps_remove_now(struct output_temps *t)
{
    /* A change under way on another thread first (a kill's SIGBUS, taken
     * by another thread a moment after openat made the file and before it
     * was listed, left it behind).  pthread_self is not on POSIX's list
     * of async-signal-safe calls, but reads the thread's own register in
     * glibc, musl and macOS's libc alike. */
    for (int waited_ms = 0; atomic_load(&t->changing) && !pthread_equal(t->changer, pthread_self())
         && waited_ms < 1000;
         waited_ms++) {
        struct timespec ms = { 0, 1000000 };
        nanosleep(&ms, NULL);
    }
    for (int i = 0; i < OUTPUT_TEMPS_MAX; i++) {
        int dirfd = atomic_load(&t->dirfd[i]);
        if (dirfd >= 0)
            unlinkat(dirfd, t->name[i], 0);
    }
}

/* The lock, for a change of the files and the table; `changing` says so
 * to output_temps_remove_now, with the crash signals blocked in this
 * thread meanwhile (saved in *old for temps_unlock). */
static void temps_lock(struct output_temps *t, sigset_t *old)
{
    if (!t)
        return;
    sigset_t crash;
    sigemptyset(&crash);
    sigaddset(&crash, SIGSEGV);
    sigaddset(&crash, SIGBUS);
    pthread_sigmask(SIG_BLOCK, &crash, old);
    pthread_mutex_lock(&t->lock);
    t->changer = pthread_self();
    atomic_store(&t->changing, 1);
}

static void temps_unlock(struct output_temps *t, const sigset_t *old)
{
    if (!t)
        return;
    atomic_store(&t->changing, 0);
    pthread_mutex_unlock(&t->lock);
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* The slot of a file just created (the table locked), or -1 when the
 * table is full (it holds more than one run ever needs). */
static int temps_add(struct output_temps *t, int dirfd, const char *name)
{
    for (int i = 0; t && i < OUTPUT_TEMPS_MAX; i++)
        if (t->dirfd[i] < 0) {
            memcpy(t->name[i], name, strlen(name) + 1);
            t->dirfd[i] = dirfd;
            return i;
        }
    return -1;
}

static void temps_drop(struct output_temps *t, int slot)
{
    if (t && slot >= 0)
        t->dirfd[slot] = -1;
}

/* ---- names ---------------------------------------------------------------------- */

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev
        && sa.st_ino == sb.st_ino;
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

/* Replacing a file keeps its permission bits and, where we may set it,
 * its group (a chmod 600 drawing stays private, a group's shared one stays
 * the group's), as writing into it in place would.  A new file keeps the
 * mode a plain create gives. */
static void keep_mode(int fd, const char *target)
{
    struct stat st;
    if (stat(target, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    /* Group first: changing the owner or group may clear set-id bits. */
    if (fchown(fd, (uid_t)-1, st.st_gid) != 0) {
        /* not a member of that group: the file keeps ours */
    }
    if (fchmod(fd, st.st_mode & 0777) != 0) {
        /* our own new file: cannot fail but on a read-only mount */
    }
}

/* The directory part of path ("." when there is none), new. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    return slash == path ? xstrdup("/") : xmemdup0(path, (size_t)(slash - path));
}

/* The last component of path (after its last '/'). */
static const char *last_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The kernel's protected_symlinks rule: in a sticky, world-writable
 * directory (/tmp) a symbolic link is followed only by its owner, or when
 * the directory's owner made it.  hp2ps follows links itself (to rename
 * over the file a link leads to), so the kernel never checks: the rule
 * is applied here, whatever the sysctl says. */
static bool planted_link(const struct stat *link, const char *dir)
{
    struct stat d;
    if (stat(dir, &d) != 0 || !(d.st_mode & S_ISVTX) || !(d.st_mode & S_IWOTH))
        return false;
    return link->st_uid != geteuid() && link->st_uid != d.st_uid;
}

/* Is dir this process's (or this thread's) own directory of descriptors,
 * however it is spelled (/dev/fd, //proc/self/./fd, a link to it)? */
static bool own_descriptor_dir(const char *dir)
{
    static const char *const own[] = { "/proc/self/fd", "/proc/thread-self/fd" };
    struct stat d, s;
    if (stat(dir, &d) != 0 || !S_ISDIR(d.st_mode))
        return false;
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        if (stat(own[i], &s) == 0 && s.st_dev == d.st_dev && s.st_ino == d.st_ino)
            return true;
    return false;
}

/* name as a descriptor number (decimal digits only), or -1. */
static int descriptor_number(const char *name)
{
    if (name[0] < '0' || name[0] > '9')
        return -1;
    char *end;
    errno = 0;
    long fd = strtol(name, &end, 10);
    return *end == '\0' && errno == 0 && fd <= INT_MAX ? (int)fd : -1;
}

/* The link the kernel's protected_symlinks rule would not follow among
 * the directories path goes through (every component but the last, and
 * where their links lead, in turn), or 0: -1 with *refused (new) and
 * *owner.  The directory of an output is opened by the kernel, but the
 * rule is applied whatever the sysctl says, as for the last component. */
static int planted_on_the_way(const char *path, int depth, char **refused, uid_t *owner)
{
    const char *last = strrchr(path, '/');
    if (!last || depth > LINKS_MAX)
        return 0; /* (a loop: the kernel says so when the file is opened) */
    char *pre = xmalloc((size_t)(last - path) + 1);
    int rc = 0;
    for (size_t i = 1; rc == 0 && i <= (size_t)(last - path); i++) {
        if (path[i] != '/' || path[i - 1] == '/')
            continue;
        memcpy(pre, path, i);
        pre[i] = '\0';
        struct stat st;
        if (lstat(pre, &st) != 0 || !S_ISLNK(st.st_mode))
            continue;
        char *dir = dir_of(pre);
        char link[PATH_MAX];
        ssize_t n;
        if (planted_link(&st, dir)) {
            *refused = xstrdup(pre);
            *owner = st.st_uid;
            rc = -1;
        } else if ((n = readlink(pre, link, sizeof link - 1)) >= 0) {
            /* what it leads to is walked through whole: "/." puts its
             * last component among the directories */
            link[n] = '\0';
            size_t len = strlen(dir) + (size_t)n + 4;
            char *next = xmalloc(len);
            snprintf(next, len, link[0] == '/' ? "%s%s/." : "%s/%s/.", link[0] == '/' ? "" : dir,
                     link);
            rc = planted_on_the_way(next, depth + 1, refused, owner);
            free(next);
        }
        free(dir);
    }
    free(pre);
    return rc;
}

/* Where path leads, link by link, as a plain open would go: *fd the
 * descriptor of ours it names (an entry of our descriptor directory,
 * reached by any spelling or link: /dev/stdout, /proc/self/./fd/1, a link
 * to either), else *target the file to replace or create, also when it
 * does not exist yet.  -1 with *refused (a link another user planted in
 * a sticky directory, as the last component or on the way: not
 * followed, *refused is that link's path, new) or errno set (a loop). */
static int resolve(const char *path, char **target, int *fd, char **refused, uid_t *owner)
{
    *target = *refused = NULL;
    *fd = -1;
    char *p = xstrdup(path);
    for (int hops = 0;; hops++) {
        if (planted_on_the_way(p, 0, refused, owner) < 0) {
            free(p);
            return -1;
        }
        char *dir = dir_of(p);
        struct stat st;
        if (own_descriptor_dir(dir) && (*fd = descriptor_number(last_of(p))) >= 0) {
            free(dir);
            free(p);
            return 0;
        }
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) {
            free(dir);
            *target = p;
            return 0;
        }
        if (planted_link(&st, dir)) {
            free(dir);
            *refused = p;
            *owner = st.st_uid;
            return -1;
        }
        char link[PATH_MAX];
        ssize_t n = hops < LINKS_MAX ? readlink(p, link, sizeof link - 1) : -1;
        if (n < 0) {
            int e = hops < LINKS_MAX ? errno : ELOOP;
            free(dir);
            free(p);
            errno = e;
            return -1;
        }
        link[n] = '\0';
        size_t len = strlen(dir) + (size_t)n + 2;
        char *next = xmalloc(len);
        if (link[0] == '/')
            snprintf(next, len, "%s", link);
        else
            snprintf(next, len, "%s/%s", dir, link);
        free(dir);
        free(p);
        p = next;
    }
}

/* A short random name for a temporary file: a hidden name that says
 * whose it is and fits in any directory. */
static void temp_name(char *buf, size_t size, unsigned attempt)
{
    static const char digits[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)getpid() << 40
        ^ (uint64_t)(uintptr_t)buf ^ (uint64_t)attempt * 0x9E3779B97F4A7C15u;
    /* splitmix64's finalizer: every input bit moves every output bit */
    x ^= x >> 30, x *= 0xBF58476D1CE4E5B9u;
    x ^= x >> 27, x *= 0x94D049BB133111EBu;
    x ^= x >> 31;
    char r[9];
    for (int i = 0; i < 8; i++, x /= 62)
        r[i] = digits[x % 62];
    r[8] = '\0';
    snprintf(buf, size, ".hp2ps-%s", r);
}

/* ---- the stream ----------------------------------------------------------------- */

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            /* a descriptor someone else made non-blocking: wait for room */
            struct pollfd pfd = { .fd = fd, .events = POLLOUT };
            poll(&pfd, 1, -1);
            continue;
        }
        if (w < 0)
            return errno;
        if (w == 0)
            return EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

#ifdef HAVE_FOPENCOOKIE
/* To the unlinked file that holds what goes to a descriptor: a write that
 * fails for room (/tmp full, TMPDIR not set) moves the file to memory,
 * as hp_anonymous_file's own fall-back, and goes on. */
static int spill_write(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = w < 0 ? errno : EIO;
            if (hp_anonymous_to_memory(fd, e) == 0)
                continue;
            return e;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* OUTPUT_COPY: keep n more bytes. */
static int keep(struct output *o, const char *buf, size_t n)
{
    if (o->spill_fd < 0 && o->len + n > OUTPUT_MEMORY_MAX) {
        o->spill_fd = hp_anonymous_file();
        if (o->spill_fd < 0)
            return errno ? errno : EIO;
    }
    if (o->spill_fd >= 0)
        return spill_write(o->spill_fd, buf, n);
    if (o->len + n > o->cap) {
        while (o->cap < o->len + n)
            o->cap = o->cap ? o->cap * 2 : 1 << 16;
        o->mem = xrealloc(o->mem, o->cap);
    }
    memcpy(o->mem + o->len, buf, n);
    o->len += n;
    return 0;
}

/* Every write of the stream comes here, so the first failure's reason
 * (ENOSPC, EFBIG, EIO) is kept for the message, whatever the writer (a
 * cairo surface says only "error while writing to output stream"). */
static int put(struct output *o, const char *buf, size_t n)
{
    if (o->error)
        return o->error;
    int e = o->kind == OUTPUT_RENAME ? write_all(o->tmp_fd, buf, n) : keep(o, buf, n);
    if (e)
        o->error = e;
    return e;
}

static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
    return put(cookie, buf, n) ? 0 : (ssize_t)n;
}

static FILE *make_stream(struct output *o)
{
    cookie_io_functions_t io = { .write = cookie_write };
    FILE *f = fopencookie(o, "wb", io);
    if (f)
        setvbuf(f, NULL, _IOFBF, 1 << 16);
    return f;
}
#else
/* Without fopencookie: a stream on the file itself (OUTPUT_COPY keeps
 * everything in an unlinked temporary file); the reason of a failed
 * write is what the flush at commit finds. */
static FILE *make_stream(struct output *o)
{
    int fd = o->tmp_fd;
    if (o->kind == OUTPUT_COPY) {
        o->spill_fd = hp_anonymous_file();
        fd = o->spill_fd;
    }
    return fd < 0 ? NULL : fdopen(dup(fd), "wb");
}
#endif

/* ---- opening -------------------------------------------------------------------- */

static void init(struct output *o, const char *path, struct output_temps *temps)
{
    memset(o, 0, sizeof *o);
    o->path = xstrdup(path);
    o->temps = temps;
    o->dirfd = o->tmp_fd = o->dest_fd = o->spill_fd = -1;
    o->slot = -1;
}

/* Standard output, a device or a FIFO: kept, and copied at commit. */
static int open_copy(struct output *o, int fd, bool own, struct hp_error *err)
{
    o->kind = OUTPUT_COPY;
    o->dest_fd = fd;
    o->own_dest = own;
    o->f = make_stream(o);
    if (!o->f) {
        int e = errno;
        output_abort(o);
        return hp_fail(err, "cannot write %s: %s", fd == 1 ? "standard output" : o->path,
                       strerror(e));
    }
    return 0;
}

/* A device or a FIFO (file: where o->path leads) is written in place:
 * renaming a file over it would replace the device node itself (as root,
 * -o /dev/null turned /dev/null into a regular file), and a FIFO's reader
 * would never see the drawing.  There is no earlier good file there to
 * protect. */
static int open_device(struct output *o, const char *file, struct hp_error *err)
{
    /* O_NONBLOCK: a FIFO that no one reads fails at once (ENXIO) instead
     * of waiting forever; writes then block as usual. */
    int fd = open(file, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        struct stat st;
        if (e == ENXIO && stat(file, &st) == 0 && S_ISFIFO(st.st_mode))
            hp_fail(err, "cannot write %s: no process is reading it", o->path);
        else
            hp_fail(err, "cannot open %s: %s", o->path, strerror(e));
        output_abort(o);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags != -1)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return open_copy(o, fd, true, err);
}

/* The temporary file beside target, listed in o->temps while it exists. */
static int create_temp(struct output *o, const char *target)
{
    char *dir = dir_of(target);
#if defined O_PATH && !defined HP2PS_POSIX_ONLY
    o->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
#else
    o->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
#endif
    free(dir);
    if (o->dirfd < 0)
        return errno;
    const char *slash = strrchr(target, '/');
    o->target_name = xstrdup(slash ? slash + 1 : target);
    /* The temporary name is short, so it is created where the target's
     * own name is too long; the rename would then fail after another
     * output was committed (FILE.ps renamed, FILE.aux not).  Refused
     * here, before anything is written. */
    long name_max = fpathconf(o->dirfd, _PC_NAME_MAX);
    if (strlen(o->target_name) > (size_t)(name_max > 0 ? name_max : NAME_MAX))
        return ENAMETOOLONG;
    int e = EEXIST;
    for (unsigned attempt = 0; attempt < 100 && e == EEXIST; attempt++) {
        temp_name(o->tmp_name, sizeof o->tmp_name, attempt);
        sigset_t mask;
        temps_lock(o->temps, &mask);
        /* 0666: the mode a plain create gives, less the umask. */
        o->tmp_fd = openat(o->dirfd, o->tmp_name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        e = o->tmp_fd < 0 ? errno : 0;
        if (!e)
            o->slot = temps_add(o->temps, o->dirfd, o->tmp_name);
        temps_unlock(o->temps, &mask);
    }
    if (!e)
        keep_mode(o->tmp_fd, target);
    if (e)
        o->tmp_name[0] = '\0'; /* not ours: never to be removed */
    return e;
}

/* The descriptor a path names, or -1: decided by what the path leads to
 * (an entry of our own descriptor directory), never by its spelling.
 * Such a path is the descriptor itself, as "-" is standard output:
 * opening it anew would start a regular file over (`{ echo head; hp2ps
 * -o /dev/stdout; } >report` kept only the drawing, `>>log` lost the
 * log, a deleted file gave "NAME (deleted)") and fails on a socket. */
int output_descriptor_of(const char *path)
{
    char *target, *refused;
    int fd;
    uid_t owner;
    if (resolve(path, &target, &fd, &refused, &owner) < 0) {
        free(refused);
        return -1;
    }
    free(target);
    return fd;
}

/* The name a message gives descriptor fd. */
static void descriptor_name(char *buf, size_t size, int fd)
{
    if (fd == 1)
        snprintf(buf, size, "standard output");
    else if (fd == 2)
        snprintf(buf, size, "standard error");
    else if (fd == 0)
        snprintf(buf, size, "standard input");
    else
        snprintf(buf, size, "descriptor %d", fd);
}

/* Written to as "-" is to standard output: the descriptor's own file
 * position and O_APPEND, whatever it leads to. */
static int open_descriptor(struct output *o, const char *path, int fd, struct hp_error *err)
{
    char name[64];
    descriptor_name(name, sizeof name, fd);
    int flags = fcntl(fd, F_GETFL);
    if (flags == -1) {
        output_abort(o);
        return hp_fail(err, "cannot write %s: %s is not open", path, name);
    }
    if ((flags & O_ACCMODE) == O_RDONLY) {
        output_abort(o);
        return hp_fail(err, "cannot write %s: %s is open for reading only", path, name);
    }
    return open_copy(o, fd, false, err);
}

int output_open(struct output *o, const char *path, const char *protect_path,
                struct output_temps *temps, struct hp_error *err)
{
    init(o, path, temps);
    if (strcmp(path, "-") == 0)
        return open_copy(o, 1, false, err);
    if (protect_path && same_file(path, protect_path)) {
        output_abort(o);
        return hp_fail(err, "%s: refusing to overwrite the input", path);
    }
    char *target, *refused;
    int fd;
    uid_t owner;
    if (resolve(path, &target, &fd, &refused, &owner) < 0) {
        int e = errno;
        output_abort(o);
        if (!refused)
            return hp_fail(err, "cannot create %s: %s", path, strerror(e));
        hp_fail(err,
                "refusing to write %s: %s is a symbolic link of another user (uid %lu) in "
                "a sticky, world-writable directory, which the system does not follow",
                path, refused, (unsigned long)owner);
        free(refused);
        return -1;
    }
    if (fd >= 0)
        return open_descriptor(o, path, fd, err);
    /* target: path, or where its symbolic links lead (a plain open would
     * write there; renaming over the link itself would turn it into a
     * file), with no link left at its end, so a device or a socket is
     * known by what it is. */
    struct stat st;
    if (stat(target, &st) == 0 && S_ISSOCK(st.st_mode)) {
        free(target);
        output_abort(o);
        return hp_fail(err, "cannot write %s: it is a socket (give a file, a FIFO or -o -)", path);
    }
    if (stat(target, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        int r = open_device(o, target, err);
        free(target);
        return r;
    }
    o->kind = OUTPUT_RENAME;
    int e = create_temp(o, target);
    free(target);
    if (!e && !(o->f = make_stream(o)))
        e = errno ? errno : ENOMEM;
    if (e) {
        output_abort(o);
        return hp_fail(err, "cannot create %s: %s", path, strerror(e));
    }
    return 0;
}

/* ---- committing ----------------------------------------------------------------- */

static int fail_write(const struct output *o, int e, struct hp_error *err)
{
    if (o->kind == OUTPUT_COPY && o->dest_fd == 1 && strcmp(o->path, "-") == 0)
        return hp_fail(err, "error writing standard output: %s", strerror(e));
    return hp_fail(err, "cannot write %s: %s", o->path, strerror(e));
}

int output_write_error(const struct output *o, struct hp_error *err)
{
    if (!o->error && !(o->f && ferror(o->f)))
        return 0;
    return fail_write(o, o->error ? o->error : EIO, err);
}

/* Everything written, checked and on disk (or kept): 0 or an errno.  A
 * full disk, a quota or a file size limit often shows only here. */
static int finish(struct output *o)
{
    int e = 0;
    if (o->f) {
        errno = 0;
        if (fflush(o->f) != 0 || ferror(o->f))
            e = o->error ? o->error : errno ? errno : EIO;
        if (fclose(o->f) != 0 && !e)
            e = o->error ? o->error : errno ? errno : EIO;
        o->f = NULL;
    }
    if (!e && o->error)
        e = o->error;
    /* Durability, not atomicity: the rename alone means that no reader
     * ever sees part of a file, and a failed run leaves the old one.
     * fsync also makes the file outlive a power cut, at 6 to 8 ms a file
     * on this machine's disk (bench/save.c; 0.3 to 0.8 ms without), more
     * than a whole run on a small profile: so only with --fsync, as cp,
     * a compiler or GHC's hp2ps do not sync either. */
    if (!e && o->kind == OUTPUT_RENAME && o->sync && fsync(o->tmp_fd) != 0 && errno != EINVAL)
        e = errno;
    if (o->tmp_fd >= 0 && close(o->tmp_fd) != 0 && !e && errno != EINTR)
        e = errno;
    o->tmp_fd = -1;
    return e;
}

/* OUTPUT_COPY: what was kept, to the descriptor. */
static int deliver(struct output *o)
{
    int e = write_all(o->dest_fd, o->mem ? o->mem : "", o->len);
    if (!e && o->spill_fd >= 0 && lseek(o->spill_fd, 0, SEEK_SET) == 0) {
        char buf[1 << 16];
        ssize_t n;
        while (!e && (n = read(o->spill_fd, buf, sizeof buf)) != 0) {
            if (n < 0 && errno == EINTR)
                continue;
            e = n < 0 ? errno : write_all(o->dest_fd, buf, (size_t)n);
        }
    }
    if (!e && o->own_dest && close(o->dest_fd) != 0 && errno != EINTR)
        e = errno;
    if (o->own_dest)
        o->own_dest = false; /* closed, even when that failed */
    return e;
}

/* Release what o holds (the temporary file is already renamed or gone). */
static void release(struct output *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp_fd >= 0)
        close(o->tmp_fd);
    if (o->dirfd >= 0)
        close(o->dirfd);
    if (o->own_dest && o->dest_fd >= 0)
        close(o->dest_fd);
    if (o->spill_fd >= 0)
        close(o->spill_fd);
    free(o->mem);
    free(o->target_name);
    free(o->path);
    memset(o, 0, sizeof *o);
    o->dirfd = o->tmp_fd = o->dest_fd = o->spill_fd = o->slot = -1;
}

void output_abort(struct output *o)
{
    if (!o->path) { /* zeroed, or already released */
        memset(o, 0, sizeof *o);
        o->slot = -1;
        return;
    }
    if (o->f) {
        fclose(o->f);
        o->f = NULL;
    }
    if (o->slot >= 0 || (o->dirfd >= 0 && o->tmp_name[0])) {
        sigset_t mask;
        temps_lock(o->temps, &mask);
        unlinkat(o->dirfd, o->tmp_name, 0);
        temps_drop(o->temps, o->slot);
        temps_unlock(o->temps, &mask);
    }
    release(o);
}

static int abort_all(struct output *const *o, size_t n, size_t from)
{
    for (size_t i = from; i < n; i++)
        output_abort(o[i]);
    return -1;
}

/* --fsync: the directory's entries on the disk (dirfd may be O_PATH,
 * which cannot be synced itself).  0 or an errno. */
static int sync_directory(int dirfd)
{
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    int e = fsync(fd) != 0 && errno != EINVAL ? errno : 0;
    close(fd);
    return e;
}

int output_commit_all(struct output *const *o, size_t n, struct hp_error *err)
{
    for (size_t i = 0; i < n; i++) {
        int e = finish(o[i]);
        if (e) {
            fail_write(o[i], e, err);
            return abort_all(o, n, 0);
        }
    }
    /* Outside the lock: a slow reader must not keep a signal from
     * removing the temporary files. */
    for (size_t i = 0; i < n; i++)
        if (o[i]->kind == OUTPUT_COPY) {
            int e = deliver(o[i]);
            if (e) {
                fail_write(o[i], e, err);
                return abort_all(o, n, 0);
            }
        }
    for (size_t i = 0; i < n; i++) {
        if (o[i]->kind != OUTPUT_RENAME)
            continue;
        sigset_t mask;
        temps_lock(o[i]->temps, &mask);
        int e =
            renameat(o[i]->dirfd, o[i]->tmp_name, o[i]->dirfd, o[i]->target_name) != 0 ? errno : 0;
        if (!e) {
            temps_drop(o[i]->temps, o[i]->slot);
            o[i]->slot = -1;
            o[i]->tmp_name[0] = '\0';
        }
        temps_unlock(o[i]->temps, &mask);
        if (!e && o[i]->sync)
            e = sync_directory(o[i]->dirfd); /* the rename on the disk too */
        if (e) {
            fail_write(o[i], e, err);
            return abort_all(o, n, 0); /* those renamed already stay */
        }
    }
    for (size_t i = 0; i < n; i++)
        release(o[i]);
    return 0;
}

int output_commit(struct output *o, struct hp_error *err)
{
    return output_commit_all(&o, 1, err);
}
