// The statistics' cards, read once and then kept up to date from the rows that changed.
#include "daemon/store/kept_card_snapshots.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// The whole collection's cards, as two walks in card id order that read_all() merges: the
// figures from the index cards_figures, the states from card_state's own rows. One join probed
// card_state's B-tree once per card, which cost 63-69 ms of the 100,000-card collection's
// report; the two walks together take 25-40 ms.
constexpr const char* kSelectCardFigures =
    "SELECT id, note_id, created_ms, retired FROM cards INDEXED BY cards_figures ORDER BY id";

std::string select_all_states() {
  return std::string("SELECT s.card_id, s.deck_id, s.buried_until_day, ") + kCardStateColumns +
         " FROM card_state s ORDER BY s.card_id";
}

constexpr const char* kSelectDeletedNotes =
    "SELECT id FROM notes INDEXED BY notes_deleted WHERE deleted_ms IS NOT NULL ORDER BY id";

// One card, when it is in the collection (not retired, its note not deleted): what a changed
// row is read again with.
std::string select_card() {
  return std::string("SELECT s.deck_id, c.note_id, c.created_ms, s.buried_until_day, ") +
         kCardStateColumns +
         " FROM cards c JOIN card_state s ON s.card_id = c.id "
         "WHERE c.id = ?1 AND c.retired = 0 AND NOT EXISTS (SELECT 1 FROM notes n "
         "WHERE n.id = c.note_id AND n.deleted_ms IS NOT NULL)";
}

// A changed note's cards: those of a note brought back from deletion are not among the kept.
constexpr const char* kSelectNoteCards = "SELECT id FROM cards WHERE note_id = ?1";

// More changed rows than this many (or a quarter of the kept cards) since the last report:
// reading every card again is quicker than reading each, and the list stays small while an
// import in one transaction changes a million rows.
constexpr std::size_t kMostChangesKept = 4096;

void sort_unique(std::vector<std::int64_t>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

// A card read again: its deck and snapshot, or nothing when it left the collection.
struct ReadAgain {
  std::int64_t card_id = 0;
  std::optional<std::pair<std::int64_t, CardSnapshot>> card;
};

}  // namespace

struct KeptCardSnapshots::Statements {
  explicit Statements(sqlite::Database& database)
      : count_states(database.prepare("SELECT count(*) FROM card_state")),
        select_card_figures(database.prepare(kSelectCardFigures)),
        select_all_states(database.prepare(kioku::daemon::select_all_states())),
        select_deleted_notes(database.prepare(kSelectDeletedNotes)),
        select_card(database.prepare(kioku::daemon::select_card())),
        select_note_cards(database.prepare(kSelectNoteCards)) {}

  sqlite::Statement count_states;
  sqlite::Statement select_card_figures;
  sqlite::Statement select_all_states;
  sqlite::Statement select_deleted_notes;
  sqlite::Statement select_card;
  sqlite::Statement select_note_cards;
};

