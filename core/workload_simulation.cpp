#include "core/workload_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>

#include "core/error.hpp"
#include "core/scheduler.hpp"

namespace kioku {

namespace {

// A same-day step answered Good more often than this would be a scheduler fault; the loop ends.
constexpr int kMostStepsInADay = 32;

std::size_t rating_index(Rating rating) noexcept {
  return static_cast<std::size_t>(static_cast<int>(rating) - 1);
}

// One draw from the shares (need not sum to 1); the last outcome when all are 0.
template <std::size_t N>
std::size_t draw(const std::array<double, N>& shares, double unit) noexcept {
  const double total = std::accumulate(shares.begin(), shares.end(), 0.0);
  double reached = 0.0;
  for (std::size_t index = 0; index < N; ++index) {
    reached += shares[index];
    if (unit * total < reached) return index;
  }
  return N - 1;
}

class Simulation {
 public:
  Simulation(std::span<const SimulationCard> cards, const WorkloadSettings& settings,
             const DayCalendar& calendar, TimestampMs start, bool daily_known,
             const ProgressReport& progress)
      : cards_(cards.begin(), cards.end()),
        settings_(settings),
        scheduler_(settings.scheduler),
        calendar_(calendar),
        start_(start),
        first_day_(calendar.day_number(start)),
        time_of_day_(start - calendar.day_start(first_day_)),
        daily_known_(daily_known),
        progress_(progress),
        random_(settings.seed),
        due_(static_cast<std::size_t>(settings.days)) {
    // Leeches stay in play: a suspended leech would leave the workload by a rule of the deck,
    // not by being learnt.
    scheduler_.leech_threshold = 0;
    std::vector<std::size_t> waiting;
    for (std::size_t index = 0; index < cards_.size(); ++index) {
      SimulationCard& card = cards_[index];
      if (card.state.phase == Phase::kNew) {
        new_queue_.push_back(index);
        continue;
      }
      if (!card.memory) {
        // A studied card the learner model knows nothing of: recall at 90 % when it falls due.
        card.memory = MemoryState<double>{std::max(1.0, double(card.state.interval_days)), 5.0};
      }
      if (!card.state.suspended) waiting.push_back(index);
    }
    // Oldest due first, as the queue shows them.
    std::stable_sort(waiting.begin(), waiting.end(), [&](std::size_t a, std::size_t b) {
      return cards_[a].state.due < cards_[b].state.due;
    });
    for (const std::size_t index : waiting) schedule(index, 0);
  }

  WorkloadSimulation run() {
    WorkloadSimulation result;
    if (settings_.scheduler.algorithm == Algorithm::kFsrs) {
      result.desired_retention = settings_.scheduler.desired_retention;
    }
    std::vector<std::size_t> carried;
    for (int day = 0; day < settings_.days; ++day) {
      progress_(WorkStage::kSimulating, static_cast<std::size_t>(day),
                static_cast<std::size_t>(settings_.days));
      SimulatedDay today;
      const std::int64_t day_number = first_day_ + day;
      const TimestampMs now = day == 0 ? start_ : calendar_.day_start(day_number) + time_of_day_;
      std::vector<std::size_t> due = std::move(carried);
      carried.clear();
      auto& falling_due = due_[static_cast<std::size_t>(day)];
      due.insert(due.end(), falling_due.begin(), falling_due.end());
      falling_due.clear();
      falling_due.shrink_to_fit();
      std::int64_t reviewed = 0;
      for (const std::size_t index : due) {
        if (reviewed >= settings_.reviews_per_day) {
          carried.push_back(index);
          continue;
        }
        review(index, day, now, today);
        ++reviewed;
      }
      for (int added = 0; added < settings_.new_per_day && next_new_ < new_queue_.size(); ++added) {
        introduce(new_queue_[next_new_++], day, now, today);
      }
      if (daily_known_ || day + 1 == settings_.days) today.known = known(day_number);
      result.reviews += today.reviews;
      result.new_cards += today.new_cards;
      result.seconds += today.seconds;
      result.days.push_back(today);
    }
    progress_(WorkStage::kSimulating, 1, 1);
    result.known_at_end = result.days.empty() ? 0.0 : result.days.back().known;
    result.seconds_per_known = result.known_at_end > 0.0 ? result.seconds / result.known_at_end
                                                         : std::numeric_limits<double>::infinity();
    return result;
  }

