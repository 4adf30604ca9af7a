// One walk over the template serves both the check and the filling in, so they cannot disagree
// about what a placeholder is.
#include "cli/due_format.hpp"

#include <optional>

#include "cli/due_messages.hpp"
#include "cli/messages.hpp"
#include "core/error.hpp"

namespace kioku::cli {

namespace {

constexpr std::string_view kKnown = "{total} {new} {learning} {review}";

std::optional<std::int64_t> count_named(std::string_view name, const protocol::Counts& counts) {
  if (name == "total") return counts.total;
  if (name == "new") return counts.new_;
  if (name == "learning") return counts.learning;
  if (name == "review") return counts.review;
  return std::nullopt;
}

// Walks `pattern`, writing the text into `out` with the counts filled in; throws on the first
// problem.
void walk(std::string_view pattern, const protocol::Counts& counts, const std::string& language,
          std::string& out) {
  const DueMessages& words = due_messages_for(language);
  for (std::size_t at = 0; at < pattern.size(); ++at) {
    const char character = pattern[at];
    const bool doubled = at + 1 < pattern.size() && pattern[at + 1] == character;
    if (character == '}') {
      if (!doubled) {
        throw Error(ErrorCode::kInvalidParams,
                    fill_in(words.stray_brace, {{"position", std::to_string(at + 1)}}));
      }
      out += '}';
      ++at;
      continue;
    }
    if (character != '{') {
      out += character;
      continue;
    }
    if (doubled) {
      out += '{';
      ++at;
      continue;
    }
    const std::size_t close = pattern.find('}', at);
    if (close == std::string_view::npos) {
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.unclosed_brace, {{"position", std::to_string(at + 1)}}));
    }
    const std::string_view name = pattern.substr(at + 1, close - at - 1);
    const std::optional<std::int64_t> value = count_named(name, counts);
    if (!value) {
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.unknown_placeholder,
                          {{"placeholder", std::string(pattern.substr(at, close - at + 1))},
                           {"known", std::string(kKnown)}}));
    }
    out += std::to_string(*value);
    at = close;
  }
}

}  // namespace

void check_due_format(std::string_view pattern, const std::string& language) {
  std::string ignored;
  walk(pattern, protocol::Counts{}, language, ignored);
}

std::string format_due(std::string_view pattern, const protocol::Counts& counts) {
  std::string out;
  walk(pattern, counts, "en", out);
  return out;
}

}  // namespace kioku::cli
