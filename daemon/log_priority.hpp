// The priority of each kiokud log line. Every line on stderr starts with one of the manipulators
//   std::cerr << log_warning << "kiokud: warning: ..." << '\n';
// which write nothing, unless stderr is the journal: then they write sd-daemon's prefix (<3>
// error, <4> warning, <6> info), which journald reads as the line's priority, so that
// `journalctl -p warning` finds kiokud's warnings. Header-only and standard C++ alone, so that
// every layer of the daemon can log through it without an arrow pointing outward.
#pragma once

#include <ios>
#include <ostream>

namespace kioku::daemon {

namespace log_detail {

// The slot in a stream's own storage (iword) that says whether its lines carry the prefixes:
// state of the stream, not a global of ours.
inline int prefix_slot() {
  static const int slot = std::ios_base::xalloc();
  return slot;
}

inline std::ostream& prefix(std::ostream& stream, const char* priority) {
  if (stream.iword(prefix_slot()) != 0) stream << priority;
  return stream;
}

}  // namespace log_detail

// From now on, lines written to `stream` carry their priority prefix (kiokud calls this on
// std::cerr at start-up when stderr is the journal).
inline void write_priority_prefixes(std::ostream& stream) {
  stream.iword(log_detail::prefix_slot()) = 1;
}

// Something failed: a start that cannot go on, a commit, a session ended by an error.
inline std::ostream& log_error(std::ostream& stream) {
  return log_detail::prefix(stream, "<3>");
}
// kiokud goes on, but something needs the user's eye.
inline std::ostream& log_warning(std::ostream& stream) {
  return log_detail::prefix(stream, "<4>");
}
// What kiokud did: listening, stopped, imported, migrated.
inline std::ostream& log_info(std::ostream& stream) {
  return log_detail::prefix(stream, "<6>");
}

}  // namespace kioku::daemon
