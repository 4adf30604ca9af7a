// kioku export DECK: kiokud writes the deck into a file kioku opens and passes (docs/export.md).
// With -o, a temporary file beside FILE, renamed onto FILE once kiokud has written all of it, so
// FILE is never half written; without, a memory file copied to standard output afterwards.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "cli/export_messages.hpp"
#include "cli/messages.hpp"
#include "cli/progress_bar.hpp"
#include "cli/stop_signal_wait.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "protocol/unique_fd.hpp"

namespace kioku::cli {

namespace {

struct ExportArgs {
  std::string deck;
  std::string format;  // "": by -o's extension, else toml
  std::string output;  // "": standard output
  bool with_history = false;
};

// The format asked for, else the one -o's extension names, else kioku's own.
std::string format_of(const ExportArgs& args) {
  if (!args.format.empty()) return args.format;
  const std::string extension = std::filesystem::path(args.output).extension().string();
  if (extension == ".apkg") return "apkg";
  if (extension == ".tsv" || extension == ".txt") return "tsv";
  return "toml";
}

// The error for a file that cannot be made: a permission the user lacks is kPermission, the
// rest (no such folder, a full disk) a failure of the arguments.
Error write_error(const std::string& file, int error_number, const std::string& language) {
  const ErrorCode code = error_number == EACCES || error_number == EPERM || error_number == EROFS
                             ? ErrorCode::kPermission
                             : ErrorCode::kInvalidParams;
  return Error(code, fill_in(export_messages_for(language).cannot_write,
                             {{"file", safe_line(file)},
                              {"reason", system_error_reason_in(error_number, language)}}));
}

// The file a rename onto `path` replaces: `path`, or what its symbolic links lead to, so that a
// link stays a link and the file it names gets the export.
std::string followed_links(const std::string& path, const std::string& language) {
  constexpr int kMostLinks = 40;  // as the kernel's ELOOP
  std::filesystem::path place(path);
  for (int links = 0;; ++links) {
    std::error_code error;
    if (!std::filesystem::is_symlink(std::filesystem::symlink_status(place, error))) break;
    if (links == kMostLinks) throw write_error(path, ELOOP, language);
    const std::filesystem::path link = std::filesystem::read_symlink(place, error);
    if (error) throw write_error(path, error.value(), language);
    place = link.is_absolute() ? link : place.parent_path() / link;
  }
  return place.string();
}

// Where kiokud writes: a temporary file beside the target (removed unless committed), or a
// memory file for standard output and for a target that is not a regular file (a device such
// as /dev/null, a FIFO, a terminal), which is written through once whole, as a shell's `>`
// would: renamed onto, it would be replaced by a regular file.
class ExportTarget {
 public:
  ExportTarget(const std::string& target, const std::string& language)
      : target_(target), language_(language) {
    if (target.empty()) {
      // A closed standard output would be the memory file's descriptor, copied into itself.
      if (::fcntl(STDOUT_FILENO, F_GETFD) < 0) throw write_error("<stdout>", errno, language);
      open_memory_file();
      return;
    }
    struct stat info {};
    if (::stat(target.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
      if (S_ISDIR(info.st_mode)) throw write_error(target, EISDIR, language);
      // Not blocking: a FIFO nobody reads is an error now (ENXIO), not a wait.
      through_ =
          protocol::UniqueFd(::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK));
      if (!through_) throw write_error(target, errno, language);
      // What was opened, not what stat saw: a path changed between the two into a regular file
      // (a link to the collection) would be written over in place. Renamed onto instead, below,
      // where kiokud checks it.
      struct stat opened {};
      if (::fstat(through_.get(), &opened) != 0) throw write_error(target, errno, language);
      if (S_ISREG(opened.st_mode)) {
        through_.reset();
      } else {
        const int flags = ::fcntl(through_.get(), F_GETFL);
        if (flags < 0 || ::fcntl(through_.get(), F_SETFL, flags & ~O_NONBLOCK) != 0) {
          throw write_error(target, errno, language);
        }
        open_memory_file();
        return;
      }
    }
    // The file the rename replaces, by its directory's real path: the kernel resolves a ".."
    // after the link before it, which the path's text does not tell, and kiokud must be asked
    // about the file the rename will reach.
    const std::filesystem::path path(followed_links(target, language));
    std::error_code error;
    const std::filesystem::path directory = std::filesystem::canonical(
        path.has_parent_path() ? path.parent_path() : std::filesystem::path("."), error);
    if (error) throw write_error(target, error.value(), language);
    place_ = (directory / path.filename()).string();
    temporary_ = (directory / ("." + path.filename().string() + ".kioku-export-XXXXXX")).string();
    file_ = protocol::UniqueFd(::mkostemp(temporary_.data(), O_CLOEXEC));
    if (!file_) {
      const int error_number = errno;
      temporary_.clear();
      throw write_error(target, error_number, language);
    }
  }
  ~ExportTarget() {
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
  }
  ExportTarget(const ExportTarget&) = delete;
  ExportTarget& operator=(const ExportTarget&) = delete;

