// `kioku stats --html`: stats.report's figures as one self-contained HTML document: inline CSS
// and inline SVG, no script, nothing fetched (docs/stats.md "The HTML report").
#pragma once

#include <string>

#include "protocol/stats_report_types.hpp"

namespace kioku::cli {

// The whole document in `language` ("en" or "ja"): a section per figure, each with its title,
// a chart and the figure's numbers. Any report gives a document: text from the daemon goes
// through html_text, and numbers that are not numbers show as N/A.
std::string stats_html(const protocol::StatsReportResult& report, const std::string& language);

}  // namespace kioku::cli
