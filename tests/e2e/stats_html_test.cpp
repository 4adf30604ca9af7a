// kioku stats --html end to end: a real kiokud with a few days of answers (an SM-2 deck and an
// FSRS deck), the real kioku writing the report, and Debian's headless Chromium rendering it to
// a DOM, a PNG and a PDF with every host name unresolvable and its network log on. The report's
// sections must be in the rendered text in both languages, each chart must have drawn as many
// marks as its figure in `kioku stats --json` has non-empty days or buckets, and the page must
// have asked the network for nothing.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>

#include "cli/html/chart_geometry.hpp"
#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/durations.hpp"
#include "tests/support/piped_process.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;

namespace {

// The browser window: the screenshot's size.
constexpr int kWindowWidth = 1000;
constexpr int kWindowHeight = 2400;

// Answers up to `most` due cards over the socket, five seconds each: every third wrong (Again),
// the others right, every other of those Easy. Returns how many were answered.
int answer_due(const TempHome& home, int most) {
  LineClient client(home.socket_path());
  int answered = 0;
  for (; answered < most; ++answered) {
    const auto next = result_of(rpc(client, protocol::kReviewNext.name));
    if (next.at("card").is_null()) break;
    const std::int64_t card = field(next.at("card"), "id");
    const std::int64_t right = right_choice(client, card);
    json::object params{{"card", card}, {"duration_ms", 5000 + 1000 * answered}};
    if (answered % 3 == 2) {
      params["choice"] = right == 1 ? 2 : 1;
    } else {
      params["choice"] = right;
      params["rating"] = answered % 2 == 0 ? "good" : "easy";
    }
    result_of(rpc(client, protocol::kReviewAnswer.name, std::move(params)));
  }
  return answered;
}

// HTML text with the character references the serializer writes decoded.
std::string decoded(std::string text) {
  const std::pair<const char*, const char*> references[] = {{"&lt;", "<"},    {"&gt;", ">"},
                                                            {"&quot;", "\""}, {"&#39;", "'"},
                                                            {"&nbsp;", " "},  {"&amp;", "&"}};
  for (const auto& [reference, character] : references) {
    for (auto at = text.find(reference); at != std::string::npos;
         at = text.find(reference, at + 1)) {
      text.replace(at, std::string(reference).size(), character);
    }
  }
  return text;
}

// The texts of every `tag` element (no nested elements inside), in document order.
std::vector<std::string> element_texts(const std::string& html, const std::string& tag) {
  std::vector<std::string> texts;
  const std::regex element("<" + tag + "(?:\\s[^>]*)?>([^<]*)</" + tag + ">");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), element);
       it != std::sregex_iterator(); ++it) {
    texts.push_back(decoded((*it)[1].str()));
  }
  return texts;
}

// What a reader sees: the body's text nodes, without the style sheet and the tags.
std::string visible_text(const std::string& html) {
  const auto body = html.find("<body");
  std::string text = body == std::string::npos ? html : html.substr(body);
  text = std::regex_replace(text, std::regex("<[^>]*>"), " ");
  return decoded(text);
}

