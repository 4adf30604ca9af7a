// Where an Anki package's media files go (docs/anki-import.md, "Media"): each expanded into a
// temporary file in the media folder, its place decided (its own name, the same content reused,
// or Anki's renamed form for other content), and linked into place only once the notes' write
// is done. Every temporary file is removed whatever happens.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "daemon/importers/anki_package_reader.hpp"

namespace kioku::daemon {

// A private file made with mkstemp in `directory`, removed when this goes.
class TemporaryFile {
 public:
  // Throws kioku::Error (kStorage) when the file cannot be made.
  TemporaryFile(const std::string& directory, const std::string& name);
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  int descriptor() const noexcept { return descriptor_; }
  const std::string& path() const noexcept { return path_; }
  // Closes the descriptor once the file is written; the file stays until destruction. A plan
  // holds one file per new media entry, and a descriptor each would run past the daemon's
  // budget on a deck with a thousand images.
  void close_descriptor() noexcept;

 private:
  int descriptor_ = -1;
  std::string path_;
};

class MediaPlan {
 public:
  // `directory` is the media folder; `package` names the package in errors. The files are
  // expanded into `staging` (the media folder when empty, which prepare() then makes): a dry run
  // stages them in the data directory, which exists, so that it makes no media folder and leaves
  // nothing behind (its plan is never committed).
  MediaPlan(std::string directory, std::string package, std::string staging = "");
  ~MediaPlan();

  // Expands every entry of the map into a temporary file and decides its name: its own, or
  // Anki's renamed form when a file of that name has other content; none when the same content
  // is there already. Throws kioku::InputError naming the package when a place is a link or
  // not a regular file.
  void prepare(AnkiPackageReader& reader, const std::vector<AnkiMediaEntry>& entries);
  // Note text with references (src="...", src='...', [sound:...]) to renamed files following
  // them.
  std::string rewrite(std::string text) const;
  // Links each new file into its place (never over a file that came meanwhile).
  void commit();
  int media() const noexcept { return media_; }

 private:
  struct Planned {
    std::unique_ptr<TemporaryFile> temporary;
    std::string final_path;
  };
  std::string directory_;
  std::string package_;
  std::string staging_;  // where files are expanded: the media folder unless given
  std::map<std::string, std::uint64_t> planned_;  // name -> content hash
  std::vector<Planned> planned_files_;
  std::map<std::string, std::string> renamed_;
  int media_ = 0;
};

}  // namespace kioku::daemon
