// Anki's options group in kioku's deck-option terms (core/anki_deck_options.hpp): the text
// `kioku deck config` takes for each, so that one validation path (core/deck_config.hpp) decides
// what kioku accepts of an untrusted package.
#include "core/anki_deck_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace kioku {

namespace {

// Anki keeps these as 32-bit floats: the shortest text of the float, "1.3" rather than
// "1.2999999523162842". A number no float holds (1e300 in a package's JSON) gives text the
// option refuses, rather than a conversion with no defined result.
std::string decimal(double value) {
  if (!std::isfinite(value) || std::fabs(value) > std::numeric_limits<float>::max()) {
    return "not-a-number";
  }
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, static_cast<float>(value));
  return std::string(text, result.ptr);
}

std::string steps(const std::vector<double>& minutes) {
  std::string text;
  for (const double step : minutes) {
    if (!std::isfinite(step) || step <= 0.0 || step > 1e7) continue;
    const auto seconds = std::max<long long>(1, std::llround(step * 60.0));
    text += (text.empty() ? "" : " ") + std::to_string(seconds) + "s";
  }
  return text;
}

// FSRS-5 is FSRS-6 without the short-term exponent (w19 = 0) and with its fixed decay (w20 =
// 0.5), as fsrs-rs fills them; w19 is 0.01 here, the least kioku's FSRS-6 schedules with (it
// clamps as ts-fsrs does: core/fsrs_parameter_ranges.hpp), so the deck schedules as it would.
// FSRS-4.5's initial difficulty was w4 - w5 (G - 3); FSRS-5's is w4 - e^(w5 (G - 1)) + 1, and
// its mean reversion aims at Easy's: the three are moved to give the same difficulties, as
// fsrs-rs and ts-fsrs migrate them, and FSRS-4.5 had no short-term terms (w17 = w18 = 0).
constexpr double kLeastShortTermExponent = 0.01;
constexpr double kFsrs5Decay = 0.5;

std::vector<double> fsrs6_parameters(std::vector<double> parameters) {
  if (parameters.size() == 17) {
    parameters[4] = parameters[5] * 2.0 + parameters[4];
    parameters[5] = std::log(parameters[5] * 3.0 + 1.0) / 3.0;
    parameters[6] = parameters[6] + 0.5;
    parameters.insert(parameters.end(), {0.0, 0.0});
  }
  if (parameters.size() == 19) {
    parameters.insert(parameters.end(), {kLeastShortTermExponent, kFsrs5Decay});
  }
  return parameters;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> anki_deck_option_values(
    const AnkiDeckConfig& config, bool fsrs) {
  std::vector<std::pair<std::string, std::string>> values = {
      {"algorithm", fsrs ? "fsrs" : "sm2"},
      {"new_per_day", std::to_string(config.new_per_day)},
      {"reviews_per_day", std::to_string(config.reviews_per_day)},
      {"learning_steps", steps(config.learn_steps_minutes)},
      {"relearning_steps", steps(config.relearn_steps_minutes)},
      {"graduating_interval", std::to_string(config.graduating_interval_good)},
      {"easy_interval", std::to_string(config.graduating_interval_easy)},
      {"starting_ease", decimal(config.initial_ease)},
      {"easy_bonus", decimal(config.easy_multiplier)},
      {"hard_interval", decimal(config.hard_multiplier)},
      {"interval_modifier", decimal(config.interval_multiplier)},
      {"maximum_interval", std::to_string(config.maximum_interval)},
      {"new_interval", decimal(config.lapse_multiplier)},
      {"minimum_interval", std::to_string(config.minimum_lapse_interval)},
      {"leech_threshold", std::to_string(config.leech_threshold)},
      {"leech_action", config.leech_tag_only ? "tag" : "suspend"},
      {"bury_new_siblings", config.bury_new ? "on" : "off"},
      {"bury_review_siblings", config.bury_reviews ? "on" : "off"},
      {"bury_interday_learning_siblings", config.bury_interday_learning ? "on" : "off"},
      {"desired_retention", decimal(config.desired_retention)},
  };
  const std::vector<double> parameters = fsrs6_parameters(config.fsrs_parameters);
  if (parameters.size() == 21) {
    std::string text;
    for (const double parameter : parameters)
      text += (text.empty() ? "" : ",") + decimal(parameter);
    values.emplace_back("fsrs_parameters", text);
  }
  return values;
}

}  // namespace kioku
