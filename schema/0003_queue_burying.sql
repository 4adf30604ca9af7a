-- Version 3: the queue of scheduling.md §2.7 — interday learning, burying, and siblings.

-- Learning and relearning cards whose current step reaches past the day start (core's
-- CardState::interday): mixed with the reviews and counted against the review limit. Cards
-- migrated from version 2 start at 0; `kioku doctor --rebuild` classifies them from their log.
ALTER TABLE card_state ADD COLUMN interday INTEGER NOT NULL DEFAULT 0 CHECK (interday IN (0, 1));

-- A buried card is left out of the queue and the counts while today < buried_until_day (a
-- scheduler day number; 0: not buried). It comes back at that day's start with nothing to undo.
-- Not derived from the review log: a rebuild leaves it alone.
ALTER TABLE card_state ADD COLUMN buried_until_day INTEGER NOT NULL DEFAULT 0;

-- Answers to interday learning cards, which count against the day's review limit as in Anki v3.
ALTER TABLE daily_stats ADD COLUMN interday_answers INTEGER NOT NULL DEFAULT 0;

-- Siblings: cards of one deck with the same note (the deck file's `note` key) are siblings;
-- '' means the card is a note of its own.
ALTER TABLE cards ADD COLUMN note TEXT NOT NULL DEFAULT '';
CREATE INDEX cards_note ON cards (deck_id, note) WHERE note <> '';

-- The due and new-card lookups stay covering: the interday flag and the burial day are read
-- from the index entries.
DROP INDEX card_state_deck_due;
CREATE INDEX card_state_deck_due
  ON card_state (deck_id, suspended, phase, due_ms, interday, buried_until_day);
DROP INDEX card_state_deck_new;
CREATE INDEX card_state_deck_new
  ON card_state (deck_id, suspended, phase, new_position, buried_until_day);
-- Buried cards, for the next due time and for unburying.
CREATE INDEX card_state_buried ON card_state (deck_id, buried_until_day) WHERE buried_until_day > 0;
