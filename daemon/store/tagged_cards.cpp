// The cards of one tag, kept, and the tag functions of SQL (daemon/store/tagged_cards.hpp).
#include "daemon/store/tagged_cards.hpp"

#include <algorithm>
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

void add_has_tag_function(sqlite::Database& database) {
  sqlite::add_function(database, "kioku_has_tag", 2, SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                       nullptr, has_tag_function);
}

TaggedCards::TaggedCards(sqlite::Database& database,
                         std::function<std::uint64_t()> card_row_changes)
    : database_(database), card_row_changes_(std::move(card_row_changes)) {
  add_has_tag_function(database);
  // Not deterministic: SQLite would take a call without arguments for a constant, and these
  // answer for this object's state, which changes between statements.
  sqlite::add_function(database, "kioku_tags_kept", 0, SQLITE_DIRECTONLY, this,
                       &TaggedCardsFunctions::tags_kept);
  sqlite::add_function(database, "kioku_kept_tag", 1, SQLITE_DIRECTONLY, this,
                       &TaggedCardsFunctions::kept_tag);
  select_tagged_ = std::make_unique<sqlite::Statement>(
      database.prepare("SELECT id FROM cards WHERE kioku_has_tag(tags, ?1) ORDER BY id"));
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
  const std::uint64_t changes = card_row_changes_();
  // Read inside the query's transaction, where it is the snapshot's (the pragma reads the file).
  const std::int64_t version = database_.data_version();
  std::erase_if(kept_tags_, [&](const KeptTag& kept) {
    return kept.changes_at_read != changes || kept.data_version_at_read != version;
  });
  const auto found = std::find_if(kept_tags_.begin(), kept_tags_.end(),
                                  [&](const KeptTag& kept) { return kept.tag == tag; });
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
  if (kept_tags_.size() == kMostTags) kept_tags_.erase(kept_tags_.begin());
  kept_tags_.push_back(std::move(kept));
  current_ = &kept_tags_.back();
}

bool TaggedCards::KeptTag::has(std::int64_t card_id) const noexcept {
  if (!card_bits.empty()) {
    if (card_id < first_card) return false;
    const auto bit = static_cast<std::uint64_t>(card_id) - static_cast<std::uint64_t>(first_card);
    return bit / 64 < card_bits.size() && ((card_bits[bit / 64] >> (bit % 64)) & 1U) != 0;
  }
  return sparse_cards.contains(card_id);
}

void TaggedCards::KeptTag::keep(const std::vector<std::int64_t>& cards) {
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
