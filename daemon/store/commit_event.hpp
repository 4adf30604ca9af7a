// What a commit made durable, for the listeners called after it (GroupCommit::add_listener):
// the hook for events such as the due counts having changed (`kioku due --watch`, reminders).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace kioku::daemon {

enum class WriteKind {
  kAnswer,   // Collection::record_answer
  kImport,   // Collection::import_deck
  kOther,    // a handler's own Collection::write that does not say what it is
  kRebuild,  // doctor.rebuild, a deck's new scheduler: replays on the worker's connection
  kRestore,  // collection.restore: the whole collection copied in on the worker's connection
};

// One write (one request's, usually) in the commit. 0 for a deck or card it does not name:
// unknown, or more than one.
struct Write {
  WriteKind kind = WriteKind::kOther;
  std::int64_t deck = 0;
  std::int64_t card = 0;
  bool operator==(const Write&) const = default;
};

struct CommitEvent {
  std::vector<Write> writes;  // in the order they were made
};

// Called on the daemon's thread once the commit has returned; must not throw.
using CommitListener = std::function<void(const CommitEvent&)>;

}  // namespace kioku::daemon
