# AVX-512IFMA backend. Included by the top-level CMakeLists on x86-64.
# ifma-core owns src/sources_ifma_core.cmake, ifma-ladder owns src/sources_ifma_ladder.cmake;
# each appends its files to F25519_SOURCES. The backend exists once the core list exists.
if(EXISTS ${PROJECT_SOURCE_DIR}/src/sources_ifma_core.cmake)
  include(${PROJECT_SOURCE_DIR}/src/sources_ifma_core.cmake)
  set(F25519_HAVE_IFMA 1)
endif()
set(F25519_HAVE_IFMA_LADDER 0)
if(EXISTS ${PROJECT_SOURCE_DIR}/src/sources_ifma_ladder.cmake)
  include(${PROJECT_SOURCE_DIR}/src/sources_ifma_ladder.cmake)
  set(F25519_HAVE_IFMA_LADDER 1)
endif()
