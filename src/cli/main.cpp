#include <iostream>

#include "core/registry.h"

int main() {
  tt::register_builtin_games();
  for (auto& g : tt::Registry::instance().games()) std::cout << g->name() << "\n";
}
