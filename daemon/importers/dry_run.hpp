// How an import's --dry-run undoes itself: the import runs in its write as it would, then throws
// this, which write() answers by rolling the write back (GroupCommit::write undoes a body that
// throws a std::exception); the importer catches it and returns its counts.
#pragma once

#include <exception>
#include <functional>

#include "daemon/store/collection.hpp"

namespace kioku::daemon {

class DryRunUndo : public std::exception {
 public:
  const char* what() const noexcept override { return "dry run: rolled back"; }
};

// `body` in one write of `collection`, as `what`; with `dry_run`, rolled back once it is done.
inline void write_or_dry_run(Collection& collection, const Write& what, bool dry_run,
                             const std::function<void()>& body) {
  if (!dry_run) return collection.write(what, body);
  try {
    collection.write(what, [&] {
      body();
      throw DryRunUndo();
    });
  } catch (const DryRunUndo&) {
    // Rolled back, as asked: what the body counted says what the import would have done.
  }
}

}  // namespace kioku::daemon
