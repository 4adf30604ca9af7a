// The server's sessions, through a real Server on a socket in a temp directory, with a test
// handler over a real (in-memory) collection: notifications a handler pushes reach its client
// only, in order with its responses; commits are fanned out to the sessions that subscribed, and
// a write that was undone is not; a client that stops reading costs the others nothing; and the
// idle timeout runs on the server's clock, so its test moves a fake clock instead of waiting; the
// idle exit leaves a server with a client connected running, however long its clock moves on.
#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/error.hpp"
#include "daemon/server/server.hpp"
#include "daemon/server/session_set.hpp"
#include "protocol/json_rpc.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/process_sockets.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
namespace json = boost::json;

namespace {

// A server whose methods exercise sessions; everything they touch lives on the server's thread.
//   ping                   answers "pong"
//   notify {count}         pushes count notifications "test.note" {n} to its caller, then answers
//   subscribe              adds its caller to the watchers of commits
//   write                  writes into the collection (held for the group commit)
//   fail                   starts a write that fails and is undone
//   flood {count, bytes}   sends the watchers count notifications of `bytes` bytes each
//   big {bytes}            answers a string of `bytes` bytes (a read)
//   big_write {bytes}      writes, then answers as big (an acknowledgement)
//   advance {ms}           moves the server's fake clock on
//   knock                  runs the test's knock callback, then answers as ping
// Every request's id is kept, in the order they were handled (handled_ids).
class SessionServer {
 public:
  explicit SessionServer(daemon::ServerLimits limits = {})
      : server_(
            home_.root() + "/session.sock",
            [this](std::string_view line, daemon::PassedDescriptors, daemon::Session& session) {
              return handle(line, session);
            },
            fixture_.clock, limits,
            daemon::DurableWrites{[this] { return group().write_count(); },
                                  [this] { group().commit(); }}) {
    group().set_grouping(true);
    // The hook for events: after each commit, tell the watchers what it made durable.
    group().add_listener([this](const daemon::CommitEvent& event) {
      json::array writes;
      for (const daemon::Write& write : event.writes) {
        writes.push_back(json::object{
            {"kind", static_cast<int>(write.kind)}, {"deck", write.deck}, {"card", write.card}});
      }
      watchers_.notify("test.committed", json::object{{"writes", std::move(writes)}});
    });
    server_.listen();
    thread_ = std::thread([this] { server_.run(); });
  }
  ~SessionServer() {
    server_.stop();
    thread_.join();
  }
  SessionServer(const SessionServer&) = delete;
  SessionServer& operator=(const SessionServer&) = delete;

  std::string socket_path() const { return home_.root() + "/session.sock"; }

  // Set before the first knock; runs on the server's thread.
  void on_knock(std::function<void()> knock) { knock_ = std::move(knock); }

  std::vector<std::int64_t> handled_ids() const {
    const std::lock_guard<std::mutex> lock(handled_mutex_);
    return handled_ids_;
  }

 private:
  daemon::GroupCommit& group() { return fixture_.collection.group_commit(); }

  daemon::ResponseLine handle(std::string_view line, daemon::Session& session) {
    const json::value request = json::parse(line);
    const json::value& id = request.at("id");
    const std::string method(request.at("method").as_string());
    const json::object params =
        request.as_object().contains("params") ? request.at("params").as_object() : json::object{};
    json::object response = protocol::make_result(id, json::value(method));
    {
      const std::lock_guard<std::mutex> lock(handled_mutex_);
      handled_ids_.push_back(id.as_int64());
    }
    if (method == "notify") {
      for (std::int64_t n = 1; n <= params.at("count").as_int64(); ++n) {
        session.notify("test.note", json::object{{"n", n}});
      }
    } else if (method == "subscribe") {
      watchers_.add(session);
    } else if (method == "write") {
      fixture_.collection.write(daemon::Write{daemon::WriteKind::kOther, 7, 0}, [&] {
        fixture_.collection.meta().set("written", json::serialize(id));
      });
    } else if (method == "fail") {
      try {
        fixture_.collection.write([&] {
          fixture_.collection.meta().set("failed", json::serialize(id));
          throw Error(ErrorCode::kConflict, "undone");
        });
      } catch (const Error& error) {
        response = protocol::make_error(id, protocol::code::kConflict, error.what());
      }
    } else if (method == "flood") {
      const std::string filler(static_cast<std::size_t>(params.at("bytes").as_int64()), 'x');
      for (std::int64_t n = 0; n < params.at("count").as_int64(); ++n) {
        watchers_.notify("test.flood", json::object{{"filler", filler}});
      }
    } else if (method == "big" || method == "big_write") {
      if (method == "big_write") {
        fixture_.collection.write(daemon::Write{daemon::WriteKind::kOther, 7, 0}, [&] {
          fixture_.collection.meta().set("written", json::serialize(id));
        });
      }
      response = protocol::make_result(
          id,
          json::value(std::string(static_cast<std::size_t>(params.at("bytes").as_int64()), 'x')));
    } else if (method == "advance") {
      fixture_.clock.advance_ms(params.at("ms").as_int64());
    } else if (method == "knock") {
      knock_();
    }
    return {protocol::to_line(response), {json::serialize(id)}, false};
  }

