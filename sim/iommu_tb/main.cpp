// uvmsoc IOMMU testbench: thin C++ layer over the Verilator model of
// uvs_iommu. It only copies pins between struct tb_pins (tb_hw.h) and the
// model and toggles the clock; all test logic is C (tb_*.c).
#include <cerrno>

#include "Vuvs_iommu.h"
#include "verilated.h"

#include "tb_hw.h"

static VerilatedContext *g_ctx;
static Vuvs_iommu *g_top;

extern "C" int tb_hw_init(void)
{
    g_ctx = new VerilatedContext;
    g_top = new Vuvs_iommu{g_ctx};
    if (!g_top)
        return -ENOMEM;
    g_top->clk_i = 0;
    return 0;
}

extern "C" void tb_hw_eval(struct tb_pins *p)
{
    Vuvs_iommu *t = g_top;
    t->clk_i = 0;
    t->rst_ni = p->rst_n;
    for (int i = 0; i < TB_PORTS; i++) {
        t->rq_req_i[i] = p->rq_req[i];
        t->rq_addr_i[i] = p->rq_addr[i];
        t->rq_we_i[i] = p->rq_we[i];
        t->rq_be_i[i] = p->rq_be[i];
        t->rq_wdata_i[i] = p->rq_wdata[i];
        t->rq_amo_i[i] = p->rq_amo[i];
        t->rq_did_i[i] = p->rq_did[i];
        t->rq_priv_i[i] = p->rq_priv[i];
        t->rq_exec_i[i] = p->rq_exec[i];
        t->rq_id_i[i] = p->rq_id[i];
        t->dn_gnt_i[i] = p->dn_gnt[i];
        t->dn_rvalid_i[i] = p->dn_rvalid[i];
        t->dn_rdata_i[i] = p->dn_rdata[i];
        t->dn_err_i[i] = p->dn_err[i];
    }
    t->mem_gnt_i = p->mem_gnt;
    t->mem_rvalid_i = p->mem_rvalid;
    t->mem_rdata_i = p->mem_rdata;
    t->mem_err_i = p->mem_err;
    t->reg_req_i = p->reg_req;
    t->reg_addr_i = p->reg_addr;
    t->reg_we_i = p->reg_we;
    t->reg_be_i = p->reg_be;
    t->reg_wdata_i = p->reg_wdata;
    t->reg_amo_i = p->reg_amo;
    t->eval();
    for (int i = 0; i < TB_PORTS; i++) {
        p->rq_gnt[i] = t->rq_gnt_o[i];
        p->rq_rvalid[i] = t->rq_rvalid_o[i];
        p->rq_rdata[i] = t->rq_rdata_o[i];
        p->rq_err[i] = t->rq_err_o[i];
        p->rq_rid[i] = t->rq_rid_o[i];
        p->dn_id[i] = t->dn_id_o[i];
        p->trc_hit_id[i] = t->trc_hit_id_o[i];
        p->dn_req[i] = t->dn_req_o[i];
        p->dn_addr[i] = t->dn_addr_o[i];
        p->dn_we[i] = t->dn_we_o[i];
        p->dn_be[i] = t->dn_be_o[i];
        p->dn_wdata[i] = t->dn_wdata_o[i];
        p->dn_amo[i] = t->dn_amo_o[i];
        p->trc_hit[i] = t->trc_hit_o[i];
    }
    p->mem_req = t->mem_req_o;
    p->mem_addr = t->mem_addr_o;
    p->mem_we = t->mem_we_o;
    p->mem_be = t->mem_be_o;
    p->mem_wdata = t->mem_wdata_o;
    p->mem_amo = t->mem_amo_o;
    p->reg_gnt = t->reg_gnt_o;
    p->reg_rvalid = t->reg_rvalid_o;
    p->reg_rdata = t->reg_rdata_o;
    p->reg_err = t->reg_err_o;
    p->irq = t->irq_o;
    p->trc_walk_valid = t->trc_walk_valid_o;
    p->trc_walk_port = t->trc_walk_port_o;
    p->trc_walk_id = t->trc_walk_id_o;
    p->trc_parked = t->trc_parked_o;
    p->trc_walk_status = t->trc_walk_status_o;
    p->trc_walk_cause = t->trc_walk_cause_o;
    p->trc_walk_prgi = t->trc_walk_prgi_o;
    p->trc_cmd = t->trc_cmd_o;
    p->trc_walk_busy = t->trc_walk_busy_o;
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
    g_top = nullptr;
    g_ctx = nullptr;
}

int main(int argc, char **argv)
{
    return tb_main(argc, argv);
}
