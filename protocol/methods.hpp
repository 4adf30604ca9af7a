// The names of the daemon's methods and the protocol version: the contract both binaries share.
#pragma once

#include <string_view>

#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/system_types.hpp"

namespace kioku::protocol {

// Bumped when a method changes incompatibly; system.hello reports it so that an old client
// gets a clear message instead of a strange failure.
// 2: review.next no longer sends the card's answer; review.check grades a choice, review.choose
// records a wrong one and holds a right one for its rating.
inline constexpr int kProtocolVersion = 2;

// The names alone, for code that does not yet call through the method types (the CLI).
namespace method {
inline constexpr std::string_view kHello = protocol::kHello.name;
inline constexpr std::string_view kMethods = protocol::kMethods.name;
inline constexpr std::string_view kShutdown = protocol::kShutdown.name;
inline constexpr std::string_view kDeckList = protocol::kDeckList.name;
inline constexpr std::string_view kDeckImport = protocol::kDeckImport.name;
inline constexpr std::string_view kDeckConfig = protocol::kDeckConfig.name;
inline constexpr std::string_view kDoctorRebuild = protocol::kDoctorRebuild.name;
inline constexpr std::string_view kDoctorCheck = protocol::kDoctorCheck.name;
inline constexpr std::string_view kReviewNext = protocol::kReviewNext.name;
inline constexpr std::string_view kReviewCheck = protocol::kReviewCheck.name;
inline constexpr std::string_view kReviewChoose = protocol::kReviewChoose.name;
inline constexpr std::string_view kReviewAnswer = protocol::kReviewAnswer.name;
inline constexpr std::string_view kReviewBury = protocol::kReviewBury.name;
inline constexpr std::string_view kReviewUnbury = protocol::kReviewUnbury.name;
inline constexpr std::string_view kDueCounts = protocol::kDueCounts.name;
inline constexpr std::string_view kStatsSummary = protocol::kStatsSummary.name;
}  // namespace method

}  // namespace kioku::protocol
