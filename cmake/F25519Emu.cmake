# SPDX-License-Identifier: Apache-2.0 OR MIT
# The TEST-ONLY emulated library and the "emulated twin" of a test program.
#
# fast25519_emu: the whole library compiled a second time with F25519_EMU=1:
# every vector backend of the registry (cmake/F25519Backends.cmake) built against SIMDe (Debian's
# libsimde-dev) + src/arch/emu_shim.h, named "<backend>-emu" in its dispatcher
# and reached only through FAST25519_BACKEND=<backend>-emu. It is a static
# library that only test programs link: it is never installed and never part
# of libfast25519.
#
# f25519_emu_twin(TARGET): for a test program (or test helper library) that
# links the library, adds TARGET_emu: the same sources, include directories,
# definitions and options, plus F25519_EMU=1, linked to the emulated library
# instead (fast25519 / fast25519_static -> fast25519_emu, X -> X_emu when that
# twin exists). f25519_test() runs the twin for "*-emu" backends (tests/CMakeLists.txt).
function(f25519_emu_twin tgt)
  if(NOT TARGET fast25519_emu)
    return()
  endif()
  get_target_property(type ${tgt} TYPE)
  get_target_property(srcs ${tgt} SOURCES)
  if(type STREQUAL "EXECUTABLE")
    add_executable(${tgt}_emu ${srcs})
    get_target_property(out ${tgt} OUTPUT_NAME)
    if(out)
      set_target_properties(${tgt}_emu PROPERTIES OUTPUT_NAME ${out}-emu)
    endif()
  else()
    add_library(${tgt}_emu STATIC ${srcs})
  endif()
  foreach(p INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS)
    get_target_property(v ${tgt} ${p})
    if(v)
      set_property(TARGET ${tgt}_emu PROPERTY ${p} ${v})
    endif()
  endforeach()
  foreach(p INTERFACE_INCLUDE_DIRECTORIES INTERFACE_COMPILE_DEFINITIONS)
    get_target_property(v ${tgt} ${p})
    if(v)
      set_property(TARGET ${tgt}_emu PROPERTY ${p} ${v})
    endif()
  endforeach()
  target_compile_definitions(${tgt}_emu PRIVATE F25519_EMU=1)
  target_compile_options(${tgt}_emu PRIVATE -Wno-psabi)
  foreach(kind LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
    get_target_property(libs ${tgt} ${kind})
    if(NOT libs)
      continue()
    endif()
    set(mapped "")
    foreach(l IN LISTS libs)
      if(l STREQUAL "fast25519" OR l STREQUAL "fast25519_static" OR l STREQUAL "fast25519_objects")
        set(l fast25519_internal_emu)
      elseif(TARGET ${l}_emu)
        set(l ${l}_emu)
      endif()
      list(APPEND mapped ${l})
    endforeach()
    set_property(TARGET ${tgt}_emu PROPERTY ${kind} ${mapped})
  endforeach()
endfunction()

set(F25519_EMU_BACKENDS "" CACHE INTERNAL "")
if(NOT F25519_BUILD_TESTING)
  return()
endif()
if(F25519_SANITIZE)
  # Sanitizer builds (scripts/test.sh stages 2-3) leave the emulated backends to the Release
  # stage: SIMDe's inlined lane loops under ASan/UBSan instrumentation take several minutes per
  # test program to compile on 2 cores. The Release stage runs every *_emu suite.
  message(STATUS "F25519_SANITIZE=${F25519_SANITIZE}: emulated backends not built here (Release build runs them)")
  return()
endif()
find_path(F25519_SIMDE_INCLUDE_DIR simde/x86/avx512.h)
if(NOT F25519_SIMDE_INCLUDE_DIR)
  message(WARNING "SIMDe (libsimde-dev) not found: the emulated backends cannot be built; the test "
                  "'emulated_backends' will FAIL (scripts/install-deps.sh test installs it)")
  return()
endif()

set(_emu_sources ${F25519_SOURCES})
set(_emu_defs F25519_EMU=1)
set(_emu_names "")
foreach(b IN LISTS F25519_VECTOR_BACKENDS)
  string(TOUPPER ${b} B)
  list(APPEND _emu_names ${b}-emu)
  if(NOT b IN_LIST F25519_NATIVE_BACKENDS)
    list(APPEND _emu_sources ${F25519_BACKEND_${b}_SOURCES})
  endif()
  list(APPEND _emu_defs F25519_HAVE_${B}=1)
endforeach()
foreach(d IN LISTS F25519_BACKEND_DEFS)  # the other known names, as in the native build
  string(REGEX REPLACE "=.*" "" n "${d}")
  if(NOT "${_emu_defs}" MATCHES "${n}=")
    list(APPEND _emu_defs ${d})
  endif()
endforeach()
set(F25519_EMU_BACKENDS ${_emu_names} CACHE INTERNAL "emulated backends (test-only library fast25519_emu)")
set(F25519_EMU_DEFS ${_emu_defs} CACHE INTERNAL "")

add_library(fast25519_emu STATIC ${_emu_sources})
target_include_directories(fast25519_emu
  PUBLIC ${PROJECT_SOURCE_DIR}/include
  PRIVATE ${PROJECT_SOURCE_DIR}/src ${F25519_GENERATED_DIR} ${F25519_SIMDE_INCLUDE_DIR})
target_compile_definitions(fast25519_emu PRIVATE ${_emu_defs} F25519_BUILD_VERSION="${PROJECT_VERSION}")
# SIMDe passes 256/512-bit vectors by value on a baseline x86-64 target (no
# AVX registers): GCC notes the ABI change; it is internal to this library.
target_compile_options(fast25519_emu PRIVATE -Wno-psabi)
find_package(Threads REQUIRED)
target_link_libraries(fast25519_emu PUBLIC Threads::Threads)
if(F25519_FUZZ)
  # libFuzzer build (scripts/fuzz.sh): the emulated library keeps coverage and UBSan but not ASan,
  # under which clang spends minutes per vector file on SIMDe's inlined lane loops (measured
  # 2026-11-25: backend/ifma/double_ifma.c > 150 s CPU with ASan, 5 s without). The native library
  # in the same build (portable, mulx, ifma) is compiled with ASan; the emulated harness binaries
  # are ASan programs around an uninstrumented emulated library.
  target_compile_options(fast25519_emu PRIVATE -fno-sanitize=address)
endif()
add_library(fast25519_internal_emu INTERFACE)
target_include_directories(fast25519_internal_emu INTERFACE ${PROJECT_SOURCE_DIR}/src ${F25519_GENERATED_DIR}
                           ${F25519_SIMDE_INCLUDE_DIR})
target_compile_definitions(fast25519_internal_emu INTERFACE ${_emu_defs})
target_link_libraries(fast25519_internal_emu INTERFACE fast25519_emu)
