// The `update` pushed to each connection following a table, as its seat may
// see it: a whole view, or, for a connection that asked for patches and has
// the previous view, an RFC 6902 JSON Patch from that view to this one
// (docs/server.md "update (pushed)"). Each place's (a seat's, or the
// spectators') view is built and written as text once per change, its
// update's text shared by every connection there. A patch is the
// difference of two views redacted for the same place, so it can tell
// nothing the place's whole view would not.
#include <tuple>

#include "core/error.h"
#include "protocol/fields.h"
#include "server/server_impl.h"
#include "server/update_text.h"

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

// One place's update this time.
struct Place {
  Seat seat = kNoSeat;
  PlaceUpdateText parts;
  ViewText view;
  bool patching = false;           // a connection here takes patches
  std::uint64_t from = 0, to = 0;  // versions: the patch's base, this view's
  bool patched = false;            // `patch` holds the patch from version `from`
  std::string patch;
};

// One text, and how many connections still wait for it (the last one takes it).
struct Text {
  Seat seat;
  Form form;
  std::size_t log_from;
  int users = 0;
  std::string text;
};

}  // namespace

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
  const Match& match = *table.match;
  const std::size_t log_size = match.log().size();
  SharedUpdateText shared;
  shared.write(table, loop.now());
  std::vector<Place> places;
  places.reserve(table.seats.size() + 1);
  auto place_at = [&](Seat seat) -> Place& {
    for (auto& p : places)
      if (p.seat == seat) return p;
    Place& p = places.emplace_back();
    p.seat = seat;
    p.parts.write(table, seat);
    if (!spare_views.empty()) {  // a buffer grown by an earlier view
      std::swap(p.view, spare_views.back());
      spare_views.pop_back();
    }
    p.view.assign(match, seat);
    ++metrics.views_built;
    return p;
  };
  for (auto& [id, sub] : table.subscribers) place_at(sub.seat).patching |= sub.patches;
  // The patches, one per place, against the view its connections were last sent.
  for (Place& place : places) {
    if (!place.patching) continue;
    SentView& last = sent_view(table, place.seat);
    place.from = last.version;
    place.to = ++table.versions;
    bool wanted = false;
    for (auto& [id, sub] : table.subscribers)
      wanted |=
          sub.seat == place.seat && sub.patches && last.version != 0 && sub.version == last.version;
    if (wanted) {
      place.view.append_patch_from(last.view, place.patch);
      place.patched = true;
    }
  }
  std::vector<Text> texts;
  auto form_of = [&](const Subscriber& sub, const Place& place) {
    return !sub.patches                                 ? Form::kPlain
           : place.patched && sub.version == place.from ? Form::kPatch
                                                        : Form::kFull;
  };
  auto text_of = [&](const Subscriber& sub, Form form) -> Text& {
    for (auto& t : texts)
      if (t.seat == sub.seat && t.form == form && t.log_from == sub.log_sent) return t;
    return texts.emplace_back(Text{sub.seat, form, sub.log_sent, 0, {}});
  };
  for (auto& [id, sub] : table.subscribers) ++text_of(sub, form_of(sub, place_at(sub.seat))).users;
  for (auto& [id, sub] : table.subscribers) {
    Place& place = place_at(sub.seat);
    const Form form = form_of(sub, place);
    Text& text = text_of(sub, form);
    if (text.text.empty())
      text.text =
          update_text(table, sub.seat, shared, place.parts,
                      {form, place.view.text(), place.patch, place.from, place.to}, sub.log_sent);
    if (sub.patches) sub.version = place.to;
    sub.log_sent = log_size;
    sub.updated = true;
    ++metrics.updates_sent;
    sub.conn->send(with_riding_ack(id, --text.users == 0 ? std::move(text.text) : text.text));
  }
  // What the next patches start from; a place nobody takes patches at keeps nothing.
  for (std::size_t i = 0; i < table.sent_views.size(); ++i) {
    SentView& last = table.sent_views[i];
    Place* place = nullptr;
    for (auto& p : places)
      if (place_of(p.seat) == i && p.patching) place = &p;
    if (place) {
      std::swap(last.view, place->view);
      last.version = place->to;
    } else {
      spare_views.push_back(std::move(last.view));
      last = {};
    }
  }
  for (auto& p : places) spare_views.push_back(std::move(p.view));
  if (spare_views.size() > kSpareViews) spare_views.resize(kSpareViews);
}

void Server::Impl::send_update(Table& table, Subscriber& sub) {
  SharedUpdateText shared;
  shared.write(table, loop.now());
  PlaceUpdateText parts;
  parts.write(table, sub.seat);
  ViewText view;
  view.assign(*table.match, sub.seat);
  ++metrics.views_built;
  std::uint64_t version = 0;
  if (sub.patches) {
    // The place's version when its view is the same (other connections there
    // go on patching), else a new one: they get a whole view next time.
    SentView& last = sent_view(table, sub.seat);
    if (last.version == 0 || last.view.text() != view.text()) last = {view, ++table.versions};
    version = sub.version = last.version;
  }
  const Form form = sub.patches ? Form::kFull : Form::kPlain;
  std::string text = update_text(table, sub.seat, shared, parts,
                                 {form, view.text(), {}, 0, version}, sub.log_sent);
  sub.log_sent = table.match->log().size();
  sub.updated = true;
  ++metrics.updates_sent;
  sub.conn->send(std::move(text));
}

}  // namespace tt::server
