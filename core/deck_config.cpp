// The deck option table and its text conversions. Ranges follow Anki's deck options screen.
#include "core/deck_config.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "core/fill_in.hpp"

namespace kioku {

namespace {

constexpr int kMaximumDays = 36500;

// FSRS parameter bounds (scheduling.md §3.7), used to check a user's weights.
constexpr std::array<std::pair<double, double>, 21> kFsrsWeightBounds = {{
    {0.001, 100},  {0.001, 100},  {0.001, 100}, {0.001, 100}, {1, 10},      {0.001, 4},
    {0.001, 4},    {0.001, 0.75}, {0, 4.5},     {0, 0.8},     {0.001, 3.5}, {0.001, 5},
    {0.001, 0.25}, {0.001, 0.9},  {0, 4},       {0, 1},       {1, 6},       {0, 2},
    {0, 2},        {0.01, 0.8},   {0.1, 0.8},
}};

// `allowed` and `allowed_japanese`: the option's range or choices in English and in Japanese
// (the same for a list of words such as "on, off").
[[noreturn]] void refuse(std::string_view name, std::string_view value, std::string_view allowed,
                         std::string_view allowed_japanese) {
  throw Error(ErrorCode::kInvalidParams,
              BilingualMessage{fill_in("{name}: \"{value}\" is not allowed (allowed: {allowed})",
                                       {{"name", std::string(name)},
                                        {"value", std::string(value)},
                                        {"allowed", std::string(allowed)}}),
                               fill_in("{name}: \"{value}\" は使えません（使える値: {allowed}）",
                                       {{"name", std::string(name)},
                                        {"value", std::string(value)},
                                        {"allowed", std::string(allowed_japanese)}})});
}

// A list of words, the same in both languages.
[[noreturn]] void refuse(std::string_view name, std::string_view value, std::string_view allowed) {
  refuse(name, value, allowed, allowed);
}

// The shortest text that reads back as exactly `value`, so options survive storage unchanged.
std::string format_decimal(double value) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

bool parse_double(std::string_view text, double& value) {
  const std::string copy(text);
  char* end = nullptr;
  value = std::strtod(copy.c_str(), &end);
  return !copy.empty() && end == copy.c_str() + copy.size() && std::isfinite(value);
}

bool parse_int(std::string_view text, int& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

// One row of the table: how to set and read one option.
struct OptionAccess {
  DeckOptionSpec spec;
  std::function<void(DeckOptions&, std::string_view)> set;
  std::function<std::string(const DeckOptions&)> get;
};

OptionAccess integer_option(std::string_view name, std::string_view allowed,
                            std::string_view allowed_japanese, std::string_view help, int minimum,
                            int maximum, int DeckOptions::*field) {
  return {{name, allowed, help},
          [=](DeckOptions& options, std::string_view value) {
            int parsed = 0;
            if (!parse_int(value, parsed) || parsed < minimum || parsed > maximum) {
              refuse(name, value, allowed, allowed_japanese);
            }
            options.*field = parsed;
          },
          [=](const DeckOptions& options) { return std::to_string(options.*field); }};
}

OptionAccess decimal_option(std::string_view name, std::string_view allowed,
                            std::string_view allowed_japanese, std::string_view help,
                            double minimum, double maximum, double DeckOptions::*field) {
  return {
      {name, allowed, help},
      [=](DeckOptions& options, std::string_view value) {
        double parsed = 0;
        if (!parse_double(value, parsed) || parsed < minimum - 1e-12 || parsed > maximum + 1e-12) {
          refuse(name, value, allowed, allowed_japanese);
        }
        options.*field = parsed;
      },
      [=](const DeckOptions& options) { return format_decimal(options.*field); }};
}

// on/off (true/false accepted too); shown as on/off.
OptionAccess boolean_option(std::string_view name, std::string_view help,
                            bool DeckOptions::*field) {
  return {{name, "on, off", help},
          [=](DeckOptions& options, std::string_view value) {
            if (value == "on" || value == "true") {
              options.*field = true;
            } else if (value == "off" || value == "false") {
              options.*field = false;
            } else {
              refuse(name, value, "on, off");
            }
          },
          [=](const DeckOptions& options) { return std::string(options.*field ? "on" : "off"); }};
}

OptionAccess steps_option(std::string_view name, std::string_view help,
                          std::vector<int> DeckOptions::*field, bool may_be_empty) {
  const std::string_view allowed =
      may_be_empty ? "durations like \"10m\" or \"1m 10m 1h\" (s, m, h, d), or \"\""
                   : "one or more durations like \"1m 10m 1h\" (s, m, h, d)";
  const std::string_view allowed_japanese =
      may_be_empty ? "\"10m\" や \"1m 10m 1h\" のような時間（s、m、h、d）、または \"\""
                   : "\"1m 10m 1h\" のような一つ以上の時間（s、m、h、d）";
  return {{name, allowed, help},
          [=](DeckOptions& options, std::string_view value) {
            std::vector<int> steps;
            try {
              steps = parse_steps(value);
            } catch (const Error&) {
              refuse(name, value, allowed, allowed_japanese);
            }
            if (steps.empty() && !may_be_empty) refuse(name, value, allowed, allowed_japanese);
            options.*field = steps;
          },
          [=](const DeckOptions& options) { return format_steps(options.*field); }};
}

const std::vector<OptionAccess>& option_table() {
  static const std::vector<OptionAccess> table = {
      {{"algorithm", "sm2, sm2-classic, fsrs",
        "scheduler; changing it recomputes the deck's cards from their history"},
       [](DeckOptions& options, std::string_view value) {
         const auto algorithm = parse_algorithm(value);
         if (!algorithm) refuse("algorithm", value, "sm2, sm2-classic, fsrs");
         options.algorithm = *algorithm;
       },
       [](const DeckOptions& options) { return std::string(to_string(options.algorithm)); }},
      integer_option("new_per_day", "0 to 9999", "0 から 9999", "new cards introduced per day", 0,
                     9999, &DeckOptions::new_per_day),
      integer_option("reviews_per_day", "0 to 9999", "0 から 9999", "reviews per day", 0, 9999,
                     &DeckOptions::reviews_per_day),
      steps_option("learning_steps", "delays between the first answers of a new card",
                   &DeckOptions::learn_steps_seconds, true),
      integer_option("graduating_interval", "1 to 36500 (days)", "1 から 36500（日）",
                     "interval after the last learning step", 1, kMaximumDays,
                     &DeckOptions::graduating_interval_good),
      integer_option("easy_interval", "1 to 36500 (days)", "1 から 36500（日）",
                     "interval after Easy on a new card", 1, kMaximumDays,
                     &DeckOptions::graduating_interval_easy),
      decimal_option("starting_ease", "1.31 to 5.0", "1.31 から 5.0",
                     "ease of a card when it graduates (SM-2)", 1.31, 5.0,
                     &DeckOptions::initial_ease),
      decimal_option("easy_bonus", "1.0 to 5.0", "1.0 から 5.0", "extra multiplier for Easy (SM-2)",
                     1.0, 5.0, &DeckOptions::easy_multiplier),
      decimal_option("hard_interval", "0.1 to 1.3", "0.1 から 1.3", "multiplier for Hard (SM-2)",
                     0.1, 1.3, &DeckOptions::hard_multiplier),
      decimal_option("interval_modifier", "0.5 to 2.0", "0.5 から 2.0",
                     "multiplies every review interval (SM-2)", 0.5, 2.0,
                     &DeckOptions::interval_multiplier),
      integer_option("maximum_interval", "1 to 36500 (days)", "1 から 36500（日）",
                     "longest interval", 1, kMaximumDays, &DeckOptions::maximum_interval),
      steps_option("relearning_steps", "delays after a lapse before the card returns to review",
                   &DeckOptions::relearn_steps_seconds, true),
      decimal_option("new_interval", "0.0 to 1.0", "0.0 から 1.0",
                     "interval after a lapse, times the old one (SM-2)", 0.0, 1.0,
                     &DeckOptions::lapse_multiplier),
      integer_option("minimum_interval", "1 to 36500 (days)", "1 から 36500（日）",
                     "shortest interval after a lapse", 1, kMaximumDays,
                     &DeckOptions::minimum_lapse_interval),
      integer_option("leech_threshold", "0 to 99 (0: never)", "0 から 99（0: リーチにしない）",
                     "lapses that make a card a leech", 0, 99, &DeckOptions::leech_threshold),
      {{"leech_action", "suspend, tag", "what happens to a leech: tagged and suspended, or tagged"},
       [](DeckOptions& options, std::string_view value) {
         if (value == "suspend") {
           options.leech_action = LeechAction::kTagAndSuspend;
         } else if (value == "tag") {
           options.leech_action = LeechAction::kTagOnly;
         } else {
           refuse("leech_action", value, "suspend, tag");
         }
       },
       [](const DeckOptions& options) {
         return std::string(options.leech_action == LeechAction::kTagAndSuspend ? "suspend"
                                                                                : "tag");
       }},
      boolean_option("new_cards_ignore_review_limit",
                     "new cards are limited by new_per_day only, not also by reviews_per_day",
                     &DeckOptions::new_cards_ignore_review_limit),
      boolean_option("fuzz", "spread review intervals over a few days", &DeckOptions::fuzz),
      decimal_option("desired_retention", "0.70 to 0.99", "0.70 から 0.99",
                     "recall probability FSRS schedules for", 0.70, 0.99,
                     &DeckOptions::desired_retention),
      boolean_option("bury_new_siblings", "answering a card hides its new siblings until tomorrow",
                     &DeckOptions::bury_new_siblings),
      boolean_option("bury_review_siblings",
                     "answering a card hides its review siblings until tomorrow",
                     &DeckOptions::bury_review_siblings),
      boolean_option("bury_interday_learning_siblings",
                     "answering a card hides its interday learning siblings until tomorrow",
                     &DeckOptions::bury_interday_learning_siblings),
      {{"fsrs_parameters", "21 numbers separated by commas, each within FSRS-6's bounds",
        "FSRS-6 model parameters w0..w20"},
       [](DeckOptions& options, std::string_view value) {
         std::array<double, 21> weights{};
         std::size_t count = 0;
         std::string text(value);
         for (char& c : text) c = c == ',' ? ' ' : c;
         std::istringstream numbers(text);
         std::string word;
         while (numbers >> word) {
           double parsed = 0;
           if (count >= weights.size() || !parse_double(word, parsed) ||
               parsed < kFsrsWeightBounds[count].first ||
               parsed > kFsrsWeightBounds[count].second) {
             if (count >= weights.size()) {
               refuse("fsrs_parameters", value, "exactly 21 numbers", "ちょうど 21 個の数");
             }
             const BilingualMessage where =
                 bilingual("w{index} must be within {lowest} to {highest}",
                           "w{index} は {lowest} から {highest} まで",
                           {{"index", std::to_string(count)},
                            {"lowest", format_decimal(kFsrsWeightBounds[count].first)},
                            {"highest", format_decimal(kFsrsWeightBounds[count].second)}});
             refuse("fsrs_parameters", value, where.english, where.japanese);
           }
           weights[count++] = parsed;
         }
         if (count != weights.size()) {
           refuse("fsrs_parameters", value, "exactly 21 numbers", "ちょうど 21 個の数");
         }
         options.fsrs_weights = weights;
       },
       [](const DeckOptions& options) {
         std::string text;
         for (double weight : options.fsrs_weights) {
           text += (text.empty() ? "" : ",") + format_decimal(weight);
         }
         return text;
       }},
  };
  return table;
}

const OptionAccess& find_option(std::string_view name) {
  for (const OptionAccess& option : option_table()) {
    if (option.spec.name == name) return option;
  }
  std::string names;
  for (const OptionAccess& option : option_table()) {
    names += (names.empty() ? "" : ", ") + std::string(option.spec.name);
  }
  throw Error(ErrorCode::kInvalidParams,
              bilingual("unknown deck option '{name}' (options: {names})",
                        "デッキのオプション '{name}' はありません（オプション: {names}）",
                        {{"name", std::string(name)}, {"names", names}}));
}

}  // namespace

std::span<const DeckOptionSpec> deck_option_specs() {
  static const std::vector<DeckOptionSpec> specs = [] {
    std::vector<DeckOptionSpec> list;
    for (const OptionAccess& option : option_table()) list.push_back(option.spec);
    return list;
  }();
  return specs;
}

void set_deck_option(DeckOptions& options, std::string_view name, std::string_view value) {
  find_option(name).set(options, value);
}

std::string deck_option_text(const DeckOptions& options, std::string_view name) {
  return find_option(name).get(options);
}

std::vector<int> parse_steps(std::string_view text) {
  std::vector<int> steps;
  std::istringstream words{std::string(text)};
  std::string word;
  while (words >> word) {
    const char unit = word.back();
    int multiplier = 0;
    switch (unit) {
      case 's':
        multiplier = 1;
        break;
      case 'm':
        multiplier = 60;
        break;
      case 'h':
        multiplier = 3600;
        break;
      case 'd':
        multiplier = 86400;
        break;
      default:
        break;
    }
    int amount = 0;
    if (multiplier == 0 || !parse_int(std::string_view(word).substr(0, word.size() - 1), amount) ||
        amount <= 0 || amount > 365 * 86400 / multiplier) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("\"{word}\" is not a duration like 10m",
                            "\"{word}\" は 10m のような時間ではありません", {{"word", word}}));
    }
    steps.push_back(amount * multiplier);
  }
  return steps;
}

std::string format_steps(const std::vector<int>& seconds) {
  std::string text;
  for (int step : seconds) {
    std::string one;
    if (step % 86400 == 0) {
      one = std::to_string(step / 86400) + "d";
    } else if (step % 3600 == 0) {
      one = std::to_string(step / 3600) + "h";
    } else if (step % 60 == 0) {
      one = std::to_string(step / 60) + "m";
    } else {
      one = std::to_string(step) + "s";
    }
    text += (text.empty() ? "" : " ") + one;
  }
  return text;
}

}  // namespace kioku
