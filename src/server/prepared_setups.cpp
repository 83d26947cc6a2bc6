#include "server/prepared_setups.h"

#include "core/match.h"

namespace tt::server {

std::shared_ptr<const PreparedSetup> PreparedSetups::get(const std::shared_ptr<const Game>& game,
                                                         const Setup& setup) {
  nlohmann::json fields = setup_to_json(setup);
  fields.erase("seed");
  const std::string key = fields.dump();
  for (const Entry& e : entries_)
    if (e.game == game && e.key == key) return e.prepared;
  auto prepared = game->prepare(setup);
  if (entries_.size() >= kKept) entries_.erase(entries_.begin());
  entries_.push_back({game, key, prepared});
  return prepared;
}

}  // namespace tt::server
