# Precompiled headers: Catch2's single header and Boost.JSON/Describe each cost 6-9 s of parsing
# and instantiation in every file that includes them (measured: a one-case Catch2 test took
# 8.4 s at -O2 and 1.4 s with these headers precompiled), and CI compiles every file three
# times (normal, ASan, TSan). Each target precompiles once; its files then load the result.
# Only third-party and standard headers go in: the project's own headers change too often, and
# a file must still name what it includes (the precompiled ones are included again, as no-ops).
# Off by default, on for the sanitizer builds (Makefile): with the headers precompiled, GCC 12
# at -O2 reports its known false -Warray-bounds inside std::string's inlined code, which it
# keeps quiet about when the same headers are read as text; at -O0 that check does not run.
option(KIOKU_PRECOMPILE_HEADERS "Precompile the standard, Boost.JSON and Catch2 headers" OFF)

set(KIOKU_STANDARD_HEADERS
    <algorithm> <array> <cstddef> <cstdint> <functional> <map> <memory> <optional> <set>
    <span> <stdexcept> <string> <string_view> <utility> <variant> <vector>)
set(KIOKU_JSON_HEADERS <boost/json.hpp> <boost/describe.hpp> <boost/mp11.hpp>)
set(KIOKU_TEST_HEADERS <catch2/catch.hpp>)

# kioku_precompile(target header...): precompiles the headers for `target`'s own files.
function(kioku_precompile target)
  if(KIOKU_PRECOMPILE_HEADERS)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
