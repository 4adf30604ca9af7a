-- Version 8: cards' kind check compares, rather than looks up.
--
-- The same reason as version 6 (0006_card_state_phase_check.sql), found again on the note.add
-- path: SQLite codes `kind IN ('basic', 'reverse', 'cloze', 'typed', 'choice')` as a temporary
-- b-tree it builds and fills on every INSERT into cards (EXPLAIN shows an OpenEphemeral), about
-- 9,000 instructions for each card a note makes (callgrind, note.add_many of 6,000 notes). The
-- same rule written as comparisons costs five of them. Nothing else changes: same columns in the
-- same order, same rows, same indices with the same names and SQL. The rebuild follows version
-- 5's procedure, foreign keys off around it (migrate()); card_state and revlog refer to cards by
-- name, so the renamed table is theirs again.

CREATE TABLE new_cards (
  id           INTEGER PRIMARY KEY,
  deck_id      INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  note_id      INTEGER NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  template     TEXT NOT NULL,                -- which of its note's cards (GeneratedCard::key)
  external_id  TEXT NOT NULL,                -- the name it is shown by
  kind         TEXT NOT NULL CHECK (kind = 'basic' OR kind = 'reverse' OR kind = 'cloze'
                                    OR kind = 'typed' OR kind = 'choice'),
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
                       tags, position, created_ms, modified_ms, note, retired)
  SELECT id, deck_id, note_id, template, external_id, kind, content, content_hash, tags,
         position, created_ms, modified_ms, note, retired
  FROM cards;
DROP TABLE cards;
ALTER TABLE new_cards RENAME TO cards;
CREATE INDEX cards_note ON cards (deck_id, note) WHERE note <> '';
CREATE INDEX cards_deck ON cards (deck_id, position);
