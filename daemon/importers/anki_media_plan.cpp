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
#include <string_view>
#include <utility>

#include "core/anki_package_format.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "daemon/importers/import_temporary_files.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// Whether two files hold the same bytes, read side by side in chunks: a media file may be large,
// and neither is ever held whole.
bool same_content(const std::string& one, const std::string& other) {
  std::ifstream first(one, std::ios::binary);
  std::ifstream second(other, std::ios::binary);
  if (!first || !second) return false;
  char left[65536];
  char right[65536];
  while (true) {
    first.read(left, sizeof left);
    second.read(right, sizeof right);
    const std::streamsize got = first.gcount();
    if (got != second.gcount() || std::memcmp(left, right, static_cast<std::size_t>(got)) != 0) {
      return false;
    }
    if (got == 0) return first.eof() && second.eof();
  }
}

// The longest file name Linux file systems take.
constexpr std::size_t kLongestFileName = 255;

}  // namespace

TemporaryFile::TemporaryFile(const std::string& directory, const std::string& name) {
  std::string pattern = directory + "/" + name + "-XXXXXX";
  descriptor_ = ::mkstemp(pattern.data());
  if (descriptor_ < 0) {
    const int error = errno;
    throw Error(ErrorCode::kStorage,
                bilingual_with("cannot make a temporary file in {directory}: {error}",
                               "{directory} に一時ファイルを作れません: {error}", "error",
                               system_error_reason(error), {{"directory", directory}}));
  }
  path_ = pattern;
}

void TemporaryFile::close_descriptor() noexcept {
  if (descriptor_ >= 0) ::close(descriptor_);
  descriptor_ = -1;
}

TemporaryFile::~TemporaryFile() {
  if (descriptor_ >= 0) ::close(descriptor_);
  if (!path_.empty()) ::unlink(path_.c_str());
}

MediaPlan::MediaPlan(std::string directory, std::string package, std::string staging)
    : directory_(std::move(directory)),
      package_(std::move(package)),
      staging_(staging.empty() ? directory_ : std::move(staging)) {}

MediaPlan::~MediaPlan() = default;

void MediaPlan::prepare(AnkiPackageReader& reader, const std::vector<AnkiMediaEntry>& entries) {
  if (entries.empty()) return;
  // Files are linked from where they were staged into place: the same file system.
  if (staging_ == directory_) protocol::make_directories(directory_);
  for (const AnkiMediaEntry& entry : entries) {
    auto temporary =
        std::make_unique<TemporaryFile>(staging_, std::string(kIncomingMediaTemporary));
    const AnkiPackageReader::Written written = reader.extract_media(entry, temporary->descriptor());
    temporary->close_descriptor();
    std::string name = entry.name;
    const auto is_there = [&](const std::string& candidate) {
      // Planned in this import, or already in the folder.
      const auto planned = planned_.find(candidate);
      if (planned != planned_.end()) return planned->second == written.hash ? 1 : 2;
      struct stat info {};
      const std::string path = directory_ + "/" + candidate;
      if (::lstat(path.c_str(), &info) != 0) {
        const int error = errno;
        if (error == ENOENT) return 0;
        throw Error(
            ErrorCode::kStorage,
            bilingual_with("cannot look at {path}: {error}", "{path} を調べられません: {error}",
                           "error", system_error_reason(error), {{"path", path}}));
      }
      if (!S_ISREG(info.st_mode)) {
        throw InputError(
            package_, 0, "",
            bilingual("media \"{name}\" would replace {path}, which is a link or not a regular "
                      "file; kioku leaves it",
                      "メディア \"{name}\" は {path} を置き換えることになりますが、そこにあるのは"
                      "リンクか通常のファイルでないものなので、kioku はそのままにします",
                      {{"name", candidate}, {"path", path}}));
      }
      return same_content(temporary->path(), path) ? 1 : 2;
    };
    int state = is_there(name);
    if (state == 2) {
      name = anki_media_renamed(entry.name, written.hash);
      // Found now, not when the files are linked after the notes' commit.
      if (name.size() > kLongestFileName) {
        throw InputError(
            package_, 0, "",
            bilingual("media \"{name}\" clashes with a file of other content, and "
                      "its new name would be longer than {most} bytes",
                      "メディア \"{name}\" は内容の違うファイルと名前が重なり、新しい"
                      "名前は {most} バイトより長くなってしまいます",
                      {{"name", entry.name}, {"most", std::to_string(kLongestFileName)}}));
      }
      state = is_there(name);
      if (state == 2) {
        throw InputError(package_, 0, "",
                         bilingual("media \"{name}\" cannot be renamed: {renamed} is there with "
                                   "other content",
                                   "メディア \"{name}\" の名前を変えられません。{renamed} "
                                   "が別の内容ですでにあります",
                                   {{"name", entry.name}, {"renamed", name}}));
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
    for (const auto& [opening, closing] :
         {std::pair<std::string_view, std::string_view>{"src=\"", "\""},
          {"src='", "'"},
          {"[sound:", "]"}}) {
      const std::string form = std::string(opening) + from + std::string(closing);
      const std::string replacement = std::string(opening) + to + std::string(closing);
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
      const int error = errno;
      throw Error(ErrorCode::kStorage,
                  bilingual_with("cannot write media {path}: {error}",
                                 "メディア {path} を書き込めません: {error}", "error",
                                 system_error_reason(error), {{"path", file.final_path}}));
    }
  }
}

}  // namespace kioku::daemon
