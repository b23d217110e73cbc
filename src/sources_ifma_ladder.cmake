# AVX-512IFMA X25519 ladders (owner: ifma-ladder). Included by src/sources_ifma.cmake,
# which then sets F25519_HAVE_IFMA_LADDER=1 so that src/impl_ifma.c plugs them in.
list(APPEND F25519_SOURCES
  src/field/fe51x4_ifma.c
  src/scalarmult/ladder_ifma.c
  src/scalarmult/ladder_ifma_x8.c
)
