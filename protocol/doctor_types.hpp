// doctor.*: the collection's integrity check and the rebuild of card states from the log.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/deck_types.hpp"
#include "protocol/method_type.hpp"
#include "protocol/system_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct DoctorRebuildParams {
  std::optional<std::string> deck;
  static constexpr std::array kHelp{FieldHelp{"deck", "only this deck"}};
};
BOOST_DESCRIBE_STRUCT(DoctorRebuildParams, (), (deck))

struct DeckRebuild : RebuildCounts {
  std::string deck;
};
BOOST_DESCRIBE_STRUCT(DeckRebuild, (RebuildCounts), (deck))

struct DoctorRebuildResult {
  std::int64_t cards = 0;
  std::int64_t changed = 0;
  std::vector<DeckRebuild> decks;
};
BOOST_DESCRIBE_STRUCT(DoctorRebuildResult, (), (cards, changed, decks))

struct DoctorCheckResult {
  std::string path;
  bool ok = false;
  Omissible<std::string> advice;  // only when damaged
  std::vector<std::string> problems;
  // Sound, but worth a look (answers dated in the future); an older kiokud sends none.
  Omissible<std::vector<std::string>> warnings;
};
BOOST_DESCRIBE_STRUCT(DoctorCheckResult, (), (path, ok, advice, problems, warnings))

inline constexpr MethodType<DoctorRebuildParams, DoctorRebuildResult> kDoctorRebuild{
    "doctor.rebuild",
    "Recomputes every card's state by replaying its review log; reports what differed."};
inline constexpr MethodType<NoParams, DoctorCheckResult> kDoctorCheck{
    "doctor.check",
    "Runs SQLite's integrity check over the whole collection; reports damage and what to do."};

}  // namespace kioku::protocol
