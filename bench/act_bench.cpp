// Reading an `act` request (docs/server.md "act"): the general path (the
// text parsed into a nlohmann tree, its fields copied out as cmd_act reads
// them) against ActReader (src/server/act_request.h), on an act as the load
// generator and the browser send it.
#include <benchmark/benchmark.h>

#include <string>

#include "protocol/fields.h"
#include "server/act_request.h"

namespace {

const std::string kAct =
    R"({"id":1234,"cmd":"act","table":"k3v9x2qa7m","token":"0123456789abcdef0123456789abcdef0123456789abcdef",)"
    R"("option":"summon:l1-a:3-4","seq":117})";

void BM_ActAsATree(benchmark::State& state) {
  for (auto _ : state) {
    nlohmann::json request = nlohmann::json::parse(kAct, nullptr, false);
    std::string table = tt::protocol::string_field(request, "table");
    std::string token = tt::protocol::string_field(request, "token");
    std::string option = tt::protocol::string_field(request, "option");
    std::int64_t seq = tt::protocol::int_field(request, "seq", 0, std::int64_t{1} << 40);
    nlohmann::json id = *tt::protocol::field(request, "id");
    benchmark::DoNotOptimize(table.data());
    benchmark::DoNotOptimize(token.data());
    benchmark::DoNotOptimize(option.data());
    benchmark::DoNotOptimize(seq);
    benchmark::DoNotOptimize(id);
  }
}
BENCHMARK(BM_ActAsATree);

void BM_ActRead(benchmark::State& state) {
  tt::server::ActReader reader;
  for (auto _ : state) {
    auto act = reader.read(kAct);
    std::string table(act->table), token(act->token), option(act->option);
    benchmark::DoNotOptimize(table.data());
    benchmark::DoNotOptimize(token.data());
    benchmark::DoNotOptimize(option.data());
    benchmark::DoNotOptimize(act->seq);
  }
}
BENCHMARK(BM_ActRead);

}  // namespace

BENCHMARK_MAIN();
