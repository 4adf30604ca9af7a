// The signals that stop kiokud (SIGINT, SIGTERM, SIGHUP), read from a signalfd on the server's
// io_context instead of caught by a handler. They are blocked from the moment the server exists,
// so one that comes before the event loop runs waits in the kernel rather than being lost; and
// no code runs in signal context. A handler-based asio::signal_set lost a SIGTERM sent right
// after kiokud said it was ready, under ThreadSanitizer, which defers handlers
// (docs/decisions.md "Stop signals through a signalfd").
#pragma once

#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <functional>

namespace kioku::daemon {

class StopSignals {
 public:
  // Blocks the three signals in the calling thread (kiokud has no other) and opens the signalfd
  // that receives them. Throws Error (kUnavailable) when it cannot open one.
  explicit StopSignals(boost::asio::io_context& io);
  // Drops the signals still waiting, then gives the thread its signal mask back.
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // Runs `received` with the signal's number once one of them comes (or came since the
  // construction), on the io_context's thread.
  void async_wait(std::function<void(int signal_number)> received);
  // Stops the wait, so that the io_context can run out of work.
  void cancel();

 private:
  void drain() noexcept;

  sigset_t blocked_{};
  sigset_t previous_mask_{};
  boost::asio::posix::stream_descriptor signals_;
};

}  // namespace kioku::daemon
