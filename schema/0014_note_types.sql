-- Version 14: Anki note types kept as themselves, and card flags (docs/anki-templates.md, "Note types kept as
-- themselves"). A package's note type that is none of the five kioku reads as its own kinds
-- keeps its fields, card templates and style here; its notes are of kind 'anki' and point at it,
-- their fields named as the type names them, their cards made and shown by its templates.
--
-- 1. note_types: one row per type and shape. `key` is what an import matches a type on:
--    "anki-<Anki's id>-<hash of its fields' and templates' names and its kind>", so that a type
--    whose templates or style changed is the same type (and takes the change), and one whose
--    fields or templates were added, removed or renamed is another (Anki's rule too: a changed
--    schema is a new note type unless the user merges them). `fields` is a JSON array of names
--    in order; `templates` a JSON array of {"name", "question", "answer"}.
-- 2. notes is rebuilt (a CHECK cannot change in place) as 0007 made it, with the kind 'anki'
--    and `note_type`, set exactly for the notes of that kind, and `kept_cards`: the cards Anki
--    had made of an anki note (their cards.ord), which it keeps whether or not the templates
--    make them now, as Anki does until the user deletes them. Every row, index and id is kept;
--    cards refer to notes by name, so the renamed table is theirs again. migrate() turns
--    foreign keys off around it, as for 0005.
-- 3. cards gain `flag`: Anki's card flags (0 none, 1 red, 2 orange, 3 green, 4 blue, 5 pink,
--    6 turquoise, 7 purple), which an Anki import brings, card.flag sets and an export writes
--    back. A mark for the user, like suspended_ms a fact about the card and not about its
--    answers, so no replay touches it. Added in place: every existing card is 0.

CREATE TABLE note_types (
  id          INTEGER PRIMARY KEY,
  key         TEXT NOT NULL UNIQUE,
  anki_id     INTEGER NOT NULL,             -- the type's id in Anki (notes.mid there)
  name        TEXT NOT NULL,
  cloze       INTEGER NOT NULL CHECK (cloze = 0 OR cloze = 1),
  fields      TEXT NOT NULL,                -- JSON: ["Front", "Back", ...]
  templates   TEXT NOT NULL,                -- JSON: [{"name", "question", "answer"}, ...]
  css         TEXT NOT NULL DEFAULT '',
  created_ms  INTEGER NOT NULL,
  modified_ms INTEGER NOT NULL
) STRICT;

CREATE TABLE new_notes (
  id            INTEGER PRIMARY KEY,
  deck_id       INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  guid          TEXT NOT NULL,               -- the note's stable id (Anki's guid)
  kind          TEXT NOT NULL CHECK (kind = 'basic' OR kind = 'reverse'
                                     OR kind = 'basic-optional-reverse' OR kind = 'cloze'
                                     OR kind = 'typed' OR kind = 'choice' OR kind = 'anki'),
  fields        TEXT NOT NULL DEFAULT '[]',  -- JSON: [{"name": ..., "text": {lang: text}}]
  choices       TEXT NOT NULL DEFAULT '{}',  -- JSON: {lang: [choice, ...]}
  answer        INTEGER NOT NULL DEFAULT 0,  -- choice notes: the right choice, from 1
  tags          TEXT NOT NULL DEFAULT '',    -- space-separated
  sibling_group TEXT NOT NULL DEFAULT '',
  position      INTEGER NOT NULL,            -- its first card's position in the deck
  created_ms    INTEGER NOT NULL,
  modified_ms   INTEGER NOT NULL,
  deleted_ms    INTEGER,                     -- NULL while the note is live
  note_type     INTEGER REFERENCES note_types (id),  -- anki notes: their type
  kept_cards    TEXT NOT NULL DEFAULT '',    -- anki notes: cards.ord of Anki's, space-separated
  UNIQUE (deck_id, guid),
  CHECK ((kind = 'anki') = (note_type IS NOT NULL))
) STRICT;

INSERT INTO new_notes (id, deck_id, guid, kind, fields, choices, answer, tags, sibling_group,
                       position, created_ms, modified_ms, deleted_ms)
  SELECT id, deck_id, guid, kind, fields, choices, answer, tags, sibling_group, position,
         created_ms, modified_ms, deleted_ms
  FROM notes;
DROP TABLE notes;
ALTER TABLE new_notes RENAME TO notes;
CREATE INDEX notes_deleted ON notes (id) WHERE deleted_ms IS NOT NULL;

ALTER TABLE cards ADD COLUMN flag INTEGER NOT NULL DEFAULT 0 CHECK (flag >= 0 AND flag <= 7);
