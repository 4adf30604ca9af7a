// The review loop. The daemon decides what is due and grades the choice; this file only shows
// cards, reads keys or lines, and sends the answer (again on a new connection when the old one
// was closed, review_connection.hpp).
#include "cli/review_session.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <numeric>
#include <random>
#include <sstream>
#include <vector>

#include "cli/bilingual_text.hpp"
#include "cli/card_messages.hpp"
#include "cli/card_printing.hpp"
#include "cli/deck_refusal.hpp"
#include "cli/duration_text.hpp"
#include "cli/exit_codes.hpp"
#include "cli/interrupt_while_waiting.hpp"
#include "cli/language_choice.hpp"
#include "cli/local_time_text.hpp"
#include "cli/messages.hpp"
#include "cli/review_connection.hpp"
#include "cli/review_display.hpp"
#include "cli/review_full_screen.hpp"
#include "cli/terminal/rich_text_terminal.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/terminal.hpp"
#include "cli/terminal/text_width.hpp"
#include "cli/typed_answer_keys.hpp"
#include "core/error.hpp"
#include "core/rating.hpp"
#include "core/time_format.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/note_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/suspend_types.hpp"
#include "protocol/undo_types.hpp"

namespace kioku::cli {

namespace {

constexpr std::int64_t kMaxChoices = 8;

// A choice as the screen shows it: whatever it holds, nothing in it reaches the terminal as a
// control (cli/terminal/safe_text.hpp). Empty for a number the card does not have.
std::string choice_text(const std::vector<std::string>& choices, std::int64_t number) {
  if (number < 1 || number > static_cast<std::int64_t>(choices.size())) return std::string();
  return safe_line(choices[static_cast<std::size_t>(number - 1)]);
}

// What the daemon said of a choice: in the reply to review.check or to review.answer.
struct Verdict {
  bool correct = false;
  std::int64_t answer = 0;  // the right choice, counting from 1
  std::string explanation;
};

template <class Reply>
Verdict verdict_of(const Reply& reply) {
  // A card that is not graded counts as right: the user's rating alone decides.
  return Verdict{reply.correct.value_or(true), reply.answer, reply.explanation};
}

// What the user did with one card: a choice, or to bury or suspend it, or to undo the answer
// before it.
struct Answer {
  int displayed_choice = 0;  // 1-based, in display order; 0 when burying, suspending or undoing
  std::optional<Rating> rating;
  bool bury = false;
  bool suspend = false;
  bool undo = false;
};

// The keys (and scripted lines) that bury or suspend the card shown, or undo the session's last
// answer, as in Anki.
constexpr char kBuryKey = '-';
constexpr char kSuspendKey = '!';
constexpr char kUndoKey = 'u';

// What a key or a script's word other than an answer asks for, if it is one of them.
std::optional<Answer> action_of(const std::string& word) {
  Answer action;
  action.bury = word == std::string(1, kBuryKey) || word == "bury";
  action.suspend = word == std::string(1, kSuspendKey) || word == "suspend";
  action.undo = word == std::string(1, kUndoKey) || word == "undo";
  if (!action.bury && !action.suspend && !action.undo) return std::nullopt;
  return action;
}

// A malformed scripted line.
struct InputProblem {
  std::string message;
};

// A typed card's answer, and the rating a script gave it, if any.
struct TypedLine {
  std::string text;
  std::optional<Rating> rating;
  bool bury = false;  // a script's "-" or "bury", as for every other kind
};

// again, hard, good, easy (or their letters), or 1-4 as Anki's keys number them.
std::optional<Rating> rating_from_word(const std::string& word) {
  if (word.size() == 1 && word[0] >= '1' && word[0] <= '4')
    return static_cast<Rating>(word[0] - '0');
  return parse_rating(word);
}

// Reads answers from a terminal (single keys) or from a script (one line per card).
class AnswerSource {
 public:
  explicit AnswerSource(const Messages& text) : text_(text), interactive_(stdin_is_terminal()) {
    if (interactive_) raw_ = std::make_unique<RawMode>();
  }
  bool interactive() const { return interactive_; }
  RawMode* terminal() { return raw_.get(); }
  // The full screen shows a typed answer itself: told the text after every key instead of the
  // keys being echoed.
  void show_typing_with(std::function<void(const std::string&)> show) {
    show_typing_ = std::move(show);
  }

  // The choice for a card with `count` choices; nullopt to stop (q, end of input).
  std::optional<Answer> read_answer(int count) {
    if (interactive_) {
      for (;;) {
        const auto key = raw_->read_key();
        if (!key || *key == 'q' || *key == 'Q') return std::nullopt;
        if (const auto action = action_of(std::string(1, *key))) return action;
        if (const int choice = choice_from_key(*key, count); choice > 0) return Answer{choice, {}};
      }
    }
    std::string line;
    while (std::getline(std::cin, line)) {
      ++line_number_;
      std::istringstream words(line);
      std::string choice_word;
      std::string rating_word;
      std::string extra;
      if (!(words >> choice_word)) continue;  // blank lines are skipped
      if (choice_word == "q" || choice_word == "quit") return std::nullopt;
      words >> rating_word >> extra;
      if (const auto action = action_of(choice_word); action && rating_word.empty()) {
        return action;
      }
      const int choice =
          choice_word.size() == 1 || std::all_of(choice_word.begin(), choice_word.end(), ::isdigit)
              ? choice_from_word(choice_word, count)
              : 0;
      if (choice == 0) {
        throw InputProblem{fill_in(
            text_.not_a_choice, {{"line", std::to_string(line_number_)},
                                 {"word", choice_word},
                                 {"count", std::to_string(count)},
                                 {"letter", std::string(1, static_cast<char>('a' + count - 1))}})};
      }
      Answer answer{choice, {}};
      if (!rating_word.empty()) {
        answer.rating = rating_from_word(rating_word);
        if (!answer.rating || !extra.empty()) {
          throw InputProblem{fill_in(
              text_.not_a_rating, {{"line", std::to_string(line_number_)}, {"word", rating_word}})};
        }
      }
      return answer;
    }
    return std::nullopt;
  }

