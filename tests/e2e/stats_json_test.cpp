// kioku stats --json end to end: a real kiokud and the real kioku print docs/stats.md's
// document, every field there with the JSON type the documentation gives it.
#include <map>
#include <vector>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// The JSON types docs/stats.md gives its fields.
enum class Kind { kInt, kNumber, kNumberOrNull, kString, kStringOrNull, kObject, kArray };

bool is(const json::value& value, Kind kind) {
  switch (kind) {
    case Kind::kInt:
      return value.is_int64() || value.is_uint64();
    case Kind::kNumber:
      return value.is_number();
    case Kind::kNumberOrNull:
      return value.is_number() || value.is_null();
    case Kind::kString:
      return value.is_string();
    case Kind::kStringOrNull:
      return value.is_string() || value.is_null();
    case Kind::kObject:
      return value.is_object();
    case Kind::kArray:
      return value.is_array();
  }
  return false;
}

using Shape = std::vector<std::pair<const char*, Kind>>;

// Each field of `shape` is in `object` with its type.
void check_shape(const json::value& object, const Shape& shape, const std::string& where) {
  REQUIRE(object.is_object());
  for (const auto& [key, kind] : shape) {
    INFO(where << "." << key);
    const json::value* found = object.as_object().if_contains(key);
    REQUIRE(found != nullptr);
    CHECK(is(*found, kind));
  }
}

const Shape kRetentionCell{
    {"passed", Kind::kInt}, {"failed", Kind::kInt}, {"retention", Kind::kNumberOrNull}};
const Shape kSplit{{"learning", Kind::kInt},
                   {"relearning", Kind::kInt},
                   {"young", Kind::kInt},
                   {"mature", Kind::kInt},
                   {"cram", Kind::kInt}};
const Shape kButtons{{"again", Kind::kInt},
                     {"hard", Kind::kInt},
                     {"good", Kind::kInt},
                     {"easy", Kind::kInt},
                     {"total", Kind::kInt},
                     {"correct", Kind::kInt},
                     {"correct_share", Kind::kNumberOrNull}};

// Every element of the array `at` has `shape`.
void check_elements(const json::value& array, const Shape& shape, const std::string& where) {
  REQUIRE(array.is_array());
  for (const json::value& element : array.as_array()) check_shape(element, shape, where + "[]");
}

