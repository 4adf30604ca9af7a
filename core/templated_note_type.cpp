#include "core/templated_note_type.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <utility>

#include "core/anki_cloze.hpp"
#include "core/fnv1a.hpp"

namespace kioku {

namespace {

// Calls `visit` on every node of `nodes`, sections' insides included.
template <typename Visit>
void each_node(const std::vector<AnkiTemplateNode>& nodes, const Visit& visit) {
  std::vector<const std::vector<AnkiTemplateNode>*> pending{&nodes};
  while (!pending.empty()) {
    const std::vector<AnkiTemplateNode>* level = pending.back();
    pending.pop_back();
    for (const AnkiTemplateNode& node : *level) {
      visit(node);
      if (!node.children.empty()) pending.push_back(&node.children);
    }
  }
}

bool has_filter(const AnkiTemplateNode& node, std::initializer_list<std::string_view> names) {
  if (node.kind != AnkiTemplateNode::Kind::kReplacement) return false;
  for (const std::string& filter : effective_anki_filters(node.filters)) {
    if (std::find(names.begin(), names.end(), filter) != names.end()) return true;
  }
  return false;
}

std::optional<AnkiTemplate> read_side(const AnkiCardTemplate& source, CardSide side,
                                      std::optional<AnkiTemplateProblem>& problem) {
  try {
    return AnkiTemplate::parse(side == CardSide::kQuestion ? source.question : source.answer);
  } catch (const AnkiTemplateError& error) {
    if (!problem) {
      problem = AnkiTemplateProblem{.template_name = source.name,
                                    .side = side,
                                    .kind = error.kind(),
                                    .section = error.name(),
                                    .open_section = error.open_name(),
                                    .place = error.place()};
    }
    return std::nullopt;
  }
}

}  // namespace

std::shared_ptr<const TemplatedNoteType> TemplatedNoteType::make(std::string key,
                                                                 AnkiNoteType definition) {
  auto type = std::make_shared<TemplatedNoteType>();
  type->key_ = std::move(key);
  type->definition_ = std::move(definition);
  std::set<std::string> seen_filters;
  for (const AnkiCardTemplate& source : type->definition_.templates) {
    Template read;
    read.question = read_side(source, CardSide::kQuestion, read.problem);
    read.answer = read_side(source, CardSide::kAnswer, read.problem);
    for (const std::optional<AnkiTemplate>* side : {&read.question, &read.answer}) {
      if (!*side) continue;
      for (const std::string& filter : (*side)->unknown_filters()) {
        if (seen_filters.insert(filter).second) type->unknown_filters_.push_back(filter);
      }
    }
    if (read.question) {
      each_node(read.question->nodes(), [&](const AnkiTemplateNode& node) {
        if (has_filter(node, {"type", "type-cloze", "type-nc"})) read.asks_typed = true;
      });
    }
    type->templates_.push_back(std::move(read));
  }
  type->find_missing_fields();
  if (type->definition_.cloze && !type->templates_.empty() && type->templates_[0].question) {
    std::set<std::string> cloze_names;
    each_node(type->templates_[0].question->nodes(), [&](const AnkiTemplateNode& node) {
      if (has_filter(node, {"cloze", "cloze-only"})) cloze_names.insert(node.text);
    });
    for (const std::string& field : type->definition_.fields) {
      if (cloze_names.count(field)) type->cloze_fields_.push_back(field);
    }
  }
  return type;
}

void TemplatedNoteType::find_missing_fields() {
  // Every field filled: what is missing then is missing for every note.
  AnkiCardContext every;
  for (const std::string& field : definition_.fields) every.fields.emplace_back(field, "x");
  const AnkiFieldMap fields(every);
  for (std::size_t index = 0; index < templates_.size(); ++index) {
    const Template& read = templates_[index];
    for (const auto& [side_template, side] : {std::pair{&read.question, CardSide::kQuestion},
                                              std::pair{&read.answer, CardSide::kAnswer}}) {
      if (!*side_template) continue;
      for (const AnkiRenderProblem& problem :
           render_anki_side(**side_template, fields, side, "").problems) {
        AnkiMissingField missing{definition_.templates[index].name, side, problem.tag};
        if (std::find(missing_fields_.begin(), missing_fields_.end(), missing) ==
            missing_fields_.end()) {
          missing_fields_.push_back(std::move(missing));
        }
      }
    }
  }
}

std::vector<AnkiTemplateProblem> TemplatedNoteType::template_problems() const {
  std::vector<AnkiTemplateProblem> problems;
  for (const Template& read : templates_) {
    if (read.problem) problems.push_back(*read.problem);
  }
  return problems;
}

bool TemplatedNoteType::has_field(const std::string& name) const noexcept {
  return std::find(definition_.fields.begin(), definition_.fields.end(), name) !=
         definition_.fields.end();
}

const TemplatedNoteType::Template* TemplatedNoteType::template_of(int ordinal) const noexcept {
  if (templates_.empty() || ordinal < 0) return nullptr;
  if (definition_.cloze) return &templates_.front();
  const auto index = static_cast<std::size_t>(ordinal);
  return index < templates_.size() ? &templates_[index] : nullptr;
}

std::string TemplatedNoteType::card_name(int ordinal) const {
  if (templates_.empty() || ordinal < 0) return {};
  const auto index = definition_.cloze ? 0 : static_cast<std::size_t>(ordinal);
  return index < definition_.templates.size() ? definition_.templates[index].name : std::string();
}

bool TemplatedNoteType::has_ordinal(int ordinal) const noexcept {
  if (ordinal < 0) return false;
  return definition_.cloze ? ordinal < kMaxTemplatedClozeNumber
                           : static_cast<std::size_t>(ordinal) < templates_.size();
}

std::vector<int> TemplatedNoteType::card_ordinals(const AnkiFieldMap& fields,
                                                  const std::vector<int>& kept) const {
  std::set<int> ordinals;
  if (definition_.cloze) {
    for (const std::string& field : cloze_fields_) {
      const std::string* text = fields.find(field);
      if (text == nullptr) continue;
      for (const int number : anki_cloze_numbers(*text)) {
        if (number >= 1 && has_ordinal(number - 1)) ordinals.insert(number - 1);
      }
    }
  } else {
    for (std::size_t index = 0; index < templates_.size(); ++index) {
      const Template& read = templates_[index];
      if (read.question && anki_template_renders(*read.question, fields)) {
        ordinals.insert(static_cast<int>(index));
      }
    }
  }
  for (const int ordinal : kept) {
    if (has_ordinal(ordinal)) ordinals.insert(ordinal);
  }
  if (ordinals.empty()) ordinals.insert(0);
  return {ordinals.begin(), ordinals.end()};
}

std::string note_type_key(const AnkiNoteType& definition) {
  // Each name with its length before it, so that no two lists hash one string.
  std::uint64_t hash = fnv1a_64(definition.cloze ? "cloze" : "standard");
  for (const std::string& name : definition.fields) {
    hash = fnv1a_64(std::to_string(name.size()) + ":" + name, hash);
  }
  hash = fnv1a_64("|", hash);
  for (const AnkiCardTemplate& entry : definition.templates) {
    hash = fnv1a_64(std::to_string(entry.name.size()) + ":" + entry.name, hash);
  }
  char digits[17];
  std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(hash));
  return "anki-" + std::to_string(definition.id) + "-" + digits;
}

std::string templated_card_key(bool cloze, int ordinal) {
  return (cloze ? "c" : "card") + std::to_string(ordinal + 1);
}

}  // namespace kioku
