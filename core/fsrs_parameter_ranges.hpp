// The ranges FSRS-6's 21 parameters are kept in (scheduling.md §3.7): the scheduler clamps a
// deck's weights into them, and the optimizer clips every step of its search to them, so a
// fitted parameter set always schedules exactly as it was scored.
#pragma once

#include <array>

namespace kioku {

struct ParameterRange {
  double lowest;
  double highest;
};

// ts-fsrs's CLAMP_PARAMETERS with short-term scheduling on (w19 at least 0.01), which is also
// fsrs-rs's parameter_clipper with one relearning step (w17, w18 up to 2).
inline constexpr std::array<ParameterRange, 21> kFsrsParameterRanges = {
    {{0.001, 100},  {0.001, 100},  {0.001, 100}, {0.001, 100}, {1, 10},      {0.001, 4},
     {0.001, 4},    {0.001, 0.75}, {0, 4.5},     {0, 0.8},     {0.001, 3.5}, {0.001, 5},
     {0.001, 0.25}, {0.001, 0.9},  {0, 4},       {0, 1},       {1, 6},       {0, 2},
     {0, 2},        {0.01, 0.8},   {0.1, 0.8}}};

}  // namespace kioku