  int descriptor() const noexcept { return file_.get(); }

  // The absolute path the file will be renamed onto, for kiokud to refuse its own collection's
  // files; none when it is copied out instead.
  std::optional<std::string> destination() const {
    if (place_.empty()) return std::nullopt;
    return place_;  // absolute: its directory's real path
  }

  // Puts the written file in place: flushed, with the mode a new file gets, renamed onto the
  // target; or copied to standard output or through the target.
  void commit() {
    if (target_.empty()) {
      copy_out(STDOUT_FILENO, "<stdout>");
      return;
    }
    if (through_) {
      copy_out(through_.get(), target_);
      return;
    }
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(file_.get(), 0666 & ~mask) != 0 || ::fsync(file_.get()) != 0 ||
        ::rename(temporary_.c_str(), place_.c_str()) != 0) {
      throw write_error(target_, errno, language_);
    }
    temporary_.clear();
  }

 private:
  void open_memory_file() {
    file_ = protocol::UniqueFd(::memfd_create("kioku-export", MFD_CLOEXEC));
    if (!file_) throw write_error(target_.empty() ? "<stdout>" : target_, errno, language_);
  }

  void copy_out(int output, const std::string& name) {
    std::cout.flush();
    char buffer[1 << 16];
    off_t offset = 0;
    while (true) {
      const ssize_t got = ::pread(file_.get(), buffer, sizeof buffer, offset);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw write_error(name, errno, language_);
      if (got == 0) return;
      offset += got;
      for (ssize_t done = 0; done < got;) {
        const ssize_t wrote = ::write(output, buffer + done, static_cast<std::size_t>(got - done));
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) throw write_error(name, wrote < 0 ? errno : EIO, language_);
        done += wrote;
      }
    }
  }

  std::string target_;
  std::string language_;
  std::string place_;  // the file a rename replaces, links followed; empty when copied out
  std::string temporary_;
  protocol::UniqueFd file_;
  protocol::UniqueFd through_;  // a target that is not a regular file, open for writing
};

void print_export(const protocol::DeckExportResult& result, const std::string& file,
                  const ExportMessages& words, std::ostream& out) {
  std::string decks;
  for (const std::string& deck : result.decks) decks += (decks.empty() ? "" : ", ") + deck;
  out << fill_in(words.exported, {{"notes", std::to_string(result.notes)},
                                  {"cards", std::to_string(result.cards)},
                                  {"decks", safe_line(decks)},
                                  {"file", safe_line(file)}});
  if (result.media > 0)
    out << fill_in(words.exported_media, {{"media", std::to_string(result.media)}});
  if (result.reviews > 0)
    out << fill_in(words.exported_reviews, {{"reviews", std::to_string(result.reviews)}});
  out << '\n';
}

// kiokud's refusals in the user's language: a deck nothing names, a name several decks have,
// a TOML export of several decks. Called while `error` is being handled: anything else is
// thrown again as it is (a CallError of an interrupted wait must stay one, or kioku would not
// end as the signal does).
[[noreturn]] void reword(const Error& error, const ExportArgs& args, const std::string& format,
                         const std::string& language) {
  const Messages& text = messages_for(language);
  if (error.code() == ErrorCode::kNotFound) {
    const auto* detailed = dynamic_cast<const protocol::ErrorWithData*>(&error);
    const boost::json::value* named =
        detailed ? detailed->data().if_contains("candidates") : nullptr;
    if (named == nullptr || !named->is_array()) {
      throw Error(ErrorCode::kNotFound,
                  fill_in(text.no_deck_named, {{"deck", safe_line(args.deck)}}));
    }
    std::string candidates;
    for (const boost::json::value& candidate : named->as_array()) {
      const boost::json::string* id =
          candidate.is_object() && candidate.as_object().if_contains("id")
              ? candidate.as_object().at("id").if_string()
              : nullptr;
      if (id != nullptr) candidates += (candidates.empty() ? "" : ", ") + safe_line(*id);
    }
    throw Error(ErrorCode::kNotFound, fill_in(text.deck_ambiguous, {{"deck", safe_line(args.deck)},
                                                                    {"candidates", candidates}}));
  }
  if (error.code() == ErrorCode::kConflict && format == "toml") {
    const std::string message = error.what();
    const std::size_t open = message.find(" decks (");
    const std::size_t close = message.find(')', open);
    if (open != std::string::npos && close != std::string::npos) {
      const std::size_t count_start = message.rfind(' ', open - 1) + 1;
      throw Error(ErrorCode::kConflict,
                  fill_in(export_messages_for(language).one_deck_per_file,
                          {{"deck", safe_line(args.deck)},
                           {"count", message.substr(count_start, open - count_start)},
                           {"decks", safe_line(message.substr(open + 8, close - open - 8))}}));
    }
  }
  throw;
}

}  // namespace

