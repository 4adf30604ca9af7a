// The collection at one moment, read through a connection of its own on the server's worker
// (doctor.check): whatever the server's connection commits meanwhile, every read sees the file
// as it was at the first, so a card's stored state and its log are compared as one.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "daemon/store/collection.hpp"
#include "daemon/store/integrity.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// Opens `path` read-only and begins one read transaction, which the destructor ends. Used on
// one thread; not thread-safe. Throws sqlite::SqliteError when the file cannot be opened.
class CollectionSnapshot {
 public:
  explicit CollectionSnapshot(const std::string& path);
  ~CollectionSnapshot();
  CollectionSnapshot(const CollectionSnapshot&) = delete;
  CollectionSnapshot& operator=(const CollectionSnapshot&) = delete;

  // check_integrity() (integrity.hpp) of the file at the snapshot, stopped once `keep_going`,
  // called from another thread while it runs, throws what this then throws
  // (interruptible_call.hpp).
  IntegrityReport check_integrity(int most_problems, const std::function<void()>& keep_going);
  // The collection's reads at the snapshot, made at the first call: its statements are
  // prepared then, which a damaged schema refuses (sqlite::SqliteError), so ask for it only
  // once the file has passed the check.
  Collection& collection();

 private:
  std::unique_ptr<sqlite::Database> database_;
  std::unique_ptr<Collection> collection_;
};

}  // namespace kioku::daemon
