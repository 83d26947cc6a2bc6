// The tabletop program: runs the command line (which loads the games from the
// card data folder it is given, see docs/cli.md).
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  tt::cli::Io io{std::cin, std::cout, std::cerr, isatty(STDERR_FILENO) != 0,
                 isatty(STDOUT_FILENO) != 0};
  return tt::cli::run_cli(std::vector<std::string>(argv + 1, argv + argc), io);
}
