// The WAL of a collection connection is cut back once a checkpoint has let it start again: a
// large write (an import) does not leave its length on the disk for good.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <string>

#include "daemon/store/collection_connection.hpp"
#include "daemon/store/sqlite.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;

namespace {

std::int64_t wal_bytes(const std::string& path) {
  struct stat info {};
  REQUIRE(::stat((path + "-wal").c_str(), &info) == 0);
  return info.st_size;
}

}  // namespace

TEST_CASE("a collection connection's WAL is cut back after a large write is checkpointed",
          "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/wal.sqlite";
  daemon::sqlite::Database database(path);
  daemon::configure_collection_connection(database);
  database.execute("PRAGMA wal_autocheckpoint = 0");  // checkpointed below, when the test says
  database.execute("CREATE TABLE pages (bytes BLOB)");
  // One transaction of 48 MiB: the WAL grows past the limit.
  database.execute("BEGIN");
  for (int mebibyte = 0; mebibyte < 48; ++mebibyte) {
    database.execute("INSERT INTO pages VALUES (randomblob(1048576))");
  }
  database.execute("COMMIT");
  CHECK(wal_bytes(path) > daemon::kWalSizeLimitBytes);
  database.execute("PRAGMA wal_checkpoint(PASSIVE)");
  // The next commit starts the WAL again from its beginning, and cuts it back.
  database.execute("INSERT INTO pages VALUES (x'00')");
  CHECK(wal_bytes(path) <= daemon::kWalSizeLimitBytes);
}
