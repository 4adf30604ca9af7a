// deck.export (docs/export.md): the decks `deck` chooses, as `review --deck` chooses them,
// written into the regular file kioku passed with the request.
#pragma once

#include "daemon/methods/method_context.hpp"
#include "protocol/deck_types.hpp"

namespace kioku::daemon {

// Throws kioku::Error: kNotFound for a deck nothing has (or a name several decks have, with
// the candidates), kInvalidParams for another format or no regular file passed, kConflict when
// a TOML export would need more than one deck file, kStorage when the file cannot be written.
protocol::DeckExportResult export_decks(const protocol::DeckExportParams& params,
                                        MethodContext& context);

}  // namespace kioku::daemon
