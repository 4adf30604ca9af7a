-- Version 14: notes_guid finds a note by its id alone, in whichever deck it is. An Anki package
-- names each note by its GUID, which is one note in the whole collection, and the package
-- importer looked each of the file's notes up that way: with only the (deck_id, guid) index of
-- UNIQUE (deck_id, guid) every lookup scanned the notes table, and a 20,000-note package took
-- 16-20 s, most of it comparing GUIDs. note.get, note.update, note.delete and note.restore
-- without a deck made the same scan.

CREATE INDEX notes_guid ON notes (guid);
