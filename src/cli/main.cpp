// The tabletop program: registers the built-in games and runs the command line.
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "core/registry.h"

int main(int argc, char** argv) {
  try {
    tt::register_builtin_games();
  } catch (const std::exception& e) {
    std::cerr << "tabletop: cannot load the games: " << e.what() << "\n";
    return tt::cli::kExitInternal;
  }
  tt::cli::Io io{std::cin, std::cout, std::cerr, isatty(STDERR_FILENO) != 0};
  return tt::cli::run_cli(std::vector<std::string>(argv + 1, argv + argc), io);
}
