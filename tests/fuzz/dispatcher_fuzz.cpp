// libFuzzer target for what a client can send kiokud: the line framing, the JSON-RPC decoder and
// the dispatcher with every method behind it, over a fresh in-memory collection per input.
//
// Framing: kiokud's session (daemon/server/server.cpp, Asio) splits its bytes with
// protocol::LineFraming (up to '\n', one trailing '\r' dropped, a line longer than
// protocol::kMaxLineBytes refused and the connection closed), skips blank lines and hands every
// other line to dispatch_line. Asio itself is left out; this target splits the input bytes with
// the same LineFraming and feeds the lines to dispatch_line in order, as one session would.
// Bytes after the last '\n' are never dispatched, as in the session.
//
// Each line is also read by protocol::parse_line and Boost.JSON's parse(), which must agree.
//
// One addition to reach cards that are due days later: a line "#N" (N decimal digits) is not
// sent but moves the fake clock on by N hours (a real kiokud would answer it with a parse
// error, which other lines already cover). Every other line also moves the clock by a second.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include <sqlite3.h>

#include <boost/json.hpp>

#include "core/clock.hpp"
#include "core/day_calendar.hpp"
#include "daemon/importers/deck_importer.hpp"
#include "daemon/methods/dispatcher.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"
#include "protocol/framing.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/line_framing.hpp"
#include "protocol/message_parser.hpp"

namespace {

namespace json = boost::json;
using namespace kioku;

// 2026-06-01T10:00:00Z, as in tests/daemon/daemon_fixture.hpp.
constexpr TimestampMs kMorning = 1780308000000;

// deck.import needs absolute paths; the seeds name these two files, written at start-up.
constexpr const char* kFuzzDirectory = "/tmp/kioku-fuzz";
constexpr const char* kGoodDeck = R"(format = 1
languages = ["en"]
[deck]
id = "fuzz"
name.en = "Fuzz"
[[cards]]
id = "f-1"
kind = "choice"
question.en = "Q?"
choices.en = ["a", "b"]
answer = 1
explanation.en = "E."
)";
constexpr const char* kBadDeck = "format = 1\nlanguages = [\"en\"]\n[deck]\nid = \"Bad Id\"\n";

