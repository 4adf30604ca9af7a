// A note's texts together (kMaxNoteTextBytes): taken up to the limit, refused one byte past it
// with the field that passes it, the total and the limit named in both languages.
#include <catch2/catch.hpp>
#include <string>

#include "core/deck_parser_limits.hpp"
#include "core/note.hpp"
#include "core/note_validation.hpp"

using kioku::kMaxNoteTextBytes;

TEST_CASE("note text total: validate_note takes a note's texts up to kMaxNoteTextBytes together",
          "[core][notes]") {
  // Three fields at their own limit, in two languages, reach the total exactly.
  kioku::Note note;
  note.id = "big";
  note.deck = "words";
  note.kind = kioku::NoteKind::kBasic;
  const std::size_t third = kMaxNoteTextBytes / 3;
  note.fields = {
      {"front", {{"en", std::string(third, '"')}, {"ja", std::string(third - 1, '\n') + "x"}}},
      {"back", {{"en", std::string(third, '\\')}}}};
  CHECK_NOTHROW(kioku::validate_note(note));
  // One byte more, in a tag: refused, naming the tags, the total and the limit.
  note.tags = {"t"};
  try {
    kioku::validate_note(note);
    FAIL("a note past kMaxNoteTextBytes was taken");
  } catch (const kioku::NoteError& error) {
    CHECK(error.field() == "tags");
    CHECK(error.problem_message().english.find(std::to_string(kMaxNoteTextBytes + 1)) !=
          std::string::npos);
    CHECK(error.problem_message().english.find(std::to_string(kMaxNoteTextBytes)) !=
          std::string::npos);
    CHECK(error.problem_message().japanese.find(std::to_string(kMaxNoteTextBytes)) !=
          std::string::npos);
  }
}
