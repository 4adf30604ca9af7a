// Replaying answers through the deck's scheduler: the review log is the truth and a card's
// state a cache of what this gives. One loop for everything that replays: doctor.rebuild and
// an algorithm change (daemon/methods/rebuild.cpp), `kioku sched replay` (cli/replay.cpp), and
// an FSRS optimizer, which sees every step through history()'s callback.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/answer_context.hpp"
#include "core/card_state.hpp"
#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "core/scheduler.hpp"

namespace kioku {

// One answer of a history: when it was given and what it was.
struct PastAnswer {
  TimestampMs time = 0;
  Answer answer;
};

// A card part-way through its replay. `id` seeds the fuzz as the card's id does live.
struct ReplayedCard {
  std::int64_t id = 0;
  CardState state;  // new until the first answer
};

class Replay {
 public:
  // Both must outlive the Replay.
  Replay(const DeckOptions& options, const DayCalendar& calendar) noexcept
      : options_(options), calendar_(calendar) {}

  // Gives `card` the answer. Answers are taken in the order given: a time before the card's
  // previous answer counts with no time elapsed since, as the daemon counted it live
  // (docs/faults.md), so a replay gives what answering gave, even across a clock put back.
  void apply(ReplayedCard& card, const PastAnswer& answer) const {
    card.state = next_state(card.state, answer.answer,
                            AnswerContext{answer.time, calendar_, card.id}, options_);
  }

  // The state a card reaches through `history` from `start` (a new card's, or the state it
  // was imported with: docs/anki-import.md, "History"). `step(before, answer, after)` sees
  // each answer with the states around it.
  template <typename Step>
  CardState history(std::int64_t card_id, const CardState& start,
                    const std::vector<PastAnswer>& history, Step&& step) const {
    ReplayedCard card{card_id, start};
    for (const PastAnswer& answer : history) {
      const CardState before = card.state;
      apply(card, answer);
      step(before, answer, card.state);
    }
    return card.state;
  }
  template <typename Step>
  CardState history(std::int64_t card_id, const std::vector<PastAnswer>& history,
                    Step&& step) const {
    return this->history(card_id, CardState{}, history, std::forward<Step>(step));
  }
  CardState history(std::int64_t card_id, const CardState& start,
                    const std::vector<PastAnswer>& history) const {
    return this->history(card_id, start, history,
                         [](const CardState&, const PastAnswer&, const CardState&) {});
  }
  CardState history(std::int64_t card_id, const std::vector<PastAnswer>& history) const {
    return this->history(card_id, CardState{}, history);
  }

  // Where a card imported with its history replays from (docs/anki-import.md, "History"): its
  // imported state, given the FSRS memory its imported answers make when the deck schedules
  // with FSRS and Anki had none (the card was on SM-2 there). The answers are replayed through
  // the deck's FSRS from new and only their memory is kept: the schedule stays Anki's.
  CardState imported_start(std::int64_t card_id, const CardState& imported,
                           const std::vector<PastAnswer>& imported_answers) const {
    const bool remembered = imported.stability > 0.0 && imported.difficulty > 0.0;
    if (options_.algorithm != Algorithm::kFsrs || remembered || imported.phase == Phase::kNew ||
        imported_answers.empty()) {
      return imported;
    }
    const CardState replayed = history(card_id, imported_answers);
    CardState start = imported;
    start.stability = replayed.stability;
    start.difficulty = replayed.difficulty;
    return start;
  }

  const DeckOptions& options() const noexcept { return options_; }

 private:
  const DeckOptions& options_;
  const DayCalendar& calendar_;
};

}  // namespace kioku