void write_file(const std::string& path, const char* text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

[[noreturn]] void fail(const char* what, std::string_view response) {
  std::fprintf(stderr, "dispatcher_fuzz: %s\nresponse: %.*s\n", what,
               static_cast<int>(response.size()), response.data());
  std::abort();
}

// One response object: JSON-RPC 2.0 with a result or an error that is not "internal error".
// dispatch_line turns any exception other than kioku::Error into -32603 and carries on; such an
// exception is a bug (core/error.hpp: kInternal is "a bug"), so here it crashes the fuzzer.
void check_response_object(const json::value& value, std::string_view line) {
  const json::object* object = value.if_object();
  if (object == nullptr) fail("a response is not an object", line);
  const json::value* version = object->if_contains("jsonrpc");
  if (version == nullptr || !version->is_string() || version->as_string() != "2.0") {
    fail("a response lacks \"jsonrpc\": \"2.0\"", line);
  }
  if (!object->contains("id")) fail("a response lacks its id", line);
  const json::value* error = object->if_contains("error");
  if (error == nullptr) {
    if (!object->contains("result")) fail("a response has neither result nor error", line);
    return;
  }
  const json::value* code = error->is_object() ? error->as_object().if_contains("code") : nullptr;
  if (code == nullptr || !code->is_int64()) fail("an error without an integer code", line);
  if (code->as_int64() == protocol::code::kInternalError) {
    fail("internal error: an exception other than kioku::Error escaped a handler", line);
  }
}

// A response is empty (notifications only) or one line of JSON: an object or a non-empty array.
void check_response(std::string_view response) {
  if (response.empty()) return;
  if (response.back() != '\n') fail("a response does not end in '\\n'", response);
  if (response.find('\n') != response.size() - 1) fail("a response spans lines", response);
  json::error_code error;
  const json::value value = json::parse(response, error);
  if (error) fail("a response is not valid JSON", response);
  if (const json::array* batch = value.if_array()) {
    if (batch->empty()) fail("an empty batch response", response);
    for (const json::value& entry : *batch) check_response_object(entry, response);
  } else {
    check_response_object(value, response);
  }
}

// The request parser (protocol/message_parser.hpp) reads every line as Boost.JSON's parse()
// does, and only notices more: same verdict, same value.
void check_parser_agrees(std::string_view line) {
  constexpr std::size_t kDepth = 64;  // kiokud's (daemon/methods/dispatcher.cpp)
  json::parse_options options;
  options.max_depth = kDepth;
  json::error_code plain_error;
  const json::value plain = json::parse(line, plain_error, {}, options);
  protocol::ParsedLine parsed;
  const json::error_code error = protocol::parse_line(line, kDepth, parsed);
  if (static_cast<bool>(error) != static_cast<bool>(plain_error)) {
    fail("parse_line and json::parse disagree on whether a line is JSON", line);
  }
  // Compared as text: Boost.JSON 1.81 reads 0e400 as NaN, and NaN is not equal to itself.
  if (!error && json::serialize(parsed.value) != json::serialize(plain)) {
    fail("parse_line read another value than json::parse", line);
  }
}

bool echo = false;

// The hours of a "#N" line, at most about twenty years; nothing for any other line.
std::optional<std::int64_t> clock_advance_hours(std::string_view line) {
  constexpr std::int64_t kMaxHours = 20 * 366 * 24;
  if (line.size() < 2 || line.size() > 7 || line.front() != '#') return std::nullopt;
  std::int64_t hours = 0;
  for (const char digit : line.substr(1)) {
    if (digit < '0' || digit > '9') return std::nullopt;
    hours = hours * 10 + (digit - '0');
  }
  return std::min(hours, kMaxHours);
}

// The collection a new kiokud starts with (migrated, the bundled deck imported), as the bytes
// of an SQLite database: built once, then copied into each input's connection, which is ten
// times quicker than migrating and importing every time.
std::string make_fresh_collection() {
  daemon::sqlite::Database database(":memory:");
  daemon::migrate(database, "", 0);
  daemon::Collection collection(database);
  daemon::import_bundled_decks_once(collection, kMorning);
  sqlite3_int64 size = 0;
  unsigned char* bytes = sqlite3_serialize(database.handle(), "main", &size, 0);
  if (bytes == nullptr) fail("sqlite3_serialize failed", "");
  std::string image(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
  sqlite3_free(bytes);
  return image;
}

const std::string& fresh_collection() {
  static const std::string image = make_fresh_collection();
  return image;
}

// One client session against its own copy of the fresh collection.
struct Session {
  daemon::sqlite::Database database{":memory:"};
  bool loaded = load(database);
  daemon::Collection collection{database};
  FakeClock clock{kMorning};
  daemon::MethodContext context{collection, clock, DayCalendar(4), ":memory:"};

  static bool load(daemon::sqlite::Database& database) {
    const std::string& image = fresh_collection();
    auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(image.size()));
    if (copy == nullptr) fail("out of memory", "");
    std::memcpy(copy, image.data(), image.size());
    const int result = sqlite3_deserialize(
        database.handle(), "main", copy, static_cast<sqlite3_int64>(image.size()),
        static_cast<sqlite3_int64>(image.size()),
        SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    if (result != SQLITE_OK) fail("sqlite3_deserialize failed", "");
    // As kiokud's connection (daemon/server/daemon.cpp); the rest of its pragmas concern files.
    database.execute("PRAGMA foreign_keys = ON");
    return true;
  }

  Session() { collection.group_commit().set_grouping(true); }  // as kiokud serves

  // Ends the open group as the server's commit step does. In memory nothing can fail for the
  // disk's sake, so a failure here is a request that left its transaction unable to commit.
  void commit() {
    try {
      collection.group_commit().commit();
    } catch (const std::exception& error) {
      fail("a group commit failed", error.what());
    }
  }
};

// Requests handled between two commits, like requests that arrive together at kiokud.
constexpr int kRequestsPerCommit = 3;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // KIOKU_FUZZ_ECHO=1 prints each request and its response, to see what a seed reaches.
  echo = std::getenv("KIOKU_FUZZ_ECHO") != nullptr;
  // Day boundaries use the local time zone; fix it so that a crash replays anywhere.
  ::setenv("TZ", "UTC", 1);
  ::tzset();
  std::filesystem::create_directories(kFuzzDirectory);
  write_file(std::string(kFuzzDirectory) + "/deck.toml", kGoodDeck);
  write_file(std::string(kFuzzDirectory) + "/bad.toml", kBadDeck);
  fresh_collection();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  Session session;
  int handled = 0;
  // kiokud's framing: an unfinished line is never dispatched, and an over-long one ends the
  // session (next_line gives nothing more).
  protocol::LineFraming lines(protocol::kMaxLineBytes);
  lines.append(input);
  while (const std::optional<std::string_view> next = lines.next_line()) {
    const std::string_view line = *next;
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (const auto hours = clock_advance_hours(line)) {
      session.clock.advance_ms(*hours * 3'600'000);
      continue;
    }
    check_parser_agrees(line);
    // dispatch_line never throws for client input: an exception escaping here crashes.
    const std::string response = daemon::dispatch_line(line, session.context);
    if (echo) {
      std::fprintf(stderr, "> %.*s\n< %s", static_cast<int>(line.size()), line.data(),
                   response.empty() ? "(no response)\n" : response.c_str());
    }
    check_response(response);
    if (++handled % kRequestsPerCommit == 0) session.commit();
    session.clock.advance_ms(1000);
  }
  session.commit();
  return 0;
}
