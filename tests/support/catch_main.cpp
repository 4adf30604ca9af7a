// Catch2's main, in a translation unit of its own so the test files compile quickly.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
