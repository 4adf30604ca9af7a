// deck.import (daemon/methods/deck_import.hpp): the checks and the file on the server's thread,
// the import where the request allows it on the worker.
#include "daemon/methods/deck_import.hpp"

#include <memory>

#include "core/anki_note_type.hpp"
#include "core/anki_text_notes.hpp"
#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "core/import_format.hpp"
#include "daemon/importers/anki_package_importer.hpp"
#include "daemon/importers/anki_text_importer.hpp"
#include "daemon/importers/deck_importer.hpp"
#include "daemon/importers/deck_source.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/path_parameter.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/methods/worker_write.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// The fallback deck of an Anki text file: its name without folder and extension, as Anki
// suggests; a file with no name of its own goes to Anki's "Default".
std::string deck_of_file_name(const std::string& name) {
  if (name.empty() || name.front() != '/') return "Default";
  std::string base = name.substr(name.rfind('/') + 1);
  const std::size_t dot = base.rfind('.');
  if (dot != std::string::npos && dot > 0) base.resize(dot);
  return base.empty() ? "Default" : base;
}

// The file the request names, open, with the name its errors and source use.
struct RequestedFile {
  protocol::UniqueFd file;
  std::string name;
};

// Everything the import needs but the collection and the file, checked: made on the server's
// thread, so that a wrong parameter is refused before anything waits for the worker.
struct ImportPlan {
  std::string name;
  ImportFormat format = ImportFormat::kToml;
  bool dry_run = false;
  bool prune = false;
  AnkiPackageOptions package;
  AnkiTextOptions text;
};

ImportPlan plan_import(const protocol::DeckImportParams& params, const RequestedFile& requested,
                       const MethodContext& context) {
  ImportPlan plan;
  plan.name = requested.name;
  const std::string& name = requested.name;
  plan.dry_run = params.dry_run.value_or(false);
  plan.prune = params.prune.value_or(false);
  if (params.format) {
    const std::optional<ImportFormat> named = parse_import_format(*params.format);
    if (!named) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameter 'format' must be toml, anki-text or anki-package, got "
                            "\"{format}\"",
                            "パラメータ 'format' は toml、anki-text、anki-package "
                            "のいずれかでなければなりません（\"{format}\" でした）",
                            {{"format", *params.format}}));
    }
    plan.format = *named;
  } else {
    plan.format = import_format_of(name, peek_start(requested.file.get(), 4096));
  }
  if (params.with_history.value_or(false) && plan.format != ImportFormat::kAnkiPackage) {
    throw Error(ErrorCode::kInvalidParams,
                plan.format == ImportFormat::kToml
                    ? bilingual("parameter 'with_history' is for Anki packages; {name} is read "
                                "as a kioku TOML deck, which holds no review log",
                                "パラメータ 'with_history' は Anki パッケージ専用です。{name} は "
                                "kioku の TOML デッキとして読まれ、復習履歴を含みません",
                                {{"name", name}})
                    : bilingual("parameter 'with_history' is for Anki packages; {name} is read "
                                "as an Anki text file, which holds no review log",
                                "パラメータ 'with_history' は Anki パッケージ専用です。{name} は "
                                "Anki のテキストファイルとして読まれ、復習履歴を含みません",
                                {{"name", name}}));
  }
  if (plan.format == ImportFormat::kToml) {
    if (params.deck || params.kind || params.columns) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameters 'deck', 'kind' and 'columns' are for Anki text files; "
                            "{name} is read as a kioku TOML deck (a .toml name, or its content)",
                            "パラメータ 'deck'、'kind'、'columns' は Anki "
                            "のテキストファイル専用です。{name} は kioku の TOML "
                            "デッキとして読まれます（.toml という名前か、その内容から）",
                            {{"name", name}}));
    }
    return plan;
  }
  if (plan.prune) {
    // An Anki file is often part of a deck (selected notes, one subdeck), and a package's note
    // stays in the kioku deck it is in when Anki moved it: neither says which notes are gone.
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'prune' is for kioku TOML decks; {name} is read as an Anki "
                          "file, which need not hold the whole deck",
                          "パラメータ 'prune' は kioku の TOML デッキ専用です。{name} は Anki "
                          "のファイルとして読まれ、デッキ全体を含むとは限りません",
                          {{"name", name}}));
  }
  if (plan.format == ImportFormat::kAnkiPackage) {
    if (params.deck || params.kind || params.columns) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameters 'deck', 'kind' and 'columns' are for Anki text files; "
                            "{name} is read as an Anki package, whose notes name their own decks "
                            "and types",
                            "パラメータ 'deck'、'kind'、'columns' は Anki "
                            "のテキストファイル専用です。{name} は Anki "
                            "パッケージとして読まれ、そのノートは自分のデッキとノートタイプを"
                            "名指ししています",
                            {{"name", name}}));
    }
    plan.package.language = checked_language(params.lang);
    plan.package.with_history = params.with_history.value_or(false);
    plan.package.day_starts_at_hour = context.calendar.day_starts_at_hour();
    plan.package.data_directory = context.data_directory();
    return plan;
  }
  AnkiTextOptions& options = plan.text;
  options.deck = params.deck.value_or("");
  if (params.kind) {
    options.kind = kind_of_anki_note_type(*params.kind);
    if (!options.kind) {
      // The kinds' list in each language its own.
      const BilingualMessage kinds = anki_note_types_read();
      throw Error(
          ErrorCode::kInvalidParams,
          BilingualMessage{
              fill_in("parameter 'kind': \"{kind}\" is not a kind kioku imports; {kinds}",
                      {{"kind", *params.kind}, {"kinds", kinds.english}}),
              fill_in("パラメータ 'kind': \"{kind}\" は kioku が取り込む種類ではありません。"
                      "取り込めるのは次のとおりです: {kinds}",
                      {{"kind", *params.kind}, {"kinds", kinds.japanese}})});
    }
  }
  options.columns = params.columns.value_or(std::vector<std::string>{});
  options.language = checked_language(params.lang);
  options.fallback_deck = deck_of_file_name(name);
  return plan;
}

