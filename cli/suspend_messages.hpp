// The words of `kioku suspend`, `kioku unsuspend` and `kioku flag` in English and Japanese.
// Patterns are filled in with fill_in() (cli/messages.hpp); a "_one" pattern is for a count of 1,
// its
// "_many" twin for every other count (Japanese says both the same way).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct SuspendMessages {
  const char* suspended_one;  // {count}
  const char* suspended_many;
  const char* unsuspended_one;  // {count}
  const char* unsuspended_many;
  const char* still_suspended;  // {card}: unsuspended, yet a leech, retired or of a deleted note
  const char* already_suspended_one;  // {count}: asked to suspend, suspended before
  const char* already_suspended_many;
  const char* not_suspended_one;  // {count}: asked to unsuspend, not suspended before
  const char* not_suspended_many;
  const char* not_a_card;     // {card}: an argument that is not N or card:N
  const char* no_such_cards;  // {cards}: the ids the daemon does not have
  // kioku flag
  const char* flagged_one;  // {count}, {flag}: the flag's name
  const char* flagged_many;
  const char* unflagged_one;  // {count}: flag none
  const char* unflagged_many;
  const char* not_a_flag;  // {flag}: an argument that names no flag
};
BOOST_DESCRIBE_STRUCT(SuspendMessages, (),
                      (suspended_one, suspended_many, unsuspended_one, unsuspended_many,
                       still_suspended, already_suspended_one, already_suspended_many,
                       not_suspended_one, not_suspended_many, not_a_card, no_such_cards,
                       flagged_one, flagged_many, unflagged_one, unflagged_many, not_a_flag))

const SuspendMessages& suspend_messages_for(const std::string& language);

}  // namespace kioku::cli
