// The reference for `kioku sched replay --algorithm fsrs`: the same JSONL replayed by ts-fsrs
// 5.4.2 in Node (fuzz off, short-term on), printing the same fields per line.
//   node bench/tsfsrs_replay.mjs < history.jsonl > states.jsonl
import { createInterface } from "node:readline";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../tests/reference/package.json"));
const { fsrs, createEmptyCard, Rating, State } = require("ts-fsrs");

const scheduler = fsrs({ enable_fuzz: false, enable_short_term: true });
const grades = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const stateNames = { [State.Learning]: "learning", [State.Review]: "review", [State.Relearning]: "relearning", [State.New]: "new" };
const cards = new Map();
const out = [];
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const text of lines) {
  if (!text.trim()) continue;
  const { card: id, time, rating } = JSON.parse(text);
  const now = new Date(time);
  const card = cards.get(id) ?? createEmptyCard(now);
  const next = scheduler.next(card, now, grades[rating]).card;
  cards.set(id, next);
  out.push(JSON.stringify({
    card: id, time, rating, state: stateNames[next.state], due: next.due.toISOString(),
    interval_days: next.scheduled_days, reps: next.reps, lapses: next.lapses,
    stability: next.stability, difficulty: next.difficulty,
  }));
  if (out.length === 65536) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join("\n") + "\n");
