// A request that reads the whole collection at length (doctor.check, deck.export): read on the
// worker through a snapshot of its own, so that the other clients are served meanwhile
// (docs/architecture.md, "Work that would hold up every client").
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "core/work_progress.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/collection_snapshot.hpp"

namespace kioku::daemon {

// What such a request reads: a snapshot of the file on the worker, the context's collection
// when it runs at once.
class CollectionReads {
 public:
  explicit CollectionReads(Collection& collection) : collection_(&collection) {}
  explicit CollectionReads(const std::string& path) { snapshot_.emplace(path); }

  // On the worker, SQLite's check asks `progress` every 100 ms whether to go on (a client
  // gone stops it); it tells no fraction, which SQLite does not give.
  IntegrityReport check_integrity(int most_problems, const ProgressReport& progress) {
    if (!snapshot_) return collection_->check_integrity(most_problems);
    return snapshot_->check_integrity(most_problems, [&] { progress(WorkStage::kChecking, 0, 1); });
  }
  // A snapshot's statements are prepared at the first call, which a damaged schema refuses: ask
  // for it once the file has passed check_integrity (collection_snapshot.hpp).
  Collection& collection() { return snapshot_ ? snapshot_->collection() : *collection_; }

 private:
  Collection* collection_ = nullptr;
  std::optional<CollectionSnapshot> snapshot_;
};

// Answers the request with what `work(reads, progress)` returns. On the worker when the request
// may be answered later, through a CollectionSnapshot: every read sees the file as it was at the
// first, whatever is answered meanwhile. In a batch or as a notification it is refused
// (refuse_long_request_here); in-process, or on a collection with no file of its own
// (":memory:"), it runs at once on the context's collection and tells no progress. `work` must
// touch nothing of the context.
template <class Result, class Work>
Result read_on_worker(MethodContext& context, Work work, bool notify_progress = false) {
  refuse_long_request_here(context);
  if (!context.may_answer_later || !context.collection_on_disk()) {
    CollectionReads reads(context.collection);
    return work(reads, ProgressReport{});
  }
  return answer_later<Result>(
      context,
      [path = context.collection_path, work = std::move(work)](const ProgressReport& progress) {
        CollectionReads reads(path);
        return work(reads, progress);
      },
      notify_progress);
}

}  // namespace kioku::daemon
