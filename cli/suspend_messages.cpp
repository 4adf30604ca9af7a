// The suspend commands' words in English and Japanese. Japanese follows Anki's: 保留 for
// suspending (延期 is burying).
#include "cli/suspend_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const SuspendMessages kEnglish{
    .suspended_one = "{count} card suspended",
    .suspended_many = "{count} cards suspended",
    .unsuspended_one = "{count} card unsuspended",
    .unsuspended_many = "{count} cards unsuspended",
    .still_suspended =
        "Card {card} stays suspended: it is a leech, retired, or its note is deleted",
    .not_a_card = "{card} is not a card id (N or card:N)",
    .no_such_cards = "No card {cards}: nothing was changed",
};

const SuspendMessages kJapanese{
    .suspended_one = "{count} 枚のカードを保留にしました",
    .suspended_many = "{count} 枚のカードを保留にしました",
    .unsuspended_one = "{count} 枚のカードの保留を解除しました",
    .unsuspended_many = "{count} 枚のカードの保留を解除しました",
    .still_suspended =
        "カード {card} "
        "は保留のままです（リーチ、使われなくなったカード、または削除されたノートのカードです）",
    .not_a_card = "{card} はカードの ID ではありません（N または card:N）",
    .no_such_cards = "カード {cards} はありません。何も変更していません",
};

}  // namespace

const SuspendMessages& suspend_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
