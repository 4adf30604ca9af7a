-- Version 6: card_state's phase check compares, rather than looks up.
--
-- SQLite codes a CHECK of the form `phase IN ('new', 'learning', 'review', 'relearning')` as a
-- temporary b-tree it builds and fills on every statement that sets the column (EXPLAIN shows
-- an OpenEphemeral): every answer paid about 12,000 instructions and an 84 KiB page cache for it
-- (callgrind, 1,000 answers). The same rule written as comparisons costs four of them. Nothing
-- else changes: same columns in the same order, same rows, same indices with the same names
-- and SQL. The rebuild follows the procedure of version 5 (0005_history_kept_and_card_kinds.sql),
-- foreign keys off around it (migrate()); no table refers to card_state.

CREATE TABLE new_card_state (
  card_id         INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
  deck_id         INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  phase           TEXT NOT NULL CHECK (phase = 'new' OR phase = 'learning' OR phase = 'review'
                                       OR phase = 'relearning'),
  due_ms          INTEGER NOT NULL,          -- learning: the instant; review: its day's start
  remaining_steps INTEGER NOT NULL DEFAULT 0,
  interval_days   INTEGER NOT NULL DEFAULT 0,
  ease            REAL NOT NULL DEFAULT 0,
  stability       REAL,
  difficulty      REAL,
  reps            INTEGER NOT NULL DEFAULT 0,
  lapses          INTEGER NOT NULL DEFAULT 0,
  last_review_ms  INTEGER NOT NULL DEFAULT 0,
  leech           INTEGER NOT NULL DEFAULT 0 CHECK (leech IN (0, 1)),
  suspended       INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
  new_position    INTEGER NOT NULL DEFAULT 0,
  repetition      INTEGER NOT NULL DEFAULT 0,
  interday        INTEGER NOT NULL DEFAULT 0 CHECK (interday IN (0, 1)),
  buried_until_day INTEGER NOT NULL DEFAULT 0
) STRICT;

INSERT INTO new_card_state (card_id, deck_id, phase, due_ms, remaining_steps, interval_days,
                            ease, stability, difficulty, reps, lapses, last_review_ms, leech,
                            suspended, new_position, repetition, interday, buried_until_day)
  SELECT card_id, deck_id, phase, due_ms, remaining_steps, interval_days, ease, stability,
         difficulty, reps, lapses, last_review_ms, leech, suspended, new_position, repetition,
         interday, buried_until_day
  FROM card_state;
DROP TABLE card_state;
ALTER TABLE new_card_state RENAME TO card_state;
CREATE INDEX card_state_due ON card_state (suspended, phase, due_ms);
CREATE INDEX card_state_deck_due
  ON card_state (deck_id, suspended, phase, due_ms, interday, buried_until_day);
CREATE INDEX card_state_deck_new
  ON card_state (deck_id, suspended, phase, new_position, buried_until_day);
CREATE INDEX card_state_buried ON card_state (deck_id, buried_until_day) WHERE buried_until_day > 0;
