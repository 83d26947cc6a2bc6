#include "core/registry.h"

#include "core/error.h"

namespace tt {

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(std::shared_ptr<const Game> game) {
  if (find(game->name())) return;
  games_.push_back(std::move(game));
}

std::shared_ptr<const Game> Registry::find(const std::string& name) const {
  for (auto& g : games_)
    if (g->name() == name) return g;
  return nullptr;
}

std::shared_ptr<const Game> Registry::get(const std::string& name) const {
  if (auto g = find(name)) return g;
  std::string known;
  for (auto& g : games_) known += (known.empty() ? "" : ", ") + g->name();
  throw Error("unknown game '" + name + "' (known: " + known + ")");
}

}  // namespace tt
