#include "core/reminder_message.hpp"

namespace kioku {

std::string ReminderMessage::in_language(const std::string& language) const {
  if (language == "en") return english;
  if (language == "ja") return japanese;
  return english + "\n" + japanese;
}

ReminderMessage reminder_message(std::int64_t due) {
  const std::string count = std::to_string(due);
  return ReminderMessage{
      .english = due == 1 ? "1 card is due for review" : count + " cards are due for review",
      .japanese = "復習するカードが" + count + "枚あります"};
}

}  // namespace kioku
