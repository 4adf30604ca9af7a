// kioku_review_keys_bench: the time from a rating key to the next card on `kioku review`'s full
// screen, as the user sees it. kioku runs in a pseudo-terminal against a real kiokud (each rating
// is review.answer with its durable commit, then review.next); the bench writes the key to the
// terminal and reads the terminal until the next card's prompt row is drawn. Beside it, in the
// same run and interleaved sample by sample: a round trip through kioku_echo_server (the floor
// of any request, no work done) and a bare fdatasync of a small write in the collection's
// directory (the floor of a durable commit on that disk).
//
// Usage: kioku_review_keys_bench --kioku PATH --socket SOCKET --deck DECK --echo SOCKET
//          --fsync-dir DIR [--cards N] [--warmup N]
// DECK must hold basic cards enough for warmup + cards, due or new (the session takes every new
// card, --new 100000): Space reveals, 3 rates good. Prints one
// JSON object: microseconds (mean, p50, p99) for the key, the echo and the fsync, and the ratios
// of the key's p50 and p99 to the fsync's.
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/round_trip.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using kioku::bench::echo_request;
using kioku::bench::json_summary;
using kioku::bench::LineConnection;
using kioku::bench::summarize;
using kioku::bench::Summary;

// The English prompts of the full screen (cli/messages.cpp): the card waiting for Space, and the
// revealed card waiting for a rating.
constexpr const char* kRevealPrompt = "Enter or space shows the answer";
constexpr const char* kRatePrompt = "How well did you know it?";

double micros(Clock::duration elapsed) {
  return std::chrono::duration<double, std::micro>(elapsed).count();
}

// `kioku review` in a pseudo-terminal of 120 x 40: what it drew so far, and keys to it.
class ReviewTerminal {
 public:
  ReviewTerminal(const std::string& kioku, const std::string& socket, const std::string& deck) {
    winsize size{};
    size.ws_row = 40;
    size.ws_col = 120;
    child_ = ::forkpty(&master_, nullptr, nullptr, &size);
    if (child_ < 0) throw std::runtime_error(std::string("forkpty: ") + std::strerror(errno));
    if (child_ == 0) {
      ::setenv("TERM", "xterm-256color", 1);
      ::setenv("NO_COLOR", "1", 1);
      ::execl(kioku.c_str(), kioku.c_str(), "--socket", socket.c_str(), "--no-autostart", "--lang",
              "en", "review", "--deck", deck.c_str(), "--no-shuffle", "--new", "100000",
              static_cast<char*>(nullptr));
      std::perror("exec kioku");
      ::_exit(127);
    }
  }
  ~ReviewTerminal() {
    if (child_ > 0) {
      ::kill(child_, SIGKILL);
      ::waitpid(child_, nullptr, 0);
    }
    if (master_ >= 0) ::close(master_);
  }
  ReviewTerminal(const ReviewTerminal&) = delete;
  ReviewTerminal& operator=(const ReviewTerminal&) = delete;

  void press(char key) {
    while (::write(master_, &key, 1) != 1) {
      if (errno != EINTR) throw std::runtime_error(std::string("write: ") + std::strerror(errno));
    }
  }

  // Reads until `text` appears in what was drawn after `from` (an offset in drawn()); throws
  // when kioku ends or draws nothing for 10 s. Returns the offset just past `text`.
  std::size_t wait_for(const std::string& text, std::size_t from) {
    for (;;) {
      const std::size_t found = drawn_.find(text, from);
      if (found != std::string::npos) return found + text.size();
      pollfd readable{master_, POLLIN, 0};
      const int ready = ::poll(&readable, 1, 10'000);
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) throw std::runtime_error("kioku drew nothing for 10 s; waiting for: " + text);
      char chunk[65536];
      const ssize_t got = ::read(master_, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) throw std::runtime_error("kioku ended; it drew:\n" + tail());
      drawn_.append(chunk, static_cast<std::size_t>(got));
    }
  }

  std::size_t drawn_size() const { return drawn_.size(); }