// The whole document, as docs/stats.md lists it.
void check_document(const json::value& report) {
  check_shape(report,
              {{"schema", Kind::kInt},
               {"deck", Kind::kStringOrNull},
               {"period", Kind::kString},
               {"today", Kind::kObject},
               {"true_retention", Kind::kObject},
               {"future_due", Kind::kObject},
               {"calendar", Kind::kObject},
               {"reviews", Kind::kObject},
               {"card_counts", Kind::kObject},
               {"intervals", Kind::kObject},
               {"ease", Kind::kObject},
               {"difficulty", Kind::kObject},
               {"stability", Kind::kObject},
               {"retrievability", Kind::kObject},
               {"hours", Kind::kArray},
               {"answer_buttons", Kind::kObject},
               {"added", Kind::kObject},
               {"streak", Kind::kObject}},
              "");
  CHECK(report.at("schema").as_int64() == 1);

  Shape today{{"date", Kind::kString}, {"day_start_ms", Kind::kInt}};
  for (const char* key : {"answers", "time_ms", "correct", "again", "learning", "review",
                          "relearning", "cram", "mature", "mature_correct"}) {
    today.emplace_back(key, Kind::kInt);
  }
  check_shape(report.at("today"), today, "today");

  for (const char* row :
       {"today", "yesterday", "last_7_days", "last_30_days", "last_365_days", "all_time"}) {
    const std::string where = std::string("true_retention.") + row;
    check_shape(report.at("true_retention"), {{row, Kind::kObject}}, "true_retention");
    for (const char* column : {"young", "mature", "all"}) {
      check_shape(report.at("true_retention").at(row), {{column, Kind::kObject}}, where);
      check_shape(report.at("true_retention").at(row).at(column), kRetentionCell,
                  where + "." + column);
    }
  }

  const json::value& forecast = report.at("future_due");
  check_shape(forecast,
              {{"horizon_days", Kind::kInt},
               {"due", Kind::kArray},
               {"overdue", Kind::kInt},
               {"total", Kind::kInt},
               {"average_per_day", Kind::kNumber},
               {"due_tomorrow", Kind::kInt},
               {"daily_load", Kind::kInt}},
              "future_due");
  CHECK(forecast.at("due").as_array().size() ==
        static_cast<std::size_t>(forecast.at("horizon_days").as_int64() + 1));
  for (const json::value& day : forecast.at("due").as_array()) CHECK(is(day, Kind::kInt));

  check_shape(report.at("calendar"), {{"days", Kind::kArray}}, "calendar");
  CHECK(report.at("calendar").at("days").as_array().size() == 365);
  check_elements(report.at("calendar").at("days"),
                 {{"date", Kind::kString}, {"reviews", Kind::kInt}}, "calendar.days");

  const json::value& reviews = report.at("reviews");
  check_shape(reviews,
              {{"days", Kind::kArray},
               {"total_count", Kind::kObject},
               {"total_time_ms", Kind::kObject},
               {"period_days", Kind::kInt},
               {"days_studied", Kind::kInt},
               {"average_per_day", Kind::kNumber},
               {"average_per_day_studied", Kind::kNumberOrNull},
               {"average_answer_ms", Kind::kNumberOrNull}},
              "reviews");
  check_shape(reviews.at("total_count"), kSplit, "reviews.total_count");
  check_shape(reviews.at("total_time_ms"), kSplit, "reviews.total_time_ms");
  CHECK(reviews.at("days").as_array().size() ==
        static_cast<std::size_t>(reviews.at("period_days").as_int64()));
  check_elements(reviews.at("days"),
                 {{"date", Kind::kString}, {"count", Kind::kObject}, {"time_ms", Kind::kObject}},
                 "reviews.days");

  Shape counts;
  for (const char* key : {"new", "learning", "relearning", "young", "mature", "suspended", "buried",
                          "leeches", "total"}) {
    counts.emplace_back(key, Kind::kInt);
  }
  check_shape(report.at("card_counts"), counts, "card_counts");

  const Shape by_days{{"days", Kind::kInt}, {"cards", Kind::kInt}};
  const Shape by_percent{{"percent", Kind::kInt}, {"cards", Kind::kInt}};
  for (const char* figure : {"intervals", "stability"}) {
    check_shape(
        report.at(figure),
        {{"counts", Kind::kArray}, {"total", Kind::kInt}, {"median_days", Kind::kNumberOrNull}},
        figure);
    check_elements(report.at(figure).at("counts"), by_days, figure);
  }
  for (const char* figure : {"ease", "difficulty"}) {
    check_shape(
        report.at(figure),
        {{"counts", Kind::kArray}, {"total", Kind::kInt}, {"median_percent", Kind::kNumberOrNull}},
        figure);
    check_elements(report.at(figure).at("counts"), by_percent, figure);
  }
  check_shape(report.at("retrievability"),
              {{"counts", Kind::kArray},
               {"cards", Kind::kInt},
               {"average", Kind::kNumberOrNull},
               {"knowledge_cards", Kind::kNumber},
               {"knowledge_notes", Kind::kNumber}},
              "retrievability");
  check_elements(report.at("retrievability").at("counts"), by_percent, "retrievability");

  CHECK(report.at("hours").as_array().size() == 24);
  check_elements(report.at("hours"),
                 {{"hour", Kind::kInt},
                  {"total", Kind::kInt},
                  {"correct", Kind::kInt},
                  {"correct_share", Kind::kNumberOrNull}},
                 "hours");

  for (const char* group : {"learning", "young", "mature"}) {
    check_shape(report.at("answer_buttons"), {{group, Kind::kObject}}, "answer_buttons");
    check_shape(report.at("answer_buttons").at(group), kButtons,
                std::string("answer_buttons.") + group);
  }

  check_shape(report.at("added"), {{"days", Kind::kArray}, {"total", Kind::kInt}}, "added");
  check_elements(report.at("added").at("days"), {{"date", Kind::kString}, {"cards", Kind::kInt}},
                 "added.days");

  check_shape(report.at("streak"), {{"current_days", Kind::kInt}, {"longest_days", Kind::kInt}},
              "streak");
}

}  // namespace

