// The log-priority manipulators: nothing on a stream as it comes, sd-daemon's prefixes once
// kiokud has said that stderr is the journal, and only on the stream it said it of.
#include "daemon/log_priority.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace kioku::daemon;

TEST_CASE("log priority: lines read as ever until the stream is the journal's", "[daemon][log]") {
  std::ostringstream plain;
  plain << log_error << "kiokud: a\n" << log_warning << "kiokud: b\n" << log_info << "kiokud: c\n";
  CHECK(plain.str() == "kiokud: a\nkiokud: b\nkiokud: c\n");
}

TEST_CASE("log priority: the journal's stream gets <3>, <4> and <6>", "[daemon][log]") {
  std::ostringstream journal;
  std::ostringstream other;
  write_priority_prefixes(journal);
  journal << log_error << "kiokud: a\n"
          << log_warning << "kiokud: b\n"
          << log_info << "kiokud: c\n";
  other << log_error << "kiokud: a\n";
  CHECK(journal.str() == "<3>kiokud: a\n<4>kiokud: b\n<6>kiokud: c\n");
  CHECK(other.str() == "kiokud: a\n");
}
