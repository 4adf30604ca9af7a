// Notes added per second through kiokud, durable, over one connection, beside the reference
// measured in the same run: SQLite alone inserting the same rows.
//
//   (a) SQLite alone: per note, the notes row, the cards row and the card_state row that
//       kiokud's statements write for a basic note, in transactions of as many notes as (b)'s
//       batches hold, each committed with synchronous=FULL (WAL, as kiokud keeps it).
//   (b) kiokud with its defaults (synchronous=FULL, group commit): `note.add_many` requests
//       of B notes each over one connection, the next ones pipelined behind the one being
//       answered: one write, one fsync per request. (--batch-of-adds: JSON-RPC batches of B
//       `note.add` requests instead, at most 256; a batch shares a commit too, but each of its
//       requests is a write of its own.) kiokud reads a connection's next line only once it
//       has answered the one before, so one line is what shares a commit.
//   (a) and (b) take turns, 10 rounds each, so that the disk's drifting fsync time falls on
//   both alike; both start from the same fresh collection (a deck made by importing a 1-card
//   deck) and, at the end, must hold the same rows.
//
// Before that, unless --no-sweep: kiokud alone, on a collection of its own, with other batch
// sizes and pipelining depths, which is how (b)'s shape was chosen.
// Usage: notes_vs_sqlite [--notes N] [--batch B] [--depth D] [--batch-of-adds] [--no-sweep]
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bench/generator/synthetic_notes.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/card_store.hpp"
#include "daemon/store/note_codec.hpp"
#include "daemon/store/rows_insert.hpp"
#include "tests/support/generated_deck.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/process.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku::test;

namespace {

constexpr const char* kDeck = "bench";
constexpr const char* kTag = "bench";
constexpr int kRounds = 10;
// kiokud takes at most 256 requests in a batch, and 10,000 notes in a note.add_many
// (docs/protocol.md); a request line is at most 1 MiB, about 2,900 of these notes.
constexpr int kMaxBatch = 256;
constexpr int kMaxNotesAdded = 10'000;
// (b)'s default: well inside the line's limit.
constexpr int kDefaultNotesPerRequest = 2'000;

// How notes travel: one note.add per note, B of them in a JSON-RPC batch per line; or one
// note.add_many of B notes per line.
enum class Carrier { kBatchOfAdds, kAddMany };

// What the sweep tries: {carrier, notes per line, lines in flight, notes}. One note per request
// pays one fsync per note, so it gets fewer notes.
struct Shape {
  Carrier carrier = Carrier::kBatchOfAdds;
  int batch = 0;
  int depth = 0;
  int notes = 0;
};
constexpr Shape kSweep[] = {
    {Carrier::kBatchOfAdds, 1, 1, 1'000},    {Carrier::kBatchOfAdds, 1, 8, 1'000},
    {Carrier::kBatchOfAdds, 16, 1, 5'000},   {Carrier::kBatchOfAdds, 64, 1, 10'000},
    {Carrier::kBatchOfAdds, 256, 1, 20'000}, {Carrier::kBatchOfAdds, 256, 2, 20'000},
    {Carrier::kBatchOfAdds, 256, 4, 20'000}, {Carrier::kAddMany, 256, 2, 20'000},
    {Carrier::kAddMany, 1'000, 1, 20'000},   {Carrier::kAddMany, 1'000, 2, 20'000},
    {Carrier::kAddMany, 2'000, 2, 20'000},   {Carrier::kAddMany, 2'500, 2, 20'000}};

void check(int status, sqlite3* database, const char* what) {
  if (status != SQLITE_OK && status != SQLITE_DONE && status != SQLITE_ROW) {
    throw std::runtime_error(std::string(what) + ": " + sqlite3_errmsg(database));
  }
}

// Basic notes as the collection generator makes them (bench/generator/synthetic_notes.hpp),
// each with the one tag kTag: the same notes on every run.
std::vector<kioku::Note> bench_notes(const std::string& prefix, int count) {
  std::vector<kioku::Note> notes =
      kioku::bench::synthetic_notes(kDeck, kioku::NoteKind::kBasic, count, 20260611, prefix);
  for (kioku::Note& note : notes) note.tags = {kTag};
  return notes;
}

// A note as note.add takes it, less the deck (so as note.add_many's entries are).
boost::json::object new_note(const kioku::Note& note) {
  boost::json::object fields;
  for (const kioku::NoteField& field : note.fields) {
    boost::json::object texts;
    for (const auto& [language, text] : field.text) texts[language] = text;
    fields[field.name] = std::move(texts);
  }
  return boost::json::object{{"kind", "basic"},
                             {"id", note.id},
                             {"fields", std::move(fields)},
                             {"tags", boost::json::array{kTag}}};
}

boost::json::object note_add_request(const kioku::Note& note, std::int64_t id) {
  boost::json::object params = new_note(note);
  params["deck"] = kDeck;
  return boost::json::object{
      {"jsonrpc", "2.0"}, {"id", id}, {"method", "note.add"}, {"params", std::move(params)}};
}

// The request lines for notes[begin, end), `batch` notes a line: as one note.add_many, or as a
// batch of note.adds (a lone request, not an array, when batch is 1).
std::vector<std::string> request_lines(const std::vector<kioku::Note>& notes, std::size_t begin,
                                       std::size_t end, Carrier carrier, int batch) {
  std::vector<std::string> lines;
  for (std::size_t first = begin; first < end; first += static_cast<std::size_t>(batch)) {
    const std::size_t last = std::min(end, first + static_cast<std::size_t>(batch));
    if (carrier == Carrier::kAddMany) {
      boost::json::array entries;
      for (std::size_t index = first; index < last; ++index) {
        entries.push_back(new_note(notes[index]));
      }
      const boost::json::object request{
          {"jsonrpc", "2.0"},
          {"id", static_cast<std::int64_t>(first) + 1},
          {"method", "note.add_many"},
          {"params", boost::json::object{{"deck", kDeck}, {"notes", std::move(entries)}}}};
      lines.push_back(boost::json::serialize(request) + "\n");
      continue;
    }
    if (batch == 1) {
      lines.push_back(boost::json::serialize(note_add_request(notes[first], first + 1)) + "\n");
      continue;
    }
    boost::json::array entries;
    for (std::size_t index = first; index < last; ++index) {
      entries.push_back(note_add_request(notes[index], static_cast<std::int64_t>(index) + 1));
    }
    lines.push_back(boost::json::serialize(entries) + "\n");
  }
  return lines;
}

std::size_t occurrences(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos;
       at = text.find(part, at + part.size())) {
    ++count;
  }
  return count;
}

