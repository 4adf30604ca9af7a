// deck.import: the request is checked and its file opened on the server's thread; the import
// then runs on the server's worker with a connection of its own, so that the other clients'
// reads go on while it writes, and their writes are refused until it ends instead of waiting
// on SQLite's lock (docs/decisions.md, "An import beside the reviews"). In-process it runs at
// once on the daemon's connection; in a batch or as a notification it is refused
// (refuse_long_request_here).
#pragma once

#include "daemon/methods/method_context.hpp"
#include "protocol/deck_types.hpp"

namespace kioku::daemon {

protocol::DeckImportResult import_deck_request(const protocol::DeckImportParams& params,
                                               MethodContext& context);

}  // namespace kioku::daemon