// The svg element with id `id`, up to its end.
std::string chart(const std::string& html, const std::string& id) {
  const auto start = html.find("<svg id=\"" + id + "\"");
  if (start == std::string::npos) return "";
  const auto end = html.find("</svg>", start);
  return html.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string attribute(const std::string& tag, const std::string& name) {
  std::smatch match;
  if (!std::regex_search(tag, match, std::regex("\\s" + name + "=\"([^\"]*)\""))) return "";
  return match[1].str();
}

// The marks drawn in the chart `id`: rect elements of class "mark" with a width and a height
// above 0, and path elements of class "mark" with a path.
int drawn_marks(const std::string& html, const std::string& id) {
  const std::string svg = chart(html, id);
  int marks = 0;
  const std::regex element("<(rect|path)\\s[^>]*>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element);
       it != std::sregex_iterator(); ++it) {
    const std::string tag = it->str();
    const std::string css_class = attribute(tag, "class");
    if (css_class != "mark" && css_class.rfind("mark ", 0) != 0) continue;
    if ((*it)[1] == "path") {
      marks += attribute(tag, "d").empty() ? 0 : 1;
      continue;
    }
    const double width = std::atof(attribute(tag, "width").c_str());
    const double height = std::atof(attribute(tag, "height").c_str());
    if (width > 0.0 && height > 0.0) ++marks;
  }
  return marks;
}

int positive(std::initializer_list<std::int64_t> values) {
  return static_cast<int>(
      std::count_if(values.begin(), values.end(), [](std::int64_t value) { return value > 0; }));
}

std::int64_t integer(const json::value& object, const char* key) {
  return object.at(key).as_int64();
}

// The bins with cards of a histogram figure, binned as the report bins it.
int filled_bins(const json::value& figure, const char* value_key, std::optional<std::int64_t> first,
                std::optional<std::int64_t> last, std::size_t most) {
  std::vector<std::pair<std::int64_t, std::int64_t>> points;
  for (const json::value& count : figure.at("counts").as_array()) {
    points.emplace_back(integer(count, value_key), integer(count, "cards"));
  }
  if (points.empty()) return 0;
  std::int64_t lowest = points.front().first, highest = points.front().first;
  for (const auto& [value, cards] : points) {
    lowest = std::min(lowest, value);
    highest = std::max(highest, value);
  }
  int filled = 0;
  for (const auto& bin :
       kioku::cli::histogram_bins(points, first.value_or(lowest), last.value_or(highest), most)) {
    filled += bin.count > 0 ? 1 : 0;
  }
  return filled;
}

// How many marks each chart must have drawn for the figures of `report` (stats --json).
std::map<std::string, int> expected_marks(const json::value& report) {
  std::map<std::string, int> marks;
  const json::value& today = report.at("today");
  marks["chart-today"] = positive({integer(today, "learning"), integer(today, "review"),
                                   integer(today, "relearning"), integer(today, "cram")});
  const json::value& streak = report.at("streak");
  marks["chart-streak"] =
      positive({integer(streak, "current_days"), integer(streak, "longest_days")});
  const json::value& cards = report.at("card_counts");
  marks["chart-card-counts"] =
      positive({integer(cards, "new"), integer(cards, "learning"), integer(cards, "relearning"),
                integer(cards, "young"), integer(cards, "mature"), integer(cards, "suspended"),
                integer(cards, "buried"), integer(cards, "leeches")});
  int retention = 0;
  for (const auto& [row, cells] : report.at("true_retention").as_object()) {
    const json::value& all = cells.at("all").at("retention");
    retention += !all.is_null() && std::llround(all.to_number<double>() * 1000.0) > 0 ? 1 : 0;
  }
  marks["chart-true-retention"] = retention;
  int due = 0;
  for (const json::value& day : report.at("future_due").at("due").as_array()) {
    due += day.as_int64() > 0 ? 1 : 0;
  }
  marks["chart-future-due"] = due;
  int calendar = 0;
  for (const json::value& day : report.at("calendar").at("days").as_array()) {
    calendar += integer(day, "reviews") > 0 ? 1 : 0;
  }
  marks["chart-calendar"] = calendar;
  int reviews = 0, time = 0;
  for (const json::value& day : report.at("reviews").at("days").as_array()) {
    for (const char* kind : {"learning", "relearning", "young", "mature", "cram"}) {
      reviews += integer(day.at("count"), kind) > 0 ? 1 : 0;
      time += integer(day.at("time_ms"), kind) > 0 ? 1 : 0;
    }
  }
  marks["chart-reviews"] = reviews;
  marks["chart-time"] = time;
  marks["chart-intervals"] = filled_bins(report.at("intervals"), "days", {}, {}, 60);
  marks["chart-ease"] = filled_bins(report.at("ease"), "percent", {}, {}, 60);
  marks["chart-difficulty"] = filled_bins(report.at("difficulty"), "percent", 0, 99, 20);
  marks["chart-stability"] = filled_bins(report.at("stability"), "days", {}, {}, 60);
  marks["chart-retrievability"] = filled_bins(report.at("retrievability"), "percent", 0, 99, 20);
  int hours = 0;
  for (const json::value& hour : report.at("hours").as_array()) {
    hours += integer(hour, "total") > 0 ? 1 : 0;
  }
  marks["chart-hours"] = hours + (hours > 0 ? 1 : 0);  // and the line of shares correct
  int buttons = 0;
  for (const char* group : {"learning", "young", "mature"}) {
    const json::value& counts = report.at("answer_buttons").at(group);
    buttons += positive({integer(counts, "again"), integer(counts, "hard"), integer(counts, "good"),
                         integer(counts, "easy")});
  }
  marks["chart-answer-buttons"] = buttons;
  int added = 0;
  for (const json::value& day : report.at("added").at("days").as_array()) {
    added += integer(day, "cards") > 0 ? 1 : 0;
  }
  marks["chart-added"] = added;
  return marks;
}

const std::vector<std::string> kEnglishTitles = {"Today",
                                                 "Streak",
                                                 "Card counts",
                                                 "True retention",
                                                 "Future due, next 30 days",
                                                 "Calendar, last 365 days",
                                                 "Reviews per day",
                                                 "Time per day",
                                                 "Review intervals",
                                                 "Ease (SM-2 decks)",
                                                 "Difficulty (FSRS decks)",
                                                 "Stability (FSRS decks)",
                                                 "Retrievability (FSRS decks)",
                                                 "Answers by hour",
                                                 "Answer buttons",
                                                 "Added per day"};
const std::vector<std::string> kJapaneseTitles = {"今日",
                                                  "連続学習",
                                                  "カードの数",
                                                  "真の定着率",
                                                  "今後30日の復習予定",
                                                  "カレンダー（過去365日）",
                                                  "日ごとの解答数",
                                                  "日ごとの学習時間",
                                                  "復習間隔",
                                                  "易しさ（SM-2 のデッキ）",
                                                  "難易度（FSRS のデッキ）",
                                                  "安定性（FSRS のデッキ）",
                                                  "想起確率（FSRS のデッキ）",
                                                  "時間帯別の解答",
                                                  "解答ボタン",
                                                  "日ごとの追加数"};

// What one Chromium run gives.
struct Rendered {
  std::string dom;      // --dump-dom
  std::string png;      // --screenshot
  std::string pdf;      // --print-to-pdf
  json::value net_log;  // --log-net-log
};

// Renders `page` (a file) in headless Chromium, every host unresolvable, in one run: the DOM,
// a screenshot, a PDF and the network log. Fails the test when Chromium cannot run or takes
// more than a minute.
Rendered render(const TempHome& home, const std::string& page, const std::string& name) {
  const std::string directory = home.root() + "/" + name;
  std::filesystem::create_directories(directory + "/home");
  const std::vector<std::string> argv = {
      // Debian's (scripts/install-deps installs it). Root in a container needs --no-sandbox.
      "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--user-data-dir=" + directory + "/profile", "--host-resolver-rules=MAP * ~NOTFOUND",
      // Chromium's own background requests (updates, sign-in, the clock) are not the page's;
      // fewer of them make a shorter log, and the check below tells them apart anyway.
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions", "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
      "--window-size=" + std::to_string(kWindowWidth) + "," + std::to_string(kWindowHeight),
      "--log-net-log=" + directory + "/net.json", "--screenshot=" + directory + "/page.png",
      "--print-to-pdf=" + directory + "/page.pdf", "--dump-dom", "file://" + page};
  auto environment = home.environment();
  environment["HOME"] = directory + "/home";
  const CommandResult chromium = run_command(argv, environment, "", 60);
  INFO("chromium's stderr:\n" << chromium.err);
  REQUIRE(chromium.exit_code == 0);
  Rendered rendered;
  rendered.dom = chromium.out;
  rendered.png = read_file(directory + "/page.png");
  rendered.pdf = read_file(directory + "/page.pdf");
  boost::system::error_code error;
  rendered.net_log = json::parse(read_file(directory + "/net.json"), error);
  REQUIRE_FALSE(error);
  return rendered;
}

// The URLs the page asked for: requests of the network log that Chromium made for a document
// (a file:// page's requests carry its "file://" network isolation key and an initiator), not
// for itself (its own updater and sign-in run with "not an origin").
std::vector<std::string> page_requests(const json::value& net_log) {
  std::vector<std::string> urls;
  for (const json::value& event : net_log.at("events").as_array()) {
    const json::object& object = event.as_object();
    const json::value* params = object.if_contains("params");
    if (params == nullptr || !params->is_object()) continue;
    const json::object& fields = params->as_object();
    const json::value* url = fields.if_contains("url");
    const json::value* initiator = fields.if_contains("initiator");
    const json::value* isolation = fields.if_contains("network_isolation_key");
    if (url == nullptr || initiator == nullptr) continue;  // URL_REQUEST_START_JOB has both
    const bool from_browser =
        initiator->as_string() == "not an origin" &&
        (isolation == nullptr || !has(json::value_to<std::string>(*isolation), "file://"));
    if (!from_browser) urls.push_back(json::value_to<std::string>(*url));
  }
  return urls;
}

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t index = 0; index < 4; ++index) {
    value = (value << 8) | static_cast<unsigned char>(bytes[at + index]);
  }
  return value;
}

