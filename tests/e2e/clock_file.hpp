// kiokud's clock for end-to-end tests (kiokud --clock-file HOME/clock): the test moves it by
// replacing the file whole, so kiokud never reads half of it.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/support/temp_home.hpp"

namespace kioku::test {

inline void set_clock(const TempHome& home, std::int64_t unix_ms) {
  const std::string path = home.write_file("clock.next", std::to_string(unix_ms));
  REQUIRE(std::rename(path.c_str(), (home.root() + "/clock").c_str()) == 0);
}

// kiokud's arguments for a home whose clock the test moves, without the bundled deck.
inline std::vector<std::string> clocked_daemon_arguments(const TempHome& home) {
  return {"--no-bundled-decks", "--clock-file", home.root() + "/clock"};
}

}  // namespace kioku::test
