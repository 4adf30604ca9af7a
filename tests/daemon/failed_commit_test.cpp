// What a client gets when the commit holding its answer failed: errors with its ids as sent.
#include <catch2/catch.hpp>

#include "daemon/server/failed_commit.hpp"

using kioku::daemon::failed_commit_response;
using kioku::daemon::ResponseLine;

namespace {

// SQLite's reason, worded in English alone, goes into the Japanese as it is.
const std::string kError =
    R"("error":{"code":-32004,"message":"not recorded, the commit was rolled back: disk full",)"
    R"("data":{"messages":{"ja":"記録していません。コミットがロールバックされました: disk full"}}}})";
const kioku::BilingualMessage kDiskFull{"disk full", {}};

}  // namespace

TEST_CASE("failed commit: each held response becomes a storage error with its id as sent",
          "[daemon][group_commit]") {
  CHECK(failed_commit_response(ResponseLine{}, kDiskFull).empty());
  // Numeric ids a double cannot keep stay as the request wrote them (they were 'null' and
  // 1.2345678901234568e+29). The dispatcher says which ids it wrote (dispatcher_test.cpp).
  CHECK(failed_commit_response(ResponseLine{R"({"jsonrpc":"2.0","id":1e400,"result":{"card":1}})"
                                            "\n",
                                            {"1e400"},
                                            false},
                               kDiskFull) == R"({"jsonrpc":"2.0","id":1e400,)" + kError + "\n");
  CHECK(failed_commit_response(
            ResponseLine{
                R"([{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":1},)"
                R"({"jsonrpc":"2.0","id":"a","result":2},{"jsonrpc":"2.0","id":null,"error":{}}])"
                "\n",
                {"123456789012345678901234567890", R"("a")", "null"},
                true},
            kDiskFull) == R"([{"jsonrpc":"2.0","id":123456789012345678901234567890,)" + kError +
                              R"(,{"jsonrpc":"2.0","id":"a",)" + kError +
                              R"(,{"jsonrpc":"2.0","id":null,)" + kError + "]\n");
}

TEST_CASE("failed commit: a reason worded in Japanese is given in the Japanese message",
          "[daemon][group_commit]") {
  const std::string line =
      failed_commit_response(ResponseLine{R"({"jsonrpc":"2.0","id":7,"result":{}})"
                                          "\n",
                                          {"7"},
                                          false},
                             kioku::bilingual("kiokud is stopping", "kiokud を停止しています"));
  CHECK(line == R"({"jsonrpc":"2.0","id":7,"error":{"code":-32004,)"
                R"("message":"not recorded, the commit was rolled back: kiokud is stopping",)"
                R"("data":{"messages":{"ja":"記録していません。コミットがロールバックされました: )"
                R"(kiokud を停止しています"}}}})"
                "\n");
}