  test::TempHome home_;
  test::DaemonFixture fixture_;
  daemon::SessionSet watchers_;
  std::function<void()> knock_;
  mutable std::mutex handled_mutex_;
  std::vector<std::int64_t> handled_ids_;
  daemon::Server server_;
  std::thread thread_;
};

json::value next_message(test::LineClient& client) {
  const std::optional<std::string> line = client.read_line();
  REQUIRE(line.has_value());
  return json::parse(*line);
}

// Sends a request and reads lines until its response; returns the notifications before it.
std::vector<json::value> call(test::LineClient& client, std::int64_t id, std::string_view method,
                              json::object params = {}) {
  REQUIRE(client.send(test::request_line(id, method, std::move(params)) + "\n"));
  std::vector<json::value> notifications;
  for (;;) {
    json::value message = next_message(client);
    if (message.as_object().contains("id")) {
      CHECK(message.at("id") == id);
      CHECK(message.as_object().contains("result"));
      return notifications;
    }
    notifications.push_back(std::move(message));
  }
}

}  // namespace

TEST_CASE("server session: a handler's notifications reach its own client, before its response",
          "[daemon][server][session]") {
  SessionServer server;
  test::LineClient caller(server.socket_path());
  test::LineClient other(server.socket_path());
  REQUIRE((caller.connected() && other.connected()));
  CHECK(call(other, 1, "ping").empty());

  REQUIRE(caller.send(test::request_line(2, "notify", {{"count", 2}}) + "\n"));
  for (const std::int64_t n : {1, 2}) {
    const json::value note = next_message(caller);
    INFO(json::serialize(note));
    // A JSON-RPC notification: a method and params, no id.
    CHECK(note.at("jsonrpc") == "2.0");
    CHECK(note.at("method") == "test.note");
    CHECK(note.at("params").at("n") == n);
    CHECK_FALSE(note.as_object().contains("id"));
  }
  CHECK(next_message(caller).at("id") == 2);
  // Then requests and responses go on as before.
  CHECK(call(caller, 3, "ping").empty());
  // The other client was sent nothing: its next line is its own response.
  CHECK(other.bytes_waiting() == 0);
  CHECK(call(other, 4, "ping").empty());
}

TEST_CASE("server session: a commit is told to the sessions that subscribed, an undone write not",
          "[daemon][server][session]") {
  SessionServer server;
  test::LineClient watcher(server.socket_path());
  test::LineClient bystander(server.socket_path());
  test::LineClient writer(server.socket_path());
  REQUIRE((watcher.connected() && bystander.connected() && writer.connected()));
  CHECK(call(watcher, 1, "subscribe").empty());
  CHECK(call(bystander, 2, "ping").empty());

  // The writer's response comes once the commit has returned; the watcher hears of it then.
  CHECK(call(writer, 3, "write").empty());
  const json::value committed = next_message(watcher);
  INFO(json::serialize(committed));
  CHECK(committed.at("method") == "test.committed");
  CHECK(committed.at("params").at("writes") == json::parse(R"([{"kind":2,"deck":7,"card":0}])"));

  // A write that failed was undone: no commit holds it, nobody hears of it.
  REQUIRE(writer.send(test::request_line(4, "fail") + "\n"));
  CHECK(next_message(writer).at("error").at("code") == protocol::code::kConflict);
  CHECK(call(watcher, 5, "ping").empty());

  // A writer that subscribed hears of its own commit before its response is released.
  CHECK(call(writer, 6, "subscribe").empty());
  const std::vector<json::value> before_response = call(writer, 7, "write");
  REQUIRE(before_response.size() == 1);
  CHECK(before_response[0].at("method") == "test.committed");
  CHECK(next_message(watcher).at("method") == "test.committed");

  CHECK(bystander.bytes_waiting() == 0);
  CHECK(call(bystander, 8, "ping").empty());
}

