// One answer as the collection records it: the review log's row, the card's new state, the
// day's roll-up and the siblings it buries all come from it (Collection::record_answer).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/card_state.hpp"
#include "core/rating.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

// Which siblings (cards of the same note) an answer buries until the next day, from the
// deck's bury_*_siblings options.
struct SiblingBurial {
  bool new_cards = false;
  bool reviews = false;
  bool interday_learning = false;
  bool any() const { return new_cards || reviews || interday_learning; }
};

struct AnswerRecord {
  std::int64_t card_id = 0;
  std::int64_t deck_id = 0;
  TimestampMs reviewed = 0;
  std::int64_t day = 0;
  Rating rating = Rating::kGood;
  std::optional<bool> correct;
  std::optional<int> chosen;
  CardState before;
  CardState after;
  std::int64_t duration_ms = 0;
  std::string scheduler;
  std::optional<int> quality;            // classic SM-2 answers given as a quality 0-5
  SiblingBurial bury_siblings;           // buried until day + 1 in the answer's transaction
  std::optional<std::string> answer_id;  // the client's name for the answer, unique in the log
  // A cram answer (kioku review --cram): logged as such, `after` equal to `before`; no state,
  // roll-up or burial is written for it.
  bool cram = false;
  // An answer given in Anki, imported with its package's history: in the statistics, never
  // replayed or undone (schema/0013_imported_history.sql).
  bool imported = false;
};

}  // namespace kioku::daemon
