// Results as kiokud sends them, for the wire tests: read back and written again, each must give
// these bytes.
#pragma once

#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/system_types.hpp"

namespace kioku::test::captured {

// Results as kiokud sends them (captured from a real daemon over its socket at de12650, with
// the fields issue 9 added since: already_recorded, warnings; the card's flag (issue 12); and
// without the card's answer in review.next, which protocol version 2 no longer sends).
inline constexpr const char* kReviewNextReply =
    R"({"counts":{"new":8,"learning":0,"review":0,"total":8},"card":{"id":1,"deck":"gradient-checkpointing","deck_name":"Gradient checkpointing","external_id":"gc-001","kind":"choice","question":"Q?","choices":["a","b","c","d"],"explanation":"E.","tags":["tradeoff","basics"],"state":{"phase":"new","due_ms":0,"due":null,"interval_days":0,"remaining_steps":0,"interday":false,"ease":0.0,"reps":0,"lapses":0,"leech":false,"suspended":false},"preview":{"again":{"phase":"learning","interval_days":0,"due_ms":1796133242795,"wait":"1m"},"hard":{"phase":"learning","interval_days":0,"due_ms":1796133512795,"wait":"6m"},"good":{"phase":"learning","interval_days":0,"due_ms":1796133782795,"wait":"10m"},"easy":{"phase":"review","interval_days":4,"due_ms":1796478782795,"wait":"4d"}},"question_side":{"blocks":[{"kind":"paragraph","spans":[{"style":"text","text":"Q?"}]}]},"language":"en","flag":0}})";
inline constexpr const char* kReviewNextNoneReply =
    R"({"counts":{"new":0,"learning":0,"review":0,"total":0},"card":null,"next_due_ms":null,"next_due":null})";
inline constexpr const char* kReviewAnswerReply =
    R"({"review_id":1,"card":1,"correct":true,"answer":1,"explanation":"E.","rating":"good","state":{"phase":"learning","due_ms":1796133782798,"due":"2026-12-01T14:03:02Z","interval_days":0,"remaining_steps":1,"interday":false,"ease":2.5,"reps":1,"lapses":0,"leech":false,"suspended":false},"already_recorded":false})";
inline constexpr const char* kReviewCheckReply =
    R"({"card":1,"correct":false,"answer":1,"explanation":"E."})";
inline constexpr const char* kDueCountsReply =
    R"({"new":7,"learning":0,"review":0,"total":7,"next_due_ms":1796133782798,"next_due":"2026-12-01T14:03:02Z"})";
inline constexpr const char* kStatsSummaryReply =
    R"({"cards":8,"decks":1,"reviews_today":1,"correct_today":1,"new_today":1,"time_today_ms":0,"reviews_total":1,"streak_days":1,"due":{"new":7,"learning":0,"review":0,"total":7}})";
inline constexpr const char* kDeckListReply =
    R"({"decks":[{"id":"gradient-checkpointing","name":"Gradient checkpointing","names":{"en":"Gradient checkpointing","ja":"勾配チェックポインティング"},"algorithm":"sm2","cards":8,"due":8,"new":8,"learning":0,"review":0}]})";
inline constexpr const char* kDeckConfigReply =
    R"({"deck":"gradient-checkpointing","recomputed":{"cards":8,"changed":1,"changed_cards":[1]},"changed":["algorithm"],"options":[{"name":"algorithm","value":"fsrs","default":"sm2","allowed":"sm2, sm2-classic, fsrs","help":"scheduler"}]})";
inline constexpr const char* kDeckConfigShownReply =
    R"({"deck":"gradient-checkpointing","changed":[],"options":[]})";
inline constexpr const char* kDoctorRebuildReply =
    R"({"cards":8,"changed":0,"decks":[{"cards":8,"changed":0,"changed_cards":[],"deck":"gradient-checkpointing"}]})";
inline constexpr const char* kDoctorCheckDamagedReply =
    R"({"path":"/c.sqlite","ok":false,"advice":"restore a backup","problems":["page 3 is never used"],"warnings":[]})";

// Calls check(ResultType{}, text) for every captured reply, with the result type it reads as.
template <class Check>
void for_each_captured_reply(Check check) {
  using namespace kioku::protocol;
  check(ReviewNextResult{}, kReviewNextReply);
  check(ReviewNextResult{}, kReviewNextNoneReply);
  check(ReviewAnswerResult{}, kReviewAnswerReply);
  check(ReviewCheckResult{}, kReviewCheckReply);
  check(DueCountsResult{}, kDueCountsReply);
  check(StatsSummaryResult{}, kStatsSummaryReply);
  check(DeckListResult{}, kDeckListReply);
  check(DeckConfigResult{}, kDeckConfigReply);
  check(DeckConfigResult{}, kDeckConfigShownReply);
  check(DoctorRebuildResult{}, kDoctorRebuildReply);
  check(DoctorCheckResult{}, kDoctorCheckDamagedReply);
  check(ReviewBuryResult{},
        R"({"card":1,"buried_until_ms":1796184000000,"buried_until":"2026-12-02T04:00:00Z"})");
  check(HelloResult{},
        R"({"daemon":"kiokud","version":"0.1.0","protocol":1,"collection":"/c","pid":19388})");
}

}  // namespace kioku::test::captured
