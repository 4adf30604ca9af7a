// Read on every now(): a test clock needs no speed, and a file read has no state to go stale.
#include "daemon/server/file_clock.hpp"

#include <charconv>
#include <fstream>
#include <iterator>
#include <optional>

#include "core/error.hpp"

namespace kioku::daemon {

namespace {

std::optional<TimestampMs> read_time(const std::string& path) {
  std::ifstream file(path);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  TimestampMs value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop == text.data() || value <= 0) return std::nullopt;
  return value;
}

}  // namespace

FileClock::FileClock(std::string path) : path_(std::move(path)) {
  const auto time = read_time(path_);
  if (!time) {
    throw Error(
        ErrorCode::kInvalidParams,
        bilingual("--clock-file {path} does not hold a time in Unix milliseconds",
                  "--clock-file {path} に Unix ミリ秒の時刻が書かれていません", {{"path", path_}}));
  }
  last_ = *time;
}

TimestampMs FileClock::now() const {
  if (const auto time = read_time(path_)) last_ = *time;
  return last_;
}

}  // namespace kioku::daemon
