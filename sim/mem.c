/*
 * uvmsoc-sim memory model: BOOTROM, SRAM, LR/SC reservations and AMOs
 * (RISC-V unprivileged spec, chapter 8; bus contract in include/uvmsoc/bus.def).
 */
#include "mem.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <uvmsoc/bus.h>
#include <uvmsoc/tile.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc-sim models a little-endian bus on a little-endian host"
#endif

_Static_assert(UVS_MEM_PORT_IOMMU < UVS_MEM_MAX_PORTS && (UVS_MEM_PORT_IOMMU & 1) == 1,
               "the IOMMU's memory port must be a data port within UVS_MEM_MAX_PORTS");

_Static_assert(UVS_MEM_MAX_RESV <= 65536, "reservation slots must fit live[]'s 16 bits");

int uvs_mem_init(struct uvs_mem *m, uint64_t sram_size)
{
    memset(m, 0, sizeof *m);
    if (sram_size == 0 || sram_size % 8 != 0 || sram_size > UVS_SRAM_SIZE)
        return -EINVAL;
    m->sram = calloc(1, (size_t)sram_size);
    if (!m->sram)
        return -ENOMEM;
    m->sram_size = sram_size;
    return 0;
}

int uvs_mem_spad_init(struct uvs_mem *m, unsigned harts, uint64_t size)
{
    free(m->spad);
    m->spad = NULL;
    m->spad_size = 0;
    m->spad_harts = 0;
    if (harts <= 1 || size == 0)
        return 0;
    if (size % 4096 != 0 || size > UVS_TILE_SPAD_STRIDE || harts > UVS_MAX_HARTS)
        return -EINVAL;
    m->spad = calloc(harts, (size_t)size);
    if (!m->spad)
        return -ENOMEM;
    m->spad_size = size;
    m->spad_harts = harts;
    return 0;
}

uint8_t *uvs_mem_spad(struct uvs_mem *m, unsigned hart, uint64_t off, uint64_t len)
{
    if (hart == 0 || hart >= m->spad_harts || off > m->spad_size || len > m->spad_size - off)
        return NULL;
    return m->spad + (uint64_t)hart * m->spad_size + off;
}

/* The aligned word of a scratchpad data-port access of @port, or NULL (bus error). */
static uint8_t *spad_word(struct uvs_mem *m, unsigned port, uint64_t addr)
{
    uint64_t rel = (addr & ~UVS_U64(7)) - UVS_SPAD_BASE;
    unsigned hart = (unsigned)(rel / UVS_TILE_SPAD_STRIDE);
    unsigned self = port / 2;

    if (port >= 2 * UVS_MAX_HARTS || (self != 0 && self != hart))
        return NULL;
    return uvs_mem_spad(m, hart, rel % UVS_TILE_SPAD_STRIDE, 8);
}

void uvs_mem_fini(struct uvs_mem *m)
{
    free(m->spad);
    m->spad = NULL;
    m->spad_size = 0;
    free(m->sram);
    m->sram = NULL;
    m->sram_size = 0;
    if (m->hbm)
        munmap(m->hbm, (size_t)m->hbm_size);
    m->hbm = NULL;
    m->hbm_size = 0;
}

int uvs_mem_hbm_init(struct uvs_mem *m, uint64_t size)
{
    if (m->hbm) {
        munmap(m->hbm, (size_t)m->hbm_size);
        m->hbm = NULL;
        m->hbm_size = 0;
    }
    if (size == 0)
        return 0;
    if (size % 4096 != 0 || size < UVS_MEM_HBM_MIN || size > UVS_MEM_HBM_MAX || size > UVS_HBM_SIZE)
        return -EINVAL;
    void *p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return -ENOMEM;
    m->hbm = p;
    m->hbm_size = size;
    return 0;
}

void uvs_mem_clear(struct uvs_mem *m)
{
    memset(m->rom, 0, sizeof m->rom);
    if (m->sram)
        memset(m->sram, 0, (size_t)m->sram_size);
    if (m->hbm && madvise(m->hbm, (size_t)m->hbm_size, MADV_DONTNEED) != 0)
        memset(m->hbm, 0, (size_t)m->hbm_size);
    if (m->spad)
        memset(m->spad, 0, (size_t)(m->spad_size * m->spad_harts));
    memset(m->resv, 0, sizeof m->resv);
    m->nresv = 0;
    m->tohost_written = false;
}

int uvs_mem_is_hbm(const struct uvs_mem *m, uint64_t addr)
{
    return addr - UVS_HBM_BASE < m->hbm_size;
}