  // A card the user rates alone, from a script: its line is the rating (or bury, or quit).
  // nullopt to stop.
  std::optional<Answer> read_scripted_rating() {
    std::string line;
    while (std::getline(std::cin, line)) {
      ++line_number_;
      std::istringstream words(line);
      std::string word;
      std::string extra;
      if (!(words >> word)) continue;
      if (word == "q" || word == "quit") return std::nullopt;
      words >> extra;
      if (const auto action = action_of(word); action && extra.empty()) return action;
      const std::optional<Rating> rating = rating_from_word(word);
      if (!rating || !extra.empty()) {
        throw InputProblem{fill_in(text_.not_a_self_rating,
                                   {{"line", std::to_string(line_number_)}, {"word", line}})};
      }
      return Answer{0, rating};
    }
    return std::nullopt;
  }

  // In a terminal: Enter or space shows the answer (an Answer with nothing set), - buries, !
  // suspends, u undoes the answer before. nullopt to stop (q).
  std::optional<Answer> wait_for_reveal() {
    for (;;) {
      const auto key = raw_->read_key();
      if (!key || *key == 'q' || *key == 'Q') return std::nullopt;
      if (const auto action = action_of(std::string(1, *key))) return action;
      if (*key == '\n' || *key == ' ') return Answer{};
    }
  }

  // A typed answer: from a terminal a line typed with echo (Backspace erases a character);
  // from a script the line, with an optional tab and rating after it. nullopt to stop.
  std::optional<TypedLine> read_typed() {
    if (interactive_) {
      TypedAnswerKeys typed;
      // A paste is part of the answer here (its line ends as spaces), and nowhere else.
      struct PastedTextTaken {
        RawMode& raw;
        explicit PastedTextTaken(RawMode& terminal) : raw(terminal) {
          raw.accept_pasted_text(true);
        }
        ~PastedTextTaken() { raw.accept_pasted_text(false); }
      } const pasted_taken(*raw_);
      if (show_typing_) show_typing_(typed.text());
      for (;;) {
        const auto key = raw_->read_key();
        if (!key) return std::nullopt;
        if (*key == '\n') return TypedLine{typed.text(), {}};
        if (*key == '\x7f' || *key == '\b') {
          // One character back; as many columns cleared as it took (two for a wide one).
          const std::string removed = typed.erase_last();
          if (removed.empty()) continue;
          if (show_typing_) {
            show_typing_(typed.text());
          } else {
            const auto columns = static_cast<std::size_t>(std::max(1, display_width(removed)));
            std::cout << std::string(columns, '\b') << std::string(columns, ' ')
                      << std::string(columns, '\b') << std::flush;
          }
          continue;
        }
        // Only whole characters that show reach the screen (cli/typed_answer_keys.hpp).
        const std::string shown = typed.add(*key);
        if (shown.empty()) continue;
        if (show_typing_) {
          show_typing_(typed.text());
        } else {
          std::cout << shown << std::flush;
        }
      }
    }
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    ++line_number_;
    if (line == "q" || line == "quit") return std::nullopt;
    if (line == std::string(1, kBuryKey) || line == "bury") return TypedLine{{}, {}, true};
    TypedLine typed;
    const std::size_t tab = line.find('\t');
    typed.text = line.substr(0, tab);
    if (tab != std::string::npos) {
      const std::string word = line.substr(tab + 1);
      typed.rating = rating_from_word(word);
      if (!typed.rating) {
        throw InputProblem{fill_in(text_.not_a_typed_rating,
                                   {{"line", std::to_string(line_number_)}, {"word", word}})};
      }
    }
    return typed;
  }

  // A rating in a terminal: a/1, h/2, g/3, e/4, and Enter or space for `on_enter`; with
  // `actions`, also the keys of a card's first prompt (- buries, ! suspends, u undoes the answer
  // before: an Answer with no rating), where nothing of the card is recorded yet (its answer
  // shown, or a typed answer compared). Without them where kiokud holds a right choice, which
  // nothing but its rating releases; `with_again` false there too: the prompt shows no Again,
  // and a second tap of choice 1 or a recorded a lapse. nullopt to stop.
  std::optional<Answer> read_rating(Rating on_enter, bool with_again, bool actions) {
    for (;;) {
      const auto key = raw_->read_key();
      if (!key || *key == 'q' || *key == 'Q') return std::nullopt;
      if (actions) {
        if (const auto action = action_of(std::string(1, *key))) return action;
      }
      if (const auto rating = rating_of_key(*key, on_enter, with_again)) {
        Answer rated;
        rated.rating = rating;
        return rated;
      }
    }
  }

 private:
  static std::optional<Rating> rating_of_key(char key, Rating on_enter, bool with_again) {
    if (key == '\n' || key == ' ') return on_enter;
    switch (key) {
      case 'g':
      case 'G':
      case '3':
        return Rating::kGood;
      case 'h':
      case 'H':
      case '2':
        return Rating::kHard;
      case 'e':
      case 'E':
      case '4':
        return Rating::kEasy;
      case 'a':
      case 'A':
      case '1':
        if (with_again) return Rating::kAgain;
        return std::nullopt;
      default:
        return std::nullopt;
    }
  }
  static int choice_from_key(char key, int count) {
    if (key >= '1' && key < '1' + count) return key - '0';
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(key)));
    if (lower >= 'a' && lower < 'a' + count) return lower - 'a' + 1;
    return 0;
  }
  static int choice_from_word(const std::string& word, int count) {
    if (word.size() == 1) return choice_from_key(word[0], count);
    if (word.size() > 2) return 0;
    const int number = std::stoi(word);
    return number >= 1 && number <= count ? number : 0;
  }

