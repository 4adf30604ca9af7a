// SCM_RIGHTS on the receiving side: every descriptor the kernel installs is owned at once, so none
// can outlive the request it came with.
#include "daemon/server/passed_descriptors.hpp"

#include <sys/socket.h>

#include <cstring>

namespace kioku::daemon {

namespace {

// Room for a few descriptors: one is all a request may pass, and a message with more is refused
// anyway; the kernel closes what does not fit (MSG_CTRUNC).
constexpr std::size_t kDescriptorRoom = 8;

}  // namespace

void PassedDescriptors::merge(PassedDescriptors&& more) noexcept {
  if (!first) first = std::move(more.first);
  count += more.count;
  lost = lost || more.lost;
  more.first.reset();
}

ssize_t receive_with_descriptors(int socket, std::span<char> into, PassedDescriptors& passed) {
  iovec data{into.data(), into.size()};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kDescriptorRoom)];
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  const ssize_t received = ::recvmsg(socket, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
  if (received < 0) return received;
  for (cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr;
       header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    const std::size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t index = 0; index < count; ++index) {
      int descriptor = -1;
      std::memcpy(&descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof descriptor);
      protocol::UniqueFd owned(descriptor);
      ++passed.count;
      if (!passed.first) passed.first = std::move(owned);
    }
  }
  if ((message.msg_flags & MSG_CTRUNC) != 0) passed.lost = true;
  return received;
}

}  // namespace kioku::daemon
