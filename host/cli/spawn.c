/*
 * uvmsoc CLI: start a private simulator for one command (global option
 * --sim SIMULATOR): `SIMULATOR --host-socket DIR/sim.sock --host-once
 * [ARGS]` in a fresh temporary directory; the command talks to it like to
 * any simulator, and when the CLI detaches (GOODBYE) the simulator exits.
 */
#include <errno.h>
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

int cli_spawn_sim(const char *sim, const char *args, const char **socket_path)
{
    strcpy(sim_dir, "/tmp/uvmsoc-run.XXXXXX");
    if (!mkdtemp(sim_dir)) {
        fprintf(stderr, "uvmsoc: --sim: cannot create a temporary directory: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    snprintf(sim_sock, sizeof sim_sock, "%s/sim.sock", sim_dir);
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
        return CLI_FAIL;
    }
    if (sim_pid == 0) {
        execv(sim, argv);
        fprintf(stderr, "uvmsoc: --sim: cannot run %s: %s\n", sim, strerror(errno));
        _exit(127);
    }
    free(copy);
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
            rmdir(sim_dir);
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
        rmdir(sim_dir);
        sim_dir[0] = '\0';
    }
}
