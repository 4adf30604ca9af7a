-- Version 11: the statistics' roll-ups (issue 14 part 5, docs/stats.md "Roll-ups").
--
-- Per deck (and for the whole collection, as deck 0, so that its figures read a row a day, not
-- a row a day and deck), the answers of each scheduler day by group (0 learning, 1 relearning, 2 young,
-- 3 mature, 4 cram: core/answer_rollup.hpp), rating and whether they count for true retention,
-- with their time; and per deck, day and local hour, the answers that were not cram and how
-- many passed. Kept in the transaction of every answer and undo, so `stats.report` reads a few
-- thousand rows instead of the whole log. The days and hours are those of the calendar named
-- in collection_meta 'stats_rollup_calendar' (day start and time zone); kiokud refills both
-- tables from the log when its own calendar differs, so this migration leaves them empty and
-- the key unset. The deck is the card's deck (cards never move), so a deck's figures are those
-- of the answers to its cards. The review log stays the truth: `doctor --rebuild` refills them.

CREATE TABLE stats_day_rollup (
  day          INTEGER NOT NULL,
  answer_group INTEGER NOT NULL CHECK (answer_group BETWEEN 0 AND 4),
  rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
  retention    INTEGER NOT NULL CHECK (retention IN (0, 1)),
  deck_id      INTEGER NOT NULL,
  answers      INTEGER NOT NULL,
  duration_ms  INTEGER NOT NULL,
  PRIMARY KEY (deck_id, day, answer_group, rating, retention)
) STRICT, WITHOUT ROWID;

CREATE TABLE stats_hour_rollup (
  day     INTEGER NOT NULL,
  hour    INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
  deck_id INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  passed  INTEGER NOT NULL,
  PRIMARY KEY (deck_id, day, hour)
) STRICT, WITHOUT ROWID;

-- The card-based figures read every card's state, deck, note, creation time and whether it is
-- retired, and skip the cards of deleted notes: from these two small indexes, instead of the
-- card and note rows with their content (230 MB on a generated 100,000-card collection).
CREATE INDEX cards_figures ON cards (id, note_id, created_ms, retired);
CREATE INDEX notes_deleted ON notes (id) WHERE deleted_ms IS NOT NULL;
