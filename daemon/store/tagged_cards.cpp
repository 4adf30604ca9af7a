// The cards of one tag, kept, and the tag functions of SQL (daemon/store/tagged_cards.hpp).
#include "daemon/store/tagged_cards.hpp"

#include <algorithm>
#include <new>
#include <optional>
#include <string>
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

// An eponymous virtual table (there without a CREATE) of rows a TaggedCards keeps, read-only:
// `Source` says its columns, where its rows are (none: nullptr) and each row's values.
template <typename Source>
struct KeptRowsTable {
  struct Table : sqlite3_vtab {
    const TaggedCards* cards = nullptr;
  };
  struct Cursor : sqlite3_vtab_cursor {
    const typename Source::Rows* rows = nullptr;
    std::size_t at = 0;
  };

  static int connect(sqlite3* database, void* cards, int, const char* const*, sqlite3_vtab** table,
                     char**) {
    const int result = sqlite3_declare_vtab(database, Source::kSchema);
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
  // Every row, whatever the query asks: they are few.
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
    at->rows = Source::rows(*static_cast<Table*>(cursor->pVtab)->cards);
    at->at = 0;
    return SQLITE_OK;
  }
  static int next(sqlite3_vtab_cursor* cursor) {
    ++static_cast<Cursor*>(cursor)->at;
    return SQLITE_OK;
  }
  static int eof(sqlite3_vtab_cursor* cursor) {
    const auto* at = static_cast<Cursor*>(cursor);
    return at->rows == nullptr || at->at >= at->rows->size() ? 1 : 0;
  }
  static int column(sqlite3_vtab_cursor* cursor, sqlite3_context* context, int column) {
    const auto* at = static_cast<Cursor*>(cursor);
    Source::column((*at->rows)[at->at], column, context);
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

// kioku_tagged_ids: the ids of the few cards kept (TaggedCards::few_kept()), in id order.
struct TaggedIdsTable {
  using Rows = std::vector<std::int64_t>;
  static constexpr const char* kSchema = "CREATE TABLE x(id INTEGER)";
  static const Rows* rows(const TaggedCards& cards) {
    return cards.few_kept() ? &cards.current_->few_cards : nullptr;
  }
  static void column(std::int64_t id, int, sqlite3_context* context) {
    sqlite3_result_int64(context, id);
  }
};

// kioku_tagged_states: their rows of card_state, kept (TaggedCards::states_kept()).
struct TaggedStatesTable {
  using Rows = std::vector<TaggedCards::KeptTag::StateRow>;
  static constexpr const char* kSchema =
      "CREATE TABLE x(card_id INTEGER, deck_id INTEGER, suspended INTEGER, phase TEXT, "
      "due_ms INTEGER, interday INTEGER, buried_until_day INTEGER, new_position INTEGER)";
  static const Rows* rows(const TaggedCards& cards) {
    return cards.states_kept() ? &cards.current_->states : nullptr;
  }
  static void column(const TaggedCards::KeptTag::StateRow& row, int column,
                     sqlite3_context* context) {
    switch (column) {
      case 0:
        sqlite3_result_int64(context, row.card_id);
        return;
      case 1:
        sqlite3_result_int64(context, row.deck_id);
        return;
      case 2:
        sqlite3_result_int64(context, row.suspended);
        return;
      case 3:
        sqlite3_result_text(context, row.phase.data(), static_cast<int>(row.phase.size()),
                            SQLITE_TRANSIENT);
        return;
      case 4:
        sqlite3_result_int64(context, row.due_ms);
        return;
      case 5:
        sqlite3_result_int64(context, row.interday);
        return;
      case 6:
        sqlite3_result_int64(context, row.buried_until_day);
        return;
      default:
        sqlite3_result_int64(context, row.new_position);
        return;
    }
  }
};

void add_has_tag_function(sqlite::Database& database) {
  sqlite::add_function(database, "kioku_has_tag", 2, SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                       nullptr, has_tag_function);
}

TaggedCards::TaggedCards(sqlite::Database& database, std::function<const CardRowLog&()> card_rows,
                         std::function<const CardRowLog&()> card_state_rows)
    : database_(database),
      card_rows_(std::move(card_rows)),
      card_state_rows_(std::move(card_state_rows)) {
  add_has_tag_function(database);
  // Not deterministic: SQLite would take a call without arguments for a constant, and these
  // answer for this object's state, which changes between statements.
  sqlite::add_function(database, "kioku_tags_kept", 0, SQLITE_DIRECTONLY, this,
                       &TaggedCardsFunctions::tags_kept);
  sqlite::add_function(database, "kioku_kept_tag", 1, SQLITE_DIRECTONLY, this,
                       &TaggedCardsFunctions::kept_tag);
  for (const auto& [name, module] :
       {std::pair{"kioku_tagged_ids", KeptRowsTable<TaggedIdsTable>::module()},
        std::pair{"kioku_tagged_states", KeptRowsTable<TaggedStatesTable>::module()}}) {
    const int result = sqlite3_create_module_v2(database.handle(), name, module, this, nullptr);
    if (result != SQLITE_OK) throw sqlite::SqliteError(result, std::string("cannot add ") + name);
  }
  select_tagged_ = std::make_unique<sqlite::Statement>(
      database.prepare("SELECT id FROM cards WHERE kioku_has_tag(tags, ?1) ORDER BY id"));
  select_card_tags_ =
      std::make_unique<sqlite::Statement>(database.prepare("SELECT tags FROM cards WHERE id = ?1"));
  select_state_ = std::make_unique<sqlite::Statement>(database.prepare(
      "SELECT deck_id, suspended, phase, due_ms, interday, buried_until_day, new_position "
      "FROM card_state WHERE card_id = ?1"));
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
  states_current_ = false;
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
    ready_states(kept_tags_.back(), own_reading);
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
  ready_states(kept_tags_.back(), own_reading);
}

void TaggedCards::ready_states(KeptTag& kept, bool own_reading) {
  if (!kept.few) return;
  const CardRowLog& log = card_state_rows_();
  const std::uint64_t written = log.written();
  if (kept.states_read && kept.states_at_read == written) {
    states_current_ = true;
    return;
  }
  // Rows the connection's open transaction wrote may yet be rolled back, unheard.
  if (!own_reading) return;
  std::optional<std::vector<std::int64_t>> changed;
  if (kept.states_read) changed = log.since(kept.states_at_read);
  if (changed) {
    std::sort(changed->begin(), changed->end());
    changed->erase(std::unique(changed->begin(), changed->end()), changed->end());
    for (const std::int64_t card : *changed) {
      if (!std::binary_search(kept.few_cards.begin(), kept.few_cards.end(), card)) continue;
      const auto at = std::lower_bound(
          kept.states.begin(), kept.states.end(), card,
          [](const KeptTag::StateRow& row, std::int64_t id) { return row.card_id < id; });
      const bool there = at != kept.states.end() && at->card_id == card;
      KeptTag::StateRow row;
      if (!read_state(card, row)) {
        if (there) kept.states.erase(at);
      } else if (there) {
        *at = std::move(row);
      } else {
        kept.states.insert(at, std::move(row));
      }
    }
  } else {
    kept.states.clear();
    kept.states.reserve(kept.few_cards.size());
    for (const std::int64_t card : kept.few_cards) {
      KeptTag::StateRow row;
      if (read_state(card, row)) kept.states.push_back(std::move(row));
    }
  }
  kept.states_read = true;
  kept.states_at_read = written;
  states_current_ = true;
}

bool TaggedCards::read_state(std::int64_t card_id, KeptTag::StateRow& row) {
  sqlite::StatementScope scope(*select_state_);
  select_state_->bind(1, card_id);
  if (!select_state_->step()) return false;
  row.card_id = card_id;
  row.deck_id = select_state_->column_int(0);
  row.suspended = select_state_->column_int(1);
  row.phase = select_state_->column_text(2);
  row.due_ms = select_state_->column_int(3);
  row.interday = select_state_->column_int(4);
  row.buried_until_day = select_state_->column_int(5);
  row.new_position = select_state_->column_int(6);
  return true;
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
  // Their states are read again, all of them: a card came or went.
  states_read = false;
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
  states_current_ = false;
}

}  // namespace kioku::daemon
