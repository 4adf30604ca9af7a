// The cards of one tag, kept, and the tag functions of SQL (daemon/store/tagged_cards.hpp).
#include "daemon/store/tagged_cards.hpp"

#include <algorithm>
#include <new>
#include <string_view>
#include <utility>

#include "core/tag_match.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

void has_tag_function(sqlite3_context* context, int, sqlite3_value** values) {
  const bool matches = sqlite3_value_type(values[0]) != SQLITE_NULL &&
                       sqlite3_value_type(values[1]) != SQLITE_NULL &&
                       has_tag(sqlite::value_text(values[0]), sqlite::value_text(values[1]));
  sqlite3_result_int(context, matches ? 1 : 0);
}

}  // namespace

// The functions that read a TaggedCards: its friend.
struct TaggedCardsFunctions {
  static void tags_kept(sqlite3_context* context, int, sqlite3_value**) {
    const auto* kept = static_cast<const TaggedCards*>(sqlite3_user_data(context));
    sqlite3_result_int(context, kept->current_ != nullptr ? 1 : 0);
  }
  static void kept_tag(sqlite3_context* context, int, sqlite3_value** values) {
    const auto* kept = static_cast<const TaggedCards*>(sqlite3_user_data(context));
    sqlite3_result_int(
        context,
        kept->current_ != nullptr && kept->current_->has(sqlite3_value_int64(values[0])) ? 1 : 0);
  }
};

// kioku_tagged_ids: an eponymous virtual table (it is there without a CREATE) of one column, the
// ids of the few cards kept (TaggedCards::few_kept()), in id order.
struct TaggedIdsTable {
  struct Table : sqlite3_vtab {
    const TaggedCards* cards = nullptr;
  };
  struct Cursor : sqlite3_vtab_cursor {
    const std::vector<std::int64_t>* ids = nullptr;
    std::size_t at = 0;
  };

  static int connect(sqlite3* database, void* cards, int, const char* const*, sqlite3_vtab** table,
                     char**) {
    const int result = sqlite3_declare_vtab(database, "CREATE TABLE x(id INTEGER)");
    if (result != SQLITE_OK) return result;
    sqlite3_vtab_config(database, SQLITE_VTAB_DIRECTONLY);
    auto* made = new (std::nothrow) Table{};
    if (made == nullptr) return SQLITE_NOMEM;
    made->cards = static_cast<const TaggedCards*>(cards);
    *table = made;
    return SQLITE_OK;
  }
  static int disconnect(sqlite3_vtab* table) {
    delete static_cast<Table*>(table);
    return SQLITE_OK;
  }
  // Every row, whatever the query asks: the queries join each to its card's row by id.
  static int best_index(sqlite3_vtab*, sqlite3_index_info* info) {
    info->estimatedCost = static_cast<double>(TaggedCards::kFewCards);
    info->estimatedRows = static_cast<sqlite3_int64>(TaggedCards::kFewCards);
    return SQLITE_OK;
  }
  static int open(sqlite3_vtab*, sqlite3_vtab_cursor** cursor) {
    auto* made = new (std::nothrow) Cursor{};
    if (made == nullptr) return SQLITE_NOMEM;
    *cursor = made;
    return SQLITE_OK;
  }
  static int close(sqlite3_vtab_cursor* cursor) {
    delete static_cast<Cursor*>(cursor);
    return SQLITE_OK;
  }
  static int filter(sqlite3_vtab_cursor* cursor, int, const char*, int, sqlite3_value**) {
    auto* at = static_cast<Cursor*>(cursor);
    const TaggedCards& cards = *static_cast<Table*>(cursor->pVtab)->cards;
    at->ids = cards.few_kept() ? &cards.current_->few_cards : nullptr;
    at->at = 0;
    return SQLITE_OK;
  }
  static int next(sqlite3_vtab_cursor* cursor) {
    ++static_cast<Cursor*>(cursor)->at;
    return SQLITE_OK;
  }
  static int eof(sqlite3_vtab_cursor* cursor) {
    const auto* at = static_cast<Cursor*>(cursor);
    return at->ids == nullptr || at->at >= at->ids->size() ? 1 : 0;
  }
  static int column(sqlite3_vtab_cursor* cursor, sqlite3_context* context, int) {
    const auto* at = static_cast<Cursor*>(cursor);
    sqlite3_result_int64(context, (*at->ids)[at->at]);
    return SQLITE_OK;
  }
  static int rowid(sqlite3_vtab_cursor* cursor, sqlite3_int64* rowid) {
    *rowid = static_cast<sqlite3_int64>(static_cast<Cursor*>(cursor)->at);
    return SQLITE_OK;
  }