// The import itself, into `collection`, by the importer the plan's format takes.
ImportSummary run_import(Collection& collection, int descriptor, const ImportPlan& plan,
                         TimestampMs now, const ProgressReport& progress) {
  switch (plan.format) {
    case ImportFormat::kToml:
      return import_deck_descriptor(collection, descriptor, plan.name, now, plan.dry_run,
                                    plan.prune, progress);
    case ImportFormat::kAnkiPackage:
      return import_anki_package_descriptor(collection, descriptor, plan.name, plan.package,
                                            plan.dry_run, now, progress);
    case ImportFormat::kAnkiText:
      break;
  }
  return import_anki_text_descriptor(collection, descriptor, plan.name, plan.text, plan.dry_run,
                                     now, progress);
}

// The deck file the request names: the descriptor passed with it (`fd`), or `path`.
RequestedFile requested_file(const protocol::DeckImportParams& params, MethodContext& context) {
  protocol::UniqueFd* passed = context.passed_descriptor;
  const bool descriptor_passed = passed != nullptr && *passed;
  if (params.fd && params.path) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("give 'fd' or 'path', not both",
                          "'fd' か 'path' のどちらか一方を指定してください。両方は指定できません"));
  }
  if (!params.fd && !params.path) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("deck.import needs 'fd' (a file passed with the request) or 'path'",
                          "deck.import には 'fd'（リクエストとともに渡すファイル）か 'path' "
                          "が必要です"));
  }
  if (params.fd) {
    if (*params.fd != 0) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameter 'fd' must be 0, the one descriptor passed with the request",
                            "パラメータ 'fd' は 0（リクエストとともに渡す唯一のディスクリプタ）"
                            "でなければなりません"));
    }
    if (!descriptor_passed) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameter 'fd' names a passed file, but no descriptor came with this "
                            "request (pass it with SCM_RIGHTS in the sendmsg that sends the "
                            "request line)",
                            "パラメータ 'fd' は渡されたファイルを指していますが、このリクエストには"
                            "ディスクリプタが付いていません（リクエスト行を送る sendmsg で "
                            "SCM_RIGHTS を使って渡してください）"));
    }
    const std::string shown = params.name.value_or("");
    return RequestedFile{std::move(*passed), shown.empty() ? std::string("passed file") : shown};
  }
  if (descriptor_passed) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("a file descriptor was passed with deck.import but 'fd' was not given; "
                          "it was closed",
                          "deck.import にファイルディスクリプタが渡されましたが、'fd' "
                          "が指定されていません。そのディスクリプタは閉じました"));
  }
  if (params.name) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'name' goes with 'fd', not 'path'",
                          "パラメータ 'name' は 'fd' と一緒に使います。'path' とは使えません"));
  }
  const std::string& path = absolute_path_parameter(*params.path, "path");
  return RequestedFile{open_regular_deck(path), path};
}

