// note.* and card.get: notes added and edited from a client, found, deleted softly and restored;
// and one card read as a review shows it.
#include <algorithm>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "core/card_generation.hpp"
#include "core/note_validation.hpp"
#include "core/templated_note_type.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/study_card.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/methods/worker_read.hpp"
#include "protocol/note_types.hpp"

namespace kioku::daemon {

namespace {

constexpr std::int64_t kMaxNotesListed = 1000;

// A note's content as the note object shows it; its times and cards are the caller's.
protocol::NoteView content_view(const Note& note) {
  protocol::NoteView view;
  view.id = note.id;
  view.deck = note.deck;
  view.kind = std::string(note_kind_name(note.kind));
  for (const NoteField& field : note.fields) {
    view.fields[field.name] =
        std::map<std::string, std::string>(field.text.begin(), field.text.end());
  }
  if (note_kind_spec(note.kind).has_choices) {
    view.choices.emplace(note.choices.begin(), note.choices.end());
    view.answer.emplace(note.answer);
  }
  view.tags = note.tags;
  if (note.note_type) {
    protocol::NoteTypeView type{.name = note.note_type->name(),
                                .cloze = note.note_type->cloze(),
                                .fields = note.note_type->fields(),
                                .templates = {}};
    for (const AnkiCardTemplate& entry : note.note_type->definition().templates) {
      type.templates.push_back(entry.name);
    }
    view.note_type.emplace(std::move(type));
  }
  return view;
}

protocol::NoteView note_view(const StoredNote& stored, Collection& collection) {
  protocol::NoteView view = content_view(stored.note);
  view.created_ms = stored.created_ms;
  view.modified_ms = stored.modified_ms;
  view.deleted_ms = stored.deleted_ms;
  for (const StoredNoteCard& stored_card : collection.cards().cards_of_note(stored.id)) {
    const ExistingCard& card = stored_card.card;
    const CardRecord record = collection.cards().card(card.id);
    view.cards.push_back(protocol::NoteCardView{.id = card.id,
                                                .template_ = card.key,
                                                .kind = record.kind,
                                                .external_id = record.external_id,
                                                .retired = card.retired,
                                                .state = state_view(record.state)});
  }
  return view;
}

// The note a request names: by its id in the named deck, or in whichever deck has it.
StoredNote named_note(Collection& collection, const std::string& id,
                      const std::optional<std::string>& deck) {
  if (deck) {
    const DeckRow row = collection.decks().require(*deck);
    if (auto found = collection.notes().find(row.id, id)) return std::move(*found);
    throw Error(ErrorCode::kNotFound, bilingual("deck {deck} has no note {note}",
                                                "デッキ {deck} にノート {note} はありません",
                                                {{"deck", *deck}, {"note", id}}));
  }
  std::vector<StoredNote> found = collection.notes().with_guid(id);
  if (found.empty()) {
    throw Error(ErrorCode::kNotFound,
                bilingual("no note {note}", "ノート {note} はありません", {{"note", id}}));
  }
  if (found.size() > 1) {
    std::string decks;
    for (const StoredNote& note : found) decks += (decks.empty() ? "" : ", ") + note.note.deck;
    throw Error(ErrorCode::kConflict,
                bilingual("note {note} is in several decks ({decks}): name one with 'deck'",
                          "ノート {note} は複数のデッキ（{decks}）にあります。'deck' "
                          "でどれか一つを指定してください",
                          {{"note", id}, {"decks", decks}}));
  }
  return std::move(found.front());
}

// Runs `body`, a note that breaks a rule of its kind refused as the request's parameters: the
// message names the field, the language and the place in its text, as a deck file's error does.
template <class Body>
auto refusing_broken_notes(const Body& body) {
  try {
    return body();
  } catch (const NoteError& error) {
    throw invalid_note_error(error);
  }
}

std::string random_note_id() {
  static std::random_device device;
  static std::mt19937_64 generator((static_cast<std::uint64_t>(device()) << 32) ^
                                   static_cast<std::uint64_t>(device()));
  return new_note_id(generator());
}

// The view of a note add() has just saved, made from what it saved instead of read back (which
// took a third of note.add's time): its cards are all new, so in the state a fresh card_state
// row holds.
protocol::NoteView added_note_view(const NoteSave& save, TimestampMs now) {
  protocol::NoteView view = content_view(save.note);
  view.created_ms = now;
  view.modified_ms = now;
  const protocol::CardStateView new_state = state_view(CardState{});
  for (const NoteSave::Card& card : save.cards) {
    view.cards.push_back(protocol::NoteCardView{.id = card.id,
                                                .template_ = card.row.template_key,
                                                .kind = card.row.kind,
                                                .external_id = card.row.external_id,
                                                .retired = false,
                                                .state = new_state});
  }
  return view;
}

protocol::NoteSaveResult save_result(const NoteSave& save, protocol::NoteView note) {
  protocol::NoteSaveResult result;
  result.note = std::move(note);
  result.added = save.added();
  result.retired = save.retired;
  result.revived = save.revived;
  result.changed = save.note_added || save.note_changed || !result.added.empty() ||
                   !save.retired.empty() || !save.revived.empty();
  return result;
}

// `requested` as a new note of `deck`, prepared to save (canonical, checked, its cards
// generated): the request's id, else a random one. A note its kind refuses is refused as the
// request's parameters.
PreparedNote prepared_new_note(const DeckRow& deck, const protocol::NewNote& requested) {
  return refusing_broken_notes([&] {
    return prepare_new_note(requested_note(requested.id ? *requested.id : random_note_id(),
                                           deck.slug, parse_note_kind(requested.kind),
                                           requested.fields, requested.choices, requested.answer,
                                           requested.tags.value_or(std::vector<std::string>{})));
  });
}

// The refusal of a new note whose id the deck has already: the lookup, only on this failure
// path, tells which step the client needs next.
Error note_in_deck(Collection& collection, const DeckRow& deck, const std::string& id) {
  const std::optional<StoredNote> existing = collection.notes().find(deck.id, id);
  if (existing && existing->deleted_ms) {
    return Error(ErrorCode::kConflict,
                 bilingual("deck {deck} has a deleted note {note}: bring it back with "
                           "note.restore, then change it with note.update",
                           "デッキ {deck} には削除されたノート {note} があります。note.restore "
                           "で元に戻してから note.update で変更してください",
                           {{"deck", deck.slug}, {"note", id}}));
  }
  return Error(ErrorCode::kConflict,
               bilingual("deck {deck} already has a note {note}: change it with note.update",
                         "デッキ {deck} にはノート {note} がすでにあります。note.update "
                         "で変更してください",
                         {{"deck", deck.slug}, {"note", id}}));
}

// Saves `requested` as a new note of `deck` with its first card at `position`, inside the
// caller's write; a note of that id already in the deck is refused.
NoteSave add_new_note(Collection& collection, const DeckRow& deck,
                      const protocol::NewNote& requested, std::int64_t position, TimestampMs now) {
  NoteSave save = collection.add_note(deck.id, prepared_new_note(deck, requested), position, now);
  if (!save.note_added) throw note_in_deck(collection, deck, save.note.id);
  return save;
}

protocol::NoteSaveResult add(const protocol::NoteAddParams& params, MethodContext& context) {
  Collection& collection = context.collection;
  const DeckRow deck = collection.decks().require(params.deck);
  const TimestampMs now = context.clock.now();
  NoteSave save;
  refusing_broken_notes([&] {
    collection.write(Write{WriteKind::kOther, deck.id}, [&] {
      save = add_new_note(collection, deck, params, collection.cards().next_position(deck.id), now);
    });
  });
  return save_result(save, added_note_view(save, now));
}

// The most notes one note.add_many takes. What bounds the time one request holds the daemon is
// the 1 MiB request line with the limits of a note (a cloze note may make 500 cards): a line of
// cloze notes can hold it about as long as a batch of 256 note.adds of the same notes, 2 s here.
// This bound keeps a line of tiny notes (10,000 fit in 800 KB, 0.2 s) from growing further.
constexpr std::size_t kMaxNotesAdded = 10'000;

// note.add for many notes in one write, so that they share one commit (one fsync) and the
// deck is looked up once: what a script that makes thousands of notes needs. A refused note is
// named by its place in `notes`, and nothing of the request is kept.
protocol::NoteAddManyResult add_many(const protocol::NoteAddManyParams& params,
                                     MethodContext& context) {
  if (params.notes.size() > kMaxNotesAdded) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'notes' may hold at most {most} notes, not {count}",
                          "パラメータ 'notes' に入れられるノートは {most} 件までです（{count} "
                          "件ありました）",
                          {{"most", std::to_string(kMaxNotesAdded)},
                           {"count", std::to_string(params.notes.size())}}));
  }
  Collection& collection = context.collection;
  const DeckRow deck = collection.decks().require(params.deck);
  const TimestampMs now = context.clock.now();
  protocol::NoteAddManyResult result;
  result.notes.reserve(params.notes.size());
  // What the client can mend is named by its place; a failure of the collection or the disk
  // (with its own advice and type) is not the note's.
  const auto at_place = [](std::size_t index, const Error& error) {
    const BilingualMessage message = error.message();
    const std::string place = "notes[" + std::to_string(index) + "]: ";
    return Error(error.code(), BilingualMessage{place + message.english, place + message.japanese});
  };
  // Each note prepared in turn, up to the first one refused: the notes before it are saved
  // first, so that one of them the deck has already is the error, as it comes first.
  std::vector<Collection::NoteToAdd> prepared;
  prepared.reserve(params.notes.size());
  std::optional<Error> refused;
  for (const protocol::NewNote& requested : params.notes) {
    try {
      prepared.push_back({.prepared = prepared_new_note(deck, requested),
                          .deck_id = deck.id,
                          .source_modified = std::nullopt});  // stamped now
    } catch (const Error& error) {
      if (error.code() != ErrorCode::kInvalidParams) throw;
      refused = at_place(prepared.size(), error);
      break;
    }
  }
  collection.write(Write{WriteKind::kOther, deck.id}, [&] {
    std::int64_t position = collection.cards().next_position(deck.id);
    const std::vector<NoteSave> saves = collection.add_notes(
        prepared, [&](std::int64_t) -> std::int64_t& { return position; }, now);
    if (!saves.empty() && !saves.back().note_added) {
      throw at_place(saves.size() - 1, note_in_deck(collection, deck, saves.back().note.id));
    }
    if (refused) throw *refused;
    for (const NoteSave& save : saves) {
      protocol::AddedNote& added = result.notes.emplace_back();
      added.id = save.note.id;
      for (const NoteSave::Card& card : save.cards) added.cards.push_back(card.id);
    }
  });
  return result;
}

