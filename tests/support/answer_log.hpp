// The answer load's view of a collection, read behind kiokud's back: the cards to answer, and
// whether the review log holds what clients were told was recorded; and which cards a review
// session's answers were logged for. Header-only like
// sqlite_reader.hpp: only binaries that link SQLite include it.
#pragma once

#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/support/answer_load.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

namespace kioku::test {

inline std::vector<CardToAnswer> cards_to_answer(const std::string& collection_path) {
  const SqliteReader collection(collection_path);
  std::vector<CardToAnswer> cards;
  for (const auto& row :
       collection.rows("SELECT id, json_extract(content, '$.answer') FROM cards ORDER BY id")) {
    cards.push_back({std::stoll(row[0]), std::stoll(row[1])});
  }
  return cards;
}

// What the review log says against the acknowledged answers.
struct LogCheck {
  std::int64_t revlog_rows = 0;
  std::vector<std::string> problems;  // acknowledged answers missing, doubled or misfiled
};

inline LogCheck check_review_log(const SqliteReader& collection,
                                 const std::vector<AcknowledgedAnswer>& acknowledged) {
  std::unordered_map<std::int64_t, std::int64_t> logged_card;
  for (const auto& row : collection.rows("SELECT id, card_id FROM revlog")) {
    logged_card.emplace(std::stoll(row[0]), std::stoll(row[1]));
  }
  LogCheck check;
  check.revlog_rows = static_cast<std::int64_t>(logged_card.size());
  std::set<std::int64_t> review_ids;
  for (const AcknowledgedAnswer& answer : acknowledged) {
    const std::string which = "review_id " + std::to_string(answer.review_id) + " (card " +
                              std::to_string(answer.card) + ")";
    if (!review_ids.insert(answer.review_id).second) {
      check.problems.push_back(which + " acknowledged twice");
    }
    const auto row = logged_card.find(answer.review_id);
    if (row == logged_card.end()) {
      check.problems.push_back(which + " is not in the review log");
    } else if (row->second != answer.card) {
      check.problems.push_back(which + " is logged for card " + std::to_string(row->second));
    }
  }
  return check;
}

// The external ids of the cards of the logged answers, in the order they were recorded.
inline std::vector<std::string> answered_cards(const TempHome& home) {
  SqliteReader collection(home.collection_path());
  std::vector<std::string> cards;
  for (const auto& row : collection.rows(
           "SELECT c.external_id FROM revlog r JOIN cards c ON c.id = r.card_id ORDER BY r.id")) {
    cards.push_back(row.at(0));
  }
  return cards;
}

}  // namespace kioku::test
