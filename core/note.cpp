#include "core/note.hpp"

#include <algorithm>
#include <utility>

#include "core/fill_in.hpp"

namespace kioku {

namespace {

// Anki's alphabet for note ids (rslib/src/notes/mod.rs): printable ASCII without space, quotes,
// backslash and apostrophe, so an id needs no escaping inside a TOML or CSV string. A shell
// still needs it quoted: ; ( ) < > | & $ ` and ! mean something there.
constexpr std::string_view kBase91Digits =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";
static_assert(kBase91Digits.size() == 91);

BilingualMessage describe(const std::string& field, const std::string& language,
                          const TextPlace& place, const BilingualMessage& problem) {
  const std::string name = language.empty() ? field : field + "." + language;
  const BilingualMessage where = describe_text_place(place);
  return {fill_in("field {field}: {place}{problem}",
                  {{"field", name}, {"place", where.english}, {"problem", problem.english}}),
          fill_in("フィールド {field}: {place}{problem}",
                  {{"field", name}, {"place", where.japanese}, {"problem", problem.japanese}})};
}

const std::string kEmpty;

}  // namespace

const LocalizedText* Note::field(std::string_view name) const noexcept {
  for (const NoteField& field : fields) {
    if (field.name == name) return &field.text;
  }
  return nullptr;
}

const std::string& Note::text(std::string_view name, const std::string& language) const noexcept {
  const LocalizedText* texts = field(name);
  if (texts == nullptr) return kEmpty;
  const auto found = texts->find(language);
  return found == texts->end() ? kEmpty : found->second;
}

bool Note::has_text(std::string_view name) const noexcept {
  const LocalizedText* texts = field(name);
  if (texts == nullptr) return false;
  for (const auto& [language, text] : *texts) {
    if (!text.empty()) return true;
  }
  return false;
}

NoteError::NoteError(std::string field, std::string language, const BilingualMessage& problem,
                     TextPlace place)
    : Error(ErrorCode::kInvalidInput, describe(field, language, place, problem)),
      field_(std::move(field)),
      language_(std::move(language)),
      place_(place),
      problem_(problem) {}

Error invalid_note_error(const NoteError& error) {
  const BilingualMessage problem = error.message();
  return Error(ErrorCode::kInvalidParams,
               BilingualMessage{fill_in("invalid note: {problem}", {{"problem", problem.english}}),
                                fill_in("ノートが正しくありません: {problem}",
                                        {{"problem", problem.japanese}})});
}

std::string new_note_id(std::uint64_t random_bits) {
  // Anki writes nothing for 0; an id must not be empty, so 0 is its first digit.
  if (random_bits == 0) return std::string(1, kBase91Digits[0]);
  std::string id;
  while (random_bits > 0) {
    id += kBase91Digits[random_bits % kBase91Digits.size()];
    random_bits /= kBase91Digits.size();
  }
  std::reverse(id.begin(), id.end());
  return id;
}

}  // namespace kioku
