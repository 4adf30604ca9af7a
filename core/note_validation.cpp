#include "core/note_validation.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>

#include "core/cloze_walk.hpp"
#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_text.hpp"
#include "core/language_code.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

void check_id(const Note& note) {
  if (note.id.empty()) {
    throw NoteError("id", "", BilingualMessage{"a note needs an id", "ノートには ID が必要です"});
  }
  if (note.id.size() > kMaxNoteIdBytes) {
    throw NoteError("id", "",
                    bilingual("longer than {max} bytes", "{max} バイトを超えています",
                              {{"max", std::to_string(kMaxNoteIdBytes)}}));
  }
  for (char c : note.id) {
    if (c <= ' ' || c > '~') {
      throw NoteError("id", "",
                      BilingualMessage{"only printable ASCII without spaces may make an id",
                                       "ID に使えるのは空白を除く印字可能な ASCII 文字だけです"});
    }
  }
}

// An Anki note's fields are its type's, by their exact names (docs/anki-templates.md).
void check_anki_fields(const Note& note) {
  if (!note.note_type) {
    throw NoteError("kind", "",
                    BilingualMessage{"an anki note needs its note type",
                                     "anki ノートにはノートタイプが必要です"});
  }
  std::set<std::string_view> seen;
  for (const NoteField& field : note.fields) {
    if (!note.note_type->has_field(field.name)) {
      throw NoteError(field.name, "",
                      bilingual("note type \"{type}\" has no such field",
                                "ノートタイプ \"{type}\" にこのフィールドはありません",
                                {{"type", note.note_type->name()}}));
    }
    if (!seen.insert(field.name).second) {
      throw NoteError(field.name, "", BilingualMessage{"written twice", "2 回書かれています"});
    }
  }
  for (const int ordinal : note.kept_cards) {
    if (!note.note_type->has_ordinal(ordinal)) {
      throw NoteError("kept_cards", "",
                      bilingual("card {card} is none its note type can have",
                                "カード {card} はこのノートタイプが持てるカードではありません",
                                {{"card", std::to_string(ordinal)}}));
    }
  }
}

void check_fields(const Note& note) {
  if (note.kind == NoteKind::kAnki) return check_anki_fields(note);
  if (!note.kept_cards.empty()) {
    throw NoteError("kept_cards", "",
                    BilingualMessage{"only an anki note keeps cards",
                                     "カードを残せるのは anki ノートだけです"});
  }
  const NoteKindSpec& kind = note_kind_spec(note.kind);
  std::set<std::string_view> seen;
  for (const NoteField& field : note.fields) {
    if (find_note_field(note.kind, field.name) == nullptr) {
      std::string names;
      for (const NoteFieldSpec& spec : kind.fields) {
        if (!names.empty()) names += ", ";
        names += spec.name;
      }
      // Every kind may also have a source (core/note_kind.hpp), so the list names it too.
      names += ", ";
      names += kSourceField;
      throw NoteError(field.name, "",
                      bilingual("a {kind} note has no such field (it has {fields})",
                                "{kind} ノートにこのフィールドはありません（あるのは {fields}）",
                                {{"kind", std::string(kind.name)}, {"fields", names}}));
    }
    if (!seen.insert(field.name).second) {
      throw NoteError(field.name, "", BilingualMessage{"written twice", "2 回書かれています"});
    }
  }
  for (const NoteFieldSpec& spec : kind.fields) {
    if (spec.required && !note.has_text(spec.name)) {
      throw NoteError(
          std::string(spec.name), "",
          bilingual("a {kind} note needs it, in at least one language",
                    "{kind} ノートにはこのフィールドが必要です（少なくとも 1 つの言語で）",
                    {{"kind", std::string(kind.name)}}));
    }
  }
  if (note.kind == NoteKind::kBasicOptionalReverse && note.has_text("add_reverse") &&
      !note.has_text("back")) {
    throw NoteError("back", "",
                    BilingualMessage{"the reverse card asks it, so add_reverse needs it",
                                     "逆向きのカードがこのフィールドを問うため、add_reverse "
                                     "にはこのフィールドが必要です"});
  }
}

