// generate_collection: writes a kioku collection of N choice cards, and notes of the other kinds,
// with review histories for the benchmarks (bench/README.md describes it). The schema comes from
// kiokud's own migrations, the decks go in through Collection::import_deck and the other kinds'
// notes through Collection::save_note; the review log, the card states and the
// daily roll-ups are written with plain INSERTs in one transaction, because one durable
// transaction per answer (Collection::record_answer) would take hours for 10M answers.
// Deterministic: the same arguments give the same collection.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <numeric>
#include <optional>
#include <utility>

#include "bench/generator/simulated_history.hpp"
#include "bench/generator/synthetic_deck.hpp"
#include "bench/generator/synthetic_notes.hpp"
#include "core/day_tally.hpp"
#include "core/note_kind.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"

namespace {

using namespace kioku;
using namespace kioku::daemon;

struct Arguments {
  std::string output;
  std::int64_t cards = 10'000;
  std::int64_t reviews = 100'000;
  std::uint64_t seed = 20260302;
  std::int64_t now_seconds = 1772445600;  // 2026-03-02T10:00:00Z
  // Notes in each deck of another kind (kKindDecks); default cards / 50, at most 2,000, so a
  // small collection stays mostly choice cards and the largest has a few thousand of each kind.
  std::optional<std::int64_t> kind_notes;
  // How far back the history reaches and how often the learner forgets: ten years and a
  // forgetful learner give the statistics benchmark its 10M answers on 100,000 cards.
  std::int64_t history_days = 730;
  int again_percent = 10;
  int answers_per_card = 100;
  bool keep_leeches = false;
};

// Deck shares of the cards, largest first; deck 3 is scheduled with FSRS, the rest with SM-2.
constexpr std::array<int, 6> kDeckWeights{35, 25, 15, 10, 10, 5};
constexpr int kFsrsDeck = 3;

// The decks of the other kinds, one per kind, each of `kind_notes` notes (Arguments).
constexpr std::array<std::pair<const char*, NoteKind>, 4> kKindDecks{
    {{"bench-basic", NoteKind::kBasic},
     {"bench-reverse", NoteKind::kReverse},
     {"bench-cloze", NoteKind::kCloze},
     {"bench-typed", NoteKind::kTyped}}};

// How a card's answers are graded, for the review log.
struct CardGrading {
  std::optional<int> correct_choice;  // choice cards
  bool typed = false;                 // typed cards: right or wrong, no choice
};

// Per (day, deck): what Collection::record_answer would have added to daily_stats.
using DailyTotals = std::map<std::pair<std::int64_t, std::int64_t>, DayTally>;

class HistoryWriter {
 public:
  explicit HistoryWriter(sqlite::Database& database)
      : insert_revlog_(database.prepare(
            "INSERT INTO revlog (card_id, reviewed_ms, day, rating, correct, chosen, "
            "phase_before, phase_after, interval_before_days, interval_after_days, due_after_ms, "
            "ease_after, stability_after, difficulty_after, duration_ms, scheduler) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)")),
        insert_daily_(database.prepare(
            "INSERT INTO daily_stats (day, deck_id, reviews, correct, new_cards, review_answers, "
            "duration_ms, interday_answers) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")) {}

  // As review.answer logs it: a choice card's choice and whether it was right, a typed card's
  // verdict, neither for a card the learner rates alone (basic, reverse, cloze).
  void answer(std::int64_t card_id, std::int64_t deck_id, const CardGrading& grading,
              std::int64_t day, const std::string& scheduler,
              const bench::SimulatedAnswer& answer) {
    const bool right = answer.rating != Rating::kAgain;
    std::optional<int> correct;
    std::optional<int> chosen;
    if (grading.correct_choice) {
      chosen = right ? *grading.correct_choice : *grading.correct_choice % 4 + 1;
    }
    if (grading.correct_choice || grading.typed) correct = right ? 1 : 0;
    const auto memory = [](double value) {
      return value > 0 ? std::optional<double>(value) : std::nullopt;
    };
    insert_revlog_.bind(1, card_id).bind(2, answer.reviewed).bind(3, day);
    insert_revlog_.bind(4, static_cast<int>(answer.rating)).bind(5, correct);
    insert_revlog_.bind(6, chosen).bind(7, to_string(answer.before.phase));
    insert_revlog_.bind(8, to_string(answer.after.phase));
    insert_revlog_.bind(9, answer.before.interval_days).bind(10, answer.after.interval_days);
    insert_revlog_.bind(11, answer.after.due).bind(12, answer.after.ease);
    insert_revlog_.bind(13, memory(answer.after.stability));
    insert_revlog_.bind(14, memory(answer.after.difficulty));
    insert_revlog_.bind(15, answer.duration_ms).bind(16, scheduler).run();
    daily_[{day, deck_id}] += tally_of(answer.before, answer.rating, answer.duration_ms);
  }

