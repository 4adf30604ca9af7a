// kioku doctor [--rebuild [--deck ID]]: the collection's integrity check, or replaying every
// review log into the cards' states.
#include <optional>
#include <ostream>

#include "cli/commands.hpp"
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
void print_check(const protocol::DoctorCheckResult& result, std::ostream& out) {
  if (result.ok) {
    out << "The collection " << safe_line(result.path) << " is intact\n";
    if (result.warnings) {
      for (const std::string& warning : *result.warnings) {
        out << "warning: " << safe_line(warning) << '\n';
      }
    }
    return;
  }
  for (const std::string& problem : result.problems) out << safe_line(problem) << '\n';
}

// `kioku doctor`: damage is an error (exit code 1) whose line says what to do; the problems
// SQLite found go to stdout first.
void check_collection(CliContext& context) {
  const boost::json::value reply = context.daemon().call(protocol::kDoctorCheck.name);
  if (context.json) print_json(reply);
  const auto result =
      protocol::decode_result<protocol::DoctorCheckResult>(protocol::kDoctorCheck.name, reply);
  if (!context.json) print_check(result, std::cout);
  if (result.ok) return;
  throw Error(ErrorCode::kStorage,
              "SQLite found " + std::to_string(result.problems.size()) +
                  (result.problems.size() == 1 ? " problem: " : " problems: ") +
                  result.advice.value_or("restore a backup"));
}

// What `kioku doctor --rebuild` changed: the totals, then the fixed cards of each deck.
void print_rebuild(const protocol::DoctorRebuildResult& result, std::ostream& out) {
  out << "Replayed " << result.cards
      << (result.cards == 1 ? " card from its review log: " : " cards from their review logs: ")
      << result.changed
      << (result.changed == 1 ? " differed from the stored state and was fixed\n"
                              : " differed from the stored state and were fixed\n");
  for (const protocol::DeckRebuild& entry : result.decks) {
    if (entry.changed == 0) continue;
    out << "  " << safe_line(entry.deck) << ": cards";
    for (const std::int64_t card : entry.changed_cards) out << ' ' << card;
    out << '\n';
  }
}

void run_doctor(CliContext& context, const DoctorArgs& args) {
  // The integrity check covers the whole collection: a deck there would be silently ignored.
  if (!args.rebuild && args.deck) {
    throw Error(ErrorCode::kInvalidParams,
                "--deck applies only with --rebuild (kioku doctor checks the whole collection)");
  }
  if (!args.rebuild) {
    check_collection(context);
    return;
  }
  call_and_show(context, protocol::kDoctorRebuild, deck_params(args.deck.value_or("")),
                print_rebuild);
}

}  // namespace

CommandGroup doctor_commands() {
  return {Command<DoctorArgs>("doctor",
                              "Check the collection for damage; --rebuild replays every review log")
              .flag(&DoctorArgs::rebuild, "--rebuild",
                    "recompute every card's state from its review log")
              .option(&DoctorArgs::deck, "--deck", "only this deck (with --rebuild)")
              .runs(run_doctor)};
}

}  // namespace kioku::cli
