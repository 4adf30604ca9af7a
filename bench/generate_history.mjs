// Writes a review history as JSONL for `kioku sched replay` and its ts-fsrs reference:
// N reviews spread over N/20 cards, each card answered at times a learner plausibly would
// (minutes apart while learning, then days), cards interleaved in time order.
//   node bench/generate_history.mjs 1000000 > history.jsonl
const total = Number(process.argv[2] ?? 1_000_000);
const cardsCount = Math.max(1, Math.floor(total / 20));

// mulberry32, seeded: the same input every run.
let seed = 20261130 >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ratings = ["again", "hard", "good", "good", "good", "easy"];
const start = Date.UTC(2026, 0, 1, 8);
const MINUTE = 60_000;
const DAY = 86_400_000;

// Each card: a time cursor; every review moves it by a learning step or some days.
const cursors = [];
for (let card = 0; card < cardsCount; card++) {
  cursors.push({ card: `c${card}`, time: start + Math.floor(random() * 30) * DAY, reviews: 0 });
}
const perCard = Math.ceil(total / cardsCount);
const lines = [];
for (const cursor of cursors) {
  for (let i = 0; i < perCard && lines.length < total; i++) {
    const rating = ratings[Math.floor(random() * ratings.length)];
    lines.push({ card: cursor.card, time: cursor.time, rating });
    cursor.time += i < 2 ? 10 * MINUTE : Math.ceil(random() * 30) * DAY + Math.floor(random() * 600) * MINUTE;
  }
}
lines.sort((a, b) => a.time - b.time);
const out = [];
for (const line of lines) {
  out.push(`{"card":"${line.card}","time":"${new Date(line.time).toISOString()}","rating":"${line.rating}"}`);
  if (out.length === 65536) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join("\n") + "\n");
