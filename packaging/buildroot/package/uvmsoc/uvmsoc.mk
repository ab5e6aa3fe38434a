################################################################################
#
# uvmsoc
#
################################################################################

UVMSOC_VERSION = 0.1.0
# The source tree this BR2_EXTERNAL lives in (packaging/buildroot/../..);
# override with UVMSOC_OVERRIDE_SRCDIR in local.mk to build another checkout.
UVMSOC_SITE = $(realpath $(BR2_EXTERNAL_UVMSOC_PATH)/../..)
UVMSOC_SITE_METHOD = local
UVMSOC_DEPENDENCIES = elfutils dtc host-pkgconf
UVMSOC_INSTALL_STAGING = YES

# The top Makefile's cross build for another toolchain (host/cross.mk):
# CROSS=toolchain links -lelf -lfdt from the toolchain's sysroot; the ABI
# header generator runs on the build machine (HOST_CC).
UVMSOC_MAKE_OPTS = \
	CROSS=toolchain \
	CROSS_CC="$(TARGET_CC)" \
	CROSS_AR="$(TARGET_AR)" \
	CROSS_CFLAGS="$(TARGET_CFLAGS)" \
	CROSS_LDFLAGS="$(TARGET_LDFLAGS)" \
	HOST_CC="$(HOSTCC)" \
	BUILD=$(@D)/build \
	PREFIX=/usr

ifeq ($(BR2_PACKAGE_UVMSOC_FIRMWARE),y)
UVMSOC_MAKE_OPTS += CROSS_FIRMWARE=1
endif

define UVMSOC_BUILD_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) -C $(@D) $(UVMSOC_MAKE_OPTS) cross-host
endef

define UVMSOC_INSTALL_STAGING_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) -C $(@D) $(UVMSOC_MAKE_OPTS) DESTDIR=$(STAGING_DIR) cross-install
endef

define UVMSOC_INSTALL_TARGET_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) -C $(@D) $(UVMSOC_MAKE_OPTS) DESTDIR=$(TARGET_DIR) cross-install
endef

$(eval $(generic-package))
