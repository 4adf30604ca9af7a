-- Version 7: notes. A note is the fact an author writes once, in named fields per language;
-- its cards are made from it (core/card_generation.hpp) and keep their ids and history across
-- edits, matched by template ("card", "forward", "backward", "c1", ...).
--
-- 1. notes: one row per note. `fields` is a JSON array of {"name", "text": {language: text}}
--    in the kind's field order, with fields and languages that have no text left out (the form
--    daemon/store/note_codec.cpp writes and compares); `choices` and `answer` are a choice
--    note's. `sibling_group` is a format-1 deck's `note =`: the notes of one group have
--    sibling cards. `deleted_ms` is set by note.delete, a soft delete: the note, its cards and
--    their history stay, out of the queue, until note.restore.
-- 2. cards gain note_id and template, unique together: that pair, no longer the deck's
--    external id, is what an edit or a re-import matches a card on. `external_id` stays, as
--    the name a card is shown by (its note's id, with "/template" for a note of several cards),
--    not unique any more: a note id may itself hold a "/" (Anki's ids can). `retired` is set
--    on a card its note no longer makes (a removed {{c3::}}): suspended, reported, kept.
-- 3. Every card there is becomes its own note, in place: a choice note whose id is the card's
--    id (and the note's row id the card's row id), fields question and explanation, the card's
--    choices, answer, tags and `note =`. Card ids, card_state and the review log are untouched.
--
-- cards is rebuilt (a constraint cannot change in place) as 0005 did, with migrate()'s
-- foreign keys off around it; its indices are made again, and `cards_deck` replaces the
-- index UNIQUE (deck_id, external_id) gave the deck's card listings and counts, and finds the
-- deck's last position (where note.add puts a new note's cards) without a scan.

CREATE TABLE notes (
  id            INTEGER PRIMARY KEY,
  deck_id       INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  guid          TEXT NOT NULL,               -- the note's stable id (Anki's guid)
  kind          TEXT NOT NULL CHECK (kind = 'basic' OR kind = 'reverse'
                                     OR kind = 'basic-optional-reverse' OR kind = 'cloze'
                                     OR kind = 'typed' OR kind = 'choice'),
  fields        TEXT NOT NULL DEFAULT '[]',  -- JSON: [{"name": ..., "text": {lang: text}}]
  choices       TEXT NOT NULL DEFAULT '{}',  -- JSON: {lang: [choice, ...]}
  answer        INTEGER NOT NULL DEFAULT 0,  -- choice notes: the right choice, from 1
  tags          TEXT NOT NULL DEFAULT '',    -- space-separated
  sibling_group TEXT NOT NULL DEFAULT '',
  position      INTEGER NOT NULL,            -- its first card's position in the deck
  created_ms    INTEGER NOT NULL,
  modified_ms   INTEGER NOT NULL,
  deleted_ms    INTEGER,                     -- NULL while the note is live
  UNIQUE (deck_id, guid)
) STRICT;

INSERT INTO notes (id, deck_id, guid, kind, fields, choices, answer, tags, sibling_group,
                   position, created_ms, modified_ms)
  SELECT id, deck_id, external_id, 'choice',
         CASE WHEN coalesce(content -> '$.explanation', '{}') = '{}'
              THEN json_array(json_object('name', 'question', 'text', content -> '$.question'))
              ELSE json_array(json_object('name', 'question', 'text', content -> '$.question'),
                              json_object('name', 'explanation', 'text',
                                          content -> '$.explanation'))
         END,
         coalesce(content -> '$.choices', '{}'), coalesce(content ->> '$.answer', 0), tags,
         note, position, created_ms, modified_ms
  FROM cards;

CREATE TABLE new_cards (
  id           INTEGER PRIMARY KEY,
  deck_id      INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  note_id      INTEGER NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  template     TEXT NOT NULL,                -- which of its note's cards (GeneratedCard::key)
  external_id  TEXT NOT NULL,                -- the name it is shown by
  kind         TEXT NOT NULL CHECK (kind IN ('basic', 'reverse', 'cloze', 'typed', 'choice')),
  content      TEXT NOT NULL,                -- JSON: a choice card's question, choices, ...
  content_hash TEXT NOT NULL,                -- tells a changed card from an unchanged one
  tags         TEXT NOT NULL DEFAULT '',     -- space-separated
  position     INTEGER NOT NULL,             -- order in its deck; new cards come in this order
  created_ms   INTEGER NOT NULL,
  modified_ms  INTEGER NOT NULL,
  note         TEXT NOT NULL DEFAULT '',     -- cards of a deck with one note are siblings
  retired      INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
  UNIQUE (note_id, template)
) STRICT;

INSERT INTO new_cards (id, deck_id, note_id, template, external_id, kind, content, content_hash,
                       tags, position, created_ms, modified_ms, note)
  SELECT id, deck_id, id, 'card', external_id, kind, content, content_hash, tags, position,
         created_ms, modified_ms, note
  FROM cards;
DROP TABLE cards;
ALTER TABLE new_cards RENAME TO cards;
CREATE INDEX cards_note ON cards (deck_id, note) WHERE note <> '';
CREATE INDEX cards_deck ON cards (deck_id, position);
