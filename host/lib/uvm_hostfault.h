/*
 * Host access tracking of managed memory (issue 18, item 1): one process-wide
 * SIGSEGV handler (sigaction SA_SIGINFO, the faulting address in si_addr)
 * that hands faults on protected managed pages to the session owning them.
 *
 * Why mprotect + SIGSEGV and not userfaultfd: userfaultfd's write-protect
 * mode (UFFDIO_REGISTER_MODE_WP, on shmem since Linux 5.19) traps writes
 * only; a host *read* of a page whose current copy is dirty in HBM must
 * trap too, and the missing-page mode never fires on the already populated
 * shared host-memory file (minor-fault mode would need the host PTEs zapped
 * and UFFDIO_CONTINUE per page). userfaultfd also needs a service thread,
 * while the co-simulation transport is one socket used by the session's
 * thread. PROT_NONE traps reads and writes alike, on every kernel.
 *
 * The handler runs on the faulting thread and serves the fault there: the
 * session sends UVM_OP_EVICT over its transport and waits for the
 * completion, then mprotects the page. That is not async-signal-safe in
 * general; it is sound here because the fault is synchronous (raised by a
 * load or store of the application's own code, never inside the library,
 * which does not touch managed memory while it holds transport state: a
 * fault while the session is busy aborts with a message) and a session is
 * used from one thread (uvm_session.h). errno is preserved. A fault that
 * no session claims goes to the handler installed before (or the default
 * action: the process dies of SIGSEGV as it would have).
 *
 * Limits: a system call given a protected managed buffer (read(2) into it,
 * write(2) from it) fails with EFAULT instead of trapping; call
 * uvm_session_sync() first. Other threads must not touch managed memory
 * during uvm_session_launch().
 */
#ifndef UVMSOC_UVM_HOSTFAULT_H
#define UVMSOC_UVM_HOSTFAULT_H

/**
 * Fault callback: addr is the faulting address. Returns 1 when the fault was
 * on this owner's protected memory and is served (the access is retried),
 * 0 when the address is not its concern, a negative errno when it is but
 * could not be served (the process is then terminated with a message).
 */
typedef int (*uvm_hostfault_fn)(void *ctx, void *addr);

/**
 * uvm_hostfault_register - add an owner; the first one installs the SIGSEGV
 * handler (the previous action is kept for chaining). Errors: -EINVAL NULL
 * fn; -ENOSPC more than UVM_HOSTFAULT_MAX owners; sigaction's errno.
 */
int uvm_hostfault_register(uvm_hostfault_fn fn, void *ctx);

/** uvm_hostfault_unregister - remove the owner ctx; the last one restores the previous SIGSEGV action. */
void uvm_hostfault_unregister(void *ctx);

#define UVM_HOSTFAULT_MAX 16 /**< owners (sessions) at once in one process */

#endif
