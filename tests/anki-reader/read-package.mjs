// Reads an Anki package with anki-reader (npm), a reader kioku did not write, and prints what
// it found as one JSON object: tests/e2e/export_reader_test.cpp compares it with the collection.
// anki-reader's readAnkiPackage opens only `collection.anki2` (the dummy in a legacy-2 package),
// so the collection is taken from `collection.anki21` with zip.js and read by readAnkiCollection,
// as the package's own `meta` (version 2) says; the media map and files are read the same way.
import { readFile } from 'node:fs/promises';
import * as zip from '@zip.js/zip.js';
import { readAnkiCollection } from 'anki-reader';

const bytes = await readFile(process.argv[2]);
const reader = new zip.ZipReader(new zip.Uint8ArrayReader(new Uint8Array(bytes)));
const entries = await reader.getEntries();
const entry = (name) => entries.find((e) => e.filename === name);
const data = async (name) => entry(name).getData(new zip.Uint8ArrayWriter());

const collection = await readAnkiCollection(await data('collection.anki21'));
const decks = {};
let cards = 0;
for (const deck of Object.values(collection.getDecks())) {
  const deckCards = Object.values(deck.getCards());
  if (deckCards.length === 0) continue;
  cards += deckCards.length;
  decks[deck.getName()] = deckCards.length;
}
const notes = new Set();
const fronts = [];
for (const deck of Object.values(collection.getDecks())) {
  for (const card of Object.values(deck.getCards())) {
    if (!notes.has(card.getNoteId())) fronts.push(card.getFront());
    notes.add(card.getNoteId());
  }
}
const media = {};
const map = JSON.parse(new TextDecoder().decode(await data('media')));
for (const [key, name] of Object.entries(map)) media[name] = (await data(key)).length;
const models = {};
for (const model of Object.values(collection.getModels())) {
  models[model.getName()] = model.getFields().map((f) => f.name);
}
console.log(JSON.stringify({
  version: collection.getVersion(),
  decks,
  cards,
  notes: notes.size,
  models,
  media,
  fronts: fronts.sort(),
}));
await reader.close();
