/*
 * uvmsoc CLI: start a private simulator for one command (global option
 * --sim SIMULATOR): `SIMULATOR --host-socket DIR/sim.sock --host-once
 * [ARGS]` in a fresh temporary directory; the command talks to it like to
 * any simulator, and when the CLI detaches (GOODBYE) the simulator exits.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static pid_t sim_pid = -1;
static char sim_dir[64];
static char sim_sock[96];
static char sim_log[96];  /* console file in sim_dir (console ""), else empty */

const char *cli_sim_console(void)
{
    return sim_pid > 0 && sim_log[0] ? sim_log : NULL;
}

int cli_wants_own_sim(const struct cli_global *g)
{
    const char *env = getenv("UVMSOC_SOCKET");
    return g->sim || (cli_is_cosim(g) && !g->open.socket_path && !(env && *env) &&
                      !(g->open.device && g->open.device[5] == ':'));
}

int cli_spawn_own_sim(struct cli_global *g)
{
    static char simpath[PATH_MAX];
    if (!cli_wants_own_sim(g))
        return CLI_OK;
    const char *sim = g->sim;
    if (!sim) {
        if (cli_locate(CLI_SIM, simpath, sizeof simpath) != 0)
            return CLI_FAIL;
        sim = simpath;
    }
    return cli_spawn_sim(sim, g->sim_args, "", &g->open.socket_path);
}

int cli_spawn_sim(const char *sim, const char *args, const char *console, const char **socket_path)
{
    int out_fd = -1;
    strcpy(sim_dir, "/tmp/uvmsoc-run.XXXXXX");
    if (!mkdtemp(sim_dir)) {
        fprintf(stderr, "uvmsoc: --sim: cannot create a temporary directory: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    snprintf(sim_sock, sizeof sim_sock, "%s/sim.sock", sim_dir);
    sim_log[0] = '\0';
    if (console) {
        const char *path = console;
        if (!*console) {
            snprintf(sim_log, sizeof sim_log, "%s/console.log", sim_dir);
            path = sim_log;
        }
        out_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (out_fd < 0) {
            fprintf(stderr, "uvmsoc: cannot create the device console file %s: %s\n", path, strerror(errno));
            sim_log[0] = '\0';
            rmdir(sim_dir);
            sim_dir[0] = '\0';
            return CLI_FAIL;
        }
    }
    char *argv[64];
    int n = 0;
    char *copy = strdup(args ? args : "");
    argv[n++] = (char *)sim;
    argv[n++] = "--host-socket";
    argv[n++] = sim_sock;
    argv[n++] = "--host-once";
    for (char *t = strtok(copy, " "); t && n < 63; t = strtok(NULL, " "))
        argv[n++] = t;
    argv[n] = NULL;
    sim_pid = fork();
    if (sim_pid < 0) {
        fprintf(stderr, "uvmsoc: --sim: fork: %s\n", strerror(errno));
        free(copy);
        if (out_fd >= 0)
            close(out_fd);
        cli_reap_sim();
        return CLI_FAIL;
    }
    if (sim_pid == 0) {
        if (out_fd >= 0 && dup2(out_fd, STDOUT_FILENO) < 0)
            _exit(127);
        execv(sim, argv);
        fprintf(stderr, "uvmsoc: --sim: cannot run %s: %s\n", sim, strerror(errno));
        _exit(127);
    }
    free(copy);
    if (out_fd >= 0)
        close(out_fd);
    /* wait up to 10 s for the socket to appear, or the simulator to exit */
    for (int i = 0; i < 1000; i++) {
        struct stat st;
        int status;
        if (stat(sim_sock, &st) == 0 && S_ISSOCK(st.st_mode)) {
            *socket_path = sim_sock;
            return CLI_OK;
        }
        if (waitpid(sim_pid, &status, WNOHANG) == sim_pid) {
            sim_pid = -1;
            fprintf(stderr, "uvmsoc: --sim: %s exited (status %d) before listening\n", sim,
                    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
            cli_reap_sim();
            return CLI_FAIL;
        }
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    fprintf(stderr, "uvmsoc: --sim: %s did not listen on %s within 10 s\n", sim, sim_sock);
    cli_reap_sim();
    return CLI_FAIL;
}

void cli_reap_sim(void)
{
    if (sim_pid > 0) {
        int status;
        /* after GOODBYE a --host-once simulator exits by itself; give it 10 s */
        for (int i = 0; i < 1000 && waitpid(sim_pid, &status, WNOHANG) == 0; i++)
            nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
        if (waitpid(sim_pid, &status, WNOHANG) == 0) {
            kill(sim_pid, SIGTERM);
            waitpid(sim_pid, &status, 0);
        }
        sim_pid = -1;
    }
    if (sim_dir[0]) {
        unlink(sim_sock);
        if (sim_log[0])
            unlink(sim_log);
        sim_log[0] = '\0';
        rmdir(sim_dir);
        sim_dir[0] = '\0';
    }
}
