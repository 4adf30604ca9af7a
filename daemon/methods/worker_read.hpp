// A request that reads the collection at length (doctor.check, deck.export, note.find): read off
// the server's thread through a snapshot of its own, so that the other clients are served
// meanwhile (docs/architecture.md, "Work that would hold up every client").
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "core/work_progress.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/collection_snapshot.hpp"

namespace kioku::daemon {

// What such a request reads: a snapshot of the file off the server's thread, the context's
// collection when it runs at once.
class CollectionReads {
 public:
  explicit CollectionReads(Collection& collection) : collection_(&collection) {}
  explicit CollectionReads(const std::string& path) { snapshot_.emplace(path); }

  // Off the server's thread, SQLite's check asks `progress` every 100 ms whether to go on (a client
  // gone stops it); it tells no fraction, which SQLite does not give.
  IntegrityReport check_integrity(int most_problems, const ProgressReport& progress) {
    if (!snapshot_) return collection_->check_integrity(most_problems);
    return snapshot_->check_integrity(most_problems, [&] { progress(WorkStage::kChecking, 0, 1); });
  }
  // What `read()` returns, stopped off the server's thread once its client has gone: `progress`
  // is asked every `interval` from another thread, and once it throws (the work cancelled) the
  // statement running is interrupted and that is thrown here. A search of every note's text
  // ran to its end, 0.7 s on a million, for a client that had hung up.
  template <class Read>
  auto stoppable(const ProgressReport& progress, Read read,
                 std::chrono::milliseconds interval = std::chrono::milliseconds(100)) {
    if (!snapshot_) return read();
    std::optional<decltype(read())> result;
    snapshot_->run_stoppable([&] { result.emplace(read()); },
                             [&] { progress(WorkStage::kReading, 0, 1); }, interval);
    return std::move(*result);
  }
  // A snapshot's statements are prepared at the first call, which a damaged schema refuses: ask
  // for it once the file has passed check_integrity (collection_snapshot.hpp).
  Collection& collection() { return snapshot_ ? snapshot_->collection() : *collection_; }

 private:
  Collection* collection_ = nullptr;
  std::optional<CollectionSnapshot> snapshot_;
};

// Answers the request with what `work(reads, progress)` returns: off the server's thread when
// the request may be answered later, through a CollectionSnapshot (every read sees the file as
// it was at the first, whatever is answered meanwhile); otherwise (in-process, on a collection
// with no file of its own, ":memory:", or in a batch or as a notification over a socket) at
// once on the context's collection, telling no progress. `work` must touch nothing of the
// context. `reads_only`: on the readers' thread (LaterWork::reads_only) rather than the worker.
template <class Result, class Work>
Result read_off_thread(MethodContext& context, Work work, bool notify_progress, bool reads_only) {
  if (!context.may_answer_later || !context.collection_on_disk()) {
    CollectionReads reads(context.collection);
    return work(reads, ProgressReport{});
  }
  Result result = answer_later<Result>(
      context,
      [path = context.collection_path, work = std::move(work)](const ProgressReport& progress) {
        CollectionReads reads(path);
        return work(reads, progress);
      },
      notify_progress);
  context.later.reads_only = reads_only;
  return result;
}

// A read of the whole collection (doctor.check, deck.export), on the worker after what waits
// there: in a batch or as a notification it is refused (refuse_long_request_here).
template <class Result, class Work>
Result read_on_worker(MethodContext& context, Work work, bool notify_progress = false) {
  refuse_long_request_here(context);
  return read_off_thread<Result>(context, std::move(work), notify_progress, false);
}

// A read that may take long but is asked for often and alone (note.find's search of every
// note): on the readers' thread, beside an import on the worker; in a batch, at once.
template <class Result, class Work>
Result read_beside(MethodContext& context, Work work) {
  return read_off_thread<Result>(context, std::move(work), false, true);
}

}  // namespace kioku::daemon
