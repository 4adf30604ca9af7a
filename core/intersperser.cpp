// The decision of one step of Anki's Intersperser.
#include "core/intersperser.hpp"

namespace kioku {

std::optional<IntersperseSource> intersperse_next(std::int64_t first_taken,
                                                  std::int64_t first_length,
                                                  std::int64_t second_taken,
                                                  std::int64_t second_length) noexcept {
  const bool first_left = first_taken < first_length;
  const bool second_left = second_taken < second_length;
  if (!first_left && !second_left) return std::nullopt;
  if (!second_left) return IntersperseSource::kFirst;
  if (!first_left) return IntersperseSource::kSecond;
  // f32 like Anki's `(one_len + 1) as f32 / (two_len + 1) as f32`.
  const float ratio = static_cast<float>(first_length + 1) / static_cast<float>(second_length + 1);
  const float second_position = static_cast<float>(second_taken + 1) * ratio;
  return second_position < static_cast<float>(first_taken + 1) ? IntersperseSource::kSecond
                                                               : IntersperseSource::kFirst;
}

}  // namespace kioku
