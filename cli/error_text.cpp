#include "cli/error_text.hpp"

namespace kioku::cli {

const std::string& text_in(const BilingualMessage& message, const std::string& language) {
  return language == "ja" && !message.japanese.empty() ? message.japanese : message.english;
}

std::string error_text(const Error& error, const std::string& language) {
  return language == "ja" && !error.japanese().empty() ? error.japanese()
                                                       : std::string(error.what());
}

}  // namespace kioku::cli
