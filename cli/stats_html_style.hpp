// The HTML report's stylesheet, inline in the document: light on screen and on paper (no dark
// backgrounds), a chart never split across pages, colours kept when printed.
#pragma once

namespace kioku::cli {

inline constexpr const char* kReportStyle = R"css(
:root{color-scheme:light}
body{font-family:system-ui,"Noto Sans CJK JP","Hiragino Sans",sans-serif;color:#1b1b1b;
background:#fff;max-width:780px;margin:24px auto;padding:0 16px;line-height:1.45}
h1{font-size:22px;margin:0 0 16px}
h2{font-size:17px;margin:0 0 8px}
section{border:1px solid #d8d8d8;border-radius:6px;padding:12px 16px;margin:0 0 14px;
break-inside:avoid;page-break-inside:avoid}
svg.chart{display:block;width:100%;height:auto;max-width:720px}
svg text{font-size:11px;fill:#444}
p{margin:6px 0;font-size:14px}
p.empty{color:#777;font-style:italic}
table{border-collapse:collapse;font-size:14px;margin:6px 0}
th,td{padding:2px 10px;text-align:right;border-bottom:1px solid #eee}
th:first-child,td:first-child{text-align:left}
.axis{stroke:#888;stroke-width:1}.grid{stroke:#e6e6e6;stroke-width:1}
.marker{stroke:#c62828;stroke-width:1.5;stroke-dasharray:4 3}
.share{fill:none;stroke:#263238;stroke-width:1.5}
.bar{fill:#4a86c5}.learning{fill:#e8a33d}.relearning{fill:#d9534f}.young{fill:#8bc98b}
.mature{fill:#2e7d4f}.cram{fill:#9b7fd1}.review{fill:#4a86c5}
.again{fill:#d9534f}.hard{fill:#e8a33d}.good{fill:#4caf50}.easy{fill:#4a86c5}
.new{fill:#6fa8dc}.suspended{fill:#b0a24a}.buried{fill:#8d8d8d}.leeches{fill:#a0522d}
.shade-0{fill:#ebedf0}.shade-1{fill:#c6e48b}.shade-2{fill:#7bc96f}.shade-3{fill:#239a3b}
.shade-4{fill:#196127}
.legend{font-size:13px;color:#333}
.legend svg{vertical-align:middle;margin:0 3px 0 10px}
footer{font-size:12px;color:#666;margin-top:18px}
@page{margin:14mm}
@media print{
body{max-width:none;margin:0;padding:0;background:#fff;color:#000}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
section{border-color:#bbb;break-inside:avoid;page-break-inside:avoid}
svg.chart{max-width:100%}
}
)css";

}  // namespace kioku::cli
