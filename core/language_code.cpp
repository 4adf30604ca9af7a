#include "core/language_code.hpp"

#include <cctype>

namespace kioku {

bool is_language_code(std::string_view text) {
  if (text.size() < 2 || text.size() > 8) return false;
  for (char c : text) {
    if (!std::islower(static_cast<unsigned char>(c)) && c != '-') return false;
  }
  return true;
}

}  // namespace kioku
