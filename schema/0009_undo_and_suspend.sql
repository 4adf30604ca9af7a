-- Version 9: undoing an answer, and suspending a card by hand (docs/undo-and-suspend.md).
--
-- 1. revlog_voids: one row per undo, appended and never edited, naming the answer it voids.
--    The review log stays append-only: an undo adds a row here and deletes nothing, so the log
--    still holds every answer given, and whoever reads it for a card's schedule or for
--    statistics leaves out the answers named here (`NOT EXISTS (SELECT 1 FROM revlog_voids v
--    WHERE v.review_id = r.id)`, one probe of the UNIQUE index per answer). An answer is voided
--    at most once (UNIQUE), and the answer it names must exist and can never be deleted while
--    named (ON DELETE RESTRICT).
-- 2. cards.suspended_ms: when the user suspended the card (card.suspend), NULL when not. It is
--    a fact about the card, not something its answers give, so it lives beside `retired` and
--    not in card_state (the replay's cache): doctor.rebuild and an undo keep a card suspended
--    while it is set, as they keep a retired card suspended.

CREATE TABLE revlog_voids (
  id        INTEGER PRIMARY KEY,
  review_id INTEGER NOT NULL UNIQUE REFERENCES revlog (id) ON DELETE RESTRICT,
  voided_ms INTEGER NOT NULL               -- when the undo was made
) STRICT;

ALTER TABLE cards ADD COLUMN suspended_ms INTEGER;