protocol::NoteSaveResult update(const protocol::NoteUpdateParams& params, MethodContext& context) {
  Collection& collection = context.collection;
  const StoredNote stored = named_note(collection, params.note, params.deck);
  if (stored.deleted_ms) {
    throw Error(ErrorCode::kConflict,
                bilingual("note {note} is deleted: restore it with note.restore first",
                          "ノート {note} は削除されています。先に note.restore "
                          "で元に戻してください",
                          {{"note", params.note}}));
  }
  // An edit made on an older copy would put back what another client saved since.
  if (params.modified_ms && *params.modified_ms != stored.modified_ms) {
    throw Error(ErrorCode::kConflict,
                bilingual("note {note} was changed by someone else since it was read; read it "
                          "again",
                          "ノート {note} は読み込んだ後に別の場所で変更されました。読み込み"
                          "直してください",
                          {{"note", params.note}}));
  }
  NoteSave save;
  refusing_broken_notes([&] {
    // An anki note stays one (its kind is no user's to give: parse_note_kind refuses it).
    const bool stays_anki = stored.note.kind == NoteKind::kAnki;
    if (stays_anki && params.kind && *params.kind != note_kind_name(NoteKind::kAnki)) {
      throw NoteError("kind", "",
                      bilingual("an anki note keeps its kind: its fields are its Anki note type's",
                                "anki ノートの種類は変えられません。そのフィールドは Anki "
                                "のノートタイプのものです"));
    }
    const NoteKind kind = stays_anki    ? NoteKind::kAnki
                          : params.kind ? parse_note_kind(*params.kind)
                                        : stored.note.kind;
    Note note =
        requested_note(stored.note.id, stored.note.deck, kind, params.fields, params.choices,
                       params.answer, params.tags.value_or(stored.note.tags));
    if (kind == NoteKind::kAnki) {
      // Its type and the cards Anki made stay: an edit changes its fields and tags.
      note.note_type = stored.note.note_type;
      note.kept_cards = stored.note.kept_cards;
    }
    // Later than the note's last change even within one millisecond (or under a standing
    // clock): a client that read that change must see this one as another (`modified_ms`).
    const TimestampMs stamp = std::max(context.clock.now(), stored.modified_ms + 1);
    collection.write(Write{WriteKind::kOther, stored.deck_id}, [&] {
      save =
          collection.save_note(stored.deck_id, note, stored.sibling_group, stored.position, stamp);
    });
  });
  return save_result(save, note_view(collection.notes().note(save.note_id), collection));
}

