// The temporary files a package import (or export) makes in kiokud's data directory and its media
// folder, named here once: the importer makes them by these names, and kiokud's start removes the
// ones a killed import left behind (remove_stale_import_files), by the same names and nothing else.
#pragma once

#include <string>
#include <string_view>

namespace kioku::daemon {

// The expanded collection, in the data directory; mkstemp adds "-XXXXXX".
inline constexpr std::string_view kAnkiCollectionTemporary = ".kioku-anki-collection";
// A media file on its way into the media folder (or, for a dry run, the data directory).
inline constexpr std::string_view kIncomingMediaTemporary = ".kioku-incoming";
// An export's package (docs/export.md): its collection, and the zip before it is copied out.
inline constexpr std::string_view kAnkiExportCollectionTemporary = ".kioku-export-collection";
inline constexpr std::string_view kAnkiExportPackageTemporary = ".kioku-export-package";

// Whether `name` is one of those names as mkstemp makes them: a prefix, '-', and six letters
// or digits; for the export's package also the file an older kiokud's libzip wrote beside it,
// that name and ".XXXXXX".
// Pure.
bool is_import_temporary_name(std::string_view name);

// Removes the regular files of such names from `data_directory` and its media folder: only
// there, only those names, never a link, a directory or anything else. Called at start-up with
// the collection's lock held, so no import of another kiokud can be making them. Returns how
// many it removed; a file it cannot remove is left (and counted out).
int remove_stale_import_files(const std::string& data_directory);

}  // namespace kioku::daemon
