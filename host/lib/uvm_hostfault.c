/* Process-wide SIGSEGV handler for managed-memory coherence (see uvm_hostfault.h). */
#include "uvm_hostfault.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

struct owner {
    _Atomic(uvm_hostfault_fn) fn;
    void *_Atomic ctx;
};

static struct owner owners[UVM_HOSTFAULT_MAX];
static unsigned nowners;
static struct sigaction old_action;

static void say(const char *m)
{
    ssize_t r = write(2, m, strlen(m));
    (void)r;
}

/* The previous disposition, for faults nobody here claims. */
static void chain(int sig, siginfo_t *si, void *uc)
{
    if ((old_action.sa_flags & SA_SIGINFO) && old_action.sa_sigaction) {
        old_action.sa_sigaction(sig, si, uc);
        return;
    }
    if (old_action.sa_handler != SIG_DFL && old_action.sa_handler != SIG_IGN) {
        old_action.sa_handler(sig);
        return;
    }
    /* Default action: restore it; the access is retried and the process dies of SIGSEGV. */
    signal(SIGSEGV, SIG_DFL);
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    int saved = errno;
    for (unsigned i = 0; i < UVM_HOSTFAULT_MAX; i++) {
        uvm_hostfault_fn fn = atomic_load(&owners[i].fn);
        void *ctx = atomic_load(&owners[i].ctx);
        if (!fn || !ctx)
            continue;
        int r = fn(ctx, si->si_addr);
        if (r == 1) {
            errno = saved;
            return;
        }
        if (r < 0) {
            say("uvmsoc: host access to managed memory could not be served (the device did not give the page back); "
                "aborting\n");
            signal(SIGSEGV, SIG_DFL);
            errno = saved;
            return;
        }
    }
    errno = saved;
    chain(sig, si, uc);
}

int uvm_hostfault_register(uvm_hostfault_fn fn, void *ctx)
{
    if (!fn || !ctx)
        return -EINVAL;
    for (unsigned i = 0; i < UVM_HOSTFAULT_MAX; i++) {
        if (atomic_load(&owners[i].ctx))
            continue;
        if (nowners == 0) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_sigaction = on_segv;
            sa.sa_flags = SA_SIGINFO | SA_NODEFER; /* NODEFER: a fault in a chained handler is not blocked */
            sigemptyset(&sa.sa_mask);
            if (sigaction(SIGSEGV, &sa, &old_action) != 0)
                return -errno;
        }
        atomic_store(&owners[i].fn, fn);
        atomic_store(&owners[i].ctx, ctx);
        nowners++;
        return 0;
    }
    return -ENOSPC;
}

void uvm_hostfault_unregister(void *ctx)
{
    if (!ctx)
        return;
    for (unsigned i = 0; i < UVM_HOSTFAULT_MAX; i++) {
        if (atomic_load(&owners[i].ctx) != ctx)
            continue;
        atomic_store(&owners[i].ctx, NULL);
        atomic_store(&owners[i].fn, NULL);
        if (--nowners == 0)
            sigaction(SIGSEGV, &old_action, NULL);
        return;
    }
}
