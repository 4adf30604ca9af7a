// What the latency benchmarks share: a blocking line exchange over a Unix socket (the same code
// talks to kiokud and to kioku_echo_server, so the two differ only in what the server does),
// the echo's request form, and mean/p50/p99 of a set of samples.
#pragma once

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/client.hpp"

namespace kioku::bench {

// A blocking line exchange; the same code talks to kiokud and to the echo.
class LineConnection {
 public:
  explicit LineConnection(const std::string& socket_path)
      : descriptor_(kioku::cli::try_connect(socket_path)) {
    if (descriptor_ < 0) {
      throw std::runtime_error("cannot connect to " + socket_path + ": " + std::strerror(errno));
    }
  }
  ~LineConnection() { ::close(descriptor_); }
  LineConnection(const LineConnection&) = delete;
  LineConnection& operator=(const LineConnection&) = delete;

  // Sends `request` (ending in '\n') and returns the response line, '\n' included.
  const std::string& exchange(const std::string& request) {
    std::size_t sent = 0;
    while (sent < request.size()) {
      const ssize_t written =
          ::send(descriptor_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (written < 0 && errno == EINTR) continue;
      if (written < 0) throw std::runtime_error(std::string("send: ") + std::strerror(errno));
      sent += static_cast<std::size_t>(written);
    }
    response_.clear();
    for (;;) {
      char chunk[65536];
      const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, 0);
      if (received < 0 && errno == EINTR) continue;
      if (received <= 0) throw std::runtime_error("the server closed the connection");
      response_.append(chunk, static_cast<std::size_t>(received));
      if (response_.back() == '\n') return response_;
    }
  }

 private:
  int descriptor_;
  std::string response_;
};

struct Summary {
  double mean_us = 0;
  double p50_us = 0;
  double p99_us = 0;
};

inline Summary summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  Summary summary;
  summary.mean_us =
      std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(samples.size());
  summary.p50_us = samples[samples.size() / 2];
  summary.p99_us = samples[std::min(samples.size() - 1, samples.size() * 99 / 100)];
  return summary;
}

// An echo request as long as `request`, asking for a response of `response_bytes`.
inline std::string echo_request(std::size_t request_bytes, std::size_t response_bytes) {
  std::string line = std::to_string(response_bytes) + " ";
  line.resize(std::max(request_bytes, line.size() + 1) - 1, 'x');
  return line + '\n';
}

// `"name":{"mean_us":…,"p50_us":…,"p99_us":…}`, for the benchmarks' one-line JSON results.
inline std::string json_summary(const char* name, const Summary& summary) {
  char text[200];
  std::snprintf(text, sizeof text, "\"%s\":{\"mean_us\":%.2f,\"p50_us\":%.2f,\"p99_us\":%.2f}",
                name, summary.mean_us, summary.p50_us, summary.p99_us);
  return text;
}

}  // namespace kioku::bench
