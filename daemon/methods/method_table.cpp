// The table itself. Adding a method is one row here plus its handler.
#include "daemon/methods/method_table.hpp"

#include <vector>

#include "protocol/methods.hpp"

namespace kioku::daemon {

namespace m = protocol::method;

namespace {

const ParamSpec kDeckParam{"deck", ParamType::kString, false, "limit to this deck (its id)"};
const ParamSpec kLangParam{"lang", ParamType::kString, false, "language of texts: en or ja"};

const std::vector<Method>& table() {
  static const std::vector<Method> methods = {
      {m::kHello,
       "Greets the daemon: returns its version and protocol version.",
       {{"client", ParamType::kString, false, "the client's name and version"},
        {"protocol", ParamType::kInteger, false, "the protocol version the client speaks"}},
       handle_hello},
      {m::kMethods, "Lists every method with its parameters and help.", {}, handle_methods},
      {m::kShutdown, "Stops the daemon after answering.", {}, handle_shutdown},
      {m::kDeckList, "Lists decks with their card and due counts.", {kLangParam}, handle_deck_list},
      {m::kDeckImport,
       "Imports a deck file (all or nothing): one passed with the request, or a path.",
       {{"fd", ParamType::kInteger, false,
         "0: the deck is the file descriptor passed with this request (SCM_RIGHTS)"},
        {"name", ParamType::kString, false, "with fd: the file as the user named it"},
        {"path", ParamType::kString, false,
         "absolute path of a regular deck file, which kiokud opens itself"}},
       handle_deck_import,
       true},
      {m::kDeckConfig,
       "Shows a deck's options; with `set`, changes them (a new algorithm recomputes the cards).",
       {{"deck", ParamType::kString, true, "the deck's id"},
        {"set", ParamType::kObject, false, "options to change: {\"name\": \"value\", ...}"}},
       handle_deck_config},
      {m::kDoctorRebuild,
       "Recomputes every card's state by replaying its review log; reports what differed.",
       {{"deck", ParamType::kString, false, "only this deck"}},
       handle_doctor_rebuild},
      {m::kDoctorCheck,
       "Runs SQLite's integrity check over the whole collection; reports damage and what to do.",
       {},
       handle_doctor_check},
      {m::kReviewNext,
       "Returns the next card to review, or null when nothing is due.",
       {kDeckParam, kLangParam},
       handle_review_next},
      {m::kReviewAnswer,
       "Records an answer; replies only after it is durable.",
       {{"card", ParamType::kInteger, true, "the card's id, from review.next"},
        {"choice", ParamType::kInteger, false, "the picked choice, counting from 1"},
        {"rating", ParamType::kString, false, "again|hard|good|easy (default: good if right)"},
        {"quality", ParamType::kInteger, false, "0-5, for sm2-classic decks instead of rating"},
        {"duration_ms", ParamType::kInteger, false, "time spent answering, in milliseconds"},
        {"answer_id", ParamType::kString, false,
         "the client's id for this answer: sent again, it is recorded once"},
        kLangParam},
       handle_review_answer},
      {m::kReviewBury,
       "Buries a card until the next day starts: review.next and the counts skip it till then.",
       {{"card", ParamType::kInteger, true, "the card's id, from review.next"}},
       handle_review_bury},
      {m::kReviewUnbury,
       "Brings back every buried card at once.",
       {{"deck", ParamType::kString, false, "only this deck's cards"}},
       handle_review_unbury},
      {m::kDueCounts,
       "Counts the cards to study now: new, learning, review.",
       {kDeckParam},
       handle_due_counts},
      {m::kStatsSummary,
       "Today's reviews, accuracy, time, streak and totals.",
       {},
       handle_stats_summary},
  };
  return methods;
}

}  // namespace

std::span<const Method> method_table() {
  return table();
}

const Method* find_method(std::string_view name) {
  for (const Method& method : table()) {
    if (method.name == name) return &method;
  }
  return nullptr;
}

std::string_view to_string(ParamType type) noexcept {
  switch (type) {
    case ParamType::kString:
      return "string";
    case ParamType::kInteger:
      return "integer";
    case ParamType::kBoolean:
      return "boolean";
    case ParamType::kObject:
      return "object";
  }
  return "unknown";
}

}  // namespace kioku::daemon
