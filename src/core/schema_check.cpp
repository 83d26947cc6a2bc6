// Validation with valijson (Debian's libvalijson-dev, header-only, draft 7)
// through its nlohmann adapter. Each schema is parsed once; valijson reports
// a failure at every level of the document it passed through ("failed to
// validate item #0"), and only the deepest of those say something, so the
// rest are dropped and the leaves get messages in the author's terms
// (core/schema_messages.h).
#include "core/schema_check.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "core/error.h"
#include "core/schema_messages.h"
#include "core/schema_texts.h"

namespace tt {

namespace {

using nlohmann::json;

struct CompiledSchema {
  json document;  // for the messages: what a field expects
  valijson::Schema schema;
};

// A compiled-in schema, parsed on its first use (a process that reads one
// game's files parses only that game's schemas); nullptr for an unknown name.
// A broken schema file is a build mistake: the SchemaFiles test names it.
const CompiledSchema* compiled(std::string_view name) {
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<CompiledSchema>, std::less<>> parsed;
  const std::lock_guard<std::mutex> guard(lock);
  if (const auto it = parsed.find(name); it != parsed.end()) return it->second.get();
  for (const detail::SchemaText& t : detail::schema_texts()) {
    if (t.name != name) continue;
    auto c = std::make_unique<CompiledSchema>();
    try {
      c->document = json::parse(t.text);
      valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
      valijson::adapters::NlohmannJsonAdapter adapter(c->document);
      parser.populateSchema(adapter, c->schema);
    } catch (const std::exception& e) {
      throw Error("the schema " + std::string(t.name) + " is broken: " + e.what());
    }
    return parsed.emplace(std::string(t.name), std::move(c)).first->second.get();
  }
  return nullptr;
}

// valijson's context ["<root>", "[monsters]", "[0]", "[atk]"] as the tokens
// of a JSON pointer.
std::vector<std::string> tokens_of(const std::vector<std::string>& context) {
  std::vector<std::string> tokens;
  for (const std::string& c : context)
    if (c.size() >= 2 && c.front() == '[' && c.back() == ']')
      tokens.push_back(c.substr(1, c.size() - 2));
  return tokens;
}

// A report of the path it passed through, not of a field's own fault.
bool is_cascade(const std::string& description) {
  return description.rfind("Failed to validate", 0) == 0 ||
         description.rfind("Cannot validate item", 0) == 0;
}

// A wrong type, which an alternative of an anyOf reports for a value that
// another alternative takes (a deck entry that is a name or an object).
bool is_type(const std::string& description) {
  return description.rfind("Value type not permitted", 0) == 0;
}

// The id of the innermost list entry the pointer passes through ("aldo" for
// /cards/4/atk), so an author finds the card without counting to 4; "" when
// there is none.
std::string entry_id(const json& doc, const std::vector<std::string>& tokens) {
  std::string id;
  const json* v = &doc;
  for (const std::string& t : tokens) {
    if (v->is_object()) {
      const auto it = v->find(t);
      if (it == v->end()) break;
      v = &*it;
    } else if (v->is_array()) {
      if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 9)
        break;
      const std::size_t k = std::stoul(t);
      if (k >= v->size()) break;
      v = &(*v)[k];
      if (v->is_object())
        if (const auto it = v->find("id");
            it != v->end() && it->is_string() && it->get_ref<const std::string&>().size() <= 64)
          id = it->get<std::string>();
    } else {
      break;
    }
  }
  return id;
}

constexpr std::size_t kLongestString = 16384;

void find_long_strings(const json& v, const std::string& at, std::vector<SchemaProblem>& out) {
  if (v.is_string() && v.get_ref<const std::string&>().size() > kLongestString) {
    out.push_back({at, "a string of " + std::to_string(v.get_ref<const std::string&>().size()) +
                           " characters; at most " + std::to_string(kLongestString)});
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i)
      find_long_strings(v[i], at + "/" + std::to_string(i), out);
  } else if (v.is_object()) {
    for (const auto& [key, sub] : v.items()) {
      std::string token;
      for (char ch : key) token += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
      if (key.size() > kLongestString)
        out.push_back({at + "/" + token.substr(0, 40) + "...",
                       "a field name of " + std::to_string(key.size()) + " characters; at most " +
                           std::to_string(kLongestString)});
      else
        find_long_strings(sub, at + "/" + token, out);
    }
  }
}

