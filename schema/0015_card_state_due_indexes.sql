-- Version 15: card_state keeps two indices of what is due where it kept three.
--
-- 1. card_state_due (suspended, phase, due_ms) goes. No query reads it: every due query names
--    its deck and reads card_state_deck_due or card_state_deck_new. Yet every new card was
--    added to it, and every answer moved its card in it. SQLite chose it only for
--    `SELECT count(*) FROM card_state`, which any other index counts as well, and for the
--    burial of siblings, where it walked every card not suspended instead of looking the
--    siblings up by id.
-- 2. card_state_deck_due holds only cards that are not new (`WHERE phase <> 'new'`). A new card
--    has no due time: it is found by card_state_deck_new, in its deck's order. Its entry, the
--    same six columns for every new card of a deck, cost a full comparison of all of them at
--    each step of the b-tree's search. The queries that read this index say `phase <> 'new'`
--    (SQLite uses a partial index only for a query whose WHERE says what the index's does).
--
-- callgrind, 5,000 basic notes added with kiokud's SQL: 70,700 instructions a note in
-- sqlite3_step before, 56,700 after (docs/decisions.md, "Session 27").

DROP INDEX card_state_due;
DROP INDEX card_state_deck_due;
CREATE INDEX card_state_deck_due
  ON card_state (deck_id, suspended, phase, due_ms, interday, buried_until_day)
  WHERE phase <> 'new';
