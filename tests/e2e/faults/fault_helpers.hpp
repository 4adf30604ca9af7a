// Shared pieces of the fault tests: importing and answering cards, and reading what the daemon
// said about a fault.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/skip.hpp"

namespace kioku::test {

// Imports a generated deck of `cards` cards named `slug` and lets all of them be new today (the
// review limit caps new cards too, so both limits are raised).
inline void import_open_deck(const TempHome& home, LineClient& client, const std::string& slug,
                             int cards) {
  const std::string path = home.write_file(slug + ".toml", generated_deck(slug, cards));
  CHECK(field(result_of(rpc(client, protocol::method::kDeckImport, {{"path", path}})), "added") ==
        cards);
  result_of(rpc(client, protocol::method::kDeckConfig,
                {{"deck", slug}, {"set", {{"new_per_day", "9999"}, {"reviews_per_day", "9999"}}}}));
}

// Asks for the next card of `deck` and answers it right; returns the review.answer response
// (or the review.next one when that failed).
inline boost::json::value answer_next(LineClient& client, const std::string& deck) {
  const boost::json::value next = rpc(client, protocol::method::kReviewNext, {{"deck", deck}});
  if (!next.is_object() || is_error(next)) return next;
  const boost::json::value& card = next.at("result").at("card");
  REQUIRE(card.is_object());
  return rpc(client, protocol::method::kReviewAnswer,
             {{"card", card.at("id")}, {"choice", card.at("answer")}, {"duration_ms", 1000}});
}

}  // namespace kioku::test