 private:
  double unit() { return std::uniform_real_distribution<double>(0.0, 1.0)(random_); }

  // Puts the card on the day its state falls due (`earliest` at the soonest), when that day is
  // within the simulation.
  void schedule(std::size_t index, int earliest) {
    const std::int64_t on = calendar_.day_number(cards_[index].state.due) - first_day_;
    const std::int64_t day = std::max<std::int64_t>(on, earliest);
    if (day < settings_.days) due_[static_cast<std::size_t>(day)].push_back(index);
  }

  // The answer given at `now` on `day`, then the card's same-day steps, each answered Good.
  void answer(SimulationCard& card, Rating rating, int day, TimestampMs now, SimulatedDay& today) {
    const std::int64_t day_number = first_day_ + day;
    card.state = next_state(card.state, Answer{rating, std::nullopt},
                            AnswerContext{now, calendar_, card.id}, scheduler_);
    card.last_answer_day = day_number;
    for (int step = 0; step < kMostStepsInADay && in_steps(card.state.phase) &&
                       calendar_.day_number(card.state.due) <= day_number;
         ++step) {
      const TimestampMs at = std::max(now, card.state.due);
      card.state = next_state(card.state, Answer{Rating::kGood, std::nullopt},
                              AnswerContext{at, calendar_, card.id}, scheduler_);
      card.memory = fsrs_next_memory(*card.memory, 0, Rating::kGood, settings_.learner);
      ++today.reviews;
      today.seconds += settings_.seconds.later[rating_index(Rating::kGood)];
    }
  }

  void review(std::size_t index, int day, TimestampMs now, SimulatedDay& today) {
    SimulationCard& card = cards_[index];
    const std::int64_t day_number = first_day_ + day;
    const auto elapsed =
        static_cast<int>(std::max<std::int64_t>(0, day_number - card.last_answer_day));
    const double recall =
        fsrs_recall_probability(double(elapsed), card.memory->stability, settings_.learner);
    const bool recalled = unit() < recall;
    const Rating rating = recalled
                              ? static_cast<Rating>(2 + draw(settings_.shares.recalled, unit()))
                              : Rating::kAgain;
    ++today.reviews;
    if (!recalled) ++today.lapses;
    today.seconds += settings_.seconds.later[rating_index(rating)];
    card.memory = fsrs_next_memory(*card.memory, elapsed, rating, settings_.learner);
    answer(card, rating, day, now, today);
    schedule(index, day + 1);
  }

  void introduce(std::size_t index, int day, TimestampMs now, SimulatedDay& today) {
    SimulationCard& card = cards_[index];
    const Rating rating = static_cast<Rating>(1 + draw(settings_.shares.first, unit()));
    ++today.new_cards;
    today.seconds += settings_.seconds.first[rating_index(rating)];
    card.memory = fsrs_first_memory(rating, settings_.learner);
    answer(card, rating, day, now, today);
    schedule(index, day + 1);
  }

  // Σ R at the end of `day_number` over every card answered so far.
  double known(std::int64_t day_number) const {
    double sum = 0.0;
    for (const SimulationCard& card : cards_) {
      if (!card.memory) continue;
      const double elapsed = double(std::max<std::int64_t>(0, day_number - card.last_answer_day));
      sum += fsrs_recall_probability(elapsed, card.memory->stability, settings_.learner);
    }
    return sum;
  }