// The first deletion numbered only 0, if any.
std::optional<std::size_t> first_zero_cloze(const ClozeText& text) {
  std::optional<std::size_t> found;
  walk_cloze_segments(text.segments, [&](const ClozeSegment& segment) {
    if (!found && segment.is_cloze() && segment.numbers == std::vector<ClozeNumber>{0}) {
      found = segment.offset;
    }
    return !found;
  });
  return found;
}

// No language makes a card: point at what the author likely meant as one.
[[noreturn]] void fail_no_cloze(const Note& note, const std::map<std::string, ClozeText>& read) {
  for (const auto& [language, text] : read) {
    const std::string& source = note.text("text", language);
    if (const std::optional<std::size_t> zero = first_zero_cloze(text)) {
      throw NoteError("text", language,
                      BilingualMessage{"no cloze: {{c0:: makes no card; numbers start at 1",
                                       "穴埋めがありません: {{c0:: からはカードが作られません。"
                                       "番号は 1 から始まります"},
                      text_place_at(source, *zero));
    }
    const std::size_t almost = source.find("{{c");
    if (almost != std::string::npos) {
      throw NoteError(
          "text", language,
          BilingualMessage{
              "no cloze: this {{c is not one (write {{c1::text}} or {{c1::text::hint}})",
              "穴埋めがありません: この {{c は穴埋めになっていません（{{c1::text}} または "
              "{{c1::text::hint}} と書いてください）"},
          text_place_at(source, almost));
    }
  }
  throw NoteError(
      "text", "",
      BilingualMessage{"no cloze: mark what to ask as {{c1::text}}",
                       "穴埋めがありません: 問う部分を {{c1::text}} のように囲んでください"});
}

void check_cloze(const Note& note, const std::map<std::string, ClozeText>& read) {
  for (const auto& [language, text] : read) {
    if (!cloze_numbers(text).empty()) return;
  }
  fail_no_cloze(note, read);
}

void check_choices(const Note& note) {
  const bool has_choices = note_kind_spec(note.kind).has_choices;
  if (!has_choices) {
    if (!note.choices.empty()) {
      throw NoteError("choices", "",
                      BilingualMessage{"only a choice note has choices",
                                       "選択肢を持てるのは choice ノートだけです"});
    }
    if (note.answer != 0) {
      throw NoteError("answer", "",
                      BilingualMessage{"only a choice note has an answer",
                                       "正解を持てるのは choice ノートだけです"});
    }
    return;
  }
  if (note.choices.empty()) {
    throw NoteError(
        "choices", "",
        BilingualMessage{"a choice note needs choices", "choice ノートには選択肢が必要です"});
  }
  std::size_t count = 0;
  for (const auto& [language, choices] : note.choices) {
    if (choices.size() < static_cast<std::size_t>(kMinChoices) ||
        choices.size() > static_cast<std::size_t>(kMaxChoices)) {
      throw NoteError("choices", language,
                      bilingual("between {min} and {max} choices, got {count}",
                                "選択肢は {min} 個から {max} 個までです（{count} 個あります）",
                                {{"min", std::to_string(kMinChoices)},
                                 {"max", std::to_string(kMaxChoices)},
                                 {"count", std::to_string(choices.size())}}));
    }
    if (count != 0 && choices.size() != count) {
      throw NoteError(
          "choices", language,
          bilingual("{count} choices, but another language has {other}",
                    "選択肢が {count} 個ありますが、別の言語では {other} 個です",
                    {{"count", std::to_string(choices.size())}, {"other", std::to_string(count)}}));
    }
    count = choices.size();
    for (std::size_t index = 0; index < choices.size(); ++index) {
      if (choices[index].empty()) {
        throw NoteError("choices", language,
                        bilingual("choice {number} is empty", "選択肢 {number} が空です",
                                  {{"number", std::to_string(index + 1)}}));
      }
    }
  }
  if (note.answer < 1 || static_cast<std::size_t>(note.answer) > count) {
    throw NoteError(
        "answer", "",
        bilingual("one of the choices, 1 to {count}, got {answer}",
                  "選択肢の番号 1 から {count} のいずれかにしてください（{answer} "
                  "になっています）",
                  {{"count", std::to_string(count)}, {"answer", std::to_string(note.answer)}}));
  }
}

