// A card as the one reviewing it sees it, before answering: review.next's card and card.get's.
#pragma once

#include <string>

#include "core/deck_options.hpp"
#include "core/time.hpp"
#include "daemon/methods/method_context.hpp"
#include "protocol/review_types.hpp"

namespace kioku::daemon {

// `card` in `language` (else English, else any) with what each rating would do to it now
// under its deck's `options`. A card made from a note other than a choice note is shown from
// its note. Throws kioku::Error (kStorage) when the card's content or note does not read.
protocol::CardToStudy study_card(const CardRecord& card, const std::string& deck_name,
                                 const DeckOptions& options, TimestampMs now,
                                 MethodContext& context, const std::string& language);

}  // namespace kioku::daemon
