// review.*, due.counts: what to study next, answers, burial, and the counts of what is due.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/rich_text_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

inline constexpr FieldHelp kDeckHelp{
    "deck",
    "limit to this deck: its id or its name in any language; A::B takes the decks under it"};
inline constexpr FieldHelp kCardHelp{"card", "the card's id, from review.next"};

// How many cards there are to study now (docs/protocol.md, "counts object").
struct Counts {
  std::int64_t new_ = 0;
  std::int64_t learning = 0;
  std::int64_t review = 0;
  std::int64_t total = 0;
  bool operator==(const Counts&) const = default;
};
BOOST_DESCRIBE_STRUCT(Counts, (), (new_, learning, review, total))

// A card's scheduling state as the wire shows it.
struct CardStateView {
  std::string phase;
  std::int64_t due_ms = 0;
  std::optional<std::string> due;  // null while new
  std::int64_t interval_days = 0;
  std::int64_t remaining_steps = 0;
  bool interday = false;
  double ease = 0;
  std::int64_t reps = 0;
  std::int64_t lapses = 0;
  bool leech = false;
  bool suspended = false;
};
BOOST_DESCRIBE_STRUCT(CardStateView, (),
                      (phase, due_ms, due, interval_days, remaining_steps, interday, ease, reps,
                       lapses, leech, suspended))

// What one rating would do to the card now.
struct PreviewEntry {
  std::string phase;
  std::int64_t interval_days = 0;
  std::int64_t due_ms = 0;
  std::string wait;
};
BOOST_DESCRIBE_STRUCT(PreviewEntry, (), (phase, interval_days, due_ms, wait))

struct Preview {
  PreviewEntry again;
  PreviewEntry hard;
  PreviewEntry good;
  PreviewEntry easy;
};
BOOST_DESCRIBE_STRUCT(Preview, (), (again, hard, good, easy))

// A card to show. Not its answer: only the daemon grades (review.check, review.answer).
struct CardToStudy {
  std::int64_t id = 0;
  std::string deck;
  std::string deck_name;
  std::string external_id;
  std::string kind;
  std::string question;
  std::vector<std::string> choices;
  std::string explanation;
  std::vector<std::string> tags;
  CardStateView state;
  Preview preview;
  // The sides as rich text (docs/field-markup.md), in `language`: the question always; the
  // answer side for cards the user rates alone (basic, reverse, cloze), not for the graded
  // (choice and typed cards: their reply says the answer). `question` and `explanation` above
  // are the same sides as plain text.
  RichTextView question_side;
  Omissible<RichTextView> answer_side;
  std::string language;
  std::int64_t flag = 0;  // Anki's flag: 0 none, 1 red, 2 orange, 3 green, 4 blue, 5 pink, ...
};
BOOST_DESCRIBE_STRUCT(CardToStudy, (),
                      (id, deck, deck_name, external_id, kind, question, choices, explanation, tags,
                       state, preview, question_side, answer_side, language, flag))

struct ReviewNextParams {
  std::optional<std::string> deck;
  std::optional<std::string> lang;
  // Today's new-card limit for this request, in place of each deck's new_per_day (`kioku
  // review --new N`): the new cards already seen today count against it.
  std::optional<std::int64_t> new_limit;
  // Only cards whose note has this tag, or a child of it (`a::b` takes `a::b::c`), without case.
  std::optional<std::string> tag;
  // A cram session (`kioku review --cram`): every card that is not new, due or not, by due
  // time, whatever the daily limits; `cram_after` is the card shown last, the next comes after
  // it in that order. Answer with review.answer's `cram`.
  std::optional<bool> cram;
  std::optional<std::int64_t> cram_after;
  static constexpr std::array kHelp{
      FieldHelp{"deck",
                "limit to this deck: its id or its name in any language; A::B takes "
                "the decks under it too"},
      kLangHelp,
      FieldHelp{"new_limit", "today's new-card limit in place of each deck's (>= 0)"},
      FieldHelp{"tag", "only cards of notes with this tag or a child of it (a::b), any case"},
      FieldHelp{"cram",
                "true: cards that are not new, due or not, by due time, for review.answer with "
                "cram (nothing rescheduled)"},
      FieldHelp{"cram_after", "with cram: the card shown last; the next comes after it"}};
};
BOOST_DESCRIBE_STRUCT(ReviewNextParams, (), (deck, lang, new_limit, tag, cram, cram_after))

