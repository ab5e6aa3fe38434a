// uvmsoc DMA data-path testbench: thin C++ layer over the Verilator model of
// uvs_dma_xfer. It only copies pins between struct tb_pins (tb_hw.h) and the
// model and toggles the clock; the test logic is C (tb.c).
#include <cerrno>
#include <cstring>

#include "Vuvs_dma_xfer.h"
#include "verilated.h"

#include "tb_hw.h"

static VerilatedContext *g_ctx;
static Vuvs_dma_xfer *g_top;

// Bit i of a Verilator signal: an integer (up to 64 bits) or a wide one
// (32-bit words, least significant first).
template <typename T> static unsigned bit(const T &v, unsigned i) { return (unsigned)(v >> i) & 1; }
template <std::size_t N> static unsigned bit(const VlWide<N> &v, unsigned i) { return v[i / 32] >> (i % 32) & 1; }
template <typename T> static void set_bit(T &v, unsigned i, unsigned x)
{
    v = (T)((v & ~((T)1 << i)) | ((T)x << i));
}
template <std::size_t N> static void set_bit(VlWide<N> &v, unsigned i, unsigned x)
{
    v[i / 32] = (v[i / 32] & ~(1u << (i % 32))) | x << (i % 32);
}
// TB_BEAT bytes from / into a data signal; per-byte 0/1 from a strobe signal.
template <typename T> static void to_bytes(uint8_t *b, const T &v)
{
    for (unsigned i = 0; i < 8 * TB_BEAT; i++)
        b[i / 8] = (uint8_t)((i % 8 ? b[i / 8] : 0) | bit(v, i) << (i % 8));
}
template <typename T> static void from_bytes(T &v, const uint8_t *b)
{
    for (unsigned i = 0; i < 8 * TB_BEAT; i++)
        set_bit(v, i, b[i / 8] >> (i % 8) & 1);
}
template <typename T> static void strb_bytes(uint8_t *s, const T &v)
{
    for (unsigned i = 0; i < TB_BEAT; i++)
        s[i] = (uint8_t)bit(v, i);
}

#define SLAVE_IN(P, s)                \
    do {                              \
        t->P##_awready_i = s.awready; \
        t->P##_wready_i = s.wready;   \
        t->P##_bvalid_i = s.bvalid;   \
        t->P##_bresp_i = s.bresp;     \
        t->P##_arready_i = s.arready; \
        t->P##_rvalid_i = s.rvalid;   \
        t->P##_rresp_i = s.rresp;     \
        t->P##_rlast_i = s.rlast;     \
        from_bytes(t->P##_rdata_i, s.rdata); \
    } while (0)
#define MASTER_OUT(P, s)              \
    do {                              \
        s.awvalid = t->P##_awvalid_o; \
        s.awaddr = t->P##_awaddr_o;   \
        s.awlen = t->P##_awlen_o;     \
        s.awsize = t->P##_awsize_o;   \
        s.awburst = t->P##_awburst_o; \
        s.wvalid = t->P##_wvalid_o;   \
        strb_bytes(s.wstrb, t->P##_wstrb_o); \
        s.wlast = t->P##_wlast_o;     \
        s.bready = t->P##_bready_o;   \
        s.arvalid = t->P##_arvalid_o; \
        s.araddr = t->P##_araddr_o;   \
        s.arlen = t->P##_arlen_o;     \
        s.arsize = t->P##_arsize_o;   \
        s.arburst = t->P##_arburst_o; \
        s.rready = t->P##_rready_o;   \
        to_bytes(s.wdata, t->P##_wdata_o); \
    } while (0)

extern "C" int tb_hw_init(void)
{
    g_ctx = new VerilatedContext;
    g_top = new Vuvs_dma_xfer{g_ctx};
    if (!g_top)
        return -ENOMEM;
    g_top->clk_i = 0;
    return 0;
}

extern "C" void tb_hw_eval(struct tb_pins *p)
{
    Vuvs_dma_xfer *t = g_top;
    t->clk_i = 0;
    t->rst_ni = p->rst_n;
    t->start_i = p->start;
    t->abort_i = p->abort;
    t->host_ring_i = p->host_ring;
    t->desc_addr_i = p->desc_addr;
    t->index_i = p->index;
    t->cpl_addr_i = p->cpl_addr;
    t->sram_size_i = p->sram_size;
    t->hbm_size_i = p->hbm_size;
    t->pf_ok_i = p->pf_ok;
    t->pf_addr_i = p->pf_addr;
    t->pf_flush_i = p->pf_flush;
    SLAVE_IN(h_axi, p->h);
    SLAVE_IN(d_axi, p->d);
    t->eval();
    p->busy = t->busy_o;
    p->done = t->done_o;
    p->status = t->status_o;
    p->err_addr = t->err_addr_o;
    p->irq = t->irq_o;
    MASTER_OUT(h_axi, p->h);
    MASTER_OUT(d_axi, p->d);
}

extern "C" void tb_hw_tick(void)
{
    g_top->clk_i = 1;
    g_top->eval();
    g_top->clk_i = 0;
    g_top->eval();
}

extern "C" void tb_hw_fini(void)
{
    g_top->final();
    delete g_top;
    delete g_ctx;
}
