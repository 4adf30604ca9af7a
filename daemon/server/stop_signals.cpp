#include "daemon/server/stop_signals.hpp"

#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"

namespace kioku::daemon {

namespace asio = boost::asio;

StopSignals::StopSignals(asio::io_context& io) : signals_(io) {
  ::sigemptyset(&blocked_);
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) ::sigaddset(&blocked_, signal_number);
  ::pthread_sigmask(SIG_BLOCK, &blocked_, &previous_mask_);
  const int descriptor = ::signalfd(-1, &blocked_, SFD_NONBLOCK | SFD_CLOEXEC);
  if (descriptor < 0) {
    const int error = errno;
    ::pthread_sigmask(SIG_SETMASK, &previous_mask_, nullptr);
    throw Error(ErrorCode::kUnavailable,
                bilingual_with("cannot watch for stop signals (signalfd): {reason}",
                               "停止シグナルを監視できません（signalfd）: {reason}", "reason",
                               system_error_reason(error)));
  }
  signals_.assign(descriptor);
}

StopSignals::~StopSignals() {
  drain();
  boost::system::error_code ignored;
  signals_.close(ignored);
  ::pthread_sigmask(SIG_SETMASK, &previous_mask_, nullptr);
}

void StopSignals::async_wait(std::function<void(int signal_number)> received) {
  signals_.async_wait(
      asio::posix::stream_descriptor::wait_read,
      [this, received = std::move(received)](const boost::system::error_code& error) {
        if (error) return;
        signalfd_siginfo info{};
        if (::read(signals_.native_handle(), &info, sizeof info) !=
            static_cast<ssize_t>(sizeof info)) {
          async_wait(received);  // taken by nobody else; wait for the next
          return;
        }
        received(static_cast<int>(info.ssi_signo));
      });
}

void StopSignals::cancel() {
  boost::system::error_code ignored;
  signals_.cancel(ignored);
}

// A second SIGTERM sent while kiokud was stopping would otherwise take its default action the
// moment the mask is given back, turning a clean stop into a death by signal.
void StopSignals::drain() noexcept {
  if (!signals_.is_open()) return;
  signalfd_siginfo info{};
  while (::read(signals_.native_handle(), &info, sizeof info) ==
         static_cast<ssize_t>(sizeof info)) {
  }
}

}  // namespace kioku::daemon
