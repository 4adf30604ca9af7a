// stats.report: every figure of docs/stats.md for the collection or one deck, computed by
// core's statistics functions from what the store reads (daemon/store/stats_source.hpp).
#pragma once

#include "daemon/methods/method_context.hpp"
#include "protocol/stats_report_types.hpp"

namespace kioku::daemon {

// Throws kioku::Error: kInvalidParams for a period other than 7d, 30d, 1y or all; kNotFound
// for a deck that does not exist.
protocol::StatsReportResult stats_report(const protocol::StatsReportParams& params,
                                         MethodContext& context);

}  // namespace kioku::daemon
