-- Version 4: answers that can be sent again safely.
-- A client names each answer with an id of its own (review.answer's `answer_id`) and sends it
-- again, with the same id, when the connection broke before the reply: the daemon may have
-- committed it or not. An id already in the log gets the recorded answer back instead of a
-- second row. NULL for answers sent without an id (and for every answer before version 4).
ALTER TABLE revlog ADD COLUMN answer_id TEXT;
CREATE UNIQUE INDEX revlog_answer_id ON revlog (answer_id) WHERE answer_id IS NOT NULL;
