// The card of a note, read from a test home's collection: what the e2e tests that answer a
// deck's plain notes by hand (review.answer) name the card by.
#pragma once

#include <cstdint>
#include <string>

#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

namespace kioku::test {

// The id of the card of the basic note `note` (its external id is the note's, alone or with the
// card's key after a slash).
inline std::int64_t card_id(const TempHome& home, const std::string& note) {
  const SqliteReader reader(home.collection_path());
  return std::stoll(reader.text("SELECT id FROM cards WHERE external_id = '" + note +
                                "' OR external_id LIKE '" + note + "/%'"));
}

}  // namespace kioku::test
