// Algorithm names as decks, the protocol and `kioku sched replay` spell them.
#include "core/deck_options.hpp"

namespace kioku {

std::string_view to_string(Algorithm algorithm) noexcept {
  switch (algorithm) {
    case Algorithm::kSm2:
      return "sm2";
    case Algorithm::kSm2Classic:
      return "sm2-classic";
    case Algorithm::kFsrs:
      return "fsrs";
  }
  return "unknown";
}

std::optional<Algorithm> parse_algorithm(std::string_view text) noexcept {
  if (text == "sm2") return Algorithm::kSm2;
  if (text == "sm2-classic") return Algorithm::kSm2Classic;
  if (text == "fsrs") return Algorithm::kFsrs;
  return std::nullopt;
}

}  // namespace kioku