protocol::NoteView get(const protocol::NoteGetParams& params, MethodContext& context) {
  return note_view(named_note(context.collection, params.note, params.deck), context.collection);
}

// A text or tag search reads every note of its decks (0.6 s on a million, warm): off the
// server's thread, so that the other clients are answered meanwhile.
protocol::NoteFindResult find(const protocol::NoteFindParams& params, MethodContext& context) {
  const std::int64_t limit = params.limit.value_or(100);
  if (limit < 1 || limit > kMaxNotesListed) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'limit' must be between 1 and 1000",
                          "パラメータ 'limit' は 1 から 1000 まででなければなりません"));
  }
  if (params.offset.value_or(0) < 0) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'offset' must be >= 0",
                          "パラメータ 'offset' は 0 以上でなければなりません"));
  }
  // A text is looked for in every note's fields, most of a second on a million notes: in a
  // batch or as a notification it would be read at once on the server's thread, holding every
  // other client for all of it (a batch's share is weighed only between its requests), so it is
  // refused there as other long requests are. A page without a text stays answerable there.
  if (params.text && !params.text->empty()) refuse_long_request_here(context);
  return read_beside<protocol::NoteFindResult>(
      context, [params, limit](CollectionReads& reads, const ProgressReport& progress) {
        Collection& collection = reads.collection();
        NoteSearch search;
        if (params.deck) search.deck_id = collection.decks().require(*params.deck).id;
        search.tag = params.tag;
        search.text = params.text;
        search.deleted = params.deleted.value_or(false);
        search.offset = params.offset.value_or(0);
        search.limit = limit + 1;  // one more says whether there are more
        // Only a text's search reads every note; a page is read too fast to be worth a thread
        // that watches it.
        const auto read = [&] { return collection.notes().search(search); };
        std::vector<StoredNote> found =
            search.text && !search.text->empty() ? reads.stoppable(progress, read) : read();
        protocol::NoteFindResult result;
        result.more = static_cast<std::int64_t>(found.size()) > limit;
        if (result.more) found.pop_back();
        for (const StoredNote& note : found) result.notes.push_back(note_view(note, collection));
        return result;
      });
}

