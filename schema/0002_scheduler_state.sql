-- Version 2: what the classic SM-2 and FSRS schedulers need to be replayed from the log.
-- The quality (0-5) of a classic SM-2 answer; NULL for answers given as a rating.
ALTER TABLE revlog ADD COLUMN quality INTEGER CHECK (quality BETWEEN 0 AND 5);
-- Classic SM-2: successful answers in the current run.
ALTER TABLE card_state ADD COLUMN repetition INTEGER NOT NULL DEFAULT 0;