std::string_view problem_name(AnkiTemplateError::Kind kind) {
  switch (kind) {
    case AnkiTemplateError::Kind::kSectionNotClosed:
      return "section-not-closed";
    case AnkiTemplateError::Kind::kWrongSectionClosed:
      return "wrong-section-closed";
    case AnkiTemplateError::Kind::kSectionNotOpen:
      return "section-not-open";
    case AnkiTemplateError::Kind::kTooDeep:
      return "too-deep";
  }
  return "section-not-closed";
}

std::vector<protocol::KeptNoteTypeView> note_types_view(const ImportSummary& summary) {
  std::vector<protocol::KeptNoteTypeView> views;
  for (const ImportSummary::KeptNoteType& type : summary.note_types) {
    protocol::KeptNoteTypeView& view = views.emplace_back();
    view.name = type.name;
    view.unknown_filters = type.unknown_filters;
    for (const AnkiTemplateProblem& problem : type.template_problems) {
      view.template_problems.push_back(protocol::TemplateProblemView{
          .template_ = problem.template_name,
          .side = problem.side == CardSide::kQuestion ? "question" : "answer",
          .problem = std::string(problem_name(problem.kind)),
          .section = problem.section,
          .open_section = problem.open_section,
          .line = problem.place.line,
          .column = problem.place.column});
    }
    for (const AnkiMissingField& missing : type.missing_fields) {
      view.missing_fields.push_back(protocol::MissingFieldView{
          .template_ = missing.template_name,
          .side = missing.side == CardSide::kQuestion ? "question" : "answer",
          .tag = missing.tag});
    }
  }
  return views;
}

protocol::DeckImportResult result_of(const ImportSummary& summary) {
  return protocol::DeckImportResult{.deck = summary.deck,
                                    .added = summary.added,
                                    .updated = summary.updated,
                                    .unchanged = summary.unchanged,
                                    .not_in_file = summary.not_in_file,
                                    .retired = summary.retired,
                                    .suspended = summary.suspended,
                                    .media = summary.media,
                                    .pruned = summary.pruned,
                                    .restored = summary.restored,
                                    .cards_with_history = summary.cards_with_history,
                                    .imported_answers = summary.imported_answers,
                                    .conflicting = summary.conflicting,
                                    .skipped = summary.skipped,
                                    .errors = 0,
                                    .note_types = note_types_view(summary)};
}

}  // namespace

protocol::DeckImportResult import_deck_request(const protocol::DeckImportParams& params,
                                               MethodContext& context) {
  RequestedFile requested = requested_file(params, context);
  const ImportPlan plan = plan_import(params, requested, context);
  // One import at a time: a second is refused as any other write is while the first runs, before
  // its file is read, and waits behind it on the worker while the first only waits there.
  // std::function copies what it holds: the file is shared, not copied.
  auto file = std::make_shared<protocol::UniqueFd>(std::move(requested.file));
  return write_on_worker<protocol::DeckImportResult>(
      context, Write{WriteKind::kImport},
      bilingual("the collection is busy: an import ({name}) is writing it; nothing was changed, "
                "try again when it ends",
                "コレクションは使用中です: 取り込み（{name}）が書き込んでいます。何も変更して"
                "いません。終わってからもう一度試してください",
                {{"name", plan.name}}),
      [plan, file](Collection& collection, const WorkerStart& start,
                   const ProgressReport& progress) {
        // The day's start hour as it is when the import starts (a package's day-based dues).
        ImportPlan started = plan;
        started.package.day_starts_at_hour = start.calendar.day_starts_at_hour();
        return result_of(run_import(collection, file->get(), started, start.now, progress));
      },
      params.progress.value_or(false));
}

}  // namespace kioku::daemon
