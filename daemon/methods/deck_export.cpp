// The handler reads the chosen decks, then writes them in the asked format into the passed
// file. kiokud writes only to a regular file kioku opened (a temporary file beside the target,
// or a memory file for standard output): it never blocks on a pipe or a terminal, and kioku
// puts the file in place only once it is whole.
#include "daemon/methods/deck_export.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>

#include "core/anki_text_export.hpp"
#include "core/deck_toml_writer.hpp"
#include "core/error.hpp"
#include "daemon/exporters/anki_package_export.hpp"
#include "daemon/exporters/deck_export_reader.hpp"
#include "daemon/exporters/export_files.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/methods/worker_read.hpp"
#include "daemon/store/backup.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// The passed descriptor, checked to be a regular file, taken from the request: the export's
// work holds it until it ends, on the worker or at once.
std::shared_ptr<protocol::UniqueFd> passed_file(const protocol::DeckExportParams& params,
                                                MethodContext& context) {
  if (params.fd != 0) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'fd' must be 0, the one descriptor passed with the request",
                          "パラメータ 'fd' は 0（リクエストとともに渡す唯一のディスクリプタ）"
                          "でなければなりません"));
  }
  protocol::UniqueFd* passed = context.passed_descriptor;
  if (passed == nullptr || !*passed) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("deck.export needs the file to write passed with the request "
                          "(SCM_RIGHTS)",
                          "deck.export には書き出し先のファイルをリクエストとともに渡す必要が"
                          "あります（SCM_RIGHTS）"));
  }
  struct stat info {};
  if (::fstat(passed->get(), &info) != 0 || !S_ISREG(info.st_mode)) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("the descriptor passed with deck.export must be a regular file: kiokud "
                          "does not write to pipes or terminals, which could keep it waiting",
                          "deck.export に渡すディスクリプタは通常のファイルでなければなりません。"
                          "kiokud はパイプや端末には書き込みません（待たされ続けるおそれがある"
                          "ためです）"));
  }
  // Checked now, not when the export has been made, seconds later.
  const int flags = ::fcntl(passed->get(), F_GETFL);
  if (flags < 0 || (flags & O_PATH) != 0 || (flags & O_ACCMODE) == O_RDONLY) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("the descriptor passed with deck.export must be open for writing",
                          "deck.export に渡すディスクリプタは書き込み用に開かれていなければ"
                          "なりません"));
  }
  // A client's own file, never kiokud's: the export written over the collection (or its WAL)
  // would destroy it.
  if (is_collection_file(context.collection_path, info)) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("the descriptor passed with deck.export is kiokud's collection or a "
                          "file kept beside it; pass a file of your own",
                          "deck.export に渡されたディスクリプタは kiokud "
                          "のコレクションか、その隣に置かれたファイルです。自分のファイルを"
                          "渡してください"));
  }
  // Nor the file the client will put it in place of: the export renamed over the collection
  // would destroy it all the same.
  if (params.destination) {
    if (params.destination->empty() || params.destination->front() != '/') {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameter 'destination' must be an absolute path",
                            "パラメータ 'destination' は絶対パスでなければなりません"));
    }
    if (is_collection_destination(context.collection_path, *params.destination)) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("cannot export to {destination}: it is kiokud's open collection, or "
                            "a file kept beside it; name another file",
                            "{destination} には書き出せません: kiokud "
                            "が開いているコレクションか、その隣に置かれたファイルです。別の"
                            "ファイルを指定してください",
                            {{"destination", *params.destination}}));
    }
  }
  return std::make_shared<protocol::UniqueFd>(std::move(*passed));
}

std::int64_t note_count(const std::vector<ExportDeck>& decks) {
  std::int64_t notes = 0;
  for (const ExportDeck& deck : decks) notes += static_cast<std::int64_t>(deck.notes.size());
  return notes;
}

std::int64_t card_count(const std::vector<ExportDeck>& decks) {
  std::int64_t cards = 0;
  for (const ExportDeck& deck : decks) {
    for (const ExportNote& note : deck.notes) cards += static_cast<std::int64_t>(note.cards.size());
  }
  return cards;
}

// The decks `deck` chooses; a TOML file holds one, and more are refused (kConflict).
std::vector<DeckRow> exported_decks(Collection& collection, const std::string& deck,
                                    const std::string& format) {
  std::vector<DeckRow> rows = chosen_decks(collection, deck);
  if (format == "toml" && rows.size() != 1) {
    std::string names;
    for (const DeckRow& row : rows) names += (names.empty() ? "" : ", ") + row.slug;
    throw Error(
        ErrorCode::kConflict,
        bilingual("'{deck}' chooses {count} decks ({names}), and a deck file holds one; "
                  "export each, or use tsv or apkg",
                  "'{deck}' はデッキを {count} 個選びます（{names}）が、デッキファイルに"
                  "入るのは 1 個です。1 個ずつ書き出すか、tsv か apkg を使ってください",
                  {{"deck", deck}, {"count", std::to_string(rows.size())}, {"names", names}}));
  }
  return rows;
}

