#include "core/note_canonical.hpp"

#include <algorithm>
#include <utility>

#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

LocalizedText without_empty_texts(LocalizedText text) {
  std::erase_if(text, [](const auto& entry) { return entry.second.empty(); });
  return text;
}

// Where the note's kind (or an Anki note's type) lists `name`; past the end for a field it does
// not have.
std::size_t field_order(const Note& note, const std::string& name) {
  if (note.kind == NoteKind::kAnki && note.note_type) {
    const std::vector<std::string>& fields = note.note_type->fields();
    return static_cast<std::size_t>(std::find(fields.begin(), fields.end(), name) - fields.begin());
  }
  const auto fields = note_kind_spec(note.kind).fields;
  const auto found = std::find_if(fields.begin(), fields.end(),
                                  [&](const NoteFieldSpec& spec) { return spec.name == name; });
  return static_cast<std::size_t>(found - fields.begin());
}

const std::string& type_key(const Note& note) {
  static const std::string kNone;
  return note.note_type ? note.note_type->key() : kNone;
}

}  // namespace

Note canonical_note(Note note) {
  std::vector<NoteField> fields;
  for (NoteField& field : note.fields) {
    field.text = without_empty_texts(std::move(field.text));
    if (!field.text.empty()) fields.push_back(std::move(field));
  }
  std::stable_sort(fields.begin(), fields.end(), [&](const NoteField& a, const NoteField& b) {
    return field_order(note, a.name) < field_order(note, b.name);
  });
  note.fields = std::move(fields);
  std::vector<std::string> tags;
  for (std::string& tag : note.tags) {
    if (std::find(tags.begin(), tags.end(), tag) == tags.end()) tags.push_back(std::move(tag));
  }
  note.tags = std::move(tags);
  std::erase_if(note.choices, [](const auto& entry) { return entry.second.empty(); });
  std::sort(note.kept_cards.begin(), note.kept_cards.end());
  note.kept_cards.erase(std::unique(note.kept_cards.begin(), note.kept_cards.end()),
                        note.kept_cards.end());
  return note;
}

bool same_note_content(const Note& other, const Note& canonical) {
  const Note left = canonical_note(other);
  const auto same_fields = [](const std::vector<NoteField>& x, const std::vector<NoteField>& y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                      [](const NoteField& f, const NoteField& g) {
                        return f.name == g.name && f.text == g.text;
                      });
  };
  return left.kind == canonical.kind && type_key(left) == type_key(canonical) &&
         same_fields(left.fields, canonical.fields) && left.choices == canonical.choices &&
         left.answer == canonical.answer && left.tags == canonical.tags &&
         left.kept_cards == canonical.kept_cards;
}

}  // namespace kioku
