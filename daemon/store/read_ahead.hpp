// Items made on a thread of their own, a few ahead of the thread that takes them: the reading of
// a file beside the writing of what was read. The items live in a ring of slots that the two
// threads pass back and forth, each slot's memory made, reused and let go of by the making
// thread alone (glibc's allocator frees another thread's memory slowly, behind that thread's
// arena lock: session 27 measured it at 15% of a thread that did so), so that the taker must
// copy what it keeps and never move out of an item.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace kioku::daemon {

template <typename Item>
class ReadAhead {
 public:
  // Makes an item: fills the slot it is given (what an earlier item left there included) and
  // returns true, or returns false after the last. What it throws ends the items there.
  using Make = std::function<bool(Item&)>;

  // Where make() runs: on a thread of its own, or on the taker's when next() asks for each
  // item (a make that needs what only the taker's thread may touch, such as its connection).
  enum class Maker { kOwnThread, kTakersThread };

  // What an item weighs (about the bytes it holds), and the most the items made and not yet
  // given back may weigh together before the maker waits for the taker, whatever room the ring
  // has: a few large items hold it as many small ones do. One item is always let through.
  // Without `of`, only the slots bound the maker.
  struct Weight {
    std::function<std::size_t(const Item&)> of;
    std::size_t most = 0;
  };

  // Starts `make` on a thread of its own, at most `slots` items (and `weight.most`) ahead of
  // next(). `interrupt` is called (from the taker's thread) when the taker stops early, to cut a
  // make() under way short; make() may then throw, which is ignored.
  ReadAhead(std::size_t slots, Make make, std::function<void()> interrupt,
            Maker maker = Maker::kOwnThread, Weight weight = {})
      : slots_(slots < 2 ? 2 : slots),
        ring_(slots_),
        weights_(weight.of ? slots_ : 0),
        make_(std::move(make)),
        interrupt_(std::move(interrupt)),
        weight_(std::move(weight)) {
    if (maker == Maker::kTakersThread) {
      inline_ = true;
      return;
    }
    try {
      thread_ = std::thread([this] { run(); });
    } catch (const std::system_error&) {
      inline_ = true;  // no thread to be had: each item is made when it is asked for
    }
  }

  ~ReadAhead() {
    if (!thread_.joinable()) return;
    stopping_.store(true);
    ring(room_bell_);
    // A maker that has made its last item has nothing to cut short.
    if (interrupt_ && end_.load() == kNoEnd) interrupt_();
    thread_.join();
  }

  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The next item, valid until the next call; nullptr after the last, and again after that.
  // Throws what make() threw, in its place among the items.
  const Item* next() {
    if (inline_) return next_inline();
    if (holding_) {
      // The item given last is done with. Slots go back to the maker half a ring at a time, so
      // that a maker ahead wakes once for many items, not for each.
      holding_ = false;
      if (given_ - given_back_ >= slots_ / 2) give_back();
    }
    if (made_.load(std::memory_order_acquire) == given_) {
      // Every slot goes back before this side waits: a maker waiting for room would otherwise
      // wait for it in turn.
      give_back();
      wait_for(items_bell_, taker_waiting_, [this] { return made_.load() != given_; });
    }
    if (given_ == end_.load(std::memory_order_relaxed)) {
      // Read after made_'s acquire: written before the maker's release of the end.
      if (error_) std::rethrow_exception(error_);
      return nullptr;
    }
    holding_ = true;
    return &ring_[given_++ % slots_];
  }

 private:
  // Where a side sleeps until the other has changed a count. The counts are passed without a
  // lock; only sleeping takes one. A side sets its waiting flag and reads the count under the
  // bell's mutex, and keeps it until it sleeps; the other writes the count, then reads the flag
  // and, if set, takes the mutex before it wakes the sleeper. The flags and counts are
  // sequentially consistent, so the two cannot both miss what the other did, and the mutex
  // keeps the wake from coming between the check and the sleep. (A first version woke a
  // waiting taker only every eight items, and hung when the maker then waited for room or
  // for a long make: each side is now woken whenever what it waits for has changed.)
  struct Bell {
    std::mutex mutex;
    std::condition_variable rung;
  };