  const Messages& text_;
  bool interactive_;
  std::unique_ptr<RawMode> raw_;
  std::function<void(const std::string&)> show_typing_;
  int line_number_ = 0;
};

// An answer of the session, for undoing it: its card, how the screen named it, and what the
// tally counted of it.
struct AnsweredCard {
  std::int64_t card = 0;
  std::int64_t review_id = 0;
  std::string name;  // "2 (gc-002)"
  bool correct = false;
  std::int64_t elapsed = 0;
  // A cram session: where the session stood before the card (review.next's cram_after), where
  // an undo takes it back so that the card comes again.
  std::optional<std::int64_t> cram_after;
};

struct SessionTally {
  int reviewed = 0;
  int correct = 0;
  std::int64_t duration_ms = 0;
};

class ReviewScreen {
 public:
  ReviewScreen(CliContext& context, const ReviewOptions& options)
      : context_(context),
        options_(options),
        text_(messages_for(context.language)),
        english_(context.bilingual ? &messages_for("en") : nullptr),
        style_(Style::for_stdout(context.color)),
        input_(text_) {
    // The full screen is taken with the first card (display()): a session with nothing due
    // prints its summary without flashing the alternate screen.
    full_screen_ = !options.inline_screen && input_.terminal() != nullptr && stdout_is_terminal();
    if (!full_screen_) {
      // One column short of the edge: writing into the last column makes some terminals
      // wrap on their own, which would break our wrapping.
      display_ = line_display(text_, english_, style_, std::min(terminal_width() - 1, 100));
    }
  }

  int run() {
    if (options_.time) {
      time_limit_ms_ = parse_duration(*options_.time);
      if (!time_limit_ms_) {
        std::cerr << "kioku: "
                  << safe_line(fill_in(text_.bad_session_time, {{"value", *options_.time}}))
                  << '\n';
        return kExitUsage;
      }
    }
    // A daemon that cannot be reached at all fails the command before anything is shown.
    context_.daemon();
    int exit_code = 0;
    try {
      // Measured by kiokud's clock, the one the cards are scheduled by, from the first card.
      std::optional<std::int64_t> started_ms;
      while (!options_.limit || tally_.reviewed < *options_.limit) {
        const protocol::ReviewNextResult next = next_card(!started_ms);
        if (!next.card) break;
        // An older kiokud does not say its time: this machine's clock stands in.
        const std::int64_t now_ms = next.now_ms
                                        ? *next.now_ms
                                        : std::chrono::duration_cast<std::chrono::milliseconds>(
                                              std::chrono::system_clock::now().time_since_epoch())
                                              .count();
        if (!started_ms) started_ms = now_ms;
        if (time_limit_ms_ && now_ms - *started_ms >= *time_limit_ms_) {
          time_up_ = true;
          break;
        }
        shown_after_ = cram_after_;
        // Whatever becomes of the card (answered, buried, suspended), the session goes on after
        // it; an undo of its answer takes the session back (undo_last_answer()).
        if (options_.cram) cram_after_ = next.card->id;
        cram_left_ = next.cram_left.value_or(0);
        if (!review_card_unless_busy(*next.card, next.counts)) break;
      }
    } catch (const InputProblem& problem) {
      leave_screen();
      std::cout.flush();
      std::cerr << "kioku: " << safe_line(problem.message) << '\n';
      exit_code = 2;
    } catch (const DaemonLost& lost) {
      return end_without_daemon(lost);
    }
    protocol::DueCountsResult due;
    try {
      // What this session would study: its deck, its tag and its new-card limit.
      protocol::DueCountsParams params{options_.deck, options_.tag, std::nullopt};
      if (options_.new_limit) params.new_limit = *options_.new_limit;
      due = call(protocol::kDueCounts, params);
    } catch (const DaemonLost& lost) {
      return end_without_daemon(lost);
    }
    leave_screen();
    print_summary(&due);
    return exit_code;
  }

 private:
  // Where the session shows itself; the full screen is taken here, the first time.
  ReviewDisplay& display() {
    if (!display_) {
      display_ = full_screen_display(
          *input_.terminal(), text_, review_screen_messages_for(context_.language), style_,
          english_, english_ ? &review_screen_messages_for("en") : nullptr);
      input_.show_typing_with([this](const std::string& typed) { display_->typing(typed); });
    }
    return *display_;
  }

  // The normal screen again, before anything is printed there; nothing when the full screen
  // was never taken.
  void leave_screen() {
    if (display_) display_->leave();
  }

  // What `say` words with the screen's messages, and under --lang both with the English ones.
  template <class Say>
  Bilingual both(const Say& say) const {
    if (english_ == nullptr) return Bilingual(say(text_));
    return Bilingual(say(text_), say(*english_));
  }

  // Wraps before styling, so escape codes never count as columns.
  void print_wrapped(const std::string& text, const std::string& indent = "", bool bold = false,
                     bool second_language = false) {
    const Style style = style_;
    display().lines([=](int width) {
      std::vector<std::string> lines;
      for (const std::string& line : wrap_text(text, width - static_cast<int>(indent.size()))) {
        // A blank line (a paragraph break) stays empty: no indent left as trailing spaces.
        if (line.find_first_not_of(' ') == std::string::npos) {
          lines.emplace_back();
          continue;
        }
        lines.push_back(indent + (bold ? style.bold(line) : line));
      }
      return second_language ? dimmed(std::move(lines), style) : lines;
    });
  }

