// What every method handler may use: the collection, the clock and the day calendar.
// Handlers read the clock once per request and pass the value down.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "core/day_calendar.hpp"
#include "daemon/server/later_work.hpp"
#include "daemon/store/collection.hpp"
#include "protocol/paths.hpp"
#include "protocol/unique_fd.hpp"

namespace kioku::daemon {

class Session;
class DueWatchers;
class ConfigurationState;

// How this kiokud was started, for system.status; set once by run_daemon.
struct DaemonFacts {
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::string socket_path;
  bool socket_activated = false;
  // The options kiokud was given (their names, --ready-fd left out); none: all defaults.
  std::vector<std::string> options;
};

struct MethodContext {
  // A constructor, not aggregate initialization, so that std::optional::emplace can make one in
  // place (clang 14 lacks C++20's parenthesized aggregate initialization): a calendar is 96 KB,
  // and a temporary context was stack that stays resident.
  MethodContext(Collection& collection, const Clock& clock, const DayCalendar& calendar,
                std::string collection_path)
      : collection(collection),
        clock(clock),
        calendar(calendar),
        collection_path(std::move(collection_path)) {}

  // Whether the collection is a file the worker can open again by its path: not in-process
  // tests' ":memory:" one.
  bool collection_on_disk() const noexcept {
    return !collection_path.empty() && collection_path.front() == '/';
  }
  // The collection's own directory (kiokud --data-dir), where the media are and where its
  // start-up looks for what an interrupted import left; $XDG_DATA_HOME/kioku when it has none.
  std::string data_directory() const {
    return collection_on_disk() ? protocol::parent_directory(collection_path)
                                : protocol::data_directory();
  }

  Collection& collection;
  const Clock& clock;
  DayCalendar calendar;
  std::string collection_path;
  // Asks the server to stop once the current response is written.
  std::function<void()> request_shutdown = [] {};
  // The descriptor the client passed with the request being handled (deck.import's `fd`), set by
  // the dispatcher only for a method that takes one; null otherwise. A handler may take it.
  protocol::UniqueFd* passed_descriptor = nullptr;
  // The client the request came from (daemon/server/session.hpp), set by the dispatcher for the
  // request's duration: a handler may push notifications to it, or keep it in a SessionSet to
  // notify later. Null when the request did not come over a socket (in-process tests).
  Session* session = nullptr;
  // The clients watching the due counts (due.watch); null where nothing can watch (in-process
  // tests without a server).
  DueWatchers* due_watchers = nullptr;
  // Whether this request may be answered later, off the server's thread (answer_later(),
  // method_table.hpp): set by the dispatcher for a lone request over a socket; not for a
  // notification or a batch's requests, which refuse long work (refuse_long_request_here), or a
  // call in-process, whose handlers do the work at once.
  bool may_answer_later = false;
  // Set by answer_later(): the work that makes the request's result (its JSON text in `make`).
  // The dispatcher takes it and the server runs it beside its own thread.
  LaterWork later = {};
  // The clients connected now, the one asking included and those only listening (due.watch)
  // left out; 0 off a socket.
  std::function<std::size_t()> connected_clients = [] { return std::size_t{0}; };
  DaemonFacts facts = {};
  // The configuration file as loaded (config.*, system.status); null in-process without one.
  ConfigurationState* configuration = nullptr;
};

}  // namespace kioku::daemon
