// The reference for `kioku sched optimize`: fsrs-rs 6.5 (npm @open-spaced-repetition/binding
// 0.5.0, Rust compiled for Node) fitting FSRS-6 to the same JSONL history, and fsrs-rs's own
// `evaluate` scoring any parameters on it, so that kioku's fit is judged by the reference's ruler.
//   node bench/fsrs_rs_optimize.mjs fit < history.jsonl            -> {"parameters": [...]}
//   node bench/fsrs_rs_optimize.mjs score kioku.json fsrs-rs.json < history.jsonl
// Days are UTC days (run kioku with --timezone UTC --day-starts-at 0). The items follow
// docs/fsrs-optimizer.md's rule, as kioku makes them: one per answer a day or more after the
// card's previous one, holding every earlier answer (same-day ones with delta_t 0).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../tests/reference/package.json"));
const { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } =
  require("@open-spaced-repetition/binding");

const ratings = { again: 1, hard: 2, good: 3, easy: 4 };
const DAY = 86_400_000;
const cards = new Map();
for (const line of readFileSync(0, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const answer = JSON.parse(line);
  if (!cards.has(answer.card)) cards.set(answer.card, []);
  cards.get(answer.card).push(answer);
}
const items = [];
for (const answers of cards.values()) {
  const reviews = [];
  let previousDay = null;
  for (const answer of answers) {
    const day = Math.floor(Date.parse(answer.time) / DAY);
    const elapsed = previousDay === null ? 0 : day - previousDay;
    reviews.push(new FSRSBindingReview(ratings[answer.rating], elapsed));
    previousDay = day;
    if (reviews.length > 1 && elapsed > 0) items.push(new FSRSBindingItem(reviews.slice()));
  }
}

const [mode, ...files] = process.argv.slice(2);
if (mode === "fit") {
  const parameters = await computeParameters(items, { enableShortTerm: true });
  console.log(JSON.stringify({ parameters, items: items.length }));
} else if (mode === "score") {
  const scores = files.map((file) => {
    const evaluation = new FSRSBinding(JSON.parse(readFileSync(file, "utf8")).parameters).evaluate(items);
    return { file, log_loss: evaluation.logLoss, rmse_bins: evaluation.rmseBins };
  });
  console.log(JSON.stringify({ items: items.length, scores }));
} else {
  throw new Error("usage: fsrs_rs_optimize.mjs fit | score FILE...");
}
