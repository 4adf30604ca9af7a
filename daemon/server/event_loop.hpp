// kiokud's event loop: Asio's, but it looks for the next event for a moment before it sleeps.
//
// A client that sends its next request as soon as it has read a reply (the review screen's
// next card after an answer, a script's requests one after another) found kiokud's thread
// asleep in epoll, and waking it cost more than its work on the request: with the collection on
// tmpfs one client's answers took 125 us each against 91 us when kiokud looked again for 50 us
// before sleeping. Looking costs a core for at most that long after kiokud's last event, and
// nothing on a machine with one CPU, where it would only keep the client from running.
// docs/decisions.md, "Session 33: a commit's WAL frames in one write, and a moment's look
// before sleeping".
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>

namespace kioku::daemon {

// How long kiokud looks for the next event before it sleeps: 50 us when this process may run on
// two CPUs or more, else zero.
std::chrono::microseconds look_before_sleeping();

// Runs `io` until it is stopped or out of work, as io_context::run does; after each handler it
// polls for `look` more before it waits in the kernel.
void run_event_loop(boost::asio::io_context& io, std::chrono::microseconds look);

}  // namespace kioku::daemon
