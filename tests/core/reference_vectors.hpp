// Loads the scheduler reference vectors that tests/reference/generate.mjs wrote.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "tests/support/temp_home.hpp"

namespace kioku::test {

// tests/reference/<name> parsed as JSON; read_file throws (failing the test) when it is missing.
inline boost::json::value load_vectors(const std::string& name) {
  const std::string path = std::string(KIOKU_SOURCE_DIR) + "/tests/reference/" + name;
  return boost::json::parse(read_file(path));
}

}  // namespace kioku::test
