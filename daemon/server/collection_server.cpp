// The handler and the durable-write hooks read the context and the group commit through
// pointers set by attach(): the server exists, and listens, before the collection is opened.
#include "daemon/server/collection_server.hpp"

#include <utility>

#include "daemon/methods/dispatcher.hpp"

namespace kioku::daemon {

CollectionServer::CollectionServer(std::string socket_path, const Clock& clock, ServerLimits limits)
    : clock_(clock),
      server_(
          std::move(socket_path),
          [this](std::string_view line, PassedDescriptors descriptors, Session& session) {
            return respond_to_line(line, *context_, std::move(descriptors), &session);
          },
          clock, limits,
          DurableWrites{[this] { return group_commit_->write_count(); },
                        [this] { group_commit_->commit(); }}) {}

void CollectionServer::attach(Collection& collection, DayCalendar calendar,
                              std::string collection_path, bool group_commit) {
  context_.emplace(MethodContext{collection, clock_, calendar, std::move(collection_path)});
  context_->request_shutdown = [this] { server_.stop(); };
  context_->connected_clients = [this] { return server_.session_count(); };
  group_commit_ = &collection.group_commit();
  group_commit_->set_grouping(group_commit);
}

}  // namespace kioku::daemon
