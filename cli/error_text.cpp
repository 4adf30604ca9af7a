#include "cli/error_text.hpp"

namespace kioku::cli {

std::string error_text(const Error& error, const std::string& language) {
  return language == "ja" && !error.japanese().empty() ? error.japanese()
                                                       : std::string(error.what());
}

}  // namespace kioku::cli
