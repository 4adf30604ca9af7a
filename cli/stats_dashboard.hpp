// `kioku stats` without --json: stats.report's figures as one screen of text that fits 80
// columns (docs/stats.md "The dashboard" says what is shown and what is left to --json).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/terminal/terminal.hpp"
#include "protocol/stats_report_types.hpp"

namespace kioku::cli {

// The dashboard's lines, none wider than 80 columns for counts below a million, in `language`
// ("en" or "ja"), coloured when `style.enabled`. Any report gives lines: sums saturate, and
// shares and medians that are not numbers show as N/A. Text from the daemon (the deck, the
// dates) is written through safe_line.
std::vector<std::string> dashboard_lines(const protocol::StatsReportResult& report,
                                         const std::string& language, const Style& style);

// A share (0..1) as a whole percentage, "83%", or one decimal, "83.3%"; `not_available` when
// there is none or it is not a share (NaN, infinite, outside 0..1: the socket is untrusted).
std::string percent_text(const std::optional<double>& share, int decimals,
                         const std::string& not_available);

}  // namespace kioku::cli