KeptCardSnapshots::KeptCardSnapshots(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {
  database_.listen_to_row_changes(
      [this](std::string_view table, std::int64_t rowid) { row_changed(table, rowid); });
}

KeptCardSnapshots::~KeptCardSnapshots() {
  database_.listen_to_row_changes({});
}

void KeptCardSnapshots::forget() noexcept {
  read_all_next_ = true;
}

void KeptCardSnapshots::row_changed(std::string_view table, std::int64_t rowid) noexcept {
  if (table == "cards") card_rows_.add(rowid);
  if (table == "card_state") card_state_rows_.add(rowid);
  if (read_all_next_) return;
  std::vector<std::int64_t>* changed = nullptr;
  if (table == "cards" || table == "card_state") {
    changed = &changed_cards_;
  } else if (table == "notes") {
    changed = &changed_notes_;
  } else if (table == "decks") {
    // A deleted deck's cards go by a cascade; whether SQLite's hook names those rows is not
    // worth depending on for so rare a change.
    read_all_next_ = true;
    return;
  } else {
    return;
  }
  const std::size_t most = std::max(kMostChangesKept, card_ids_.size() / 4);
  if (changed_cards_.size() + changed_notes_.size() >= most) {
    read_all_next_ = true;
    return;
  }
  try {
    changed->push_back(rowid);
  } catch (...) {
    read_all_next_ = true;
  }
}

std::span<const CardSnapshot> KeptCardSnapshots::cards(std::optional<std::int64_t> deck_id,
                                                       const FsrsWeightsOfDeck& fsrs_weights_of) {
  // Inside a transaction that has written, the rows read may still be rolled back (a batch's,
  // or the group commit's open one): the changes stay listed, to be read again once they are
  // settled. One that has written nothing (a snapshot's, on a read-only connection) reads
  // committed rows only.
  const bool settled = sqlite3_txn_state(database_.handle(), nullptr) != SQLITE_TXN_WRITE;
  const std::int64_t version = database_.data_version();
  if (version != data_version_) read_all_next_ = true;
  if (read_all_next_) {
    read_all();
  } else {
    read_changed();
  }
  data_version_ = version;
  if (settled) {
    read_all_next_ = false;
    changed_cards_.clear();
    changed_notes_.clear();
  }
  point_at_weights(fsrs_weights_of);
  if (!deck_id) return snapshots_;
  deck_cards_.clear();
  for (std::size_t index = 0; index < snapshots_.size(); ++index) {
    if (deck_ids_[index] == *deck_id) deck_cards_.push_back(snapshots_[index]);
  }
  return deck_cards_;
}

void KeptCardSnapshots::read_all() {
  ++whole_reads_;
  card_ids_.clear();
  deck_ids_.clear();
  snapshots_.clear();
  // Made in vectors of the right size: a collection's worth of cards, grown by doubling and
  // then copied, was a fifth of the report's time. card_state's count is an upper bound
  // (retired cards and those of deleted notes are among its rows).
  const auto most = static_cast<std::size_t>(sqlite::integer_result(statements_->count_states));
  card_ids_.reserve(most);
  deck_ids_.reserve(most);
  snapshots_.reserve(most);
  std::vector<std::int64_t> deleted_notes;  // in id order
  {
    sqlite::Statement& deleted = statements_->select_deleted_notes;
    sqlite::StatementScope scope(deleted);
    while (deleted.step()) deleted_notes.push_back(deleted.column_int(0));
  }
  sqlite::Statement& figures = statements_->select_card_figures;
  sqlite::StatementScope figures_scope(figures);
  sqlite::Statement& states = statements_->select_all_states;
  sqlite::StatementScope states_scope(states);
  bool more_figures = figures.step();
  while (more_figures && states.step()) {
    const std::int64_t card_id = states.column_int(0);
    // Every state has its card (card_state's foreign key): the figures' walk catches up.
    while (more_figures && figures.column_int(0) < card_id) more_figures = figures.step();
    if (!more_figures || figures.column_int(0) != card_id || figures.column_int(3) != 0) continue;
    const std::int64_t note_id = figures.column_int(1);
    if (std::binary_search(deleted_notes.begin(), deleted_notes.end(), note_id)) continue;
    card_ids_.push_back(card_id);
    deck_ids_.push_back(states.column_int(1));
    CardSnapshot& card = snapshots_.emplace_back();
    card.note_id = note_id;
    card.created = figures.column_int(2);
    card.buried_until_day = states.column_int(2);
    card.state = read_state(states, 3);
  }
}

void KeptCardSnapshots::read_changed() {
  if (changed_cards_.empty() && changed_notes_.empty()) return;
  std::vector<std::int64_t> cards = changed_cards_;
  if (!changed_notes_.empty()) {
    sort_unique(changed_notes_);
    for (std::size_t index = 0; index < snapshots_.size(); ++index) {
      if (std::binary_search(changed_notes_.begin(), changed_notes_.end(),
                             snapshots_[index].note_id)) {
        cards.push_back(card_ids_[index]);
      }
    }
    sqlite::Statement& note_cards = statements_->select_note_cards;
    for (const std::int64_t note_id : changed_notes_) {
      sqlite::StatementScope scope(note_cards);
      note_cards.bind(1, note_id);
      while (note_cards.step()) cards.push_back(note_cards.column_int(0));
    }
  }
  sort_unique(cards);

  std::vector<ReadAgain> read_again;
  read_again.reserve(cards.size());
  bool same_cards = true;  // no card came or went: each is replaced where it is
  sqlite::Statement& select = statements_->select_card;
  for (const std::int64_t card_id : cards) {
    ReadAgain& again = read_again.emplace_back();
    again.card_id = card_id;
    {
      sqlite::StatementScope scope(select);
      select.bind(1, card_id);
      if (select.step()) {
        CardSnapshot card;
        card.note_id = select.column_int(1);
        card.created = select.column_int(2);
        card.buried_until_day = select.column_int(3);
        card.state = read_state(select, 4);
        again.card.emplace(select.column_int(0), card);
      }
    }
    const auto kept = std::lower_bound(card_ids_.begin(), card_ids_.end(), card_id);
    const bool is_kept = kept != card_ids_.end() && *kept == card_id;
    if (is_kept != again.card.has_value()) {
      same_cards = false;
    } else if (is_kept) {
      const auto index = static_cast<std::size_t>(kept - card_ids_.begin());
      deck_ids_[index] = again.card->first;
      snapshots_[index] = again.card->second;
    }
  }
  if (same_cards) return;

  // Cards came or went: one merge of the kept run with the cards read again, both in id order.
  std::vector<std::int64_t> card_ids;
  std::vector<std::int64_t> deck_ids;
  std::vector<CardSnapshot> snapshots;
  const std::size_t size = card_ids_.size() + read_again.size();
  card_ids.reserve(size);
  deck_ids.reserve(size);
  snapshots.reserve(size);
  std::size_t kept = 0;
  for (const ReadAgain& again : read_again) {
    for (; kept < card_ids_.size() && card_ids_[kept] < again.card_id; ++kept) {
      card_ids.push_back(card_ids_[kept]);
      deck_ids.push_back(deck_ids_[kept]);
      snapshots.push_back(snapshots_[kept]);
    }
    if (kept < card_ids_.size() && card_ids_[kept] == again.card_id) ++kept;
    if (again.card) {
      card_ids.push_back(again.card_id);
      deck_ids.push_back(again.card->first);
      snapshots.push_back(again.card->second);
    }
  }
  for (; kept < card_ids_.size(); ++kept) {
    card_ids.push_back(card_ids_[kept]);
    deck_ids.push_back(deck_ids_[kept]);
    snapshots.push_back(snapshots_[kept]);
  }
  card_ids_ = std::move(card_ids);
  deck_ids_ = std::move(deck_ids);
  snapshots_ = std::move(snapshots);
}

void KeptCardSnapshots::point_at_weights(const FsrsWeightsOfDeck& fsrs_weights_of) {
  weights_.clear();
  std::int64_t last_deck = 0;
  const std::array<double, 21>* last_weights = nullptr;
  bool looked_up = false;
  for (std::size_t index = 0; index < snapshots_.size(); ++index) {
    const std::int64_t deck_id = deck_ids_[index];
    if (!looked_up || deck_id != last_deck) {
      auto [entry, added] = weights_.try_emplace(deck_id);
      if (added) {
        if (const std::array<double, 21>* weights = fsrs_weights_of(deck_id)) {
          entry->second = *weights;
        }
      }
      last_deck = deck_id;
      last_weights = entry->second ? &*entry->second : nullptr;
      looked_up = true;
    }
    snapshots_[index].fsrs_weights = last_weights;
    snapshots_[index].fsrs = last_weights != nullptr;
  }
}

}  // namespace kioku::daemon
