// Decimal numbers as the CLI prints them: the one place that formats a double, so that card
// show, the stats dashboard and sched optimize agree and none truncates into a fixed buffer.
#pragma once

#include <string>

namespace kioku::cli {

// `value` with `decimals` digits after the point (printf's "%.*f"), whole however large:
// 0.8567 with 1 gives "0.9", 12 with 2 gives "12.00".
std::string fixed_text(double value, int decimals);

}  // namespace kioku::cli