TEST_CASE("e2e: kioku stats --json prints every figure of docs/stats.md", "[e2e][stats]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  // One right answer to the bundled deck's first card, so the figures have something to count.
  REQUIRE(run_kioku(home, {"review", "--no-shuffle", "--limit", "1"}, "1\n").exit_code == 0);

  const json::value report = parse_output(run_kioku(home, {"stats", "--json"}));
  check_document(report);
  CHECK(report.at("deck").is_null());
  CHECK(report.at("period").as_string() == "30d");
  CHECK(report.at("reviews").at("period_days").as_int64() == 30);
  CHECK(report.at("today").at("answers").as_int64() == 1);
  CHECK(report.at("today").at("correct").as_int64() == 1);

  const json::value deck = parse_output(
      run_kioku(home, {"stats", "--json", "--deck", "gradient-checkpointing", "--period", "7d"}));
  check_document(deck);
  CHECK(deck.at("deck").as_string() == "gradient-checkpointing");
  CHECK(deck.at("period").as_string() == "7d");
  CHECK(deck.at("reviews").at("period_days").as_int64() == 7);
  CHECK(deck.at("card_counts").at("total").as_int64() == bundled_deck_cards());
}

// The histograms' elements, checked by check_document only when there are some: a card
// graduated under SM-2 fills intervals and ease, and the same deck switched to FSRS fills
// difficulty, stability and retrievability.
TEST_CASE("e2e: kioku stats --json fills the card histograms of SM-2 and FSRS decks",
          "[e2e][stats]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const auto count_of = [](const json::value& report, const char* figure) {
    return report.at(figure).at("counts").as_array().size();
  };
  REQUIRE(run_kioku(home, {"review", "--no-shuffle", "--limit", "1"}, "1 easy\n").exit_code == 0);

  const json::value sm2 = parse_output(run_kioku(home, {"stats", "--json"}));
  check_document(sm2);
  CHECK(sm2.at("intervals").at("total").as_int64() == 1);
  CHECK(count_of(sm2, "intervals") >= 1);
  CHECK(sm2.at("ease").at("total").as_int64() == 1);
  CHECK(count_of(sm2, "ease") >= 1);
  CHECK(sm2.at("stability").at("total").as_int64() == 0);
  CHECK(sm2.at("retrievability").at("cards").as_int64() == 0);

  REQUIRE(
      run_kioku(home, {"deck", "config", "gradient-checkpointing", "algorithm=fsrs"}).exit_code ==
      0);
  const json::value fsrs = parse_output(run_kioku(home, {"stats", "--json"}));
  check_document(fsrs);
  CHECK(fsrs.at("ease").at("total").as_int64() == 0);
  for (const char* figure : {"difficulty", "stability"}) {
    INFO(figure);
    CHECK(fsrs.at(figure).at("total").as_int64() == 1);
    CHECK(count_of(fsrs, figure) >= 1);
  }
  CHECK(fsrs.at("retrievability").at("cards").as_int64() == 1);
  CHECK(count_of(fsrs, "retrievability") >= 1);
  CHECK(fsrs.at("intervals").at("median_days").as_double() >= 1.0);
}

TEST_CASE("e2e: kioku stats refuses what it cannot show, in both languages", "[e2e][stats]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();

  const auto no_deck = run_kioku(home, {"stats", "--json", "--deck", "nope"});
  CHECK(no_deck.exit_code != 0);
  CHECK(no_deck.out.empty());
  CHECK(no_deck.err == "kioku: No deck nope (kioku decks lists them)\n");
  const auto no_deck_ja = run_kioku(home, {"--lang", "ja", "stats", "--json", "--deck", "nope"});
  CHECK(no_deck_ja.exit_code == no_deck.exit_code);
  CHECK(no_deck_ja.err == "kioku: デッキ nope はありません（kioku decks で一覧できます）\n");

  // The dashboard refuses an unknown deck the same way.
  const auto text = run_kioku(home, {"stats", "--deck", "nope", "--period", "7d"});
  CHECK(text.exit_code == no_deck.exit_code);
  CHECK(text.out.empty());
  CHECK(text.err == no_deck.err);

  const auto period = run_kioku(home, {"stats", "--json", "--period", "2w"});
  CHECK(period.exit_code == 2);
  CHECK(period.out.empty());
}
