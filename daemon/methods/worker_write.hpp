// A request that writes the collection at length (an import, doctor.rebuild, a deck's new
// scheduler and the replay of its cards): written on the worker through a connection of its
// own, with every other write refused meanwhile (docs/architecture.md, "Work that would hold up
// every client").
#pragma once

#include <string>
#include <utility>

#include "core/work_progress.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/collection_connection.hpp"

namespace kioku::daemon {

// Answers the request with what `work(collection, progress)` returns. `work` runs on the worker
// with a Collection over a connection of its own when the request may be answered later; its
// writes land with its transaction's commit, and SQLite's WAL lets the server's connection read
// the collection as it was until then. Meanwhile every write on the server's connection is
// refused with kBusy and `busy` (the worker's transaction holds SQLite's write lock: such a
// write would wait for it, and every client behind it); once the work has ended, however it
// ended, writes are taken again and `what` is announced to the commit listeners (the due
// watchers, the WAL's checkpoints). Throws kBusy first when another such write is under way, and
// refuses the request in a batch or as a notification (refuse_long_request_here); in-process it
// runs at once on the context's collection. `work` must touch nothing of the context.
template <class Result, class Work>
Result write_on_worker(MethodContext& context, const Write& what, std::string busy, Work work,
                       bool notify_progress = false) {
  GroupCommit& writes = context.collection.group_commit();
  writes.check_writable();
  refuse_long_request_here(context);
  const std::string& path = context.collection_path;
  // A collection with no file of its own (":memory:", in-process) has no second connection.
  if (!context.may_answer_later || path.empty() || path.front() != '/') {
    return work(context.collection, ProgressReport{});
  }
  Result result = answer_later<Result>(
      context,
      [path, work = std::move(work)](const ProgressReport& progress) mutable {
        CollectionConnection connection(path);
        return work(connection.collection(), progress);
      },
      notify_progress);
  // Set before the refusal below, so that nothing between the two can leave writes refused for
  // good. The listeners hear of the write however it ended (landed, failed after its commit,
  // rolled back): those that count again find nothing new when nothing landed.
  context.later.finished = [&writes, what] {
    writes.accept_writes();
    writes.announce_outside_write(what);
  };
  // A group the server has open still commits before the worker's transaction begins, which
  // waits for it.
  writes.refuse_writes(std::move(busy));
  return result;
}

}  // namespace kioku::daemon
