# SPDX-License-Identifier: Apache-2.0 OR MIT
# What `cmake --install` puts where (and so what the packages of F25519Package.cmake hold):
# the shared library (SONAME libfast25519.so.0) and the static one, the header, the pkg-config
# file, the CMake package (find_package(fast25519) -> fast25519::fast25519), the CLI
# (src/cli/CMakeLists.txt), the provider module in OpenSSL's module directory, the man page
# fast25519(1), and under <datadir>/doc/fast25519/ the licenses and an example openssl.cnf.
# Nothing test-only is installed.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS fast25519 fast25519_static EXPORT fast25519Targets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES include/fast25519.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The .pc file finds its prefix from its own place (pkg-config's ${pcfiledir}), so that
# `cmake --install --prefix P` and a relocated tree give correct paths.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(F25519_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _f25519_pc_up "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
  string(REGEX REPLACE "/$" "" _f25519_pc_up "${_f25519_pc_up}")
  set(F25519_PC_PREFIX "\${pcfiledir}/${_f25519_pc_up}")
endif()
configure_file(cmake/fast25519.pc.in ${PROJECT_BINARY_DIR}/fast25519.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/fast25519.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(EXPORT fast25519Targets NAMESPACE fast25519:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fast25519)
configure_package_config_file(cmake/fast25519Config.cmake.in
  ${PROJECT_BINARY_DIR}/fast25519Config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fast25519)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fast25519ConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fast25519Config.cmake ${PROJECT_BINARY_DIR}/fast25519ConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fast25519)

# ---- the provider: OpenSSL's module directory, when it lies under the install prefix ----
# OpenSSL loads `module = NAME` from its MODULESDIR (`openssl version -m`; Debian 12:
# /usr/lib/x86_64-linux-gnu/ossl-modules). With prefix /usr (the packages) the module goes there;
# with another prefix (cmake --install's /usr/local) it stays under the prefix, in
# <libdir>/ossl-modules, and openssl.cnf names its full path. F25519_OSSL_MODULESDIR overrides both.
set(F25519_OSSL_MODULESDIR "" CACHE PATH
  "Install directory of the provider module (relative: to the prefix); empty: OpenSSL's MODULESDIR if under the prefix, else <libdir>/ossl-modules")
