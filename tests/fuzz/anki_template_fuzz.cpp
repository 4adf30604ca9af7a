// libFuzzer target for Anki card templates (core/anki_template.hpp, core/anki_template_render.hpp,
// core/anki_cloze.hpp) and the note types kept as themselves that use them
// (core/templated_note_type.hpp, core/templated_cards.hpp): any template bytes with any field
// bytes, as an imported package holds them. The input is one byte of card settings, then the
// template, then the fields, split on NUL. Checks the output bound, that rendering twice gives the
// same card, and the promises of the result; anything thrown but AnkiTemplateError escapes and
// crashes the fuzzer.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/anki_cloze.hpp"
#include "core/anki_template.hpp"
#include "core/anki_template_render.hpp"
#include "core/card_generation.hpp"
#include "core/templated_cards.hpp"
#include "core/templated_note_type.hpp"

namespace {

using kioku::AnkiRenderedSide;

void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "anki_template_fuzz: broken invariant: %s\n", what);
  std::abort();
}

// Names with spaces, Japanese, a special field's and a cloze section's.
constexpr const char* kFieldNames[] = {"Front",       "Back", "Text", "表面",
                                       "Extra Field", "Tags", "c2"};

bool same(const AnkiRenderedSide& first, const AnkiRenderedSide& second) {
  if (first.html != second.html || first.truncated != second.truncated ||
      first.unknown_filters != second.unknown_filters ||
      first.problems.size() != second.problems.size() ||
      first.type_answers.size() != second.type_answers.size()) {
    return false;
  }
  for (std::size_t index = 0; index < first.problems.size(); ++index) {
    if (first.problems[index].tag != second.problems[index].tag ||
        first.problems[index].offset != second.problems[index].offset) {
      return false;
    }
  }
  for (std::size_t index = 0; index < first.type_answers.size(); ++index) {
    if (first.type_answers[index].marker != second.type_answers[index].marker) return false;
  }
  return true;
}

void check_side(const AnkiRenderedSide& side, const kioku::AnkiRenderLimits& limits,
                std::size_t template_size) {
  check(side.html.size() <= limits.max_output_bytes, "the HTML within its bound");
  check(side.problems.size() <= limits.max_problems, "problems within their bound");
  for (const kioku::AnkiRenderProblem& problem : side.problems) {
    check(problem.offset < template_size, "a problem's place inside the template");
    check(problem.tag.starts_with("{{") && problem.tag.ends_with("}}"), "a problem quotes a tag");
  }
  for (std::size_t index = 0; index < side.unknown_filters.size(); ++index) {
    check(!kioku::is_known_anki_filter(side.unknown_filters[index]), "unknown means unknown");
    for (std::size_t other = 0; other < index; ++other) {
      check(side.unknown_filters[other] != side.unknown_filters[index], "each unknown once");
    }
  }
  for (const kioku::AnkiTypeAnswer& answer : side.type_answers) {
    check(answer.marker.starts_with("[[type:") && answer.marker.ends_with(answer.field + "]]"),
          "a type marker names its field");
  }
}

void check_cloze(std::string_view field) {
  const std::set<int> numbers = kioku::anki_cloze_numbers(field);
  check(numbers.count(0) == 0, "0 makes no card");
  int checked = 0;
  for (int number : numbers) {
    if (++checked > 3) break;
    const std::string question =
        kioku::render_anki_cloze(field, number, kioku::CardSide::kQuestion);
    check(question.find("<span class=\"cloze\" data-ordinal=\"") != std::string::npos,
          "a card's number shows as an asked deletion");
    check(question == kioku::render_anki_cloze(field, number, kioku::CardSide::kQuestion),
          "cloze rendering twice is the same");
  }
  int absent = 1;
  while (numbers.count(absent) == 1) ++absent;
  check(kioku::render_anki_cloze(field, absent, kioku::CardSide::kAnswer).empty(),
        "a number the text lacks shows blank");
}

