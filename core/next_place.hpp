// Searching one text for one needle from places that only grow, as the template parser and its
// filters scan: the last answer is remembered, so the searches together read the text once
// however many places ask (a hostile template cannot make them quadratic).
#pragma once

#include <cstddef>
#include <string_view>

namespace kioku {

class NextPlace {
 public:
  NextPlace(std::string_view text, std::string_view needle) : text_(text), needle_(needle) {}

  // The first place of the needle at or after `at`; npos when there is none.
  std::size_t from(std::size_t at) {
    if (!known_ || (found_ != std::string_view::npos && found_ < at)) {
      found_ = text_.find(needle_, at);
      known_ = true;
    }
    return found_;
  }

 private:
  std::string_view text_;
  std::string_view needle_;
  std::size_t found_ = 0;
  bool known_ = false;
};

}  // namespace kioku