if(TARGET fast25519_provider)
  set(_f25519_sys_modulesdir "")
  if(OPENSSL_ROOT_DIR AND EXISTS "${OPENSSL_ROOT_DIR}/bin/openssl")
    set(_f25519_openssl "${OPENSSL_ROOT_DIR}/bin/openssl")  # the OpenSSL the provider is built against
  else()
    find_program(F25519_OPENSSL_EXECUTABLE openssl)
    set(_f25519_openssl "${F25519_OPENSSL_EXECUTABLE}")
  endif()
  if(_f25519_openssl)
    execute_process(COMMAND "${_f25519_openssl}" version -m
      OUTPUT_VARIABLE _f25519_out ERROR_QUIET RESULT_VARIABLE _f25519_rc)
    if(_f25519_rc EQUAL 0 AND _f25519_out MATCHES "MODULESDIR: \"([^\"]+)\"")
      set(_f25519_sys_modulesdir "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(NOT _f25519_sys_modulesdir)
    find_package(PkgConfig QUIET)
    if(PkgConfig_FOUND)
      pkg_get_variable(_f25519_sys_modulesdir libcrypto modulesdir)
    endif()
  endif()
  set(_f25519_pos -1)
  if(_f25519_sys_modulesdir)
    string(FIND "${_f25519_sys_modulesdir}" "${CMAKE_INSTALL_PREFIX}/" _f25519_pos)
  endif()
  if(F25519_OSSL_MODULESDIR)
    set(F25519_PROVIDER_DIR "${F25519_OSSL_MODULESDIR}")
  elseif(_f25519_pos EQUAL 0)
    # relative, so that CPack's staging directory receives it too
    file(RELATIVE_PATH F25519_PROVIDER_DIR "${CMAKE_INSTALL_PREFIX}" "${_f25519_sys_modulesdir}")
  else()
    set(F25519_PROVIDER_DIR "${CMAKE_INSTALL_LIBDIR}/ossl-modules")
  endif()
  if(IS_ABSOLUTE "${F25519_PROVIDER_DIR}")
    set(F25519_PROVIDER_PATH "${F25519_PROVIDER_DIR}/fast25519.so")
  else()
    set(F25519_PROVIDER_PATH "${CMAKE_INSTALL_PREFIX}/${F25519_PROVIDER_DIR}/fast25519.so")
  endif()
  message(STATUS "fast25519 provider: installed as ${F25519_PROVIDER_PATH} (OpenSSL's MODULESDIR: ${_f25519_sys_modulesdir})")
  install(TARGETS fast25519_provider LIBRARY DESTINATION "${F25519_PROVIDER_DIR}")
  # The example configuration: the provider next to the default one (docs/provider.md).
  configure_file(packaging/openssl-fast25519.cnf.in ${PROJECT_BINARY_DIR}/openssl-fast25519.cnf @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/openssl-fast25519.cnf docs/provider.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()

install(FILES LICENSE LICENSE-APACHE LICENSE-MIT packaging/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

# ---- the man page fast25519(1), from docs/fast25519.1.scd with scdoc ----
set(F25519_MAN AUTO CACHE STRING "Build and install the man page fast25519(1) (needs scdoc): AUTO (when scdoc is found), ON, OFF")
set_property(CACHE F25519_MAN PROPERTY STRINGS AUTO ON OFF)
if(NOT F25519_MAN STREQUAL "OFF")
  find_program(F25519_SCDOC scdoc)
  find_program(F25519_GZIP gzip)
  if(F25519_SCDOC AND F25519_GZIP)
    set(_f25519_man ${PROJECT_BINARY_DIR}/man/fast25519.1)
    add_custom_command(OUTPUT ${_f25519_man}.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
      COMMAND sh -c "\"$0\" < \"$1\" > \"$2\"" ${F25519_SCDOC} ${PROJECT_SOURCE_DIR}/docs/fast25519.1.scd ${_f25519_man}
      COMMAND ${F25519_GZIP} -9 -n -f ${_f25519_man}
      DEPENDS ${PROJECT_SOURCE_DIR}/docs/fast25519.1.scd
      COMMENT "fast25519.1.gz: the man page (scdoc)" VERBATIM)
    add_custom_target(fast25519_man ALL DEPENDS ${_f25519_man}.gz)
    install(FILES ${_f25519_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  elseif(F25519_MAN STREQUAL "ON")
    message(FATAL_ERROR "F25519_MAN=ON: scdoc (and gzip) not found (Debian: apt-get install scdoc)")
  else()
    message(STATUS "fast25519: scdoc not found, the man page fast25519(1) is not built")
  endif()
endif()

# ---- after a direct install into the configured prefix (not DESTDIR, not cpack's staging tree):
# refresh the dynamic linker's cache, so that programs find libfast25519.so.0 in /usr/local/lib at
# once (the packages do it with their ldconfig trigger). A user without the rights gets a message.
install(CODE "
  if(\"\$ENV{DESTDIR}\" STREQUAL \"\" AND CMAKE_INSTALL_PREFIX STREQUAL \"${CMAKE_INSTALL_PREFIX}\")
    find_program(_f25519_ldconfig ldconfig PATHS /sbin /usr/sbin)
    if(_f25519_ldconfig)
      execute_process(COMMAND \${_f25519_ldconfig} RESULT_VARIABLE _f25519_rc ERROR_QUIET)
      if(NOT _f25519_rc EQUAL 0)
        message(STATUS \"fast25519: ldconfig failed (not root?): run 'ldconfig' as root so that programs find libfast25519.so.0\")
      endif()
    endif()
  endif()")
