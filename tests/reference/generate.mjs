// Generates kioku's scheduler reference vectors from the reference implementations pinned in
// package.json (ts-fsrs 5.4.2 for FSRS-6, supermemo 2.0.23 for classic SM-2).
//
//   cd tests/reference && npm ci && node generate.mjs
//
// writes fsrs_vectors.json and sm2_classic_vectors.json next to this script. The histories come
// from a seeded PRNG, so running it again gives byte-identical files. tests/core/fsrs_test.cpp
// and tests/core/sm2_classic_test.cpp replay every history through kioku's schedulers.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEmptyCard, default_w, fsrs, Rating, State } from "ts-fsrs";
import { supermemo } from "supermemo";

const here = dirname(fileURLToPath(import.meta.url));

// mulberry32: a small, well-known 32-bit PRNG; enough to vary histories reproducibly.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rng = mulberry32(20260511);
const uniform = (lo, hi) => lo + rng() * (hi - lo);
const integer = (lo, hi) => Math.floor(uniform(lo, hi + 1)); // inclusive
const chance = (p) => rng() < p;
function weighted(pairs) {
  let x = rng() * pairs.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of pairs) {
    if ((x -= w) < 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

const MINUTE = 60_000;
const DAY = 86_400_000;
// Answers are never given within 15 minutes of 00:00 UTC, so no learning step crosses a day
// start (kioku's SM-2 turns such steps into day-based dues; FSRS keeps them exact either way).
const WINDOW_START = 15 * MINUTE;
const WINDOW_END = DAY - 15 * MINUTE;
const dayOf = (ms) => Math.floor(ms / DAY);
const timeOfDay = (ms) => ms - dayOf(ms) * DAY;
const inWindow = (ms) => timeOfDay(ms) >= WINDOW_START && timeOfDay(ms) < WINDOW_END;

// A whole-minute time on `day`, inside the window and at least `after`; null if none is left.
function timeOnDay(day, after = -Infinity) {
  const lo = Math.max(day * DAY + WINDOW_START, after);
  const hi = day * DAY + WINDOW_END;
  if (lo >= hi) return null;
  return Math.floor(uniform(lo, hi) / MINUTE) * MINUTE;
}

// Keeps `ms` inside the window, moving it to the next day's window when it falls outside.
function intoWindow(ms) {
  if (inWindow(ms)) return ms;
  const day = timeOfDay(ms) < WINDOW_START ? dayOf(ms) : dayOf(ms) + 1;
  return day * DAY + WINDOW_START + integer(0, 120) * MINUTE;
}

// When the learner answers next: at the due time, later the same day, days late, after a long
// gap, early, or again on the same day (elapsed 0).
function nextReviewTime(card, last) {
  const due = card.due.getTime();
  if (card.state === State.Learning || card.state === State.Relearning) {
    const kind = weighted([["due", 70], ["later", 15], ["days", 15]]);
    if (kind === "due") return intoWindow(due + integer(0, 30) * MINUTE);
    if (kind === "later") return timeOnDay(dayOf(due), due) ?? intoWindow(due);
    return timeOnDay(dayOf(due) + integer(1, 5));
  }
  const kind = weighted([
    ["on_due_day", 50],
    ["same_day", 10],
    ["late", 15],
    ["long_gap", 7],
    ["early", 13],
    ["exact", 5],
  ]);
  const lastDay = dayOf(last);
  switch (kind) {
    case "exact":
      return intoWindow(due);
    case "same_day": {
      const t = timeOnDay(lastDay, last + MINUTE);
      if (t !== null) return t;
      return timeOnDay(dayOf(due));
    }
    case "late":
      return timeOnDay(dayOf(due) + integer(1, 30));
    case "long_gap":
      return timeOnDay(dayOf(due) + integer(60, 2000));
    case "early":
      if (dayOf(due) - lastDay >= 2) return timeOnDay(integer(lastDay + 1, dayOf(due) - 1));
      return timeOnDay(dayOf(due));
    default:
      return timeOnDay(dayOf(due));
  }
}

const RATING_WEIGHTS = [
  [Rating.Again, 15],
  [Rating.Hard, 15],
  [Rating.Good, 55],
  [Rating.Easy, 15],
];
const MAXIMUM_INTERVAL = 36500; // ts-fsrs's default, and kioku's
const STATE_NAMES = ["new", "learning", "review", "relearning"];

// Steps as kioku stores them (seconds) from ts-fsrs's "1m"/"1h" strings.
function stepSeconds(steps) {
  return steps.map((s) => {
    const n = parseInt(s.slice(0, -1), 10);
    return n * { m: 60, h: 3600, d: 86400 }[s.slice(-1)];
  });
}

// One record per answer: [review_ms, rating, state, due_ms, scheduled_days, stability,
// difficulty, reps, lapses, learning_steps].
function record(reviewMs, rating, card) {
  return [
    reviewMs,
    rating,
    STATE_NAMES[card.state],
    card.due.getTime(),
    card.scheduled_days,
    card.stability,
    card.difficulty,
    card.reps,
    card.lapses,
    card.learning_steps,
  ];
}

// Replays `plan` (a list of [review_ms, rating]) or, without a plan, `length` random answers.
function fsrsHistory(name, config, created, { plan = null, length = 0, preview = true } = {}) {
  const params = {
    request_retention: config.desired_retention,
    enable_fuzz: false,
    enable_short_term: config.short_term,
    learning_steps: config.learning_steps,
    relearning_steps: config.relearning_steps,
  };
  if (config.weights) params.w = config.weights;
  const f = fsrs(params);
  let card = createEmptyCard(new Date(created));
  let last = created;
  const steps = [];
  const count = plan ? plan.length : length;
  for (let i = 0; i < count; ++i) {
    let now;
    let rating;
    if (plan) {
      [now, rating] = plan[i];
    } else {
      now = i === 0 ? created : nextReviewTime(card, last);
      rating = weighted(RATING_WEIGHTS);
    }
    const next = f.next(card, new Date(now), rating).card;
    // ts-fsrs lets good and easy pass the maximum interval by a day or two (good >= hard + 1,
    // easy >= good + 1 after the clamp); kioku keeps to the maximum, so such a history ends.
    if (next.scheduled_days > MAXIMUM_INTERVAL) break;
    card = next;
    steps.push(record(now, rating, card));
    last = now;
  }
  const history = {
    name,
    desired_retention: config.desired_retention,
    short_term: config.short_term,
    learning_steps: stepSeconds(config.learning_steps),
    relearning_steps: stepSeconds(config.relearning_steps),
    weights: config.weights ?? null,
    created_ms: created,
    steps,
  };
  if (preview) {
    // The four outcomes at one more answer time, in rating order.
    const at = plan ? (preview === true ? card.due.getTime() : preview) : nextReviewTime(card, last);
    const outcomes = f.repeat(card, new Date(at));
    const grades = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];
    if (grades.every((g) => outcomes[g].card.scheduled_days <= MAXIMUM_INTERVAL)) {
      history.preview_ms = at;
      history.preview = grades.map((g) => record(at, g, outcomes[g].card));
    }
  }
  return history;
}

const DEFAULT_CONFIG = {
  desired_retention: 0.9,
  short_term: true,
  learning_steps: ["1m", "10m"],
  relearning_steps: ["10m"],
};
const randomStart = () =>
  timeOnDay(dayOf(Date.UTC(2023, 0, 1)) + integer(0, 3 * 365));

// Weights perturbed inside ts-fsrs's clamp ranges, so the replay checks that options are used.
function perturbedWeights() {
  const bounds = [
    [0.001, 100], [0.001, 100], [0.001, 100], [0.001, 100], [1, 10], [0.001, 4], [0.001, 4],
    [0.001, 0.75], [0, 4.5], [0, 0.8], [0.001, 3.5], [0.001, 5], [0.001, 0.25], [0.001, 0.9],
    [0, 4], [0, 1], [1, 6], [0, 2], [0, 2], [0.01, 0.8], [0.1, 0.8],
  ];
  return default_w.map((w, i) => {
    const [lo, hi] = bounds[i];
    const x = w * uniform(0.7, 1.3);
    return Math.round(Math.min(Math.max(x, lo), hi) * 1e4) / 1e4;
  });
}

const histories = [];
const addRandom = (prefix, n, config, minLength, maxLength) => {
  for (let i = 0; i < n; ++i) {
    const name = `${prefix}-${String(i).padStart(3, "0")}`;
    histories.push(
      fsrsHistory(name, config(), randomStart(), { length: integer(minLength, maxLength) }),
    );
  }
};
addRandom("r90", 120, () => DEFAULT_CONFIG, 3, 30);
addRandom("r80", 40, () => ({ ...DEFAULT_CONFIG, desired_retention: 0.8 }), 3, 30);
addRandom("long", 6, () => DEFAULT_CONFIG, 60, 100);
addRandom(
  "steps",
  16,
  () =>
    weighted([
      [{ ...DEFAULT_CONFIG, learning_steps: ["1m", "10m", "1h"], relearning_steps: ["10m", "1h"] }, 1],
      [{ ...DEFAULT_CONFIG, learning_steps: ["5m"], relearning_steps: [] }, 1],
      [{ ...DEFAULT_CONFIG, learning_steps: [], relearning_steps: ["30m"] }, 1],
      // Three relearning steps lower ts-fsrs's ceiling for w17 and w18 (scheduling.md §3.7).
      [{ ...DEFAULT_CONFIG, relearning_steps: ["5m", "10m", "20m"] }, 1],
    ]),
  3,
  30,
);
addRandom("weights", 16, () => ({ ...DEFAULT_CONFIG, weights: perturbedWeights(), desired_retention: weighted([[0.9, 1], [0.85, 1], [0.8, 1]]) }), 3, 30);

// Appendix A of docs/scheduling.md, from the same library.
const JAN1 = Date.UTC(2024, 0, 1);
const at = (month, day, hour, minute) => Date.UTC(2024, month - 1, day, hour, minute);
const { Again, Hard, Good, Easy } = Rating;
const appendix = [];
appendix.push(
  fsrsHistory("A.2-main", DEFAULT_CONFIG, JAN1, {
    plan: [
      [at(1, 1, 0, 0), Good], [at(1, 1, 0, 10), Good], [at(1, 3, 0, 10), Good],
      [at(1, 14, 0, 10), Again], [at(1, 14, 0, 20), Good], [at(1, 16, 0, 20), Good],
      [at(1, 21, 0, 20), Easy], [at(2, 9, 0, 20), Hard],
    ],
    preview: false,
  }),
  fsrsHistory("A.2-requested", DEFAULT_CONFIG, JAN1, {
    plan: [
      [at(1, 1, 0, 0), Good], [at(1, 1, 0, 10), Good], [at(1, 3, 0, 10), Again],
      [at(1, 3, 0, 20), Good], [at(1, 4, 0, 20), Easy],
    ],
    preview: false,
  }),
  // Button previews: a review card after step 2, a new card, the 10m step, a relearning card.
  fsrsHistory("A.2-preview-review", DEFAULT_CONFIG, JAN1, {
    plan: [[at(1, 1, 0, 0), Good], [at(1, 1, 0, 10), Good]],
  }),
  fsrsHistory("A.2-preview-new", DEFAULT_CONFIG, JAN1, { plan: [], preview: JAN1 }),
  fsrsHistory("A.2-preview-step2", DEFAULT_CONFIG, JAN1, { plan: [[at(1, 1, 0, 0), Good]] }),
  fsrsHistory("A.2-preview-relearning", DEFAULT_CONFIG, JAN1, {
    plan: [[at(1, 1, 0, 0), Good], [at(1, 1, 0, 10), Good], [at(1, 3, 0, 10), Again]],
  }),
);
// A.3: short-term scheduling off (ts-fsrs's LongTermScheduler); kioku has no such mode, so the
// test checks the memory model only (see fsrs_test.cpp).
{
  const elapsed = [0, 3, 14, 57, 3, 8, 19, 62];
  const grades = [Good, Good, Good, Again, Good, Good, Easy, Hard];
  let t = JAN1;
  const plan = elapsed.map((days, i) => [(t += days * DAY), grades[i]]);
  appendix.push(
    fsrsHistory("A.3", { ...DEFAULT_CONFIG, short_term: false }, JAN1, { plan, preview: false }),
  );
}
// A.1: the memory model alone, next_state(memory, t, grade), with R before each answer.
const a1 = (() => {
  const f = fsrs({ enable_fuzz: false });
  let memory = null;
  const rows = [];
  for (const [t, g] of [[0, Good], [3, Good], [10, Again], [1, Good], [5, Easy], [0, Good], [20, Hard]]) {
    const r = memory ? f.forgetting_curve(t, memory.stability) : null;
    memory = f.next_state(memory, t, g);
    rows.push([t, g, r, memory.stability, memory.difficulty, f.next_interval(memory.stability, t)]);
  }
  const curve = [0, 1, 5, 10, 20, 100].map((t) => [t, f.forgetting_curve(t, 10)]);
  return { fields: ["t", "rating", "r_before", "stability", "difficulty", "interval"], rows, curve_s10: curve };
})();

const fsrsOut = {
  about:
    "ts-fsrs 5.4.2 (FSRS-6) reference histories for kioku; generated by tests/reference/generate.mjs. " +
    "Fuzz off, maximum interval 36500, times UTC. weights null = FSRS-6 defaults.",
  step_fields: [
    "review_ms", "rating", "state", "due_ms", "scheduled_days", "stability", "difficulty",
    "reps", "lapses", "learning_steps",
  ],
  a1,
  appendix,
  histories,
};

// Classic SM-2: random grade sequences through supermemo(), each stopped before its interval
// passes 36500 days (kioku caps intervals at the deck's maximum; supermemo does not).
function classicHistory(name, grades) {
  let item = { interval: 0, repetition: 0, efactor: 2.5 };
  const steps = [];
  for (const grade of grades) {
    item = supermemo(item, grade);
    if (item.interval > 36500) break;
    // The E-Factor as JavaScript prints it (shortest round-trip form), in a string: the test
    // reads it with strtod, which is exact, while Boost.JSON 1.81 may round the last bit.
    steps.push([grade, item.interval, item.repetition, String(item.efactor)]);
  }
  return { name, steps };
}
const classic = [
  classicHistory("A.4-perfect", [5, 5, 5, 5, 5]),
  classicHistory("A.4-mixed", [4, 4, 3, 2, 4, 5, 5, 3]),
  classicHistory("A.4-threes", Array(10).fill(3)),
  classicHistory("A.4-blackout-first", [0, 5, 5, 5]),
];
for (let i = 0; i < 150; ++i) {
  const grades = [];
  const length = integer(3, 40);
  const weights = weighted([
    [[[0, 5], [1, 5], [2, 10], [3, 25], [4, 35], [5, 20]], 3],
    [[[0, 2], [1, 3], [2, 5], [3, 60], [4, 20], [5, 10]], 1], // mostly hard-won: EF reaches 1.3
    [[[3, 10], [4, 30], [5, 60]], 1], // mostly easy: long intervals
  ]);
  for (let j = 0; j < length; ++j) grades.push(weighted(weights));
  classic.push(classicHistory(`random-${String(i).padStart(3, "0")}`, grades));
}
const classicOut = {
  about:
    "supermemo 2.0.23 reference histories for kioku's sm2-classic; generated by " +
    "tests/reference/generate.mjs. Each starts at interval 0, repetition 0, efactor 2.5. " +
    "efactor is a decimal string that reads back to the exact double.",
  step_fields: ["grade", "interval", "repetition", "efactor"],
  histories: classic,
};

// One history per line keeps the files diffable without making them large.
function write(file, value) {
  const lines = [];
  for (const [key, item] of Object.entries(value)) {
    if (Array.isArray(item) && key !== "step_fields") {
      lines.push(`  ${JSON.stringify(key)}: [\n${item.map((x) => "    " + JSON.stringify(x)).join(",\n")}\n  ]`);
    } else {
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(item)}`);
    }
  }
  writeFileSync(join(here, file), `{\n${lines.join(",\n")}\n}\n`);
}
write("fsrs_vectors.json", fsrsOut);
write("sm2_classic_vectors.json", classicOut);
console.log(
  `fsrs: ${histories.length} histories, ${histories.reduce((n, h) => n + h.steps.length, 0)} answers; ` +
    `classic: ${classic.length} histories, ${classic.reduce((n, h) => n + h.steps.length, 0)} answers`,
);
