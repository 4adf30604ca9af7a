// docs/protocol.md's method list is the method table's: made from it, and checked against it
// here so that neither can drift. `make protocol-doc` rewrites the list after a change.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "daemon/methods/method_list.hpp"
#include "daemon/methods/method_table.hpp"

namespace {

const std::string kDocument = std::string(KIOKU_SOURCE_DIR) + "/docs/protocol.md";
constexpr std::string_view kBegin = "<!-- method list: made from the method table -->\n";
constexpr std::string_view kEnd = "<!-- end of method list -->\n";

std::string read_document() {
  std::ifstream file(kDocument);
  REQUIRE(file);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("method list: docs/protocol.md lists exactly the method table", "[daemon][protocol]") {
  std::string document = read_document();
  const std::size_t begin = document.find(kBegin);
  const std::size_t end = document.find(kEnd);
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  REQUIRE(begin < end);
  const std::size_t first = begin + kBegin.size();
  const std::string expected = kioku::daemon::method_list_markdown();
  if (std::getenv("KIOKU_UPDATE_DOCS") != nullptr) {
    document.replace(first, end - first, expected);
    std::ofstream(kDocument) << document;
    SUCCEED("rewrote the method list of " << kDocument);
    return;
  }
  INFO("run `make protocol-doc` to make the list from the table");
  CHECK(document.substr(first, end - first) == expected);
}

TEST_CASE("method list: every method of the table has its own section in docs/protocol.md",
          "[daemon][protocol]") {
  const std::string document = read_document();
  std::set<std::string> sections;
  const std::regex heading(R"(\n### `([a-z]+\.[a-z_]+)`)");
  for (auto match = std::sregex_iterator(document.begin(), document.end(), heading);
       match != std::sregex_iterator(); ++match) {
    sections.insert((*match)[1]);
  }
  std::set<std::string> methods;
  for (const kioku::daemon::Method& method : kioku::daemon::method_table()) {
    methods.emplace(method.name);
  }
  CHECK(sections == methods);
}
