// Anki's cloze deletions as Anki's card renderer reads them ({{cloze:Field}}, rslib/src/cloze.rs),
// for showing an imported note through its own templates. core/cloze.hpp is the strict reader for
// kioku's own decks, which refuses what it cannot read; this one never refuses: a field written
// in Anki shows here as Anki shows it (docs/anki-templates.md, "Cloze deletions").
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "core/cloze_side.hpp"

namespace kioku {

// Anki keeps at most 10 deletions open inside each other; an opening mark past that is dropped
// (its text too) and its "}}" closes the deletion around it. This also bounds the tree's depth.
inline constexpr int kAnkiMaxClozeDepth = 10;
// The highest deletion number Anki reads (a u16's).
inline constexpr int kMaxAnkiClozeNumber = 65535;

// The deletion numbers that make cards (every number of every deletion, nested ones too, but
// 0): the cards a cloze note has are the numbers over all its fields. A number is read as Anki
// reads it, up to 65535; a mark whose numbers are all out of range is plain text.
std::set<int> anki_cloze_numbers(std::string_view text);

// The field's HTML for the card asking for deletion `number` (Anki's cards.ord + 1) on `side`:
//   question, asked:     <span class="cloze" data-ordinal="1">[...]</span> ("[hint]" with a hint)
//   answer, asked:       <span class="cloze" data-ordinal="1">its content</span>
//   not asked (either):  <span class="cloze-inactive" data-ordinal="2">its content</span>
// data-ordinal lists every number of the deletion ("1,2"). The empty string when no deletion of
// the text has `number` (Anki's rule: a field without the card's number is blank). An opening
// mark never closed stays as plain text from that mark to the end (Anki drops it; see the doc).
std::string render_anki_cloze(std::string_view text, int number, CardSide side);

// {{cloze-only:Field}}: only the asked deletions, joined with ", ": on the question side each
// one's hint ("..." without one), on the answer side each one's text without markup.
std::string render_anki_cloze_only(std::string_view text, int number, CardSide side);

// What {{type:cloze:Field}} expects to be typed for `number`: the asked deletions' text joined
// with ", ", or that text once when they are all the same; empty when none is asked.
std::string anki_cloze_answer_for_typing(std::string_view text, int number);

}  // namespace kioku