  // A line saying what became of the session: wrapped on a terminal, whole for a script that
  // looks for it.
  std::string status_line(const char* pattern) const {
    const std::string text =
        fill_in(pattern, {{"card", answer_in_flight_.value_or("")}, {"saved", saved_answers()}});
    if (!stdout_is_terminal()) return text + '\n';
    std::string lines;
    const int width = display_ ? display_->width() : terminal_width() - 1;
    for (const std::string& line : wrap_text(text, width)) lines += line + '\n';
    return lines;
  }

  std::string saved_answers() const {
    return fill_in(tally_.reviewed == 1 ? text_.saved_one : text_.saved_many,
                   {{"count", std::to_string(tally_.reviewed)}});
  }

  // The next card of the session, with its options. The first request is the one that finds out
  // whether --deck names a deck: a deck it does not name, or names several of, is said in the
  // user's language, with the candidates (cli/deck_refusal.hpp).
  protocol::ReviewNextResult next_card(bool first) {
    protocol::ReviewNextParams params;
    params.deck = options_.deck;
    params.lang = context_.language;
    if (options_.new_limit) params.new_limit = *options_.new_limit;
    params.tag = options_.tag;
    if (options_.cram) {
      params.cram = true;
      params.cram_after = cram_after_;
    }
    if (!first || !options_.deck) return call(protocol::kReviewNext, params);
    return worded_deck_refusal(*options_.deck, context_.language,
                               [&] { return call(protocol::kReviewNext, params); });
  }

  // A request the screen may repeat (review_connection.hpp), during which Ctrl-C ends the
  // session with what was saved.
  template <class Params, class Result>
  Result call(const protocol::MethodType<Params, Result>& method, const Params& params) {
    InterruptWhileWaiting waiting(
        input_.terminal(),
        "\n" + status_line(answer_in_flight_ ? text_.interrupted_answer : text_.interrupted) +
            "\n" + tally_line() + "\n");
    return call_repeatable(context_, method, params);
  }

  // kiokud is gone for good: what became of the answer given, what the session saved, and
  // the summary without the daemon's counts.
  int end_without_daemon(const DaemonLost& lost) {
    leave_screen();
    std::cout.flush();
    std::cerr << "kioku: " << lost.what() << '\n';
    std::cout << status_line(!answer_in_flight_      ? text_.daemon_lost
                             : lost.maybe_received() ? text_.answer_unconfirmed
                                                     : text_.answer_not_recorded);
    print_summary(nullptr);
    return exit_code_for(lost.code());
  }

