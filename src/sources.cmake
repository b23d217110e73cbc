# Portable core sources (owner: portable core). Paths relative to the project root.
set(F25519_SOURCES
  src/dispatch.c
  src/util.c
  src/field/fe51.c
  src/hash/sha512.c
  src/scalar/sc25519.c
)
