# Tests of the IFMA X25519 ladders (owner: ifma-ladder), included by tests/ifma/CMakeLists.txt.
# The ladders are called directly (they are in the library whenever src/sources_ifma_ladder.cmake
# exists); the program exits 77 with "SKIP:" on a CPU without AVX-512F/VL/IFMA.
if(F25519_HAVE_IFMA_LADDER)
  add_executable(f25519_test_ladder_ifma ladder_test.c
    ${PROJECT_SOURCE_DIR}/tests/testutil.c ${PROJECT_SOURCE_DIR}/tests/json.c ${PROJECT_SOURCE_DIR}/tests/dudect.c)
  target_include_directories(f25519_test_ladder_ifma PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_compile_definitions(f25519_test_ladder_ifma PRIVATE
    F25519_VECTORS_DEFAULT="${F25519_VECTORS_DEFAULT}")
  target_link_libraries(f25519_test_ladder_ifma PRIVATE fast25519_internal OpenSSL::Crypto m)
  add_test(NAME ladder_ifma COMMAND f25519_test_ladder_ifma vectors)
  set_tests_properties(ladder_ifma PROPERTIES SKIP_RETURN_CODE 77 LABELS fast TIMEOUT 600)
  add_executable(f25519_test_ladder_ifma_field ladder_field_test.c
    ${PROJECT_SOURCE_DIR}/tests/testutil.c ${PROJECT_SOURCE_DIR}/tests/json.c)
  target_include_directories(f25519_test_ladder_ifma_field PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_compile_definitions(f25519_test_ladder_ifma_field PRIVATE
    F25519_VECTORS_DEFAULT="${F25519_VECTORS_DEFAULT}")
  target_link_libraries(f25519_test_ladder_ifma_field PRIVATE fast25519_internal OpenSSL::Crypto)
  add_test(NAME ladder_ifma_field COMMAND f25519_test_ladder_ifma_field)
  set_tests_properties(ladder_ifma_field PROPERTIES SKIP_RETURN_CODE 77 LABELS fast TIMEOUT 300)
  add_test(NAME ladder_ifma_iter1m COMMAND f25519_test_ladder_ifma iter1m)
  set_tests_properties(ladder_ifma_iter1m PROPERTIES SKIP_RETURN_CODE 77 LABELS slow TIMEOUT 1800)
  add_test(NAME ladder_ifma_dudect COMMAND f25519_test_ladder_ifma dudect)
  set_tests_properties(ladder_ifma_dudect PROPERTIES SKIP_RETURN_CODE 77 LABELS "ct;nosan" TIMEOUT 600
                       RUN_SERIAL TRUE)
endif()
