// Reading a daemon's request.progress line (protocol/request_progress.hpp): the well-formed one,
// and everything else a broken or hostile daemon could send, which is not progress.
#include "protocol/request_progress.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace kioku::protocol {
namespace {

std::optional<RequestProgress> read(const char* line) {
  return read_request_progress(boost::json::parse(line));
}

TEST_CASE("request.progress: a well-formed notification is read", "[protocol][progress]") {
  const auto progress = read(
      R"({"jsonrpc":"2.0","method":"request.progress","params":{"id":4,"stage":"fitting","fraction":0.25}})");
  REQUIRE(progress);
  CHECK(progress->id == boost::json::value(4));
  CHECK(progress->stage == "fitting");
  CHECK(progress->fraction == 0.25);
  // An integer fraction, and one outside 0 to 1, brought into it.
  CHECK(read(R"({"method":"request.progress","params":{"id":"a","stage":"x","fraction":1}})")
            ->fraction == 1.0);
  CHECK(read(R"({"method":"request.progress","params":{"id":1,"stage":"x","fraction":7.5}})")
            ->fraction == 1.0);
  CHECK(read(R"({"method":"request.progress","params":{"id":1,"stage":"x","fraction":-2}})")
            ->fraction == 0.0);
}

TEST_CASE("request.progress: the line kiokud writes", "[protocol][progress]") {
  CHECK(
      request_progress_line("7", "fitting", 0.4375) ==
      R"({"jsonrpc":"2.0","method":"request.progress","params":{"id":7,"stage":"fitting","fraction":0.4375}})"
      "\n");
  // The id exactly as the request wrote it, as its response carries it: a number JSON allows
  // but a double cannot hold, a long one, a string with escapes.
  for (const char* id : {"1e400", "123456789012345678901234567890", R"("a\u0000b")", "null"}) {
    const std::string line = request_progress_line(id, "reading", 0.0);
    INFO(line);
    CHECK(line.find(std::string(R"("id":)") + id + ",") != std::string::npos);
  }
  // Shortest form, 4 places, within 0 to 1; not a number is 0.
  CHECK(request_progress_line("1", "x", 1.0)
            .ends_with(R"("fraction":1}})"
                       "\n"));
  CHECK(request_progress_line("1", "x", 0.0)
            .ends_with(R"("fraction":0}})"
                       "\n"));
  CHECK(request_progress_line("1", "x", 0.123456)
            .ends_with(R"("fraction":0.1235}})"
                       "\n"));
  CHECK(request_progress_line("1", "x", 7.0)
            .ends_with(R"("fraction":1}})"
                       "\n"));
  CHECK(request_progress_line("1", "x", std::nan(""))
            .ends_with(R"("fraction":0}})"
                       "\n"));
  // What kioku reads back.
  const auto read_back =
      read_request_progress(boost::json::parse(request_progress_line("3", "simulating", 0.5)));
  REQUIRE(read_back);
  CHECK(read_back->stage == "simulating");
  CHECK(read_back->fraction == 0.5);
}

TEST_CASE("request.progress: an import's cards go with the fraction, and a bad count is left out",
          "[protocol][progress]") {
  const std::string line = request_progress_line("9", "importing", 0.5, 1200);
  CHECK(
      line ==
      R"({"jsonrpc":"2.0","method":"request.progress","params":{"id":9,"stage":"importing","fraction":0.5,"cards":1200}})"
      "\n");
  const auto read_back = read_request_progress(boost::json::parse(line));
  REQUIRE(read_back);
  CHECK(read_back->cards == std::optional<std::uint64_t>(1200));
  CHECK(request_progress_line("9", "fitting", 0.5).find("cards") == std::string::npos);
  CHECK_FALSE(read_request_progress(boost::json::parse(request_progress_line("9", "x", 0.5)))
                  ->cards.has_value());
  // Not a count: the progress is still read, without cards.
  for (const char* cards : {"-1", "1.5", "\"many\"", "null", "[]", "1e3"}) {
    const std::string text =
        std::string(
            R"({"method":"request.progress","params":{"id":1,"stage":"importing","fraction":0.5,"cards":)") +
        cards + "}}";
    INFO(text);
    const auto progress = read_request_progress(boost::json::parse(text));
    REQUIRE(progress);
    CHECK_FALSE(progress->cards.has_value());
  }
}

TEST_CASE("request.progress: anything else is not progress", "[protocol][progress]") {
  for (const char* line : {
           R"({"jsonrpc":"2.0","id":4,"result":{}})",
           R"({"jsonrpc":"2.0","method":"due.changed","params":{}})",
           R"({"id":4,"method":"request.progress","params":{"id":4,"stage":"x","fraction":0.5}})",
           R"({"method":"request.progress"})",
           R"({"method":"request.progress","params":[4,"x",0.5]})",
           R"({"method":"request.progress","params":{"stage":"x","fraction":0.5}})",
           R"({"method":"request.progress","params":{"id":4,"stage":3,"fraction":0.5}})",
           R"({"method":"request.progress","params":{"id":4,"stage":"x","fraction":"half"}})",
           R"({"method":"request.progress","params":{"id":4,"stage":"x"}})",
           R"({"method":7,"params":{"id":4,"stage":"x","fraction":0.5}})",
           R"([1,2])",
           R"("request.progress")",
       }) {
    INFO(line);
    CHECK_FALSE(read(line).has_value());
  }
}

}  // namespace
}  // namespace kioku::protocol
