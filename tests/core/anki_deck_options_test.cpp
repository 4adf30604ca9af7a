// An Anki options group as kioku's deck options (core/anki_deck_options.hpp): every option
// given in deck.config's terms, each one kioku's option table accepts as it stands, steps in
// seconds, FSRS's older parameter sets made FSRS-6's.
#include "core/anki_deck_options.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "core/deck_config.hpp"

namespace kioku {
namespace {

using Catch::Detail::Approx;

std::map<std::string, std::string> anki_option_values_by_name(const AnkiDeckConfig& config,
                                                              bool fsrs) {
  std::map<std::string, std::string> values;
  for (auto& [name, value] : anki_deck_option_values(config, fsrs)) values[name] = value;
  return values;
}

TEST_CASE("anki deck options: a changed group becomes kioku's options", "[core][anki]") {
  AnkiDeckConfig config;
  config.learn_steps_minutes = {0.5, 10.0, 1440.0};
  config.relearn_steps_minutes = {};
  config.new_per_day = 50;
  config.reviews_per_day = 100;
  config.initial_ease = 2.3f;
  config.easy_multiplier = 1.5f;
  config.interval_multiplier = 0.8f;
  config.lapse_multiplier = 0.2f;
  config.leech_threshold = 5;
  config.leech_tag_only = true;
  config.bury_reviews = true;
  const auto values = anki_option_values_by_name(config, false);
  CHECK(values.at("algorithm") == "sm2");
  CHECK(values.at("learning_steps") == "30s 600s 86400s");
  CHECK(values.at("relearning_steps").empty());
  CHECK(values.at("new_per_day") == "50");
  CHECK(values.at("reviews_per_day") == "100");
  CHECK(values.at("starting_ease") == "2.3");
  CHECK(values.at("easy_bonus") == "1.5");
  CHECK(values.at("interval_modifier") == "0.8");
  CHECK(values.at("new_interval") == "0.2");
  CHECK(values.at("leech_threshold") == "5");
  CHECK(values.at("leech_action") == "tag");
  CHECK(values.at("bury_review_siblings") == "on");
  CHECK_FALSE(values.contains("fsrs_parameters"));

  // Each value is one kioku's option table takes, and gives the option asked for.
  DeckOptions options;
  for (const auto& [name, value] : values) set_deck_option(options, name, value);
  CHECK(options.learn_steps_seconds == std::vector<int>{30, 600, 86400});
  CHECK(options.relearn_steps_seconds.empty());
  CHECK(options.initial_ease == Approx(2.3));
  CHECK(options.lapse_multiplier == Approx(0.2));
  CHECK(options.leech_action == LeechAction::kTagOnly);
  CHECK(options.bury_review_siblings);
}

TEST_CASE("anki deck options: FSRS's parameters of each version become FSRS-6's", "[core][anki]") {
  AnkiDeckConfig config;
  config.desired_retention = 0.85f;
  for (const std::size_t count : {19u, 21u}) {
    INFO(count << " parameters");
    // FSRS-6's defaults cut to the version's length: each within FSRS-6's bounds.
    config.fsrs_parameters.assign(kFsrsDefaultWeights.begin(), kFsrsDefaultWeights.begin() + count);
    const auto values = anki_option_values_by_name(config, true);
    CHECK(values.at("algorithm") == "fsrs");
    CHECK(values.at("desired_retention") == "0.85");
    DeckOptions options;
    set_deck_option(options, "fsrs_parameters", values.at("fsrs_parameters"));
    CHECK(options.fsrs_weights[4] == Approx(kFsrsDefaultWeights[4]));
    if (count < 21) {
      // No short-term exponent before FSRS-6: the least kioku schedules with.
      CHECK(options.fsrs_weights[19] == 0.01);
      CHECK(options.fsrs_weights[20] == 0.5);  // FSRS-5's fixed decay
    }
  }
  // FSRS-4.5's defaults (Anki 23.10): its difficulties of a first Again and a first Easy
  // (w4 - w5 (G - 3)) are FSRS-5's (w4 - e^(w5 (G - 1)) + 1) after the move.
  config.fsrs_parameters = {0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474,
                            0.1367, 1.0461, 2.1072, 0.0793,  0.3246, 1.587,  0.2272, 2.8755};
  DeckOptions options;
  set_deck_option(options, "fsrs_parameters",
                  anki_option_values_by_name(config, true).at("fsrs_parameters"));
  const auto& w = options.fsrs_weights;
  const auto fsrs5_first_difficulty = [&](int grade) {
    return w[4] - std::exp(w[5] * (grade - 1)) + 1.0;
  };
  CHECK(fsrs5_first_difficulty(1) == Approx(5.1618 + 2 * 1.2298).epsilon(1e-5));
  CHECK(fsrs5_first_difficulty(4) == Approx(5.1618 - 1.2298).epsilon(1e-5));
  CHECK(w[6] == Approx(0.8975 + 0.5).epsilon(1e-6));
  CHECK(w[17] == 0.0);
  CHECK(w[18] == 0.0);
  CHECK(w[20] == 0.5);

  // A number no float holds is refused by its option, not converted.
  AnkiDeckConfig huge;
  huge.easy_multiplier = 1e300;
  DeckOptions untouched;
  CHECK_THROWS(set_deck_option(untouched, "easy_bonus",
                               anki_option_values_by_name(huge, false).at("easy_bonus")));
  config.fsrs_parameters.assign(5, 1.0);  // no version Anki has: left out
  CHECK_FALSE(anki_option_values_by_name(config, true).contains("fsrs_parameters"));
}

}  // namespace
}  // namespace kioku
