// stats.report: every figure of docs/stats.md for the collection or one deck, computed by
// core's statistics functions from what the store reads (daemon/store/stats_source.hpp).
#pragma once

#include "daemon/methods/method_context.hpp"
#include "protocol/stats_report_types.hpp"

namespace kioku::daemon {

// Made on kiokud's readers' thread through a snapshot (read_beside, worker_read.hpp) when the
// request may be answered later; at once on the context's collection otherwise (in a batch,
// in-process). Throws kioku::Error: kInvalidParams for a period other than 7d, 30d, 1y or all
// (at once); kNotFound for a deck that does not exist.
protocol::StatsReportResult stats_report(const protocol::StatsReportParams& params,
                                         MethodContext& context);

}  // namespace kioku::daemon
