// The fuzz targets without libFuzzer, for the sanitizer build (GCC, ASan +
// UBSan): `make test`'s bounded run (docs/fuzzing.md). It runs every seed
// through LLVMFuzzerTestOneInput, then mutates seeds until the time is up.
//
// The inputs are JSON documents (a scenario, a set-up, a record, protocol
// lines) with optional choice bytes after a NUL byte, so most mutations work
// on the document: a value becomes an edge number, another type, a string
// from elsewhere in the input; a member goes; an array element is doubled.
// A byte mutation now and then tests the parsers. Without coverage guidance
// it explores less deeply than libFuzzer (`make fuzz`, the clang build);
// it needs no second build of every library.
//
// Takes libFuzzer's flags that run.sh passes (-max_total_time: the time of
// mutations after the seeds, -max_len,
// -timeout, -artifact_prefix, -seed; others are ignored) and its way of
// naming folders and files to read. A crash, a sanitizer report or an input
// slower than -timeout writes the input to <artifact_prefix>crash-input.
#include <fcntl.h>
#include <sanitizer/common_interface_defs.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

using nlohmann::json;
using Bytes = std::string;

// The input being run, kept where a signal handler may write it out.
Bytes current;
char artifact_path[4096] = "crash-input";

void write_current() {
  const int fd = ::open(artifact_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  std::size_t done = 0;
  while (done < current.size()) {
    const ssize_t n = ::write(fd, current.data() + done, current.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  static const char note[] = "replay: the input was written to the artifact file\n";
  (void)!::write(2, note, sizeof note - 1);
}

void on_signal(int signal) {
  write_current();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

struct Options {
  double seconds = 8;
  std::size_t max_len = 16384;
  double timeout = 10;
  std::string artifact_prefix;
  std::uint64_t seed = 1;
  std::vector<std::string> paths;
};

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](const char* flag) -> const char* {
      const std::size_t n = std::strlen(flag);
      return arg.compare(0, n, flag) == 0 ? argv[i] + n : nullptr;
    };
    if (const char* v = value("-max_total_time="))
      o.seconds = std::atof(v);
    else if (const char* v = value("-max_len="))
      o.max_len = std::strtoull(v, nullptr, 10);
    else if (const char* v = value("-timeout="))
      o.timeout = std::atof(v);
    else if (const char* v = value("-artifact_prefix="))
      o.artifact_prefix = v;
    else if (const char* v = value("-seed="))
      o.seed = std::strtoull(v, nullptr, 10);
    else if (arg.rfind("-", 0) != 0)
      o.paths.push_back(arg);
  }
  return o;
}

std::vector<Bytes> read_inputs(const Options& o) {
  std::vector<std::filesystem::path> files;
  for (const std::string& p : o.paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      for (auto& e : std::filesystem::recursive_directory_iterator(p, ec))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (std::filesystem::is_regular_file(p, ec)) {
      files.emplace_back(p);
    }
  }
  std::sort(files.begin(), files.end());  // the same order on every machine
  std::vector<Bytes> inputs;
  for (auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    Bytes b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (b.size() <= o.max_len) inputs.push_back(std::move(b));
  }
  return inputs;
}

// Every value of a document, to pick one to change.
void collect(json& j, std::vector<json*>& out) {
  out.push_back(&j);
  if (j.is_structured())
    for (auto& child : j) collect(child, out);
}

json edge_value(std::mt19937_64& rng, const std::vector<json*>& values) {
  static const json edges[] = {0,
                               1,
                               -1,
                               2,
                               3,
                               4,
                               16,
                               99,
                               255,
                               256,
                               65535,
                               65536,
                               2147483647,
                               -2147483648LL,
                               9007199254740993LL,
                               1e308,
                               -0.5,
                               nullptr,
                               true,
                               false,
                               "",
                               json::array(),
                               json::object(),
                               "x",
                               "-1",
                               std::string(300, 'a')};
  if (rng() % 3 == 0) {
    const json& other = *values[rng() % values.size()];  // a value from elsewhere
    if (!other.is_structured() || other.size() < 64) return other;
  }
  return edges[rng() % std::size(edges)];
}

// One change to the document's structure or values.
void mutate_document(json& doc, std::mt19937_64& rng) {
  std::vector<json*> values;
  collect(doc, values);
  json& target = *values[rng() % values.size()];
  switch (rng() % 5) {
    case 0:
    case 1:
      if (&target != &doc) target = edge_value(rng, values);
      break;
    case 2:  // a member or an element goes
      if (target.is_object() && !target.empty()) {
        auto it = target.begin();
        std::advance(it, static_cast<long>(rng() % target.size()));
        target.erase(it);
      } else if (target.is_array() && !target.empty()) {
        target.erase(target.begin() + static_cast<long>(rng() % target.size()));
      }
      break;
    case 3:  // an element twice
      if (target.is_array() && !target.empty() && target.size() < 400)
        target.push_back(target[rng() % target.size()]);
      break;
    default:  // a number nudged
      if (target.is_number_integer()) target = target.get<std::int64_t>() + int(rng() % 5) - 2;
      break;
  }
}

void mutate_bytes(Bytes& b, std::mt19937_64& rng) {
  if (b.empty()) b.push_back(char(rng()));
  const std::size_t at = rng() % b.size();
  switch (rng() % 4) {
    case 0:
      b[at] = static_cast<char>(b[at] ^ (1 << (rng() % 8)));
      break;
    case 1:
      b[at] = static_cast<char>(rng());
      break;
    case 2:
      b.erase(at, 1 + rng() % 8);
      break;
    default:
      b.insert(at, b.substr(rng() % b.size(), 1 + rng() % 16));
      break;
  }
}

Bytes mutate(const Bytes& seed, std::mt19937_64& rng, std::size_t max_len) {
  const std::size_t nul = seed.find('\0');
  std::string text = seed.substr(0, nul);
  Bytes choices = nul == Bytes::npos ? Bytes() : seed.substr(nul + 1);
  const int kind = static_cast<int>(rng() % 10);
  if (kind < 7) {
    json doc = json::parse(text, nullptr, false);
    if (!doc.is_discarded() && doc.is_structured()) {
      for (int n = 1 + static_cast<int>(rng() % 3); n > 0; --n) mutate_document(doc, rng);
      text = doc.dump();
    } else {
      mutate_bytes(text, rng);
    }
  } else if (kind < 9) {
    for (int n = 1 + static_cast<int>(rng() % 8); n > 0; --n) choices.push_back(char(rng()));
    if (!choices.empty()) choices[rng() % choices.size()] = char(rng());
  } else {
    mutate_bytes(text, rng);
  }
  Bytes out = choices.empty() && nul == Bytes::npos ? text : text + '\0' + choices;
  if (out.size() > max_len) out.resize(max_len);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  std::snprintf(artifact_path, sizeof artifact_path, "%scrash-input", o.artifact_prefix.c_str());
  __sanitizer_set_death_callback(write_current);
  for (int s : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(s, on_signal);

  const std::vector<Bytes> seeds = read_inputs(o);
  std::printf("replay: %zu seed inputs, %.0f s, seed %llu\n", seeds.size(), o.seconds,
              static_cast<unsigned long long>(o.seed));
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::mt19937_64 rng(o.seed);
  std::uint64_t runs = 0;
  std::uint64_t mutated = 0;
  auto run = [&](const Bytes& input) {
    current = input;
    const auto t0 = Clock::now();
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(current.data()), current.size());
    ++runs;
    if (std::chrono::duration<double>(Clock::now() - t0).count() > o.timeout) {
      std::fprintf(stderr, "==ERROR: replay: an input ran longer than -timeout=%.0f s\n",
                   o.timeout);
      write_current();
      std::exit(1);
    }
  };
  // Every seed once, however long that takes; then mutations for the time
  // given (libFuzzer counts the seeds in it: under ASan they take seconds).
  for (const Bytes& seed : seeds) run(seed);
  const auto end = Clock::now() + std::chrono::duration<double>(o.seconds);
  while (!seeds.empty() && Clock::now() < end) {
    run(mutate(seeds[rng() % seeds.size()], rng, o.max_len));
    ++mutated;
  }
  const double took = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("stat::number_of_executed_units: %llu\n", static_cast<unsigned long long>(runs));
  std::printf("replay: %zu seeds and %llu mutated inputs in %.1f s, no finding\n", seeds.size(),
              static_cast<unsigned long long>(mutated), took);
  return 0;
}