// An Anki note's field is HTML, longer than the text it shows.
constexpr TextRule kAnkiFieldRule{kMaxAnkiFieldBytes, true};

// The text rules a deck file's notes keep (core/deck_parser_text.hpp), for notes from anywhere:
// no character that acts on a terminal, no text past its length.
void check_texts(const Note& note) {
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) {
      // "" is a field left out; spaces alone are a slip a deck file refuses too, which made a
      // deck holding one impossible to export and import again.
      if (!text.empty() && is_blank_text(text)) {
        throw NoteError(field.name, language,
                        bilingual("must not be empty (it is nothing but spaces)",
                                  "空であってはなりません（空白だけです）"));
      }
      // The field and language name the text in the Japanese ("フィールド front.en: ...").
      const BilingualMessage problem = text_problem_message(
          text, note.kind == NoteKind::kAnki ? kAnkiFieldRule : note_field_rule(field.name),
          BilingualMessage{"the text", ""});
      if (!problem.english.empty()) throw NoteError(field.name, language, problem);
    }
  }
  for (const auto& [language, choices] : note.choices) {
    for (std::size_t index = 0; index < choices.size(); ++index) {
      // Named only once it breaks a rule, as a tag is (check_tags).
      if (!text_problem_message(choices[index], kChoiceRule, {}).english.empty()) {
        throw NoteError("choices", language,
                        text_problem_message(choices[index], kChoiceRule,
                                             bilingual("choice {number}", "選択肢 {number}",
                                                       {{"number", std::to_string(index + 1)}})));
      }
    }
  }
}

// A text's language is a code, as a deck file's `languages` are, and a note has at most as many
// as a deck file: a key of a request's note (note.add) is shown back and exported as one.
void check_languages(const Note& note) {
  std::set<std::string_view> languages;
  const auto check = [&](const std::string& field, const std::string& language) {
    if (!is_language_code(language)) {
      throw NoteError(field, "",
                      bilingual("{language} is not a language code such as \"en\" or \"ja\"",
                                "{language} は \"en\" や \"ja\" のような言語コードではありません",
                                {{"language", quoted_for_error(language)}}));
    }
    languages.insert(language);
    if (languages.size() > kMaxLanguages) {
      throw NoteError(field, "",
                      bilingual("the note has text in more than {most} languages",
                                "ノートのテキストの言語が {most} 個を超えています",
                                {{"most", std::to_string(kMaxLanguages)}}));
    }
  };
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) check(field.name, language);
  }
  for (const auto& [language, choices] : note.choices) check("choices", language);
}

void check_tags(const Note& note) {
  if (note.tags.size() > kMaxTagsPerCard) {
    throw NoteError("tags", "",
                    bilingual("has {count} tags; at most {max} are allowed",
                              "タグが {count} 個あります。上限は {max} 個です",
                              {{"count", std::to_string(note.tags.size())},
                               {"max", std::to_string(kMaxTagsPerCard)}}));
  }
  for (const std::string& tag : note.tags) {
    if (tag.empty()) {
      throw NoteError("tags", "", BilingualMessage{"an empty tag", "空のタグがあります"});
    }
    // The tag is named only once it breaks a rule: naming every tag first was a tenth of a text
    // import's reading of its rows.
    if (!text_problem_message(tag, kTagRule, {}).english.empty()) {
      throw NoteError("tags", "",
                      text_problem_message(tag, kTagRule,
                                           bilingual("the tag {tag}", "タグ {tag}",
                                                     {{"tag", quoted_for_error(tag)}})));
    }
    if (!is_valid_tag(tag)) {
      throw NoteError("tags", "",
                      bilingual("tag \"{tag}\" has a space in it",
                                "タグ \"{tag}\" に空白が含まれています", {{"tag", tag}}));
    }
  }
}

