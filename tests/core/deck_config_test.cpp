// Deck options by name: parsing, canonical text, and refusals that name the allowed range.
#include "core/deck_config.hpp"

#include <catch2/catch.hpp>

#include "core/error.hpp"

using namespace kioku;

namespace {

std::string option_refusal(std::string_view name, std::string_view value) {
  DeckOptions options;
  try {
    set_deck_option(options, name, value);
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidParams);
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("deck_config: every option reads back what was set", "[core][deck_config]") {
  struct Row {
    const char* name;
    const char* value;
  };
  const auto row = GENERATE(values<Row>({
      {"algorithm", "fsrs"},          {"new_per_day", "35"},
      {"reviews_per_day", "0"},       {"learning_steps", "30s 5m 1h 2d"},
      {"learning_steps", ""},         {"graduating_interval", "3"},
      {"easy_interval", "7"},         {"starting_ease", "2.3"},
      {"easy_bonus", "1.5"},          {"hard_interval", "0.1"},
      {"interval_modifier", "0.8"},   {"maximum_interval", "3650"},
      {"relearning_steps", "10m 1d"}, {"new_interval", "0.2"},
      {"minimum_interval", "2"},      {"leech_threshold", "0"},
      {"leech_action", "tag"},        {"fuzz", "off"},
      {"desired_retention", "0.85"},
  }));
  DeckOptions options;
  set_deck_option(options, row.name, row.value);
  CHECK(deck_option_text(options, row.name) == row.value);
}

TEST_CASE("deck_config: setting changes the option the scheduler reads", "[core][deck_config]") {
  DeckOptions options;
  set_deck_option(options, "learning_steps", "1m 10m 1h");
  CHECK(options.learn_steps_seconds == std::vector<int>{60, 600, 3600});
  set_deck_option(options, "leech_action", "tag");
  CHECK(options.leech_action == LeechAction::kTagOnly);
  set_deck_option(options, "algorithm", "sm2-classic");
  CHECK(options.algorithm == Algorithm::kSm2Classic);
  set_deck_option(options, "hard_interval", "1.1");
  CHECK(options.hard_multiplier == Approx(1.1));
}

TEST_CASE("deck_config: a bad value is refused with the allowed range", "[core][deck_config]") {
  CHECK(option_refusal("new_per_day", "-1") ==
        "new_per_day: \"-1\" is not allowed (allowed: 0 to 9999)");
  CHECK(option_refusal("starting_ease", "1.2") ==
        "starting_ease: \"1.2\" is not allowed (allowed: 1.31 to 5.0)");
  CHECK(option_refusal("desired_retention", "abc").find("allowed: 0.70 to 0.99") !=
        std::string::npos);
  CHECK(option_refusal("algorithm", "sm5").find("allowed: sm2, sm2-classic, fsrs") !=
        std::string::npos);
  CHECK(option_refusal("learning_steps", "10x").find("durations like") != std::string::npos);
  CHECK(option_refusal("graduating_interval", "36501").find("1 to 36500") != std::string::npos);
  CHECK(option_refusal("fsrs_parameters", "1,2,3").find("exactly 21 numbers") != std::string::npos);
  CHECK(
      option_refusal("fsrs_parameters",
                     "0.212,1.2931,2.3065,8.2956,11,0.8334,3.0194,0.001,1.8722,0.1666,0.796,1.4835,"
                     "0.0614,0.2629,1.6483,0.6014,1.8729,0.5425,0.0912,0.0658,0.1542")
          .find("w4 must be within 1 to 10") != std::string::npos);
}

TEST_CASE("deck_config: an unknown option lists the known ones", "[core][deck_config]") {
  const std::string message = option_refusal("new_cards_per_day", "10");
  CHECK(message.rfind("unknown deck option 'new_cards_per_day' (options: algorithm, ", 0) == 0);
}

TEST_CASE("deck_config: FSRS parameters round-trip", "[core][deck_config]") {
  DeckOptions options;
  const std::string defaults = deck_option_text(options, "fsrs_parameters");
  set_deck_option(options, "fsrs_parameters", defaults);
  CHECK(options.fsrs_weights == kFsrsDefaultWeights);
}

TEST_CASE("deck_config: steps parse and format", "[core][deck_config]") {
  CHECK(parse_steps(" 1m   10m ") == std::vector<int>{60, 600});
  CHECK(format_steps({90, 3600, 86400 * 2}) == "90s 1h 2d");
  CHECK_THROWS_AS(parse_steps("0m"), Error);
  CHECK_THROWS_AS(parse_steps("m"), Error);
}
