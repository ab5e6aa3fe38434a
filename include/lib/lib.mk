# libuvscommon: the code that the simulator, the host driver and the tests all
# need, in one library (docs/architecture.md "Shared library"): the 64-byte
# co-simulation message codec (cosim_msg.c, include/uvmsoc/cosim.h), the
# shared-memory rings of the ivshmem transport (shmring.c,
# include/uvmsoc/shmring.h), and the page-access trace codec and offline
# replayer (trace_*.c, uvs_trace.h), the IOMMU queue-record codec
# (iommu_rec.c, uvs_iommu_rec.h, uvs_le.h) and the device-broker message codec
# (broker_msg.c, uvs_broker.h). libc and zlib only. The simulator links
# $(COMMON_LIB); libuvmsoc (host/host.mk) archives the same objects so that
# the installed driver library stands alone. The firmware links an rv64 build
# of the freestanding part, $(COMMON_FW_LIB) (the record codec). Included from
# the top Makefile.
#
#   make common-lib          $(COMMON_LIB) and its ASan/UBSan build
#   make trace-unit-tests    the cmocka tests of tests/trace/ (plain and ASan/UBSan)
#   make common-unit-tests   the cmocka tests of tests/common/ (broker codec; plain and ASan/UBSan)

COMMON_BUILD    := $(BUILD)/common
COMMON_LIB      := $(COMMON_BUILD)/libuvscommon.a
COMMON_LIB_SAN  := $(COMMON_BUILD)/san/libuvscommon.a
COMMON_SRCS     := $(wildcard include/lib/*.c)
COMMON_OBJS     := $(patsubst include/lib/%.c,$(COMMON_BUILD)/obj/%.o,$(COMMON_SRCS))
COMMON_OBJS_SAN := $(patsubst include/lib/%.c,$(COMMON_BUILD)/san/obj/%.o,$(COMMON_SRCS))
COMMON_HDRS     := include/lib/uvs_trace.h include/lib/uvs_broker.h include/uvmsoc/cosim.h include/uvmsoc/shmring.h \
                   include/lib/uvs_iommu_rec.h include/lib/uvs_le.h $(GEN_INC)/uvmsoc/iommu_rec.h
COMMON_LDLIBS   := -lz
# The freestanding part for the management hart (no libc beyond memset), built
# with the firmware's ABI flags (FW_RV_CFLAGS, firmware/firmware.mk).
COMMON_FW_SRCS  := include/lib/iommu_rec.c
COMMON_FW_LIB   := $(COMMON_BUILD)/rv64/libuvscommon.a
COMMON_FW_OBJS  := $(patsubst include/lib/%.c,$(COMMON_BUILD)/rv64/obj/%.o,$(COMMON_FW_SRCS))
TRACE_TESTS     := $(notdir $(basename $(wildcard tests/trace/test_*.c)))
TRACE_TBUILD    := $(BUILD)/tests/trace
TRACE_TEST_BINS := $(foreach t,$(TRACE_TESTS),$(TRACE_TBUILD)/$(t) $(TRACE_TBUILD)/san/$(t))

.PHONY: common-lib trace-unit-tests
common-lib: $(COMMON_LIB) $(COMMON_LIB_SAN) $(COMMON_FW_LIB)
trace-unit-tests: $(TRACE_TEST_BINS)

$(COMMON_BUILD)/obj/%.o: include/lib/%.c $(COMMON_HDRS) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -c $< -o $@
$(COMMON_BUILD)/san/obj/%.o: include/lib/%.c $(COMMON_HDRS) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -c $< -o $@
$(COMMON_BUILD)/rv64/obj/%.o: include/lib/%.c $(COMMON_HDRS) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(FW_RV_CFLAGS) --specs=picolibc.specs -c $< -o $@
$(COMMON_FW_LIB): $(COMMON_FW_OBJS)
	@rm -f $@
	$(RV_PREFIX)ar rcs $@ $^
$(COMMON_LIB): $(COMMON_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(COMMON_LIB_SAN): $(COMMON_OBJS_SAN)
	@rm -f $@
	ar rcs $@ $^

$(TRACE_TBUILD)/%: tests/trace/%.c $(COMMON_LIB) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Iinclude/lib $< $(COMMON_LIB) $(COMMON_LDLIBS) -lcmocka -o $@
$(TRACE_TBUILD)/san/%: tests/trace/%.c $(COMMON_LIB_SAN) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Iinclude/lib $< $(COMMON_LIB_SAN) $(COMMON_LDLIBS) -lcmocka -o $@

# Unit tests of the other codecs of the library (tests/common/test_*.c, cmocka; plain and ASan/UBSan).
COMMON_TESTS     := $(notdir $(basename $(wildcard tests/common/test_*.c)))
COMMON_TBUILD    := $(BUILD)/tests/common
COMMON_TEST_BINS := $(foreach t,$(COMMON_TESTS),$(COMMON_TBUILD)/$(t) $(COMMON_TBUILD)/san/$(t))
.PHONY: common-unit-tests
common-unit-tests: $(COMMON_TEST_BINS)
$(COMMON_TBUILD)/%: tests/common/%.c $(COMMON_LIB) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Iinclude/lib $< $(COMMON_LIB) $(COMMON_LDLIBS) -lcmocka -o $@
$(COMMON_TBUILD)/san/%: tests/common/%.c $(COMMON_LIB_SAN) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Iinclude/lib $< $(COMMON_LIB_SAN) $(COMMON_LDLIBS) -lcmocka -o $@

# `make test` builds the trace and codec tests with the host's.
host-unit-tests-build: trace-unit-tests common-unit-tests
