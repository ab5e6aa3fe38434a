/*
 * Managed-memory allocation and free on a real (co-simulated) device
 * (tests/managed.tests): open the device at $UVMSOC_SOCKET (firmware already
 * running), open a managed session (context attach, fault ring), allocate,
 * write through the pointer, free, then free the same pointer again. The
 * second free must fail with -EALREADY and a message naming the double free;
 * a free of a pointer inside the allocation must fail too, and so must a free
 * of memory a kernel uses (pinned, as the CLI does for a launch): -EBUSY. Exit 0 when every
 * check holds, 1 otherwise (one line says which).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/uvmsoc.h>

#include "uvm_session.h"

static int check(int ok, const char *what)
{
    if (!ok)
        printf("managed_free: FAIL: %s\n", what);
    return ok;
}

int main(void)
{
    struct uvs_open_opts o;
    struct uvs_dev *dev = NULL;
    struct uvm_session *s = NULL;
    struct uvm_policy pol = UVM_POLICY_BASELINE;
    void *p = NULL;
    int ok = 1, err;

    memset(&o, 0, sizeof o);
    o.socket_path = getenv("UVMSOC_SOCKET");
    if ((err = uvs_open(&o, &dev))) {
        printf("managed_free: cannot open the device: %s\n", uvs_last_error());
        return 1;
    }
    if ((err = uvm_session_open(dev, &pol, 6, &s))) {
        printf("managed_free: session: %s\n", uvm_session_last_error(s));
        ok = 0;
        goto out;
    }
    ok &= check(uvm_session_alloc(s, 3 * 4096 + 5, &p) == 0 && p != NULL, "allocation");
    if (!ok)
        goto out;
    memset(p, 0x5a, 3 * 4096 + 5);
    ok &= check(uvm_session_free(s, (char *)p + 4096) == -EINVAL, "free inside the allocation is refused");
    printf("inside: %s\n", uvm_session_last_error(s));
    /* In use by a kernel (the CLI pins a kernel's buffer for the launch): the free is refused. */
    ok &= check(uvm_session_pin(s, p) == 0, "pin");
    err = uvm_session_free(s, p);
    printf("free while in use: %s\n", uvm_session_last_error(s));
    ok &= check(err == -EBUSY, "a free while a kernel uses the memory returns -EBUSY");
    ok &= check(strstr(uvm_session_last_error(s), "in use by a running kernel") != NULL, "the message says why");
    ok &= check(uvm_session_unpin(s, p) == 0, "unpin");
    ok &= check(uvm_session_free(s, p) == 0, "first free");
    err = uvm_session_free(s, p);
    printf("second free: %s\n", uvm_session_last_error(s));
    ok &= check(err == -EALREADY, "second free returns -EALREADY");
    ok &= check(strstr(uvm_session_last_error(s), "double free") != NULL, "the message names the double free");
out:
    uvm_session_close(s);
    uvs_close(dev);
    if (ok)
        printf("managed_free: PASS\n");
    return ok ? 0 : 1;
}
