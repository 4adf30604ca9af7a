// Client threads that answer as fast as kiokud acknowledges, each timing its own requests.
#include "tests/support/answer_load.hpp"

#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "protocol/methods.hpp"
#include "tests/support/line_client.hpp"

namespace kioku::test {

namespace json = boost::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kFailureSamples = 5;
const char* const kRightRatings[] = {"hard", "good", "easy"};

// What one client thread found; merged after the threads are joined.
struct ClientOutcome {
  std::vector<AcknowledgedAnswer> acknowledged;
  std::vector<double> latencies_ms;
  std::int64_t failures = 0;
  std::vector<std::string> failure_samples;
  std::int64_t stats_calls = 0;

  void fail(std::string what) {
    ++failures;
    if (failure_samples.size() < kFailureSamples) failure_samples.push_back(std::move(what));
  }
};

// The review.answer request for `card`, with its newline, into `line`.
void answer_request(std::string& line, std::int64_t id, const CardToAnswer& card,
                    std::string_view rating, std::int64_t duration_ms) {
  line.clear();
  line.append(R"({"jsonrpc":"2.0","id":)").append(std::to_string(id));
  line.append(R"(,"method":")").append(protocol::kReviewAnswer.name);
  line.append(R"(","params":{"card":)").append(std::to_string(card.id));
  line.append(R"(,"choice":)").append(std::to_string(card.right_choice));
  line.append(R"(,"rating":")").append(rating);
  line.append(R"(","duration_ms":)").append(std::to_string(duration_ms)).append("}}\n");
}

// `line` parsed into `memory`, or null when it is not JSON (json::parser::write wants one whole
// value: a value cut short is an error, not a throw in release()).
json::value parsed(json::parser& parser, json::monotonic_resource& memory, std::string_view line) {
  json::error_code error;
  parser.reset(&memory);
  parser.write(line, error);
  return error ? json::value() : parser.release();
}

void answer_cards(const AnswerLoad& load, int client_index, std::int64_t answers,
                  ClientOutcome& outcome) {
  LineClient client(load.socket_path);
  if (!client.connected()) {
    outcome.fail("client " + std::to_string(client_index) + " could not connect");
    return;
  }
  std::mt19937_64 random(load.seed + static_cast<std::uint64_t>(client_index));
  std::uniform_int_distribution<std::size_t> pick_card(0, load.cards.size() - 1);
  std::uniform_int_distribution<int> pick_rating(0, 2);
  outcome.acknowledged.reserve(static_cast<std::size_t>(answers));
  outcome.latencies_ms.reserve(static_cast<std::size_t>(answers));
  // The client's own work per answer stays small beside kiokud's (a lone client's rate is
  // compared with SQLite's): the request is written into one reused string and the reply parsed
  // into a reused buffer, not a tree of allocations each time.
  std::string line;
  unsigned char parse_buffer[4096];
  json::parser parser;
  for (std::int64_t id = 1; id <= answers; ++id) {
    const CardToAnswer& card = load.cards[pick_card(random)];
    answer_request(line, id, card, kRightRatings[pick_rating(random)], 1000 + id % 5000);
    const auto sent = Clock::now();
    const std::optional<std::string> reply =
        client.send(line) ? client.read_line() : std::optional<std::string>();
    const auto answered = Clock::now();
    json::monotonic_resource memory(parse_buffer, sizeof parse_buffer);
    // Made from the parser's value, not assigned to: an assignment across two storages copies.
    const json::value response = reply ? parsed(parser, memory, *reply) : json::value();
    const json::object* object = response.if_object();
    const json::value* result = object ? object->if_contains("result") : nullptr;
    if (result == nullptr || !result->is_object() || result->at("card") != card.id) {
      outcome.fail("review.answer for card " + std::to_string(card.id) + ": " +
                   (reply ? *reply : std::string("no reply")));
      if (!reply) return;  // the connection is gone
      continue;
    }
    outcome.acknowledged.push_back({result->at("review_id").as_int64(), card.id});
    outcome.latencies_ms.push_back(
        std::chrono::duration<double, std::milli>(answered - sent).count());
  }
}

void loop_stats(const AnswerLoad& load, const std::atomic<bool>& answers_done,
                ClientOutcome& outcome) {
  LineClient client(load.socket_path);
  if (!client.connected()) {
    outcome.fail("a stats client could not connect");
    return;
  }
  for (std::int64_t id = 1; !answers_done.load(); ++id) {
    const json::value response = client.request(request_line(id, protocol::kStatsSummary.name, {}));
    const json::object* object = response.if_object();
    if (object == nullptr || !object->contains("result")) {
      outcome.fail("stats.summary: " +
                   (response.is_null() ? std::string("no reply") : json::serialize(response)));
      if (response.is_null()) return;
      continue;
    }
    ++outcome.stats_calls;
  }
}

}  // namespace

double AnswerLoadResult::answers_per_second() const {
  return seconds > 0 ? static_cast<double>(acknowledged.size()) / seconds : 0;
}

double AnswerLoadResult::latency_percentile_ms(double fraction) const {
  if (latencies_ms.empty()) return 0;
  const auto last = static_cast<double>(latencies_ms.size() - 1);
  return latencies_ms[static_cast<std::size_t>(fraction * last + 0.5)];
}

AnswerLoadResult run_answer_load(const AnswerLoad& load) {
  std::vector<ClientOutcome> answerers(static_cast<std::size_t>(load.answer_clients));
  std::vector<ClientOutcome> readers(static_cast<std::size_t>(load.stats_clients));
  std::atomic<bool> answers_done{false};
  const auto start = Clock::now();
  std::vector<std::thread> readers_threads;
  for (ClientOutcome& reader : readers) {
    readers_threads.emplace_back([&] { loop_stats(load, answers_done, reader); });
  }
  std::vector<std::thread> answer_threads;
  for (int index = 0; index < load.answer_clients; ++index) {
    const std::int64_t share =
        load.answers / load.answer_clients + (index < load.answers % load.answer_clients ? 1 : 0);
    answer_threads.emplace_back([&, index, share] {
      answer_cards(load, index, share, answerers[static_cast<std::size_t>(index)]);
    });
  }
  for (std::thread& thread : answer_threads) thread.join();
  const auto end = Clock::now();
  answers_done = true;
  for (std::thread& thread : readers_threads) thread.join();

  AnswerLoadResult result;
  result.seconds = std::chrono::duration<double>(end - start).count();
  for (std::vector<ClientOutcome>* group : {&answerers, &readers}) {
    for (ClientOutcome& outcome : *group) {
      result.acknowledged.insert(result.acknowledged.end(), outcome.acknowledged.begin(),
                                 outcome.acknowledged.end());
      result.latencies_ms.insert(result.latencies_ms.end(), outcome.latencies_ms.begin(),
                                 outcome.latencies_ms.end());
      result.failures += outcome.failures;
      for (std::string& sample : outcome.failure_samples) {
        if (result.failure_samples.size() < kFailureSamples) {
          result.failure_samples.push_back(std::move(sample));
        }
      }
      result.stats_calls += outcome.stats_calls;
    }
  }
  std::sort(result.latencies_ms.begin(), result.latencies_ms.end());
  return result;
}

}  // namespace kioku::test