// The next card, or none with the time the next one falls due (null when nothing is scheduled).
struct ReviewNextResult {
  Counts counts;
  std::optional<CardToStudy> card;
  // The daemon's time now: a session's time limit (`kioku review --time`) is measured by the
  // clock that schedules the cards. Always sent; absent from an older daemon's reply.
  Omissible<std::int64_t> now_ms;
  Omissible<std::optional<std::int64_t>> next_due_ms;  // only when `card` is null
  Omissible<std::optional<std::string>> next_due;
  // A cram session: how many cards it has left, the one sent included. `counts` stay what is
  // due, which cram answers do not change.
  Omissible<std::int64_t> cram_left;
};
BOOST_DESCRIBE_STRUCT(ReviewNextResult, (),
                      (counts, card, now_ms, next_due_ms, next_due, cram_left))

inline constexpr FieldHelp kChoiceHelp{"choice", "the picked choice, counting from 1"};
inline constexpr FieldHelp kTypedHelp{"typed", "typed cards: the answer as the user typed it"};

// One run of a typed answer's comparison: "same", "missing" or "extra".
struct DiffSegmentView {
  std::string kind;
  std::string text;
};
BOOST_DESCRIBE_STRUCT(DiffSegmentView, (), (kind, text))

// A typed answer against the expected one (core/typed_answer.hpp): the two lines to show.
struct TypedComparisonView {
  bool right = false;
  std::string expected_text;              // the whole expected answer
  std::vector<DiffSegmentView> given;     // what was typed: same and extra, missing where none
  std::vector<DiffSegmentView> expected;  // the expected answer: same and missing
};
BOOST_DESCRIBE_STRUCT(TypedComparisonView, (), (right, expected_text, given, expected))
inline constexpr FieldHelp kDurationHelp{"duration_ms", "time spent answering, in milliseconds"};
inline constexpr FieldHelp kCramHelp{
    "cram", "true: a cram answer, logged as such; the card's schedule and the day's counts stay"};
inline constexpr FieldHelp kAnswerIdHelp{
    "answer_id", "the client's id for this answer: sent again, it is recorded once"};

struct ReviewCheckParams {
  std::int64_t card = 0;
  std::optional<std::int64_t> choice;
  std::optional<std::string> typed;
  std::optional<std::string> lang;
  static constexpr std::array kHelp{kCardHelp, kChoiceHelp, kTypedHelp, kLangHelp};
};
BOOST_DESCRIBE_STRUCT(ReviewCheckParams, (), (card, choice, typed, lang))

// The verdict on a choice, as review.answer's reply gives it, with nothing recorded.
struct ReviewCheckResult {
  std::int64_t card = 0;
  std::optional<bool> correct;  // null for a card that is not graded (the user rates it)
  std::int64_t answer = 0;
  std::string explanation;
  Omissible<TypedComparisonView> typed;  // typed cards answered with text
};
BOOST_DESCRIBE_STRUCT(ReviewCheckResult, (), (card, correct, answer, explanation, typed))

struct ReviewAnswerParams {
  std::int64_t card = 0;
  std::optional<std::int64_t> choice;
  std::optional<std::string> typed;
  std::optional<std::string> rating;
  std::optional<std::int64_t> quality;
  std::optional<std::int64_t> duration_ms;
  std::optional<std::string> answer_id;
  std::optional<std::string> lang;
  std::optional<bool> cram;
  static constexpr std::array kHelp{
      kCardHelp,
      kChoiceHelp,
      kTypedHelp,
      FieldHelp{"rating", "again|hard|good|easy (default: good if right)"},
      FieldHelp{"quality", "0-5, for sm2-classic decks instead of rating"},
      kDurationHelp,
      kAnswerIdHelp,
      kLangHelp,
      kCramHelp};
};
BOOST_DESCRIBE_STRUCT(ReviewAnswerParams, (),
                      (card, choice, typed, rating, quality, duration_ms, answer_id, lang, cram))

struct ReviewAnswerResult {
  std::int64_t review_id = 0;
  std::int64_t card = 0;
  std::optional<bool> correct;  // null for a card that is not graded (the user rates it)
  std::int64_t answer = 0;
  std::string explanation;
  std::string rating;
  CardStateView state;
  // The time from the answer (or, sent again, from now) until state.due_ms by kiokud's clock,
  // as review.next's preview words it ("10m"); left out while the card is new.
  Omissible<std::string> wait;
  bool already_recorded = false;  // answer_id named an answer the log holds; nothing was written
  Omissible<TypedComparisonView> typed;  // typed cards answered with text
};
BOOST_DESCRIBE_STRUCT(ReviewAnswerResult, (),
                      (review_id, card, correct, answer, explanation, rating, state, wait,
                       already_recorded, typed))

struct ReviewChooseParams {
  std::int64_t card = 0;
  std::optional<std::int64_t> choice;
  std::optional<std::int64_t> duration_ms;
  std::optional<std::string> answer_id;
  std::optional<std::string> lang;
  std::optional<bool> cram;
  static constexpr std::array kHelp{kCardHelp,     kChoiceHelp, kDurationHelp,
                                    kAnswerIdHelp, kLangHelp,   kCramHelp};
};
BOOST_DESCRIBE_STRUCT(ReviewChooseParams, (), (card, choice, duration_ms, answer_id, lang, cram))

