/*
 * Message rings of the shared-memory co-simulation transport
 * (include/uvmsoc/shmring.h). Shared by the ivshmem backend and the
 * simulator (libc only, like cosim_msg.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <uvmsoc/shmring.h>

/* The layout is little-endian and read with native loads: both ends of every
 * supported pair (x86-64, aarch64, riscv64) are little-endian machines. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "shmring.h fields are little-endian");

static volatile uint32_t *u32at(void *base, size_t off)
{
    return (volatile uint32_t *)((uint8_t *)base + off);
}

void uvs_shm_link_init(struct uvs_shm_link *l, void *base, int server)
{
    uint8_t *b = base;
    struct uvs_shm_ring c2s = {b + UVS_SHM_OFF_C2S_SLOTS, u32at(b, UVS_SHM_OFF_C2S_TAIL), u32at(b, UVS_SHM_OFF_C2S_HEAD)};
    struct uvs_shm_ring s2c = {b + UVS_SHM_OFF_S2C_SLOTS, u32at(b, UVS_SHM_OFF_S2C_TAIL), u32at(b, UVS_SHM_OFF_S2C_HEAD)};
    l->base = b;
    l->tx = server ? s2c : c2s;
    l->rx = server ? c2s : s2c;
}

uint32_t uvs_shm_pending(const struct uvs_shm_ring *r)
{
    uint32_t tail = __atomic_load_n(r->tail, __ATOMIC_ACQUIRE);
    uint32_t head = __atomic_load_n(r->head, __ATOMIC_ACQUIRE);
    return tail - head;
}

int uvs_shm_send(struct uvs_shm_ring *r, const void *msg)
{
    uint32_t tail = *r->tail; /* ours: only we write it */
    uint32_t head = __atomic_load_n(r->head, __ATOMIC_ACQUIRE);
    if (tail - head > UVS_SHM_SLOTS)
        return -EPROTO;
    if (tail - head == UVS_SHM_SLOTS)
        return 0;
    memcpy(r->slots + (tail % UVS_SHM_SLOTS) * UVS_COSIM_MSG_SIZE, msg, UVS_COSIM_MSG_SIZE);
    __atomic_store_n(r->tail, tail + 1, __ATOMIC_RELEASE);
    return 1;
}

int uvs_shm_recv(struct uvs_shm_ring *r, void *msg)
{
    uint32_t head = *r->head; /* ours */
    uint32_t tail = __atomic_load_n(r->tail, __ATOMIC_ACQUIRE);
    if (tail - head > UVS_SHM_SLOTS)
        return -EPROTO;
    if (tail == head)
        return 0;
    memcpy(msg, r->slots + (head % UVS_SHM_SLOTS) * UVS_COSIM_MSG_SIZE, UVS_COSIM_MSG_SIZE);
    __atomic_store_n(r->head, head + 1, __ATOMIC_RELEASE);
    return 1;
}

void uvs_shm_drain(struct uvs_shm_ring *r)
{
    __atomic_store_n(r->head, __atomic_load_n(r->tail, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
}

uint32_t uvs_shm_rd32(const void *base, size_t off)
{
    return __atomic_load_n((const volatile uint32_t *)((const uint8_t *)base + off), __ATOMIC_ACQUIRE);
}

/* 64-bit fields are read as two 32-bit halves: they are written once, before
 * magic is published, so no torn value is ever seen after magic. */
uint64_t uvs_shm_rd64(const void *base, size_t off)
{
    return (uint64_t)uvs_shm_rd32(base, off) | (uint64_t)uvs_shm_rd32(base, off + 4) << 32;
}

void uvs_shm_wr32(void *base, size_t off, uint32_t v)
{
    __atomic_store_n(u32at(base, off), v, __ATOMIC_RELEASE);
}

void uvs_shm_wr64(void *base, size_t off, uint64_t v)
{
    uvs_shm_wr32(base, off, (uint32_t)v);
    uvs_shm_wr32(base, off + 4, (uint32_t)(v >> 32));
}

uint64_t uvs_shm_file_size(uint64_t hostmem)
{
    uint64_t need = UVS_SHM_AREA + hostmem, size = UVS_SHM_AREA;
    if (need < hostmem)
        return 0;
    while (size < need) {
        if (size >> 63)
            return 0;
        size <<= 1;
    }
    return size;
}

static int bad(char *why, size_t whylen, int err, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int bad(char *why, size_t whylen, int err, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return err;
}

int uvs_shm_check_header(const void *base, uint64_t len, char *why, size_t whylen)
{
    if (len < UVS_SHM_AREA)
        return bad(why, whylen, -EPROTO, "shared region of %llu bytes, need at least %u", (unsigned long long)len,
                   UVS_SHM_AREA);
    uint32_t magic = uvs_shm_rd32(base, UVS_SHM_OFF_MAGIC);
    if (magic == 0)
        return bad(why, whylen, -EAGAIN, "no simulator has set up the shared region (magic 0)");
    if (magic != UVS_SHM_MAGIC)
        return bad(why, whylen, -EPROTO, "shared region has magic 0x%08x, expected 0x%08x (uvmsoc-sim --host-shm)",
                   (unsigned)magic, UVS_SHM_MAGIC);
    uint32_t ver = uvs_shm_rd32(base, UVS_SHM_OFF_VERSION);
    if ((ver >> 16) != (UVS_SHM_VERSION >> 16))
        return bad(why, whylen, -EPROTONOSUPPORT, "shared region layout version %u.%u, this library %u.%u",
                   (unsigned)(ver >> 16), (unsigned)(ver & 0xffff), UVS_SHM_VERSION >> 16, UVS_SHM_VERSION & 0xffff);
    uint64_t area = uvs_shm_rd64(base, UVS_SHM_OFF_AREA);
    uint64_t hm = uvs_shm_rd64(base, UVS_SHM_OFF_HOSTMEM_SIZE);
    uint64_t bus = uvs_shm_rd64(base, UVS_SHM_OFF_HOSTMEM_BUS);
    uint64_t fsize = uvs_shm_rd64(base, UVS_SHM_OFF_FILE_SIZE);
    uint32_t slots = uvs_shm_rd32(base, UVS_SHM_OFF_SLOTS);
    if (area != UVS_SHM_AREA || slots != UVS_SHM_SLOTS)
        return bad(why, whylen, -EPROTO, "shared region: area 0x%llx and %u slots, expected 0x%x and %u",
                   (unsigned long long)area, (unsigned)slots, UVS_SHM_AREA, UVS_SHM_SLOTS);
    if (hm == 0 || hm % 4096 || bus % 4096 || bus + hm < bus)
        return bad(why, whylen, -EPROTO, "shared region: host memory 0x%llx bytes at bus 0x%llx is not whole pages",
                   (unsigned long long)hm, (unsigned long long)bus);
    if (area + hm < hm || area + hm > fsize)
        return bad(why, whylen, -EPROTO, "shared region: host memory of 0x%llx bytes does not fit the 0x%llx-byte file",
                   (unsigned long long)hm, (unsigned long long)fsize);
    if (fsize > len)
        return bad(why, whylen, -EPROTO,
                   "shared region: the simulator's file has 0x%llx bytes, the mapping only 0x%llx (QEMU memory-backend "
                   "size smaller than the file?)", (unsigned long long)fsize, (unsigned long long)len);
    return 0;
}
