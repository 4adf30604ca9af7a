// The HTML report's one escape (cli/html/html_text.hpp) against hostile names.
#include <catch2/catch.hpp>
#include <string>

#include "cli/html/html_text.hpp"

using kioku::cli::html_text;

TEST_CASE("cli html_text: markup, quotes, ampersands and broken bytes stay text", "[cli][html]") {
  CHECK(html_text("plain 日本語") == "plain 日本語");
  CHECK(html_text("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;");
  CHECK(html_text(R"(a "b" 'c')") == "a &quot;b&quot; &#39;c&#39;");
  CHECK(html_text("R&D &amp;") == "R&amp;D &amp;amp;");
  // An attribute cannot be closed early: no quote survives.
  CHECK(html_text("x\" onload=\"y").find('"') == std::string::npos);
  // Bytes that are not UTF-8 are U+FFFD; controls and bidirectional overrides show as escapes.
  CHECK(html_text("a\xff\xc0<") == "a\uFFFD\uFFFD&lt;");
  CHECK(html_text(std::string("nul\0x\x1b\u202e", 9)) == "nul\\u0000x\\u001b\\u202e");
  CHECK(html_text("").empty());
}
