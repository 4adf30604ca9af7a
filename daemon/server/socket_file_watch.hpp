// Tells the server when its socket file may have gone (a tmp cleaner, an `rm`): inotify on the
// socket's directory, and a look every few seconds while that cannot watch (inotify exhausted,
// the directory itself gone). Without its file no client reaches a daemon that still holds the
// collection, and each new client would try to start a second one (docs/faults.md).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <string>

namespace kioku::daemon {

class SocketFileWatch {
 public:
  // How long between looks when inotify cannot watch, and before retrying a failed rebind.
  static constexpr std::chrono::seconds kLookInterval{5};

  // `changed` runs on the io_context's thread whenever the directory holding `socket_path`
  // changed, or kLookInterval after look_again(); it looks at the file itself.
  SocketFileWatch(boost::asio::io_context& io, std::string socket_path,
                  std::function<void()> changed);
  SocketFileWatch(const SocketFileWatch&) = delete;
  SocketFileWatch& operator=(const SocketFileWatch&) = delete;

  // (Re)starts watching the socket's directory as it is now (after a bind, it may be a new one).
  // Falls back to looking every kLookInterval when inotify refuses.
  void watch();
  // Runs `changed` again after kLookInterval (after a failed rebind).
  void look_again();
  // Stops every wait, so that the io_context can run out of work.
  void stop();

 private:
  void wait_for_events();

  std::string directory_;
  std::function<void()> changed_;
  boost::asio::posix::stream_descriptor events_;
  boost::asio::steady_timer timer_;
  int watch_ = -1;
  bool waiting_ = false;
  bool stopped_ = false;
};

}  // namespace kioku::daemon