  std::vector<SimulationCard> cards_;
  const WorkloadSettings& settings_;
  DeckOptions scheduler_;
  const DayCalendar& calendar_;
  TimestampMs start_;
  std::int64_t first_day_;
  std::int64_t time_of_day_;  // the answers' time after their day's start
  bool daily_known_;
  ProgressReport progress_;
  std::mt19937_64 random_;
  std::vector<std::vector<std::size_t>> due_;  // per simulated day, the cards falling due
  std::vector<std::size_t> new_queue_;
  std::size_t next_new_ = 0;
};

void check(const WorkloadSettings& settings) {
  if (settings.days < 1 || settings.days > kMostSimulatedDays) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("days must be 1 to {most}, got {days}",
                          "日数は 1 から {most} まででなければなりません（{days} でした）",
                          {{"most", std::to_string(kMostSimulatedDays)},
                           {"days", std::to_string(settings.days)}}));
  }
  if (settings.new_per_day < 0 || settings.reviews_per_day < 0) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("daily limits must not be negative", "1 日の上限は負にできません"));
  }
}

WorkloadSimulation simulate(std::span<const SimulationCard> cards, const WorkloadSettings& settings,
                            const DayCalendar& calendar, TimestampMs start, bool daily_known,
                            const ProgressReport& progress) {
  check(settings);
  return Simulation(cards, settings, calendar, start, daily_known, progress).run();
}

}  // namespace

SimulationCard simulation_card(std::int64_t id, const StudiedCard& studied,
                               const DeckOptions& options, const FsrsParameters<double>& learner,
                               const DayCalendar& calendar) {
  SimulationCard card;
  card.id = id;
  const std::vector<PastAnswer>& history = studied.answers;
  const Replay replay(options, calendar);
  if (studied.imported) {
    const auto imported =
        static_cast<std::ptrdiff_t>(std::min(studied.imported_answers, history.size()));
    // From where every replay of it starts: with FSRS, the memory its Anki answers give.
    const CardState start =
        replay.imported_start(id, *studied.imported,
                              std::vector<PastAnswer>(history.begin(), history.begin() + imported));
    card.state = replay.history(id, start,
                                std::vector<PastAnswer>(history.begin() + imported, history.end()));
    if (history.empty()) {
      const CardState& state = *studied.imported;
      constexpr double kMiddlingDifficulty = 5.0;
      card.memory = MemoryState<double>{
          .stability = state.stability > 0.0
                           ? state.stability
                           : std::max(1.0, static_cast<double>(state.interval_days)),
          .difficulty = state.difficulty > 0.0 ? state.difficulty : kMiddlingDifficulty};
      card.last_answer_day = state.last_review > 0
                                 ? calendar.day_number(state.last_review)
                                 : calendar.day_number(state.due) - state.interval_days;
      return card;
    }
  } else {
    card.state = replay.history(id, history);
  }
  for (const PastAnswer& past : history) {
    const std::int64_t day = calendar.day_number(past.time);
    const Rating rating =
        past.answer.quality ? rating_for_quality(*past.answer.quality) : past.answer.rating;
    if (!card.memory) {
      card.memory = fsrs_first_memory(rating, learner);
    } else {
      // An answer logged before the one before it counts with no time elapsed (docs/faults.md).
      const auto elapsed = static_cast<int>(std::max<std::int64_t>(0, day - card.last_answer_day));
      card.memory = fsrs_next_memory(*card.memory, elapsed, rating, learner);
    }
    card.last_answer_day = std::max(card.last_answer_day, day);
  }
  return card;
}

AnswerSeconds answer_seconds(std::span<const TimedAnswer> answers) {
  std::array<double, 4> first_sum{}, later_sum{};
  std::array<int, 4> first_count{}, later_count{};
  for (const TimedAnswer& answer : answers) {
    if (answer.duration_ms <= 0) continue;
    const std::size_t index = rating_index(answer.rating);
    (answer.first ? first_sum : later_sum)[index] += double(answer.duration_ms) / 1000.0;
    ++(answer.first ? first_count : later_count)[index];
  }
  AnswerSeconds seconds;
  for (std::size_t index = 0; index < 4; ++index) {
    if (first_count[index] >= kMinimumTimedAnswers) {
      seconds.first[index] = first_sum[index] / first_count[index];
    }
    if (later_count[index] >= kMinimumTimedAnswers) {
      seconds.later[index] = later_sum[index] / later_count[index];
    }
  }
  return seconds;
}

