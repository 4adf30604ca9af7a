// The progress bar kioku draws on stderr while kiokud works on a long request (sched optimize,
// evaluate, simulate): the stage in the user's language, a bar and a percentage, redrawn in
// place from kiokud's request.progress notifications, and wiped once the wait ends, however it
// ends (docs/fsrs-optimizer.md, "Progress and cancelling").
#pragma once

#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "cli/client.hpp"
#include "cli/progress_messages.hpp"
#include "protocol/request_progress.hpp"

namespace kioku::cli {

class ProgressBar {
 public:
  // Draws only when stderr is a terminal whose TERM is not "dumb": a bar in a log file or a
  // pipe would be noise.
  explicit ProgressBar(const std::string& language);
  ~ProgressBar();  // wipes the line it drew
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // Whether it draws at all; a request asks kiokud for progress only then.
  bool shown() const noexcept { return shown_; }
  void show(const protocol::RequestProgress& progress);

  // The line for `stage` (request.progress's name) at `fraction`, at most `columns` wide: the
  // stage's words, a bar when there is room, the whole percent done, and `counting` after them
  // when it fits (a narrower bar makes room for it first).
  static std::string line(const ProgressMessages& words, std::string_view stage, double fraction,
                          int columns, std::string_view counting = {});
  // Where the timing of an import's counting starts: its first card saved, so that neither a
  // wait behind other work nor the unpacking of a package slows the rate.
  struct CountingStart {
    std::uint64_t cards = 0;
    double fraction = 0.0;
    std::int64_t elapsed_ms = 0;  // since then
  };
  // What an import's notifications add: "1200 cards · 400/s · 3s left", the rate and the time
  // left from the cards and the fraction done since `start`, only once there is enough to tell
  // them by.
  static std::string counting(const ProgressMessages& words, const std::string& language,
                              std::uint64_t cards, double fraction, const CountingStart& start);

 private:
  const ProgressMessages& words_;
  std::string language_;
  // The first notification with a card saved (its elapsed_ms unused), and when it came.
  std::optional<CountingStart> counting_start_;
  std::chrono::steady_clock::time_point counting_since_;
  bool shown_ = false;
  std::string drawn_;  // the line on the terminal now; empty: none
};

// Calls `method` on the daemon with `params`, drawing a progress bar while it waits when stderr
// is a terminal (and then asking for request.progress); returns the result as Client::call does.
// `options` as Client::call takes them (a descriptor to pass); their notification handler is the
// bar's.
boost::json::value call_showing_progress(Client& daemon, std::string_view method,
                                         boost::json::object params, const std::string& language,
                                         CallOptions options = {});

}  // namespace kioku::cli
