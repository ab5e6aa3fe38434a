// uvs_iommu_pkg: types and helper functions shared by the IOMMU blocks.
//
// Field positions come from the generated ABI packages (uvs_iommu_pt_pkg,
// uvs_iommu_rec_pkg; include/uvmsoc/iommu_*.def). The decision rules follow
// the C reference model (sim/model/iommu_walk.c), which follows the RISC-V
// privileged spec 20211203 4.3.2 (translation process) with the RISC-V IOMMU
// spec v1.0 2.3 fault causes.
//
// Written for Yosys's SystemVerilog subset as well (bench/iommu.mk,
// iommu-synth): no imports inside the package, functions assign their name
// instead of `return`, names of other packages scoped with `::`.
package uvs_iommu_pkg;

  // Access type of a request (model: enum uvs_iommu_access).
  typedef enum logic [1:0] {
    ACC_READ  = 2'd0,  // load or LR: needs R
    ACC_WRITE = 2'd1,  // store, SC or AMO: needs W, sets D
    ACC_EXEC  = 2'd2   // instruction fetch: needs X
  } acc_e;

  // Outcome of one translation attempt; also the trace encoding
  // (trc_walk_status_o of uvs_iommu).
  typedef enum logic [1:0] {
    ST_OK    = 2'd0,  // translated
    ST_FAULT = 2'd1,  // non-replayable: the requester gets err = 1
    ST_PARK  = 2'd2,  // replayable: parked in a page-request group
    ST_RETRY = 2'd3   // page-request or fault queue cannot take the record: held, retried later
  } status_e;

  // A decoded, checked device context (model: struct uvs_iommu_dc).
  typedef struct packed {
    logic [3:0]  mode;      // iosatp.MODE: Bare, Sv39 or Sv48
    logic [43:0] root_ppn;  // iosatp.PPN
    logic [19:0] pscid;     // ta.PSCID, the IOTLB address-space tag
    logic        dtf;       // tc.DTF: translation faults not reported
    logic        sade;      // tc.SADE: IOMMU sets A/D
    logic        prq;       // tc.UVS_PRQ: non-valid PTE -> page request
    logic        ens;       // tc.UVS_ENS: supervisor requests allowed
    logic        sum;       // tc.UVS_SUM: supervisor access to U pages
    logic        prqw;      // tc.UVS_PRQW: write to a read-only leaf -> page request
  } dc_t;

  // What a request port's fast path uses of its device context (a part of
  // dc_t): the DCC's port lookups return only this, so a block synthesized
  // alone carries no root PPN or walk flags to the ports (issue 15).
  typedef struct packed {
    logic [3:0]  mode;   // iosatp.MODE
    logic [19:0] pscid;  // ta.PSCID
    logic        ens;    // tc.UVS_ENS
    logic        sum;    // tc.UVS_SUM
  } dc_port_t;

  // What the IOTLB keeps of a leaf PTE.
  typedef struct packed {
    logic [43:0] ppn;
    logic [1:0]  level;  // 0 = 4 KiB, 1 = 2 MiB, 2 = 1 GiB, 3 = 512 GiB
    logic        r, w, x, u, a, d;
  } leaf_t;

  // Fault cause of a page fault for access acc (IOMMU spec 3.2: 12, 13, 15).
  function automatic logic [11:0] page_fault_cause(acc_e acc);
    case (acc)
      ACC_EXEC:  page_fault_cause = uvs_iommu_rec_pkg::UVS_IOMMU_CAUSE_INSN_PAGE[11:0];
      ACC_WRITE: page_fault_cause = uvs_iommu_rec_pkg::UVS_IOMMU_CAUSE_WRITE_PAGE[11:0];
      default:   page_fault_cause = uvs_iommu_rec_pkg::UVS_IOMMU_CAUSE_READ_PAGE[11:0];
    endcase
  endfunction

  // Fault cause of an access fault for access acc (IOMMU spec 3.2: 1, 5, 7).
  function automatic logic [11:0] access_fault_cause(acc_e acc);
    case (acc)
      ACC_EXEC:  access_fault_cause = uvs_iommu_rec_pkg::UVS_IOMMU_CAUSE_INSN_ACCESS[11:0];
      ACC_WRITE: access_fault_cause = uvs_iommu_rec_pkg::UVS_IOMMU_CAUSE_WRITE_ACCESS[11:0];
      default:   access_fault_cause = uvs_iommu_rec_pkg::UVS_IOMMU_CAUSE_READ_ACCESS[11:0];
    endcase
  endfunction

  // TTYP of an untranslated request (IOMMU spec 3.2: 1 exec, 2 read, 3 write).
  function automatic logic [5:0] ttyp_of(acc_e acc);
    case (acc)
      ACC_EXEC:  ttyp_of = uvs_iommu_rec_pkg::UVS_IOMMU_TTYP_UNTRANSLATED_EXEC[5:0];
      ACC_WRITE: ttyp_of = uvs_iommu_rec_pkg::UVS_IOMMU_TTYP_UNTRANSLATED_WRITE[5:0];
      default:   ttyp_of = uvs_iommu_rec_pkg::UVS_IOMMU_TTYP_UNTRANSLATED_READ[5:0];
    endcase
  endfunction

  // Whether an IOVA, given as its bits 63:38 (hi), is canonical for Sv39
  // (sv48 = 0: bits 63:39 equal bit 38, privileged spec 4.4.1) or Sv48
  // (sv48 = 1: bits 63:48 equal bit 47, 4.5.1); a walk of a non-canonical
  // IOVA is a page fault (4.3.2).
  function automatic logic va_canonical(logic [25:0] hi, logic sv48);
    if (sv48) va_canonical = hi[25:9] == '0 || hi[25:9] == '1;
    else      va_canonical = hi == '0 || hi == '1;
  endfunction

  // Leaf permission and privilege check (privileged spec 4.3.2 step 5; no
  // MXR for device requests): priv_s = supervisor request.
  function automatic logic leaf_perm_ok(logic sum, acc_e acc, logic priv_s,
                                        logic r, logic w, logic x, logic u);
    logic perm;
    case (acc)
      ACC_READ:  perm = r;
      ACC_WRITE: perm = w;
      default:   perm = x;
    endcase
    if (!perm)        leaf_perm_ok = 1'b0;
    else if (!priv_s) leaf_perm_ok = u;
    else if (!u)      leaf_perm_ok = 1'b1;
    else              leaf_perm_ok = sum && (acc != ACC_EXEC);
  endfunction

  // True when a cached leaf lets the request through with no change
  // (model: uvs_iommu_leaf_allows): privilege, permissions, A set, D set
  // for a write.
  function automatic logic leaf_allows(logic ens, logic sum, acc_e acc, logic priv_s,
                                       logic r, logic w, logic x, logic u, logic a, logic d);
    if ((priv_s && !ens) || !leaf_perm_ok(sum, acc, priv_s, r, w, x, u) || !a) leaf_allows = 1'b0;
    else leaf_allows = (acc != ACC_WRITE) || d;
  endfunction

  // Mask of the IOVA page-number bits 63:12 a leaf of this level translates
  // (the bits below 9 * level are page offset). A case of constants rather
  // than a shift: synthesis keeps each mask bit a function of the two level
  // bits (a variable shift and subtract cost ~100 LUTs per use).
  function automatic logic [51:0] vpn_mask(logic [1:0] level);
    case (level)
      2'd0:    vpn_mask = {52{1'b1}};
      2'd1:    vpn_mask = {{43{1'b1}}, 9'd0};
      2'd2:    vpn_mask = {{34{1'b1}}, 18'd0};
      default: vpn_mask = {{25{1'b1}}, 27'd0};
    endcase
  endfunction

  // Physical address of iova through a leaf with PPN ppn at level level
  // (privileged spec 4.3.2 step 8: superpage offset taken from the IOVA).
  function automatic logic [63:0] leaf_pa(logic [43:0] ppn, logic [1:0] level, logic [63:0] iova);
    logic [63:0] pg;  // 1 where the address comes from the PPN
    pg = {vpn_mask(level), 12'd0};
    leaf_pa = ({8'd0, ppn, 12'd0} & pg) | (iova & ~pg);
  endfunction
endpackage
