// A kill -9 during a package import leaves its temporary files: the collection is untouched (the
// write never committed), and the files are only kiokud's, so its next start takes them away.
#include "daemon/importers/import_temporary_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>

namespace kioku::daemon {

namespace {

// Six letters or digits, as mkstemp (and libzip's temporary names) fill "XXXXXX".
bool random_six(std::string_view text) {
  if (text.size() != 6) return false;
  for (const char c : text) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!letter && !(c >= '0' && c <= '9')) return false;
  }
  return true;
}

}  // namespace

bool is_import_temporary_name(std::string_view name) {
  for (const std::string_view prefix :
       {kAnkiCollectionTemporary, kIncomingMediaTemporary, kAnkiExportCollectionTemporary,
        kAnkiExportPackageTemporary}) {
    if (!name.starts_with(prefix) || name.size() < prefix.size() + 7 ||
        name[prefix.size()] != '-' || !random_six(name.substr(prefix.size() + 1, 6))) {
      continue;
    }
    const std::string_view rest = name.substr(prefix.size() + 7);
    if (rest.empty()) return true;
    // A kiokud before session 34 wrote the package through libzip, beside it under
    // "<name>.XXXXXX", renamed into place when zip_close ended: a kill -9 in between left that
    // one, which a later kiokud still takes.
    if (prefix == kAnkiExportPackageTemporary && rest.size() == 7 && rest[0] == '.' &&
        random_six(rest.substr(1))) {
      return true;
    }
  }
  return false;
}

namespace {

int remove_in(const std::string& directory) {
  const int descriptor = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (descriptor < 0) return 0;  // no such folder (no media yet): nothing left behind
  const std::unique_ptr<DIR, int (*)(DIR*)> listing(::fdopendir(descriptor), ::closedir);
  if (!listing) {
    ::close(descriptor);
    return 0;
  }
  int removed = 0;
  while (const dirent* entry = ::readdir(listing.get())) {
    if (!is_import_temporary_name(entry->d_name)) continue;
    struct stat info {};
    // By the directory's descriptor and without following a link: what is looked at is what
    // is removed.
    if (::fstatat(descriptor, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (!S_ISREG(info.st_mode) || info.st_uid != ::geteuid()) continue;
    if (::unlinkat(descriptor, entry->d_name, 0) == 0) ++removed;
  }
  return removed;
}

}  // namespace

int remove_stale_import_files(const std::string& data_directory) {
  return remove_in(data_directory) + remove_in(data_directory + "/media");
}

}  // namespace kioku::daemon
