// Names of the card phases as they appear in the protocol and the collection.
#include "core/card_state.hpp"

#include <string>

#include "core/error.hpp"

namespace kioku {

std::string_view to_string(Phase phase) noexcept {
  switch (phase) {
    case Phase::kNew:
      return "new";
    case Phase::kLearning:
      return "learning";
    case Phase::kReview:
      return "review";
    case Phase::kRelearning:
      return "relearning";
  }
  return "unknown";
}

Phase parse_phase(std::string_view text) {
  if (text == "new") return Phase::kNew;
  if (text == "learning") return Phase::kLearning;
  if (text == "review") return Phase::kReview;
  if (text == "relearning") return Phase::kRelearning;
  throw Error(ErrorCode::kInvalidInput, "unknown card phase '" + std::string(text) + "'");
}

}  // namespace kioku