TEST_CASE("server session: a subscriber that stops reading does not stall the other clients",
          "[daemon][server][session]") {
  daemon::ServerLimits limits;
  limits.max_unsent_notification_bytes = 1024 * 1024;
  SessionServer server(limits);
  test::LineClient sleeper(server.socket_path());
  test::LineClient busy(server.socket_path());
  REQUIRE((sleeper.connected() && busy.connected()));
  CHECK(call(sleeper, 1, "subscribe").empty());

  // Below the limit the notifications wait for the sleeper, whole and in order, while the
  // other client is served.
  CHECK(call(busy, 2, "flood", {{"count", 4}, {"bytes", 64 * 1024}}).empty());
  CHECK(call(busy, 3, "ping").empty());
  for (int n = 0; n < 4; ++n) CHECK(next_message(sleeper).at("method") == "test.flood");
  CHECK(call(sleeper, 4, "ping").empty());

  // Far past it (20 MiB, more than any socket buffer holds), the sleeper's connection is
  // closed, and the busy client is answered all along.
  for (std::int64_t id = 5; id < 10; ++id) {
    CHECK(call(busy, id, "flood", {{"count", 64}, {"bytes", 64 * 1024}}).empty());
  }
  CHECK(call(busy, 10, "ping").empty());
  // The sleeper gets what reached its socket before the close, then the end.
  std::size_t received = 0;
  while (const std::optional<std::string> line = sleeper.read_line()) {
    CHECK(line->find("\"test.flood\"") != std::string::npos);
    ++received;
  }
  CHECK(received < 5 * 64);
  CHECK(sleeper.closed_by_peer());
  CHECK(call(busy, 11, "ping").empty());
}

TEST_CASE("server session: past the sum of unread replies a read's large reply is refused",
          "[daemon][server][session]") {
  daemon::ServerLimits limits;
  limits.max_unread_bytes = 8 * 1024 * 1024;
  SessionServer server(limits);
  constexpr std::int64_t kBig = 3 * 1024 * 1024;  // far more than a socket's buffer takes
  test::LineClient first(server.socket_path());
  test::LineClient second(server.socket_path());
  test::LineClient third(server.socket_path());
  REQUIRE((first.connected() && second.connected() && third.connected()));
  // Two clients ask for 3 MiB each and read nothing yet: 6 MiB held.
  REQUIRE(first.send(test::request_line(1, "big", {{"bytes", kBig}}) + "\n"));
  REQUIRE(test::poll_until([&] { return first.bytes_waiting() > 0; }));
  REQUIRE(second.send(test::request_line(2, "big", {{"bytes", kBig}}) + "\n"));
  REQUIRE(test::poll_until([&] { return second.bytes_waiting() > 0; }));

  // A third's would make 9 MiB: refused, saying why, in both languages.
  const json::value refused = third.request(test::request_line(3, "big", {{"bytes", kBig}}));
  REQUIRE(refused.as_object().contains("error"));
  CHECK(refused.at("id") == 3);
  CHECK(refused.at("error").at("code") == protocol::code::kUnavailable);
  CHECK(std::string(refused.at("error").at("message").as_string()) ==
        "a reply of 3 MiB is not sent: kiokud already holds 6 MiB of replies that clients have "
        "not read (at most 8 MiB); ask again later, or for less");
  CHECK(refused.at("error").at("data").at("messages").at("ja").as_string().find("6 MiB") !=
        json::string::npos);
  // A small reply, and a write's acknowledgement however large, are sent all the same.
  CHECK(third.request(test::request_line(4, "ping")).at("result") == "ping");
  const json::value acknowledged =
      third.request(test::request_line(5, "big_write", {{"bytes", kBig}}));
  CHECK(acknowledged.at("result").as_string().size() == static_cast<std::size_t>(kBig));

  // Once the first has read its reply, the third's is held again.
  const json::value first_reply = json::parse(*first.read_line());
  CHECK(first_reply.at("result").as_string().size() == static_cast<std::size_t>(kBig));
  const json::value answered = third.request(test::request_line(6, "big", {{"bytes", kBig}}));
  CHECK(answered.at("result").as_string().size() == static_cast<std::size_t>(kBig));
  CHECK(json::parse(*second.read_line()).at("result").as_string().size() ==
        static_cast<std::size_t>(kBig));
}

