-- Version 13: an Anki package's history, imported with it (docs/anki-import.md, "History").
--
-- revlog.imported: 1 for an answer given in Anki. It counts in the statistics and the FSRS
-- optimizer as any answer does, but replay does not schedule with it and an undo never voids
-- it: the card's schedule starts from its imported state, and kioku's own answers after it.
ALTER TABLE revlog ADD COLUMN imported INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1));

-- The state a card had in Anki when it was imported: where its replay starts. The columns are
-- card_state's. No cascade: the log and what it starts from are the truth, and cards are never
-- deleted (they retire).
CREATE TABLE imported_states (
  card_id         INTEGER PRIMARY KEY REFERENCES cards (id),
  imported_ms     INTEGER NOT NULL,
  phase           TEXT NOT NULL CHECK (phase = 'new' OR phase = 'learning' OR phase = 'review'
                                       OR phase = 'relearning'),
  due_ms          INTEGER NOT NULL,
  remaining_steps INTEGER NOT NULL,
  interval_days   INTEGER NOT NULL,
  ease            REAL NOT NULL,
  reps            INTEGER NOT NULL,
  lapses          INTEGER NOT NULL,
  last_review_ms  INTEGER NOT NULL,
  leech           INTEGER NOT NULL CHECK (leech IN (0, 1)),
  suspended       INTEGER NOT NULL CHECK (suspended IN (0, 1)),
  stability       REAL,
  difficulty      REAL,
  repetition      INTEGER NOT NULL,
  interday        INTEGER NOT NULL CHECK (interday IN (0, 1))
) STRICT;
