// One daemon per collection: an exclusive advisory lock on a file beside the collection, held
// for the daemon's lifetime and released by the kernel even after kill -9.
#pragma once

#include <string>

namespace kioku::daemon {

class CollectionLock {
 public:
  // Takes the lock at `lock_path` and writes our pid into it. Throws kioku::Error (kConflict)
  // naming the other daemon's pid when it is held.
  CollectionLock(const std::string& lock_path, const std::string& collection_path);
  ~CollectionLock();
  CollectionLock(const CollectionLock&) = delete;
  CollectionLock& operator=(const CollectionLock&) = delete;

 private:
  int descriptor_ = -1;
};

}  // namespace kioku::daemon