  void write_daily_totals() {
    for (const auto& [key, tally] : daily_) {
      insert_daily_.bind(1, key.first).bind(2, key.second).bind(3, tally.reviews);
      insert_daily_.bind(4, tally.correct).bind(5, tally.new_cards);
      insert_daily_.bind(6, tally.review_answers).bind(7, tally.duration_ms);
      insert_daily_.bind(8, tally.interday_answers).run();
    }
    daily_.clear();
  }

 private:
  sqlite::Statement insert_revlog_;
  sqlite::Statement insert_daily_;
  DailyTotals daily_;
};

// The review log's indices, dropped while it is filled and built once at the end (a sort is
// much faster than 10M random B-tree inserts). Their SQL is read back from the schema that
// the migrations created, so the generator never carries a copy of it.
std::vector<std::string> drop_revlog_indices(sqlite::Database& database) {
  std::vector<std::string> definitions;
  std::vector<std::string> names;
  {
    auto statement = database.prepare(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'revlog' "
        "AND sql IS NOT NULL");
    while (statement.step()) {
      names.push_back(statement.column_text(0));
      definitions.push_back(statement.column_text(1));
    }
  }
  for (const std::string& name : names) database.execute("DROP INDEX " + name);
  return definitions;
}

std::int64_t kind_notes(const Arguments& arguments) {
  return arguments.kind_notes.value_or(std::min<std::int64_t>(2'000, arguments.cards / 50));
}

// What every deck's cards share while their histories are simulated.
struct Simulation {
  const DayCalendar& calendar;
  const bench::HistoryPlan& plan;
  std::uint64_t seed;
  std::int64_t reviews_left;
};

// Simulates the history of each of the deck's cards (in position order, `gradings` in the same
// order) and writes it, the cards' states and the deck's daily roll-ups, in one transaction.
void simulate_deck(Collection& collection, sqlite::Database& database, HistoryWriter& writer,
                   std::int64_t deck_id, const std::string& options_json,
                   const std::vector<CardGrading>& gradings, Simulation& simulation) {
  const DeckOptions options = deck_options_from_json(options_json);
  const std::string scheduler(to_string(options.algorithm));
  const std::vector<std::int64_t> card_ids = collection.cards().ids_in_deck(deck_id);
  std::vector<bench::SimulatedAnswer> answers;
  sqlite::Transaction transaction(database);
  for (std::size_t position = 0; position < card_ids.size(); ++position) {
    const std::int64_t card_id = card_ids[position];
    std::mt19937_64 random(simulation.seed * 1'000'003ull + static_cast<std::uint64_t>(card_id));
    const CardState state =
        bench::simulate_card(card_id, options, simulation.calendar, simulation.plan,
                             simulation.reviews_left, random, answers);
    if (answers.empty()) continue;
    simulation.reviews_left -= static_cast<std::int64_t>(answers.size());
    for (const bench::SimulatedAnswer& answer : answers) {
      writer.answer(card_id, deck_id, gradings[position],
                    simulation.calendar.day_number(answer.reviewed), scheduler, answer);
    }
    collection.cards().write_state(card_id, state);
  }
  writer.write_daily_totals();
  transaction.commit();
}

// A deck of `kind` notes: the deck imported empty through Collection::import_deck, as
// `kioku import` would make it, then its notes saved as note.add saves them, in one write.
// Returns the deck's id and how its cards are graded, in position order.
std::pair<std::int64_t, std::vector<CardGrading>> add_kind_deck(Collection& collection,
                                                                const std::string& slug,
                                                                NoteKind kind,
                                                                const Arguments& arguments,
                                                                TimestampMs imported) {
  Deck deck;
  deck.languages = {"en", "ja"};
  deck.id = slug;
  const std::string kind_name(note_kind_name(kind));
  deck.name = {{"en", "Benchmark " + kind_name + " notes"},
               {"ja", "ベンチマーク " + kind_name + " ノート"}};
  deck.description = {{"en", "Generated by bench/generate_collection"},
                      {"ja", "bench/generate_collection が生成"}};
  collection.import_deck(deck, "bench/generate_collection", imported);
  const std::int64_t deck_id = collection.decks().by_slug(slug)->id;
  std::vector<CardGrading> gradings;
  collection.write([&] {
    std::int64_t position = 1;
    for (const Note& note :
         bench::synthetic_notes(slug, kind, kind_notes(arguments), arguments.seed)) {
      const NoteSave save = collection.save_note(deck_id, note, "", position, imported);
      position += static_cast<std::int64_t>(save.cards.size());
      gradings.insert(
          gradings.end(), save.cards.size(),
          CardGrading{.correct_choice = std::nullopt, .typed = kind == NoteKind::kTyped});
    }
  });
  return {deck_id, std::move(gradings)};
}

std::int64_t generate(const Arguments& arguments, const std::string& path) {
  const TimestampMs now = arguments.now_seconds * kMillisecondsPerSecond;
  const DayCalendar calendar;
  bench::HistoryPlan plan;
  plan.max_age_days = arguments.history_days;
  plan.again_percent = arguments.again_percent;
  plan.max_answers_per_card = arguments.answers_per_card;
  plan.keep_leeches = arguments.keep_leeches;
  plan.stop = calendar.day_start(calendar.day_number(now));
  sqlite::Database database(path);
  // Nothing here needs to survive a crash: a failed run leaves only the .partial file.
  database.execute(
      "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; "
      "PRAGMA temp_store = MEMORY;");
  migrate(database, "", now);
  Collection collection(database);
  collection.meta().set("bundled_decks_offered", "1");
  collection.meta().set("bench_now_ms", std::to_string(now));
  const std::vector<std::string> revlog_indices = drop_revlog_indices(database);
  HistoryWriter writer(database);
  const TimestampMs imported = now - (plan.max_age_days + 1) * kMillisecondsPerDay;
  Simulation simulation{calendar, plan, arguments.seed, arguments.reviews};

  const int total_weight = std::accumulate(kDeckWeights.begin(), kDeckWeights.end(), 0);
  std::int64_t cards_left = arguments.cards;
  for (std::size_t index = 0; index < kDeckWeights.size(); ++index) {
    const int number = static_cast<int>(index) + 1;
    const std::int64_t size = index + 1 == kDeckWeights.size()
                                  ? cards_left
                                  : arguments.cards * kDeckWeights[index] / total_weight;
    cards_left -= size;
    const Deck deck =
        bench::synthetic_deck("bench-" + std::to_string(number), number, size, arguments.seed);
    collection.import_deck(deck, "bench/generate_collection", imported);
    const DeckRow row = *collection.decks().by_slug(deck.id);
    const std::string options_json =
        number == kFsrsDeck ? with_option("{}", "algorithm", "fsrs") : std::string("{}");
    if (number == kFsrsDeck) collection.decks().set_options(row.id, options_json, "fsrs");
    std::vector<CardGrading> gradings;
    for (const DeckCard& card : deck.cards) gradings.push_back({.correct_choice = card.answer});
    simulate_deck(collection, database, writer, row.id, options_json, gradings, simulation);
    std::cerr << "generate_collection: deck " << deck.id << ": " << size << " cards\n";
  }
  for (const auto& [slug, kind] : kKindDecks) {
    const auto [deck_id, gradings] = add_kind_deck(collection, slug, kind, arguments, imported);
    simulate_deck(collection, database, writer, deck_id, "{}", gradings, simulation);
    std::cerr << "generate_collection: deck " << slug << ": " << kind_notes(arguments) << " notes, "
              << gradings.size() << " cards\n";
  }
  for (const std::string& definition : revlog_indices) database.execute(definition);
  // The statistics' sums, as kiokud would make them at its first start on this calendar (the
  // benchmarks run it with TZ=UTC, as this generator runs).
  collection.use_stats_calendar(calendar);
  database.execute("PRAGMA journal_mode = WAL");  // as kiokud keeps it
  return arguments.reviews - simulation.reviews_left;
}

void print_summary(const std::string& path) {
  sqlite::Database database(path, SQLITE_OPEN_READONLY);
  auto statement = database.prepare(
      "SELECT phase, suspended, count(*) FROM card_state GROUP BY phase, suspended ORDER BY 1, 2");
  while (statement.step()) {
    std::cerr << "generate_collection:   " << statement.column_text(0)
              << (statement.column_int(1) ? " (suspended)" : "") << ": " << statement.column_int(2)
              << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  kioku::pin_local_time_zone();
  Arguments arguments;
  CLI::App app{"generate_collection: a seeded kioku collection for the benchmarks"};
  app.add_option("output", arguments.output, "collection file to write (replaced)")->required();
  app.add_option("--cards", arguments.cards, "number of cards")->check(CLI::PositiveNumber);
  app.add_option("--reviews", arguments.reviews, "at most this many review-log entries")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", arguments.seed, "random seed");
  app.add_option("--kind-notes", arguments.kind_notes,
                 "notes in each of the basic, reverse, cloze and typed decks (default: cards / 50, "
                 "at most 2000)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--history-days", arguments.history_days,
                 "the oldest card was first seen this many days ago (default 730)")
      ->check(CLI::Range(1, 36'500));
  app.add_option("--again-percent", arguments.again_percent,
                 "share of answers rated Again, in percent (default 10)")
      ->check(CLI::Range(0, 75));
  app.add_option("--answers-per-card", arguments.answers_per_card,
                 "at most this many answers per card (default 100)")
      ->check(CLI::Range(1, 100'000));
  app.add_flag("--keep-leeches", arguments.keep_leeches,
               "answer on the cards the leech rule suspends, for a dense history");
  app.add_option("--now", arguments.now_seconds,
                 "the collection's present, Unix seconds (start kiokud with --clock-start at it)");
  CLI11_PARSE(app, argc, argv);
  const std::string partial = arguments.output + ".partial";
  try {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(partial + suffix);
    const std::int64_t reviews = generate(arguments, partial);
    std::filesystem::rename(partial, arguments.output);
    std::cerr << "generate_collection: " << arguments.output << ": " << arguments.cards
              << " choice cards, " << kind_notes(arguments) << " notes of each other kind, "
              << reviews << " reviews\n";
    print_summary(arguments.output);
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "generate_collection: " << error.what() << '\n';
    return 1;
  }
}
