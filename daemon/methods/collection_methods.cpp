// collection.*: kioku backup and kioku restore (docs/backup.md). A backup runs beside the
// server's thread on a connection of its own, so a large one holds up no other client; so does a
// restore, with every write refused meanwhile, as an import's.
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "core/error.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/path_parameter.hpp"
#include "daemon/methods/worker_write.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/backup_listing.hpp"
#include "daemon/store/restore.hpp"
#include "protocol/methods.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// The size of the file at `path`; 0 when it cannot be read.
std::int64_t file_bytes(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? static_cast<std::int64_t>(info.st_size) : 0;
}

// A backup's pages copied, told to `progress` as `stage`.
BackupCopied told_as(const ProgressReport& progress, WorkStage stage) {
  return [progress, stage](int pages, int total) {
    progress(stage, static_cast<std::size_t>(pages), static_cast<std::size_t>(total));
  };
}

std::string backups_directory(const MethodContext& context) {
  return daemon::backups_directory(protocol::parent_directory(context.collection_path));
}

protocol::CollectionBackupResult to_result(const BackupFile& written) {
  return protocol::CollectionBackupResult{.path = written.path,
                                          .bytes = written.bytes,
                                          .cards = written.counts.cards,
                                          .notes = written.counts.notes,
                                          .reviews = written.counts.reviews};
}

protocol::CollectionBackupResult backup(const protocol::CollectionBackupParams& params,
                                        MethodContext& context) {
  const std::string collection = context.collection_path;
  // Refused in a batch before anything else is looked at, as the other long requests are.
  refuse_long_request_here(context);
  const bool replace = params.force.value_or(false);
  std::string file;
  if (params.file) {
    file = absolute_path_parameter(*params.file, "file");
    refuse_collection_destination(collection, file);
    // Refused at once, before any work; the link at the end refuses a file made meanwhile.
    if (!replace && ::access(file.c_str(), F_OK) == 0) {
      throw Error(ErrorCode::kConflict,
                  bilingual("{file} already exists; name another file, or use --force to replace "
                            "it",
                            "{file} はすでにあります。別のファイルを指定するか、置き換えるなら "
                            "--force を使ってください",
                            {{"file", file}}));
    }
  }
  const std::string directory = backups_directory(context);
  const TimestampMs now = context.clock.now();
  // The committed collection: answers whose responses are held for the group's commit are not
  // acknowledged yet, and a backup that leaves them out loses nothing acknowledged. Told as the
  // share of its pages copied; a client that leaves stops it, and nothing of it is left.
  return answer_later<protocol::CollectionBackupResult>(
      context,
      [=](const ProgressReport& progress) {
        progress(WorkStage::kBackingUp, 0, 1);
        const BackupCopied copied = told_as(progress, WorkStage::kBackingUp);
        return to_result(
            file.empty() ? backup_into_directory(collection, directory, "collection", now, copied)
                         : backup_collection_file(collection, file, replace, copied));
      },
      params.progress.value_or(false));
}

// Refuses the restore of `file` unless `force` while `connected` clients (the one asking
// included) are more than one: another would find its cards changed under it.
void refuse_beside_others(std::size_t connected, bool force, const std::string& file) {
  if (force || connected <= 1) return;
  const std::size_t others = connected - 1;
  const std::string count = std::to_string(others);
  throw Error(ErrorCode::kConflict,
              others == 1
                  ? bilingual("{count} other client is connected to kiokud (a review, an "
                              "import...); close it or use --force to restore {file} anyway",
                              "ほかに {count} 個のクライアントが kiokud "
                              "に接続しています（復習、取り込みなど）。それを閉じるか、--force "
                              "を付けてそれでも {file} を復元してください",
                              {{"count", count}, {"file", file}})
                  : bilingual("{count} other clients are connected to kiokud (a review, an "
                              "import...); close them or use --force to restore {file} anyway",
                              "ほかに {count} 個のクライアントが kiokud "
                              "に接続しています（復習、取り込みなど）。それらを閉じるか、--force "
                              "を付けてそれでも {file} を復元してください",
                              {{"count", count}, {"file", file}}));
}

