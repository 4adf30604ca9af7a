// What a client gets when the commit holding its answer failed: errors with its ids as sent.
#include <catch2/catch.hpp>

#include "daemon/server/failed_commit.hpp"

using kioku::daemon::failed_commit_response;
using kioku::daemon::ResponseLine;

namespace {

const std::string kError =
    R"("error":{"code":-32004,"message":"not recorded, the commit was rolled back: disk full"}})";

}  // namespace

TEST_CASE("failed commit: each held response becomes a storage error with its id as sent",
          "[daemon][group_commit]") {
  CHECK(failed_commit_response(ResponseLine{}, "disk full").empty());
  // Numeric ids a double cannot keep stay as the request wrote them (they were 'null' and
  // 1.2345678901234568e+29). The dispatcher says which ids it wrote (dispatcher_test.cpp).
  CHECK(failed_commit_response(ResponseLine{R"({"jsonrpc":"2.0","id":1e400,"result":{"card":1}})"
                                            "\n",
                                            {"1e400"},
                                            false},
                               "disk full") == R"({"jsonrpc":"2.0","id":1e400,)" + kError + "\n");
  CHECK(failed_commit_response(
            ResponseLine{
                R"([{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":1},)"
                R"({"jsonrpc":"2.0","id":"a","result":2},{"jsonrpc":"2.0","id":null,"error":{}}])"
                "\n",
                {"123456789012345678901234567890", R"("a")", "null"},
                true},
            "disk full") == R"([{"jsonrpc":"2.0","id":123456789012345678901234567890,)" + kError +
                                R"(,{"jsonrpc":"2.0","id":"a",)" + kError +
                                R"(,{"jsonrpc":"2.0","id":null,)" + kError + "]\n");
}
