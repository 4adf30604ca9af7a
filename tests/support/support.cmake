# The test support library (temporary homes, kiokud processes, raw socket clients, answer load),
# shared by the tests and by the benchmarks that drive a real kiokud. Included from
# tests/CMakeLists.txt and bench/CMakeLists.txt; whichever comes first defines it.
if(NOT TARGET kioku_test_support)
  find_package(Catch2 2 REQUIRED)
  file(GLOB KIOKU_TEST_SUPPORT CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/support/*.cpp)
  list(REMOVE_ITEM KIOKU_TEST_SUPPORT ${PROJECT_SOURCE_DIR}/tests/support/catch_main.cpp)
  add_library(kioku_test_support STATIC ${KIOKU_TEST_SUPPORT})
  target_link_libraries(kioku_test_support PUBLIC kioku_protocol Catch2::Catch2)
  kioku_precompile(kioku_test_support ${KIOKU_STANDARD_HEADERS} ${KIOKU_JSON_HEADERS}
                   ${KIOKU_TEST_HEADERS})
  target_compile_definitions(kioku_test_support PUBLIC
    KIOKU_BIN_DIR="${PROJECT_BINARY_DIR}/bin"
    KIOKU_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()
