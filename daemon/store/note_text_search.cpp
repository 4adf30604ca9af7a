// note.find's text in SQL (daemon/store/note_text_search.hpp).
#include "daemon/store/note_text_search.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "core/text_query.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

namespace json = boost::json;

// Looks for the query in each text of the fields column ([{"name", "text": {language: text}},
// ...]) as Boost.JSON's parser reads it, with no value tree built: a search of 1M notes took
// 1.2-1.4 s through a tree, 0.57-0.65 s so (LIKE over the JSON took 0.41-0.56 s). Only the
// strings directly in the object under a field's "text" key are texts; the names, the keys and
// anything nested deeper (a forged column) are not. Stops the parse at the first text that has
// it.
class FieldTextsHandler {
 public:
  static constexpr std::size_t max_object_size = std::size_t(-1);
  static constexpr std::size_t max_array_size = std::size_t(-1);
  static constexpr std::size_t max_key_size = std::size_t(-1);
  static constexpr std::size_t max_string_size = std::size_t(-1);

  explicit FieldTextsHandler(const TextQuery& query) : query_(query) {}

  bool found() const noexcept { return found_; }

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }
  bool on_object_begin(json::error_code&) {
    ++depth_;
    begin_value(true);
    return true;
  }
  bool on_object_end(std::size_t, json::error_code&) {
    end_value();
    return true;
  }
  bool on_array_begin(json::error_code&) {
    ++depth_;
    begin_value(false);
    return true;
  }
  bool on_array_end(std::size_t, json::error_code&) {
    end_value();
    return true;
  }
  bool on_key_part(json::string_view part, std::size_t, json::error_code&) {
    if (depth_ == 2) key_.append(part.data(), part.size());
    return true;
  }
  bool on_key(json::string_view part, std::size_t, json::error_code&) {
    if (depth_ == 2) {
      key_.append(part.data(), part.size());
      key_is_text_ = key_ == "text";
      key_.clear();
    }
    return true;
  }
  bool on_string_part(json::string_view part, std::size_t, json::error_code&) {
    if (in_texts_ && depth_ == 3) text_.append(part.data(), part.size());
    return true;
  }
  bool on_string(json::string_view part, std::size_t, json::error_code&) {
    if (!in_texts_ || depth_ != 3) return true;
    if (text_.empty()) {
      found_ = query_.found_in(std::string_view(part.data(), part.size()));
    } else {
      text_.append(part.data(), part.size());
      found_ = query_.found_in(text_);
      text_.clear();
    }
    return !found_;  // found: the parse stops here
  }
  bool on_number_part(json::string_view, json::error_code&) { return true; }
  bool on_int64(std::int64_t, json::string_view, json::error_code&) { return true; }
  bool on_uint64(std::uint64_t, json::string_view, json::error_code&) { return true; }
  bool on_double(double, json::string_view, json::error_code&) { return true; }
  bool on_bool(bool, json::error_code&) { return true; }
  bool on_null(json::error_code&) { return true; }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }

 private:
  // An object or array opened, `depth_` now its depth: a field's (depth 2) starts with no key
  // seen; the value of a field's "text" key (depth 3) is its texts when it is an object. Only
  // strings directly in that object are texts, not those of anything nested in it.
  void begin_value(bool is_object) {
    if (depth_ == 2) key_is_text_ = false;
    if (depth_ == 3) {
      in_texts_ = key_is_text_ && is_object;
      key_is_text_ = false;
    }
  }
  void end_value() {
    if (depth_ == 3) in_texts_ = false;
    if (depth_ == 2) key_is_text_ = false;
    --depth_;
  }

  const TextQuery& query_;
  int depth_ = 0;
  bool key_is_text_ = false;  // the last key of a field's object was "text"
  bool in_texts_ = false;     // inside a field's texts by language
  bool found_ = false;
  std::string key_;
  std::string text_;
};

// Whether `query` is in a text of the fields column `fields`. A column that does not parse is
// looked in as far as it does. A query of only whitespace matches every note, one without texts
// too.
bool fields_have(std::string_view fields, const TextQuery& query) {
  if (query.matches_everything()) return true;
  json::basic_parser<FieldTextsHandler> parser(json::parse_options{}, query);
  json::error_code error;
  parser.write_some(false, fields.data(), fields.size(), error);
  return parser.handler().found();
}

void fields_have_text(sqlite3_context* context, int, sqlite3_value** values) {
  if (sqlite3_value_type(values[0]) == SQLITE_NULL ||
      sqlite3_value_type(values[1]) == SQLITE_NULL) {
    sqlite3_result_int(context, 0);
    return;
  }
  try {
    // The query is normalised once a statement, not once a row: SQLite keeps it beside the
    // constant argument (sqlite3_set_auxdata).
    const auto* kept = static_cast<const TextQuery*>(sqlite3_get_auxdata(context, 1));
    std::unique_ptr<TextQuery> made;
    if (kept == nullptr) {
      made = std::make_unique<TextQuery>(sqlite::value_text(values[1]));
      kept = made.get();
    }
    sqlite3_result_int(context, fields_have(sqlite::value_text(values[0]), *kept) ? 1 : 0);
    // Last: SQLite may free it at once, before set_auxdata returns.
    if (made) {
      sqlite3_set_auxdata(context, 1, made.release(),
                          [](void* query) { delete static_cast<TextQuery*>(query); });
    }
  } catch (const std::bad_alloc&) {
    sqlite3_result_error_nomem(context);
  } catch (const std::exception& error) {
    sqlite3_result_error(context, error.what(), -1);
  }
}

}  // namespace

void add_fields_have_text_function(sqlite::Database& database) {
  sqlite::add_function(database, "kioku_fields_have_text", 2,
                       SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr, fields_have_text);
}

}  // namespace kioku::daemon