  static const sqlite3_module* module() {
    static const sqlite3_module made = [] {
      sqlite3_module module{};
      // xCreate stays null: the table is eponymous only, never created in a schema.
      module.xConnect = connect;
      module.xBestIndex = best_index;
      module.xDisconnect = disconnect;
      module.xDestroy = disconnect;
      module.xOpen = open;
      module.xClose = close;
      module.xFilter = filter;
      module.xNext = next;
      module.xEof = eof;
      module.xColumn = column;
      module.xRowid = rowid;
      return module;
    }();
    return &made;
  }
};

void add_has_tag_function(sqlite::Database& database) {
  sqlite::add_function(database, "kioku_has_tag", 2, SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                       nullptr, has_tag_function);
}

TaggedCards::TaggedCards(sqlite::Database& database, std::function<const CardRowLog&()> card_rows)
    : database_(database), card_rows_(std::move(card_rows)) {
  add_has_tag_function(database);
  // Not deterministic: SQLite would take a call without arguments for a constant, and these
  // answer for this object's state, which changes between statements.
  sqlite::add_function(database, "kioku_tags_kept", 0, SQLITE_DIRECTONLY, this,
                       &TaggedCardsFunctions::tags_kept);
  sqlite::add_function(database, "kioku_kept_tag", 1, SQLITE_DIRECTONLY, this,
                       &TaggedCardsFunctions::kept_tag);
  const int result = sqlite3_create_module_v2(database.handle(), "kioku_tagged_ids",
                                              TaggedIdsTable::module(), this, nullptr);
  if (result != SQLITE_OK) throw sqlite::SqliteError(result, "cannot add kioku_tagged_ids");
  select_tagged_ = std::make_unique<sqlite::Statement>(
      database.prepare("SELECT id FROM cards WHERE kioku_has_tag(tags, ?1) ORDER BY id"));
  select_card_tags_ =
      std::make_unique<sqlite::Statement>(database.prepare("SELECT tags FROM cards WHERE id = ?1"));
}

TaggedCards::~TaggedCards() = default;

TaggedCards::Reading::Reading(TaggedCards& cards, const std::optional<std::string>& tag) {
  if (!tag) return;
  const bool settled = sqlite3_get_autocommit(cards.database_.handle()) != 0;
  if (settled) {
    cards.database_.execute("BEGIN");
    began_ = &cards.database_;
  }
  try {
    cards.ready(*tag, settled);
  } catch (...) {
    end();
    throw;
  }
}

TaggedCards::Reading::~Reading() {
  end();
}

void TaggedCards::Reading::end() noexcept {
  if (began_ == nullptr) return;
  sqlite::Database& database = *began_;
  began_ = nullptr;
  // Reads only: ending it cannot lose anything.
  try {
    database.execute("COMMIT");
  } catch (const std::exception&) {
    try {
      database.execute("ROLLBACK");
    } catch (const std::exception&) {
    }
  }
}

void TaggedCards::ready(const std::string& tag, bool own_reading) {
  current_ = nullptr;
  const CardRowLog& card_rows = card_rows_();
  const std::uint64_t changes = card_rows.written();
  // Read inside the query's transaction, where it is the snapshot's (the pragma reads the file).
  // Another connection's commit names no row: every tag is read again.
  const std::int64_t version = database_.data_version();
  std::erase_if(kept_tags_,
                [&](const KeptTag& kept) { return kept.data_version_at_read != version; });
  auto found = std::find_if(kept_tags_.begin(), kept_tags_.end(),
                            [&](const KeptTag& kept) { return kept.tag == tag; });
  if (found != kept_tags_.end() && found->changes_at_read != changes) {
    // The connection's own rows changed since: read again outside its transactions only.
    if (!own_reading) return;
    const auto rows = card_rows.since(found->changes_at_read);
    if (rows && read_changed(*found, *rows)) {
      found->changes_at_read = changes;
      ++reads_;
    } else {
      kept_tags_.erase(found);
      found = kept_tags_.end();
    }
  }
  if (found != kept_tags_.end()) {
    std::rotate(found, found + 1, kept_tags_.end());
    current_ = &kept_tags_.back();
    return;
  }
  if (!own_reading) return;
  std::vector<std::int64_t> cards;
  {
    sqlite::StatementScope scope(*select_tagged_);
    select_tagged_->bind(1, tag);
    while (select_tagged_->step()) cards.push_back(select_tagged_->column_int(0));
  }
  KeptTag kept;
  kept.tag = tag;
  kept.changes_at_read = changes;
  kept.data_version_at_read = version;
  kept.keep(cards);
  ++reads_;
  ++whole_reads_;
  if (kept_tags_.size() == kMostTags) kept_tags_.erase(kept_tags_.begin());
  kept_tags_.push_back(std::move(kept));
  current_ = &kept_tags_.back();
}

