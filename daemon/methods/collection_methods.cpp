// collection.*: kioku backup and kioku restore (docs/backup.md). A backup runs beside the
// server's thread on a connection of its own, so a large one holds up no other client; a
// restore runs on the server's thread, since every client must see the collection it brings.
#include <unistd.h>

#include <string>

#include "core/error.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/backup_listing.hpp"
#include "daemon/store/restore.hpp"
#include "protocol/methods.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

std::string backups_directory(const MethodContext& context) {
  return daemon::backups_directory(protocol::parent_directory(context.collection_path));
}

// A path the daemon can use as the client meant it: the client's working directory is not
// kiokud's.
const std::string& absolute_path(const std::string& path, const char* parameter) {
  if (path.empty() || path.front() != '/') {
    throw Error(ErrorCode::kInvalidParams,
                std::string(parameter) + " must be an absolute path, not '" + path + "'");
  }
  return path;
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
    file = absolute_path(*params.file, "file");
    refuse_collection_destination(collection, file);
    // Refused at once, before any work; the link at the end refuses a file made meanwhile.
    if (!replace && ::access(file.c_str(), F_OK) == 0) {
      throw Error(ErrorCode::kConflict,
                  file + " already exists; name another file, or use --force to replace it");
    }
  }
  const std::string directory = backups_directory(context);
  const TimestampMs now = context.clock.now();
  // The committed collection: answers whose responses are held for the group's commit are not
  // acknowledged yet, and a backup that leaves them out loses nothing acknowledged.
  return answer_later<protocol::CollectionBackupResult>(context, [=] {
    return to_result(file.empty() ? backup_into_directory(collection, directory, "collection", now)
                                  : backup_collection_file(collection, file, replace));
  });
}

protocol::CollectionRestoreResult restore(const protocol::CollectionRestoreParams& params,
                                          MethodContext& context) {
  const std::string& file = absolute_path(params.file, "file");
  // Refused at once while an import writes (kBusy), before the file is read or the collection
  // backed up.
  context.collection.group_commit().check_writable();
  const int version = check_restorable(file);
  const std::size_t connected = context.connected_clients();
  if (!params.force.value_or(false) && connected > 1) {
    const std::size_t others = connected - 1;
    throw Error(ErrorCode::kConflict,
                std::to_string(others) + (others == 1 ? " other client is" : " other clients are") +
                    " connected to kiokud (a review, an import...); close " +
                    (others == 1 ? "it" : "them") + " or use --force to restore " + file +
                    " anyway");
  }
  const TimestampMs now = context.clock.now();
  // The collection it replaces is kept first: should that fail, nothing has changed. Answers
  // whose responses wait for the group's commit are made durable before, or the copy kept would
  // lack them and the restore would write over them, once acknowledged.
  context.collection.group_commit().commit();
  const BackupFile kept = backup_into_directory(context.collection_path, backups_directory(context),
                                                "before-restore", now);
  try {
    context.collection.replace_with(file, context.collection_path + ".restoring", now,
                                    context.calendar);
  } catch (const Error& error) {
    // Refused (the staged copy's checks come before anything is copied in): the collection is as
    // it was, and a copy of it kept at each refusal would only pile up.
    if (error.code() == ErrorCode::kInvalidInput) ::unlink(kept.path.c_str());
    throw;
  }
  const CollectionCounts counts = context.collection.counts();
  return protocol::CollectionRestoreResult{.file = file,
                                           .schema_version = version,
                                           .kept = kept.path,
                                           .cards = counts.cards,
                                           .notes = counts.notes,
                                           .reviews = counts.reviews};
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
