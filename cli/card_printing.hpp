// `kioku card show ID` as text: the card's content (card.get), its state and every answer it
// has had (card.history), one line each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/card_messages.hpp"
#include "cli/terminal/terminal.hpp"
#include "protocol/card_history_types.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

// The lines of card show, in `language`, wrapped to `width` columns, coloured when
// `style.enabled`. Answer times are local (the process's time zone). Text from the collection
// goes through safe_line or safe_text: no control reaches the terminal.
// Anki's flag `flag` (1 red ... 7 purple) by its name in `words`' language; "" for 0.
std::string flag_name(std::int64_t flag, const CardMessages& words);
// The flag `text` names: 0 to 7, none, or a flag's name in English or Japanese; nothing else.
std::optional<int> parse_flag(const std::string& text);

std::vector<std::string> card_show_lines(const protocol::CardGetResult& content,
                                         const protocol::CardHistoryResult& history,
                                         const std::string& language, const Style& style,
                                         int width);

// One answer's cells: local time, rating, kind, interval before → after, ease or S/D, duration.
std::vector<std::string> answer_cells(const protocol::CardAnswerView& answer,
                                      const std::string& language);

}  // namespace kioku::cli
