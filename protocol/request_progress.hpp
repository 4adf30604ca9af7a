// request.progress: how far a long request (sched.optimize, sched.evaluate, sched.simulate)
// has come, pushed to the client that asked for it with the request's `progress` parameter
// (docs/protocol.md, "request.progress").
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kioku::protocol {

inline constexpr std::string_view kRequestProgress = "request.progress";

// {"id": the request's id, "stage": "reading" | "fitting" | "scoring" | "simulating" |
//  "importing", "fraction": 0 to 1 of that stage, and "cards": the cards done so far, when the
//  work counts cards (deck.import)}.
struct RequestProgress {
  boost::json::value id;
  std::string stage;
  double fraction = 0.0;
  std::optional<std::uint64_t> cards;
};

// The notification line (ending in '\n') for the request whose id is `id_text` (JSON text exactly
// as the request wrote it, as its response carries it): `fraction` rounded to 4 places and
// written in its shortest form (0, 0.4375, 1).
std::string request_progress_line(std::string_view id_text, std::string_view stage, double fraction,
                                  std::optional<std::uint64_t> cards = {});

// The progress a daemon's line tells, when it is a well-formed request.progress notification;
// nullopt for any other line (a response, another notification, anything malformed). A
// fraction outside 0 to 1 is brought into it; a `cards` that is not a count is left out.
std::optional<RequestProgress> read_request_progress(const boost::json::value& line);

}  // namespace kioku::protocol
