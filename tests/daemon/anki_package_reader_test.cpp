// The package reader against Anki's real packages (../shared/fixtures/anki, or
// $KIOKU_SHARED_DIR/fixtures/anki): the collection its meta picks, both media maps, and Anki's
// own stock note types, as Anki writes them in schema 11 and in schema 18's protobuf, found by
// their structure.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <string>

#include "core/anki_stock_note_type.hpp"
#include "daemon/importers/anki_package_reader.hpp"
#include "daemon/store/anki_collection_reader.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::daemon;

namespace {

std::string fixture(const std::string& name) {
  const char* shared = std::getenv("KIOKU_SHARED_DIR");
  return (shared != nullptr && *shared != '\0' ? std::string(shared)
                                               : std::string(KIOKU_SOURCE_DIR) + "/../shared") +
         "/fixtures/anki/" + name;
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

struct Opened {
  AnkiCollection collection;
  std::uint64_t version = 0;
  std::vector<AnkiMediaEntry> media;
};

Opened open_package(const std::string& path, const std::string& directory,
                    bool with_history = false) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  AnkiPackageReader reader(descriptor, path);
  const std::string unpacked = directory + "/collection";
  const int out = ::open(unpacked.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(out >= 0);
  reader.extract_collection(out);
  ::close(out);
  Opened opened;
  opened.version = reader.version();
  opened.media = reader.media();
  opened.collection = read_anki_collection(unpacked, path, with_history);
  ::close(descriptor);
  return opened;
}

std::map<std::string, std::optional<NoteKind>> kinds_by_name(const AnkiCollection& collection) {
  std::map<std::string, std::optional<NoteKind>> kinds;
  for (const auto& [id, type] : collection.note_types) kinds[type.name] = anki_stock_kind(type);
  return kinds;
}

}  // namespace

TEST_CASE("anki package reader: schema 18's stock note types are found by structure",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_bg-hashtable.colpkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.version == 3);
  CHECK(opened.collection.schema == 18);
  CHECK(opened.collection.notes.size() == 14);
  CHECK(opened.media.empty());
  const auto kinds = kinds_by_name(opened.collection);
  CHECK(kinds.at("Basic") == NoteKind::kBasic);
  CHECK(kinds.at("Basic (and reversed card)") == NoteKind::kReverse);
  CHECK(kinds.at("Basic (optional reversed card)") == NoteKind::kBasicOptionalReverse);
  CHECK(kinds.at("Basic (type in the answer)") == NoteKind::kTyped);
  CHECK(kinds.at("Cloze") == NoteKind::kCloze);
  CHECK_FALSE(kinds.at("Image Occlusion"));
  CHECK(opened.collection.decks.at(1) == "Default");
}

TEST_CASE("anki package reader: the protobuf media map and zstd media of the latest format",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_BarRonPcAp.colpkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.collection.notes.size() == 1558);
  std::size_t cards = 0;
  for (const AnkiNote& note : opened.collection.notes) cards += note.cards.size();
  CHECK(cards == 1590);
  REQUIRE(opened.media.size() == 24);
  CHECK(opened.media[1].entry == "1");
  CHECK(opened.media[1].size == 41360u);
  const auto kinds = kinds_by_name(opened.collection);
  CHECK_FALSE(kinds.at("Vocabulary"));
  CHECK(kinds.at("Basic") == NoteKind::kBasic);
}

TEST_CASE("anki package reader: legacy 2 reads collection.anki21, never the dummy",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_english-vocab-2023.apkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.version == 2);
  CHECK(opened.collection.schema == 11);
  CHECK(opened.collection.notes.size() == 22);
  bool nested = false;
  for (const auto& [id, name] : opened.collection.decks) {
    nested = nested || name == "spoken-languages::english::Vocab::2023";
  }
  CHECK(nested);
}

TEST_CASE("anki package reader: each card's scheduling and log, as the fixtures' README counts",
          "[anki-package]") {
  struct Expected {
    const char* file;
    std::size_t reviews;       // revlog rows
    std::size_t review_cards;  // cards of type 2
    std::size_t in_steps;      // cards of type 1 or 3
    std::size_t filtered;      // cards in a filtered deck
    bool v1;                   // no schedVer (col.conf in schema 11, the config table in 18), or 1
  };
  for (const Expected& expected :
       {Expected{"mhaswade_Uber-Go.apkg", 93, 50, 0, 0, true},
        Expected{"mhaswade_english-vocab-2023.apkg", 94, 37, 1, 0, false},
        Expected{"ankidroid_templates.apkg", 102, 0, 15, 16, true},
        Expected{"mhaswade_BarRonPcAp.colpkg", 4240, 1499, 3, 0, false},
        Expected{"mhaswade_bg-hashtable.colpkg", 0, 0, 0, 0, false},
        Expected{"anki_media.apkg", 0, 0, 0, 0, true}}) {
    INFO(expected.file);
    const std::string path = fixture(expected.file);
    if (!exists(path)) KIOKU_SKIP("no fixture " << path);
    kioku::test::TempHome home;
    const AnkiCollection collection = open_package(path, home.root(), true).collection;
    CHECK(collection.created_seconds > 1'000'000'000);
    CHECK(collection.v1_scheduler == expected.v1);
    const DayCalendar calendar(4);
    const TimestampMs now = 1'780'308'000'000;
    const AnkiDays days = anki_days(collection.created_seconds, now, calendar);
    std::size_t reviews = 0, review_cards = 0, in_steps = 0, filtered = 0;
    for (const AnkiNote& note : collection.notes) {
      for (const AnkiCard& card : note.cards) {
        INFO("card " << card.id);
        reviews += card.reviews.size();
        for (std::size_t index = 0; index < card.reviews.size(); ++index) {
          const AnkiRevlogRow& review = card.reviews[index];
          CHECK(review.ease >= 0);
          CHECK(review.ease <= 4);
          CHECK(review.type >= 0);
          CHECK(review.type <= 5);
          if (index > 0) CHECK(review.time_ms >= card.reviews[index - 1].time_ms);
        }
        // As kioku's log would hold them: never more answers than rows, each due after it.
        const std::vector<AnswerRow> answers = anki_answers(card.reviews, false);
        CHECK(answers.size() <= card.reviews.size());
        for (const AnswerRow& answer : answers)
          CHECK(answer.row.due_after >= answer.row.reviewed);
        if (card.scheduling.original_due) ++filtered;
        const TimestampMs last = card.reviews.empty() ? 0 : card.reviews.back().time_ms;
        const CardState state = anki_card_state(card.scheduling, days, calendar, last);
        switch (card.scheduling.type) {
          case 0:
            CHECK(state.phase == Phase::kNew);
            break;
          case 2:
            ++review_cards;
            CHECK(state.phase == Phase::kReview);
            CHECK(state.interval_days > 0);
            // Re-based on today: no review falls due before Anki's collection began.
            CHECK(calendar.day_number(state.due) - days.today ==
                  card.scheduling.original_due.value_or(card.scheduling.due) - days.anki_today);
            break;
          default:
            ++in_steps;
            CHECK(kioku::in_steps(state.phase));
        }
      }
    }
    CHECK(reviews == expected.reviews);
    CHECK(review_cards == expected.review_cards);
    CHECK(in_steps == expected.in_steps);
    CHECK(filtered == expected.filtered);
  }
  // Without --with-history the log is not read at all.
  const std::string path = fixture("mhaswade_Uber-Go.apkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  for (const AnkiNote& note : open_package(path, home.root()).collection.notes) {
    for (const AnkiCard& card : note.cards) CHECK(card.reviews.empty());
  }
}
