// The zone's identity from its zone file (daemon/store/time_zone_identity.hpp).
#include "daemon/store/time_zone_identity.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>

#include "core/fnv1a.hpp"
#include "core/time_zone_check.hpp"

namespace kioku::daemon {

namespace {

// Zone files are a few KiB; anything far larger is not one and is not read whole.
constexpr std::size_t kMostZoneFileBytes = 1 << 20;

struct FileCloser {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};

// The hash of the zone file at `path`, or nothing when there is no readable TZif file there.
std::optional<std::uint64_t> zone_file_hash(const std::string& path) {
  const std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) return std::nullopt;
  std::string bytes;
  char chunk[16 * 1024];
  while (bytes.size() <= kMostZoneFileBytes) {
    const std::size_t got = std::fread(chunk, 1, sizeof chunk, file.get());
    if (got == 0) break;
    bytes.append(chunk, got);
  }
  if (std::ferror(file.get()) || bytes.size() > kMostZoneFileBytes ||
      !std::string_view(bytes).starts_with("TZif")) {
    return std::nullopt;
  }
  return fnv1a_64(bytes);
}

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// The zone TZ names, read now.
std::string current_time_zone_identity() {
  const char* tz = std::getenv("TZ");
  if (const std::optional<std::string> path = zone_file_path(tz)) {
    if (const std::optional<std::uint64_t> hash = zone_file_hash(*path))
      return "tzif:" + hex(*hash);
  }
  return "tz:" + std::string(tz != nullptr ? tz : "");
}

// Set once, at start, before any thread that reads it exists.
std::optional<std::string>& pinned_identity() {
  static std::optional<std::string> identity;
  return identity;
}

}  // namespace

std::string time_zone_identity() {
  if (const std::optional<std::string>& pinned = pinned_identity()) return *pinned;
  return current_time_zone_identity();
}

void pin_time_zone_identity() {
  pinned_identity() = current_time_zone_identity();
}

}  // namespace kioku::daemon
