// How much work a deck will take: a day-by-day simulation of reviewing it (`kioku sched
// simulate`, docs/fsrs-optimizer.md "Simulation"), and the desired retention that costs the
// least time per card remembered (Anki's "minimum recommended retention"). Pure: the cards,
// the settings and a seed in, the same figures out every time.
//
// Two models meet in it. The scheduler is kioku's own (core/scheduler.hpp, SM-2 or FSRS by
// the options given), so the intervals are what the deck would really give. The learner is
// FSRS-6's memory model with the learner's parameters: each review is recalled with the
// probability it gives, and each card's memory moves on with the answer.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/card_state.hpp"
#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "core/fsrs_memory_model.hpp"
#include "core/replay.hpp"
#include "core/work_progress.hpp"

namespace kioku {

// A card as the simulation finds it: its schedule, and the learner's memory of it once it has
// been answered (nullopt for a new card).
struct SimulationCard {
  std::int64_t id = 0;
  CardState state;
  std::optional<MemoryState<double>> memory;
  std::int64_t last_answer_day = 0;  // the scheduler day of its last answer (not new cards)
};

// A card that has been answered, as its log has it.
struct StudiedCard {
  std::vector<PastAnswer> answers;  // every answer, in log order
  // A card imported with its Anki history (docs/anki-import.md, "History"): the state it came
  // with, which its schedule replays from, and how many of `answers` (the first ones) were
  // given in Anki before it. Such a card may have no answer at all.
  std::optional<CardState> imported = std::nullopt;
  std::size_t imported_answers = 0;
};

// The card at the end of `studied`: the schedule `options` gives it (its answers replayed, from
// its imported state when it has one), and the memory the learner's parameters give all its
// answers. An imported card without answers is remembered as its imported state says: its
// FSRS memory when Anki had one, else a stability of its interval (what FSRS schedules at 90%)
// and a middling difficulty.
SimulationCard simulation_card(std::int64_t id, const StudiedCard& studied,
                               const DeckOptions& options, const FsrsParameters<double>& learner,
                               const DayCalendar& calendar);

// Seconds an answer takes, by rating (Again, Hard, Good, Easy): a new card's first answer, and
// every other. The defaults are fsrs-rs's simulator's; a history gives its own (answer_seconds).
struct AnswerSeconds {
  std::array<double, 4> first = {33.79, 24.3, 13.68, 6.5};
  std::array<double, 4> later = {23.0, 11.68, 7.33, 5.6};
};

// The learner's mean seconds per rating in `history` (every card's answers), each rating's own
// mean where it has at least `kMinimumAnswers` answers with a duration, the default otherwise.
struct TimedAnswer {
  bool first = false;  // a new card's first answer
  Rating rating = Rating::kGood;
  std::int64_t duration_ms = 0;
};
inline constexpr int kMinimumTimedAnswers = 20;
AnswerSeconds answer_seconds(std::span<const TimedAnswer> answers);

// How often each button is pressed: a new card's first answer (Again, Hard, Good, Easy), and a
// recalled review (Hard, Good, Easy). fsrs-rs's simulator's defaults.
struct RatingShares {
  std::array<double, 4> first = {0.24, 0.094, 0.495, 0.171};
  std::array<double, 3> recalled = {0.224, 0.632, 0.144};
};

// What a simulation may be asked for: days (1 to this), and desired retentions.
inline constexpr int kMostSimulatedDays = 36'500;
constexpr bool is_simulated_retention(double retention) noexcept {
  return retention >= 0.7 && retention <= 0.99;
}

struct WorkloadSettings {
  int days = 365;
  int new_per_day = 20;
  int reviews_per_day = 200;  // review answers a day; the rest wait for the next day
  DeckOptions scheduler;      // how cards are scheduled (algorithm, steps, retention...)
  FsrsParameters<double> learner = kFsrsDefaultWeights;  // how the learner remembers
  AnswerSeconds seconds;
  RatingShares shares;
  std::uint64_t seed = 1;
};

struct SimulatedDay {
  std::int64_t reviews = 0;    // answers of cards already studied (steps included)
  std::int64_t new_cards = 0;  // cards seen for the first time (their steps included in seconds)
  std::int64_t lapses = 0;     // reviews forgotten
  double seconds = 0.0;
  double known = 0.0;  // the expected number of cards recalled at the day's end: Σ R
};

struct WorkloadSimulation {
  double desired_retention = 0.0;  // FSRS scheduling; 0 for SM-2
  std::vector<SimulatedDay> days;
  std::int64_t reviews = 0;
  std::int64_t new_cards = 0;
  double seconds = 0.0;
  double known_at_end = 0.0;
  // seconds / known_at_end: what each card remembered at the end cost (infinity when none is).
  double seconds_per_known = 0.0;
};

// Simulates `settings.days` scheduler days from the day of `start` on (the first at `start`,
// the others at the same hour after their day start). Each day: the cards due, oldest first, up
// to the review limit (the rest wait), then up to the new-card limit of new cards in their
// order. A learning or relearning step that falls on the same day is answered Good that day
// (counted, and timed as a later answer); one on a later day waits for it, as a review does.
// Leeches are not suspended: the simulation keeps every card in play. Throws kioku::Error
// (kInvalidParams) for days outside 1..36,500 or negative limits.
WorkloadSimulation simulate_workload(std::span<const SimulationCard> cards,
                                     const WorkloadSettings& settings, const DayCalendar& calendar,
                                     TimestampMs start);

// The desired retentions Anki's search tries, 0.70 to 0.95 by 0.01.
std::vector<double> retention_grid();

// simulate_workload() with FSRS scheduling at each retention of `retentions`, and the one whose
// time per card known at the end is least (the first of equals). For speed the runs count the
// cards known on their last day only (`known` of the other days is 0).
struct RetentionSweep {
  std::vector<WorkloadSimulation> runs;  // in the order of `retentions`
  double minimum_recommended = 0.0;
};
RetentionSweep sweep_retention(std::span<const SimulationCard> cards, WorkloadSettings settings,
                               std::span<const double> retentions, const DayCalendar& calendar,
                               TimestampMs start, const ProgressReport& progress = {});

// A deck to simulate: its studied cards as their answers, and its new cards.
struct WorkloadRequest {
  std::vector<StudiedCard> studied;        // each studied card
  std::int64_t new_cards = 0;              // cards never answered, studied after them
  WorkloadSettings settings;               // settings.scheduler.algorithm: SM-2 (one run) or FSRS
  std::vector<double> retentions = {0.9};  // FSRS: a run for each desired retention
};

struct WorkloadReport {
  std::vector<WorkloadSimulation> runs;       // SM-2: one; FSRS: one per retention asked
  std::optional<double> minimum_recommended;  // FSRS: sweep_retention() over retention_grid()
};

// The cards made from the request (simulation_card() with the settings' scheduler and learner,
// then the new cards), each run, and for FSRS the minimum recommended retention. Throws
// kioku::Error (kInvalidParams) for a retention outside 0.70..0.99 or none asked with FSRS.
// `progress` hears the simulating stage each simulated day, every run an equal share; what it
// throws stops the simulation.
WorkloadReport simulate_deck(const WorkloadRequest& request, const DayCalendar& calendar,
                             TimestampMs start, const ProgressReport& progress = {});

}  // namespace kioku