// A note's texts counted toward kMaxNoteTextBytes, in the order the note has them; throws
// NoteError naming the field, its language (empty for the tags), the total and the limit where
// a text brings the total past it.
class NoteTextTotal {
 public:
  void add(const std::string& field, const std::string& language, std::string_view text) {
    bytes_ += text.size();
    if (bytes_ <= kMaxNoteTextBytes) return;
    throw NoteError(
        field, language,
        bilingual(
            "brings the note's text to {bytes} bytes; a note holds at most {max} bytes of "
            "text, its fields in every language, its choices and its tags together",
            "このテキストでノートのテキストが {bytes} バイトになります。1 つのノートのテキスト"
            "（全言語のフィールド、選択肢、タグの合計）は {max} バイトまでです",
            {{"bytes", std::to_string(bytes_)}, {"max", std::to_string(kMaxNoteTextBytes)}}));
  }

 private:
  std::size_t bytes_ = 0;
};

// Its texts together within kMaxNoteTextBytes, once each text keeps its own rules.
void check_total(const Note& note) {
  NoteTextTotal total;
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) total.add(field.name, language, text);
  }
  for (const auto& [language, choices] : note.choices) {
    for (const std::string& choice : choices) total.add("choices", language, choice);
  }
  for (const std::string& tag : note.tags) total.add("tags", "", tag);
}

}  // namespace

std::size_t note_text_bytes(const Note& note) {
  std::size_t bytes = 0;
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) bytes += text.size();
  }
  for (const auto& [language, choices] : note.choices) {
    for (const std::string& choice : choices) bytes += choice.size();
  }
  for (const std::string& tag : note.tags) bytes += tag.size();
  return bytes;
}

bool is_valid_tag(std::string_view tag) noexcept {
  // U+3000, the ideographic space, splits tags in Anki as an ASCII space does.
  return !tag.empty() && tag.find_first_of(" \t\n\r") == std::string_view::npos &&
         tag.find("\u3000") == std::string_view::npos;
}

std::map<std::string, ClozeText> read_note_clozes(const Note& note) {
  std::map<std::string, ClozeText> read;
  const LocalizedText* texts = note.field("text");
  if (texts == nullptr) return read;
  for (const auto& [language, text] : *texts) {
    try {
      read.emplace(language, parse_cloze_text(text));
    } catch (const ClozeError& error) {
      throw NoteError("text", language, error.problem_message(), error.place());
    }
  }
  return read;
}

std::map<std::string, ClozeText> check_note_shape(const Note& note) {
  check_id(note);
  if (note.deck.empty()) {
    throw NoteError("deck", "",
                    BilingualMessage{"a note belongs to a deck",
                                     "ノートはいずれかのデッキに属していなければなりません"});
  }
  check_fields(note);
  std::map<std::string, ClozeText> clozes;
  if (note.kind == NoteKind::kCloze) {
    clozes = read_note_clozes(note);
    check_cloze(note, clozes);
  }
  check_choices(note);
  return clozes;
}

void check_note_texts(const Note& note) {
  check_languages(note);
  check_texts(note);
  check_tags(note);
  check_total(note);
}

std::map<std::string, ClozeText> validate_note(const Note& note) {
  std::map<std::string, ClozeText> clozes = check_note_shape(note);
  check_note_texts(note);
  return clozes;
}

Note requested_note(std::string id, std::string deck, NoteKind kind,
                    const std::map<std::string, LocalizedText>& fields,
                    const std::optional<LocalizedChoices>& choices,
                    const std::optional<std::int64_t>& answer, std::vector<std::string> tags) {
  Note note;
  note.id = std::move(id);
  note.deck = std::move(deck);
  note.kind = kind;
  for (const auto& [name, texts] : fields)
    note.fields.push_back(NoteField{.name = name, .text = texts});
  if (choices) note.choices = *choices;
  if (answer)
    note.answer = static_cast<int>(std::clamp<std::int64_t>(*answer, -1, kMaxChoices + 1));
  note.tags = std::move(tags);
  return note;
}

}  // namespace kioku
