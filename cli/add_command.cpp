// kioku add --deck D [--kind K] --field NAME=TEXT ...: adds a note from the shell; without
// --field, the note is written in $EDITOR on a template of its kind.
#include <iostream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/messages.hpp"
#include "cli/note_arguments.hpp"
#include "cli/note_editing.hpp"
#include "cli/note_lookup.hpp"
#include "cli/note_printing.hpp"
#include "cli/note_toml.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "core/note_kind.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

namespace {

struct AddArgs {
  std::string deck;
  std::string kind = "basic";
  std::vector<std::string> fields;  // NAME=TEXT or NAME.LANGUAGE=TEXT
  std::vector<std::string> tags;
  std::vector<std::string> choices;
  std::optional<int> answer;
  std::string id;
};

std::vector<std::string> kind_names() {
  std::vector<std::string> names;
  for (const NoteKindSpec& spec : note_kinds()) names.emplace_back(spec.name);
  return names;
}

// The note the options describe; a choice note's --choice texts are in `language`.
NoteContent note_from_arguments(const AddArgs& args, const std::string& language,
                                const NoteMessages& words) {
  NoteContent note;
  note.id = args.id;
  note.kind = args.kind;
  note.fields = fields_from_arguments(args.fields, language, words);
  note.tags = args.tags;
  const bool choice = note.kind == note_kind_name(NoteKind::kChoice);
  if (!choice && (!args.choices.empty() || args.answer)) {
    throw Error(ErrorCode::kInvalidParams, words.choices_only_for_choice);
  }
  if (!args.choices.empty()) note.choices[language] = args.choices;
  if (args.answer) note.answer = *args.answer;
  return note;
}

void show_added(CliContext& context, const boost::json::value& result, const NoteMessages& words) {
  show_result(context, protocol::kNoteAdd, result,
              [&](const protocol::NoteSaveResult& saved, std::ostream& out) {
                print_note_added(saved, words, out);
              });
}

// The note written in the editor, on a template of the kind with the options' tags and id.
int add_in_editor(CliContext& context, const AddArgs& args,
                  const std::vector<std::string>& languages, const std::string& language,
                  const NoteMessages& words) {
  const NoteFileMessages& file_words = note_file_messages_for(context.language);
  NoteContent template_note;
  template_note.id = args.id;
  template_note.kind = args.kind;
  template_note.tags = args.tags;
  NoteTomlLayout layout;
  layout.languages = languages_for_editing(languages, language);
  layout.heading = {
      fill_in(file_words.heading_add, {{"kind", args.kind}, {"deck", safe_line(args.deck)}}),
      file_words.heading_cancel_add};
  std::optional<boost::json::value> added;
  const EditEnd end =
      edit_note_text(context, write_note_toml(template_note, layout, file_words), language,
                     file_words, [&](const ReadNote& read) {
                       added = context.daemon().call(protocol::kNoteAdd.name,
                                                     note_add_params(args.deck, read.note));
                     });
  switch (end) {
    case EditEnd::kAccepted:
      show_added(context, *added, words);
      return kExitOk;
    case EditEnd::kUnchanged:
      std::cerr << "kioku: " << file_words.template_unchanged << '\n';
      break;
    case EditEnd::kEmptied:
      std::cerr << "kioku: " << file_words.template_emptied << '\n';
      break;
    case EditEnd::kUnchangedAfterError:
    case EditEnd::kTooManyProblems:
      std::cerr << "kioku: " << problems_end_text(end, file_words) << '\n';
      break;
  }
  return kExitFailure;
}

}  // namespace

CommandGroup add_commands() {
  return {
      Command<AddArgs>("add", {"Add a note (its cards follow from its kind); without --field, "
                               "write it in $EDITOR",
                               "ノートを追加する（カードは種類に応じて作られる）。--field "
                               "がなければ $EDITOR で書く"})
          .option(&AddArgs::deck, "--deck",
                  {"the deck's id (see kioku decks)", "デッキの ID（kioku decks で確認）"},
                  required())
          .option(&AddArgs::kind, "--kind",
                  {"basic (default), reverse, basic-optional-reverse, cloze, typed or choice",
                   "basic（既定値）、reverse、basic-optional-reverse、cloze、typed、choice"},
                  one_of(kind_names()))
          .option(&AddArgs::fields, "--field",
                  {"NAME=TEXT, or NAME.LANGUAGE=TEXT (front, back; text, extra for cloze; "
                   "question, explanation for choice); TEXT without a language is in --lang's, "
                   "or the deck's first",
                   "NAME=TEXT または NAME.LANGUAGE=TEXT（front、back。cloze は text、extra。choice "
                   "は question、explanation）。言語のない TEXT は --lang の言語、なければデッキの"
                   "最初の言語"})
          .option(&AddArgs::tags, "--tag", {"a tag (again for more)", "タグ（複数なら繰り返す）"})
          .option(&AddArgs::choices, "--choice",
                  {"choice notes: a choice, in order (again for each)",
                   "選択式のノート: 選択肢を順に（一つずつ繰り返す）"})
          .option(&AddArgs::answer, "--answer",
                  {"choice notes: the right choice, counting from 1",
                   "選択式のノート: 正解の番号（1 から数える）"},
                  between(1, 1000))
          .option(&AddArgs::id, "--id",
                  {"the note's id (default: a new one)", "ノートの ID（既定値: 新しく作る）"},
                  // "" made a new id, as leaving --id out does: a slip, said as one.
                  OptionRules().checked_by(refusing_empty(
                      bilingual("must not be empty (leave --id out for a new id)",
                                "空にはできません（新しい ID にするなら --id を付けない）"))))
          .shows(protocol::kNoteAdd,
                 [](const protocol::NoteSaveResult& result, std::ostream& out) {
                   print_note_added(result, note_messages_for("en"), out);
                 })
          .runs([](CliContext& context, const AddArgs& args) -> int {
            const NoteMessages& words = note_messages_for(context.language);
            const std::vector<std::string> languages = deck_languages(context, args.deck, words);
            const std::string language = default_text_language(languages, context.language);
            if (args.fields.empty() && args.choices.empty()) {
              return add_in_editor(context, args, languages, language, words);
            }
            const NoteContent note = note_from_arguments(args, language, words);
            show_added(
                context,
                context.daemon().call(protocol::kNoteAdd.name, note_add_params(args.deck, note)),
                words);
            return kExitOk;
          })};
}

}  // namespace kioku::cli
