// kioku doctor [--rebuild [--deck ID]]: the collection's integrity check, or replaying every
// review log into the cards' states.
#include <optional>
#include <ostream>

#include "cli/backup_messages.hpp"
#include "cli/commands.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/progress_bar.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct DoctorArgs {
  bool rebuild = false;
  std::optional<std::string> deck;
};

// What the integrity check found: that the collection is intact (with SQLite's warnings), or
// the problems SQLite found.
void print_check(const protocol::DoctorCheckResult& result, const std::string& language,
                 std::ostream& out) {
  const MaintenanceMessages& words = maintenance_messages_for(language);
  if (result.ok) {
    out << fill_in(words.intact, {{"path", safe_line(result.path)}}) << '\n';
    if (result.warnings) {
      for (const std::string& warning : *result.warnings) {
        out << fill_in(words.warning, {{"text", safe_line(warning)}}) << '\n';
      }
    }
    return;
  }
  for (const std::string& problem : result.problems) out << safe_line(problem) << '\n';
  const BackupMessages& backup_words = backup_messages_for(language);
  if (result.good_backup) {
    const std::string path = safe_line(*result.good_backup);
    out << fill_in(backup_words.good_backup, {{"path", path}}) << '\n'
        << fill_in(backup_words.restore_line, {{"path", path}}) << '\n';
  } else {
    out << backup_words.no_good_backup << '\n';
  }
}

// Card ids as " 3 7 12".
std::string card_list(const std::vector<std::int64_t>& cards) {
  std::string text;
  for (const std::int64_t card : cards) text += ' ' + std::to_string(card);
  return text;
}

// `kioku doctor`: damage is an error (exit code 1) whose line says what to do; the problems
// SQLite found go to stdout first, with the newest backup that passes the check and the line
// that restores it. Card states that differ from their logs are an error too.
void check_collection(CliContext& context) {
  const MaintenanceMessages& words = maintenance_messages_for(context.language);
  // A bar on stderr, when it is a terminal: the check of a large collection takes seconds.
  const boost::json::value reply =
      call_showing_progress(context.daemon(), protocol::kDoctorCheck.name,
                            {{"lang", context.language}}, context.language);
  if (context.json) print_json(reply);
  const auto result =
      protocol::decode_result<protocol::DoctorCheckResult>(protocol::kDoctorCheck.name, reply);
  if (!context.json) print_check(result, context.language, std::cout);
  if (result.ok) {
    // Sound, but cards whose states the log does not give: an error that says how to fix it.
    if (result.differing && *result.differing > 0) {
      throw Error(
          ErrorCode::kConflict,
          fill_in(*result.differing == 1 ? words.differing_one : words.differing_many,
                  {{"count", std::to_string(*result.differing)},
                   {"cards",
                    card_list(result.differing_cards.value_or(std::vector<std::int64_t>{}))}}));
    }
    return;
  }
  const auto count = static_cast<std::int64_t>(result.problems.size());
  throw Error(ErrorCode::kStorage,
              fill_in(count == 1 ? words.problems_one : words.problems_many,
                      {{"count", std::to_string(count)},
                       {"advice", result.advice.value_or(words.restore_backup)}}));
}

// What `kioku doctor --rebuild` changed: the totals, then the fixed cards of each deck.
void print_rebuild(const protocol::DoctorRebuildResult& result, const MaintenanceMessages& words,
                   std::ostream& out) {
  out << fill_in_count(result.cards, words.replayed_one, words.replayed_many)
      << fill_in_count(result.changed, words.fixed_one, words.fixed_many) << '\n';
  for (const protocol::DeckRebuild& entry : result.decks) {
    if (entry.changed == 0) continue;
    out << "  "
        << fill_in(words.fixed_cards,
                   {{"deck", safe_line(entry.deck)}, {"cards", card_list(entry.changed_cards)}})
        << '\n';
  }
}

void run_doctor(CliContext& context, const DoctorArgs& args) {
  // The integrity check covers the whole collection: a deck there would be silently ignored.
  const MaintenanceMessages& words = maintenance_messages_for(context.language);
  if (!args.rebuild && args.deck) {
    throw Error(ErrorCode::kInvalidParams, words.deck_without_rebuild);
  }
  if (!args.rebuild) {
    check_collection(context);
    return;
  }
  show_result(context, protocol::kDoctorRebuild,
              call_showing_progress(context.daemon(), protocol::kDoctorRebuild.name,
                                    deck_params(args.deck.value_or("")), context.language),
              [&](const protocol::DoctorRebuildResult& result, std::ostream& out) {
                print_rebuild(result, words, out);
              });
}

}  // namespace

CommandGroup doctor_commands() {
  return {Command<DoctorArgs>(
              "doctor", {"Check the collection for damage; --rebuild replays every review log",
                         "コレクションの破損を検査する。--rebuild なら全復習ログを再生する"})
              .flag(&DoctorArgs::rebuild, "--rebuild",
                    {"recompute every card's state from its review log",
                     "全カードの状態を復習ログから再計算する"})
              .option(&DoctorArgs::deck, "--deck",
                      {"only this deck (with --rebuild)", "このデッキだけ（--rebuild と一緒に）"})
              .runs(run_doctor)};
}

}  // namespace kioku::cli
