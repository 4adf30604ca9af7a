// The one exception type of kioku's layers; the daemon's dispatcher and the CLI's main turn it
// into a JSON-RPC error or one line on stderr.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

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
  Error(ErrorCode code, const std::string& message)
      : std::runtime_error(escape_controls(message)), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

// An error in an input file, naming where it is: "file:line: field: message", or
// "file:line:column: field: message" when the column is known.
class InputError : public Error {
 public:
  InputError(std::string file, int line, std::string field, const std::string& message)
      : InputError(std::move(file), line, 0, std::move(field), message) {}
  InputError(std::string file, int line, int column, std::string field, const std::string& message)
      : Error(ErrorCode::kInvalidInput, format(file, line, column, field, message)),
        file_(std::move(file)),
        line_(line),
        column_(line > 0 ? column : 0),
        field_(std::move(field)),
        problem_(message) {}
  const std::string& file() const noexcept { return file_; }
  int line() const noexcept { return line_; }      // 0 when the error concerns the whole file
  int column() const noexcept { return column_; }  // from 1, in code points; 0 when not known
  const std::string& field() const noexcept { return field_; }
  // The message without the file, place and field, for callers that show those their own way.
  const std::string& problem() const noexcept { return problem_; }

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
  std::string field_;
  std::string problem_;
};

}  // namespace kioku
