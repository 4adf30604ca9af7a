// kioku due: how many cards to study now; --count for a prompt, --watch for a status bar.
#include <boost/json.hpp>
#include <iostream>
#include <optional>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/deck_refusal.hpp"
#include "cli/due_count.hpp"
#include "cli/due_format.hpp"
#include "cli/due_messages.hpp"
#include "cli/messages.hpp"
#include "cli/overview_messages.hpp"
#include "cli/reply.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/json_text.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

namespace json = boost::json;

struct DueArgs {
  std::string deck;
  std::optional<std::string> tag;  // sent as given: kiokud refuses an empty one
  bool count = false;
  bool watch = false;
  std::string format;
};

// The counts as one line: the --format template when given, else the sentence of `words`.
std::string due_line(const protocol::Counts& counts, const std::string& format,
                     const OverviewMessages& words) {
  if (!format.empty()) return format_due(format, counts);
  return fill_in(words.due_counts, {{"total", std::to_string(counts.total)},
                                    {"new", std::to_string(counts.new_)},
                                    {"learning", std::to_string(counts.learning)},
                                    {"review", std::to_string(counts.review)}});
}

void print_due_counts(const protocol::DueCountsResult& counts, const OverviewMessages& words,
                      std::ostream& out) {
  out << due_line(counts, "", words) << '\n';
}

// One line of --watch's output, flushed at once: a status bar reads it as it comes.
void print_watch_line(const CliContext& context, const DueArgs& args, const json::value& result,
                      const protocol::DueCountsResult& counts) {
  if (context.json) {
    std::cout << safe_json(protocol::to_json_text(result)) << std::endl;
    return;
  }
  std::cout << due_line(counts, args.format, overview_messages_for(context.language)) << std::endl;
}

// Subscribes, prints the counts now, then a line each time they change, until kiokud goes.
int watch_due(CliContext& context, const DueArgs& args) {
  const DueMessages& words = due_messages_for(context.language);
  Client& client = context.daemon();
  const json::value first = client.call(protocol::kDueWatch.name, deck_params(args.deck));
  print_watch_line(
      context, args, first,
      protocol::decode_result<protocol::DueCountsResult>(protocol::kDueWatch.name, first));
  for (;;) {
    const std::optional<std::string> line = client.next_unasked_line();
    if (!line) throw Error(ErrorCode::kUnavailable, words.watch_ended);
    json::error_code error;
    const json::value message = json::parse(*line, error);
    const json::object* object = !error && message.is_object() ? &message.as_object() : nullptr;
    const json::value* method = object ? object->if_contains("method") : nullptr;
    const json::value* params = object ? object->if_contains("params") : nullptr;
    if (!method || !params || !method->is_string() ||
        method->as_string() != protocol::kDueChanged) {
      throw Error(ErrorCode::kInternal,
                  fill_in(words.watch_strange_line, {{"line", printable(*line, 200)}}));
    }
    const auto counts =
        protocol::decode_result<protocol::DueCountsResult>(protocol::kDueChanged, *params);
    print_watch_line(context, args, *params, counts);
  }
}

}  // namespace

CommandGroup due_commands() {
  return {Command<DueArgs>("due", {"Count the cards due now", "今復習するカードの数を表示"})
              .option(&DueArgs::deck, "--deck", {"only this deck", "このデッキだけ"})
              .option(&DueArgs::tag, "--tag",
                      {"only cards of notes with this tag or a tag under it (a::b), any case",
                       "このタグかその下のタグ（a::b）を持つノートのカードだけ（大文字小文字を区別"
                       "しない）"})
              .flag(&DueArgs::count, "--count",
                    {"print only the total, as fast as can be (for prompts)",
                     "合計の数だけを最速で表示（プロンプト用）"})
              .flag(&DueArgs::watch, "--watch",
                    {"print the counts, then a line whenever they change (for status bars)",
                     "数を表示し、変わるたびに一行表示（ステータスバー用）"})
              .option(&DueArgs::format, "--format",
                      {"the line to print: {total} {new} {learning} {review} are the counts",
                       "表示する行: {total} {new} {learning} {review} に数が入る"})
              .shows(protocol::kDueCounts,
                     [](const protocol::DueCountsResult& counts, std::ostream& out) {
                       print_due_counts(counts, overview_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const DueArgs& args) -> int {
                if (args.count && args.watch) {
                  throw Error(ErrorCode::kInvalidParams,
                              due_messages_for(context.language).count_with_watch);
                }
                // A status bar counts what is due, whatever its tags (due.watch watches a deck).
                if (args.tag && args.watch) {
                  throw Error(ErrorCode::kInvalidParams,
                              due_messages_for(context.language).tag_with_watch);
                }
                if (!args.format.empty()) check_due_format(args.format, context.language);
                // An unknown or ambiguous --deck in the user's language, not kiokud's English.
                return worded_deck_refusal(args.deck, context.language, [&] {
                  if (args.count) return print_due_total(context, args.deck, args.tag);
                  if (args.watch) return watch_due(context, args);
                  call_and_show(context, protocol::kDueCounts,
                                due_counts_params(args.deck, args.tag),
                                [&](const protocol::DueCountsResult& counts, std::ostream& out) {
                                  out << due_line(counts, args.format,
                                                  overview_messages_for(context.language))
                                      << '\n';
                                });
                  return kExitOk;
                });
              })};
}

}  // namespace kioku::cli