protocol::CollectionRestoreResult restore(const protocol::CollectionRestoreParams& params,
                                          MethodContext& context) {
  const std::string file = absolute_path_parameter(params.file, "file");
  const bool force = params.force.value_or(false);
  const std::string collection_path = context.collection_path;
  const std::string directory = backups_directory(context);
  // On the worker: the file's checks and the copies take seconds on a large collection, and the
  // other clients (forced) are served meanwhile from the collection as it was, their writes
  // refused, until the copy's one commit puts the new one in place for all of them at once.
  protocol::CollectionRestoreResult result = write_on_worker<protocol::CollectionRestoreResult>(
      context, Write{WriteKind::kRestore},
      bilingual("the collection is busy: kioku restore is putting {file} in its place; nothing "
                "was changed, try again when it ends",
                "コレクションは使用中です: kioku restore が {file} "
                "でコレクションを置き換えています。何も変更していません。終わってからもう一度試して"
                "ください",
                {{"file", file}}),
      [file, collection_path, directory, force](Collection& collection, const WorkerStart& start,
                                                const ProgressReport& progress) {
        // Counted as the work starts, not when it was asked: it may wait on the worker behind
        // other work, and a review that connected meanwhile must not find its collection
        // swapped unasked.
        refuse_beside_others(start.connected_clients, force, file);
        // Two stages, each from 0 to 1: the file's check, then the rest.
        progress(WorkStage::kChecking, 0, 1);
        const RestorableFile checked = check_restorable(file, progress);
        progress(WorkStage::kChecking, 1, 1);
        // Writes begun on the server's connection before this work started (answers whose
        // responses wait for the group's commit) land first, so that the copy kept holds every
        // answer acknowledged before the restore wrote over it.
        collection.wait_for_other_writers();
        // Told as the stage starts: a client gone meanwhile stops the restore before its copy.
        progress(WorkStage::kRestoring, 0, 1);
        // The copy kept is about the collection's size in work, and the rest three times the
        // file's (restore.hpp): its share of the stage, told as it copies.
        // The file and its WAL: committed pages not yet checkpointed are copied too.
        const std::int64_t kept_bytes =
            file_bytes(collection_path) + file_bytes(collection_path + "-wal");
        const std::int64_t work = kept_bytes + 3 * checked.bytes;
        const double kept_share =
            work > 0 ? static_cast<double>(kept_bytes) / static_cast<double>(work) : 0.0;
        const BackupFile kept =
            backup_into_directory(collection_path, directory, "before-restore", start.now,
                                  told_as(progress.part(0.0, kept_share), WorkStage::kRestoring));
        try {
          collection.replace_with(file, restore_staging_path(collection_path), start.now,
                                  start.calendar, progress.part(kept_share, 1.0));
        } catch (...) {
          // Refused (the staged copy's checks come before anything is copied in), stopped or
          // failed (the copy in is one transaction, rolled back): the collection is as it was,
          // and a copy of it kept at each such end would only pile up.
          ::unlink(kept.path.c_str());
          throw;
        }
        const CollectionCounts counts = collection.counts();
        return protocol::CollectionRestoreResult{.file = file,
                                                 .schema_version = checked.schema_version,
                                                 .kept = kept.path,
                                                 .cards = counts.cards,
                                                 .notes = counts.notes,
                                                 .reviews = counts.reviews};
      },
      params.progress.value_or(false));
  // Answered later: the server's connection kept rows the worker's connection replaced.
  if (context.later.finished) {
    context.later.finished = [&collection = context.collection,
                              then = std::move(context.later.finished)] {
      collection.forget_kept();
      then();
    };
  }
  return result;
}

protocol::CollectionBackupsResult backups(const protocol::NoParams&, MethodContext& context) {
  const std::string directory = backups_directory(context);
  // On the worker, after the automatic backup kiokud may have handed it (DailyBackup): a list
  // asked for after an answer shows that answer's day's backup, with no waiting in the client.
  return answer_later<protocol::CollectionBackupsResult>(context, [directory] {
    protocol::CollectionBackupsResult result{.directory = directory, .backups = {}};
    for (const ListedBackup& backup : list_backups(directory)) {
      result.backups.push_back(
          protocol::BackupEntry{.path = backup.path,
                                .name = backup.name,
                                .kind = std::string(backup_kind_name(backup.kind)),
                                .time = backup.time,
                                .bytes = backup.bytes});
    }
    return result;
  });
}

}  // namespace

std::vector<Method> collection_methods() {
  return {method_row(protocol::kCollectionBackup, backup),
          method_row(protocol::kCollectionBackups, backups),
          method_row(protocol::kCollectionRestore, restore)};
}

}  // namespace kioku::daemon