CommandGroup export_commands() {
  return {
      Command<ExportArgs>(
          "export", {"Export a deck (and its subdecks) as kioku's TOML, Anki's text (tsv) or an "
                     "Anki package (apkg)",
                     "デッキ（とそのサブデッキ）を kioku の TOML、Anki のテキスト（tsv）または "
                     "Anki パッケージ（apkg）として書き出す"})
          .option(&ExportArgs::deck, "DECK",
                  {"the deck's id or name; A::B takes its subdecks too",
                   "デッキの ID または名前。A::B ならサブデッキも含む"},
                  required())
          .option(&ExportArgs::format, "--format",
                  {"toml, tsv or apkg (default: by -o's extension, else toml)",
                   "toml、tsv または apkg（既定: -o の拡張子で、なければ toml）"},
                  one_of({"toml", "tsv", "apkg"}))
          .option(&ExportArgs::output, "-o,--output",
                  {"the file to write (replaced whole, never half written); default: standard "
                   "output",
                   "書き出すファイル（丸ごと置き換え、書きかけは残らない）。既定: 標準出力"},
                  // "" would be standard output by mistake: -o is left out for that.
                  OptionRules().checked_by(refusing_empty(
                      bilingual("must not be empty (leave -o out to write to standard output)",
                                "空にはできません（標準出力に書き出すなら -o を付けない）"))))
          .flag(&ExportArgs::with_history, "--with-history",
                {"apkg: write each card's review log too, as Anki's revlog",
                 "apkg: 各カードの復習履歴も Anki の revlog として書き出す"})
          .shows(protocol::kDeckExport,
                 [](const protocol::DeckExportResult& result, const ExportArgs& args,
                    std::ostream& out) {
                   print_export(result, args.output, export_messages_for("en"), out);
                 })
          .runs([](CliContext& context, const ExportArgs& args) {
            const std::string format = format_of(args);
            if (args.output.empty() && format == "apkg" && ::isatty(STDOUT_FILENO)) {
              throw Error(ErrorCode::kInvalidParams,
                          export_messages_for(context.language).package_to_terminal);
            }
            if (args.with_history && format != "apkg") {
              throw Error(ErrorCode::kInvalidParams,
                          export_messages_for(context.language).history_apkg_only);
            }
            // From before the temporary file is made until it is in place or removed, a stop
            // signal waits for the wait, or for the end (docs/export.md).
            const StopSignalsHeld held;
            ExportTarget target(args.output, context.language);
            protocol::DeckExportParams params;
            params.deck = args.deck;
            params.format = format;
            params.fd = 0;
            params.lang = context.language;
            params.with_history = args.with_history;
            params.progress = false;  // call_showing_progress asks for it when it draws
            params.destination = target.destination();
            boost::json::object request = protocol::encode(params).as_object();
            // An empty optional is written as null, which a request may not hold.
            if (!params.destination) request.erase("destination");
            CallOptions options;
            options.descriptor = target.descriptor();
            boost::json::value result;
            try {
              // A bar on stderr, when it is a terminal; standard output may be the export.
              result = call_showing_progress(context.daemon(), protocol::kDeckExport.name, request,
                                             context.language, options);
            } catch (const Error& error) {
              reword(error, args, format, context.language);
            }
            target.commit();
            if (args.output.empty()) return;
            show_result(context, protocol::kDeckExport, result,
                        [&](const protocol::DeckExportResult& summary, std::ostream& out) {
                          print_export(summary, args.output, export_messages_for(context.language),
                                       out);
                        });
          })};
}

}  // namespace kioku::cli
