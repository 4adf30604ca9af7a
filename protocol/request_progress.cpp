// Reading request.progress off the wire (protocol/request_progress.hpp): a daemon's line is
// untrusted input to the client, so every member is checked before it is used.
#include "protocol/request_progress.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace kioku::protocol {

std::string request_progress_line(std::string_view id_text, std::string_view stage, double fraction,
                                  std::optional<std::uint64_t> cards) {
  const double known = std::isfinite(fraction) ? std::clamp(fraction, 0.0, 1.0) : 0.0;
  const double rounded = std::round(known * 1e4) / 1e4;
  char number[32];
  const auto written = std::to_chars(number, number + sizeof number, rounded);
  std::string line = R"({"jsonrpc":"2.0","method":")";
  line += kRequestProgress;
  line += R"(","params":{"id":)";
  line += id_text;
  line += R"(,"stage":)";
  line += boost::json::serialize(boost::json::string(stage));
  line += R"(,"fraction":)";
  line.append(number, written.ptr);
  if (cards) line += R"(,"cards":)" + std::to_string(*cards);
  line += "}}\n";
  return line;
}

std::optional<RequestProgress> read_request_progress(const boost::json::value& line) {
  const boost::json::object* object = line.if_object();
  if (object == nullptr || object->contains("id")) return std::nullopt;
  const boost::json::value* method = object->if_contains("method");
  if (method == nullptr || !method->is_string() || method->get_string() != kRequestProgress) {
    return std::nullopt;
  }
  const boost::json::value* params = object->if_contains("params");
  const boost::json::object* fields = params != nullptr ? params->if_object() : nullptr;
  if (fields == nullptr) return std::nullopt;
  const boost::json::value* id = fields->if_contains("id");
  const boost::json::value* stage = fields->if_contains("stage");
  const boost::json::value* fraction = fields->if_contains("fraction");
  if (id == nullptr || stage == nullptr || !stage->is_string() || fraction == nullptr ||
      !fraction->is_number()) {
    return std::nullopt;
  }
  const double value = fraction->to_number<double>();
  if (!std::isfinite(value)) return std::nullopt;
  RequestProgress progress{*id, std::string(stage->get_string()), std::clamp(value, 0.0, 1.0),
                           std::nullopt};
  if (const boost::json::value* cards = fields->if_contains("cards")) {
    if (cards->is_uint64()) {
      progress.cards = cards->get_uint64();
    } else if (cards->is_int64() && cards->get_int64() >= 0) {
      progress.cards = static_cast<std::uint64_t>(cards->get_int64());
    }
  }
  return progress;
}

}  // namespace kioku::protocol
