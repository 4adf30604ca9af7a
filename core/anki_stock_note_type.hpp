// Which of Anki's five stock note types a package's note type is, by its structure rather than
// its name (docs/anki-import.md, "Packages"): a stock type renamed, or named in the user's
// language ("基本", "Einfach"), is still read, and a user's own type named "Basic" with three
// fields is not mistaken for one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/note_kind.hpp"

namespace kioku {

// One card template of a note type as the package stores it (not core/anki_template.hpp's parsed
// AnkiTemplate).
struct AnkiCardTemplate {
  std::string name;
  std::string question;  // qfmt
  std::string answer;    // afmt
};

// A note type as a package holds it (col.models JSON in schema 11; the notetypes, fields and
// templates tables in schema 18), with only what kioku reads.
struct AnkiNoteType {
  std::int64_t id = 0;
  std::string name;
  bool cloze = false;               // Anki's kind: 1 (cloze) rather than 0 (standard)
  std::vector<std::string> fields;  // in order (ord)
  std::vector<AnkiCardTemplate> templates;
  std::string css;  // the style its cards share: kept for an export as itself, unused in a terminal
};

// The kioku kind of a stock note type, nothing for any other:
// - cloze kind, 2 fields, its one template asking {{cloze:<field 1>}}: cloze;
// - standard, 2 fields, 1 template asking {{type:<field 2>}}: typed;
// - standard, 2 fields, 1 template asking {{<field 1>}} and answering {{<field 2>}}: basic;
// - standard, 2 fields, 2 templates asking {{<field 1>}} and {{<field 2>}}: reverse;
// - standard, 3 fields, 2 templates, the second asking {{<field 2>}} inside
//   {{#<field 3>}}: basic-optional-reverse.
std::optional<NoteKind> anki_stock_kind(const AnkiNoteType& type);

// The kioku card key (core/card_generation.hpp) of a stock type's card `ord`: "card" for basic
// and typed, "forward"/"backward" for the reverse kinds, "c<ord+1>" for cloze.
std::string anki_card_key(NoteKind kind, std::int64_t ord);

}  // namespace kioku