// What an export writes, taken from the request and the context on the server's thread.
struct ExportRequest {
  std::string deck;  // as the request chose them
  std::string format;
  std::string language;
  bool with_history = false;
  std::string data_directory;  // where the media are
  TimestampMs now = 0;
  TimestampMs day_start = 0;  // today's, for a package's day-based dues
};

// Reads the decks from `collection` and writes them into `descriptor` in the request's format.
protocol::DeckExportResult write_export(Collection& collection, const ExportRequest& request,
                                        int descriptor, const ProgressReport& progress) {
  // Chosen again from `collection`, whose decks are those of the notes read with them.
  const std::vector<ExportDeck> decks =
      read_export_decks(collection, exported_decks(collection, request.deck, request.format),
                        request.with_history, progress);
  protocol::DeckExportResult result;
  for (const ExportDeck& deck : decks) result.decks.push_back(deck.id);
  result.notes = note_count(decks);
  result.cards = card_count(decks);
  // A file of no notes is one no importer takes (a deck file needs notes, a text file rows, and
  // a package of none makes no deck): refused, rather than written to be refused later.
  if (result.notes == 0) {
    std::string names;
    for (const ExportDeck& deck : decks) names += (names.empty() ? "" : ", ") + deck.id;
    throw Error(ErrorCode::kConflict,
                bilingual("{decks} has no notes to export (its notes were deleted, or it never "
                          "had any)",
                          "{decks} には書き出すノートがありません（削除されたか、もともと"
                          "ありません）",
                          {{"decks", names}}));
  }
  // A package's compression tells its fraction (write_anki_package); a text file is written at
  // once.
  progress(WorkStage::kWriting, 0, 1);
  const off_t start = ::lseek(descriptor, 0, SEEK_CUR);
  if (request.format == "toml") {
    write_all(descriptor, deck_toml(decks.front()));
  } else if (request.format == "tsv") {
    write_all(descriptor, anki_text_export(decks, request.language));
  } else {
    AnkiPackageExport options;
    options.language = request.language;
    options.data_directory = request.data_directory;
    options.now = request.now;
    options.day_start = request.day_start;
    options.with_history = request.with_history;
    const AnkiPackageWritten written = write_anki_package(decks, options, descriptor, progress);
    result.media = written.media;
    result.reviews = written.reviews;
  }
  const off_t end = ::lseek(descriptor, 0, SEEK_CUR);
  result.bytes = start >= 0 && end >= start ? static_cast<std::int64_t>(end - start) : 0;
  progress(WorkStage::kWriting, 1, 1);
  return result;
}

}  // namespace

protocol::DeckExportResult export_decks(const protocol::DeckExportParams& params,
                                        MethodContext& context) {
  if (params.format != "toml" && params.format != "tsv" && params.format != "apkg") {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'format' must be toml, tsv or apkg, not \"{format}\"",
                          "パラメータ 'format' は toml、tsv、apkg "
                          "のいずれかでなければなりません（\"{format}\" は使えません）",
                          {{"format", params.format}}));
  }
  const bool with_history = params.with_history.value_or(false);
  if (with_history && params.format != "apkg") {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'with_history' is for apkg: a {format} file holds notes, "
                          "not their review log",
                          "パラメータ 'with_history' は apkg 専用です。{format} "
                          "ファイルにはノートが入りますが、その復習履歴は入りません",
                          {{"format", params.format}}));
  }
  const std::string language = checked_language(params.lang);
  std::shared_ptr<protocol::UniqueFd> file = passed_file(params, context);
  // Refused at once, before anything waits for the worker.
  exported_decks(context.collection, params.deck, params.format);
  const TimestampMs now = context.clock.now();
  ExportRequest request{.deck = params.deck,
                        .format = params.format,
                        .language = language,
                        .with_history = with_history,
                        .data_directory = context.data_directory(),
                        .now = now,
                        .day_start = context.calendar.day_start(context.calendar.day_number(now))};
  // A deck of 77,000 notes took 2.4 s to write as TOML and 9.5 s as a package with its log: on
  // the worker, read from a snapshot of its own (the decks as they were when the worker began
  // the export, whatever is answered meanwhile), into the file passed.
  return read_on_worker<protocol::DeckExportResult>(
      context,
      [request = std::move(request), file](CollectionReads& reads, const ProgressReport& progress) {
        return write_export(reads.collection(), request, file->get(), progress);
      },
      params.progress.value_or(false));
}

}  // namespace kioku::daemon
