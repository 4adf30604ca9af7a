#include "core/cloze_side.hpp"

#include <utility>

#include "core/cloze_walk.hpp"

namespace kioku {

namespace {

void append_text(std::vector<ClozeRun>& runs, const std::string& text) {
  if (text.empty()) return;
  if (!runs.empty() && runs.back().kind == ClozeRun::Kind::kText) {
    runs.back().text += text;
    return;
  }
  runs.push_back(ClozeRun{ClozeRun::Kind::kText, text, std::nullopt});
}

}  // namespace

std::vector<ClozeRun> cloze_side(const ClozeText& text, ClozeNumber active, CardSide side) {
  std::vector<ClozeRun> runs;
  walk_cloze_segments(text.segments, [&](const ClozeSegment& segment) {
    if (!segment.is_cloze()) {
      append_text(runs, segment.text);
      return false;
    }
    if (!segment.is_active_for(active)) return true;  // its content shows; look inside
    if (side == CardSide::kQuestion) {
      runs.push_back(ClozeRun{ClozeRun::Kind::kBlank, "", segment.hint});
    } else {
      runs.push_back(
          ClozeRun{ClozeRun::Kind::kRevealed, cloze_plain_text(segment.content), std::nullopt});
    }
    return false;
  });
  return runs;
}

}  // namespace kioku