 private:
  std::string tail() const {
    return drawn_.substr(drawn_.size() > 2000 ? drawn_.size() - 2000 : 0);
  }

  int master_ = -1;
  pid_t child_ = -1;
  std::string drawn_;
};

// A small write and fdatasync in `directory`, as a commit of one answer would make.
class BareFsync {
 public:
  explicit BareFsync(const std::string& directory)
      : path_(directory + "/fsync-probe"),
        descriptor_(::open(path_.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600)) {
    if (descriptor_ < 0) throw std::runtime_error("cannot open " + path_);
  }
  ~BareFsync() {
    ::close(descriptor_);
    ::unlink(path_.c_str());
  }
  BareFsync(const BareFsync&) = delete;
  BareFsync& operator=(const BareFsync&) = delete;

  double time_one() {
    const std::string record(200, 'a');
    const auto start = Clock::now();
    if (::pwrite(descriptor_, record.data(), record.size(), 0) !=
            static_cast<ssize_t>(record.size()) ||
        ::fdatasync(descriptor_) != 0) {
      throw std::runtime_error("write or fdatasync failed in " + path_);
    }
    return micros(Clock::now() - start);
  }

 private:
  std::string path_;
  int descriptor_;
};

}  // namespace

int main(int argc, char** argv) {
  std::string kioku;
  std::string socket;
  std::string deck;
  std::string echo_socket;
  std::string fsync_directory;
  int cards = 300;
  int warmup = 20;
  CLI::App app{"kioku_review_keys_bench: rating key to next card, beside an echo and an fsync"};
  app.add_option("--kioku", kioku, "the kioku binary")->required();
  app.add_option("--socket", socket, "kiokud's socket")->required();
  app.add_option("--deck", deck, "a deck of basic cards")->required();
  app.add_option("--echo", echo_socket, "kioku_echo_server's socket")->required();
  app.add_option("--fsync-dir", fsync_directory, "the collection's directory")->required();
  app.add_option("--cards", cards, "cards timed")->check(CLI::PositiveNumber);
  app.add_option("--warmup", warmup, "cards answered first, untimed")
      ->check(CLI::NonNegativeNumber);
  CLI11_PARSE(app, argc, argv);

  try {
    ReviewTerminal terminal(kioku, socket, deck);
    LineConnection echo(echo_socket);
    BareFsync fsync(fsync_directory);
    // review.answer's request and review.next's response are about this long on the screen's
    // basic cards; the echo answers a line as long.
    const std::string echo_line = echo_request(160, 900);
    std::vector<double> key_us, echo_us, fsync_us;
    std::size_t drawn = terminal.wait_for(kRevealPrompt, 0);
    for (int card = 0; card < warmup + cards; ++card) {
      terminal.press(' ');
      drawn = terminal.wait_for(kRatePrompt, drawn);
      const auto start = Clock::now();
      terminal.press('3');
      drawn = terminal.wait_for(kRevealPrompt, drawn);
      const double key = micros(Clock::now() - start);
      const auto echo_start = Clock::now();
      if (echo.exchange(echo_line).size() != 900) throw std::runtime_error("echo answered wrongly");
      const double echoed = micros(Clock::now() - echo_start);
      const double synced = fsync.time_one();
      if (card < warmup) continue;
      key_us.push_back(key);
      echo_us.push_back(echoed);
      fsync_us.push_back(synced);
    }
    terminal.press('q');
    const Summary key = summarize(key_us);
    const Summary echoed = summarize(echo_us);
    const Summary synced = summarize(fsync_us);
    std::cout << "{\"cards\":" << cards << "," << json_summary("key_to_next_card", key) << ","
              << json_summary("echo", echoed) << "," << json_summary("fsync", synced)
              << ",\"p50_vs_fsync\":" << key.p50_us / synced.p50_us
              << ",\"p99_vs_fsync\":" << key.p99_us / synced.p99_us << "}\n";
  } catch (const std::exception& error) {
    std::cerr << "kioku_review_keys_bench: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
