// The review history that `kioku sched replay`, `sched optimize` and `sched evaluate` read, one
// JSON object a line (docs/scheduling.md "Replay"), checked line by line: one reader, so the
// three commands accept and refuse the same lines with the same words.
#pragma once

#include <string>
#include <string_view>

#include "cli/line_reader.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/replay_line.hpp"
#include "core/deck_options.hpp"
#include "core/replay.hpp"

namespace kioku::cli {

// One line read. The views are valid until the next call to next().
struct HistoryLine {
  std::string_view card;
  std::string_view time;  // as given
  PastAnswer answer;
  bool plain = false;  // ReplayLine::plain: the strings need no escapes when written back
};

class HistoryReader {
 public:
  // Reads `descriptor` (not owned). `source` names the input in errors ("stdin" or the file's
  // name); `algorithm` decides whether a line may give a quality (sm2-classic) instead of a
  // rating.
  HistoryReader(int descriptor, std::string source, Algorithm algorithm,
                const std::string& language);

  // The next answer, blank lines and cram answers (`"kind": "cram"`) skipped; false at the end.
  // Throws kioku::InputError naming the source, the line and the field for a malformed line, naming
  // the line for one longer than LineReader::kMaxLineBytes, and the source alone for a failed read.
  bool next(HistoryLine& line);

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& message) const;
  // The next line that is not blank, as LineReader gives it, its errors made InputErrors.
  bool next_text(std::string_view& text);

  LineReader lines_;
  std::string source_;
  Algorithm algorithm_;
  const MaintenanceMessages& words_;
  std::string language_;  // words_'s
  ReplayLine fields_;
  int line_number_ = 0;
};

}  // namespace kioku::cli
