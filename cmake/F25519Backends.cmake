# SPDX-License-Identifier: Apache-2.0 OR MIT
# The backend registry: every folder src/backend/<name>/ with a backend.cmake is a backend. Its
# descriptor calls f25519_backend() once; nothing outside the folder names it. The registry
#  - adds a scalar backend's sources to F25519_SOURCES (always compiled) and lists a vector
#    backend's in F25519_BACKEND_<name>_SOURCES, compiled natively when F25519_ENABLE_<NAME> is on
#    (x86-64) and against SIMDe into the test-only emulated library (cmake/F25519Emu.cmake);
#  - defines F25519_HAVE_<NAME> (0/1) for every vector backend (F25519_BACKEND_DEFS);
#  - writes ${F25519_GENERATED_DIR}/backends.h, the list the dispatcher, ops.h, the CLI, the
#    provider and the tests enumerate (backends_table.h: the dispatcher's entries).
#
# f25519_backend(NAME
#   PRIORITY p          dispatch order: the available backend of highest p is chosen
#   [NEEDS f...]        CPU features (F25519_CPU_<f> bits of fast25519.h: CPUID + XGETBV, so the
#                       OS-enabled vector state is included)
#   [BORROWS b]         entries taken from backend b when b is compiled: b's NEEDS are added
#   [VECTOR]            vector code: x86-64 only, optional (F25519_ENABLE_<NAME>), emulated as
#                       <name>-emu in the test-only library
#   [HAVE_HEADER h]     a header (under src/) defining F25519_HAVE_<NAME> (else: 1 for a scalar
#                       backend, CMake's F25519_ENABLE_<NAME> for a vector one)
#   [WARMUP]            AVX-512 code: the provider's warm-up bursts apply to it
#   [O3_SOURCES f...]   those of its sources compiled at -O3
#   SOURCES f...)       relative to the folder
set(F25519_GENERATED_DIR ${PROJECT_BINARY_DIR}/generated)
set(F25519_REGISTERED_BACKENDS "")
function(f25519_backend name)
  cmake_parse_arguments(B "VECTOR;WARMUP" "PRIORITY;BORROWS;HAVE_HEADER" "NEEDS;SOURCES;O3_SOURCES" ${ARGN})
  if(NOT name MATCHES "^[a-z][a-z0-9]*$")
    message(FATAL_ERROR "${F25519_BACKEND_DIR}/backend.cmake: backend name '${name}' is not [a-z][a-z0-9]*")
  endif()
  get_filename_component(dir_name ${F25519_BACKEND_DIR} NAME)
  if(NOT dir_name STREQUAL name)
    message(FATAL_ERROR "${F25519_BACKEND_DIR}/backend.cmake: names '${name}', its folder is '${dir_name}'")
  endif()
  if(NOT DEFINED B_PRIORITY)
    message(FATAL_ERROR "${F25519_BACKEND_DIR}/backend.cmake: PRIORITY missing")
  endif()
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${F25519_BACKEND_DIR})
  set(srcs "")
  foreach(s IN LISTS B_SOURCES)
    get_filename_component(abs ${s} ABSOLUTE BASE_DIR ${F25519_BACKEND_DIR})
    file(RELATIVE_PATH s ${PROJECT_SOURCE_DIR} ${abs})
    list(APPEND srcs ${s})
  endforeach()
  foreach(v PRIORITY BORROWS HAVE_HEADER NEEDS VECTOR WARMUP)
    set(F25519_BACKEND_${name}_${v} "${B_${v}}" PARENT_SCOPE)
  endforeach()
  foreach(s IN LISTS B_O3_SOURCES)
    if(NOT s IN_LIST B_SOURCES)
      message(FATAL_ERROR "${F25519_BACKEND_DIR}/backend.cmake: O3_SOURCES ${s} is not in SOURCES")
    endif()
    set_source_files_properties(${F25519_BACKEND_DIR}/${s} PROPERTIES COMPILE_OPTIONS "-O3")
  endforeach()
  set(F25519_BACKEND_${name}_SOURCES ${srcs} PARENT_SCOPE)
  set(F25519_REGISTERED_BACKENDS ${F25519_REGISTERED_BACKENDS} ${name} PARENT_SCOPE)
