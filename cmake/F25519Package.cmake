# SPDX-License-Identifier: Apache-2.0 OR MIT
# Packages of what F25519Install.cmake installs, made by `cpack` in a build tree
# (scripts/package.sh: prefix /usr, Release, no tests):
#   fast25519_<version>_amd64.deb           always (needs dpkg-dev's dpkg-shlibdeps and `file`)
#   fast25519-<version>-1.x86_64.rpm        where rpmbuild is present
# One package: library, header, pkg-config and CMake files, CLI, provider, man page, docs.
# Its run-time dependencies (libc6, libssl3, ...) are computed by dpkg-shlibdeps from the ELF files.
# Only for the project built on its own (not when a binding adds it with add_subdirectory).
if(NOT CMAKE_SOURCE_DIR STREQUAL PROJECT_SOURCE_DIR)
  return()
endif()
set(CPACK_PACKAGE_NAME fast25519)
set(CPACK_PACKAGE_VENDOR "fast25519")
set(F25519_PACKAGE_MAINTAINER "fast25519 maintainers <maintainers@fast25519.invalid>" CACHE STRING
  "The Maintainer field of the packages")
set(CPACK_PACKAGE_CONTACT "${F25519_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "constant-time X25519 and Ed25519 library, CLI and OpenSSL 3 provider")
set(CPACK_PACKAGE_DESCRIPTION
  "fast25519 is a C11 library of X25519 key exchange and Ed25519 signatures (RFC 7748,
RFC 8032, batch verification) with x86-64 backends chosen at run time (pure C,
MULX/ADX, AVX2, AVX-512IFMA). The package holds the shared and static libraries, the
header, pkg-config and CMake files, the fast25519 command-line tool, and an OpenSSL 3
provider that serves X25519 and Ed25519 to unmodified applications through openssl.cnf
(example configuration in /usr/share/doc/fast25519/).")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "")

set(CPACK_GENERATOR DEB)
find_program(F25519_RPMBUILD rpmbuild)
if(F25519_RPMBUILD)
  list(APPEND CPACK_GENERATOR RPM)
endif()

# .deb
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)             # fast25519_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)              # Depends: libc6, libssl3, ... from the ELF files
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)        # shlibs + the ldconfig trigger for libfast25519.so.0
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# .rpm
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)                 # fast25519-<version>-1.<arch>.rpm
set(CPACK_RPM_PACKAGE_RELEASE 1)
set(CPACK_RPM_PACKAGE_LICENSE "Apache-2.0 OR MIT")
set(CPACK_RPM_PACKAGE_GROUP "System Environment/Libraries")
set(CPACK_RPM_PACKAGE_AUTOREQ ON)
set(CPACK_RPM_SPEC_MORE_DEFINE "%define _build_id_links none")  # no /usr/lib/.build-id links
# directories other packages own: not claimed by ours
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/cmake
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man1
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATAROOTDIR}/doc)
if(DEFINED F25519_PROVIDER_DIR)
  if(IS_ABSOLUTE "${F25519_PROVIDER_DIR}")
    list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION "${F25519_PROVIDER_DIR}")
  else()
    list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION "${CMAKE_INSTALL_PREFIX}/${F25519_PROVIDER_DIR}")
  endif()
endif()

include(CPack)
