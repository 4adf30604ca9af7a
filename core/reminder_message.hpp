// The words of a reminder, which kiokud hands to the notify command (docs/reminders.md).
#pragma once

#include <cstdint>
#include <string>

namespace kioku {

struct ReminderMessage {
  std::string english;   // "12 cards are due for review"
  std::string japanese;  // "復習するカードが12枚あります"
  // The notification's text in `language` ("en" or "ja"); both lines, English first, for "".
  std::string in_language(const std::string& language) const;
};

ReminderMessage reminder_message(std::int64_t due);

}  // namespace kioku
