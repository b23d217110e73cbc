# AVX-512IFMA backend core (owner: ifma-core): field, points, fixed-base, double-scalar,
# ops table. Included by src/sources_ifma.cmake; its existence switches the backend on.
list(APPEND F25519_SOURCES
  src/field/fe51x8_ifma.c
  src/point/ge51x8_ifma.c
  src/scalarmult/base_tables_ifma.c
  src/scalarmult/base_ifma.c
  src/scalarmult/inv_ifma.c
  src/scalarmult/double_ifma.c
  src/impl_ifma.c
)
# The ladder owner's list may not carry the 8-lane ladder yet: impl_ifma.c uses it
# only when that list names it (F25519_HAVE_IFMA_LADDER_X8), else 8 single ladders.
set(_f25519_ladder_x8 0)
if(EXISTS ${PROJECT_SOURCE_DIR}/src/sources_ifma_ladder.cmake)
  file(READ ${PROJECT_SOURCE_DIR}/src/sources_ifma_ladder.cmake _f25519_ladder_list)
  string(FIND "${_f25519_ladder_list}" "ladder_ifma_x8.c" _f25519_pos)
  if(_f25519_pos GREATER -1)
    set(_f25519_ladder_x8 1)
  endif()
endif()
set_source_files_properties(src/impl_ifma.c PROPERTIES
  COMPILE_DEFINITIONS "F25519_HAVE_IFMA_LADDER_X8=${_f25519_ladder_x8}")
