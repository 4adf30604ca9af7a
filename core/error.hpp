// The one exception type of kioku's layers; the daemon's dispatcher and the CLI's main turn it
// into a JSON-RPC error or one line on stderr.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "core/bilingual_message.hpp"
#include "core/escaped_text.hpp"

namespace kioku {

// Kinds of failure that callers act on differently; each maps to one JSON-RPC error code and
// one CLI exit code (docs/protocol.md lists them).
enum class ErrorCode {
  kInvalidParams,  // a request's parameters are missing or of the wrong type
  kNotFound,       // a deck or card that does not exist
  kInvalidInput,   // a deck file or import that is malformed; nothing was changed
  kConflict,       // the request does not fit the current state (e.g. card not due)
  kStorage,        // SQLite failed
  kUnavailable,    // the daemon cannot be reached or is shutting down
  kBusy,           // another request holds the collection's writes (an import); try again
  kPermission,     // a file or directory with the wrong owner or permissions
  kInternal,       // a bug
  // The request's form does not allow it: a long request (an import, a backup, the optimizer)
  // sent in a batch or as a notification, which would run on the server's own thread.
  kInvalidRequest,
};

// The message is kept with its control characters escaped (core/escaped_text.hpp): what()
// is a C string, so a NUL from a client's value would cut it short, and it ends on a terminal.
class Error : public std::runtime_error {
 public:
  // Worded in English alone: a bug's or a library's message, or one no user reads.
  Error(ErrorCode code, const std::string& message)
      : std::runtime_error(escape_controls(message)), code_(code) {}
  Error(ErrorCode code, const BilingualMessage& message)
      : std::runtime_error(escape_controls(message.english)),
        japanese_(escape_controls(message.japanese)),
        code_(code) {}
  ErrorCode code() const noexcept { return code_; }
  // The message in Japanese, escaped as what() is; empty when it was worded in English alone.
  const std::string& japanese() const noexcept { return japanese_; }
  // what() and japanese(), the English standing in for a Japanese there is not: for an error
  // that passes this one's message on inside its own.
  BilingualMessage message() const {
    return {what(), japanese_.empty() ? std::string(what()) : japanese_};
  }

 private:
  std::string japanese_;
  ErrorCode code_;
};

// An error in an input file, naming where it is: "file:line: field: message", or
// "file:line:column: field: message" when the column is known.
class InputError : public Error {
 public:
  // `field` is a key of the file ("front", "#notetype"), the same in both languages.
  InputError(std::string file, int line, std::string field, const BilingualMessage& problem)
      : InputError(std::move(file), line, 0, same_in_both(std::move(field)), problem) {}
  InputError(std::string file, int line, int column, std::string field,
             const BilingualMessage& problem)
      : InputError(std::move(file), line, column, same_in_both(std::move(field)), problem) {}
  // `field` in words ("note type \"Basic\": card 7"), not a key of the file.
  InputError(std::string file, int line, int column, const BilingualMessage& field,
             const BilingualMessage& problem)
      : Error(ErrorCode::kInvalidInput,
              BilingualMessage{format(file, line, column, field.english, problem.english),
                               format(file, line, column, field.japanese, problem.japanese)}),
        file_(std::move(file)),
        line_(line),
        column_(line > 0 ? column : 0),
        field_(field),
        problem_(problem) {}
  const std::string& file() const noexcept { return file_; }
  int line() const noexcept { return line_; }      // 0 when the error concerns the whole file
  int column() const noexcept { return column_; }  // from 1, in code points; 0 when not known
  const std::string& field() const noexcept { return field_.english; }
  const BilingualMessage& field_message() const noexcept { return field_; }
  // The message without the file, place and field, for callers that show those their own way.
  const std::string& problem() const noexcept { return problem_.english; }
  const BilingualMessage& problem_message() const noexcept { return problem_; }

 private:
  static std::string format(const std::string& file, int line, int column, const std::string& field,
                            const std::string& message) {
    std::string text = file;
    if (line > 0) text += ":" + std::to_string(line);
    if (line > 0 && column > 0) text += ":" + std::to_string(column);
    text += ": ";
    if (!field.empty()) text += field + ": ";
    return text + message;
  }
  std::string file_;
  int line_;
  int column_;
  BilingualMessage field_;
  BilingualMessage problem_;
};

}  // namespace kioku
