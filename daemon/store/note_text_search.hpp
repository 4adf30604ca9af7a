// note.find's text in SQL: kioku_fields_have_text(fields, query), whether `query` is in one of
// the texts of a note's fields column (its JSON, daemon/store/note_codec.hpp), in any language,
// as core/text_query.hpp matches. Matching the column's JSON with LIKE found "name", "text" and
// a language code in every note, and no full-width or non-ASCII case form of a word.
#pragma once

namespace kioku::daemon {

namespace sqlite {
class Database;
}  // namespace sqlite

// Adds the function to the connection; NULL either side, or a column that is not the fields'
// JSON, is no match (doctor reports such a row), but for a query of only whitespace, which
// matches every row. Again is harmless.
void add_fields_have_text_function(sqlite::Database& database);

}  // namespace kioku::daemon
