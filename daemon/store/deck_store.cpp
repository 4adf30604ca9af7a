// The decks table's SQL, prepared once.
#include "daemon/store/deck_store.hpp"

#include <boost/json.hpp>
#include <utility>

#include "core/error.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct DeckStore::Statements {
  explicit Statements(sqlite::Database& database)
      : select_all(
            database.prepare("SELECT id, slug, name, algorithm, options FROM decks ORDER BY id")),
        select_by_slug(database.prepare(
            "SELECT id, slug, name, algorithm, options FROM decks WHERE slug = ?1")),
        insert(database.prepare(
            "INSERT INTO decks (slug, name, description, languages, source, created_ms, "
            "modified_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)")),
        update(database.prepare(
            "UPDATE decks SET name = ?2, description = ?3, languages = ?4, source = ?5, "
            "modified_ms = ?6 WHERE id = ?1")),
        update_options(
            database.prepare("UPDATE decks SET options = ?2, algorithm = ?3 WHERE id = ?1")),
        select_text(database.prepare("SELECT description, languages FROM decks WHERE id = ?1")) {}

  sqlite::Statement select_all;
  sqlite::Statement select_by_slug;
  sqlite::Statement insert;
  sqlite::Statement update;
  sqlite::Statement update_options;
  sqlite::Statement select_text;
};

namespace {

DeckRow read_deck(const sqlite::Statement& row) {
  DeckRow deck;
  deck.id = row.column_int(0);
  deck.slug = row.column_text(1);
  deck.name = localized_from_json(row.column_text(2));
  deck.algorithm = row.column_text(3);
  deck.options_json = row.column_text(4);
  return deck;
}

std::string languages_json(const std::vector<std::string>& languages) {
  boost::json::array array;
  for (const std::string& language : languages) array.emplace_back(language);
  return boost::json::serialize(array);
}

}  // namespace

DeckStore::DeckStore(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {}

DeckStore::~DeckStore() = default;

std::vector<DeckRow> DeckStore::all() {
  sqlite::Statement& select = statements_->select_all;
  sqlite::StatementScope scope(select);
  std::vector<DeckRow> decks;
  while (select.step()) decks.push_back(read_deck(select));
  return decks;
}

std::optional<DeckRow> DeckStore::by_slug(const std::string& slug) {
  sqlite::Statement& select = statements_->select_by_slug;
  sqlite::StatementScope scope(select);
  select.bind(1, slug);
  if (!select.step()) return std::nullopt;
  return read_deck(select);
}

DeckText DeckStore::text(std::int64_t deck_id) {
  sqlite::Statement& select = statements_->select_text;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id);
  if (!select.step()) {
    throw Error(ErrorCode::kNotFound,
                bilingual("no deck with row id {id}", "行 ID {id} のデッキはありません",
                          {{"id", std::to_string(deck_id)}}));
  }
  DeckText text;
  text.description = localized_from_json(select.column_text(0));
  try {
    const boost::json::value languages = boost::json::parse(select.column_text(1));
    for (const boost::json::value& language : languages.as_array()) {
      text.languages.emplace_back(language.as_string());
    }
  } catch (const std::exception& error) {
    throw Error(ErrorCode::kStorage,
                bilingual("deck {id}: its languages do not read: {error}",
                          "デッキ {id}: 言語の一覧が読めません: {error}",
                          {{"id", std::to_string(deck_id)}, {"error", error.what()}}));
  }
  return text;
}

DeckRow DeckStore::require(const std::string& slug) {
  auto deck = by_slug(slug);
  if (!deck) {
    throw Error(ErrorCode::kNotFound,
                bilingual("no deck with id '{slug}'", "ID が '{slug}' のデッキはありません",
                          {{"slug", slug}}));
  }
  return std::move(*deck);
}

std::int64_t DeckStore::save(const Deck& deck, const std::string& source, TimestampMs now) {
  const std::string name = localized_to_json(deck.name);
  const std::string description = localized_to_json(deck.description);
  const std::string languages = languages_json(deck.languages);
  if (auto existing = by_slug(deck.id)) {
    sqlite::Statement& update = statements_->update;
    update.bind(1, existing->id).bind(2, name).bind(3, description).bind(4, languages);
    update.bind(5, source).bind(6, now).run();
    return existing->id;
  }
  sqlite::Statement& insert = statements_->insert;
  insert.bind(1, deck.id).bind(2, name).bind(3, description).bind(4, languages);
  insert.bind(5, source).bind(6, now).run();
  return database_.last_insert_rowid();
}

void DeckStore::set_options(std::int64_t deck_id, const std::string& options_json,
                            const std::string& algorithm) {
  statements_->update_options.bind(1, deck_id).bind(2, options_json).bind(3, algorithm).run();
}

}  // namespace kioku::daemon
