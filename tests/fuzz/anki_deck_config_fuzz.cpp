// libFuzzer target for Anki's deck options groups as a package holds them
// (daemon/store/anki_deck_configs.hpp): the bytes are read as a schema 18 DeckConfig.Config and
// a decks.kind (protobuf), and as a legacy col.dconf group (JSON), and each group read is made
// kioku's deck options (core/anki_deck_options.hpp) the way an import applies them.
//
// What must hold, whatever the bytes:
// - the protobuf readers return or throw ProtobufError; the JSON reader never throws;
// - no ease, easy bonus or retention read is NaN or infinite (steps may be: their option
//   refuses them);
// - each option value is taken by kioku's option table or refused as that option's error
//   (kInvalidParams), never anything else.
//
// Seeds: corpus/anki_deck_config/ (made by make_anki_deck_config_seeds.sh).
#include <boost/json.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/anki_deck_options.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "core/protobuf_wire.hpp"
#include "daemon/store/anki_deck_configs.hpp"

namespace {

using namespace kioku;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "anki_deck_config_fuzz: %s\n", what);
  std::abort();
}

void check(const AnkiDeckConfig& config) {
  if (!std::isfinite(config.initial_ease) || !std::isfinite(config.easy_multiplier) ||
      !std::isfinite(config.desired_retention)) {
    fail("a float read that is not finite");
  }
  for (const bool fsrs : {false, true}) {
    DeckOptions options;
    for (const auto& [name, value] : anki_deck_option_values(config, fsrs)) {
      try {
        set_deck_option(options, name, value);
      } catch (const Error& error) {
        if (error.code() != ErrorCode::kInvalidParams) fail("an option refused otherwise");
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    check(daemon::anki_deck_config_from_protobuf(bytes));
  } catch (const ProtobufError&) {
  }
  try {
    (void)daemon::anki_normal_deck_config_id(bytes);
  } catch (const ProtobufError&) {
  }
  boost::system::error_code error;
  const boost::json::value value = boost::json::parse(bytes, error);
  if (!error && value.is_object()) check(daemon::anki_deck_config_from_json(value.as_object()));
  return 0;
}
