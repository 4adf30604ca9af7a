-- Version 5: the review log outlives its cards, and cards may be of the kinds notes bring.
--
-- 1. revlog.card_id loses ON DELETE CASCADE. The review log is the truth the card states are
--    derived from; deleting a card must never silently delete its history. The reference is
--    ON DELETE RESTRICT instead: kiokud runs with foreign keys on (PRAGMA foreign_keys = ON at
--    open), so there deleting a card that has answers, or a deck whose cards have answers
--    (decks cascade to cards), is refused with "FOREIGN KEY constraint failed" and nothing is
--    deleted; whoever wants the card gone must delete its history first, on purpose. With
--    foreign keys off (a sqlite3 shell's default) the card goes and its answers stay.
-- 2. cards.kind admits the kinds of notes: 'basic' and 'reverse' (a basic-and-reversed or
--    basic-optional-reverse note makes one of each), 'cloze', 'typed', and 'choice'.
--
-- SQLite cannot change a constraint in place, so both tables are rebuilt with the procedure of
-- https://www.sqlite.org/lang_altertable.html ("Making Other Kinds Of Table Schema Changes"):
-- create the new table, copy every row (ids included), drop the old one, rename the new one,
-- and create the old table's indices again, with their names, columns and conditions as they
-- were. No trigger or view refers to either table. The steps around it are migrate()'s
-- (daemon/store/migrations.cpp): foreign keys are switched off before this migration's
-- transaction begins, since PRAGMA foreign_keys does nothing inside a transaction and with
-- them on, DROP TABLE cards would first delete every card and cascade to card_state and, under
-- the old schema, to the whole review log; PRAGMA foreign_key_check runs before the commit;
-- foreign keys are switched back on after it.

CREATE TABLE new_cards (
  id           INTEGER PRIMARY KEY,
  deck_id      INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  external_id  TEXT NOT NULL,                -- stable id from the deck file
  kind         TEXT NOT NULL CHECK (kind IN ('basic', 'reverse', 'cloze', 'typed', 'choice')),
  content      TEXT NOT NULL,                -- JSON: the card's content (question, choices, ...)
  content_hash TEXT NOT NULL,                -- tells a changed card from an unchanged one
  tags         TEXT NOT NULL DEFAULT '',     -- space-separated
  position     INTEGER NOT NULL,             -- order in its deck; new cards come in this order
  created_ms   INTEGER NOT NULL,
  modified_ms  INTEGER NOT NULL,
  note         TEXT NOT NULL DEFAULT '',     -- cards of a deck with one note are siblings
  UNIQUE (deck_id, external_id)
) STRICT;

INSERT INTO new_cards (id, deck_id, external_id, kind, content, content_hash, tags, position,
                       created_ms, modified_ms, note)
  SELECT id, deck_id, external_id, kind, content, content_hash, tags, position, created_ms,
         modified_ms, note
  FROM cards;
DROP TABLE cards;
ALTER TABLE new_cards RENAME TO cards;
CREATE INDEX cards_note ON cards (deck_id, note) WHERE note <> '';

-- One row per answer, appended and never edited: the truth the card state is derived from.
CREATE TABLE new_revlog (
  id                   INTEGER PRIMARY KEY,
  card_id              INTEGER NOT NULL REFERENCES cards (id) ON DELETE RESTRICT,
  reviewed_ms          INTEGER NOT NULL,
  day                  INTEGER NOT NULL,     -- scheduler day of the answer
  rating               INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
  correct              INTEGER CHECK (correct IN (0, 1)),  -- choice cards: was the pick right
  chosen               INTEGER,              -- choice cards: the picked choice, from 1
  phase_before         TEXT NOT NULL,
  phase_after          TEXT NOT NULL,
  interval_before_days INTEGER NOT NULL,
  interval_after_days  INTEGER NOT NULL,
  due_after_ms         INTEGER NOT NULL,
  ease_after           REAL NOT NULL,
  stability_after      REAL,
  difficulty_after     REAL,
  duration_ms          INTEGER NOT NULL CHECK (duration_ms >= 0),
  scheduler            TEXT NOT NULL,
  quality              INTEGER CHECK (quality BETWEEN 0 AND 5),  -- classic SM-2's 0-5, or NULL
  answer_id            TEXT                  -- the client's name for the answer, or NULL
) STRICT;

INSERT INTO new_revlog (id, card_id, reviewed_ms, day, rating, correct, chosen, phase_before,
                        phase_after, interval_before_days, interval_after_days, due_after_ms,
                        ease_after, stability_after, difficulty_after, duration_ms, scheduler,
                        quality, answer_id)
  SELECT id, card_id, reviewed_ms, day, rating, correct, chosen, phase_before, phase_after,
         interval_before_days, interval_after_days, due_after_ms, ease_after, stability_after,
         difficulty_after, duration_ms, scheduler, quality, answer_id
  FROM revlog;
DROP TABLE revlog;
ALTER TABLE new_revlog RENAME TO revlog;
CREATE INDEX revlog_card ON revlog (card_id, reviewed_ms);
CREATE INDEX revlog_time ON revlog (reviewed_ms);
CREATE UNIQUE INDEX revlog_answer_id ON revlog (answer_id) WHERE answer_id IS NOT NULL;
