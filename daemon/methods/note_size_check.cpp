// The warnings about notes past the text limit.
#include "daemon/methods/note_size_check.hpp"

#include <string>

#include "core/deck_parser_limits.hpp"
#include "core/error.hpp"
#include "core/note_validation.hpp"

namespace kioku::daemon {

std::vector<BilingualMessage> oversized_note_warnings(Collection& collection) {
  std::vector<BilingualMessage> warnings;
  std::size_t past = 0;
  const std::string max = std::to_string(kMaxNoteTextBytes);
  // Only the notes whose stored form passes the limit are read and counted.
  for (const std::int64_t id : collection.notes().live_ids_stored_past(kMaxNoteTextBytes)) {
    StoredNote stored;
    try {
      stored = collection.notes().note(id);
    } catch (const Error&) {
      // A row that does not read is not this check's finding: the note methods name it.
      continue;
    }
    const std::size_t bytes = note_text_bytes(stored.note);
    if (bytes <= kMaxNoteTextBytes) continue;
    if (++past > kReportedNotes) continue;
    warnings.push_back(bilingual(
        "note {note} of deck {deck} holds {bytes} bytes of text, past a note's limit of {max} "
        "(its fields in every language, its choices and its tags together): it was stored "
        "before the limit or comes from a file made elsewhere. It is studied as it is, but "
        "cannot be saved again until it is shorter: shorten it, or move part of it to a new "
        "note, with kioku edit {note} --deck {deck}",
        "デッキ {deck} のノート {note} のテキストは {bytes} バイトで、ノートの上限 {max} "
        "バイト（全言語のフィールド、選択肢、タグの合計）を超えています。上限ができる前に保存"
        "されたか、他所で作られたファイルのものです。このまま学習できますが、短くするまで保存し"
        "直せません。kioku edit {note} --deck {deck} で短くするか、一部を新しいノートに移して"
        "ください",
        {{"note", stored.note.id},
         {"deck", stored.note.deck},
         {"bytes", std::to_string(bytes)},
         {"max", max}}));
  }
  if (past > kReportedNotes) {
    const std::size_t more = past - kReportedNotes;
    warnings.push_back(
        more == 1 ? bilingual("1 more note holds more than a note's limit of {max} bytes of text; "
                              "the first {listed} are named above",
                              "ほかに 1 件のノートのテキストがノートの上限 {max} "
                              "バイトを超えています。最初の {listed} 件を上に挙げました",
                              {{"max", max}, {"listed", std::to_string(kReportedNotes)}})
                  : bilingual("{count} more notes hold more than a note's limit of {max} bytes of "
                              "text; the first {listed} are named above",
                              "ほかに {count} 件のノートのテキストがノートの上限 {max} "
                              "バイトを超えています。最初の {listed} 件を上に挙げました",
                              {{"count", std::to_string(more)},
                               {"max", max},
                               {"listed", std::to_string(kReportedNotes)}}));
  }
  return warnings;
}

}  // namespace kioku::daemon
