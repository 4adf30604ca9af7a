// A request that writes the collection at length (an import, doctor.rebuild, a deck's new
// scheduler and the replay of its cards): written on the worker through a connection of its
// own, with every other write refused meanwhile (docs/architecture.md, "Work that would hold up
// every client").
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "core/bilingual_message.hpp"
#include "core/work_progress.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/collection_connection.hpp"

namespace kioku::daemon {

// What a write on the worker is told of the daemon as it starts: read on the server's thread
// when the worker takes it up, not when it was queued, since the day's start hour (config.set)
// may change while it waits behind other work, and roll-ups refilled on the calendar of before
// would stay wrong until kiokud starts again.
struct WorkerStart {
  DayCalendar calendar;
  TimestampMs now = 0;
  // The clients connected then, the one asking included (MethodContext::connected_clients): a
  // restore refuses to swap the collection under others that connected while it waited.
  std::size_t connected_clients = 0;
};

// Answers the request with what `work(collection, start, progress)` returns. `work` runs on the
// worker with a Collection over a connection of its own when the request may be answered later; its
// writes land with its transaction's commit, and SQLite's WAL lets the server's connection read
// the collection as it was until then. While it runs (not while it waits behind other work on
// the worker) every write on the server's connection is refused with kBusy and `busy` (the
// worker's transaction holds SQLite's write lock: such a write would wait for it, and every
// client behind it); once the work has ended, however it ended, writes are taken again and
// `what` is announced to the commit listeners (the due watchers, the WAL's checkpoints). Throws
// kBusy first when another such write runs, and refuses the request in a batch or as a
// notification (refuse_long_request_here); in-process it runs at once on the context's
// collection. `work` must touch nothing of the context, and must read again, in its own
// transaction, whatever the handler read: writes are taken until it starts.
template <class Result, class Work>
Result write_on_worker(MethodContext& context, const Write& what, BilingualMessage busy, Work work,
                       bool notify_progress = false) {
  GroupCommit& writes = context.collection.group_commit();
  writes.check_writable();
  refuse_long_request_here(context);
  auto start = std::make_shared<WorkerStart>(
      WorkerStart{context.calendar, context.clock.now(), context.connected_clients()});
  // In-process, or a collection with no file of its own (":memory:"): at once.
  if (!context.may_answer_later || !context.collection_on_disk()) {
    return work(context.collection, *start, ProgressReport{});
  }
  const std::string& path = context.collection_path;
  Result result = answer_later<Result>(
      context,
      [path, start, work = std::move(work)](const ProgressReport& progress) mutable {
        CollectionConnection connection(path);
        return work(connection.collection(), *start, progress);
      },
      notify_progress);
  // From when the worker takes the work up, not while it waits there behind other work (a
  // check, an export, a fit): refused meanwhile, an answer would wait for nothing. The server's
  // thread runs `started` (the worker waits for it, so the work reads `start` after it) and,
  // once the work has ended however it ended, `finished`. The context is the server's, which
  // outlives every work it queues.
  context.later.started = [&writes, &context, start, busy = std::move(busy)] {
    writes.refuse_writes(busy);
    start->calendar = context.calendar;
    start->now = context.clock.now();
    start->connected_clients = context.connected_clients();
  };
  // The listeners hear of the write however it ended (landed, failed after its commit, rolled
  // back): those that count again find nothing new when nothing landed.
  context.later.finished = [&writes, what] {
    writes.accept_writes();
    writes.announce_outside_write(what);
  };
  return result;
}

}  // namespace kioku::daemon