bool is_prefix(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return a.size() <= b.size() && std::equal(a.begin(), a.end(), b.begin());
}

}  // namespace

std::vector<SchemaProblem> schema_problems(const json& doc, std::string_view name) {
  const CompiledSchema* found = compiled(name);
  if (!found) throw Error("no schema '" + std::string(name) + "' is compiled in");
  const CompiledSchema& c = *found;
  // std::regex (valijson's patterns) recurses once per character: a string of
  // some 30,000 characters against an open-ended pattern overflows the stack.
  // No field of any format is near this long, so such a string is refused by
  // its pointer before any pattern sees it.
  std::vector<SchemaProblem> too_long;
  find_long_strings(doc, "", too_long);
  if (!too_long.empty()) return too_long;

  valijson::Validator validator(valijson::Validator::kStrongTypes);
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(doc);
  if (validator.validate(c.schema, target, &results)) return {};

  struct Raw {
    std::vector<std::string> tokens;
    std::string description;
  };
  std::vector<Raw> raw;
  for (const auto& e : results) raw.push_back({tokens_of(e.context), e.description});
  // A cascade line is kept only when nothing at the same place or deeper
  // says more; a wrong type only when nothing deeper does (then the value had
  // the type of another alternative, and the deeper line is the fault).
  const auto said_below = [&](std::size_t i, bool same_place_counts) {
    for (std::size_t j = 0; j < raw.size(); ++j)
      if (j != i && !is_cascade(raw[j].description) && is_prefix(raw[i].tokens, raw[j].tokens) &&
          (same_place_counts || raw[j].tokens.size() > raw[i].tokens.size()))
        return true;
    return false;
  };
  std::vector<SchemaProblem> problems;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (is_cascade(raw[i].description) && said_below(i, true)) continue;
    if (is_type(raw[i].description) && said_below(i, false)) continue;
    SchemaProblem p = describe_schema_failure(c.document, doc, raw[i].tokens, raw[i].description);
    if (const std::string id = entry_id(doc, raw[i].tokens); !id.empty())
      p.message += " (in '" + id + "')";
    const bool again = std::any_of(problems.begin(), problems.end(), [&](const SchemaProblem& q) {
      return q.pointer == p.pointer && q.message == p.message;
    });
    if (!again) problems.push_back(std::move(p));
  }
  return problems;
}

std::string schema_problem_line(const std::string& file, const SchemaProblem& p) {
  return file + (p.pointer.empty() ? "" : ":" + p.pointer) + ": " + p.message;
}

void check_schema(const json& doc, std::string_view schema, const std::string& file) {
  const auto problems = schema_problems(doc, schema);
  if (problems.empty()) return;
  constexpr std::size_t kShown = 50;
  std::string text;
  for (std::size_t i = 0; i < problems.size() && i < kShown; ++i)
    text += (i ? "\n" : "") + schema_problem_line(file, problems[i]);
  if (problems.size() > kShown)
    text += "\n" + file + ": and " + std::to_string(problems.size() - kShown) + " more problems";
  throw DataError(text);
}

std::vector<std::string> schema_names() {
  std::vector<std::string> names;
  for (const detail::SchemaText& t : detail::schema_texts()) {
    if (!compiled(t.name)) throw Error("the schema " + std::string(t.name) + " is missing");
    names.emplace_back(t.name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string_view schema_text(std::string_view name) {
  for (const detail::SchemaText& t : detail::schema_texts())
    if (t.name == name) return t.text;
  return {};
}

}  // namespace tt