WorkloadSimulation simulate_workload(std::span<const SimulationCard> cards,
                                     const WorkloadSettings& settings, const DayCalendar& calendar,
                                     TimestampMs start) {
  return simulate(cards, settings, calendar, start, true, {});
}

std::vector<double> retention_grid() {
  std::vector<double> grid;
  for (int percent = 70; percent <= 95; ++percent) grid.push_back(percent / 100.0);
  return grid;
}

RetentionSweep sweep_retention(std::span<const SimulationCard> cards, WorkloadSettings settings,
                               std::span<const double> retentions, const DayCalendar& calendar,
                               TimestampMs start, const ProgressReport& progress) {
  RetentionSweep sweep;
  settings.scheduler.algorithm = Algorithm::kFsrs;
  double least = std::numeric_limits<double>::infinity();
  const auto runs = static_cast<double>(retentions.size());
  for (const double retention : retentions) {
    settings.scheduler.desired_retention = retention;
    const auto run = static_cast<double>(sweep.runs.size());
    sweep.runs.push_back(simulate(cards, settings, calendar, start, false,
                                  progress.part(run / runs, (run + 1) / runs)));
    if (sweep.runs.back().seconds_per_known < least) {
      least = sweep.runs.back().seconds_per_known;
      sweep.minimum_recommended = retention;
    }
  }
  return sweep;
}

WorkloadReport simulate_deck(const WorkloadRequest& request, const DayCalendar& calendar,
                             TimestampMs start, const ProgressReport& progress) {
  const WorkloadSettings& settings = request.settings;
  check(settings);
  if (request.new_cards < 0) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("new cards must not be negative", "新しいカードの数は負にできません"));
  }
  const bool fsrs = settings.scheduler.algorithm == Algorithm::kFsrs;
  if (fsrs && request.retentions.empty()) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("give at least one desired retention",
                          "目標の保持率（desired retention）を一つ以上指定してください"));
  }
  for (const double retention : request.retentions) {
    if (!is_simulated_retention(retention)) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("desired retention must be 0.70 to 0.99, got {value}",
                            "目標の保持率（desired retention）は 0.70 から 0.99 "
                            "まででなければなりません（{value} でした）",
                            {{"value", std::to_string(retention)}}));
    }
  }
  std::vector<SimulationCard> cards;
  cards.reserve(request.studied.size() + static_cast<std::size_t>(request.new_cards));
  for (const StudiedCard& studied : request.studied) {
    const auto id = static_cast<std::int64_t>(cards.size()) + 1;
    cards.push_back(simulation_card(id, studied, settings.scheduler, settings.learner, calendar));
  }
  for (std::int64_t index = 0; index < request.new_cards; ++index) {
    cards.push_back({static_cast<std::int64_t>(cards.size()) + 1, {}, std::nullopt, 0});
  }
  WorkloadReport report;
  if (!fsrs) {
    report.runs.push_back(simulate(cards, settings, calendar, start, true, progress));
    return report;
  }
  // Every run simulates the same days of the same cards: each is an equal share of the work.
  const std::vector<double> grid = retention_grid();
  const auto runs = static_cast<double>(request.retentions.size() + grid.size());
  WorkloadSettings run = settings;
  for (const double retention : request.retentions) {
    run.scheduler.desired_retention = retention;
    const auto done = static_cast<double>(report.runs.size());
    report.runs.push_back(
        simulate(cards, run, calendar, start, true, progress.part(done / runs, (done + 1) / runs)));
  }
  const double asked = static_cast<double>(request.retentions.size()) / runs;
  report.minimum_recommended =
      sweep_retention(cards, settings, grid, calendar, start, progress.part(asked, 1.0))
          .minimum_recommended;
  return report;
}

}  // namespace kioku
