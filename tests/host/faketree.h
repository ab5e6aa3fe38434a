/*
 * Fake /sys, /dev and /proc trees for the hardware backends' unit tests
 * (uvs_open_opts.sysroot): a private mkdtemp() directory per test.
 * Include after testutil.h (cmocka, uvmsoc.h).
 */
#ifndef UVMSOC_TEST_FAKETREE_H
#define UVMSOC_TEST_FAKETREE_H

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Path below root into a static-per-call buffer of the caller. */
static inline const char *ft_path(char *buf, const char *root, const char *fmt, ...)
{
    va_list ap;
    size_t l = (size_t)snprintf(buf, PATH_MAX, "%s/", root);
    va_start(ap, fmt);
    vsnprintf(buf + l, PATH_MAX - l, fmt, ap);
    va_end(ap);
    return buf;
}

/* mkdir -p of the directory part of path (mode 0755). */
static inline void ft_mkdirs(const char *path)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; (s = strchr(s, '/')); s++) {
        *s = '\0';
        mkdir(p, 0755);
        *s = '/';
    }
}

/* Write text (or len bytes of data) to root/rel, creating directories. */
static inline void ft_write(const char *root, const char *rel, const void *data, size_t len)
{
    char p[PATH_MAX];
    ft_path(p, root, "%s", rel);
    ft_mkdirs(p);
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write(fd, data, len) != (ssize_t)len)
        fail_msg("cannot write %s", p);
    close(fd);
}

static inline void ft_text(const char *root, const char *rel, const char *text)
{
    ft_write(root, rel, text, strlen(text));
}

/* Symlink root/rel -> target, creating directories. */
static inline void ft_link(const char *root, const char *rel, const char *target)
{
    char p[PATH_MAX];
    ft_path(p, root, "%s", rel);
    ft_mkdirs(p);
    unlink(p);
    if (symlink(target, p) != 0)
        fail_msg("cannot link %s", p);
}

/* pwrite into root/rel (created, extended as needed). */
static inline void ft_pwrite(const char *root, const char *rel, long long off, const void *data, size_t len)
{
    char p[PATH_MAX];
    ft_path(p, root, "%s", rel);
    ft_mkdirs(p);
    int fd = open(p, O_RDWR | O_CREAT, 0644);
    if (fd < 0 || pwrite(fd, data, len, off) != (ssize_t)len)
        fail_msg("cannot pwrite %s", p);
    close(fd);
}

static inline void ft_pread(const char *root, const char *rel, long long off, void *data, size_t len)
{
    char p[PATH_MAX];
    int fd = open(ft_path(p, root, "%s", rel), O_RDONLY);
    if (fd < 0 || pread(fd, data, len, off) != (ssize_t)len)
        fail_msg("cannot pread %s", p);
    close(fd);
}

/* A new private root (mode 0755 so an unprivileged child can walk it); freed by ft_done. */
static inline char *ft_new(void)
{
    char *d = strdup("/tmp/uvs-faketree.XXXXXX");
    if (!d || !mkdtemp(d))
        fail_msg("mkdtemp failed");
    chmod(d, 0755);
    return d;
}

static inline void ft_done(char *root)
{
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0)
        fail_msg("cannot remove %s", root);
    free(root);
}

/*
 * Opens the device of @o in a child process, which first becomes user and
 * group nobody (65534) when the test runs as root (CI: root passes every
 * permission check); asserts that uvs_open fails with -EACCES and that the
 * detail contains @needle.
 */
static inline void ft_expect_eacces(const struct uvs_open_opts *o, const char *needle)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (geteuid() == 0 && (setgroups(0, NULL) || setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534)))
            _exit(3);
        struct uvs_dev *dev;
        int err = uvs_open(o, &dev);
        if (err != -EACCES) {
            fprintf(stderr, "got %d: %s\n", err, uvs_last_error());
            _exit(1);
        }
        _exit(strstr(uvs_last_error(), needle) ? 0 : 2);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
}

#endif
