#!/usr/bin/env bash
# Makes the hand-written seed of anki_collection_fuzz: a schema-11 Anki collection of two Basic
# notes whose three cards are new, in review (with FSRS memory in cards.data) and relearning
# in a filtered deck, with a log of learning, review, manual and relearning rows, FSRS on and a
# changed deck options group (also read by tests/daemon/anki_package_reader_test.cpp and
# tests/e2e/anki_package_import_test.cpp). Small pages keep the file small for the fuzzer. Run
# from the repository's root:
#   tests/fuzz/make_anki_collection_seed.sh
set -euo pipefail
out=tests/fuzz/corpus/anki_collection/schema11.anki2
rm -f "$out"
sqlite3 "$out" <<'SQL'
PRAGMA page_size = 512;
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
  scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
  ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
  ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
  queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
  odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
  ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
  time integer NOT NULL, type integer NOT NULL);
INSERT INTO col VALUES (1, 1704081600, 0, 0, 11, 0, 0, 0, '{"schedVer":2,"fsrs":true}',
  '{"1700000000000":{"id":1700000000000,"name":"Basic","type":0,"flds":[{"name":"Front","ord":0},{"name":"Back","ord":1}],"tmpls":[{"name":"Card 1","ord":0,"qfmt":"{{Front}}","afmt":"{{FrontSide}}<hr id=answer>{{Back}}"}]}}',
  '{"1":{"id":1,"name":"Default","conf":1},"2":{"id":2,"name":"Lang::Words","conf":5},"3":{"id":3,"name":"Filtered","dyn":1}}',
  '{"5":{"id":5,"name":"Words","new":{"delays":[0.5,10,1440],"ints":[2,5,0],"initialFactor":2300,"perDay":50,"bury":true},"rev":{"perDay":300,"ease4":1.5,"ivlFct":0.9,"maxIvl":3650,"hardFactor":1.1},"lapse":{"delays":[],"mult":0.2,"minInt":2,"leechFails":5,"leechAction":1},"desiredRetention":0.85,"fsrsParams5":[0.4,0.6,2.4,5.8,4.93,0.94,0.86,0.01,1.49,0.14,0.94,2.18,0.05,0.34,1.26,0.29,2.61,0.5,0.3]}}', '{}');
INSERT INTO notes VALUES (1700000000001, 'aB3xY9qZ0k', 1700000000000, 1704100000, 0, ' word ',
  'cat' || char(31) || 'neko', 'cat', 0, 0, '');
INSERT INTO notes VALUES (1700000000002, 'Qz8&kP2m!a', 1700000000000, 1704100000, 0, '',
  'dog' || char(31) || 'inu', 'dog', 0, 0, '');
INSERT INTO cards VALUES (1700000000101, 1700000000001, 1, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, '');
INSERT INTO cards VALUES (1700000000102, 1700000000002, 2, 0, 0, 0, 2, 2, 900, 25, 2350, 6, 1, 0, 0, 0, 0,
  '{"s":24.5,"d":5.25,"pos":2}');
INSERT INTO cards VALUES (1700000000103, 1700000000001, 3, 0, 0, 0, 3, 1, 1780308600, 3, 2100, 9, 2,
  1002, 880, 2, 0, '');
INSERT INTO revlog VALUES (1704200000000, 1700000000102, 0, 3, -600, 0, 0, 8000, 0);
INSERT INTO revlog VALUES (1704200600000, 1700000000102, 0, 3, 1, -600, 2500, 5000, 0);
INSERT INTO revlog VALUES (1704300000000, 1700000000102, 0, 4, 4, 1, 2650, 3000, 1);
INSERT INTO revlog VALUES (1704400000000, 1700000000102, 0, 0, 25, 4, 2650, 0, 4);
INSERT INTO revlog VALUES (1704500000000, 1700000000103, 0, 1, -600, 30, 2300, 9000, 1);
INSERT INTO revlog VALUES (1704500600000, 1700000000103, 0, 3, -86400, -600, 2300, 4000, 2);
INSERT INTO revlog VALUES (1704600000000, 1700000000103, 0, 3, 0, 0, 0, 2000, 3);
VACUUM;
SQL
echo "$out: $(stat -c %s "$out") bytes"