bool TaggedCards::read_changed(KeptTag& kept, const std::vector<std::int64_t>& rows) {
  std::vector<std::int64_t> cards = rows;
  std::sort(cards.begin(), cards.end());
  cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
  for (const std::int64_t card : cards) {
    bool tagged = false;
    {
      sqlite::StatementScope scope(*select_card_tags_);
      select_card_tags_->bind(1, card);
      // A deleted row has no tags.
      if (select_card_tags_->step()) tagged = has_tag(select_card_tags_->column_text(0), kept.tag);
    }
    if (!kept.set(card, tagged)) return false;
  }
  return true;
}

bool TaggedCards::KeptTag::has(std::int64_t card_id) const noexcept {
  if (!card_bits.empty()) {
    if (card_id < first_card) return false;
    const auto bit = static_cast<std::uint64_t>(card_id) - static_cast<std::uint64_t>(first_card);
    return bit / 64 < card_bits.size() && ((card_bits[bit / 64] >> (bit % 64)) & 1U) != 0;
  }
  return sparse_cards.contains(card_id);
}

bool TaggedCards::KeptTag::set(std::int64_t card_id, bool tagged) {
  if (has(card_id) == tagged) return true;
  if (!card_bits.empty()) {
    if (card_id < first_card) return false;
    const auto bit = static_cast<std::uint64_t>(card_id) - static_cast<std::uint64_t>(first_card);
    if (bit / 64 >= card_bits.size()) {
      // A card added after the last one kept (tagged: has() was false): the bits grow while
      // they take no more memory than the ids would.
      if (bit / 64 + 1 > count + 1) return false;
      card_bits.resize(bit / 64 + 1, 0);
    }
    card_bits[bit / 64] ^= std::uint64_t{1} << (bit % 64);
  } else if (tagged && sparse_cards.empty()) {
    first_card = card_id;
    card_bits.assign(1, 1);
  } else if (tagged) {
    sparse_cards.insert(card_id);
  } else {
    sparse_cards.erase(card_id);
  }
  count = tagged ? count + 1 : count - 1;
  if (!few) return true;
  const auto at = std::lower_bound(few_cards.begin(), few_cards.end(), card_id);
  if (!tagged) {
    few_cards.erase(at);
  } else if (count <= kFewCards) {
    few_cards.insert(at, card_id);
  } else {
    // Until the cards are read whole again, its queries walk the deck.
    few = false;
    few_cards = {};
  }
  return true;
}

void TaggedCards::KeptTag::keep(const std::vector<std::int64_t>& cards) {
  count = cards.size();
  few = cards.size() <= kFewCards;
  if (few) few_cards = cards;
  if (cards.empty()) return;
  // Unsigned: the span of two ids far apart does not fit an int64.
  const std::uint64_t span =
      static_cast<std::uint64_t>(cards.back()) - static_cast<std::uint64_t>(cards.front());
  if (span / 64 + 1 <= cards.size()) {
    first_card = cards.front();
    card_bits.assign(span / 64 + 1, 0);
    for (const std::int64_t card : cards) {
      const std::uint64_t bit =
          static_cast<std::uint64_t>(card) - static_cast<std::uint64_t>(first_card);
      card_bits[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
    return;
  }
  sparse_cards.reserve(cards.size());
  sparse_cards.insert(cards.begin(), cards.end());
}

void TaggedCards::forget() noexcept {
  kept_tags_.clear();
  current_ = nullptr;
}

}  // namespace kioku::daemon
