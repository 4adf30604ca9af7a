// doctor.*: SQLite's integrity check of the whole collection on demand, and the rebuild of card
// states from the review log. kiokud does not run the check at start-up, where reading the
// whole file would delay every autostart of a large collection (docs/faults.md).
#include "daemon/methods/clock_check.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/note_size_check.hpp"
#include "daemon/methods/rebuild.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/methods/worker_read.hpp"
#include "daemon/methods/worker_write.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/backup_listing.hpp"
#include "daemon/store/integrity.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// SQLite's integrity check stops after this many problems; more would not change the advice.
constexpr int kMostProblems = 100;

// Every deck's cards (or `deck`'s) replayed and stored in one write, so that an error reply
// means nothing was rebuilt.
protocol::DoctorRebuildResult rebuild_decks(Collection& collection,
                                            const std::optional<std::string>& deck,
                                            const DayCalendar& calendar,
                                            const ProgressReport& progress) {
  protocol::DoctorRebuildResult result;
  collection.write(Write{WriteKind::kRebuild}, [&] {
    // Read inside the write: the decks and their options are the ones the replay stores under.
    const auto decks = queue_decks(collection, 0, deck);
    // The statistics' roll-ups are the whole collection's: refilled when every deck is.
    if (!deck) collection.refill_stats_rollups(calendar);
    for (std::size_t index = 0; index < decks.size(); ++index) {
      const QueueDeck& queued = decks[index];
      const RebuildReport report = rebuild_deck(collection, queued.deck.id, queued.options,
                                                calendar, progress.share(index, decks.size()));
      result.cards += report.cards;
      result.changed += report.changed;
      protocol::DeckRebuild entry;
      static_cast<protocol::RebuildCounts&>(entry) = rebuild_view(report);
      entry.deck = queued.deck.slug;
      result.decks.push_back(std::move(entry));
    }
  });
  return result;
}

// Replaying every card of 220,000 (2.2M answers) took 3.2 s: on the worker, through a
// connection of its own, the other clients' reads are served meanwhile, and their writes are
// refused (kBusy) as during an import, since the worker's transaction holds SQLite's write lock.
protocol::DoctorRebuildResult rebuild(const protocol::DoctorRebuildParams& params,
                                      MethodContext& context) {
  // At once: an unknown deck is refused before anything waits for the worker.
  if (params.deck) context.collection.decks().require(*params.deck);
  return write_on_worker<protocol::DoctorRebuildResult>(
      context, Write{WriteKind::kRebuild},
      bilingual("the collection is busy: kioku doctor --rebuild is rewriting the cards' states "
                "from their logs; nothing was changed, try again when it ends",
                "コレクションは使用中です: kioku doctor --rebuild "
                "がカードの状態を履歴から書き直しています。何も変更していません。終わってから"
                "もう一度試してください"),
      [deck = params.deck](Collection& collection, const WorkerStart& start,
                           const ProgressReport& progress) {
        return rebuild_decks(collection, deck, start.calendar, progress);
      },
      params.progress.value_or(false));
}

// What doctor.check reads besides the collection: where it lives, its day calendar, and now.
struct CheckFacts {
  std::string collection_path;
  DayCalendar calendar;
  TimestampMs now = 0;
  std::string language;  // of the result's words (its problems from SQLite stay as SQLite's)
};

// Every card's stored state against the replay of its log, as doctor.rebuild would store it.
void compare_with_logs(Collection& collection, const DayCalendar& calendar,
                       const ProgressReport& progress, protocol::DoctorCheckResult& result) {
  std::int64_t differing = 0;
  std::vector<std::int64_t> cards;
  const std::vector<QueueDeck> decks = queue_decks(collection, 0, std::nullopt);
  for (std::size_t index = 0; index < decks.size(); ++index) {
    const QueueDeck& deck = decks[index];
    const RebuildReport report = compare_deck(collection, deck.deck.id, deck.options, calendar,
                                              progress.share(index, decks.size()));
    differing += report.changed;
    for (const std::int64_t card : report.changed_cards) {
      if (cards.size() < kReportedCards) cards.push_back(card);
    }
  }
  if (differing == 0) return;
  // emplace: assigning to an Omissible is ambiguous (wire_struct.hpp).
  result.differing.emplace(differing);
  result.differing_cards.emplace(std::move(cards));
}

// The newest backup that passes the integrity check itself: a damaged collection's way back.
std::optional<std::string> newest_good_backup(const std::string& collection_path) {
  const std::string directory = backups_directory(protocol::parent_directory(collection_path));
  for (const ListedBackup& backup : list_backups(directory)) {
    if (passes_integrity_check(backup.path)) return backup.path;
  }
  return std::nullopt;
}

// The check's findings from `integrity`, the file's; `collection` gives its reads, asked for
// only when the file is sound.
protocol::DoctorCheckResult check_result(const IntegrityReport& integrity,
                                         const std::function<Collection&()>& collection,
                                         const CheckFacts& facts, const ProgressReport& progress) {
  protocol::DoctorCheckResult result;
  result.path = facts.collection_path;
  result.ok = integrity.problems.empty();
  if (!integrity.sound()) result.advice = text_in(integrity.advice, facts.language);
  for (const BilingualMessage& problem : integrity.problems) {
    result.problems.push_back(text_in(problem, facts.language));
  }
  // Not damage (ok stays true): the file is sound, but its times or the clock are not, or notes
  // hold more text than a note may now. Only asked of a sound file, where reading the log and
  // the notes cannot fail for damage.
  result.warnings.emplace();
  if (result.ok) {
    if (const auto warning = future_answers_warning(collection(), facts.now)) {
      result.warnings->push_back(text_in(*warning, facts.language));
    }
    for (const BilingualMessage& warning : oversized_note_warnings(collection())) {
      result.warnings->push_back(text_in(warning, facts.language));
    }
    compare_with_logs(collection(), facts.calendar, progress, result);
  } else {
    if (auto good = newest_good_backup(facts.collection_path)) {
      result.good_backup.emplace(std::move(*good));
    }
  }
  return result;
}

// Reading the whole file and replaying every card's log took 5.7-7.9 s on 220,000 cards (2.2M
// answers): on the worker, through a snapshot of its own, the other clients are served meanwhile.
protocol::DoctorCheckResult check(const protocol::DoctorCheckParams& params,
                                  MethodContext& context) {
  CheckFacts facts{context.collection_path, context.calendar, context.clock.now(),
                   checked_language(params.lang)};
  return read_on_worker<protocol::DoctorCheckResult>(
      context,
      [facts = std::move(facts)](CollectionReads& reads, const ProgressReport& progress) {
        // SQLite's check tells nothing of how far it has come: its stage is shown, then done.
        progress(WorkStage::kChecking, 0, 1);
        const IntegrityReport integrity = reads.check_integrity(kMostProblems, progress);
        progress(WorkStage::kChecking, 1, 1);
        return check_result(
            integrity, [&]() -> Collection& { return reads.collection(); }, facts, progress);
      },
      params.progress.value_or(false));
}

}  // namespace

std::vector<Method> doctor_methods() {
  return {method_row(protocol::kDoctorRebuild, rebuild), method_row(protocol::kDoctorCheck, check)};
}

}  // namespace kioku::daemon
