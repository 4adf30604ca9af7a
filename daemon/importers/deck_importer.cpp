// TOML deck import: read and parse fully first, then write in one transaction.
#include "daemon/importers/deck_importer.hpp"

#include <utility>

#include "core/deck_parser.hpp"
#include "daemon/importers/deck_source.hpp"
#include "daemon/importers/dry_run.hpp"
#include "daemon/importers/freed_memory.hpp"
#include "daemon/store/embedded_file.hpp"

namespace kioku::daemon {

namespace {
constexpr const char* kBundledOfferedKey = "bundled_decks_offered";
}

ImportSummary import_deck_descriptor(Collection& collection, int descriptor,
                                     const std::string& name, TimestampMs now, bool dry_run,
                                     bool prune, const ProgressReport& progress) {
  const FreedMemoryRelease release;
  progress.cards_done(WorkStage::kImporting, 0.0, 0);
  Deck deck = parse_deck(read_regular_deck(descriptor, name), name);
  if (!dry_run) return collection.import_deck(std::move(deck), name, now, prune, progress);
  ImportSummary summary;
  write_or_dry_run(collection, Write{WriteKind::kImport}, true, [&] {
    summary = collection.import_deck(std::move(deck), name, now, prune, progress);
  });
  return summary;
}

std::vector<ImportSummary> import_bundled_decks_once(Collection& collection, TimestampMs now) {
  std::vector<ImportSummary> imported;
  if (collection.meta().get(kBundledOfferedKey)) return imported;
  if (collection.decks().all().empty()) {
    for (const EmbeddedFile& file : kBundledDecks) {
      const Deck deck = parse_deck(file.text, "bundled:" + std::string(file.name));
      imported.push_back(collection.import_deck(deck, "bundled:" + std::string(file.name), now));
    }
  }
  collection.meta().set(kBundledOfferedKey, "1");
  return imported;
}

}  // namespace kioku::daemon
