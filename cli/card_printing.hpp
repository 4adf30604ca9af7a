// `kioku card show ID` as text: the card's content (card.get), its state and every answer it
// has had (card.history), one line each.
#pragma once

#include <string>
#include <vector>

#include "cli/terminal/terminal.hpp"
#include "protocol/card_history_types.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

// The lines of card show, in `language`, wrapped to `width` columns, coloured when
// `style.enabled`. Answer times are local (the process's time zone). Text from the collection
// goes through safe_line or safe_text: no control reaches the terminal.
std::vector<std::string> card_show_lines(const protocol::CardGetResult& content,
                                         const protocol::CardHistoryResult& history,
                                         const std::string& language, const Style& style,
                                         int width);

// One answer's cells: local time, rating, kind, interval before → after, ease or S/D, duration.
std::vector<std::string> answer_cells(const protocol::CardAnswerView& answer,
                                      const std::string& language);

}  // namespace kioku::cli
