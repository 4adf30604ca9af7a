// kioku import FILE: opens the deck file and passes it to the daemon, which imports it whole or
// not at all.
#include <unistd.h>

#include <iostream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/import_messages.hpp"
#include "cli/import_source.hpp"
#include "cli/messages.hpp"
#include "cli/progress_bar.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "core/import_format.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct ImportArgs {
  std::string file;
  std::string format;  // "": by the file's extension, else its content (the daemon decides)
  std::string deck;    // Anki text only, as are kind and columns
  std::string kind;
  std::string columns;  // "front,back,tags"
  bool dry_run = false;
  bool prune = false;
  bool with_history = false;
};

// The request: the passed file, and only the options given.
boost::json::object import_params(const ImportArgs& args, const ImportSource& source,
                                  const std::string& language) {
  boost::json::object params{{"fd", 0}, {"name", source.name}};
  if (!args.format.empty()) params["format"] = args.format;
  if (!args.deck.empty()) params["deck"] = args.deck;
  if (!args.kind.empty()) params["kind"] = args.kind;
  if (!args.columns.empty()) {
    boost::json::array columns;
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = args.columns.find(',', start);
      columns.emplace_back(args.columns.substr(start, comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    params["columns"] = std::move(columns);
  }
  if (args.dry_run) params["dry_run"] = true;
  if (args.prune) params["prune"] = true;
  if (args.with_history) params["with_history"] = true;
  // The language the fields of an Anki text file are written in: the user's (a TOML deck
  // names its own languages, and the daemon leaves this out for it).
  params["lang"] = language;
  return params;
}

// A line for each way a kept Anki note type shows otherwise than in Anki.
void print_kept_note_types(const protocol::DeckImportResult& summary, const ImportMessages& words,
                           std::ostream& out) {
  const auto quoted = [](const std::string& text) { return "\"" + safe_line(text) + "\""; };
  for (const protocol::KeptNoteTypeView& type : summary.note_types) {
    if (!type.unknown_filters.empty()) {
      std::string filters;
      for (const std::string& filter : type.unknown_filters) {
        filters += (filters.empty() ? "" : ", ") + quoted(filter);
      }
      out << fill_in(words.unknown_filters, {{"name", quoted(type.name)}, {"filters", filters}})
          << '\n';
    }
    for (const protocol::TemplateProblemView& problem : type.template_problems) {
      const std::string section = quoted(problem.section);
      const std::string text =
          problem.problem == "section-not-closed"
              ? fill_in(words.section_not_closed, {{"section", section}})
          : problem.problem == "wrong-section-closed"
              ? fill_in(words.wrong_section_closed,
                        {{"section", section}, {"open", quoted(problem.open_section)}})
          : problem.problem == "section-not-open"
              ? fill_in(words.section_not_open, {{"section", section}})
              : std::string(words.sections_too_deep);
      out << fill_in(words.template_problem,
                     {{"name", quoted(type.name)},
                      {"template", quoted(problem.template_)},
                      {"side", problem.side == "answer" ? words.side_answer : words.side_question},
                      {"line", std::to_string(problem.line)},
                      {"column", std::to_string(problem.column)},
                      {"problem", text}})
          << '\n';
    }
    for (const protocol::MissingFieldView& missing : type.missing_fields) {
      out << fill_in(words.missing_field,
                     {{"name", quoted(type.name)},
                      {"template", quoted(missing.template_)},
                      {"side", missing.side == "answer" ? words.side_answer : words.side_question},
                      {"tag", safe_line(missing.tag)}})
          << '\n';
    }
  }
}

void print_import(const protocol::DeckImportResult& summary, const ImportArgs& args,
                  const ImportMessages& words, std::ostream& out) {
  out << fill_in(
      args.dry_run ? words.would_import : words.imported,
      {{"deck", safe_line(summary.deck)},
       {"source", args.file == "-" ? std::string(words.standard_input) : safe_line(args.file)},
       {"added", std::to_string(summary.added)},
       {"updated", std::to_string(summary.updated)},
       {"unchanged", std::to_string(summary.unchanged)}});
  if (const std::int64_t kept = summary.not_in_file; kept > 0) {
    out << fill_in_count(kept, words.kept_one, words.kept_many);
  }
  if (const std::int64_t retired = summary.retired; retired > 0) {
    out << fill_in_count(retired, words.retired_one, words.retired_many);
  }
  if (const std::int64_t restored = summary.restored; restored > 0) {
    out << fill_in_count(restored, words.restored_one, words.restored_many);
  }
  if (const std::int64_t pruned = summary.pruned; pruned > 0) {
    // The cards --prune suspended are the summary's `suspended` (a TOML deck has no others).
    out << fill_in_count(pruned, words.pruned_one, words.pruned_many)
        << fill_in_count(summary.suspended, words.pruned_cards_one, words.pruned_cards_many);
  } else if (const std::int64_t suspended = summary.suspended; suspended > 0) {
    out << fill_in_count(suspended, words.suspended_one, words.suspended_many);
  }
  if (const std::int64_t media = summary.media; media > 0) {
    out << fill_in_count(media, words.media_one, words.media_many);
  }
  if (const std::int64_t cards = summary.cards_with_history; cards > 0) {
    out << fill_in(fill_in_count(cards, words.history_one, words.history_many),
                   {{"answers", std::to_string(summary.imported_answers)}});
  }
  if (const std::int64_t conflicting = summary.conflicting; conflicting > 0) {
    out << fill_in_count(conflicting, words.conflicting_one, words.conflicting_many);
  }
  if (const std::int64_t skipped = summary.skipped; skipped > 0) {
    out << fill_in_count(skipped, words.skipped_one, words.skipped_many);
  }
  if (args.dry_run) out << words.nothing_changed;
  out << '\n';
  print_kept_note_types(summary, words, out);
}

// The format kiokud will read the file as: --format, else by its name and first 4 KiB, as
// kiokud decides (core/import_format.hpp).
ImportFormat format_of(const ImportArgs& args, const ImportSource& source) {
  if (!args.format.empty()) {
    return parse_import_format(args.format).value_or(ImportFormat::kToml);
  }
  std::string start(4096, '\0');
  const off_t offset = ::lseek(source.file.get(), 0, SEEK_CUR);
  const ssize_t got = ::pread(source.file.get(), start.data(), start.size(), offset);
  start.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  return import_format_of(source.name, start);
}

// Options only some formats can honour, refused here in the user's language (kiokud refuses
// them too, for any other client): --prune withdraws what a file no longer has, which only a
// TOML deck, the whole of its deck, can say; --with-history needs a package's review log.
void check_options_for_format(const ImportArgs& args, const ImportSource& source,
                              const std::string& language) {
  if (!args.prune && !args.with_history) return;
  const ImportFormat format = format_of(args, source);
  if (args.prune && format != ImportFormat::kToml) {
    throw Error(ErrorCode::kInvalidParams, import_messages_for(language).prune_toml_only);
  }
  if (args.with_history && format != ImportFormat::kAnkiPackage) {
    throw Error(ErrorCode::kInvalidParams, import_messages_for(language).history_package_only);
  }
}

}  // namespace

CommandGroup import_commands() {
  return {
      Command<ImportArgs>(
          "import", {"Import a deck file: kioku's TOML, Anki's text export (.txt/.tsv/.csv) or "
                     "an Anki package (.apkg/.colpkg)",
                     "デッキファイルを取り込む: kioku の TOML、Anki のテキスト書き出し"
                     "（.txt/.tsv/.csv）または Anki パッケージ（.apkg/.colpkg）"})
          .option(&ImportArgs::file, "FILE",
                  {"the deck file, or - to read it from standard input",
                   "デッキファイル。- なら標準入力から読む"},
                  // FILE names a file or standard input; "" names neither.
                  required().checked_by(refusing_empty(
                      bilingual("must not be empty (give a deck file, or - for standard input)",
                                "空にはできません（デッキファイルか、標準入力なら - を指定）"))))
          .option(&ImportArgs::format, "--format",
                  {"toml, anki-text or anki-package (default: by the extension, else the content)",
                   "toml、anki-text または anki-package（既定: 拡張子で、なければ内容で判断）"},
                  one_of({"toml", "anki-text", "anki-package"}))
          .option(&ImportArgs::deck, "--deck",
                  {"Anki text: the deck for notes without a deck column",
                   "Anki テキスト: デッキ列のないノートの取り込み先デッキ"})
          .option(&ImportArgs::kind, "--kind",
                  {"Anki text: the kind of every note (basic, reverse, "
                   "basic-optional-reverse, typed, cloze)",
                   "Anki テキスト: 全ノートの種類（basic, reverse, basic-optional-reverse, "
                   "typed, cloze）"})
          .option(&ImportArgs::columns, "--columns",
                  {"Anki text: what each column is, e.g. front,back,tags (- skips one; "
                   "notetype: each row's note type)",
                   "Anki テキスト: 各列の意味。例: front,back,tags（- は読み飛ばす。notetype "
                   "は行ごとのノートタイプ）"})
          .flag(&ImportArgs::dry_run, "--dry-run",
                {"show what the import would change, and change nothing",
                 "取り込みで何が変わるかを表示するだけで、何も変更しない"})
          .flag(&ImportArgs::prune, "--prune",
                {"TOML: withdraw the deck's notes the file no longer has (their cards suspended "
                 "with their history, never deleted; back when the file has them again)",
                 "TOML: ファイルから消えたデッキのノートを外す（カードは履歴ごと保留にし、削除は"
                 "しない。ファイルに戻れば元に戻る）"})
          .flag(&ImportArgs::with_history, "--with-history",
                {"Anki package: bring its review log and each card's scheduling too (for cards "
                 "with no answer in kioku yet), so reviews go on where Anki left them",
                 "Anki パッケージ: 復習履歴と各カードのスケジュールも取り込む（kioku でまだ回答"
                 "していないカードのみ）。Anki で止めたところから復習を続けられる"})
          .shows(protocol::kDeckImport,
                 [](const protocol::DeckImportResult& summary, const ImportArgs& args,
                    std::ostream& out) {
                   print_import(summary, args, import_messages_for("en"), out);
                 })
          .runs([](CliContext& context, const ImportArgs& args) {
            const ImportSource source = open_import_source(args.file, context.language, std::cerr);
            check_options_for_format(args, source, context.language);
            CallOptions options;
            options.descriptor = source.file.get();
            // A bar on stderr, when it is a terminal, from kiokud's request.progress.
            const boost::json::value result = call_showing_progress(
                context.daemon(), protocol::kDeckImport.name,
                import_params(args, source, context.language), context.language, options);
            show_result(context, protocol::kDeckImport, result,
                        [&](const protocol::DeckImportResult& summary, std::ostream& out) {
                          print_import(summary, args, import_messages_for(context.language), out);
                        });
          })};
}

}  // namespace kioku::cli
