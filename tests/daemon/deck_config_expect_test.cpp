// deck.config's compare-and-set (`expect`): the change is stored only when each option named
// has that value now, compared as the deck reads it; otherwise -32003 with the value now, and
// nothing written. What `kioku sched optimize --apply` stores its fit with.
#include "protocol/json_rpc.hpp"
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

std::string option_value(DaemonFixture& fixture, const std::string& name) {
  const json::value shown = fixture.result("deck.config", {{"deck", "deck"}});
  for (const json::value& option : shown.at("options").as_array()) {
    if (option.at("name").as_string() == name) return std::string(option.at("value").as_string());
  }
  FAIL("no option " << name);
  return {};
}

json::value configure_expecting(DaemonFixture& fixture, json::object set, json::object expect) {
  return fixture.call("deck.config",
                      {{"deck", "deck"}, {"set", std::move(set)}, {"expect", std::move(expect)}});
}

}  // namespace

TEST_CASE("deck.config expect: stores only over the value expected", "[daemon][deck_config]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 3);

  // The value now, however written ("0.9" is the deck's "0.90"): stored.
  const json::value stored =
      configure_expecting(fixture, {{"desired_retention", "0.85"}}, {{"desired_retention", "0.9"}});
  INFO(json::serialize(stored));
  REQUIRE(stored.as_object().contains("result"));
  CHECK(option_value(fixture, "desired_retention") == "0.85");

  // Another value: refused with the value now, and nothing of `set` written.
  const json::value refused =
      configure_expecting(fixture, {{"desired_retention", "0.8"}, {"new_per_day", "5"}},
                          {{"desired_retention", "0.9"}});
  INFO(json::serialize(refused));
  REQUIRE(refused.as_object().contains("error"));
  CHECK(refused.at("error").at("code") == protocol::code::kConflict);
  CHECK(refused.at("error").at("data").at("option") == "desired_retention");
  CHECK(refused.at("error").at("data").at("current") == "0.85");
  CHECK(option_value(fixture, "desired_retention") == "0.85");
  CHECK(option_value(fixture, "new_per_day") == "20");

  // FSRS's parameters, as sched optimize --apply sends them: the defaults expected, then others.
  const std::string defaults = option_value(fixture, "fsrs_parameters");
  std::string others = defaults;
  others.replace(0, others.find(','), "0.5");
  const json::value fitted =
      configure_expecting(fixture, {{"fsrs_parameters", others}}, {{"fsrs_parameters", defaults}});
  REQUIRE(fitted.as_object().contains("result"));
  const json::value stale = configure_expecting(fixture, {{"fsrs_parameters", defaults}},
                                                {{"fsrs_parameters", defaults}});
  REQUIRE(stale.as_object().contains("error"));
  CHECK(stale.at("error").at("code") == protocol::code::kConflict);
  CHECK(option_value(fixture, "fsrs_parameters") == others);

  // An expectation that is no option's value is a mistake, not a mismatch.
  const json::value unknown = configure_expecting(fixture, {{"new_per_day", "5"}}, {{"nope", "1"}});
  REQUIRE(unknown.as_object().contains("error"));
  CHECK(unknown.at("error").at("code") == protocol::code::kInvalidParams);
  const json::value not_text =
      configure_expecting(fixture, {{"new_per_day", "5"}}, {{"new_per_day", 20}});
  REQUIRE(not_text.as_object().contains("error"));
  CHECK(not_text.at("error").at("code") == protocol::code::kInvalidParams);
  CHECK(option_value(fixture, "new_per_day") == "20");
}
