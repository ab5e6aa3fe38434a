# Unified memory (issue 5): unit tests of the firmware page cache and fault
# forwarder (firmware/pcache.c, firmware/faultfwd.c) and of the host's
# managed memory and fault service (host/lib/uvm_managed.c, uvm_fault.c),
# linked from the firmware's parts archive (firmware/firmware.mk FW_PARTS)
# and libuvmsoc (host/host.mk).
# Included by the top Makefile (or `make -f Makefile -f tests/uvm/uvm.mk`).
#
#   make uvm-unit-tests   $(BUILD)/tests/uvm/test_* and san/test_* (ASan/UBSan)
#
# Needs: HOST_CC, HOST_CFLAGS, SAN_FLAGS, GEN_INC, BUILD, FW_PARTS_LIB*, HOST_LIB*
# and the ABI header rules of the top Makefile; cmocka.
ifndef UVM_MK_INCLUDED
UVM_MK_INCLUDED := 1

UVM_OUT       := $(BUILD)/tests/uvm
UVM_TESTS     := $(notdir $(basename $(wildcard tests/uvm/test_*.c)))
UVM_TEST_LIB  := tests/uvm/tpt.c
UVM_HDRS      := firmware/pcache.h firmware/faultfwd.h host/lib/uvm_managed.h host/lib/uvm_fault.h host/lib/uvm_coher.h \
                 host/lib/uvm_thrash.h host/lib/uvm_policy.h host/lib/uvm_latency.h host/lib/uvm_readmostly.h \
                 include/uvmsoc/uvm_abi.h include/uvmsoc/iommu_structs.h include/lib/uvs_iommu_rec.h \
                 $(wildcard tests/uvm/*.h)
UVM_GENH      := $(GEN_INC)/uvmsoc/uvm.h $(GEN_INC)/uvmsoc/iommu_rec.h $(GEN_INC)/uvmsoc/iommu_pt.h \
                 $(GEN_INC)/uvmsoc/iommu_regs.h
UVM_CFLAGS    := $(HOST_CFLAGS) -Ifirmware -Ihost/lib -Iinclude/lib -Itests/uvm
UVM_DEPS      := $(UVM_TEST_LIB) $(UVM_HDRS) $(UVM_GENH)
UVM_BINS      := $(foreach t,$(UVM_TESTS),$(UVM_OUT)/$(t) $(UVM_OUT)/san/$(t))

.PHONY: uvm-unit-tests
uvm-unit-tests: $(UVM_BINS)

$(UVM_OUT)/test_%: tests/uvm/test_%.c $(UVM_DEPS) $(FW_PARTS_LIB) $(HOST_LIB)
	@mkdir -p $(@D)
	$(HOST_CC) $(UVM_CFLAGS) $< $(UVM_TEST_LIB) $(FW_PARTS_LIB) $(HOST_LIB) $(HOST_LDLIBS) $(COMMON_LDLIBS) -lcmocka -o $@

$(UVM_OUT)/san/test_%: tests/uvm/test_%.c $(UVM_DEPS) $(FW_PARTS_LIB_SAN) $(HOST_LIB_SAN)
	@mkdir -p $(@D)
	$(HOST_CC) $(UVM_CFLAGS) -O1 $(SAN_FLAGS) $< $(UVM_TEST_LIB) $(FW_PARTS_LIB_SAN) $(HOST_LIB_SAN) $(HOST_LDLIBS) $(COMMON_LDLIBS) -lcmocka -o $@

# libuvmsoc picks up host/lib/uvm_*.c by wildcard (host/host.mk); they need
# these generated headers, which host.mk's HOST_ABI_H does not list.
$(BUILD)/host/obj/uvm_fault.o $(BUILD)/host/obj/uvm_managed.o $(BUILD)/host/obj/uvm_policy.o \
$(BUILD)/host/obj/uvm_latency.o $(BUILD)/host/san/obj/uvm_latency.o \
$(BUILD)/host/obj/uvm_readmostly.o $(BUILD)/host/san/obj/uvm_readmostly.o \
$(BUILD)/host/san/obj/uvm_fault.o $(BUILD)/host/san/obj/uvm_managed.o $(BUILD)/host/san/obj/uvm_policy.o: \
  $(GEN_INC)/uvmsoc/uvm.h $(GEN_INC)/uvmsoc/iommu_rec.h include/uvmsoc/uvm_abi.h

endif