// One connection to kiokud that keeps up to `depth` request lines in flight: it sends while
// fewer are unanswered and reads replies as they come, from one poll() loop, so that a full
// socket buffer on either side never blocks the other direction.
class PipelinedConnection {
 public:
  explicit PipelinedConnection(const std::string& socket_path)
      : descriptor_(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0)) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    socket_path.copy(address.sun_path, sizeof address.sun_path - 1);
    if (descriptor_ < 0 ||
        ::connect(descriptor_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
      throw std::runtime_error("cannot connect to " + socket_path + ": " + std::strerror(errno));
    }
  }
  ~PipelinedConnection() { ::close(descriptor_); }
  PipelinedConnection(const PipelinedConnection&) = delete;
  PipelinedConnection& operator=(const PipelinedConnection&) = delete;

  // Sends every line, `depth` at most unanswered, and waits for every reply; the replies must
  // hold no error and `notes_in_all` added notes in all. Returns the seconds from the first
  // send to the last reply.
  double run(const std::vector<std::string>& lines, int depth, std::size_t notes_in_all) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t next_line = 0;
    std::size_t sent_of_line = 0;
    std::size_t answered = 0;
    std::size_t notes_added = 0;
    std::string received;
    while (answered < lines.size()) {
      const bool can_send =
          next_line < lines.size() && next_line - answered < static_cast<std::size_t>(depth);
      pollfd wait_for{descriptor_, static_cast<short>(POLLIN | (can_send ? POLLOUT : 0)), 0};
      if (::poll(&wait_for, 1, 60'000) <= 0) throw std::runtime_error("kiokud did not answer");
      if (can_send && (wait_for.revents & POLLOUT)) {
        const std::string& line = lines[next_line];
        const ssize_t written = ::send(descriptor_, line.data() + sent_of_line,
                                       line.size() - sent_of_line, MSG_NOSIGNAL);
        if (written < 0 && errno != EAGAIN && errno != EINTR) {
          throw std::runtime_error(std::string("send: ") + std::strerror(errno));
        }
        if (written > 0) sent_of_line += static_cast<std::size_t>(written);
        if (sent_of_line == line.size()) {
          ++next_line;
          sent_of_line = 0;
        }
      }
      if (wait_for.revents & (POLLIN | POLLHUP | POLLERR)) {
        char chunk[1 << 16];
        const ssize_t got = ::recv(descriptor_, chunk, sizeof chunk, 0);
        if (got == 0) throw std::runtime_error("kiokud closed the connection");
        if (got < 0 && errno != EAGAIN && errno != EINTR) {
          throw std::runtime_error(std::string("recv: ") + std::strerror(errno));
        }
        if (got > 0) received.append(chunk, static_cast<std::size_t>(got));
        for (std::size_t end = received.find('\n'); end != std::string::npos;
             end = received.find('\n')) {
          const std::string_view reply(received.data(), end);
          if (reply.find("\"error\":{") != std::string_view::npos) {
            throw std::runtime_error("kiokud refused a note: " +
                                     std::string(reply.substr(0, 2000)));
          }
          // One list of cards per note added: note.add's note object, note.add_many's entries.
          notes_added += occurrences(reply, "\"cards\":[");
          ++answered;
          received.erase(0, end + 1);
        }
      }
    }
    if (notes_added != notes_in_all) {
      throw std::runtime_error("kiokud added " + std::to_string(notes_added) + " notes, not " +
                               std::to_string(notes_in_all));
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  int descriptor_;
};

// The reference: the INSERTs daemon/store/note_store.cpp and card_store.cpp run for a batch of
// new basic notes, with the same values, one transaction per `transaction_notes` notes: as
// kiokud's Collection::add_notes, multi-row INSERTs of up to 32 notes (RowsInsert::kMostRows),
// with row ids one past the largest, read for each 32. What kiokud computes besides SQLite (the
// fields' JSON, the content hash) is computed before the clock starts: this measures SQLite
// alone.
class SqliteReference {
 public:
  SqliteReference(const std::string& path, std::int64_t deck_id, std::int64_t first_position)
      : deck_id_(deck_id), position_(first_position) {
    check(sqlite3_open(path.c_str(), &database_), database_, "open");
    check(sqlite3_exec(database_,
                       "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                       "PRAGMA foreign_keys = ON;",
                       nullptr, nullptr, nullptr),
          database_, "pragmas");
    largest_note_ = prepare("SELECT coalesce(max(id), 0) FROM notes");
    largest_card_ = prepare("SELECT coalesce(max(id), 0) FROM cards");
  }
  ~SqliteReference() {
    for (sqlite3_stmt* statement : {largest_note_, largest_card_}) sqlite3_finalize(statement);
    for (auto& statements : {&insert_notes_, &insert_cards_, &insert_states_}) {
      for (sqlite3_stmt* statement : *statements) sqlite3_finalize(statement);
    }
    sqlite3_close(database_);
  }
  SqliteReference(const SqliteReference&) = delete;
  SqliteReference& operator=(const SqliteReference&) = delete;

  // Inserts notes[begin, end); returns the seconds it took.
  double add(const std::vector<kioku::Note>& notes, std::size_t begin, std::size_t end,
             int transaction_notes) {
    struct Row {
      std::string guid, fields, hash;
    };
    std::vector<Row> rows;
    for (std::size_t index = begin; index < end; ++index) {
      const kioku::Note& note = notes[index];
      std::string fields = kioku::daemon::note_fields_to_json(note.fields);
      // The card's hash as kiokud computes it (CardStore's own function).
      const std::string hash = kioku::daemon::card_content_hash(
          {.deck_id = deck_id_,
           .note_id = 0,
           .template_key = "card",
           .external_id = note.id,
           .kind = "basic",
           .content_json = "{}",
           .tags = kTag,
           .sibling_group = "",
           .position = 0,
           .note_content = std::make_shared<const std::string>(fields)});
      rows.push_back({note.id, std::move(fields), hash});
    }
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t first = 0; first < rows.size();
         first += static_cast<std::size_t>(transaction_notes)) {
      const std::size_t last = std::min(rows.size(), first + transaction_notes);
      const std::int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                      std::chrono::system_clock::now().time_since_epoch())
                                      .count();
      check(sqlite3_exec(database_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), database_,
            "begin");
      for (std::size_t part = first; part < last; part += kRowsAStatement) {
        const int count = static_cast<int>(std::min<std::size_t>(kRowsAStatement, last - part));
        const std::int64_t note_id = largest(largest_note_);
        const std::int64_t card_id = largest(largest_card_);
        sqlite3_stmt* insert_notes = statement(insert_notes_, count, kInsertNotes, kNoteRow);
        sqlite3_stmt* insert_cards = statement(insert_cards_, count, kInsertCards, kCardRow);
        sqlite3_stmt* insert_states = statement(insert_states_, count, kInsertStates, kStateRow);
        for (int at = 0; at < count; ++at) {
          const Row& row = rows[part + static_cast<std::size_t>(at)];
          const std::int64_t position = position_++;
          int parameter = at * 8 + 1;
          sqlite3_bind_int64(insert_notes, parameter++, note_id + at + 1);
          sqlite3_bind_int64(insert_notes, parameter++, deck_id_);
          sqlite3_bind_text(insert_notes, parameter++, row.guid.c_str(), -1, SQLITE_STATIC);
          sqlite3_bind_text(insert_notes, parameter++, row.fields.c_str(), -1, SQLITE_STATIC);
          sqlite3_bind_text(insert_notes, parameter++, kTag, -1, SQLITE_STATIC);
          sqlite3_bind_int64(insert_notes, parameter++, position);
          sqlite3_bind_int64(insert_notes, parameter++, now_ms);
          sqlite3_bind_int64(insert_notes, parameter++, now_ms);
          parameter = at * 9 + 1;
          sqlite3_bind_int64(insert_cards, parameter++, card_id + at + 1);
          sqlite3_bind_int64(insert_cards, parameter++, deck_id_);
          sqlite3_bind_int64(insert_cards, parameter++, note_id + at + 1);
          sqlite3_bind_text(insert_cards, parameter++, row.guid.c_str(), -1, SQLITE_STATIC);
          sqlite3_bind_text(insert_cards, parameter++, row.hash.c_str(), -1, SQLITE_STATIC);
          sqlite3_bind_text(insert_cards, parameter++, kTag, -1, SQLITE_STATIC);
          sqlite3_bind_int64(insert_cards, parameter++, position);
          sqlite3_bind_int64(insert_cards, parameter++, now_ms);
          sqlite3_bind_int64(insert_cards, parameter++, now_ms);
          parameter = at * 3 + 1;
          sqlite3_bind_int64(insert_states, parameter++, card_id + at + 1);
          sqlite3_bind_int64(insert_states, parameter++, deck_id_);
          sqlite3_bind_int64(insert_states, parameter++, position);
        }
        step(insert_notes);
        step(insert_cards);
        step(insert_states);
      }
      check(sqlite3_exec(database_, "COMMIT", nullptr, nullptr, nullptr), database_, "commit");
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  static constexpr std::size_t kRowsAStatement = kioku::daemon::RowsInsert::kMostRows;
  static constexpr const char* kInsertNotes =
      "INSERT INTO notes (id, deck_id, guid, kind, fields, choices, answer, tags, "
      "sibling_group, position, created_ms, modified_ms) VALUES ";
  static constexpr const char* kNoteRow = "(?, ?, ?, 'basic', ?, '{}', 0, ?, '', ?, ?, ?)";
  static constexpr const char* kInsertCards =
      "INSERT INTO cards (id, deck_id, note_id, template, external_id, kind, content, "
      "content_hash, tags, position, created_ms, modified_ms, note) VALUES ";
  static constexpr const char* kCardRow = "(?, ?, ?, 'card', ?, 'basic', '{}', ?, ?, ?, ?, ?, '')";
  static constexpr const char* kInsertStates =
      "INSERT INTO card_state (card_id, deck_id, phase, due_ms, new_position) VALUES ";
  static constexpr const char* kStateRow = "(?, ?, 'new', 0, ?)";

  // The statement of `rows` rows of `row`, prepared when first wanted; its `?` are numbered
  // in turn, row after row.
  sqlite3_stmt* statement(std::vector<sqlite3_stmt*>& prepared, int rows, const char* insert,
                          const char* row) {
    if (prepared.empty()) prepared.assign(kRowsAStatement + 1, nullptr);
    sqlite3_stmt*& statement = prepared[static_cast<std::size_t>(rows)];
    if (statement == nullptr) {
      std::string sql(insert);
      for (int at = 0; at < rows; ++at) sql += (at == 0 ? "" : ", ") + std::string(row);
      statement = prepare(sql.c_str());
    }
    return statement;
  }
  std::int64_t largest(sqlite3_stmt* select) {
    check(sqlite3_step(select), database_, sqlite3_sql(select));
    const std::int64_t value = sqlite3_column_int64(select, 0);
    sqlite3_reset(select);
    return value;
  }
  sqlite3_stmt* prepare(const char* sql) {
    sqlite3_stmt* statement = nullptr;
    check(sqlite3_prepare_v2(database_, sql, -1, &statement, nullptr), database_, sql);
    return statement;
  }
  void step(sqlite3_stmt* statement) {
    check(sqlite3_step(statement), database_, sqlite3_sql(statement));
    sqlite3_reset(statement);
  }

  std::int64_t deck_id_;
  std::int64_t position_;
  sqlite3* database_ = nullptr;
  sqlite3_stmt* largest_note_ = nullptr;
  sqlite3_stmt* largest_card_ = nullptr;
  std::vector<sqlite3_stmt*> insert_notes_;
  std::vector<sqlite3_stmt*> insert_cards_;
  std::vector<sqlite3_stmt*> insert_states_;
};

// One value of a query on `path` (read only), as text.
std::string query_text(const std::string& path, const std::string& sql) {
  return SqliteReader(path).text(sql);
}

// Everything but ids and times of the deck's notes, cards and card states, folded into one
// text: kiokud's collection and the reference's must give the same.
std::string rows_digest(const std::string& path) {
  return query_text(
      path,
      "SELECT count(*) || ' ' || sum(length(fields)) || ' ' || "
      "group_concat(row, '|') FROM (SELECT n.fields AS fields, n.guid || n.kind || n.fields || "
      "n.choices || n.answer || n.tags || n.sibling_group || n.position || c.template || "
      "c.external_id || c.kind || c.content || c.content_hash || c.tags || c.position || c.note "
      "|| c.retired || s.phase || s.due_ms || s.new_position || s.suspended AS row "
      "FROM notes n JOIN decks d ON d.id = n.deck_id AND d.slug = 'bench' "
      "JOIN cards c ON c.note_id = n.id JOIN card_state s ON s.card_id = c.id "
      "WHERE n.kind = 'basic' ORDER BY n.position)");
}

// A fresh collection at `home`: a deck made by importing a 1-card deck, kiokud stopped.
void make_fresh_collection(const TempHome& home) {
  const std::string deck = home.write_file("deck.toml", generated_deck(kDeck, 1));
  DaemonProcess daemon(home, {"--no-bundled-decks"});
  if (!daemon.started()) throw std::runtime_error("kiokud did not start:\n" + daemon.log());
  LineClient client(home.socket_path());
  const auto imported = client.request(request_line(1, "deck.import", {{"path", deck}}));
  if (!imported.is_object() || !imported.as_object().contains("result")) {
    throw std::runtime_error("import failed: " + boost::json::serialize(imported));
  }
  if (daemon.stop(SIGTERM) != 0) throw std::runtime_error("kiokud failed:\n" + daemon.log());
}

// A copy of `source`'s collection in a home of its own.
struct CopiedHome {
  explicit CopiedHome(const TempHome& source) {
    std::filesystem::create_directories(home.data_dir());
    std::filesystem::copy_file(source.collection_path(), home.collection_path());
  }
  TempHome home;
};

void sweep(const TempHome& fresh) {
  CopiedHome copy(fresh);
  DaemonProcess daemon(copy.home, {"--no-bundled-decks"});
  if (!daemon.started()) throw std::runtime_error("kiokud did not start:\n" + daemon.log());
  PipelinedConnection connection(copy.home.socket_path());
  std::printf("%-48s %8s %10s\n", "kiokud alone: notes a line x in flight", "notes", "notes/s");
  int shape_number = 0;
  for (const Shape& shape : kSweep) {
    const std::vector<kioku::Note> notes =
        bench_notes("sweep" + std::to_string(++shape_number) + "-", shape.notes);
    const std::vector<std::string> lines =
        request_lines(notes, 0, notes.size(), shape.carrier, shape.batch);
    const double seconds = connection.run(lines, shape.depth, notes.size());
    char label[64];
    std::snprintf(label, sizeof label, "%d %s per line x %d", shape.batch,
                  shape.carrier == Carrier::kAddMany ? "notes in note.add_many" : "note.add",
                  shape.depth);
    std::printf("%-48s %8d %10.0f\n", label, shape.notes, shape.notes / seconds);
    std::fflush(stdout);
  }
  if (daemon.stop(SIGTERM) != 0) throw std::runtime_error("kiokud failed:\n" + daemon.log());
}

void compare(int notes_count, Carrier carrier, int batch, int depth) {
  TempHome fresh;
  make_fresh_collection(fresh);
  const std::string deck_id =
      query_text(fresh.collection_path(), "SELECT id FROM decks WHERE slug = 'bench'");
  const std::string first_position =
      query_text(fresh.collection_path(),
                 "SELECT coalesce(max(position), 0) + 1 FROM cards WHERE deck_id = " + deck_id);
  CopiedHome daemon_home(fresh);
  CopiedHome reference_home(fresh);
  SqliteReference reference(reference_home.home.collection_path(), std::stoll(deck_id),
                            std::stoll(first_position));
  DaemonProcess daemon(daemon_home.home, {"--no-bundled-decks"});
  if (!daemon.started()) throw std::runtime_error("kiokud did not start:\n" + daemon.log());
  PipelinedConnection connection(daemon_home.home.socket_path());

  const std::vector<kioku::Note> notes = bench_notes("n", notes_count);
  double daemon_seconds = 0;
  double reference_seconds = 0;
  const std::size_t per_round = (notes.size() + kRounds - 1) / kRounds;
  std::cerr << "running (a) and (b) in " << kRounds << " rounds of " << per_round << " notes ...\n";
  for (std::size_t begin = 0; begin < notes.size(); begin += per_round) {
    const std::size_t end = std::min(notes.size(), begin + per_round);
    const std::vector<std::string> lines = request_lines(notes, begin, end, carrier, batch);
    daemon_seconds += connection.run(lines, depth, end - begin);
    reference_seconds += reference.add(notes, begin, end, batch);
  }
  if (daemon.stop(SIGTERM) != 0) throw std::runtime_error("kiokud failed:\n" + daemon.log());
  if (rows_digest(daemon_home.home.collection_path()) !=
      rows_digest(reference_home.home.collection_path())) {
    throw std::runtime_error("kiokud and the reference wrote different rows");
  }

  const double reference_rate = notes_count / reference_seconds;
  const double daemon_rate = notes_count / daemon_seconds;
  std::printf("%-60s %8s %10s %8s\n", "configuration", "notes", "notes/s", "vs (a)");
  char label[160];
  std::snprintf(label, sizeof label, "(a) SQLite alone, 32 notes an INSERT, %d per FULL commit",
                batch);
  std::printf("%-60s %8d %10.0f %8.2f\n", label, notes_count, reference_rate, 1.0);
  std::snprintf(label, sizeof label, "(b) kiokud, 1 connection, %s of %d, %d in flight",
                carrier == Carrier::kAddMany ? "note.add_many" : "batches of note.add", batch,
                depth);
  std::printf("%-60s %8d %10.0f %8.2f\n", label, notes_count, daemon_rate,
              daemon_rate / reference_rate);
  std::printf("same rows in both: yes\n");
}

}  // namespace

int main(int argc, char** argv) {
  int notes = 100'000;
  int batch = 0;
  int depth = 2;
  Carrier carrier = Carrier::kAddMany;
  bool run_sweep = true;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--notes" && i + 1 < argc) {
      notes = std::stoi(argv[++i]);
    } else if (argument == "--batch" && i + 1 < argc) {
      batch = std::stoi(argv[++i]);
    } else if (argument == "--depth" && i + 1 < argc) {
      depth = std::stoi(argv[++i]);
    } else if (argument == "--batch-of-adds") {
      carrier = Carrier::kBatchOfAdds;
    } else if (argument == "--no-sweep") {
      run_sweep = false;
    } else {
      std::cerr << "usage: notes_vs_sqlite [--notes N] [--batch B] [--depth D] "
                   "[--batch-of-adds] [--no-sweep]\n";
      return 2;
    }
  }
  const int most = carrier == Carrier::kAddMany ? kMaxNotesAdded : kMaxBatch;
  if (batch == 0) batch = carrier == Carrier::kAddMany ? kDefaultNotesPerRequest : kMaxBatch;
  if (notes < kRounds || batch < 1 || batch > most || depth < 1) {
    std::cerr << "notes_vs_sqlite: --notes >= 10, --batch 1-" << most << ", --depth >= 1\n";
    return 2;
  }
  try {
    if (run_sweep) {
      TempHome fresh;
      make_fresh_collection(fresh);
      sweep(fresh);
    }
    compare(notes, carrier, batch, depth);
  } catch (const std::exception& error) {
    std::cerr << "notes_vs_sqlite: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
