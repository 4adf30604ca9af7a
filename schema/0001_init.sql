-- kioku collection schema, version 1. Applied by kiokud with PRAGMA user_version = 1.
-- Times are milliseconds since the Unix epoch (UTC); days are scheduler day numbers
-- (local days since 1970-01-01, starting at the configured hour).

-- Key/value facts about the collection (creation time, the day start hour, ...).
CREATE TABLE collection_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE decks (
  id          INTEGER PRIMARY KEY,
  slug        TEXT NOT NULL UNIQUE,          -- the deck file's stable id
  name        TEXT NOT NULL,                 -- JSON object: language -> name
  description TEXT NOT NULL DEFAULT '{}',    -- JSON object: language -> text
  languages   TEXT NOT NULL DEFAULT '[]',    -- JSON array of language codes
  algorithm   TEXT NOT NULL DEFAULT 'sm2' CHECK (algorithm IN ('sm2', 'sm2-classic', 'fsrs')),
  options     TEXT NOT NULL DEFAULT '{}',    -- JSON object of options that differ from defaults
  source      TEXT NOT NULL DEFAULT '',      -- where it was last imported from
  created_ms  INTEGER NOT NULL,
  modified_ms INTEGER NOT NULL
) STRICT;

CREATE TABLE cards (
  id           INTEGER PRIMARY KEY,
  deck_id      INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  external_id  TEXT NOT NULL,                -- stable id from the deck file
  kind         TEXT NOT NULL CHECK (kind IN ('choice')),
  content      TEXT NOT NULL,                -- JSON: question, choices, answer, explanation
  content_hash TEXT NOT NULL,                -- tells a changed card from an unchanged one
  tags         TEXT NOT NULL DEFAULT '',     -- space-separated
  position     INTEGER NOT NULL,             -- order in its deck; new cards come in this order
  created_ms   INTEGER NOT NULL,
  modified_ms  INTEGER NOT NULL,
  UNIQUE (deck_id, external_id)
) STRICT;

-- The scheduling state of each card: a cache of replaying its review log.
CREATE TABLE card_state (
  card_id         INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
  deck_id         INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  phase           TEXT NOT NULL CHECK (phase IN ('new', 'learning', 'review', 'relearning')),
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
  new_position    INTEGER NOT NULL DEFAULT 0
) STRICT;

-- "Next due card in deck D" and "count due now" are range scans of covering indices: the
-- rowid (card_id) ends every index entry, so "ORDER BY due_ms, card_id" needs no sort.
CREATE INDEX card_state_deck_due ON card_state (deck_id, suspended, phase, due_ms);
CREATE INDEX card_state_due ON card_state (suspended, phase, due_ms);
CREATE INDEX card_state_deck_new ON card_state (deck_id, suspended, phase, new_position);

-- One row per answer, appended and never edited: the truth the card state is derived from.
CREATE TABLE revlog (
  id                   INTEGER PRIMARY KEY,
  card_id              INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
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
  scheduler            TEXT NOT NULL
) STRICT;

CREATE INDEX revlog_card ON revlog (card_id, reviewed_ms);
CREATE INDEX revlog_time ON revlog (reviewed_ms);

-- Daily roll-ups kept current on every answer, so statistics never scan the log.
CREATE TABLE daily_stats (
  day         INTEGER NOT NULL,
  deck_id     INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  reviews     INTEGER NOT NULL DEFAULT 0,
  correct     INTEGER NOT NULL DEFAULT 0,  -- answers rated Hard, Good or Easy
  new_cards   INTEGER NOT NULL DEFAULT 0,  -- new cards seen for the first time
  review_answers INTEGER NOT NULL DEFAULT 0,  -- answers to cards in the review phase
  duration_ms INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, deck_id)
) STRICT, WITHOUT ROWID;
