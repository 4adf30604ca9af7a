// The rules of a kept note type (core/note_type_rules.hpp).
#include "core/note_type_rules.hpp"

#include <set>

namespace kioku {

namespace {

using Part = NoteTypeProblem::Part;

std::optional<NoteTypeProblem> problem_of(Part part, BilingualMessage problem,
                                          std::size_t template_index = 0) {
  return NoteTypeProblem{
      .part = part, .template_index = template_index, .problem = std::move(problem)};
}

std::optional<NoteTypeProblem> text_problem_of(Part part, const std::string& text,
                                               const TextRule& rule,
                                               std::size_t template_index = 0) {
  BilingualMessage problem = text_problem_message(text, rule);
  if (problem.english.empty()) return std::nullopt;
  return problem_of(part, std::move(problem), template_index);
}

std::optional<NoteTypeProblem> fields_problem(const AnkiNoteType& type) {
  if (type.fields.empty()) {
    return problem_of(Part::kFields, bilingual("a note type needs a field",
                                               "ノートタイプにはフィールドが必要です"));
  }
  if (type.fields.size() > kMaxTemplatedFields) {
    return problem_of(Part::kFields,
                      bilingual("at most {most} fields, not {count}",
                                "フィールドは {most} 個までです（{count} 個あります）",
                                {{"most", std::to_string(kMaxTemplatedFields)},
                                 {"count", std::to_string(type.fields.size())}}));
  }
  std::set<std::string> seen;
  for (const std::string& field : type.fields) {
    if (auto problem = text_problem_of(Part::kFields, field, kNoteTypeNameRule)) return problem;
    if (field.empty()) {
      return problem_of(Part::kFields,
                        bilingual("a field needs a name", "フィールドには名前が必要です"));
    }
    if (!seen.insert(field).second) {
      return problem_of(Part::kFields,
                        bilingual("{field} is listed twice", "{field} が 2 回挙げられています",
                                  {{"field", quoted_for_error(field)}}));
    }
  }
  return std::nullopt;
}

std::optional<NoteTypeProblem> templates_problem(const AnkiNoteType& type) {
  if (type.templates.empty()) {
    return problem_of(Part::kTemplates, bilingual("a note type needs a card template",
                                                  "ノートタイプにはカードテンプレートが必要です"));
  }
  if (type.templates.size() > kMaxTemplatedTemplates) {
    return problem_of(Part::kTemplates,
                      bilingual("at most {most} templates, not {count}",
                                "テンプレートは {most} 個までです（{count} 個あります）",
                                {{"most", std::to_string(kMaxTemplatedTemplates)},
                                 {"count", std::to_string(type.templates.size())}}));
  }
  for (std::size_t index = 0; index < type.templates.size(); ++index) {
    const AnkiCardTemplate& entry = type.templates[index];
    if (auto problem = text_problem_of(Part::kTemplateName, entry.name, kNoteTypeNameRule, index)) {
      return problem;
    }
    if (auto problem =
            text_problem_of(Part::kQuestion, entry.question, kNoteTypeTemplateRule, index)) {
      return problem;
    }
    if (auto problem = text_problem_of(Part::kAnswer, entry.answer, kNoteTypeTemplateRule, index)) {
      return problem;
    }
    if (entry.question.size() + entry.answer.size() > kMaxTemplateBytes) {
      return problem_of(Part::kQuestion,
                        bilingual("the two sides are longer than {most} bytes together",
                                  "表面と裏面を合わせると {most} バイトを超えています",
                                  {{"most", std::to_string(kMaxTemplateBytes)}}),
                        index);
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view note_type_part_key(Part part) noexcept {
  switch (part) {
    case Part::kName:
    case Part::kTemplateName:
      return "name";
    case Part::kFields:
      return "fields";
    case Part::kTemplates:
      return "templates";
    case Part::kQuestion:
      return "question";
    case Part::kAnswer:
      return "answer";
    case Part::kCss:
      return "css";
  }
  return "";
}

bool is_template_part(Part part) noexcept {
  return part == Part::kTemplateName || part == Part::kQuestion || part == Part::kAnswer;
}

std::optional<NoteTypeProblem> note_type_problem(const AnkiNoteType& type) {
  if (auto problem = text_problem_of(Part::kName, type.name, kNoteTypeNameRule)) return problem;
  if (type.name.empty()) {
    return problem_of(Part::kName,
                      bilingual("a note type needs a name", "ノートタイプには名前が必要です"));
  }
  if (auto problem = fields_problem(type)) return problem;
  if (auto problem = templates_problem(type)) return problem;
  return text_problem_of(Part::kCss, type.css, kNoteTypeTemplateRule);
}

}  // namespace kioku
