// Holding kiokud's one worker thread for a test: a simulation that never ends, sent alone and
// told to report its progress, until the test lets it go. A request queued behind it waits on
// the worker, and what runs on kiokud's own thread does not.
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>

#include "protocol/json_rpc.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/line_client.hpp"

namespace kioku::test {

// A simulation no machine finishes: a century of 200,000 new cards at every desired retention
// the sweep tries, plus thirty more runs.
inline boost::json::object endless_simulation(const std::string& deck = "d") {
  boost::json::array retentions;
  for (int percent = 70; percent < 100; ++percent) retentions.push_back(percent / 100.0);
  return {{"deck", deck},
          {"algorithm", "fsrs"},
          {"days", 36'500},
          {"add", 200'000},
          {"new_per_day", 100'000},
          {"progress", true},
          {"desired_retention", std::move(retentions)}};
}

// Waits for the notification of `stage`; false when the response or the end came first.
inline bool wait_for_stage(LineClient& client, const std::string& stage) {
  for (;;) {
    const std::optional<std::string> line = client.read_line(120'000);
    if (!line) return false;
    const boost::json::value value = boost::json::parse(*line);
    if (value.as_object().contains("id")) return false;
    if (value.at("params").at("stage").as_string() == stage) return true;
  }
}

inline constexpr std::int64_t kHeldRequestId = 99;

// The worker held by a simulation that never ends, until release(): a request queued behind it
// waits, and what runs on kiokud's own thread does not.
class WorkerHeld {
 public:
  WorkerHeld(const std::string& socket_path, const std::string& deck = "d")
      : client_(std::in_place, socket_path) {
    REQUIRE(client_->send(request_line(kHeldRequestId, "sched.simulate", endless_simulation(deck)) +
                          "\n"));
    REQUIRE(wait_for_stage(*client_, "simulating"));
  }
  // Leaves: the simulation stops, and the worker moves on.
  void release() { client_.reset(); }

 private:
  std::optional<LineClient> client_;
};

}  // namespace kioku::test
