// A seat taken up on another device by its owner: the device holding the
// seat's token asks for a claim code (`claim_code`), shown as a link; the
// other device opens it (`claim`) and gets a new token. The old token is
// revoked at that moment: its next `act` or `resume` is refused, and the
// connections that held the seat are told (`seat_moved`) and go on
// watching. A code is good once, for kClaimLifetime, and only while the
// seat still holds the token it was made from.
#include "core/error.h"
#include "protocol/fields.h"
#include "server/server_impl.h"
#include "server/tokens.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;
using protocol::string_field;

json Server::Impl::cmd_claim_code(const json& request) {
  Table& table = table_named(request);
  const Seat seat = table.seat_of_token(string_field(request, "token"));
  if (seat == kNoSeat) throw Error("that token holds no seat at table " + table.id);
  if (table.over()) throw Error("the game is over");
  const auto now = loop.now();
  for (auto c = claims.begin(); c != claims.end();) {
    const bool gone = c->second.expires <= now ||
                      (c->second.table == table.id && c->second.seat == seat);  // replaced
    c = gone ? claims.erase(c) : std::next(c);
  }
  if (claims.size() >= kMaxClaims) throw Error("too many seats are moving; try again later");
  const std::string code = new_token();
  claims[token_hash(code)] = {
      table.id, seat, table.seats[static_cast<std::size_t>(seat)].token_hash, now + kClaimLifetime};
  return {{"table", table.id},
          {"seat", seat},
          {"code", code},
          {"path", "/#/t/" + table.id + "/claim/" + code},
          {"expires_in", kClaimLifetime.count()}};
}

json Server::Impl::cmd_claim(Connection& conn, const json& request) {
  Table& table = table_named(request);
  const Following follow = following(request);  // checked before anything changes
  const std::string code = string_field(request, "code");
  auto it = code.size() <= 256 ? claims.find(token_hash(code)) : claims.end();
  if (it == claims.end() || it->second.table != table.id || it->second.expires <= loop.now())
    throw Error("that claim link is not valid (it is good once, for " +
                std::to_string(kClaimLifetime.count() / 60) + " minutes)");
  const Claim claim = it->second;
  claims.erase(it);
  TableSeat& s = table.seats[static_cast<std::size_t>(claim.seat)];
  if (s.token_hash != claim.token_hash) throw Error("that seat moved already");
  if (table.over()) throw Error("the game is over");
  const std::string token = new_token();
  const std::string hash = token_hash(token);
  // Revoked at once: the old device can no longer act while this is stored.
  s.token_hash = hash;
  const std::uint64_t conn_id = conn.id();
  const std::string table_id = table.id;
  const Seat seat = claim.seat;
  json id = field(request, "id") ? *field(request, "id") : json();
  journal.move_seat(table.id, seat, s.name, claim.token_hash, hash,
                    [this, conn_id, table_id, seat, token, hash, old = claim.token_hash, id,
                     follow](const std::string& error) {
                      auto t = tables.find(table_id);
                      json r;
                      if (t == tables.end()) {
                        r = {{"ok", false}, {"error", "the table is gone"}};
                      } else if (!error.empty()) {
                        TableSeat& st = t->second->seats[static_cast<std::size_t>(seat)];
                        if (st.token_hash == hash) st.token_hash = old;
                        r = {{"ok", false}, {"error", error}};
                      } else {
                        r = {{"ok", true}, {"table", table_id}, {"seat", seat}, {"token", token}};
                      }
                      if (!id.is_null()) r["id"] = id;
                      send_reply(conn_id, r);
                      if (r["ok"] != true) return;
                      ++metrics.seats_moved;
                      Table& tb = *t->second;
                      // The connections that held the seat watch from now on.
                      TableSeat& st = tb.seats[static_cast<std::size_t>(seat)];
                      const std::string moved =
                          dump({{"type", "seat_moved"}, {"table", table_id}, {"seat", seat}});
                      for (auto& [sub_id, sub] : tb.subscribers) {
                        if (sub.seat != seat || sub_id == conn_id) continue;
                        sub.seat = kNoSeat;
                        if (--st.connections == 0) st.away_since = loop.now();
                        sub.conn->send(moved);
                      }
                      auto c = connections.find(conn_id);
                      if (c != connections.end()) {
                        try {
                          subscribe(*c->second.conn, tb, seat, follow);
                        } catch (const Error&) {
                          // Too many subscriptions: the seat is this device's; resume later.
                        }
                      }
                      changed(tb);
                    });
  return nullptr;
}

}  // namespace tt::server
