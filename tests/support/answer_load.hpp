// Many concurrent clients answering cards through a real kiokud socket, optionally beside
// clients that loop stats.summary. Shared by the load test (tests/e2e/load_test.cpp), which
// checks what was acknowledged, and the benchmark (bench/answers_vs_sqlite.cpp), which reports
// throughput and latency.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kioku::test {

// A card to answer and its right choice; the load always answers right (Hard, Good or Easy),
// so no card lapses into a leech and gets suspended under another client's answer.
struct CardToAnswer {
  std::int64_t id = 0;
  std::int64_t right_choice = 1;
};

struct AnswerLoad {
  std::string socket_path;
  std::vector<CardToAnswer> cards;
  int answer_clients = 64;
  std::int64_t answers = 100'000;  // in all, shared out among the answer clients
  int stats_clients = 0;           // loop stats.summary until the answers are done
  std::uint64_t seed = 20260601;
};

struct AcknowledgedAnswer {
  std::int64_t review_id = 0;
  std::int64_t card = 0;
};

struct AnswerLoadResult {
  std::vector<AcknowledgedAnswer> acknowledged;
  std::int64_t failures = 0;                 // error responses, lost connections, malformed replies
  std::vector<std::string> failure_samples;  // the first few, as received
  std::vector<double> latencies_ms;          // of every acknowledged answer, sorted
  std::int64_t stats_calls = 0;
  double seconds = 0;  // from the first request to the last response

  double answers_per_second() const;
  // The latency at `fraction` (0.5 for p50) of the sorted latencies; 0 when there are none.
  double latency_percentile_ms(double fraction) const;
};

// Runs the load: every client on its own thread with its own connection. Returns once all
// answers are sent and answered (or their clients failed).
AnswerLoadResult run_answer_load(const AnswerLoad& load);

}  // namespace kioku::test
