// libFuzzer target for the collection inside an Anki package as kiokud reads it with its
// history (daemon/store/anki_collection_reader.hpp): the bytes are the SQLite file the package
// reader would have expanded, read with every card's scheduling (cards.data's JSON included)
// and log, each card then made kioku's imported state (core/anki_card_state.hpp) and its log
// kioku's rows (core/anki_answers.hpp).
//
// What must hold, whatever the bytes:
// - the reader returns or throws kioku::InputError; anki_card_state returns or throws
//   kioku::Error (kInvalidInput); anki_answers returns; nothing else is thrown;
// - a card's state has the phase its type says, and no negative count or interval;
// - never more answers than log rows, each in the log's order, each due at or after its time;
// - V1's reading gives as many answers; each options group's values are taken or refused by
//   their options (kInvalidParams), never anything else;
// - each note type is judged by the kept types' rules without a throw, and one they pass is
//   made kioku's (TemplatedNoteType) without one, its fields as they were;
// - written back as Anki's revlog (core/anki_export_mapping.hpp, what an export writes) and read
//   again, the answers keep their number, times, buttons, phases before and cram marks.
//
// Seeds: corpus/anki_collection/ (made by make_anki_collection_seed.sh), and scripts/run-fuzzers
// adds the collections of ../shared/fixtures/anki's legacy packages when they are there.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/anki_answers.hpp"
#include "core/anki_card_state.hpp"
#include "core/anki_deck_options.hpp"
#include "core/anki_export_mapping.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "core/note_type_rules.hpp"
#include "core/templated_note_type.hpp"
#include "daemon/store/anki_collection_reader.hpp"

namespace {

using namespace kioku;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "anki_collection_fuzz: %s\n", what);
  std::abort();
}

// One file for every input, rewritten each time: the reader opens a path.
const std::string& collection_path() {
  static const std::string path = [] {
    char name[] = "/tmp/anki_collection_fuzz.XXXXXX";
    const int descriptor = ::mkstemp(name);
    if (descriptor < 0) fail("mkstemp");
    ::close(descriptor);
    return std::string(name);
  }();
  return path;
}

void check_card(const daemon::AnkiCard& card, const AnkiDays& days, const DayCalendar& calendar) {
  // V1's reading changes only buttons: the same answers, at the same times.
  const std::vector<AnswerRow> v1 = anki_answers(card.reviews, true);
  const std::vector<AnswerRow> answers = anki_answers(card.reviews, false);
  if (v1.size() != answers.size()) fail("V1 read another number of answers");
  if (answers.size() > card.reviews.size()) fail("more answers than log rows");
  for (std::size_t index = 0; index < answers.size(); ++index) {
    if (answers[index].row.due_after < answers[index].row.reviewed) fail("due before its answer");
    if (index > 0 && answers[index].row.reviewed < answers[index - 1].row.reviewed) {
      fail("answers out of the log's order");
    }
  }
  const std::vector<AnswerRow> again = anki_answers(anki_revlog_rows(answers), false);
  if (again.size() != answers.size()) fail("an answer lost through Anki's revlog");
  for (std::size_t index = 0; index < answers.size(); ++index) {
    const ReviewLogRow& before = answers[index].row;
    const ReviewLogRow& after = again[index].row;
    if (after.reviewed != before.reviewed || after.rating != before.rating ||
        after.cram != before.cram || (!before.cram && after.phase_before != before.phase_before)) {
      fail("an answer changed through Anki's revlog");
    }
  }
  try {
    const CardState state = anki_card_state(card.scheduling, days, calendar, 0);
    if (static_cast<int>(state.phase) != card.scheduling.type)
      fail("a phase its type does not say");
    if (state.reps < 0 || state.lapses < 0 || state.interval_days < 0 ||
        state.remaining_steps < 0) {
      fail("a negative count in a state");
    }
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kInvalidInput) fail("anki_card_state threw another Error");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = collection_path();
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) fail("cannot write the collection file");
  if (size > 0 && std::fwrite(data, 1, size, file) != size) fail("short write");
  std::fclose(file);
  daemon::AnkiCollection collection;
  try {
    collection = daemon::read_anki_collection(path, "fuzz.apkg", true);
  } catch (const InputError&) {
    return 0;
  }
  // Every options group as kioku's options: each value is taken or refused as the option's own
  // error, as the importer applies them.
  for (const auto& [id, group] : collection.deck_configs) {
    DeckOptions options;
    for (const auto& [name, value] : anki_deck_option_values(group, collection.fsrs)) {
      try {
        set_deck_option(options, name, value);
      } catch (const Error& error) {
        if (error.code() != ErrorCode::kInvalidParams) fail("an option refused otherwise");
      }
    }
  }
  // Every note type as the importer keeps one of its own (check_own_type): the rules decide or
  // refuse without throwing, and a type they pass is made kioku's without throwing either.
  for (const auto& [id, type] : collection.note_types) {
    if (note_type_problem(type)) continue;
    const std::shared_ptr<const TemplatedNoteType> kept =
        TemplatedNoteType::make(note_type_key(type), type);
    if (kept->fields() != type.fields) fail("a kept type lost its fields");
  }
  const DayCalendar calendar(4);
  AnkiDays days;
  try {
    days = anki_days(collection.created_seconds, 1'780'308'000'000, calendar);
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kInvalidInput) fail("anki_days threw another Error");
    return 0;  // the importer refuses the package then
  }
  for (const daemon::AnkiNote& note : collection.notes) {
    for (const daemon::AnkiCard& card : note.cards) check_card(card, days, calendar);
  }
  return 0;
}
