// A method of the protocol as one value: its name, its help, and its request and result types.
// Both binaries name methods through these, so the daemon's table and the client's calls cannot
// disagree on a name or a shape.
#pragma once

#include <string_view>

namespace kioku::protocol {

template <class ParamsType, class ResultType>
struct MethodType {
  using Params = ParamsType;
  using Result = ResultType;
  std::string_view name;
  std::string_view help;
};

}  // namespace kioku::protocol
