// The names of the daemon's methods and the protocol version: the contract both binaries share.
#pragma once

#include <string_view>

namespace kioku::protocol {

// Bumped when a method changes incompatibly; system.hello reports it so that an old client
// gets a clear message instead of a strange failure.
inline constexpr int kProtocolVersion = 1;

namespace method {
inline constexpr std::string_view kHello = "system.hello";
inline constexpr std::string_view kMethods = "system.methods";
inline constexpr std::string_view kShutdown = "system.shutdown";
inline constexpr std::string_view kDeckList = "deck.list";
inline constexpr std::string_view kDeckImport = "deck.import";
inline constexpr std::string_view kDeckConfig = "deck.config";
inline constexpr std::string_view kDoctorRebuild = "doctor.rebuild";
inline constexpr std::string_view kDoctorCheck = "doctor.check";
inline constexpr std::string_view kReviewNext = "review.next";
inline constexpr std::string_view kReviewAnswer = "review.answer";
inline constexpr std::string_view kReviewBury = "review.bury";
inline constexpr std::string_view kReviewUnbury = "review.unbury";
inline constexpr std::string_view kDueCounts = "due.counts";
inline constexpr std::string_view kStatsSummary = "stats.summary";
}  // namespace method

}  // namespace kioku::protocol
