// Reading a card's stored content JSON straight into CardContent, with Boost.JSON's parser and a
// handler of its own: no value tree is built and dropped on the way. Parsing into a tree and
// converting it cost a review.answer about 20,000 instructions, the most of kiokud's own work
// per answer. The rules are the tree's (tests/daemon/card_content_test.cpp compares the two):
// the document must be an object; "question" and "explanation" are objects of strings by
// language, "choices" an object of arrays of strings by language, "answer" an integer; values
// of another type are skipped; of a key given twice the last counts.
#include <boost/json/basic_parser_impl.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "daemon/store/card_content.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

enum class Member { kOther, kQuestion, kChoices, kAnswer, kExplanation };

Member member_named(std::string_view key) {
  if (key == "question") return Member::kQuestion;
  if (key == "choices") return Member::kChoices;
  if (key == "answer") return Member::kAnswer;
  if (key == "explanation") return Member::kExplanation;
  return Member::kOther;
}

class ContentHandler {
 public:
  static constexpr std::size_t max_object_size = std::size_t(-1);
  static constexpr std::size_t max_array_size = std::size_t(-1);
  static constexpr std::size_t max_key_size = std::size_t(-1);
  static constexpr std::size_t max_string_size = std::size_t(-1);

  explicit ContentHandler(CardContent& content, ContentParts parts)
      : content_(content), parts_(parts) {}

  bool top_is_object() const noexcept { return top_is_object_; }

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }

  bool on_object_begin(json::error_code&) {
    if (depth_ == 0) top_is_object_ = true;
    if (depth_ == 1) begin_member_value(true);
    ++depth_;
    return true;
  }
  bool on_object_end(std::size_t, json::error_code&) {
    --depth_;
    return true;
  }
  bool on_array_begin(json::error_code&) {
    if (depth_ == 1) begin_member_value(false);
    if (depth_ == 2 && member_ == Member::kChoices && in_member_object_) {
      list_ = &content_.choices[language_];
      list_->clear();
    }
    ++depth_;
    return true;
  }
  bool on_array_end(std::size_t, json::error_code&) {
    --depth_;
    if (depth_ == 2) list_ = nullptr;
    return true;
  }

  bool on_key_part(json::string_view part, std::size_t, json::error_code&) {
    key_.append(part.data(), part.size());
    return true;
  }
  bool on_key(json::string_view part, std::size_t, json::error_code&) {
    key_.append(part.data(), part.size());
    if (depth_ == 1) member_ = member_named(key_);
    if (depth_ == 2) {
      language_ = key_;
      forget_language();  // given again: the last one counts, whatever its type
    }
    key_.clear();
    return true;
  }

  bool on_string_part(json::string_view part, std::size_t, json::error_code&) {
    if (keeps_string()) text_.append(part.data(), part.size());
    return true;
  }
  bool on_string(json::string_view part, std::size_t, json::error_code&) {
    if (depth_ == 1) begin_member_value(false);
    if (keeps_string()) {
      text_.append(part.data(), part.size());
      store_string();
    } else if (list_ != nullptr && depth_ == 3) {
      list_->emplace_back();  // counted, not kept (ContentParts::kGrading)
    }
    text_.clear();
    return true;
  }

  bool on_number_part(json::string_view, json::error_code&) { return true; }
  bool on_int64(std::int64_t number, json::string_view, json::error_code&) {
    if (depth_ == 1) {
      begin_member_value(false);
      if (member_ == Member::kAnswer) content_.answer = static_cast<int>(number);
    }
    return true;
  }
  bool on_uint64(std::uint64_t, json::string_view, json::error_code&) { return scalar(); }
  bool on_double(double, json::string_view, json::error_code&) { return scalar(); }
  bool on_bool(bool, json::error_code&) { return scalar(); }
  bool on_null(json::error_code&) { return scalar(); }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }

 private:
  bool scalar() {
    if (depth_ == 1) begin_member_value(false);
    return true;
  }

  // A top-level member's value begins: it replaces what an earlier one of the same name gave.
  void begin_member_value(bool is_object) {
    in_member_object_ = is_object;
    switch (member_) {
      case Member::kQuestion:
        content_.question.clear();
        break;
      case Member::kChoices:
        content_.choices.clear();
        break;
      case Member::kAnswer:
        content_.answer = 0;
        break;
      case Member::kExplanation:
        content_.explanation.clear();
        break;
      case Member::kOther:
        break;
    }
  }

  void forget_language() {
    if (!in_member_object_) return;
    if (member_ == Member::kQuestion) content_.question.erase(language_);
    if (member_ == Member::kChoices) content_.choices.erase(language_);
    if (member_ == Member::kExplanation) content_.explanation.erase(language_);
  }

  bool keeps_string() const noexcept {
    if (!in_member_object_) return false;
    if (depth_ == 2) {
      return member_ == Member::kExplanation ||
             (member_ == Member::kQuestion && parts_ == ContentParts::kAll);
    }
    return depth_ == 3 && list_ != nullptr && parts_ == ContentParts::kAll;
  }

  void store_string() {
    if (depth_ == 3) {
      list_->push_back(text_);
    } else {
      (member_ == Member::kQuestion ? content_.question : content_.explanation)[language_] = text_;
    }
  }

  CardContent& content_;
  ContentParts parts_;
  int depth_ = 0;
  bool top_is_object_ = false;
  Member member_ = Member::kOther;
  bool in_member_object_ = false;  // the current top-level member's value is an object
  std::string key_;
  std::string language_;
  std::string text_;
  std::vector<std::string>* list_ = nullptr;  // the choices of `language_` being read
};

}  // namespace

CardContent content_from_json(const std::string& text, ContentParts parts) {
  CardContent content;
  json::basic_parser<ContentHandler> parser(json::parse_options{}, content, parts);
  json::error_code error;
  const std::size_t used = parser.write_some(false, text.data(), text.size(), error);
  if (error || used < text.size() || !parser.handler().top_is_object()) {
    throw Error(ErrorCode::kStorage,
                bilingual("stored card content is not a JSON object",
                          "保存されたカードの内容が JSON オブジェクトではありません"));
  }
  return content;
}

}  // namespace kioku::daemon