// The screenshot is a PNG of the window's size, and not a blank one (a page of charts
// compresses far worse than an empty page, which takes a few kilobytes).
void check_png(const std::string& png) {
  REQUIRE(png.size() > 33);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  CHECK(png.compare(12, 4, "IHDR") == 0);
  CHECK(big_endian(png, 16) == static_cast<std::uint32_t>(kWindowWidth));
  CHECK(big_endian(png, 20) == static_cast<std::uint32_t>(kWindowHeight));
  CHECK(png.size() > 40'000);
}

void check_pdf(const std::string& pdf) {
  REQUIRE(pdf.size() > 8);
  CHECK(pdf.compare(0, 5, "%PDF-") == 0);
  CHECK(has(pdf.substr(pdf.size() - 16), "%%EOF"));
  CHECK(pdf.size() > 30'000);
  // Sixteen sections do not fit one page: the print style sheet breaks between them.
  const std::regex page("/Type /Page[^s]");
  CHECK(std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()) >=
        2);
}

// Nothing in the file points outside it: no URL, no src or href, no url() in the style sheet,
// no script.
void check_self_contained(const std::string& html) {
  for (const char* outside : {"http", "src=", "href", "url(", "@import", "<script", "<link", "<img",
                              "<iframe", "<object", "//"}) {
    INFO(outside);
    CHECK_FALSE(has(html, outside));
  }
}

void check_marks(const std::string& dom, const json::value& report) {
  for (const auto& [id, count] : expected_marks(report)) {
    INFO(id);
    CHECK_FALSE(chart(dom, id).empty());
    CHECK(drawn_marks(dom, id) == count);
  }
}

}  // namespace

