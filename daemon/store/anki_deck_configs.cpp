#include "daemon/store/anki_deck_configs.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/protobuf_wire.hpp"

namespace kioku::daemon {

namespace {

// Numbers of a JSON array (steps, FSRS parameters); anything else in it is left out.
std::vector<double> json_numbers(const boost::json::value* value) {
  std::vector<double> numbers;
  if (value == nullptr || !value->is_array()) return numbers;
  for (const boost::json::value& entry : value->as_array()) {
    if (entry.is_number()) numbers.push_back(entry.to_number<double>());
  }
  return numbers;
}

double json_double(const boost::json::object& object, const char* key, double fallback) {
  const boost::json::value* value = object.if_contains(key);
  if (value == nullptr || !value->is_number()) return fallback;
  const double number = value->to_number<double>();
  return std::isfinite(number) ? number : fallback;
}

std::int64_t json_integer(const boost::json::object& object, const char* key,
                          std::int64_t fallback) {
  const boost::json::value* value = object.if_contains(key);
  return value != nullptr && value->is_number() ? anki_json_integer(value) : fallback;
}

bool json_bool(const boost::json::object& object, const char* key) {
  const boost::json::value* value = object.if_contains(key);
  return value != nullptr && value->is_bool() && value->as_bool();
}

const boost::json::object& json_section(const boost::json::object& object, const char* key) {
  static const boost::json::object empty;
  const boost::json::value* value = object.if_contains(key);
  return value != nullptr && value->is_object() ? value->as_object() : empty;
}

// A packed (or single) float field's values.
void append_floats(const ProtobufField& field, std::vector<double>& values) {
  const auto as_float = [](std::uint32_t bits) {
    float number = 0;
    std::memcpy(&number, &bits, sizeof number);
    return static_cast<double>(number);
  };
  if (field.wire_type == 5) {
    values.push_back(as_float(static_cast<std::uint32_t>(field.value)));
  } else if (field.wire_type == 2) {
    for (std::size_t at = 0; at + 4 <= field.bytes.size(); at += 4) {
      std::uint32_t bits = 0;
      std::memcpy(&bits, field.bytes.data() + at, sizeof bits);  // little-endian, as x86's
      values.push_back(as_float(bits));
    }
  }
}

double float_of(const ProtobufField& field, double fallback) {
  if (field.wire_type != 5) return fallback;
  std::vector<double> value;
  append_floats(field, value);
  return std::isfinite(value.front()) ? value.front() : fallback;
}

}  // namespace

std::int64_t anki_json_integer(const boost::json::value* value) {
  if (value == nullptr) return 0;
  if (value->is_int64()) return value->as_int64();
  if (value->is_uint64()) {
    const std::uint64_t number = value->as_uint64();
    return number > static_cast<std::uint64_t>(INT64_MAX) ? 0 : static_cast<std::int64_t>(number);
  }
  if (value->is_double()) {
    const double number = value->as_double();
    // Both bounds exact in double: -2^63 and 2^63.
    return std::isfinite(number) && number >= -9223372036854775808.0 &&
                   number < 9223372036854775808.0
               ? static_cast<std::int64_t>(number)
               : 0;
  }
  if (value->is_string()) {
    try {
      return std::stoll(std::string(value->as_string()));
    } catch (const std::exception&) {
      return 0;
    }
  }
  return 0;
}

AnkiDeckConfig anki_deck_config_from_json(const boost::json::object& group) {
  const boost::json::object& learning = json_section(group, "new");
  const boost::json::object& reviews = json_section(group, "rev");
  const boost::json::object& lapses = json_section(group, "lapse");
  AnkiDeckConfig config;
  if (const auto* delays = learning.if_contains("delays")) {
    config.learn_steps_minutes = json_numbers(delays);
  }
  if (const auto* delays = lapses.if_contains("delays")) {
    config.relearn_steps_minutes = json_numbers(delays);
  }
  const std::vector<double> intervals = json_numbers(learning.if_contains("ints"));
  if (intervals.size() >= 2) {
    config.graduating_interval_good = std::llround(intervals[0]);
    config.graduating_interval_easy = std::llround(intervals[1]);
  }
  config.new_per_day = json_integer(learning, "perDay", config.new_per_day);
  config.initial_ease = json_double(learning, "initialFactor", 2500.0) / 1000.0;
  config.bury_new = json_bool(learning, "bury");
  config.reviews_per_day = json_integer(reviews, "perDay", config.reviews_per_day);
  config.easy_multiplier = json_double(reviews, "ease4", config.easy_multiplier);
  config.interval_multiplier = json_double(reviews, "ivlFct", config.interval_multiplier);
  config.hard_multiplier = json_double(reviews, "hardFactor", config.hard_multiplier);
  config.maximum_interval = json_integer(reviews, "maxIvl", config.maximum_interval);
  config.bury_reviews = json_bool(reviews, "bury");
  config.lapse_multiplier = json_double(lapses, "mult", config.lapse_multiplier);
  config.minimum_lapse_interval = json_integer(lapses, "minInt", 1);
  config.leech_threshold = json_integer(lapses, "leechFails", config.leech_threshold);
  config.leech_tag_only = json_integer(lapses, "leechAction", 0) == 1;
  config.bury_interday_learning = json_bool(group, "buryInterdayLearning");
  config.desired_retention = json_double(group, "desiredRetention", 0.9);
  for (const char* name : {"fsrsParams6", "fsrsParams5", "fsrsWeights"}) {
    config.fsrs_parameters = json_numbers(group.if_contains(name));
    if (!config.fsrs_parameters.empty()) break;
  }
  return config;
}

AnkiDeckConfig anki_deck_config_from_protobuf(std::string_view bytes) {
  ProtobufReader reader(bytes);
  ProtobufField field;
  AnkiDeckConfig config;
  std::vector<double> fsrs4, fsrs5, fsrs6;
  // proto3 leaves a zero out: an absent count is 0, absent steps none.
  config.learn_steps_minutes.clear();
  config.relearn_steps_minutes.clear();
  config.new_per_day = 0;
  config.reviews_per_day = 0;
  config.leech_threshold = 0;
  while (reader.next(field)) {
    const auto integer = static_cast<std::int64_t>(
        std::min<std::uint64_t>(field.value, static_cast<std::uint64_t>(INT32_MAX)));
    switch (field.number) {
      case 1:
        append_floats(field, config.learn_steps_minutes);
        break;
      case 2:
        append_floats(field, config.relearn_steps_minutes);
        break;
      case 3:
        append_floats(field, fsrs4);
        break;
      case 5:
        append_floats(field, fsrs5);
        break;
      case 6:
        append_floats(field, fsrs6);
        break;
      case 9:
        config.new_per_day = integer;
        break;
      case 10:
        config.reviews_per_day = integer;
        break;
      case 11:
        config.initial_ease = float_of(field, config.initial_ease);
        break;
      case 12:
        config.easy_multiplier = float_of(field, config.easy_multiplier);
        break;
      case 13:
        config.hard_multiplier = float_of(field, config.hard_multiplier);
        break;
      case 14:
        config.lapse_multiplier = float_of(field, config.lapse_multiplier);
        break;
      case 15:
        config.interval_multiplier = float_of(field, config.interval_multiplier);
        break;
      case 16:
        config.maximum_interval = integer;
        break;
      case 17:
        config.minimum_lapse_interval = integer;
        break;
      case 18:
        config.graduating_interval_good = integer;
        break;
      case 19:
        config.graduating_interval_easy = integer;
        break;
      case 21:
        config.leech_tag_only = field.value == 1;
        break;
      case 22:
        config.leech_threshold = integer;
        break;
      case 27:
        config.bury_new = field.value != 0;
        break;
      case 28:
        config.bury_reviews = field.value != 0;
        break;
      case 29:
        config.bury_interday_learning = field.value != 0;
        break;
      case 37:
        config.desired_retention = float_of(field, config.desired_retention);
        break;
      default:
        break;
    }
  }
  config.fsrs_parameters = !fsrs6.empty() ? fsrs6 : !fsrs5.empty() ? fsrs5 : fsrs4;
  return config;
}

std::optional<std::int64_t> anki_normal_deck_config_id(std::string_view kind) {
  std::optional<std::int64_t> group;
  ProtobufReader reader(kind);
  ProtobufField field;
  while (reader.next(field)) {
    if (field.number != 1 || field.wire_type != 2) continue;  // a filtered deck: none
    ProtobufReader normal(field.bytes);
    ProtobufField inner;
    while (normal.next(inner)) {
      if (inner.number == 1 && inner.wire_type == 0) group = static_cast<std::int64_t>(inner.value);
    }
  }
  return group;
}

}  // namespace kioku::daemon
