// Work a handler leaves to run off the server's thread (answer_later(), method_table.hpp): what
// makes the response line, and what the server needs to tell the client how far it has come and
// to stop it when nobody waits for it any more (docs/protocol.md, "request.progress").
#pragma once

#include <functional>
#include <string>

#include "core/work_progress.hpp"

namespace kioku::daemon {

struct LaterWork {
  // Makes the response line; never throws. It tells `progress` how far it has come, and the
  // report throws WorkCancelled once the client has gone or kiokud is stopping, which the line
  // made then answers.
  std::function<std::string(const ProgressReport& progress)> make = nullptr;
  // The client asked to hear request.progress notifications.
  bool notify_progress = false;
  std::string id;      // the request's id as JSON text, which the notifications carry
  std::string method;  // for the log, when the work is stopped
  // Runs on the server's thread when the worker takes the work up, and the worker waits for it
  // before `make`: what must hold while the work runs, and not while it waits behind other work
  // (an import's refusal of other writes). Must not throw.
  std::function<void()> started = nullptr;
  // Runs on the server's thread once `make` has returned, however the work ended, before the
  // response is sent: what `started` set up is undone here.
  std::function<void()> finished = nullptr;
  // Work done only for its client, which a client gone stops (what reports its progress, by
  // default): it is not even started when the client left while it waited behind other work.
  // Work that must land once asked for (a backup, a deck's new scheduler) runs whoever waits.
  bool stops_when_client_leaves = false;
  // Work that only reads, through a snapshot of its own (note.find, doctor.check, deck.export):
  // it runs on the readers' thread, beside the worker, so that it waits behind no import,
  // backup or checkpoint there, and they wait behind none of it. Such work has no `started`.
  bool reads_only = false;
  // For work that stops so: the response line when it is stopped before it started (its client
  // gone, or kiokud stopping), the line `make` would give had its report thrown
  // WorkCancelled(reason) at once. Neither `started` nor `make` nor `finished` runs then.
  std::function<std::string(const BilingualMessage& reason)> unstarted = nullptr;

  explicit operator bool() const noexcept { return static_cast<bool>(make); }
};

}  // namespace kioku::daemon
