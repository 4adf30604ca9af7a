// Tag matching for session filters.
#include "core/tag_match.hpp"

#include <algorithm>
#include <string>

#include "core/unicode.hpp"

namespace kioku {

namespace {

constexpr std::string_view kSeparator = "::";

bool folded_matches(const std::string& tag, const std::string& wanted) {
  if (tag.size() < wanted.size() || tag.compare(0, wanted.size(), wanted) != 0) return false;
  return tag.size() == wanted.size() ||
         (tag.size() > wanted.size() + kSeparator.size() &&
          tag.compare(wanted.size(), kSeparator.size(), kSeparator) == 0);
}

}  // namespace

bool tag_matches(std::string_view tag, std::string_view wanted) {
  if (wanted.empty()) return false;
  return folded_matches(case_fold(tag), case_fold(wanted));
}

bool has_tag(std::string_view tags, std::string_view wanted) {
  if (wanted.empty()) return false;
  const std::string folded_wanted = case_fold(wanted);
  std::size_t start = 0;
  while (start < tags.size()) {
    const std::size_t end = std::min(tags.find(' ', start), tags.size());
    if (end > start && folded_matches(case_fold(tags.substr(start, end - start)), folded_wanted)) {
      return true;
    }
    start = end + 1;
  }
  return false;
}

}  // namespace kioku
