// Changing a collection behind kiokud's back, for the tests of what kioku does with what it finds
// there (damage, hostile text): one SQL script run on its own read-write connection.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

namespace kioku::test {

inline void execute_sql(const std::string& path, const std::string& sql) {
  sqlite3* database = nullptr;
  REQUIRE(::sqlite3_open_v2(path.c_str(), &database, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  char* error = nullptr;
  const int status = ::sqlite3_exec(database, sql.c_str(), nullptr, nullptr, &error);
  INFO((error ? error : ""));
  ::sqlite3_free(error);
  ::sqlite3_close(database);
  REQUIRE(status == SQLITE_OK);
}

}  // namespace kioku::test
