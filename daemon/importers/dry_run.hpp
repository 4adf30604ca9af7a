// How an import's --dry-run undoes itself: the import runs in its write as it would, then throws
// this, which write() answers by rolling the write back (GroupCommit::write undoes a body that
// throws a std::exception); the importer catches it and returns its counts.
#pragma once

#include <exception>

namespace kioku::daemon {

class DryRunUndo : public std::exception {
 public:
  const char* what() const noexcept override { return "dry run: rolled back"; }
};

}  // namespace kioku::daemon
