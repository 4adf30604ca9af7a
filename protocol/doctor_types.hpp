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
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "only this deck"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(DoctorRebuildParams, (), (deck, progress))

struct DoctorCheckParams {
  std::optional<bool> progress;
  std::optional<std::string> lang;  // of the advice, kioku's problems and the warnings
  static constexpr std::array kHelp{
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}, kLangHelp};
};
BOOST_DESCRIBE_STRUCT(DoctorCheckParams, (), (progress, lang))

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
  // Sound, but worth a look (answers dated in the future, notes past the text limit); an older
  // kiokud sends none.
  Omissible<std::vector<std::string>> warnings;
  // Of a sound collection: how many cards' stored state differs from the replay of their log
  // (`kioku doctor --rebuild` puts them right), and the first few of them; left out when none.
  Omissible<std::int64_t> differing;
  Omissible<std::vector<std::int64_t>> differing_cards;
  // Of a damaged collection: the newest file in the backups directory that passes the
  // integrity check itself (what to give `kioku restore`); left out when there is none.
  Omissible<std::string> good_backup;
};
BOOST_DESCRIBE_STRUCT(DoctorCheckResult, (),
                      (path, ok, advice, problems, warnings, differing, differing_cards,
                       good_backup))

inline constexpr MethodType<DoctorRebuildParams, DoctorRebuildResult> kDoctorRebuild{
    "doctor.rebuild",
    "Recomputes every card's state by replaying its review log; reports what differed."};
inline constexpr MethodType<DoctorCheckParams, DoctorCheckResult> kDoctorCheck{
    "doctor.check",
    "Runs SQLite's integrity and foreign key checks over the whole collection and compares "
    "every card's state with a replay of its log; reports damage, the newest good backup and "
    "what to do."};

}  // namespace kioku::protocol
