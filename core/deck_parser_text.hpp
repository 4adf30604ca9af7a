// The rules every text in a deck keeps to: a length limit, and no character that would act on a
// terminal instead of being shown (docs/deck-format.md, "Text").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/bilingual_message.hpp"

namespace kioku {

struct TextRule {
  std::size_t max_bytes;
  // Newlines and tabs are allowed (questions, explanations, descriptions); elsewhere the text is
  // one line.
  bool multi_line;
};

// What is wrong with `text` under `rule`, in English and Japanese, or both empty when nothing
// is. Refused everywhere: C0 controls (but newline and tab where allowed), DEL, C1 controls
// (U+0080-U+009F), the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
// U+2066-U+2069), and bytes that are not UTF-8.
// The English is the end of an error message ("is 40000 bytes long; ...", "contains the control
// character U+001B (ESC) at character 7; ..."), after `subject` and a space when it has one
// ("the tag \"x\" contains ...", "choice 2 is ..."). The Japanese is a sentence of its own: it
// names the subject when subject.japanese is not empty ("タグ \"x\" の 7 文字目に…"), and
// stands alone when it is (after a "field: " that names the text).
BilingualMessage text_problem_message(std::string_view text, const TextRule& rule,
                                      const BilingualMessage& subject = {});

// Whether `text` is nothing but spaces, tabs and line ends (or nothing): no text, in a deck file
// and in a note alike, so that what a collection holds is what its export can give back.
bool is_blank_text(std::string_view text) noexcept;

// The rules of a note's texts, wherever the note comes from (a deck file, note.add, the editor):
// a field that asks (front, text, question) has a question's limit, the others an
// explanation's; a choice and a tag are one short line.
const TextRule& note_field_rule(std::string_view field) noexcept;
extern const TextRule kChoiceRule;
extern const TextRule kTagRule;
// A deck's name, from a deck file or an Anki file alike.
extern const TextRule kDeckNameRule;

// `text` as an error message quotes it: in double quotes (a '"' or '\\' in it escaped with '\\'),
// control and bidirectional characters written as \u001b, bytes that are not UTF-8 as \xff, cut
// after 64 bytes (at a character boundary) with "…".
std::string quoted_for_error(std::string_view text);

// The same without the quotes and their escapes, cut after `max_bytes`: for messages of toml++,
// which may quote the file.
std::string escaped_for_error(std::string_view text, std::size_t max_bytes);

}  // namespace kioku