TEST_CASE(
    "e2e: kioku stats --html renders in Chromium with every section and chart, nothing fetched",
    "[e2e][stats][html]") {
  TempHome home;
  const std::int64_t start_ms = kMorning * 1000;
  set_clock(home, start_ms);
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock"});
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  REQUIRE(run_kioku(home, {"import", home.write_file("memory.toml", generated_deck("memory", 6))})
              .exit_code == 0);
  REQUIRE(run_kioku(home, {"deck", "config", "memory", "algorithm=fsrs"}).exit_code == 0);

  // Four days of answers at different hours: today's new cards, then what is due a day, four
  // days and eleven days later.
  REQUIRE(answer_due(home, 10) == 10);
  for (const std::int64_t later : {kDayMs + 3'600'000, 5 * kDayMs - 1'800'000, 12 * kDayMs}) {
    set_clock(home, start_ms + later);
    CHECK(answer_due(home, 12) > 0);
  }

  const json::value report = parse_output(run_kioku(home, {"stats", "--json"}));
  // The figures the charts are checked against are not empty.
  const std::map<std::string, int> expected = expected_marks(report);
  for (const char* id : {"chart-today", "chart-streak", "chart-card-counts", "chart-true-retention",
                         "chart-future-due", "chart-calendar", "chart-reviews", "chart-time",
                         "chart-intervals", "chart-ease", "chart-difficulty", "chart-stability",
                         "chart-retrievability", "chart-hours", "chart-answer-buttons"}) {
    INFO(id);
    CHECK(expected.at(id) > 0);
  }
  CHECK(expected.at("chart-calendar") == 4);

  const std::string english_path = home.root() + "/report.html";
  const std::string japanese_path = home.root() + "/report-ja.html";
  const CommandResult english = run_kioku(home, {"stats", "--html", english_path});
  INFO(english.err);
  REQUIRE(english.exit_code == 0);
  CHECK(english.out.empty());
  REQUIRE(run_kioku(home, {"--lang", "ja", "stats", "--html", japanese_path}).exit_code == 0);
  const std::string english_html = read_file(english_path);
  const std::string japanese_html = read_file(japanese_path);
  // The figure for docs/stats.md: the report of this small collection.
  WARN("report size: " << english_html.size() << " bytes (English), " << japanese_html.size()
                       << " bytes (Japanese)");
  check_self_contained(english_html);
  check_self_contained(japanese_html);
  // The marks are in the file as written, before any browser.
  check_marks(english_html, report);

  {  // English, rendered
    const Rendered page = render(home, english_path, "english");
    CHECK(element_texts(page.dom, "h2") == kEnglishTitles);
    CHECK(has(visible_text(page.dom), "Statistics: all decks, last 30 days"));
    check_marks(page.dom, report);
    check_png(page.png);
    check_pdf(page.pdf);
    CHECK(page_requests(page.net_log).empty());
  }
  {  // Japanese, rendered, with no English word of the report
    const Rendered page = render(home, japanese_path, "japanese");
    CHECK(element_texts(page.dom, "h2") == kJapaneseTitles);
    const std::string text = visible_text(page.dom);
    CHECK(has(text, "統計: すべてのデッキ、過去30日"));
    // Every word is Japanese: what Latin letters remain are the names kioku, SM-2, FSRS, N/A
    // and the documentation's file name.
    std::string rest = text;
    for (const char* name : {"kioku", "docs/stats.md", "SM-2", "FSRS", "N/A"}) {
      rest = std::regex_replace(rest, std::regex(name), " ");
    }
    const auto letter = std::find_if(rest.begin(), rest.end(), [](char character) {
      return std::isalpha(static_cast<unsigned char>(character)) != 0;
    });
    INFO("Latin text left: " << (letter == rest.end()
                                     ? ""
                                     : std::string(letter, rest.end()).substr(0, 80)));
    CHECK(letter == rest.end());
    check_marks(page.dom, report);
    check_png(page.png);
    check_pdf(page.pdf);
    CHECK(page_requests(page.net_log).empty());
  }
  {  // a page that fetches is caught by the same checks
    // The control: the checks above would see a report that reached outside.
    const std::string fetching = home.write_file(
        "fetching.html",
        "<!DOCTYPE html><html><head><style>body{background:url(http://example.org/a.png)}"
        "</style></head><body><h2>x</h2><img src=\"https://example.com/b.png\"></body></html>");
    const Rendered page = render(home, fetching, "fetching");
    const std::vector<std::string> requests = page_requests(page.net_log);
    CHECK(std::find(requests.begin(), requests.end(), "https://example.com/b.png") !=
          requests.end());
    CHECK(std::find(requests.begin(), requests.end(), "http://example.org/a.png") !=
          requests.end());
  }
  {  // --deck and --period, to stdout
    const CommandResult deck =
        run_kioku(home, {"stats", "--html", "-", "--deck", "memory", "--period", "7d"});
    INFO(deck.err);
    REQUIRE(deck.exit_code == 0);
    CHECK(has(deck.out, "<h1>Statistics: deck memory, last 7 days"));
    check_marks(deck.out, parse_output(run_kioku(
                              home, {"stats", "--json", "--deck", "memory", "--period", "7d"})));
    CHECK(chart(deck.out, "chart-reviews").find("<rect") != std::string::npos);
  }
  {  // refusals: --json with --html, an unwritable file, an unknown deck
    const CommandResult both = run_kioku(home, {"--json", "stats", "--html", english_path});
    CHECK(both.exit_code == 2);
    CHECK(both.out.empty());
    CHECK(both.err ==
          "kioku: --html writes the report as HTML: leave out --json (or use --json alone)\n");
    const CommandResult unwritable =
        run_kioku(home, {"stats", "--html", home.root() + "/no-such-directory/report.html"});
    CHECK(unwritable.exit_code != 0);
    CHECK(has(unwritable.err, "Could not write the report"));
    // A full disk: the write fails, and so does the command.
    const CommandResult full = run_kioku(home, {"stats", "--html", "/dev/full"});
    CHECK(full.exit_code != 0);
    CHECK(has(full.err, "Could not write the report"));
    // The same to stdout: the page that could not be written is an error, not exit 0.
    std::string command = "exec";
    for (const std::string& argument : kioku_argv(home, {"stats", "--html", "-"})) {
      command += " '" + argument + "'";
    }
    const CommandResult full_stdout =
        run_command({"/bin/sh", "-c", command + " > /dev/full"}, kioku_environment(home));
    CHECK(full_stdout.exit_code != 0);
    CHECK(has(full_stdout.err, "Could not write the report"));
    // A report replaced whole: the earlier file is renamed over, and no temporary is left.
    const std::string kept = home.write_file("kept.html", "old");
    REQUIRE(run_kioku(home, {"stats", "--html", kept}).exit_code == 0);
    CHECK(has(read_file(kept), "<h1>"));
    for (const auto& entry : std::filesystem::directory_iterator(home.root())) {
      CHECK(entry.path().filename().string().rfind("kept.html.", 0) == std::string::npos);
    }
    const CommandResult no_deck = run_kioku(home, {"stats", "--html", "-", "--deck", "nope"});
    CHECK(no_deck.exit_code == 5);
    CHECK(no_deck.out.empty());
  }
}