// A choice taken: a wrong one recorded at once (`recorded`), a right one held for its rating.
// The verdict first, as review.check gives it.
struct ReviewChooseResult : ReviewCheckResult {
  bool held = false;  // right: nothing was recorded; review.answer brings the rating
  std::optional<ReviewAnswerResult> recorded;  // null when held
};
BOOST_DESCRIBE_STRUCT(ReviewChooseResult, (ReviewCheckResult), (held, recorded))

struct ReviewBuryParams {
  std::int64_t card = 0;
  static constexpr std::array kHelp{kCardHelp};
};
BOOST_DESCRIBE_STRUCT(ReviewBuryParams, (), (card))

struct ReviewBuryResult {
  std::int64_t card = 0;
  std::int64_t buried_until_ms = 0;
  std::string buried_until;
};
BOOST_DESCRIBE_STRUCT(ReviewBuryResult, (), (card, buried_until_ms, buried_until))

struct ReviewUnburyParams {
  std::optional<std::string> deck;
  static constexpr std::array kHelp{FieldHelp{"deck", "only this deck's cards"}};
};
BOOST_DESCRIBE_STRUCT(ReviewUnburyParams, (), (deck))

struct ReviewUnburyResult {
  std::int64_t unburied = 0;
};
BOOST_DESCRIBE_STRUCT(ReviewUnburyResult, (), (unburied))

struct DueCountsParams {
  std::optional<std::string> deck;
  // Only cards whose note has this tag, or a child of it, as review.next's `tag`: a session's
  // summary (`kioku review --tag`) counts what that session would study.
  std::optional<std::string> tag;
  // Today's new-card limit in place of each deck's new_per_day, as review.next's `new_limit`:
  // the summary of `kioku review --new N` counts with the session's limit.
  std::optional<std::int64_t> new_limit;
  static constexpr std::array kHelp{
      kDeckHelp,
      FieldHelp{"tag", "only cards of notes with this tag or a child of it (a::b), any case"},
      FieldHelp{"new_limit",
                "today's new-card limit in place of each deck's new_per_day (>= 0), as "
                "review.next's"}};
};
BOOST_DESCRIBE_STRUCT(DueCountsParams, (), (deck, tag, new_limit))

// due.watch's: a deck, watched whole (a status bar counts what is due, whatever its tags).
struct DueWatchParams {
  std::optional<std::string> deck;
  static constexpr std::array kHelp{kDeckHelp};
};
BOOST_DESCRIBE_STRUCT(DueWatchParams, (), (deck))

// The counts object, then when the next card falls due.
struct DueCountsResult : Counts {
  std::optional<std::int64_t> next_due_ms;  // null when nothing is scheduled
  std::optional<std::string> next_due;
};
BOOST_DESCRIBE_STRUCT(DueCountsResult, (Counts), (next_due_ms, next_due))

inline constexpr MethodType<ReviewNextParams, ReviewNextResult> kReviewNext{
    "review.next", "Returns the next card to review, or null when nothing is due."};
inline constexpr MethodType<ReviewCheckParams, ReviewCheckResult> kReviewCheck{
    "review.check",
    "Says whether a choice is right, without recording anything: for rating a right answer."};
inline constexpr MethodType<ReviewChooseParams, ReviewChooseResult> kReviewChoose{
    "review.choose",
    "Takes a choice: records a wrong one (rated again), holds a right one for review.answer."};
inline constexpr MethodType<ReviewAnswerParams, ReviewAnswerResult> kReviewAnswer{
    "review.answer", "Records an answer; replies only after it is durable."};
inline constexpr MethodType<ReviewBuryParams, ReviewBuryResult> kReviewBury{
    "review.bury",
    "Buries a card until the next day starts: review.next and the counts skip it till then."};
inline constexpr MethodType<ReviewUnburyParams, ReviewUnburyResult> kReviewUnbury{
    "review.unbury", "Brings back every buried card at once."};
inline constexpr MethodType<DueCountsParams, DueCountsResult> kDueCounts{
    "due.counts", "Counts the cards to study now: new, learning, review."};
inline constexpr MethodType<DueWatchParams, DueCountsResult> kDueWatch{
    "due.watch",
    "Answers with due.counts' result, then pushes a due.changed notification (params: the same "
    "result) whenever those counts change, for as long as the connection stays open."};
// The notification due.watch pushes; its params are a DueCountsResult.
inline constexpr std::string_view kDueChanged = "due.changed";

}  // namespace kioku::protocol
