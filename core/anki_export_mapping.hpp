// kioku's notes and card states in Anki's terms, for the Anki text file and the package that
// `kioku export` writes (docs/export.md): which stock note type a kind is, its fields as HTML,
// and a card's scheduling state as Anki's cards row. Pure.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/anki_answers.hpp"
#include "core/card_state.hpp"
#include "core/note.hpp"
#include "core/review_log_entries.hpp"
#include "core/time.hpp"

namespace kioku {

// Anki's five stock note types, in the order the package lists them.
enum class AnkiStockType { kBasic, kReverse, kOptionalReverse, kTyped, kCloze };

struct AnkiStockTypeSpec {
  AnkiStockType type;
  std::string_view name;                 // Anki's English name
  std::vector<std::string_view> fields;  // Anki's field names, in order
  bool cloze = false;
};
const AnkiStockTypeSpec& anki_stock_type_spec(AnkiStockType type) noexcept;

// kioku field text as Anki field HTML, so that Anki shows it and kioku's importer
// (anki_html_to_text) reads back exactly `text`: `&`, `<` and `>` escaped, line breaks as
// `<br>`, and kioku's "[image: NAME]" as `<img src="NAME">`. kioku's other markup (`**`, `*`,
// backticks) stays as written.
std::string text_to_anki_html(std::string_view text);

// A note as an Anki note of a stock type: the type, and its fields' HTML in `language` (else
// the note's first language with text). A choice note is a Basic note: the question and its
// numbered choices in front, the right choice and the explanation in back. A note's `source` is
// a last "Source: ..." line of the answer side's field (Back, Back Extra).
// An Anki note (NoteKind::kAnki) goes back as a note of its own type, its fields as they came.
struct AnkiExportNote {
  AnkiStockType type = AnkiStockType::kBasic;
  const TemplatedNoteType* own_type = nullptr;  // set for an Anki note: `type` does not apply
  std::vector<std::string> fields;

  // The note type's name: its own, else the stock type's.
  std::string_view type_name() const noexcept;
};
AnkiExportNote anki_export_note(const Note& note, const std::string& language);

// The Anki card template (ord) of a kioku card key: card 0, forward 0, backward 1, cN N-1,
// cardN N-1.
std::int64_t anki_card_ord(std::string_view key);

// A card's scheduling as Anki's cards row (anki-formats.md, 2.4).
struct AnkiCardSchedule {
  std::int64_t type = 0;   // 0 new, 1 learning, 2 review, 3 relearning
  std::int64_t queue = 0;  // 0 new, 1 learning, 2 review, 3 interday learning, -1 suspended
  std::int64_t due = 0;    // new: position; (re)learning: epoch seconds; review: days since crt
  std::int64_t interval = 0;
  std::int64_t factor = 0;  // permille
  std::int64_t reps = 0;
  std::int64_t lapses = 0;
  std::int64_t left = 0;
  // FSRS's memory (cards.data "s" and "d"); 0 when the card has none.
  double stability = 0.0;
  double difficulty = 0.0;
};
// `collection_day_start`: the start of the package's day 0 (its col.crt, in ms), from which
// review dues count days. `position`: the card's place among the new cards.
AnkiCardSchedule anki_card_schedule(const CardState& state, std::int64_t position,
                                    TimestampMs collection_day_start);

// One card's answers (its log's standing rows, in order) as Anki's revlog rows, which
// anki_answers() reads back as the same answers, as far as Anki's columns hold them:
// - the type from the phase before (new and learning 0, review 1, relearning 2), a cram answer
//   3 (filtered); the button as is;
// - ivl: the interval in days when the answer left the card in review, else the step's
//   seconds, negative (at least one); lastIvl: the interval before in days when it had one,
//   else the step before's ivl (0 for a new card);
// - factor: the ease after in permille; time: the time taken.
// Lost on the way: a cram answer's phase before (anki_answers reads it as review), the interval
// a relearning card returns to (Anki logs only its step), and a review's due instant (Anki's
// is the day's; anki_answers puts it the interval's days after the answer).
std::vector<AnkiRevlogRow> anki_revlog_rows(std::span<const AnswerRow> answers);

}  // namespace kioku
