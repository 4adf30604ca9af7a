// The rules a note type kept as itself keeps (core/note_type_rules.hpp), which an Anki package's
// importer and a deck file's [[note_types]] share: each rule, and the part it names.
#include <catch2/catch.hpp>
#include <string>
#include <utility>

#include "core/note_type_rules.hpp"

using namespace kioku;
using Part = NoteTypeProblem::Part;

namespace {

AnkiNoteType vocabulary() {
  AnkiNoteType type;
  type.name = "Vocabulary";
  type.fields = {"Word", "Meaning"};
  type.templates = {{"Recognise", "{{Word}}", "{{Meaning}}"},
                    {"Recall", "{{Meaning}}", "{{Word}}"}};
  type.css = ".card { color: black; }";
  return type;
}

// The part and text of the type's first problem, or "none".
std::string problem_of(const AnkiNoteType& type) {
  const std::optional<NoteTypeProblem> problem = note_type_problem(type);
  if (!problem) return "none";
  static const char* const kParts[] = {"name",     "fields", "templates", "template name",
                                       "question", "answer", "css"};
  return std::string(kParts[static_cast<int>(problem->part)]) + " " +
         std::to_string(problem->template_index) + ": " + problem->problem.english;
}

}  // namespace

TEST_CASE("note type rules: a type that keeps them has no problem", "[core][note_types]") {
  CHECK(problem_of(vocabulary()) == "none");
  // An empty answer side and an empty style are a type's to have.
  AnkiNoteType type = vocabulary();
  type.templates[0].answer.clear();
  type.css.clear();
  CHECK(problem_of(type) == "none");
}

TEST_CASE("note type rules: each rule, and the part it names", "[core][note_types]") {
  AnkiNoteType type = vocabulary();
  type.name.clear();
  CHECK(problem_of(type) == "name 0: a note type needs a name");
  type.name = "Two\nlines";
  CHECK_THAT(problem_of(type), Catch::StartsWith("name 0: contains"));
  type.name = std::string(kMaxTemplatedNameBytes + 1, 'n');
  CHECK_THAT(problem_of(type), Catch::StartsWith("name 0: is 257 bytes long"));

  type = vocabulary();
  type.fields.clear();
  CHECK(problem_of(type) == "fields 0: a note type needs a field");
  type.fields.assign(kMaxTemplatedFields + 1, "F");
  CHECK(problem_of(type) == "fields 0: at most 100 fields, not 101");
  type.fields = {"Word", ""};
  CHECK(problem_of(type) == "fields 0: a field needs a name");
  type.fields = {"Word", "Word"};
  CHECK(problem_of(type) == "fields 0: \"Word\" is listed twice");
  type.fields = {"Word", "Mean\ting"};
  CHECK_THAT(problem_of(type), Catch::StartsWith("fields 0: contains"));

  type = vocabulary();
  type.templates.clear();
  CHECK(problem_of(type) == "templates 0: a note type needs a card template");
  type.templates.assign(kMaxTemplatedTemplates + 1, vocabulary().templates[0]);
  CHECK(problem_of(type) == "templates 0: at most 64 templates, not 65");
  type = vocabulary();
  type.templates[1].name = "Re\ncall";
  CHECK_THAT(problem_of(type), Catch::StartsWith("template name 1: contains"));
  type = vocabulary();
  type.templates[1].answer = "\x1b[31m{{Word}}";
  CHECK_THAT(problem_of(type), Catch::StartsWith("answer 1: contains the control character"));
  type = vocabulary();
  type.templates[0].question = std::string(kMaxTemplateBytes / 2 + 1, 'q');
  type.templates[0].answer = std::string(kMaxTemplateBytes / 2, 'a');
  CHECK(problem_of(type) == "question 0: the two sides are longer than 262144 bytes together");
  type.templates[0].question = std::string(kMaxTemplateBytes + 1, 'q');
  CHECK_THAT(problem_of(type), Catch::StartsWith("question 0: is 262145 bytes long"));

  type = vocabulary();
  type.css = "\xff";
  CHECK_THAT(problem_of(type), Catch::StartsWith("css 0:"));
  // The first problem in reading order: the name before the fields.
  type.name.clear();
  type.fields.clear();
  CHECK(problem_of(type) == "name 0: a note type needs a name");
}

TEST_CASE("note type rules: each problem in English and Japanese", "[core][note_types]") {
  // The English and the Japanese of the type's first problem.
  const auto words = [](const AnkiNoteType& type) -> std::pair<std::string, std::string> {
    const std::optional<NoteTypeProblem> problem = note_type_problem(type);
    if (!problem) return {"none", "none"};
    return {problem->problem.english, problem->problem.japanese};
  };
  using Words = std::pair<std::string, std::string>;
  AnkiNoteType type = vocabulary();
  type.name.clear();
  CHECK(words(type) == Words{"a note type needs a name", "ノートタイプには名前が必要です"});

  type = vocabulary();
  type.fields.clear();
  CHECK(words(type) == Words{"a note type needs a field", "ノートタイプにはフィールドが必要です"});
  type.fields.assign(kMaxTemplatedFields + 1, "F");
  CHECK(words(type) ==
        Words{"at most 100 fields, not 101", "フィールドは 100 個までです（101 個あります）"});
  type.fields = {"Word", ""};
  CHECK(words(type) == Words{"a field needs a name", "フィールドには名前が必要です"});
  type.fields = {"Word", "Word"};
  CHECK(words(type) == Words{"\"Word\" is listed twice", "\"Word\" が 2 回挙げられています"});

  type = vocabulary();
  type.templates.clear();
  CHECK(words(type) ==
        Words{"a note type needs a card template", "ノートタイプにはカードテンプレートが必要です"});
  type.templates.assign(kMaxTemplatedTemplates + 1, vocabulary().templates[0]);
  CHECK(words(type) ==
        Words{"at most 64 templates, not 65", "テンプレートは 64 個までです（65 個あります）"});
  type = vocabulary();
  type.templates[0].question = std::string(kMaxTemplateBytes / 2 + 1, 'q');
  type.templates[0].answer = std::string(kMaxTemplateBytes / 2, 'a');
  CHECK(words(type) == Words{"the two sides are longer than 262144 bytes together",
                             "表面と裏面を合わせると 262144 バイトを超えています"});
  // A text's own problem (core/deck_parser_text.hpp) comes in both languages too.
  type = vocabulary();
  type.templates[1].answer = "\x1b[31m{{Word}}";
  const Words control = words(type);
  CHECK_THAT(control.first, Catch::StartsWith("contains the control character U+001B"));
  CHECK_THAT(control.second, Catch::Contains("制御文字 U+001B"));
}

TEST_CASE("note type rules: each part's key, as a deck file has it", "[core][note_types]") {
  AnkiNoteType type = vocabulary();
  type.templates[1].answer = "\x1b";
  std::optional<NoteTypeProblem> problem = note_type_problem(type);
  REQUIRE(problem);
  CHECK(note_type_part_key(problem->part) == "answer");
  CHECK(is_template_part(problem->part));
  CHECK(problem->template_index == 1);
  type = vocabulary();
  type.css = "\xff";
  problem = note_type_problem(type);
  REQUIRE(problem);
  CHECK(note_type_part_key(problem->part) == "css");
  CHECK_FALSE(is_template_part(problem->part));
  CHECK(note_type_part_key(Part::kTemplateName) == "name");
  CHECK(note_type_part_key(Part::kTemplates) == "templates");
}
