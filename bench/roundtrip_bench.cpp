// kioku_roundtrip_bench: one client, sequential requests, round trips through kiokud beside
// round trips through kioku_echo_server, in the same run and through the same code. Request i
// goes to kiokud, then a request of exactly the same length goes to the echo, which answers
// with a line as long as kiokud's answer was; so the two differ only in what the server does.
//
// Usage: kioku_roundtrip_bench --daemon SOCKET --echo SOCKET
//          --method review.answer|review.next|due.counts [--params FILE] [--requests N]
//          [--warmup N]
// Request i's params are line i of FILE (one JSON object a line, cycled through; `{}` without
// FILE): for review.answer a card and its answer ({"card":12,"choice":1}, {"card":13,
// "rating":"good"}, {"card":14,"typed":"memory"}), for review.next a deck ({"deck":"bench-1"}).
// Prints one JSON object: latencies in microseconds (mean, p50, p99) for each, and the ratio
// of the means.
#include <sys/socket.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/round_trip.hpp"

namespace {

using kioku::bench::echo_request;
using kioku::bench::json_summary;
using kioku::bench::LineConnection;
using kioku::bench::summarize;
using kioku::bench::Summary;

std::string daemon_request(const std::string& method, std::int64_t id,
                           const std::vector<std::string>& params_lines) {
  const std::string params = params_lines.empty()
                                 ? "{}"
                                 : params_lines[static_cast<std::size_t>(id) % params_lines.size()];
  return "{\"jsonrpc\":\"2.0\",\"id\":" + std::to_string(id) + ",\"method\":\"" + method +
         "\",\"params\":" + params + "}\n";
}

// The kind of the card a review.next response shows, or "" when it shows none.
std::string shown_kind(const std::string& response) {
  const std::size_t card = response.find("\"card\":{");
  if (card == std::string::npos) return "";
  const std::string key = "\"kind\":\"";
  const std::size_t kind = response.find(key, card);
  if (kind == std::string::npos) return "";
  const std::size_t start = kind + key.size();
  return response.substr(start, response.find('"', start) - start);
}

}  // namespace

int main(int argc, char** argv) {
  std::string daemon_socket;
  std::string echo_socket;
  std::string method = "review.answer";
  std::string params_file;
  int requests = 2000;
  int warmup = 50;
  CLI::App app{"kioku_roundtrip_bench: kiokud round trips beside a raw echo"};
  app.add_option("--daemon", daemon_socket, "kiokud's socket")->required();
  app.add_option("--echo", echo_socket, "kioku_echo_server's socket")->required();
  app.add_option("--method", method, "review.answer, review.next or due.counts")
      ->check(CLI::IsMember({"review.answer", "review.next", "due.counts"}));
  app.add_option("--params", params_file, "the requests' params, one JSON object a line");
  app.add_option("--requests", requests, "timed requests to each server")
      ->check(CLI::PositiveNumber);
  app.add_option("--warmup", warmup, "untimed requests first")->check(CLI::NonNegativeNumber);
  CLI11_PARSE(app, argc, argv);
  try {
    std::vector<std::string> params_lines;
    if (!params_file.empty()) {
      std::ifstream input(params_file);
      for (std::string line; std::getline(input, line);) {
        if (!line.empty()) params_lines.push_back(line);
      }
      if (params_lines.empty()) throw std::runtime_error("--params holds no line: " + params_file);
    }
    if (method == "review.answer" && params_lines.empty()) {
      throw std::runtime_error("review.answer needs --params: the cards to answer");
    }
    LineConnection daemon(daemon_socket);
    LineConnection echo(echo_socket);
    std::vector<double> daemon_us;
    std::vector<double> echo_us;
    std::string card_kind;  // of the card the first timed response shows
    std::size_t request_bytes = 0;
    std::size_t response_bytes = 0;
    using Clock = std::chrono::steady_clock;
    const auto micros = [](Clock::duration span) {
      return std::chrono::duration<double, std::micro>(span).count();
    };
    for (int index = 0; index < warmup + requests; ++index) {
      const std::string request = daemon_request(method, index + 1, params_lines);
      const auto daemon_start = Clock::now();
      const std::string& response = daemon.exchange(request);
      const auto daemon_end = Clock::now();
      if (response.find("\"result\"") == std::string::npos) {
        throw std::runtime_error("kiokud answered with an error: " + response);
      }
      if (method == "review.next" && response.find("\"card\":null") != std::string::npos) {
        throw std::runtime_error("review.next found no card: " + response);
      }
      if (index == warmup) card_kind = shown_kind(response);
      const std::string echo_line = echo_request(request.size(), response.size());
      const auto echo_start = Clock::now();
      const std::string& echoed = echo.exchange(echo_line);
      const auto echo_end = Clock::now();
      if (echoed.size() != response.size()) throw std::runtime_error("echo answered wrongly");
      if (index < warmup) continue;
      daemon_us.push_back(micros(daemon_end - daemon_start));
      echo_us.push_back(micros(echo_end - echo_start));
      request_bytes += request.size();
      response_bytes += response.size();
    }
    const Summary daemon_summary = summarize(daemon_us);
    const Summary echo_summary = summarize(echo_us);
    std::cout << "{\"method\":\"" << method << "\",\"requests\":" << requests
              << ",\"mean_request_bytes\":" << request_bytes / daemon_us.size()
              << ",\"mean_response_bytes\":" << response_bytes / daemon_us.size() << ","
              << json_summary("kiokud", daemon_summary) << "," << json_summary("echo", echo_summary)
              << ",\"ratio\":" << daemon_summary.mean_us / echo_summary.mean_us
              << ",\"card_kind\":\"" << card_kind << "\"}\n";
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "kioku_roundtrip_bench: " << error.what() << '\n';
    return 1;
  }
}