  // 128 random bits: unique in the review log for good (protocol.md, review.answer).
  static std::string new_answer_id() {
    std::random_device random;
    std::string id;
    for (int i = 0; i < 4; ++i) {
      char part[9];
      std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(random()));
      id += part;
    }
    return id;
  }

  // The verdict, the right choice when it was not picked, and the explanation.
  void show_verdict(const protocol::CardToStudy& card, const std::vector<int>& order,
                    const Verdict& verdict) {
    int answer_slot = 0;
    for (std::size_t slot = 0; slot < order.size(); ++slot) {
      if (order[slot] + 1 == verdict.answer) answer_slot = static_cast<int>(slot) + 1;
    }
    if (verdict.correct) {
      display().write(style_.green(std::string("✓ ") + text_.correct) + '\n');
      if (english_) display().write(style_.dim(std::string("✓ ") + english_->correct) + '\n');
    } else {
      const std::string wrong = std::string("✗ ") + text_.wrong;
      const std::string line = wrong + " — " + text_.the_answer_is + " " +
                               std::to_string(answer_slot) + ") " +
                               choice_text(card.choices, verdict.answer);
      const Style style = style_;
      display().lines([=](int width) {
        std::vector<std::string> lines = wrap_text(line, width);
        // Only the verdict itself is coloured; it always sits at the start of the first line.
        lines[0] = style.red(wrong) + lines[0].substr(wrong.size());
        return lines;
      });
      if (english_) {
        const std::vector<std::string>& choices =
            english_card_ ? english_card_->choices : card.choices;
        const std::string english = std::string("✗ ") + english_->wrong + " — " +
                                    english_->the_answer_is + " " + std::to_string(answer_slot) +
                                    ") " + choice_text(choices, verdict.answer);
        display().lines([=](int width) { return dimmed(wrap_text(english, width), style); });
      }
    }
    print_wrapped(safe_text(verdict.explanation), "  ");
    if (english_card_ && english_card_->explanation != verdict.explanation) {
      print_wrapped(safe_text(english_card_->explanation), "  ", false, true);
    }
  }

  // Shows one card and records the answer. False when the user stopped.
  bool review_card(const protocol::CardToStudy& card, const protocol::Counts& counts) {
    english_card_ = english_of(card);
    const std::string english_deck = english_card_ ? english_card_->deck_name : card.deck_name;
    const Bilingual deck = both([&](const Messages& words) {
      std::string name = safe_line(safe_text(&words == &text_ ? card.deck_name : english_deck));
      // The card's flag, in the header's language (no name: no flag).
      const std::string flag =
          flag_name(card.flag, card_messages_for(&words == &text_ ? context_.language : "en"));
      if (!flag.empty()) name += " · ⚑ " + flag;
      if (!options_.cram) return name;
      return fill_in(words.cram_header, {{"left", std::to_string(cram_left_)}}) + " · " + name;
    });
    display().begin_card(deck, options_.cram ? std::nullopt : std::optional(counts));
    print_side(card.question_side);
    if (english_card_ && english_card_->question != card.question) {
      print_side(english_card_->question_side, true);
    }
    display().write("\n");
    if (card.kind == "choice") return review_choice(card);
    if (card.kind == "typed") return review_typed(card);
    return review_self_rated(card);
  }

  // Under --lang both, `card` as card.get gives it in English; nullopt when it is the same (a
  // card with English alone), or kiokud cannot say (the Japanese alone is shown then).
  std::optional<protocol::CardToStudy> english_of(const protocol::CardToStudy& card) {
    if (english_ == nullptr) return std::nullopt;
    try {
      return english_if_different(
          card, call(protocol::kCardGet, protocol::CardGetParams{card.id, "en"}).card);
    } catch (const DaemonLost&) {
      throw;
    } catch (const Error&) {
      return std::nullopt;
    }
  }

  static std::int64_t elapsed_since(std::chrono::steady_clock::time_point started) {
    return static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - started)
                                         .count());
  }

  bool bury_card(const protocol::CardToStudy& card) {
    display().echo(std::string(1, kBuryKey) + '\n');
    call(protocol::kReviewBury, protocol::ReviewBuryParams{card.id});
    display().notice(both([](const Messages& words) { return std::string(words.buried); }));
    return true;
  }

  // Burying, suspending or undoing, which every kind of card offers where it waits for its
  // answer. True: go on to what review.next gives now.
  bool act_on(const protocol::CardToStudy& card, const Answer& action) {
    if (action.bury) return bury_card(card);
    if (action.suspend) {
      display().echo(std::string(1, kSuspendKey) + '\n');
      call(protocol::kCardSuspend, protocol::CardSuspendParams{{card.id}});
      display().notice(both([&](const Messages& words) {
        return fill_in(words.suspended_card, {{"card", std::to_string(card.id)}});
      }));
      return true;
    }
    display().echo(std::string(1, kUndoKey) + '\n');
    undo_last_answer();
    return true;
  }

  // review_card(), except that a write kiokud refused because an import holds the collection
  // (kBusy) leaves the card unanswered: the session says so and shows it again. One refused
  // because the card left the queue while it was shown (kConflict: suspended or its note
  // deleted on another screen) is not recorded either, and the session goes on without it.
  bool review_card_unless_busy(const protocol::CardToStudy& card, const protocol::Counts& counts) {
    try {
      return review_card(card, counts);
    } catch (const Error& error) {
      if (error.code() == ErrorCode::kConflict && answer_in_flight_) {
        answer_in_flight_.reset();
        display().notice(both([&](const Messages& words) {
          return fill_in(words.gone_not_recorded, {{"card", in_flight_name(card)}});
        }));
        return true;
      }
      if (error.code() != ErrorCode::kBusy) throw;
      answer_in_flight_.reset();
      // A cram session goes on after the card it showed: back to before it, so it comes again.
      if (options_.cram) cram_after_ = shown_after_;
      display().notice(
          both([](const Messages& words) { return std::string(words.busy_not_recorded); }));
      return true;
    }
  }

  // Takes back the session's latest answer still standing (review.undo of its card): the card
  // comes back next, as it was before it, and the tally forgets the answer.
  void undo_last_answer() {
    if (answered_.empty()) {
      display().notice(
          both([](const Messages& words) { return std::string(words.nothing_to_undo); }));
      return;
    }
    const AnsweredCard last = answered_.back();
    protocol::ReviewUndoResult undone;
    try {
      // By the answer's id, which makes the request safe to send again (review.undo).
      undone = call(protocol::kReviewUndo, protocol::ReviewUndoParams{last.card, last.review_id});
    } catch (const Error& error) {
      // Answered again elsewhere since: what this session gave is no longer the latest.
      if (error.code() != ErrorCode::kConflict) throw;
      answered_.clear();
      display().notice(
          both([](const Messages& words) { return std::string(words.nothing_to_undo); }));
      return;
    }
    answered_.pop_back();
    if (options_.cram) cram_after_ = last.cram_after;
    --tally_.reviewed;
    if (last.correct) --tally_.correct;
    tally_.duration_ms -= last.elapsed;
    display().notice(both([&](const Messages& words) {
      return fill_in(words.undone,
                     {{"card", last.name}, {"rating", rating_word(undone.rating, words)}});
    }));
  }

  // The answer side of a card the user rates alone, below its question.
  void show_answer_side(const protocol::CardToStudy& card) {
    const Style style = style_;
    display().lines([style](int width) {
      return std::vector<std::string>{
          style.dim(std::string(static_cast<std::size_t>(std::min(width, 40)), '-'))};
    });
    if (card.answer_side) print_side(*card.answer_side);
    if (english_card_ && english_card_->answer_side && card.answer_side &&
        english_card_->explanation != card.explanation) {
      print_side(*english_card_->answer_side, true);
    }
  }

  // A side from the daemon, laid out for this terminal (cli/terminal/rich_text_terminal.hpp).
  // `second_language`: the English under --lang both, dim.
  void print_side(const protocol::RichTextView& side, bool second_language = false) {
    const Style style = style_;
    display().lines([side, style, second_language](int width) {
      std::vector<std::string> lines = rich_text_lines(side, width, style);
      return second_language ? dimmed(std::move(lines), style) : lines;
    });
  }

  // The rating keys with what each would do, as Anki shows them; Enter stands for `on_enter`.
  void print_rating_prompt(const protocol::CardToStudy& card, bool with_again,
                           Rating on_enter = Rating::kGood) {
    const protocol::Preview& preview = card.preview;
    // In a cram session no rating changes the schedule: the keys come without waits.
    const bool cram = options_.cram;
    const auto wait = [cram](const protocol::PreviewEntry& entry) {
      return cram ? std::string() : safe_text(entry.wait);
    };
    const auto key = [&](const char* letter, Rating rating) {
      return std::string(" [") + letter + (rating == on_enter ? "/Enter] " : "] ");
    };
    display().prompt(both([&](const Messages& words) {
      std::ostringstream prompt;
      prompt << '\n' << words.rate_prompt << ' ';
      if (with_again) {
        prompt << key("a", Rating::kAgain) << words.again << " " << wait(preview.again) << "  ";
      }
      prompt << key("h", Rating::kHard) << words.hard << " " << wait(preview.hard) << "  "
             << key("g", Rating::kGood) << words.good << " " << wait(preview.good) << "  "
             << key("e", Rating::kEasy) << words.easy << " " << wait(preview.easy) << ' ';
      return prompt.str();
    }));
  }

  // A rating the daemon named ("good"), in the screen's language: Japanese gets the label of
  // its key; English keeps the word as it is.
  std::string rating_word(const std::string& rating, const Messages& words) const {
    if (!is_japanese(context_.language) || &words != &text_) return safe_line(rating);
    switch (parse_rating(rating).value_or(Rating::kGood)) {
      case Rating::kAgain:
        return words.again;
      case Rating::kHard:
        return words.hard;
      case Rating::kEasy:
        return words.easy;
      default:
        return parse_rating(rating) ? words.good : safe_line(rating);
    }
  }

  // The card whose answer is on its way, as the status lines name it: "2 (gc-002)".
  static std::string in_flight_name(const protocol::CardToStudy& card) {
    return std::to_string(card.id) + " (" + safe_text(card.external_id) + ")";
  }

  // Sends the answer of a card that is not a choice card and tallies it. The answer is
  // recorded once however often it is sent (answer_id).
  bool record_answer(const protocol::CardToStudy& card, std::optional<Rating> rating,
                     std::optional<std::string> typed,
                     std::chrono::steady_clock::time_point started) {
    protocol::ReviewAnswerParams params;
    params.card = card.id;
    if (rating) params.rating = std::string(to_string(*rating));
    params.typed = std::move(typed);
    const std::int64_t elapsed = elapsed_since(started);
    params.duration_ms = elapsed;
    params.answer_id = new_answer_id();
    params.lang = context_.language;
    if (options_.cram) params.cram = true;
    answer_in_flight_ = in_flight_name(card);
    const protocol::ReviewAnswerResult recorded = call(protocol::kReviewAnswer, params);
    answer_in_flight_.reset();
    if (recorded.typed && !input_.interactive()) show_comparison(*recorded.typed);
    // A graded card (typed) counts by its verdict, one the user rates alone by the rating.
    report_recorded(card, recorded, recorded.correct.value_or(recorded.rating != "again"), elapsed);
    return true;
  }

  // What was recorded and when the card comes back; the session's tally.
  void report_recorded(const protocol::CardToStudy& card,
                       const protocol::ReviewAnswerResult& recorded, bool correct,
                       std::int64_t elapsed) {
    // The wait as the daemon worked it out by its own clock, not the due time against this
    // machine's: the two clocks need not agree (a daemon started with --clock-start, another
    // machine's time). The reply's, for what was recorded: the preview shown with the card is
    // another when the card changed since (answered on another screen, a day boundary passed).
    const std::optional<Rating> rating = parse_rating(recorded.rating);
    const protocol::Preview& preview = card.preview;
    const protocol::PreviewEntry& entry = !rating                     ? preview.good
                                          : *rating == Rating::kAgain ? preview.again
                                          : *rating == Rating::kHard  ? preview.hard
                                          : *rating == Rating::kEasy  ? preview.easy
                                                                      : preview.good;
    const std::string& wait = recorded.wait ? *recorded.wait : entry.wait;
    // A cram answer changed no schedule: there is no wait to tell.
    display().notice(both([&](const Messages& words) {
      return std::string("→ ") + rating_word(recorded.rating, words) + ", " +
             (options_.cram ? std::string(words.cram_answered)
                            : words.next_review_in + std::string(" ") + safe_line(wait));
    }));
    ++tally_.reviewed;
    if (correct) ++tally_.correct;
    tally_.duration_ms += elapsed;
    answered_.push_back(AnsweredCard{card.id, recorded.review_id, in_flight_name(card), correct,
                                     elapsed, shown_after_});
  }

  // A card the user rates alone (basic, reversed, cloze): the answer shown, then the rating.
  bool review_self_rated(const protocol::CardToStudy& card) {
    const auto started = std::chrono::steady_clock::now();
    std::optional<Rating> rating;
    if (input_.interactive()) {
      display().prompt(both([](const Messages& words) {
        return std::string(words.reveal_prompt) + " (" + words.bury_hint + ", " + words.quit_hint +
               "): ";
      }));
      const std::optional<Answer> action = input_.wait_for_reveal();
      if (!action) {
        display().echo("\n");
        return false;
      }
      if (action->bury || action->suspend || action->undo) return act_on(card, *action);
      display().echo("\n");
      show_answer_side(card);
      print_rating_prompt(card, true);
      const std::optional<Answer> rated = input_.read_rating(Rating::kGood, true, true);
      if (rated && !rated->rating) return act_on(card, *rated);
      display().echo("\n");
      if (!rated) return false;
      rating = rated->rating;
    } else {
      const auto line = input_.read_scripted_rating();
      if (!line) return false;
      if (line->bury || line->suspend || line->undo) return act_on(card, *line);
      show_answer_side(card);
      rating = line->rating;
    }
    return record_answer(card, rating, std::nullopt, started);
  }

  // One side of a typed answer's comparison: what matched plain, the rest marked.
  std::string comparison_line(const std::vector<protocol::DiffSegmentView>& segments,
                              bool typed_side) const {
    std::string line;
    for (const protocol::DiffSegmentView& segment : segments) {
      const std::string text = safe_line(safe_text(segment.text));
      if (segment.kind == "same") {
        line += text;
      } else if (segment.kind == "extra") {
        line += style_.enabled ? style_.red(text) : "[" + text + "]";
      } else {
        // Missing: on the typed side a dash per column, on the expected side the text.
        const std::string shown =
            typed_side ? std::string(static_cast<std::size_t>(display_width(text)), '-') : text;
        line += style_.enabled ? style_.green(shown) : "(" + shown + ")";
      }
    }
    return line;
  }

  void show_comparison(const protocol::TypedComparisonView& comparison) {
    display().write((comparison.right ? style_.green(std::string("✓ ") + text_.correct)
                                      : style_.red(std::string("✗ ") + text_.wrong)) +
                    '\n');
    if (english_) {
      display().write(style_.dim(std::string(comparison.right ? "✓ " : "✗ ") +
                                 (comparison.right ? english_->correct : english_->wrong)) +
                      '\n');
    }
    // The labels' English beside them, dim: the compared text is one line in one language.
    const auto label = [&](const char* Messages::*word) {
      std::string text = std::string("  ") + text_.*word;
      if (english_) text += " " + style_.dim(english_->*word);
      return text + ": ";
    };
    display().write(label(&Messages::typed_label) + comparison_line(comparison.given, true) + '\n');
    display().write(label(&Messages::expected_label) + comparison_line(comparison.expected, false) +
                    '\n');
  }

  // A typed card: the answer typed, compared by the daemon, then rated (a script's rating, or
  // Good when right and Again when wrong).
  bool review_typed(const protocol::CardToStudy& card) {
    display().prompt(
        both([](const Messages& words) { return std::string(words.type_prompt) + ": "; }));
    const auto started = std::chrono::steady_clock::now();
    const auto typed = input_.read_typed();
    if (!typed) {
      display().echo("\n");
      return false;
    }
    if (typed->bury) return bury_card(card);
    if (!input_.interactive()) display().echo(safe_line(typed->text));
    display().echo("\n");
    std::optional<Rating> rating = typed->rating;
    if (input_.interactive()) {
      const protocol::ReviewCheckResult check =
          call(protocol::kReviewCheck, protocol::ReviewCheckParams{.card = card.id,
                                                                   .choice = std::nullopt,
                                                                   .typed = typed->text,
                                                                   .lang = context_.language});
      if (check.typed) show_comparison(*check.typed);
      // Enter takes the comparison's verdict, as a script's line without a rating does.
      const Rating on_enter = check.correct.value_or(true) ? Rating::kGood : Rating::kAgain;
      print_rating_prompt(card, true, on_enter);
      const std::optional<Answer> rated = input_.read_rating(on_enter, true, true);
      if (rated && !rated->rating) return act_on(card, *rated);
      display().echo("\n");
      if (!rated) return false;
      rating = rated->rating;
    }
    return record_answer(card, rating, typed->text, started);
  }

  // A choice card: the choices, a pick, the daemon's verdict, then the rating of a right one.
  bool review_choice(const protocol::CardToStudy& card) {
    const int count = static_cast<int>(std::min<std::size_t>(card.choices.size(), kMaxChoices));
    std::vector<int> order(static_cast<std::size_t>(count));  // display slot -> choice (0-based)
    std::iota(order.begin(), order.end(), 0);
    if (options_.shuffle) std::shuffle(order.begin(), order.end(), random_);
    std::vector<std::string> choices;
    std::vector<std::string> english;  // --lang both: each choice's English, under it
    for (int slot = 0; slot < count; ++slot) {
      choices.push_back(choice_text(card.choices, order[slot] + 1));
      if (english_card_) english.push_back(choice_text(english_card_->choices, order[slot] + 1));
    }
    const Style style = style_;
    display().lines([choices, english, style](int width) {
      std::vector<std::string> lines;
      for (std::size_t slot = 0; slot < choices.size(); ++slot) {
        const std::string label = std::to_string(slot + 1) + ") ";
        const auto wrapped = wrap_text(choices[slot], width - 6);
        for (std::size_t i = 0; i < wrapped.size(); ++i) {
          lines.push_back("  " + (i == 0 ? label : std::string(label.size(), ' ')) + wrapped[i]);
        }
        if (slot >= english.size() || english[slot].empty() || english[slot] == choices[slot]) {
          continue;
        }
        for (const std::string& line : wrap_text(english[slot], width - 6)) {
          lines.push_back("  " + std::string(label.size(), ' ') + style.dim(line));
        }
      }
      return lines;
    });
    const std::string range = "1-" + std::to_string(count);
    display().write("\n");
    display().prompt(both([&](const Messages& words) {
      return std::string(words.answer_prompt) + " (" + range + ", " + words.bury_hint + ", " +
             words.quit_hint + "): ";
    }));

    const auto started = std::chrono::steady_clock::now();
    const auto given = input_.read_answer(count);
    if (!given) {
      display().echo("\n");
      return false;
    }
    if (given->bury || given->suspend || given->undo) return act_on(card, *given);
    const int chosen = order[static_cast<std::size_t>(given->displayed_choice - 1)] + 1;
    std::string echoed = std::to_string(given->displayed_choice);
    if (given->rating) echoed += ' ' + std::string(to_string(*given->rating));
    display().echo(echoed + '\n');

    // Only the daemon grades, so the choice goes to it at once. The verdict says the answer was
    // taken, so it waits for the acknowledgement, except where the user needs it first: on the
    // terminal a right choice is held by the daemon (review.choose) while the user rates it
    // knowing it was right, and a wrong one is recorded at once. A script's line says its
    // rating ahead, for a right choice; the same holds it until that rating is sent.
    const auto elapsed_ms = [&] { return elapsed_since(started); };
    const std::string answer_id = new_answer_id();
    std::int64_t elapsed = elapsed_ms();
    answer_in_flight_ = in_flight_name(card);
    protocol::ReviewChooseParams choose{card.id,           chosen,      elapsed, answer_id,
                                        context_.language, std::nullopt};
    if (options_.cram) choose.cram = true;
    const protocol::ReviewChooseResult chosen_reply = call(protocol::kReviewChoose, choose);
    answer_in_flight_.reset();
    const bool asks_rating = chosen_reply.held && input_.interactive();
    std::optional<protocol::ReviewAnswerResult> recorded = chosen_reply.recorded;
    if (chosen_reply.held) {
      Rating rating = given->rating.value_or(Rating::kGood);
      if (asks_rating) {
        show_verdict(card, order, verdict_of(chosen_reply));
        print_rating_prompt(card, false);
        display().ratings_only();
        const auto picked = input_.read_rating(Rating::kGood, false, false);
        display().echo("\n");
        if (!picked) return false;
        rating = *picked->rating;
      }
      protocol::ReviewAnswerParams params;
      params.card = card.id;
      params.choice = chosen;
      params.rating = std::string(to_string(rating));
      elapsed = elapsed_ms();
      params.duration_ms = elapsed;
      params.answer_id = answer_id;
      params.lang = context_.language;
      if (options_.cram) params.cram = true;
      answer_in_flight_ = in_flight_name(card);
      recorded = call(protocol::kReviewAnswer, params);
      answer_in_flight_.reset();
    }
    if (!recorded) throw Error(ErrorCode::kInternal, text_.neither_held_nor_recorded);
    const Verdict verdict = verdict_of(*recorded);
    if (!asks_rating) show_verdict(card, order, verdict);
    report_recorded(card, *recorded, verdict.correct, elapsed);
    // A wrong choice asks no rating: the full screen, which shows one card at a time, holds
    // the verdict and the explanation until a key, where the line screen scrolls on.
    if (full_screen_ && !asks_rating) return pause_after_verdict();
    return true;
  }

  // Any key goes on to the next card; u undoes the answer just given, q quits.
  bool pause_after_verdict() {
    display().prompt(Bilingual(review_screen_messages_for(context_.language).next_card,
                               english_ ? review_screen_messages_for("en").next_card : ""));
    const std::optional<char> key = input_.terminal()->read_key();
    if (!key || *key == 'q' || *key == 'Q') return false;
    if (*key == kUndoKey) undo_last_answer();
    return true;
  }

  // The session's tally; under --lang both, its English on a line of its own, dim.
  std::string tally_line() const {
    const int percent = tally_.reviewed > 0 ? tally_.correct * 100 / tally_.reviewed : 0;
    const auto line = [&](const Messages& words, const std::string& language, bool bold) {
      std::ostringstream text;
      text << (bold ? style_.bold(words.session_heading) : std::string(words.session_heading))
           << ": " << tally_.reviewed << ' '
           << (tally_.reviewed == 1 ? words.reviewed_one : words.reviewed) << ", " << tally_.correct
           << ' ' << words.correct_count << " (" << percent << "%), " << words.time_spent << ' '
           << duration_text(tally_.duration_ms, language);
      return text.str();
    };
    std::string lines = line(text_, context_.language, true);
    if (english_) lines += '\n' + style_.dim(line(*english_, "en", false));
    return lines;
  }

  // A line of the summary: `say` with the screen's words, then under --lang both with the
  // English ones, dim.
  template <class Say>
  void print_line(const Say& say) const {
    const Bilingual text = both(say);
    std::cout << text.first << '\n';
    if (!text.second.empty()) std::cout << style_.dim(text.second) << '\n';
  }

  // `counts` is the due.counts result; null when the daemon is gone.
  void print_summary(const protocol::DueCountsResult* counts) {
    std::cout << '\n';
    if (counts && tally_.reviewed == 0 && counts->total == 0) {
      print_line([](const Messages& words) { return std::string(words.nothing_due); });
    }
    std::cout << tally_line() << '\n';
    if (time_up_) {
      print_line([&](const Messages& words) {
        return fill_in(
            words.time_up,
            {{"time", duration_text(*time_limit_ms_,
                                    &words == &text_ ? context_.language : std::string("en"))}});
      });
    }
    if (!counts) return;
    const std::int64_t still_due = counts->total;
    if (still_due > 0) {
      print_line(
          [&](const Messages& words) { return std::to_string(still_due) + ' ' + words.still_due; });
    }
    if (counts->next_due_ms) {
      const std::int64_t when = *counts->next_due_ms;
      const std::int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                      std::chrono::system_clock::now().time_since_epoch())
                                      .count();
      print_line([&](const Messages& words) {
        return std::string(words.next_due) + ": " +
               (when <= now_ms ? std::string(words.now) : format_span(when - now_ms)) + " (" +
               local_minute_text(when) + ")";
      });
    }
  }

  CliContext& context_;
  const ReviewOptions& options_;
  const Messages& text_;
  const Messages* english_;  // --lang both: the English said after the Japanese; else null
  Style style_;
  AnswerSource input_;
  std::unique_ptr<ReviewDisplay> display_;  // after input_, whose terminal it draws on
  bool full_screen_ = false;
  SessionTally tally_;
  std::optional<std::int64_t> time_limit_ms_;  // --time, parsed
  bool time_up_ = false;                       // the session ended because its --time had passed
  // --cram: the card shown last (review.next's cram_after), where the session stood before the
  // card shown now, and how many cards the session had left with it.
  std::optional<std::int64_t> cram_after_;
  std::optional<std::int64_t> shown_after_;
  std::int64_t cram_left_ = 0;
  std::vector<AnsweredCard> answered_;  // the session's answers still standing, latest last
  std::optional<std::string> answer_in_flight_;  // "2 (gc-002)" while its answer is sent
  // Draws each showing's order of the choices: from --seed when given, so that a run can be
  // repeated exactly; the daemon grades by the choice's number, so the order is the screen's.
  // --lang both: the card shown now as card.get gives it in English, when it says something
  // else there.
  std::optional<protocol::CardToStudy> english_card_;
  std::mt19937 random_{options_.seed ? static_cast<std::uint32_t>(*options_.seed)
                                     : std::random_device{}()};
};

}  // namespace

int run_review(CliContext& context, const ReviewOptions& options) {
  ReviewScreen screen(context, options);
  return screen.run();
}

}  // namespace kioku::cli
