// Media files are compared by content before a name is chosen, so a second import of the same
// package reuses every file; links (not renames) put them in place, so nothing is ever replaced.
#include "daemon/importers/anki_media_plan.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "core/anki_package_format.hpp"
#include "core/error.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

std::string file_content(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TemporaryFile::TemporaryFile(const std::string& directory, const std::string& name) {
  std::string pattern = directory + "/" + name + "-XXXXXX";
  descriptor_ = ::mkstemp(pattern.data());
  if (descriptor_ < 0) {
    throw Error(ErrorCode::kStorage,
                "cannot make a temporary file in " + directory + ": " + std::strerror(errno));
  }
  path_ = pattern;
}

TemporaryFile::~TemporaryFile() {
  if (descriptor_ >= 0) ::close(descriptor_);
  if (!path_.empty()) ::unlink(path_.c_str());
}

MediaPlan::MediaPlan(std::string directory, std::string package)
    : directory_(std::move(directory)), package_(std::move(package)) {}

MediaPlan::~MediaPlan() = default;

void MediaPlan::prepare(AnkiPackageReader& reader, const std::vector<AnkiMediaEntry>& entries) {
  if (entries.empty()) return;
  protocol::make_directories(directory_);
  for (const AnkiMediaEntry& entry : entries) {
    auto temporary = std::make_unique<TemporaryFile>(directory_, ".kioku-incoming");
    const AnkiPackageReader::Written written = reader.extract_media(entry, temporary->descriptor());
    const std::string content = file_content(temporary->path());
    std::string name = entry.name;
    const auto is_there = [&](const std::string& candidate) {
      // Planned in this import, or already in the folder.
      const auto planned = planned_.find(candidate);
      if (planned != planned_.end()) return planned->second == written.hash ? 1 : 2;
      struct stat info {};
      const std::string path = directory_ + "/" + candidate;
      if (::lstat(path.c_str(), &info) != 0) return 0;
      if (!S_ISREG(info.st_mode)) {
        throw InputError(package_, 0, "",
                         "media \"" + candidate + "\" would replace " + path +
                             ", which is a link or not a regular file; kioku leaves it");
      }
      return file_content(path) == content ? 1 : 2;
    };
    int state = is_there(name);
    if (state == 2) {
      name = anki_media_renamed(entry.name, written.hash);
      state = is_there(name);
      if (state == 2) {
        throw InputError(package_, 0, "",
                         "media \"" + entry.name + "\" cannot be renamed: " + name +
                             " is there with other content");
      }
    }
    ++media_;
    if (name != entry.name) renamed_[entry.name] = name;
    if (state == 1) continue;  // the same file is there
    planned_[name] = written.hash;
    planned_files_.push_back({std::move(temporary), directory_ + "/" + name});
  }
}

std::string MediaPlan::rewrite(std::string text) const {
  for (const auto& [from, to] : renamed_) {
    for (const std::string& form :
         {"src=\"" + from + "\"", "src='" + from + "'", "[sound:" + from + "]"}) {
      std::string replacement = form;
      replacement.replace(replacement.find(from), from.size(), to);
      for (std::size_t at = text.find(form); at != std::string::npos;
           at = text.find(form, at + replacement.size())) {
        text.replace(at, form.size(), replacement);
      }
    }
  }
  return text;
}

void MediaPlan::commit() {
  for (Planned& file : planned_files_) {
    if (::link(file.temporary->path().c_str(), file.final_path.c_str()) != 0 && errno != EEXIST) {
      throw Error(ErrorCode::kStorage,
                  "cannot write media " + file.final_path + ": " + std::strerror(errno));
    }
  }
}

}  // namespace kioku::daemon
