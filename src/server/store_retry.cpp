// A decision the store refused while failing (a stopped database, a full
// disk, a lock held too long): a person gets the error and may send it again,
// but a computer seat and a timer have nobody to do that. Their table tries
// again by itself, backing off, until a decision is stored: the computer
// decides again (its draws follow from the decision index, so it decides the
// same) and a timer that ran out takes its default again.
#include <algorithm>

#include "server/server_impl.h"

namespace tt::server {

namespace {

// 250 ms after the first failure, doubling to 5 s.
std::chrono::milliseconds retry_delay(int failures) {
  const int doublings = std::clamp(failures - 1, 0, 5);
  return std::min(std::chrono::milliseconds(250 << doublings), std::chrono::milliseconds(5000));
}

}  // namespace

void Server::Impl::retry_after_store_failure(Table& table) {
  ++table.store_failures;
  if (table.retry_timer) return;  // one retry pending is enough
  const std::string id = table.id;
  table.retry_timer = loop.after(retry_delay(table.store_failures), [this, id] {
    auto it = tables.find(id);
    if (it == tables.end()) return;
    Table& t = *it->second;
    t.retry_timer = 0;
    // A decision being stored ends in changed() or here again.
    if (t.over() || t.storing) return;
    schedule_timers(t);  // a deadline already passed fires at once
    schedule_agents(t);  // a computer seat pending decides again
  });
}

}  // namespace tt::server
