// The check runs on its own thread, its connection used by that thread alone until the join; the
// owner only interrupts it (sqlite3_interrupt may be called from any thread while the
// connection is open).
#include "daemon/store/quick_check_beside.hpp"

#include <exception>
#include <system_error>

namespace kioku::daemon {

QuickCheckBeside::QuickCheckBeside(const std::string& uri, int flags,
                                   const std::function<void(sqlite::Database&)>& configure)
    : database_(uri, flags) {
  configure(database_);
  // At every instruction: the check's first ones, before its pass over the b-trees, must see
  // a stop that came before the check began. Its rows' checks are a million instructions on
  // a 20,000-note package, and this costs a load each.
  sqlite3_progress_handler(
      database_.handle(), 1,
      [](void* self) -> int {
        return static_cast<QuickCheckBeside*>(self)->stopping_.load(std::memory_order_relaxed) ? 1
                                                                                               : 0;
      },
      this);
  try {
    thread_ = std::thread([this] { run(); });
  } catch (const std::system_error&) {
    run();  // no thread to be had: checked before the reading, as it once was
  }
}

QuickCheckBeside::~QuickCheckBeside() {
  // No failure() can run now: its callers have stopped before the file is let go of.
  if (thread_.joinable()) {
    stopping_.store(true);
    // Also inside the pass over the b-trees, which runs as one instruction.
    sqlite3_interrupt(database_.handle());
    thread_.join();
  }
}

std::optional<QuickCheckFailure> QuickCheckBeside::failure() {
  std::call_once(joined_, [this] {
    if (thread_.joinable()) thread_.join();
  });
  if (passed_) return std::nullopt;
  return failure_;
}

void QuickCheckBeside::run() noexcept {
  // passed_ is set last, so that whatever fails on the way (memory for the finding's text
  // too) leaves the file failed.
  try {
    sqlite::Statement check = database_.prepare("PRAGMA quick_check");
    if (check.step() && check.column_text(0) == "ok") {
      passed_ = true;
    } else {
      failure_.finding = check.column_text(0);
    }
  } catch (const std::exception& error) {
    try {
      failure_ = {error.what(), true};
    } catch (...) {
      failure_.stopped = true;
    }
  }
}

}  // namespace kioku::daemon
