// Every note kioku keeps fits in one request: note.add and note.update of a note with more of
// everything than any legal note can have (kMaxNoteTextBytes of text that JSON escapes at twice
// its size, the most fields, languages, tags and choices, names and ids escaped too) are a line
// within protocol::kMaxLineBytes (docs/notes.md, "How much a note holds").
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <string>

#include "core/deck_parser_limits.hpp"
#include "core/note.hpp"
#include "core/note_validation.hpp"
#include "core/templated_note_type.hpp"
#include "protocol/framing.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/note_types.hpp"

namespace {

using kioku::kMaxNoteTextBytes;
namespace protocol = kioku::protocol;

// The `number`th of distinct texts of `bytes` bytes, each byte one JSON writes as two: '"' or '\\'.
std::string escaped_twice(std::size_t bytes, std::size_t number) {
  std::string text(bytes, '"');
  for (std::size_t bit = 0; bit < bytes && bit < 64; ++bit) {
    if ((number >> bit) & 1U) text[bytes - 1 - bit] = '\\';
  }
  return text;
}

// The `number`th language code of the longest length, 8 bytes.
std::string language_code(std::size_t number) {
  const std::string digits = std::to_string(number);
  return std::string(8 - digits.size(), 'z') + digits;
}

// The longest note content the rules allow in each part at once, which no one note can be: the
// most fields a note type has (and `source`), each named at the longest, with text in the most
// languages, each code at its longest; the most tags and choices, one byte each; the rest of
// kMaxNoteTextBytes in the fields.
template <class Params>
void fill_largest(Params& params) {
  std::size_t left = kMaxNoteTextBytes;
  params.tags.emplace();
  for (std::size_t tag = 0; tag < kioku::kMaxTagsPerCard; ++tag) params.tags->push_back("\"");
  left -= kioku::kMaxTagsPerCard;
  params.choices.emplace();
  for (std::size_t language = 0; language < kioku::kMaxLanguages; ++language) {
    auto& choices = (*params.choices)[language_code(language)];
    choices.assign(static_cast<std::size_t>(kioku::kMaxChoices), "\"");
    left -= static_cast<std::size_t>(kioku::kMaxChoices);
  }
  params.answer = std::numeric_limits<std::int64_t>::min();
  const std::size_t fields = kioku::kMaxTemplatedFields + 1;
  const std::size_t entries = fields * kioku::kMaxLanguages;
  std::size_t entry = 0;
  for (std::size_t field = 0; field < fields; ++field) {
    auto& texts = params.fields[escaped_twice(kioku::kMaxTemplatedNameBytes, field)];
    for (std::size_t language = 0; language < kioku::kMaxLanguages; ++language, ++entry) {
      const std::size_t share = left / (entries - entry);
      left -= share;
      texts[language_code(language)] = std::string(share, '"');
    }
  }
  REQUIRE(left == 0);
}

std::size_t line_bytes(std::string_view method, const boost::json::value& params) {
  return protocol::to_line(protocol::make_request(std::numeric_limits<std::int64_t>::min(), method,
                                                  params.as_object()))
      .size();
}

}  // namespace

TEST_CASE("largest note: note.add and note.update of any legal note fit in one request line",
          "[protocol][notes]") {
  protocol::NoteAddParams add;
  add.deck = std::string(kioku::kMaxSlugBytes, 'd');
  add.kind = "basic-optional-reverse";
  add.id = escaped_twice(kioku::kMaxNoteIdBytes, 1);
  fill_largest(add);
  const std::size_t add_bytes = line_bytes(protocol::kNoteAdd.name, protocol::encode(add));
  protocol::NoteUpdateParams update;
  update.note = escaped_twice(kioku::kMaxNoteIdBytes, 1);
  update.deck = std::string(kioku::kMaxSlugBytes, 'd');
  update.kind = "basic-optional-reverse";
  update.modified_ms = std::numeric_limits<std::int64_t>::min();
  fill_largest(update);
  const std::size_t update_bytes = line_bytes(protocol::kNoteUpdate.name, protocol::encode(update));
  INFO("note.add " << add_bytes << " bytes, note.update " << update_bytes << " bytes");
  // The text alone is twice kMaxNoteTextBytes: the rest is names and keys.
  CHECK(add_bytes > 2 * kMaxNoteTextBytes);
  CHECK(add_bytes <= protocol::kMaxLineBytes);
  CHECK(update_bytes <= protocol::kMaxLineBytes);
}
