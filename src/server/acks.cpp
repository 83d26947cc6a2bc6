// The acknowledgement of an accepted act (docs/server.md "act"): a reply of
// its own, or, for a connection that asked for it (`"acks_in_updates":true`),
// an `ack` field riding the update the decision sends that connection at
// once, so the actor is sent one message instead of two. Refusals are always
// replies of their own.
#include "core/error.h"
#include "protocol/fields.h"
#include "server/json_text.h"
#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;

namespace {

bool boolean_field(const json& request, const char* key) {
  const json* p = protocol::field(request, key);
  if (!p) return false;
  if (!p->is_boolean()) throw Error(std::string("\"") + key + "\" must be true or false");
  return p->get<bool>();
}

}  // namespace

Following following(const json& request) {
  Following f;
  f.patches = wants_patches(request);
  f.acks_in_updates = boolean_field(request, "acks_in_updates");
  return f;
}

void Server::Impl::acknowledge(Table& table, const QueuedAct& act, const std::string& applied) {
  const std::int64_t seq = table.seq();
  bool rides = false;
  if (act.reply && applied.empty() && act.conn) {
    auto sub = table.subscribers.find(*act.conn);
    rides = sub != table.subscribers.end() && sub->second.acks_in_updates;
  }
  if (rides) {
    // `"ack":{...},` goes first: "ack" sorts before every other key of an update.
    std::string fields = R"("ack":{)";
    if (!act.id.is_null()) {
      json_text::key(fields, "id");
      json_text::value(fields, act.id);
      fields += ',';
    }
    json_text::key(fields, "seq");
    json_text::integer(fields, seq);
    fields += "},";
    riding_ack = RidingAck{*act.conn, std::move(fields)};
  } else if (act.reply) {
    act.reply(applied, seq);
  }
  changed(table);
  if (riding_ack) {
    // No update went to that connection after all: a reply of its own.
    riding_ack.reset();
    act.reply(applied, seq);
  }
}

std::string Server::Impl::with_riding_ack(std::uint64_t conn_id, std::string update) {
  if (!riding_ack || riding_ack->conn != conn_id || update.empty() || update.front() != '{')
    return update;
  update.insert(1, riding_ack->fields);
  riding_ack.reset();
  ++metrics.acks_in_updates;
  return update;
}

}  // namespace tt::server
