// Card state and due counts as the wire shows them.
#include "daemon/methods/wire_views.hpp"

#include "core/error.hpp"
#include "core/time_format.hpp"

namespace kioku::daemon {

protocol::CardStateView state_view(const CardState& state) {
  protocol::CardStateView view;
  view.phase = to_string(state.phase);
  view.due_ms = state.due;
  if (state.phase != Phase::kNew) view.due = format_rfc3339_utc(state.due);
  view.interval_days = state.interval_days;
  view.remaining_steps = state.remaining_steps;
  view.interday = state.interday;
  view.ease = state.ease;
  view.reps = state.reps;
  view.lapses = state.lapses;
  view.leech = state.leech;
  view.suspended = state.suspended;
  return view;
}

protocol::Counts counts_view(const DueCounts& counts) {
  return protocol::Counts{.new_ = counts.new_cards,
                          .learning = counts.all_learning(),
                          .review = counts.review,
                          .total = counts.total()};
}

protocol::RebuildCounts rebuild_view(const RebuildReport& report) {
  return protocol::RebuildCounts{
      .cards = report.cards, .changed = report.changed, .changed_cards = report.changed_cards};
}

std::string checked_language(const std::optional<std::string>& lang) {
  const std::string language = lang.value_or("en");
  if (language.empty() || language.size() > 8) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'lang' must be a language code such as en or ja",
                          "パラメータ 'lang' は en や ja のような言語コードでなければなりません"));
  }
  return language;
}

}  // namespace kioku::daemon
