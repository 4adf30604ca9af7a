-- Version 10: cram answers (kioku review --cram, docs/review-screen.md).
--
-- revlog.cram: 1 for an answer given in a cram session, which studied the card without changing
-- its schedule (Anki's filtered deck without rescheduling, its revlog type 3). Such a row logs
-- the card's state as it was, before and after. Whoever replays a card's schedule (doctor
-- rebuild, an undo, the FSRS optimizer) leaves these rows out, as it leaves out voided ones; the
-- statistics count them as kind "cram", never in true retention; the daily roll-ups (limits,
-- streak) never count them. Every row written before is a scheduled answer (0).

ALTER TABLE revlog ADD COLUMN cram INTEGER NOT NULL DEFAULT 0 CHECK (cram IN (0, 1));
