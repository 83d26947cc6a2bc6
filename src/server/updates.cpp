// The `update` pushed to each connection following a table, as its seat may
// see it: a whole view, or, for a connection that asked for patches and has
// the previous view, an RFC 6902 JSON Patch from that view to this one
// (docs/server.md "update (pushed)"). Both are built once per place (a seat,
// or the spectators) and log position, their text shared by every connection
// there. A patch is the difference of two views redacted for the same place,
// so it can tell nothing the place's whole view would not.
#include <map>
#include <optional>
#include <tuple>

#include "core/error.h"
#include "protocol/fields.h"
#include "server/server_impl.h"
#include "server/update_text.h"
#include "server/view_diff.h"

namespace tt::server {

using nlohmann::json;

namespace {

using Form = UpdateForm;

std::size_t place_of(Seat seat) {
  return static_cast<std::size_t>(seat + 1);
}

SentView& sent_view(Table& table, Seat seat) {
  if (table.sent_views.size() < table.seats.size() + 1)
    table.sent_views.resize(table.seats.size() + 1);
  return table.sent_views[place_of(seat)];
}

// One place's update this time: its base (view and all), and for the
// connections taking patches the version it becomes and the patch from the last.
struct Place {
  json base;
  bool patching = false;           // a connection here takes patches
  std::uint64_t from = 0, to = 0;  // versions: the patch's base, this view's
  std::optional<json> patch;       // when a connection here has version `from`
};

}  // namespace

std::string update_text(json& base, UpdateForm form, const json* patch, std::uint64_t from,
                        std::uint64_t to, json log) {
  json view;
  if (form == Form::kPatch) {
    view = std::move(base["view"]);
    base.erase("view");
    base["patch"] = *patch;
    base["base"] = from;
  }
  if (form != Form::kPlain) base["version"] = to;
  base["log"] = std::move(log);
  std::string text = dump(base);
  for (const char* added : {"log", "version", "patch", "base"}) base.erase(added);
  if (form == Form::kPatch) base["view"] = std::move(view);
  return text;
}

bool wants_patches(const json& request) {
  const json* p = protocol::field(request, "patches");
  if (!p) return false;
  if (!p->is_boolean()) throw Error("\"patches\" must be true or false");
  return p->get<bool>();
}

void Server::Impl::broadcast(Table& table) {
  // One update per place, form and log position, its text shared by every
  // connection there: spectators (caught up alike) cost one view, however
  // many they are. A seat's own update is its seat's alone.
  const auto now = loop.now();
  const std::size_t log_size = table.match->log().size();
  std::map<Seat, Place> places;
  for (auto& [id, sub] : table.subscribers) {
    auto place = places.find(sub.seat);
    if (place == places.end()) {
      place =
          places
              .emplace(sub.seat, Place{table.update_base(sub.seat, now), false, 0, 0, std::nullopt})
              .first;
      ++metrics.views_built;
    }
    place->second.patching |= sub.patches;
  }
  // The patches, one per place, against the view its connections were last sent.
  for (auto& [seat, place] : places) {
    if (!place.patching) continue;
    SentView& last = sent_view(table, seat);
    place.from = last.version;
    place.to = ++table.versions;
    bool wanted = false;
    for (auto& [id, sub] : table.subscribers)
      wanted |= sub.seat == seat && sub.patches && last.version != 0 && sub.version == last.version;
    if (wanted) place.patch = view_diff(last.view, place.base["view"]);
  }
  std::map<std::tuple<Seat, Form, std::size_t>, std::string> texts;
  for (auto& [id, sub] : table.subscribers) {
    Place& place = places.at(sub.seat);
    const Form form = !sub.patches                               ? Form::kPlain
                      : place.patch && sub.version == place.from ? Form::kPatch
                                                                 : Form::kFull;
    auto text = texts.find({sub.seat, form, sub.log_sent});
    if (text == texts.end()) {
      std::string made =
          update_text(place.base, form, place.patch ? &*place.patch : nullptr, place.from, place.to,
                      table.match->log_json(sub.seat, sub.log_sent));
      text = texts.emplace(std::tuple{sub.seat, form, sub.log_sent}, std::move(made)).first;
    }
    if (sub.patches) sub.version = place.to;
    sub.log_sent = log_size;
    sub.updated = true;
    ++metrics.updates_sent;
    sub.conn->send(text->second);
  }
  // What the next patches start from; a place nobody takes patches at keeps nothing.
  for (std::size_t i = 0; i < table.sent_views.size(); ++i) {
    const Seat seat = static_cast<Seat>(i) - 1;
    auto place = places.find(seat);
    SentView& last = table.sent_views[i];
    if (place != places.end() && place->second.patching)
      last = {std::move(place->second.base["view"]), place->second.to};
    else
      last = {};
  }
}

void Server::Impl::send_update(Table& table, Subscriber& sub) {
  Place place{table.update_base(sub.seat, loop.now()), false, 0, 0, std::nullopt};
  ++metrics.views_built;
  if (sub.patches) {
    // The place's version when its view is the same (other connections there
    // go on patching), else a new one: they get a whole view next time.
    SentView& last = sent_view(table, sub.seat);
    if (last.version == 0 || last.view != place.base["view"])
      last = {place.base["view"], ++table.versions};
    place.to = sub.version = last.version;
  }
  const Form form = sub.patches ? Form::kFull : Form::kPlain;
  json log = table.match->log_json(sub.seat, sub.log_sent);
  sub.log_sent = table.match->log().size();
  sub.updated = true;
  ++metrics.updates_sent;
  sub.conn->send(update_text(place.base, form, nullptr, 0, place.to, std::move(log)));
}

}  // namespace tt::server