endfunction()

file(GLOB _f25519_descriptors LIST_DIRECTORIES false ${PROJECT_SOURCE_DIR}/src/backend/*/backend.cmake)
list(SORT _f25519_descriptors)
foreach(d IN LISTS _f25519_descriptors)
  get_filename_component(F25519_BACKEND_DIR ${d} DIRECTORY)
  include(${d})
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_f25519_descriptors})

# Dispatch order: PRIORITY descending (ties by name): sort "<10000 - p, 5 digits>:<name>".
set(_keyed "")
foreach(b IN LISTS F25519_REGISTERED_BACKENDS)
  set(p ${F25519_BACKEND_${b}_PRIORITY})
  if(NOT p MATCHES "^[0-9]+$" OR p GREATER 9999)
    message(FATAL_ERROR "src/backend/${b}/backend.cmake: PRIORITY ${p} is not in 0..9999")
  endif()
  math(EXPR k "10000 - ${p}")
  string(LENGTH "${k}" kl)
  while(kl LESS 5)
    string(PREPEND k "0")
    string(LENGTH "${k}" kl)
  endwhile()
  list(APPEND _keyed "${k}:${b}")
endforeach()
list(SORT _keyed)
set(F25519_ALL_BACKENDS "")
foreach(e IN LISTS _keyed)
  string(REGEX REPLACE "^[0-9]+:" "" b "${e}")
  list(APPEND F25519_ALL_BACKENDS ${b})
endforeach()

# Sources, options, F25519_HAVE_<NAME>.
set(F25519_VECTOR_BACKENDS "")  # every vector backend (emulated in the test-only library)
set(F25519_NATIVE_BACKENDS "")  # vector backends compiled into the libraries
set(F25519_BACKEND_DEFS "")
foreach(b IN LISTS F25519_ALL_BACKENDS)
  string(TOUPPER ${b} B)
  if(NOT F25519_BACKEND_${b}_VECTOR)
    list(APPEND F25519_SOURCES ${F25519_BACKEND_${b}_SOURCES})
    if(NOT F25519_BACKEND_${b}_HAVE_HEADER)
      list(APPEND F25519_BACKEND_DEFS F25519_HAVE_${B}=1)
    endif()
    continue()
  endif()
  option(F25519_ENABLE_${B} "Compile the ${b} backend (x86-64 only)" ON)
  list(APPEND F25519_VECTOR_BACKENDS ${b})
  if(F25519_X86_64 AND F25519_ENABLE_${B})
    list(APPEND F25519_NATIVE_BACKENDS ${b})
    list(APPEND F25519_SOURCES ${F25519_BACKEND_${b}_SOURCES})
    list(APPEND F25519_BACKEND_DEFS F25519_HAVE_${B}=1)
  else()
    list(APPEND F25519_BACKEND_DEFS F25519_HAVE_${B}=0)
  endif()
endforeach()

# The generated header: backends.h (names, for every enumerator) and backends_table.h (the
# dispatcher's entries and the ops declarations, which need ops.h's types).
set(_cmd "cmake/F25519Backends.cmake from src/backend/<name>/backend.cmake")
set(_head "/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n/* generated by ${_cmd} at configure time, do not edit */\n")
set(_names "")
set(_emu_names "")
set(_warm "")
set(_bar "")
set(_x "")
set(_decl "")
set(_have_inc "")
set(_table "")
set(_emu_table "")
foreach(b IN LISTS F25519_ALL_BACKENDS)
  string(TOUPPER ${b} B)
  string(APPEND _names " \"${b}\",")
  if(_bar)
    string(APPEND _bar "|")
  endif()
  string(APPEND _bar "${b}")
  if(F25519_BACKEND_${b}_WARMUP)
    string(APPEND _warm " \"${b}\",")
  endif()
  set(vec 0)
  if(F25519_BACKEND_${b}_VECTOR)
    set(vec 1)
    string(APPEND _emu_names " \"${b}-emu\",")
  endif()
  string(APPEND _x " \\\n    X(${b}, ${F25519_BACKEND_${b}_PRIORITY}, ${vec})")
  # CPU needs: its own, and the lending backend's where that one is compiled.
  set(needs "${F25519_BACKEND_${b}_NEEDS}")
  list(TRANSFORM needs PREPEND F25519_CPU_)
  list(JOIN needs " | " needs)
  if(NOT needs)
    set(needs 0)
  endif()
  set(emu_needs 0)
  set(lend "${F25519_BACKEND_${b}_BORROWS}")
  if(lend)
    if(NOT lend IN_LIST F25519_ALL_BACKENDS)
      message(FATAL_ERROR "src/backend/${b}/backend.cmake: BORROWS ${lend}, which is no backend")
    endif()
    string(TOUPPER ${lend} L)
    set(lend_needs "${F25519_BACKEND_${lend}_NEEDS}")
    list(TRANSFORM lend_needs PREPEND F25519_CPU_)
    list(JOIN lend_needs " | " lend_needs)
    if(NOT lend_needs)
      set(lend_needs 0)
    endif()
    string(APPEND _table "#if F25519_HAVE_${L} /* ${b} borrows ${lend}'s entries */\n"
      "#define F25519_BACKEND_LENT_NEEDS_${b} (${lend_needs})\n#else\n#define F25519_BACKEND_LENT_NEEDS_${b} 0\n#endif\n")
    set(needs "(${needs}) | F25519_BACKEND_LENT_NEEDS_${b}")
    set(emu_needs "F25519_BACKEND_LENT_NEEDS_${b}")
  endif()
  if(F25519_BACKEND_${b}_HAVE_HEADER)
    string(APPEND _have_inc "#include \"${F25519_BACKEND_${b}_HAVE_HEADER}\" /* F25519_HAVE_${B} */\n")
  endif()
  string(APPEND _decl "#if F25519_HAVE_${B}\nextern const f25519_ops f25519_ops_${b};\n#endif\n")
  if(vec)
    string(APPEND _table "#if F25519_HAVE_${B} && !F25519_EMU\n")
  else()
    string(APPEND _table "#if F25519_HAVE_${B}\n")
  endif()
  string(APPEND _table
    "F25519_BACKEND_ENTRY(\"${b}\", ${needs}, &f25519_ops_${b}, 0)\n#else\n"
    "F25519_BACKEND_ENTRY(\"${b}\", ${needs}, NULL, 0)\n#endif\n")
  if(vec)
    string(APPEND _emu_table
      "#if F25519_EMU && F25519_HAVE_${B}\n"
      "F25519_BACKEND_ENTRY(\"${b}-emu\", ${emu_needs}, &f25519_ops_${b}, 1)\n#endif\n")
  endif()
endforeach()
file(CONFIGURE OUTPUT ${F25519_GENERATED_DIR}/backends.h CONTENT
"${_head}/* The backends of src/backend/<name>/, in dispatch order (highest priority first). */
#ifndef F25519_GENERATED_BACKENDS_H
#define F25519_GENERATED_BACKENDS_H
/* X(name, priority, vector): every registered backend (vector: 1 when it has an emulated twin). */
#define F25519_BACKENDS(X)${_x}
/* Their names as string initializers, and the emulated ones (only in the test-only library). */
#define F25519_BACKEND_NAMES${_names}
#define F25519_EMU_BACKEND_NAMES${_emu_names}
/* The names joined by |, for usage texts. */
#define F25519_BACKEND_NAMES_BAR \"${_bar}\"
/* The backends whose code the provider's AVX-512 warm-up bursts prepare. */
#define F25519_WARMUP_BACKEND_NAMES${_warm}
#endif
" @ONLY)
file(CONFIGURE OUTPUT ${F25519_GENERATED_DIR}/backends_table.h CONTENT
"${_head}/* The dispatcher's entries (dispatch.c defines F25519_BACKEND_ENTRY(name, needs, ops, emulated)
 * before including this) and the ops tables' declarations (ops.h), in dispatch order; ops is NULL
 * for a backend this build does not contain. Emulated entries exist only in the test-only library. */
${_have_inc}#ifdef F25519_BACKEND_ENTRY
${_table}${_emu_table}#else
${_decl}#endif
" @ONLY)