uint8_t *uvs_mem_dev_ptr(struct uvs_mem *m, uint64_t addr, uint64_t len, uint64_t *bad)
{
    if (len != 0 && addr + len >= addr) {
        if (addr - UVS_SRAM_BASE < m->sram_size) {
            if (len <= m->sram_size - (addr - UVS_SRAM_BASE))
                return m->sram + (addr - UVS_SRAM_BASE);
            if (bad)
                *bad = UVS_SRAM_BASE + m->sram_size;
            return NULL;
        }
        if (addr - UVS_HBM_BASE < m->hbm_size) {
            if (len <= m->hbm_size - (addr - UVS_HBM_BASE))
                return m->hbm + (addr - UVS_HBM_BASE);
            if (bad)
                *bad = UVS_HBM_BASE + m->hbm_size;
            return NULL;
        }
    }
    if (bad)
        *bad = addr;
    return NULL;
}

uint8_t *uvs_mem_host_ptr(const struct uvs_mem *m, uint64_t addr, uint64_t len)
{
    uint64_t off = addr - UVS_HOSTWIN_BASE - m->host_bus;  /* offset in host memory */
    if (!m->host || len == 0 || addr - UVS_HOSTWIN_BASE >= UVS_HOSTWIN_SIZE || off >= m->host_size ||
        len > m->host_size - off)
        return NULL;
    return m->host + off;
}

uint8_t *uvs_mem_ptr(struct uvs_mem *m, uint64_t addr, uint64_t len)
{
    if (len == 0 || addr + len < addr)
        return NULL;
    if (addr - UVS_BOOTROM_BASE < UVS_BOOTROM_SIZE &&
        len <= UVS_BOOTROM_SIZE - (addr - UVS_BOOTROM_BASE))
        return m->rom + (addr - UVS_BOOTROM_BASE);
    return uvs_mem_dev_ptr(m, addr, len, NULL);
}

/* Host pointer to the aligned 8-byte word holding addr; *rom tells BOOTROM. */
static uint8_t *word_ptr(struct uvs_mem *m, uint64_t addr, bool *rom)
{
    uint64_t w = addr & ~UVS_U64(7);
    if (w - UVS_SRAM_BASE < m->sram_size) {
        *rom = false;
        return m->sram + (w - UVS_SRAM_BASE);
    }
    if (w - UVS_BOOTROM_BASE < UVS_BOOTROM_SIZE) {
        *rom = true;
        return m->rom + (w - UVS_BOOTROM_BASE);
    }
    if (w - UVS_HBM_BASE < m->hbm_size) {
        *rom = false;
        return m->hbm + (w - UVS_HBM_BASE);
    }
    *rom = false;
    return uvs_mem_host_ptr(m, w, 8);
}

void uvs_mem_set_host(struct uvs_mem *m, uint8_t *p, uint64_t bus, uint64_t size)
{
    m->host = p;
    m->host_bus = bus;
    m->host_size = p ? size : 0;
}

/* Bit mask of the byte lanes enabled in be. */
static uint64_t lane_mask(uint8_t be)
{
    uint64_t mask = 0;
    for (unsigned b = 0; b < 8; b++)
        if (be & (1u << b))
            mask |= UVS_U64(0xff) << (8 * b);
    return mask;
}

/* Drops the reservation of slot r (valid), keeping live[] dense. */
static void drop_reservation(struct uvs_mem *m, unsigned r)
{
    unsigned i = m->resv[r].live_idx;
    unsigned last = m->live[--m->nresv];
    m->live[i] = (uint16_t)last;
    m->resv[last].live_idx = (uint16_t)i;
    m->resv[r].valid = false;
}

/* A store by requester slot r to granule g kills the others' reservations on g. */
static void kill_reservations(struct uvs_mem *m, unsigned r, uint64_t g)
{
    for (unsigned i = 0; i < m->nresv;) {
        unsigned o = m->live[i];
        if (o != r && m->resv[o].granule == g)
            drop_reservation(m, o); /* live[i] now holds another slot */
        else
            i++;
    }
}

static void set_reservation(struct uvs_mem *m, unsigned r, uint64_t g)
{
    if (!m->resv[r].valid) {
        m->resv[r].live_idx = (uint16_t)m->nresv;
        m->live[m->nresv++] = (uint16_t)r;
        m->resv[r].valid = true;
    }
    m->resv[r].granule = g;
}

static void clear_reservation(struct uvs_mem *m, unsigned r)
{
    if (m->resv[r].valid)
        drop_reservation(m, r);
}

