// The writes that span several stores, each one atomic through write().
#include "daemon/store/collection.hpp"

#include <utility>

#include "core/answer_rollup.hpp"
#include "core/deck_notes.hpp"
#include "core/error.hpp"
#include "core/local_hour.hpp"
#include "core/review_log_entries.hpp"
#include "daemon/store/restore.hpp"
#include "daemon/store/sqlite.hpp"
#include "daemon/store/time_zone_identity.hpp"

namespace kioku::daemon {

namespace {

// collection_meta's key for the calendar the statistics' roll-ups were made on.
constexpr const char* kStatsRollupCalendar = "stats_rollup_calendar";

// The calendar and the process's time zone (TZ, pinned at start: core/day_calendar.hpp), which
// together put an answer on its day and hour. The zone by its rules, not by how TZ spells it:
// kiokud started from a shell with TZ=Asia/Tokyo and by systemd without TZ (/etc/localtime, the
// same zone) would otherwise make the roll-ups again at each start, 17 s for 10 million answers.
std::string stats_calendar_key(const DayCalendar& calendar) {
  return "day_starts_at=" + std::to_string(calendar.day_starts_at_hour()) +
         ";zone=" + time_zone_identity();
}

ReviewLogRow log_row_of(const AnswerRecord& answer) {
  return ReviewLogRow{.reviewed = answer.reviewed,
                      .phase_before = answer.before.phase,
                      .rating = answer.rating,
                      .interval_before_days = answer.before.interval_days,
                      .due_after = answer.after.due,
                      .duration_ms = answer.duration_ms,
                      .cram = answer.cram};
}

}  // namespace

Collection::Collection(sqlite::Database& database)
    : database_(database),
      group_commit_(database),
      decks_(database),
      cards_(database),
      note_types_(database),
      notes_(database, note_types_),
      due_index_(
          database, [this]() -> const CardRowLog& { return kept_card_snapshots_.card_rows(); },
          [this]() -> const CardRowLog& { return kept_card_snapshots_.card_state_rows(); }),
      review_log_(database),
      imported_states_(database),
      daily_stats_(database),
      stats_source_(database),
      kept_card_snapshots_(database),
      stats_rollups_(database),
      meta_(database) {}

std::int64_t Collection::record_answer(const AnswerRecord& answer) {
  std::int64_t review_id = 0;
  write(Write{WriteKind::kAnswer, answer.deck_id, answer.card_id},
        [&] { review_id = store_answer(answer); });
  return review_id;
}

std::optional<std::int64_t> Collection::answer_card(std::int64_t card_id,
                                                    const AnswerDecision& decide) {
  std::optional<std::int64_t> review_id;
  Write what{WriteKind::kAnswer, 0, card_id};
  write(what, [&] {
    const CardRecord card = cards_.card(card_id);
    what.deck = card.deck_id;
    if (const std::optional<AnswerRecord> answer = decide(card)) {
      review_id = store_answer(*answer);
    }
  });
  return review_id;
}

std::int64_t Collection::store_answer(const AnswerRecord& answer) {
  const std::int64_t review_id = review_log_.append(answer);
  count_in_rollups(answer.deck_id, answer.card_id, review_id, log_row_of(answer), answer.day, 1);
  // A cram answer leaves the card's schedule and the day's counts as they were.
  if (answer.cram) return review_id;
  cards_.write_state(answer.card_id, answer.after);
  daily_stats_.add(answer);
  if (answer.bury_siblings.any()) {
    due_index_.bury_siblings(answer.card_id, answer.day + 1, answer.bury_siblings);
  }
  return review_id;
}

void Collection::count_in_rollups(std::int64_t deck_id, std::int64_t card_id,
                                  std::int64_t review_id, const ReviewLogRow& row, std::int64_t day,
                                  int sign) {
  // A learning answer's step is read from the card's answer before it, as a scan of the log
  // reads it (core/review_log_entries.hpp), so the kept sums are the scan's to the answer.
  std::vector<ReviewLogRow> rows;
  if (!row.cram && review_kind_of(row.phase_before) != ReviewKind::kReview) {
    if (const auto previous = review_log_.scheduled_row_before(card_id, review_id)) {
      rows.push_back(*previous);
    }
  }
  rows.push_back(row);
  std::vector<ReviewEntry> entries;
  append_review_entries(rows, entries);
  const ReviewEntry& entry = entries.back();
  stats_rollups_.add(deck_id, day_share(entry, day),
                     hour_share(entry, day, local_hour(entry.reviewed)), sign);
}

std::int64_t Collection::import_history(std::int64_t card_id, std::int64_t deck_id,
                                        std::span<const AnswerRow> answers,
                                        const CardState& imported, const CardState& current,
                                        TimestampMs now, const DayCalendar& calendar) {
  AnswerRecord record;
  record.card_id = card_id;
  record.deck_id = deck_id;
  record.scheduler = "anki";
  record.imported = true;
  std::vector<ReviewLogRow> rows;
  rows.reserve(answers.size());
  std::vector<std::int64_t> days;
  days.reserve(answers.size());
  for (const AnswerRow& answer : answers) {
    const ReviewLogRow& row = answer.row;
    record.reviewed = row.reviewed;
    record.day = calendar.day_number(row.reviewed);
    record.rating = row.rating;
    record.duration_ms = row.duration_ms;
    record.cram = row.cram;
    record.before = CardState{};
    record.before.phase = row.phase_before;
    record.before.interval_days = row.interval_before_days;
    // A step counted in days: the interday learning the daily roll-up counts apart.
    record.before.interday = in_steps(row.phase_before) && row.interval_before_days > 0;
    record.after = CardState{};
    record.after.phase = answer.phase_after;
    record.after.interval_days = answer.interval_after_days;
    record.after.due = row.due_after;
    record.after.ease = answer.ease_after;
    review_log_.append(record);
    if (!row.cram) daily_stats_.add(record);
    rows.push_back(row);
    days.push_back(record.day);
  }
  // The card has no earlier row, so its rows' entries are read from them alone: the steps as
  // count_in_rollups would read them one answer at a time, without a query each.
  std::vector<ReviewEntry> entries;
  append_review_entries(rows, entries);
  for (std::size_t at = 0; at < entries.size(); ++at) {
    stats_rollups_.add(deck_id, day_share(entries[at], days[at]),
                       hour_share(entries[at], days[at], local_hour(entries[at].reviewed)), 1);
  }
  imported_states_.write(card_id, imported, now);
  cards_.write_state(card_id, current);
  return static_cast<std::int64_t>(answers.size());
}

bool Collection::use_stats_calendar(const DayCalendar& calendar) {
  // A record of the form written before (TZ's text) is another calendar's too: it could not
  // tell whether the zone file behind that text had changed, so the roll-ups are made again,
  // once, rather than trusted.
  if (meta_.get(kStatsRollupCalendar) == stats_calendar_key(calendar)) return false;
  write([&] { refill_stats_rollups(calendar); });
  return true;
}

void Collection::refill_stats_rollups(const DayCalendar& calendar) {
  stats_rollups_.replace(stats_source_.rollups_from_log(calendar));
  meta_.set(kStatsRollupCalendar, stats_calendar_key(calendar));
}

std::optional<UndoneAnswer> Collection::undo_answer(std::optional<std::int64_t> card_id,
                                                    std::optional<std::int64_t> expected,
                                                    TimestampMs now, const DayCalendar& calendar,
                                                    const ReplayAfterVoid& replay) {
  std::optional<UndoneAnswer> undone;
  // Said as an answer: for whoever watches commits, an undo changes the counts as one does.
  Write what{WriteKind::kAnswer, 0, card_id.value_or(0)};
  write(what, [&] {
    const std::optional<StandingAnswer> latest = review_log_.latest_standing(card_id);
    if (!latest) return;
    if (expected && latest->review_id != *expected) {
      throw Error(ErrorCode::kConflict,
                  bilingual("answer {expected} is not the latest of card {card}: undo answer "
                            "{latest} first",
                            "回答 {expected} はカード {card} の最新の回答ではありません。先に回答 "
                            "{latest} を取り消してください",
                            {{"expected", std::to_string(*expected)},
                             {"card", std::to_string(latest->card_id)},
                             {"latest", std::to_string(latest->review_id)}}));
    }
    UndoneAnswer result;
    result.answer = *latest;
    result.void_id = review_log_.void_answer(latest->review_id, now);
    // Read after the void entry: card_history() inside `replay` no longer sees the answer.
    const CardRecord card = cards_.card(latest->card_id);
    what.deck = card.deck_id;
    what.card = card.id;
    result.deck_id = card.deck_id;
    result.state = replay(card);
    cards_.write_state(card.id, result.state);
    // The statistics' roll-ups count it on the day the calendar in use puts it, which is the
    // one they were made on (use_stats_calendar); the daily roll-up on the day it was given.
    const ReviewLogRow& logged = latest->logged;
    count_in_rollups(card.deck_id, card.id, latest->review_id, logged,
                     calendar.day_number(logged.reviewed), -1);
    // The state before the answer is the one it was tallied from; a cram answer was not.
    if (!logged.cram) {
      daily_stats_.remove(latest->day, card.deck_id,
                          tally_of(result.state, logged.rating, logged.duration_ms));
    }
    undone = result;
  });
  return undone;
}

ImportSummary Collection::import_deck(Deck deck, const std::string& source, TimestampMs now,
                                      bool prune, const ProgressReport& progress) {
  ImportSummary summary;
  Write what{WriteKind::kImport};
  write(what, [&] {
    summary.deck = deck.id;
    const std::int64_t deck_id = decks_.save(deck, source, now);
    what.deck = deck_id;
    // The file's Anki note types first: its notes refer to them (by key, which the file's copy
    // and the one kept share).
    for (const auto& type : deck.note_types) {
      summary.note_type(*note_types_.save(type->definition(), now));
    }
    std::int64_t card_position = 1;
    std::int64_t cards_in_file = 0;
    std::unordered_set<std::int64_t> notes_in_file;
    // The notes are taken out of the deck, which is not needed past its row.
    const std::vector<DeckNote> notes = deck_notes(std::move(deck));
    std::size_t notes_done = 0;
    for (const DeckNote& entry : notes) {
      ++notes_done;
      const NoteSave save = save_note(deck_id, entry.note, entry.sibling_group, card_position, now);
      if (prune) notes_in_file.insert(save.note_id);
      card_position += static_cast<std::int64_t>(save.cards.size());
      cards_in_file += save.cards_of_note;
      summary.count(save);
      progress.cards_done(WorkStage::kImporting,
                          static_cast<double>(notes_done) / static_cast<double>(notes.size()),
                          summary.cards_saved());
    }
    summary.not_in_file = static_cast<int>(cards_.count_in_deck(deck_id) - cards_in_file);
    if (prune) prune_notes_except(deck_id, notes_in_file, summary);
  });
  return summary;
}

void ImportSummary::count(const NoteSave& save) {
  added += save.count(CardChange::kAdded);
  updated += save.count(CardChange::kUpdated);
  unchanged += save.count(CardChange::kUnchanged);
  retired += static_cast<int>(save.retired.size());
  restored += static_cast<int>(save.revived.size());
}

void ImportSummary::note_type(const TemplatedNoteType& type) {
  note_types.push_back(
      {type.name(), type.unknown_filters(), type.template_problems(), type.missing_fields()});
}

void Collection::replace_with(const std::string& source_path, const std::string& staging_path,
                              TimestampMs now, const DayCalendar& calendar,
                              const ProgressReport& progress) {
  // The backup API writes the collection in a transaction of its own: the group's open one
  // (answers whose responses wait for it) is made durable first.
  group_commit_.check_writable();
  group_commit_.commit();
  // Before, in case the copy fails part-way: the backup API writes no row the hook hears.
  forget_kept();
  // The staged copy's roll-ups are made on this calendar before it is copied in: another
  // connection (the server's, when the worker restores) reads no moment of the restored file on
  // the calendar it came with. It keeps them when they are on this calendar already.
  replace_collection(
      database_, source_path, staging_path, now, progress,
      [&](sqlite::Database& staged) { Collection(staged).use_stats_calendar(calendar); });
  // The commit listeners (the due watchers) hear of the new collection as of any change.
  group_commit_.announce_outside_write(Write{WriteKind::kRestore});
}

void Collection::forget_kept() noexcept {
  kept_card_snapshots_.forget();
  forget_kept_but_card_snapshots();
}

void Collection::forget_kept_but_card_snapshots() noexcept {
  due_index_.tagged_cards().forget();
  note_types_.forget();
}

void Collection::wait_for_other_writers() {
  group_commit_.check_writable();
  group_commit_.commit();
  // An empty write transaction: BEGIN IMMEDIATE waits (busy_timeout) for the write lock.
  database_.execute("BEGIN IMMEDIATE");
  database_.execute("COMMIT");
}

IntegrityReport Collection::check_integrity(int most_problems) {
  return daemon::check_integrity(database_, most_problems);
}

}  // namespace kioku::daemon