protocol::NoteDeleteResult set_deleted(const protocol::NoteGetParams& params,
                                       MethodContext& context, bool deleted) {
  Collection& collection = context.collection;
  const StoredNote stored = named_note(collection, params.note, params.deck);
  protocol::NoteDeleteResult result;
  result.changed = stored.deleted_ms.has_value() != deleted;
  if (result.changed) {
    const TimestampMs now = context.clock.now();
    collection.write(Write{WriteKind::kOther, stored.deck_id}, [&] {
      collection.notes().set_deleted(stored.id, deleted ? std::optional(now) : std::nullopt, now);
      collection.cards().refresh_suspension(stored.id);
    });
  }
  result.note = note_view(collection.notes().note(stored.id), collection);
  return result;
}

protocol::NoteDeleteResult remove(const protocol::NoteGetParams& params, MethodContext& context) {
  return set_deleted(params, context, true);
}

protocol::NoteDeleteResult restore(const protocol::NoteGetParams& params, MethodContext& context) {
  return set_deleted(params, context, false);
}

protocol::CardGetResult card_get(const protocol::CardGetParams& params, MethodContext& context) {
  const std::string language = checked_language(params.lang);
  Collection& collection = context.collection;
  const CardRecord card = collection.cards().card(params.card);
  const std::optional<DeckRow> deck = collection.decks().by_slug(card.deck_slug);
  const StoredNote note = collection.notes().note(card.note_id);
  protocol::CardGetResult result;
  result.card = study_card(card, deck ? pick_language(deck->name, language) : card.deck_slug,
                           deck_options_from_json(card.deck_options_json), context.clock.now(),
                           context, language);
  result.note = note.note.id;
  result.template_ = card.template_key;
  for (const StoredNoteCard& sibling : collection.cards().cards_of_note(card.note_id)) {
    if (sibling.card.id == card.id) result.retired = sibling.card.retired;
  }
  return result;
}

}  // namespace

std::vector<Method> note_methods() {
  return {method_row(protocol::kNoteAdd, add),         method_row(protocol::kNoteAddMany, add_many),
          method_row(protocol::kNoteUpdate, update),   method_row(protocol::kNoteGet, get),
          method_row(protocol::kNoteFind, find),       method_row(protocol::kNoteDelete, remove),
          method_row(protocol::kNoteRestore, restore), method_row(protocol::kCardGet, card_get)};
}

}  // namespace kioku::daemon