TEST_CASE(
    "server session: an idle client is disconnected once the server's clock passes its "
    "deadline",
    "[daemon][server][session]") {
  daemon::ServerLimits limits;
  limits.idle_timeout = std::chrono::seconds(60);
  SessionServer server(limits);
  test::LineClient idle(server.socket_path());
  REQUIRE(idle.connected());
  CHECK(call(idle, 1, "ping").empty());  // served: its deadline runs from now

  test::LineClient active(server.socket_path());
  REQUIRE(active.connected());
  CHECK(call(active, 2, "advance", {{"ms", 59'999}}).empty());
  // A minute less a millisecond: nobody is idle yet (a newcomer is when deadlines are looked at).
  test::LineClient early(server.socket_path());
  REQUIRE(early.connected());
  CHECK(call(early, 3, "ping").empty());
  CHECK(idle.bytes_waiting() == 0);
  CHECK(call(idle, 4, "ping").empty());  // and its deadline runs from now again

  CHECK(call(active, 5, "advance", {{"ms", 60'000}}).empty());
  test::LineClient newcomer(server.socket_path());
  REQUIRE(newcomer.connected());
  CHECK(call(newcomer, 6, "ping").empty());
  CHECK(idle.closed_by_peer());
  // The client whose request moved the clock was not idle, and the server serves on.
  CHECK(call(active, 7, "ping").empty());
  CHECK(call(newcomer, 8, "ping").empty());
}

TEST_CASE("server session: the idle exit never stops a server that has a client connected",
          "[daemon][server][session]") {
  daemon::ServerLimits limits;
  limits.idle_exit = std::chrono::seconds(1);
  SessionServer server(limits);
  test::LineClient staying(server.socket_path());
  REQUIRE(staying.connected());
  // An hour on the server's clock: far past the idle exit, had nobody been connected.
  CHECK(call(staying, 1, "advance", {{"ms", 3'600'000}}).empty());
  {
    // A session beginning and ending is when the idle exit looks again: it must see `staying`.
    test::LineClient passing(server.socket_path());
    REQUIRE(passing.connected());
    CHECK(call(passing, 2, "ping").empty());
  }
  test::LineClient later(server.socket_path());
  REQUIRE(later.connected());
  CHECK(call(later, 3, "ping").empty());
  CHECK(call(staying, 4, "ping").empty());
}

TEST_CASE(
    "server session: a client that sends many requests without waiting takes turns with the "
    "others",
    "[daemon][server][session]") {
  SessionServer server;
  test::LineClient flooder(server.socket_path());
  test::LineClient other(server.socket_path());
  REQUIRE((flooder.connected() && other.connected()));
  // While the flooder's first request is handled, its 199 others already read behind it, the
  // other client asks once.
  // On the server's thread: told back through an atomic, as Catch's assertions are not for two
  // threads at once (TSan).
  std::atomic<bool> knocked{false};
  server.on_knock([&] { knocked = other.send(test::request_line(1000, "ping") + "\n"); });
  std::string lines = test::request_line(1, "knock") + "\n";
  for (std::int64_t id = 2; id <= 200; ++id) lines += test::request_line(id, "ping") + "\n";
  REQUIRE(lines.size() < 16 * 1024);  // one read of the server's brings them all
  REQUIRE(flooder.send(lines));

  CHECK(next_message(other).at("id") == 1000);
  CHECK(knocked);
  for (std::int64_t id = 1; id <= 200; ++id) CHECK(next_message(flooder).at("id") == id);
  // Its request came a few of the flooder's after the knock, not after all 200: each line after
  // the first of one read waits behind what else is ready.
  const std::vector<std::int64_t> handled = server.handled_ids();
  REQUIRE(handled.size() == 201);
  const auto place = std::find(handled.begin(), handled.end(), 1000) - handled.begin();
  INFO("the other client's request was handled at place " << place);
  CHECK(place < 20);
}
