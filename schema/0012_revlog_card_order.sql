-- Version 12: revlog_card indexes a card's answers in the log's order (by id, the rowid every
-- index entry ends with) instead of by time. Every read of one card's answers asks for that
-- order (replay, undo, card history, the step a learning answer waited, the statistics' scan),
-- and with (card_id, reviewed_ms) each of them sorted the card's rows first; the statistics'
-- scan of the whole log sorted all of it. No read orders one card's answers by time.

DROP INDEX revlog_card;
CREATE INDEX revlog_card ON revlog (card_id);