/* New value of an AMO on operands of 32 or 64 bits (unprivileged spec 8.4). */
static uint64_t amo_op(unsigned amo, uint64_t old, uint64_t op, bool w32)
{
    int64_t so = w32 ? (int64_t)(int32_t)old : (int64_t)old;
    int64_t sp = w32 ? (int64_t)(int32_t)op : (int64_t)op;
    uint64_t uo = w32 ? (uint32_t)old : old;
    uint64_t up = w32 ? (uint32_t)op : op;
    switch (amo) {
    case UVS_AMO_SWAP: return op;
    case UVS_AMO_ADD:  return old + op;
    case UVS_AMO_XOR:  return old ^ op;
    case UVS_AMO_AND:  return old & op;
    case UVS_AMO_OR:   return old | op;
    case UVS_AMO_MIN:  return so < sp ? old : op;
    case UVS_AMO_MAX:  return so > sp ? old : op;
    case UVS_AMO_MINU: return uo < up ? old : op;
    default:           return uo > up ? old : op; /* UVS_AMO_MAXU */
    }
}

static void store_word(struct uvs_mem *m, unsigned r, uint64_t addr,
                       uint8_t *p, uint64_t old, uint64_t val, uint8_t be)
{
    uint64_t mask = lane_mask(be);
    uint64_t w = (old & ~mask) | (val & mask);
    uint64_t g = addr & ~UVS_U64(7);
    memcpy(p, &w, 8);
    kill_reservations(m, r, g);
    /* HTIF: any store that reaches the tohost doubleword (a 64-bit sd, or
     * the two 32-bit sw of today's riscv-test-env) makes the simulator
     * decode the whole doubleword, as Spike's HTIF does. */
    if (be != 0 && m->tohost && g == m->tohost) {
        m->tohost_written = true;
        m->tohost_value = w;
    }
}

int uvs_mem_access(struct uvs_mem *m, unsigned port, uint64_t addr, bool we,
                   uint8_t be, uint64_t wdata, unsigned amo, uint64_t *rdata)
{
    return uvs_mem_access_id(m, port, 0, addr, we, be, wdata, amo, rdata);
}

int uvs_mem_access_id(struct uvs_mem *m, unsigned port, unsigned id, uint64_t addr, bool we,
                      uint8_t be, uint64_t wdata, unsigned amo, uint64_t *rdata)
{
    bool rom;
    uint8_t *p;
    uint64_t old;
    unsigned r; /* reservation slot of the requester */

    *rdata = 0;
    if (port >= UVS_MEM_MAX_PORTS || id >= UVS_MEM_MAX_IDS)
        return -EINVAL;
    r = id * UVS_MEM_MAX_PORTS + port;
    if ((port & 1) == 0) { /* instruction fetch: the aligned 8-byte word */
        if (we || amo != UVS_AMO_NONE)
            return -EINVAL;
        if (addr & 1)
            return -EFAULT;
        p = word_ptr(m, addr, &rom);
        if (!p)
            return -EFAULT;
        memcpy(rdata, p, 8);
        return 0;
    }
    if (addr - UVS_SPAD_BASE < UVS_SPAD_SIZE) {
        rom = false;
        p = spad_word(m, port, addr);
    } else {
        p = word_ptr(m, addr, &rom);
    }
    if (!p)
        return -EFAULT;
    memcpy(&old, p, 8);
    if (amo == UVS_AMO_NONE) {
        if (we) {
            if (rom)
                return -EFAULT;
            store_word(m, r, addr, p, old, wdata, be);
        }
        *rdata = old;
        return 0;
    }
    if (amo > UVS_AMO_MAXU || (be != 0x0f && be != 0xf0 && be != 0xff))
        return -EINVAL;
    if (rom)
        return -EFAULT;
    if (amo == UVS_AMO_LR) {
        set_reservation(m, r, addr & ~UVS_U64(7));
        *rdata = old;
    } else if (amo == UVS_AMO_SC) {
        bool ok = m->resv[r].valid && m->resv[r].granule == (addr & ~UVS_U64(7));
        clear_reservation(m, r);
        if (ok)
            store_word(m, r, addr, p, old, wdata, be);
        *rdata = ok ? 0 : 1;
    } else {
        unsigned shift = (be == 0xf0) ? 32 : 0;
        uint64_t v = amo_op(amo, old >> shift, wdata >> shift, be != 0xff);
        store_word(m, r, addr, p, old, v << shift, be);
        *rdata = old;
    }
    return 0;
}
