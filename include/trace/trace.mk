# libuvstrace: the page-access trace codec and offline replayer
# (include/trace/uvs_trace.h; docs/architecture.md "Access trace"), linked by the
# simulator (sim/trace_rec.c writes traces) and the host CLI (`uvmsoc trace`,
# `uvmsoc run --trace`). libc and zlib only. Included from the top Makefile.
#
#   make trace-lib          $(TRACE_LIB) and its ASan/UBSan build
#   make trace-unit-tests   the cmocka tests of tests/trace/ (plain and ASan/UBSan)

TRACE_BUILD   := $(BUILD)/trace
TRACE_LIB     := $(TRACE_BUILD)/libuvstrace.a
TRACE_LIB_SAN := $(TRACE_BUILD)/san/libuvstrace.a
TRACE_SRCS    := $(wildcard include/trace/*.c)
TRACE_HDRS    := include/trace/uvs_trace.h
TRACE_LDLIBS  := -lz
TRACE_TESTS   := $(notdir $(basename $(wildcard tests/trace/test_*.c)))
TRACE_TBUILD  := $(BUILD)/tests/trace
TRACE_TEST_BINS := $(foreach t,$(TRACE_TESTS),$(TRACE_TBUILD)/$(t) $(TRACE_TBUILD)/san/$(t))

.PHONY: trace-lib trace-unit-tests
trace-lib: $(TRACE_LIB) $(TRACE_LIB_SAN)
trace-unit-tests: $(TRACE_TEST_BINS)

$(TRACE_BUILD)/obj/%.o: include/trace/%.c $(TRACE_HDRS) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -c $< -o $@
$(TRACE_BUILD)/san/obj/%.o: include/trace/%.c $(TRACE_HDRS) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -c $< -o $@
$(TRACE_LIB): $(patsubst include/trace/%.c,$(TRACE_BUILD)/obj/%.o,$(TRACE_SRCS))
	@rm -f $@
	ar rcs $@ $^
$(TRACE_LIB_SAN): $(patsubst include/trace/%.c,$(TRACE_BUILD)/san/obj/%.o,$(TRACE_SRCS))
	@rm -f $@
	ar rcs $@ $^

$(TRACE_TBUILD)/%: tests/trace/%.c $(TRACE_LIB) $(TRACE_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Iinclude/trace $< $(TRACE_LIB) $(TRACE_LDLIBS) -lcmocka -o $@
$(TRACE_TBUILD)/san/%: tests/trace/%.c $(TRACE_LIB_SAN) $(TRACE_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Iinclude/trace $< $(TRACE_LIB_SAN) $(TRACE_LDLIBS) -lcmocka -o $@

# `make test` builds the trace tests with the host's.
host-unit-tests-build: trace-unit-tests
