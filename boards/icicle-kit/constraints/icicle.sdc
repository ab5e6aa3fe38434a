# Icicle Kit timing of uvs_top_icicle (SDC; Libero derives the PF_CCC's
# generated clocks with derive_constraints_sdc).
create_clock -name REF_CLK_50MHz -period 20.000 [get_ports REF_CLK_50MHz]
# The MSS's fabric reset is asynchronous to the fabric clock: CORERESET_PF
# synchronizes it.
set_false_path -from [get_ports MSS_RESET_N_M2F]
