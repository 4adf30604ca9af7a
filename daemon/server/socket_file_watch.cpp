// The events are only a wake-up: whatever they say, the server then looks at the path itself, so
// merged or overflowed events cannot mislead it.
#include "daemon/server/socket_file_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <iostream>

#include "daemon/log_priority.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace asio = boost::asio;

namespace {

// Everything that can take a file out of a directory, or the directory away.
constexpr std::uint32_t kWatchedEvents = IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE |
                                         IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;

}  // namespace

SocketFileWatch::SocketFileWatch(asio::io_context& io, std::string socket_path,
                                 std::function<void()> changed)
    : directory_(protocol::parent_directory(socket_path)),
      changed_(std::move(changed)),
      events_(io),
      timer_(io) {
  const int descriptor = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (descriptor >= 0) events_.assign(descriptor);
}

void SocketFileWatch::watch() {
  if (stopped_) return;
  if (events_.is_open()) {
    if (watch_ >= 0) ::inotify_rm_watch(events_.native_handle(), watch_);
    watch_ = ::inotify_add_watch(events_.native_handle(), directory_.c_str(), kWatchedEvents);
  }
  if (watch_ < 0) {
    std::cerr << log_warning << "kiokud: cannot watch " << directory_
              << " with inotify; looking at the socket "
              << "file every " << kLookInterval.count() << " s instead\n";
    look_again();
    return;
  }
  wait_for_events();
}

void SocketFileWatch::wait_for_events() {
  if (waiting_ || stopped_)
    return;  // watch() after a rebind: the wait already pending serves the new watch
  waiting_ = true;
  events_.async_wait(asio::posix::stream_descriptor::wait_read,
                     [this](const boost::system::error_code& error) {
                       waiting_ = false;
                       if (error || stopped_) return;
                       alignas(inotify_event) char buffer[4096];
                       while (::read(events_.native_handle(), buffer, sizeof buffer) > 0) {
                       }
                       changed_();
                       wait_for_events();
                     });
}

void SocketFileWatch::look_again() {
  if (stopped_) return;
  timer_.expires_after(kLookInterval);
  timer_.async_wait([this](const boost::system::error_code& error) {
    if (error || stopped_) return;
    changed_();
    if (watch_ < 0) look_again();  // no inotify: keep looking
  });
}

void SocketFileWatch::stop() {
  stopped_ = true;
  boost::system::error_code ignored;
  events_.close(ignored);
  timer_.cancel();
}

}  // namespace kioku::daemon
