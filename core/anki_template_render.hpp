// An Anki card's two sides from its note type's templates (core/anki_template.hpp) and the
// note's fields, by the rules of Anki's renderer (rslib/src/template.rs, notetype/render.rs).
// The result is HTML for the HTML-to-text conversion; a problem Anki would show in place of the
// whole side (a field the note type lacks) is a value in the result, never an exception, so one
// odd note type cannot stop an import. Pure: no I/O. docs/anki-templates.md has every rule.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/anki_template.hpp"
#include "core/cloze_side.hpp"

namespace kioku {

// What a card gives its templates.
struct AnkiCardContext {
  // The note's fields in the note type's order: name, then the field's HTML as stored.
  std::vector<std::pair<std::string, std::string>> fields;
  int card_ordinal = 0;           // Anki's cards.ord, from 0; a cloze card asks for ord + 1
  std::vector<std::string> tags;  // {{Tags}}: joined with spaces
  std::string deck;               // {{Deck}}: "A::B::C"; {{Subdeck}} is "C"
  std::string card_name;          // {{Card}}: the card template's name ("Card 1")
  std::string note_type_name;     // {{Type}}
  int flag = 0;                   // {{CardFlag}}: "flag0".."flag7"
  std::string card_id;            // {{CardID}}
};

// The names a template can use: the note's fields, then the special fields Anki adds where no
// field of the note has their name (Tags, Type, Deck, Subdeck, CardFlag, Card, CardID, and
// "c<ord+1>" = "1", which lets {{#c2}}...{{/c2}} show only on the second cloze card).
// {{FrontSide}} is not among them: it is the question side, given to the answer's render.
class AnkiFieldMap {
 public:
  explicit AnkiFieldMap(const AnkiCardContext& card);
  // The value of `name`, or null when the note type has no such field.
  const std::string* find(std::string_view name) const;
  // Anki's "not empty": something besides whitespace and <br>, <div> and </div> tags.
  bool is_nonempty(std::string_view name) const;
  int card_ordinal() const noexcept { return card_ordinal_; }
  const std::map<std::string, std::string, std::less<>>& values() const noexcept { return values_; }

 private:
  std::map<std::string, std::string, std::less<>> values_;
  std::map<std::string, bool, std::less<>> nonempty_;
  int card_ordinal_ = 0;
};

// Anki's test for an empty field (rslib/src/template.rs field_is_empty).
bool is_anki_field_empty(std::string_view html);

// Something in a template that does not fit the note: Anki shows an error in place of the whole
// side; kioku renders the rest, leaves the reference empty and lists it here for the importer to
// report (in the user's language: these carry names, not sentences).
struct AnkiRenderProblem {
  enum class Kind {
    kMissingField,    // {{F}} or {{filter:F}} and the note has no field F
    kMissingSection,  // {{#F}} or {{^F}} and the note has no field F (c1, c2... are always known)
  };
  Kind kind = Kind::kMissingField;
  std::string tag;         // as Anki quotes it: "{{text:F}}", "{{#F}}"
  std::string field;       // "F"
  std::size_t offset = 0;  // where the tag starts in the template
};

// A {{type:F}} on the side: the review screen's answer box goes where the marker is.
struct AnkiTypeAnswer {
  enum class Kind { kPlain, kCloze, kNoCombining };  // type:F, type:cloze:F, type:nc:F
  Kind kind = Kind::kPlain;
  std::string field;
  std::string marker;  // the marker in the HTML: "[[type:F]]", "[[type:cloze:F]]"...
};

struct AnkiRenderLimits {
  // The side's HTML is never longer: what would pass it is cut at a character boundary.
  std::size_t max_output_bytes = 2 * 1024 * 1024;
  // Bytes the filters may read for one side, so that a template asking for many filters over a
  // large field stays bounded; past it the render stops, marked truncated.
  std::size_t max_filter_bytes = 64 * 1024 * 1024;
  // Problems listed at most (a template of a thousand missing fields says so a hundred times).
  std::size_t max_problems = 100;
};

struct AnkiRenderedSide {
  std::string html;
  std::vector<AnkiRenderProblem> problems;
  std::vector<std::string> unknown_filters;  // the template's, once each
  std::vector<AnkiTypeAnswer> type_answers;  // in the order they show
  bool truncated = false;                    // a limit cut the HTML short
};

// One side. `front_side` is what {{FrontSide}} shows: the question's HTML on the answer side,
// empty on the question side (Anki's rule).
AnkiRenderedSide render_anki_side(const AnkiTemplate& side_template, const AnkiFieldMap& fields,
                                  CardSide side, std::string_view front_side,
                                  const AnkiRenderLimits& limits = {});

// Whether a question template shows anything for these fields (Anki's "front of this card is
// blank" test): some {{F}} with F not empty, reached through sections that show.
bool anki_template_renders(const AnkiTemplate& question, const AnkiFieldMap& fields);

struct AnkiRenderedCard {
  AnkiRenderedSide question;
  AnkiRenderedSide answer;
  // Anki shows a notice in place of both sides then: "the front of this card is blank" for a
  // normal note type, "no cloze N found on card" for a cloze note type whose fields lack
  // the card's number. kioku renders both sides anyway and says which.
  enum class Empty { kNo, kBlankFront, kNoClozeForCard };
  Empty empty = Empty::kNo;
};

// Both sides: the question, then the answer with the question's HTML as {{FrontSide}}.
AnkiRenderedCard render_anki_card(const AnkiTemplate& question, const AnkiTemplate& answer,
                                  const AnkiCardContext& card, bool is_cloze_note_type,
                                  const AnkiRenderLimits& limits = {});

}  // namespace kioku
