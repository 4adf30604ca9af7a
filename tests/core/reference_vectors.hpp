// Loads the scheduler reference vectors that tests/reference/generate.mjs wrote.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

namespace kioku::test {

// tests/reference/<name> parsed as JSON; fails the test when the file is missing.
inline boost::json::value load_vectors(const std::string& name) {
  const std::string path = std::string(KIOKU_SOURCE_DIR) + "/tests/reference/" + name;
  std::ifstream file(path);
  REQUIRE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  return boost::json::parse(text.str());
}

}  // namespace kioku::test