// The same template as a note type kept as itself (core/templated_note_type.hpp) and the fields as
// its note: its cards are made, each shown and its typed answer found without an exception, and
// there is at least one, each of its own key.
void check_kept_note(std::string_view source, const kioku::AnkiCardContext& card,
                     std::uint8_t settings) {
  kioku::AnkiNoteType definition;
  definition.id = 1;
  definition.name = "Fuzzed";
  definition.cloze = (settings & 0x08) != 0;
  definition.templates = {{"Card 1", std::string(source), std::string(source)},
                          {"Card 2", "{{FrontSide}}" + std::string(source), "{{Front}}"}};
  kioku::Note note;
  note.id = "n";
  note.deck = "d";
  note.kind = kioku::NoteKind::kAnki;
  std::set<std::string> names;
  for (const auto& [name, text] : card.fields) {
    if (!names.insert(name).second) continue;
    definition.fields.push_back(name);
    if (!text.empty()) note.fields.push_back({name, {{"en", text}}});
  }
  if (definition.fields.empty()) definition.fields.push_back("Front");
  note.kept_cards = {static_cast<int>(settings & 0x03)};
  std::string key = kioku::note_type_key(definition);
  note.note_type = kioku::TemplatedNoteType::make(std::move(key), std::move(definition));
  if (!note.note_type->has_ordinal(note.kept_cards.front())) note.kept_cards.clear();
  const std::vector<kioku::GeneratedCard> cards = kioku::generate_cards(note);
  check(!cards.empty(), "a kept note has a card");
  std::set<std::string> keys;
  int shown = 0;
  for (const kioku::GeneratedCard& generated : cards) {
    check(keys.insert(generated.key).second, "each card its own key");
    if (++shown > 8) continue;
    const kioku::CardSides sides =
        kioku::render_templated_sides(note, generated, "en", {"A::B", 7, 1});
    (void)sides;
    (void)kioku::templated_typed_answer(note, generated, "en");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t settings = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t template_end = std::min(rest.find('\0'), rest.size());
  const std::string_view source = rest.substr(0, template_end);

  kioku::AnkiCardContext card;
  card.card_ordinal = settings & 0x07;
  card.flag = (settings >> 4) & 0x07;
  card.tags = {"tag", "親::子"};
  card.deck = "A::B";
  std::size_t at = template_end;
  std::size_t index = 0;
  while (at < rest.size()) {
    const std::size_t start = at + 1;
    const std::size_t end = std::min(rest.find('\0', start), rest.size());
    const std::size_t name = index % std::size(kFieldNames);
    card.fields.emplace_back(std::string(kFieldNames[name]) +
                                 (index >= std::size(kFieldNames) ? std::to_string(index) : ""),
                             std::string(rest.substr(start, end - start)));
    check_cloze(rest.substr(start, end - start));
    ++index;
    at = end;
  }

  check_kept_note(source, card, settings);

  kioku::AnkiTemplate parsed;
  try {
    parsed = kioku::AnkiTemplate::parse(source);
  } catch (const kioku::AnkiTemplateError& error) {
    check(error.place().offset < source.size(), "an error's place inside the template");
    check(error.place().line >= 1 && error.place().column >= 1, "a place counted from 1");
    check(error.what()[0] != '\0', "the error says what is wrong");
    return 0;
  }
  // Small bounds, so that inputs reach them.
  kioku::AnkiRenderLimits limits;
  limits.max_output_bytes = 4096;
  limits.max_filter_bytes = 1 << 20;
  limits.max_problems = 16;
  const bool is_cloze = (settings & 0x08) != 0;
  const kioku::AnkiRenderedCard first =
      kioku::render_anki_card(parsed, parsed, card, is_cloze, limits);
  const kioku::AnkiRenderedCard second =
      kioku::render_anki_card(parsed, parsed, card, is_cloze, limits);
  check_side(first.question, limits, source.size());
  check_side(first.answer, limits, source.size());
  check(same(first.question, second.question), "the question twice is the same");
  check(same(first.answer, second.answer), "the answer twice is the same");
  check(first.empty == second.empty, "emptiness twice is the same");
  return 0;
}
