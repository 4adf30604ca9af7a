// `kioku sched simulate --history` through the real binary, on the simulated learner's history
// (tests/e2e/simulated_history.hpp): the report's totals agree with its days, it is the same
// for a seed, more retention costs more reviews, and bad options are refused in both languages.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/simulated_history.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

std::vector<std::string> simulate(const std::string& history, std::vector<std::string> more) {
  std::vector<std::string> arguments = {"sched",      "simulate", "--history",       history,
                                        "--timezone", "UTC",      "--day-starts-at", "4"};
  arguments.insert(arguments.end(), more.begin(), more.end());
  return arguments;
}

template <typename Number>
Number sum(const json::value& numbers) {
  Number total = 0;
  for (const json::value& number : numbers.as_array()) total += number.to_number<Number>();
  return total;
}

}  // namespace

TEST_CASE("e2e: sched simulate runs a history's days ahead, per retention", "[e2e][simulate]") {
  TempHome home;
  const std::string history = home.write_file("history.jsonl", simulated_history(300, 5));
  const auto first =
      run_kioku(home, simulate(history, {"--days", "120", "--add", "200", "--desired-retention",
                                         "0.8", "--desired-retention", "0.95", "--json"}));
  INFO(first.err);
  REQUIRE(first.exit_code == 0);
  const json::value report = json::parse(first.out);
  CHECK(report.at("algorithm").as_string() == "fsrs");
  CHECK(report.at("learner").as_string() == "fitted");  // 300 cards are enough to fit
  CHECK(report.at("days").as_int64() == 120);
  CHECK(report.at("studied_cards").as_int64() == 300);
  CHECK(report.at("new_cards").as_int64() == 200);
  CHECK(report.at("new_per_day").as_int64() == 20);
  CHECK(report.at("reviews_per_day").as_int64() == 200);
  const json::array& runs = report.at("runs").as_array();
  REQUIRE(runs.size() == 2);
  for (const json::value& run : runs) {
    INFO(json::serialize(run));
    // Every day is there, and the totals are the days' sums.
    CHECK(run.at("daily_reviews").as_array().size() == 120);
    CHECK(run.at("daily_known").as_array().size() == 120);
    CHECK(sum<std::int64_t>(run.at("daily_reviews")) == run.at("reviews").as_int64());
    CHECK(sum<std::int64_t>(run.at("daily_new_cards")) == run.at("new_cards").as_int64());
    CHECK(sum<std::int64_t>(run.at("daily_lapses")) == run.at("lapses").as_int64());
    CHECK(sum<double>(run.at("daily_minutes")) == Approx(run.at("minutes").to_number<double>()));
    // The 200 new cards, 20 a day, are all in by day 10.
    CHECK(run.at("new_cards").as_int64() == 200);
    CHECK(run.at("daily_new_cards").as_array()[9].as_int64() == 20);
    CHECK(run.at("daily_new_cards").as_array()[10].as_int64() == 0);
    for (const json::value& reviews : run.at("daily_reviews").as_array()) {
      CHECK(reviews.as_int64() <= 200 + 200);  // the limit, plus same-day steps at most
    }
    CHECK(run.at("known_at_end").to_number<double>() > 0);
    CHECK(run.at("known_at_end").to_number<double>() <= 500);
    CHECK(
        run.at("minutes_per_known").to_number<double>() ==
        Approx(run.at("minutes").to_number<double>() / run.at("known_at_end").to_number<double>()));
  }
  CHECK(runs[0].at("desired_retention").to_number<double>() == 0.8);
  CHECK(runs[1].at("desired_retention").to_number<double>() == 0.95);
  CHECK(runs[0].at("reviews").as_int64() < runs[1].at("reviews").as_int64());
  const double minimum = report.at("minimum_recommended_retention").to_number<double>();
  CHECK(minimum >= 0.70);
  CHECK(minimum <= 0.95);

  // The same seed prints the same bytes; another seed other figures.
  const auto again =
      run_kioku(home, simulate(history, {"--days", "120", "--add", "200", "--desired-retention",
                                         "0.8", "--desired-retention", "0.95", "--json"}));
  CHECK(again.out == first.out);
  const auto seeded = run_kioku(
      home, simulate(history, {"--days", "120", "--add", "200", "--desired-retention", "0.8",
                               "--desired-retention", "0.95", "--seed", "2", "--json"}));
  REQUIRE(seeded.exit_code == 0);
  CHECK(seeded.out != first.out);

  // SM-2: one run, no retention.
  const auto sm2 =
      run_kioku(home, simulate(history, {"--algorithm", "sm2", "--days", "30", "--json"}));
  REQUIRE(sm2.exit_code == 0);
  const json::value sm2_report = json::parse(sm2.out);
  CHECK(sm2_report.at("algorithm").as_string() == "sm2");
  REQUIRE(sm2_report.at("runs").as_array().size() == 1);
  CHECK_FALSE(sm2_report.at("runs").as_array()[0].as_object().contains("desired_retention"));
  CHECK_FALSE(sm2_report.as_object().contains("minimum_recommended_retention"));
}

TEST_CASE("e2e: sched simulate's report in English and Japanese, and its refusals",
          "[e2e][simulate]") {
  TempHome home;
  const std::string history = home.write_file("history.jsonl", simulated_history(100, 3));
  const auto english = run_kioku(home, simulate(history, {"--days", "60"}));
  INFO(english.err);
  REQUIRE(english.exit_code == 0);
  CHECK(has(english.out, "Simulated 60 days: 100 studied and 0 new cards"));
  CHECK(has(english.out, "Reviews/day"));
  CHECK(has(english.out, "Minimum recommended retention: 0."));
  const auto japanese = run_kioku(home, {"--lang", "ja", "sched", "simulate", "--history", history,
                                         "--timezone", "UTC", "--days", "60"});
  REQUIRE(japanese.exit_code == 0);
  CHECK(has(japanese.out, "60 日間をシミュレーションしました"));
  CHECK(has(japanese.out, "推奨最小保持率: 0."));

  const auto out_of_range = run_kioku(home, simulate(history, {"--desired-retention", "0.5"}));
  CHECK(out_of_range.exit_code != 0);
  CHECK(has(out_of_range.err, "--desired-retention must be a number from 0.70 to 0.99, got '0.5'"));
  const auto with_sm2 = run_kioku(home, {"--lang", "ja", "sched", "simulate", "--history", history,
                                         "--algorithm", "sm2", "--desired-retention", "0.9"});
  CHECK(with_sm2.exit_code != 0);
  CHECK(has(with_sm2.err, "--desired-retention は --algorithm fsrs 用です"));
  const auto bad_line = run_kioku(home, simulate("-", {}), "{\"card\":\"c\"}\n");
  CHECK(bad_line.exit_code != 0);
  CHECK(has(bad_line.err, "stdin:1"));
}