  template <typename Ready>
  static void wait_for(Bell& bell, std::atomic<bool>& waiting, Ready ready) {
    std::unique_lock lock(bell.mutex);
    waiting.store(true);
    while (!ready()) bell.rung.wait(lock);
    waiting.store(false);
  }

  static void ring(Bell& bell) {
    { const std::lock_guard lock(bell.mutex); }
    bell.rung.notify_all();
  }

  void give_back() {
    if (weight_.of) {
      // Read after made_'s acquire, which the maker's writes of them came before.
      std::size_t weight = 0;
      for (std::size_t item = given_back_; item < given_; ++item) {
        weight += weights_[item % slots_];
      }
      weighed_.fetch_sub(weight);
    }
    given_back_ = given_;
    taken_.store(given_);
    if (maker_waiting_.load()) ring(room_bell_);
  }

  // The maker's: whether the next item may be made. The items made and not given back (the one
  // the taker holds among them) fill that many slots and weigh weighed_; with none out, one
  // may be made whatever it weighs.
  bool room(std::size_t made) const {
    const std::size_t out = made - taken_.load(std::memory_order_acquire);
    return out < slots_ && (out == 0 || !weight_.of || weighed_.load() < weight_.most);
  }

  void run() noexcept {
    std::size_t made = 0;
    try {
      while (true) {
        if (!room(made)) {
          wait_for(room_bell_, maker_waiting_, [&] { return stopping_.load() || room(made); });
        }
        if (stopping_.load()) return;
        Item& item = ring_[made % slots_];
        if (!make_(item)) break;
        if (weight_.of) {
          const std::size_t weight = weight_.of(item);
          weights_[made % slots_] = weight;
          weighed_.fetch_add(weight);
        }
        made_.store(++made);
        // A waiting taker is woken for each item: the next one may be long in the making.
        if (taker_waiting_.load()) ring(items_bell_);
      }
    } catch (...) {
      if (stopping_.load()) return;
      error_ = std::current_exception();
    }
    end_.store(made, std::memory_order_relaxed);
    made_.store(made + 1);
    if (taker_waiting_.load()) ring(items_bell_);
  }

  const Item* next_inline() {
    if (ended_inline_) return nullptr;
    try {
      if (make_(ring_.front())) return &ring_.front();
    } catch (...) {
      ended_inline_ = true;
      throw;
    }
    ended_inline_ = true;
    return nullptr;
  }

  const std::size_t slots_;
  std::vector<Item> ring_;
  std::vector<std::size_t> weights_;  // each slot's item's, written by the maker
  Make make_;
  std::function<void()> interrupt_;
  const Weight weight_;
  std::atomic<std::size_t> weighed_{0};  // of the items made and not given back
  // Counts, never reset: items made (the end counts as one), and slots the taker gave back.
  std::atomic<std::size_t> made_{0};
  std::atomic<std::size_t> taken_{0};
  std::atomic<bool> maker_waiting_{false};
  std::atomic<bool> taker_waiting_{false};
  Bell items_bell_;  // the taker's
  Bell room_bell_;   // the maker's
  std::atomic<bool> stopping_{false};
  // The maker's, written before its release of the end, which the taker reads them after (end_
  // is atomic as the taker looks at it before every item).
  static constexpr std::size_t kNoEnd = std::numeric_limits<std::size_t>::max();
  std::atomic<std::size_t> end_{kNoEnd};
  std::exception_ptr error_;
  // The taker's own.
  std::size_t given_ = 0;
  std::size_t given_back_ = 0;
  bool holding_ = false;
  bool inline_ = false;
  bool ended_inline_ = false;
  std::thread thread_;
};

}  // namespace kioku::daemon
