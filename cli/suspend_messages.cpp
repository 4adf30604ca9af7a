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
    .already_suspended_one = "{count} card was suspended already",
    .already_suspended_many = "{count} cards were suspended already",
    .not_suspended_one = "{count} card was not suspended",
    .not_suspended_many = "{count} cards were not suspended",
    .not_a_card = "{card} is not a card id (N or card:N)",
    .no_such_cards = "No card {cards}: nothing was changed",
    .flagged_one = "{count} card flagged {flag}",
    .flagged_many = "{count} cards flagged {flag}",
    .unflagged_one = "{count} card's flag taken off",
    .unflagged_many = "{count} cards' flags taken off",
    .not_a_flag =
        "flag: \"{flag}\" is no flag (red, orange, green, blue, pink, turquoise, purple, none, "
        "or 0 to 7)",
};

const SuspendMessages kJapanese{
    .suspended_one = "{count} 枚のカードを保留にしました",
    .suspended_many = "{count} 枚のカードを保留にしました",
    .unsuspended_one = "{count} 枚のカードの保留を解除しました",
    .unsuspended_many = "{count} 枚のカードの保留を解除しました",
    .still_suspended =
        "カード {card} "
        "は保留のままです（リーチ、使われなくなったカード、または削除されたノートのカードです）",
    .already_suspended_one = "{count} 枚はすでに保留でした",
    .already_suspended_many = "{count} 枚はすでに保留でした",
    .not_suspended_one = "{count} 枚は保留ではありませんでした",
    .not_suspended_many = "{count} 枚は保留ではありませんでした",
    .not_a_card = "{card} はカードの ID ではありません（N または card:N）",
    .no_such_cards = "カード {cards} はありません。何も変更していません",
    .flagged_one = "{count} 枚のカードに{flag}のフラグを付けました",
    .flagged_many = "{count} 枚のカードに{flag}のフラグを付けました",
    .unflagged_one = "{count} 枚のカードのフラグを外しました",
    .unflagged_many = "{count} 枚のカードのフラグを外しました",
    .not_a_flag =
        "flag: 「{flag}」はフラグではありません（赤、オレンジ、緑、青、ピンク、ターコイズ、紫、"
        "なし、または 0 から 7）",
};

}  // namespace

const SuspendMessages& suspend_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
