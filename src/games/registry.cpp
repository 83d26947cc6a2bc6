// The games layer: registers every built-in game with the core registry.
#include "core/registry.h"

#include <cstdlib>

#include "games/ddm/game.h"
#include "games/lastchronicle/game.h"
#include "games/magic/game.h"
#include "games/suikoden/game.h"

namespace tt {

std::string data_dir() {
  const char* env = std::getenv("TABLETOP_DATA");
  return env && *env ? env : TABLETOP_DATA_DIR;
}

void register_builtin_games() {
  auto& r = Registry::instance();
  if (!r.find("suikoden")) r.add(std::make_shared<suikoden::SuikodenGame>(data_dir()));
  if (!r.find("ddm")) r.add(std::make_shared<ddm::DdmGame>(data_dir()));
  if (!r.find("lastchronicle")) r.add(std::make_shared<lastchronicle::LcGame>(data_dir()));
  if (!r.find("magic")) r.add(std::make_shared<magic::MagicGame>(data_dir()));
}

}  // namespace tt
