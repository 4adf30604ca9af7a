// The words of the commands that look after a collection and its settings: deck config, doctor
// and sched replay and optimize. Filled in with fill_in() (cli/messages.hpp); "_one" is for a count
// of 1.
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct MaintenanceMessages {
  // kioku deck config
  const char* recomputed_one;  // {count}, {changed}
  const char* recomputed_many;
  const char* default_value;       // {value}, beside a changed option
  const char* expected_key_value;  // {text}
  // kioku doctor
  const char* intact;        // {path}
  const char* warning;       // {text}
  const char* problems_one;  // {count}, {advice} (kiokud's, in English, or restore_backup)
  const char* problems_many;
  const char* restore_backup;
  const char* replayed_one;  // {count}
  const char* replayed_many;
  const char* fixed_one;  // {count}
  const char* fixed_many;
  const char* fixed_cards;  // {deck}, {cards} (" 3 7 12")
  const char* deck_without_rebuild;
  const char* differing_one;  // {count}, {cards} (" 3 7 12")
  const char* differing_many;
  // kioku sched replay
  const char* unknown_time_zone;          // {zone}
  const char* option_expected_key_value;  // {text}
  // sched replay's input lines (after "stdin:LINE: FIELD: ")
  const char* replay_card_not_text;
  const char* replay_time_not_text;
  const char* replay_time_invalid;  // {time}
  const char* replay_quality_needs_classic;
  const char* replay_quality_range;
  const char* replay_rating_invalid;
  // kioku sched optimize
  const char* history_cannot_open;    // {path}, {error}
  const char* history_cannot_read;    // {error}
  const char* history_line_too_long;  // {bytes}
  const char* optimize_items;         // {count}
  const char* optimize_fit_defaults;
  const char* optimize_fit_initial;
  const char* optimize_log_loss;    // {before}, {after}
  const char* optimize_rmse_bins;   // {before}, {after}
  const char* optimize_parameters;  // {parameters}
  const char* optimize_applied;     // {deck}, {cards}, {changed}: the fitted parameters stored
  const char* optimize_kept;        // {deck}: not stored, they predict the answers no better
  const char* optimize_apply_needs_deck;
  const char* optimize_history_or_deck;
  const char* optimize_changed_meanwhile;  // {deck}: another client stored parameters meanwhile
  // kioku sched evaluate
  const char* evaluate_scored;   // {scored}, {items}, {splits}
  const char* evaluate_too_few;  // {items}
  const char* evaluate_model;    // column headings
  const char* evaluate_log_loss;
  const char* evaluate_rmse_bins;
  const char* evaluate_answers;
  const char* evaluate_fsrs_defaults;  // the FSRS models' names (SM-2 is a name in both)
  const char* evaluate_fsrs_fitted;
  const char* evaluate_calibration;  // {model}
  const char* evaluate_predicted;    // calibration column headings
  const char* evaluate_mean_predicted;
  const char* evaluate_recalled;
  const char* evaluate_history_or_deck;
};
BOOST_DESCRIBE_STRUCT(
    MaintenanceMessages, (),
    (recomputed_one, recomputed_many, default_value, expected_key_value, intact, warning,
     problems_one, problems_many, restore_backup, replayed_one, replayed_many, fixed_one,
     fixed_many, fixed_cards, deck_without_rebuild, differing_one, differing_many,
     unknown_time_zone, option_expected_key_value, replay_card_not_text, replay_time_not_text,
     replay_time_invalid, replay_quality_needs_classic, replay_quality_range, replay_rating_invalid,
     history_cannot_open, history_cannot_read, history_line_too_long, optimize_items,
     optimize_fit_defaults, optimize_fit_initial, optimize_log_loss, optimize_rmse_bins,
     optimize_parameters, optimize_applied, optimize_kept, optimize_apply_needs_deck,
     optimize_history_or_deck, optimize_changed_meanwhile, evaluate_scored, evaluate_too_few,
     evaluate_model, evaluate_log_loss, evaluate_rmse_bins, evaluate_answers,
     evaluate_fsrs_defaults, evaluate_fsrs_fitted, evaluate_calibration, evaluate_predicted,
     evaluate_mean_predicted, evaluate_recalled, evaluate_history_or_deck))

const MaintenanceMessages& maintenance_messages_for(const std::string& language);

}  // namespace kioku::cli
