/*
 * A program outside the project that uses the installed libuvmsoc: built by
 * tests/install/check.sh with `pkg-config --cflags --libs uvmsoc` against a
 * staging tree, then run on the mock backend. Prints the device id.
 */
#include <stdio.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/uvmsoc.h>

int main(void)
{
    struct uvs_open_opts o = {.backend = "mock"};
    struct uvs_dev *dev;
    int err = uvs_open(&o, &dev);
    if (err) {
        fprintf(stderr, "consumer: uvs_open: %s\n", uvs_strerror(err));
        return 1;
    }
    struct uvs_info in;
    err = uvs_info(dev, &in);
    if (err) {
        fprintf(stderr, "consumer: uvs_info: %s\n", uvs_strerror(err));
        uvs_close(dev);
        return 1;
    }
    printf("consumer: device id 0x%08x (%s), %u harts, backend %s\n", (unsigned)in.id,
           in.id == UVS_HOSTIF_ID_VALUE ? "uvmsoc" : "unknown", (unsigned)in.harts, uvs_backend_name(dev));
    uvs_close(dev);
    return 0;
}
