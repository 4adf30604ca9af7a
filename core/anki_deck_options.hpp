// An Anki deck options group (a "preset": the legacy col.dconf entry, or schema 18's
// deck_config row) and the kioku deck options it becomes when a package is imported
// (docs/anki-import.md, "Deck options"). Pure.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kioku {

// What kioku reads of an options group, with Anki's defaults for anything the group lacks.
struct AnkiDeckConfig {
  std::vector<double> learn_steps_minutes{1.0, 10.0};
  std::vector<double> relearn_steps_minutes{10.0};
  std::int64_t new_per_day = 20;
  std::int64_t reviews_per_day = 200;
  double initial_ease = 2.5;
  double easy_multiplier = 1.3;
  double hard_multiplier = 1.2;
  double lapse_multiplier = 0.0;
  double interval_multiplier = 1.0;
  std::int64_t maximum_interval = 36500;
  std::int64_t minimum_lapse_interval = 1;
  std::int64_t graduating_interval_good = 1;
  std::int64_t graduating_interval_easy = 4;
  std::int64_t leech_threshold = 8;
  bool leech_tag_only = false;  // Anki's leech action 1; 0 suspends
  bool bury_new = false;
  bool bury_reviews = false;
  bool bury_interday_learning = false;
  // FSRS: the newest non-empty parameter set (FSRS-6's 21, FSRS-5's 19 or FSRS-4.5's 17), and
  // the retention asked for.
  std::vector<double> fsrs_parameters;
  double desired_retention = 0.9;
};

// The group as kioku's deck options, as (option, value) pairs in `kioku deck config`'s terms,
// every option the group sets: `algorithm` fsrs when the collection had FSRS on (with the
// group's parameters, FSRS-5's and FSRS-4.5's made FSRS-6's that schedule the same), else sm2.
// Steps are given in seconds. The caller applies each and keeps kioku's default for one it
// refuses (a value outside kioku's range).
std::vector<std::pair<std::string, std::string>> anki_deck_option_values(
    const AnkiDeckConfig& config, bool fsrs);

}  // namespace kioku
