// The progress bar kioku draws on stderr while kiokud works on a long request (sched optimize,
// evaluate, simulate): the stage in the user's language, a bar and a percentage, redrawn in
// place from kiokud's request.progress notifications, and wiped once the wait ends, however it
// ends (docs/fsrs-optimizer.md, "Progress and cancelling").
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>

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
  // stage's words, a bar when there is room, and the whole percent done.
  static std::string line(const ProgressMessages& words, std::string_view stage, double fraction,
                          int columns);

 private:
  const ProgressMessages& words_;
  bool shown_ = false;
  std::string drawn_;  // the line on the terminal now; empty: none
};

// Calls `method` on the daemon with `params`, drawing a progress bar while it waits when stderr
// is a terminal (and then asking for request.progress); returns the result as Client::call does.
boost::json::value call_showing_progress(Client& daemon, std::string_view method,
                                         boost::json::object params, const std::string& language);

}  // namespace kioku::cli
