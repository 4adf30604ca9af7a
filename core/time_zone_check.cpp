// What glibc's tzset accepts: a zone file, else a POSIX TZ rule; anything else becomes UTC.
#include "core/time_zone_check.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <string_view>

#include "core/escaped_text.hpp"

namespace kioku {

namespace {

// A zone file glibc reads: a regular file in the TZif format. Any other file (/etc/passwd
// through "../", zoneinfo's own zone1970.tab) glibc reads as UTC, without a word.
bool is_zone_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  std::ifstream file(path, std::ios::binary);
  char magic[4] = {};
  return file.read(magic, sizeof magic) && std::string_view(magic, sizeof magic) == "TZif";
}

// Reads POSIX TZ pieces from the front of `text`; each returns false when its piece is not there.
class RuleReader {
 public:
  explicit RuleReader(std::string_view text) : text_(text) {}

  bool done() const { return at_ == text_.size(); }
  bool peek(char c) const { return at_ < text_.size() && text_[at_] == c; }

  // A zone abbreviation: three or more letters, or anything but '>' between '<' and '>'.
  bool name() {
    if (peek('<')) {
      const std::size_t close = text_.find('>', at_);
      if (close == std::string_view::npos || close - at_ - 1 < 3) return false;
      at_ = close + 1;
      return true;
    }
    const std::size_t start = at_;
    while (at_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[at_]))) ++at_;
    return at_ - start >= 3;
  }

  // [+-]hh[:mm[:ss]]
  bool offset() {
    if (peek('+') || peek('-')) ++at_;
    if (!digits(1, 2)) return false;
    for (int part = 0; part < 2 && peek(':'); ++part) {
      ++at_;
      if (!digits(2, 2)) return false;
    }
    return true;
  }

  // ",start[/time],end[/time]": the change dates, checked only for their characters.
  bool rules() {
    if (!peek(',')) return false;
    for (; at_ < text_.size(); ++at_) {
      const char c = text_[at_];
      if (!(std::isdigit(static_cast<unsigned char>(c)) || c == ',' || c == 'J' || c == 'M' ||
            c == '.' || c == '/' || c == ':' || c == '+' || c == '-')) {
        return false;
      }
    }
    return true;
  }

 private:
  bool digits(std::size_t fewest, std::size_t most) {
    std::size_t count = 0;
    while (count < most && at_ < text_.size() &&
           std::isdigit(static_cast<unsigned char>(text_[at_]))) {
      ++at_;
      ++count;
    }
    return count >= fewest;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

// std offset [dst [offset] [,rules]]
bool is_posix_rule(std::string_view text) {
  RuleReader reader(text);
  if (!reader.name() || !reader.offset()) return false;
  if (reader.done()) return true;
  if (!reader.name()) return false;
  if (reader.done()) return true;
  if (!reader.peek(',') && !reader.offset()) return false;
  return reader.done() || reader.rules();
}

// The zone TZ names: its value less the ':' that may lead it.
std::string_view zone_name(std::string_view value) {
  return value.starts_with(':') ? value.substr(1) : value;
}

}  // namespace

std::optional<std::string> zone_file_path(const char* tz) {
  if (tz == nullptr) return std::nullopt;
  const std::string_view name = zone_name(tz);
  if (name.empty()) return std::nullopt;
  if (name.front() == '/') return std::string(name);
  const char* directory = std::getenv("TZDIR");
  const std::string base = directory && *directory ? directory : "/usr/share/zoneinfo";
  return base + "/" + std::string(name);
}

std::optional<BilingualMessage> time_zone_problem(const char* tz) {
  if (tz == nullptr || *tz == '\0') return std::nullopt;
  const std::string_view value(tz);
  const std::string_view name = zone_name(value);
  // What UTC means on a system without tzdata too.
  if (name == "UTC" || name == "GMT") return std::nullopt;
  if (const std::optional<std::string> path = zone_file_path(tz); path && is_zone_file(*path)) {
    return std::nullopt;
  }
  if (value.front() != ':' && is_posix_rule(value)) return std::nullopt;
  return bilingual(
      "TZ='{tz}' is neither a time zone of this system nor a POSIX TZ rule, so days are counted "
      "in UTC; set TZ to a zone such as Europe/Berlin (see /usr/share/zoneinfo), or unset it "
      "for the system's zone",
      "TZ='{tz}' はこのシステムのタイムゾーンでも POSIX の TZ 規則でもないため、日付は UTC "
      "で数えます。TZ を Europe/Berlin のようなゾーン（/usr/share/zoneinfo を参照）にするか、"
      "システムのゾーンを使うなら TZ を外してください",
      {{"tz", escape_controls(value)}});
}

}  // namespace kioku
