// Typed cards: what was typed against the note's `back`, in the language the card is shown in.
#pragma once

#include <optional>
#include <string>

#include "core/typed_answer.hpp"
#include "daemon/store/collection.hpp"
#include "protocol/review_types.hpp"

namespace kioku::daemon {

// The comparison of `typed` with the expected answer of `card`, a typed card; nothing when
// `card` is not typed or nothing was typed (the user then rates it alone). Reads the card's
// note. Throws kioku::Error (kStorage) when the note does not read.
std::optional<TypedAnswerComparison> compare_typed(Collection& collection, const CardRecord& card,
                                                   const std::optional<std::string>& typed,
                                                   const std::string& language);

protocol::TypedComparisonView typed_view(const TypedAnswerComparison& comparison);

}  // namespace kioku::daemon
