// Agent specs (src/ai/agent_spec.h): parsed with defaults, written back,
// and refused with the reason when wrong.
#include "ai/agent_spec.h"

#include <gtest/gtest.h>

#include "ai/agent.h"
#include "core/error.h"

namespace tt {
namespace {

std::string refusal(const std::string& text) {
  try {
    parse_agent_spec(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(AgentSpec, NamesWithParametersAndDefaults) {
  const AgentSpec s = parse_agent_spec("ismcts:sims=2000:threads=2");
  EXPECT_EQ(s.name, "ismcts");
  EXPECT_EQ(s.number("sims"), 2000);
  EXPECT_EQ(s.number("threads"), 2);
  EXPECT_EQ(s.number("c"), 0.7);
  EXPECT_EQ(s.word("rollout"), "random");
  EXPECT_EQ(s.text(), "ismcts:sims=2000:threads=2");
  EXPECT_EQ(parse_agent_spec("ismcts").text(), "ismcts");
  EXPECT_EQ(parse_agent_spec("ismcts:rollout=greedy:c=1.5").text(), "ismcts:c=1.5:rollout=greedy");
  EXPECT_EQ(parse_agent_spec("random").text(), "random");
}

TEST(AgentSpec, RefusesWhatIsWrongWithTheReason) {
  EXPECT_EQ(refusal("alphazero"), "unknown agent 'alphazero' (known: random, greedy, ismcts)");
  EXPECT_EQ(
      refusal("ismcts:simulations=5"),
      "ismcts has no parameter 'simulations' (it takes sims, ms, c, depth, rollout, threads)");
  EXPECT_EQ(refusal("random:sims=5"), "random has no parameter 'sims' (it takes none)");
  EXPECT_EQ(refusal("ismcts:sims=0"), "ismcts:sims: 0 is not in 1 to 10000000");
  EXPECT_EQ(refusal("ismcts:sims=1.5"), "ismcts:sims: '1.5' is not a whole number");
  EXPECT_EQ(refusal("ismcts:sims=lots"), "ismcts:sims: 'lots' is not a number");
  EXPECT_EQ(refusal("ismcts:sims="), "ismcts:sims: '' is not a number");
  EXPECT_EQ(refusal("ismcts:c=nan"), "ismcts:c: 'nan' is not a number");
  EXPECT_EQ(refusal("ismcts:rollout=smart"),
            "ismcts:rollout: 'smart' is not one of random, greedy");
  EXPECT_EQ(refusal("ismcts:sims=5:sims=6"), "ismcts: 'sims' is given twice");
  EXPECT_EQ(refusal("ismcts:sims"), "ismcts: 'sims' is not a parameter=value");
  EXPECT_EQ(refusal("ismcts:"), "ismcts: '' is not a parameter=value");
  EXPECT_EQ(refusal(""), "unknown agent '' (known: random, greedy, ismcts)");
}

TEST(AgentSpec, MakesTheAgentItNames) {
  EXPECT_EQ(make_agent("random")->name(), "random");
  EXPECT_EQ(make_agent("greedy")->name(), "greedy");
  EXPECT_EQ(make_agent("ismcts:sims=10")->name(), "ismcts");
  EXPECT_THROW(make_agent("ismcts:threads=0"), Error);
}

TEST(AgentSpec, EveryParameterDefaultIsValid) {
  for (const AgentKind& k : agent_kinds()) {
    std::string text = k.name;
    for (const AgentParam& p : k.params) text += ":" + p.name + "=" + p.fallback;
    EXPECT_NO_THROW(parse_agent_spec(text)) << text;
    EXPECT_EQ(parse_agent_spec(text).text(), k.name);
  }
}

}  // namespace
}  // namespace tt
