// A deck as `kioku export` writes it (docs/export.md): its notes with their cards and each
// card's scheduling state, read from the collection by the daemon and written by the pure
// writers (deck_toml_writer.hpp, anki_text_export.hpp, anki_export_mapping.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/card_state.hpp"
#include "core/deck_options.hpp"
#include "core/localized_text.hpp"
#include "core/note.hpp"
#include "core/review_log_entries.hpp"
#include "core/time.hpp"

namespace kioku {

struct ExportCard {
  std::int64_t id = 0;
  std::string key;  // which of its note's cards (GeneratedCard::key): card, forward, c2...
  CardState state;
  std::vector<AnswerRow> answers;  // its standing answers, in order: only for --with-history
  int flag = 0;                    // Anki's flag: 0 none, 1 red ... 7 purple
};

struct ExportNote {
  Note note;  // note.deck is its deck's id (slug)
  std::vector<ExportCard> cards;
  TimestampMs created_ms = 0;
  TimestampMs modified_ms = 0;
};

struct ExportDeck {
  std::string id;  // slug
  LocalizedText name;
  LocalizedText description;
  std::vector<std::string> languages;  // as the deck was last imported with
  DeckOptions options;                 // its scheduling options, for an Anki package's group
  std::vector<ExportNote> notes;       // in the deck's order
};

}  // namespace kioku
