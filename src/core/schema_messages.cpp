#include "core/schema_messages.h"

#include <algorithm>
#include <optional>

namespace tt {

namespace {

using nlohmann::json;

std::string pointer_of(const std::vector<std::string>& tokens) {
  std::string out;
  for (const std::string& t : tokens) {
    out += '/';
    for (char c : t)
      out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  }
  return out;
}

// The value at `tokens` in `doc`, or nullptr when there is none.
const json* value_at(const json& doc, const std::vector<std::string>& tokens, std::size_t n) {
  const json* v = &doc;
  for (std::size_t i = 0; i < n && i < tokens.size(); ++i) {
    if (v->is_object()) {
      auto it = v->find(tokens[i]);
      if (it == v->end()) return nullptr;
      v = &*it;
    } else if (v->is_array()) {
      std::size_t k = 0;
      try {
        k = std::stoul(tokens[i]);
      } catch (const std::exception&) {
        return nullptr;
      }
      if (k >= v->size()) return nullptr;
      v = &(*v)[k];
    } else {
      return nullptr;
    }
  }
  return v;
}

// A local "$ref" ("#/definitions/die") resolved in the schema document.
const json* resolve(const json& root, const json& node) {
  if (!node.is_object() || !node.contains("$ref") || !node["$ref"].is_string()) return &node;
  const std::string ref = node["$ref"].get<std::string>();
  if (ref.rfind("#", 0) != 0) return nullptr;
  try {
    const json& target = root.at(json::json_pointer(ref.substr(1)));
    return &target;
  } catch (const std::exception&) {
    return nullptr;
  }
}

// Whether the "if" of an if/then/else holds for `value`, for the one shape
// the schemas use ({"properties": {"do": {"const": K}}, "required": [...]});
// nullopt when the condition says more than that.
std::optional<bool> condition_holds(const json& cond, const json* value) {
  if (!cond.is_object() || !value) return std::nullopt;
  for (const auto& [key, sub] : cond.items())
    if (key != "properties" && key != "required") return std::nullopt;
  if (!value->is_object()) return false;
  for (const json& r : cond.value("required", json::array()))
    if (r.is_string() && !value->contains(r.get<std::string>())) return false;
  // A named copy: items() of a temporary would dangle in the loop.
  const json properties = cond.value("properties", json::object());
  for (const auto& [key, sub] : properties.items()) {
    auto it = value->find(key);
    if (it == value->end()) continue;
    if (sub.contains("const") && sub["const"] != *it) return false;
    if (sub.contains("enum") && sub["enum"].is_array()) {
      const json& e = sub["enum"];
      if (std::find(e.begin(), e.end(), *it) == e.end()) return false;
    }
  }
  return true;
}

// Every schema node that applies to `value`: `node` itself (its $ref
// followed) and the parts of its allOf/anyOf/oneOf, and of the then or else
// its if selects.
void flatten(const json& root, const json& node, const json* value, std::vector<const json*>& out,
             int depth = 0) {
  const json* n = resolve(root, node);
  if (!n || !n->is_object() || depth > 24) return;
  out.push_back(n);
  for (const char* key : {"allOf", "anyOf", "oneOf"})
    if (n->contains(key) && (*n)[key].is_array())
      for (const json& part : (*n)[key]) flatten(root, part, value, out, depth + 1);
  if (n->contains("if")) {
    const auto holds = condition_holds((*n)["if"], value);
    if (n->contains("then") && holds != false) flatten(root, (*n)["then"], value, out, depth + 1);
    if (n->contains("else") && holds != true) flatten(root, (*n)["else"], value, out, depth + 1);
  }
}

// The schema nodes for the value at `tokens`.
std::vector<const json*> nodes_at(const json& schema, const json& doc,
                                  const std::vector<std::string>& tokens) {
  std::vector<const json*> here;
  flatten(schema, schema, &doc, here);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const json* parent = value_at(doc, tokens, i);
    const json* child = value_at(doc, tokens, i + 1);
    std::vector<const json*> next;
    for (const json* n : here) {
      if (parent && parent->is_array()) {
        if (n->contains("items")) flatten(schema, (*n)["items"], child, next);
        continue;
      }
      if (n->contains("properties") && (*n)["properties"].contains(tokens[i]))
        flatten(schema, (*n)["properties"][tokens[i]], child, next);
      else if (n->contains("additionalProperties") && (*n)["additionalProperties"].is_object())
        flatten(schema, (*n)["additionalProperties"], child, next);
    }
    here = std::move(next);
  }
  return here;
}

// The first value of `key` among the nodes, or nullptr.
const json* first(const std::vector<const json*>& nodes, const char* key) {
  for (const json* n : nodes)
    if (n->contains(key)) return &(*n)[key];
  return nullptr;
}

std::string a_type(const std::string& t) {
  if (t == "integer") return "an integer";
  if (t == "number") return "a number";
  if (t == "string") return "a string";
  if (t == "boolean") return "true or false";
  if (t == "array") return "a list";
  if (t == "object") return "an object";
  if (t == "null") return "null";
  return t;
}

std::string listed(const json& values, std::size_t most = 40) {
  std::string out;
  std::size_t n = 0;
  for (const json& v : values) {
    if (n++ == most) return out + ", ...";
    out += (out.empty() ? "" : ", ") + (v.is_string() ? v.get<std::string>() : v.dump());
  }
  return out;
}

std::string range_of(const std::vector<const json*>& nodes) {
  const json* lo = first(nodes, "minimum");
  const json* hi = first(nodes, "maximum");
  if (lo && hi) return lo->dump() + " to " + hi->dump();
  if (lo) return "at least " + lo->dump();
  if (hi) return "at most " + hi->dump();
  return "";
}

std::string expected_type(const std::vector<const json*>& nodes) {
  std::vector<std::string> types;
  for (const json* n : nodes) {
    if (!n->contains("type")) continue;
    const json& t = (*n)["type"];
    for (const json& one : t.is_array() ? t : json::array({t}))
      if (one.is_string() && std::find(types.begin(), types.end(), one) == types.end())
        types.push_back(one.get<std::string>());
  }
  std::string out;
  for (std::size_t i = 0; i < types.size(); ++i)
    out += (i == 0 ? "" : i + 1 == types.size() ? " or " : ", ") + a_type(types[i]);
  if (types.size() == 1 && types[0] == "integer")
    if (const std::string r = range_of(nodes); !r.empty()) out += " (" + r + ")";
  if (const json* e = first(nodes, "enum")) out = "one of " + listed(*e);
  return out.empty() ? "another type" : out;
}

std::string found(const json* v) {
  if (!v) return "nothing";
  std::string text = v->dump();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

// The name in quotes at the end of a valijson description ("... 'x'.").
std::string quoted_name(const std::string& description) {
  const auto end = description.rfind('\'');
  if (end == std::string::npos || end == 0) return "";
  const auto start = description.rfind('\'', end - 1);
  return start == std::string::npos ? "" : description.substr(start + 1, end - start - 1);
}

bool starts(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

}  // namespace

SchemaProblem describe_schema_failure(const json& schema, const json& doc,
                                      const std::vector<std::string>& tokens,
                                      const std::string& d) {
  const json* value = value_at(doc, tokens, tokens.size());
  const auto nodes = nodes_at(schema, doc, tokens);
  const std::string at = pointer_of(tokens);
  if (starts(d, "Value type not permitted"))
    return {at, "expected " + expected_type(nodes) + ", found " + found(value)};
  if (starts(d, "Missing required property"))
    return {at + pointer_of({quoted_name(d)}), "is required"};
  if (starts(d, "Object contains a property that could not be validated")) {
    json known = json::array();
    for (const json* n : nodes)
      if (n->contains("properties"))
        for (const auto& [key, sub] : (*n)["properties"].items())
          if (std::find(known.begin(), known.end(), key) == known.end()) known.push_back(key);
    return {at + pointer_of({quoted_name(d)}),
            "unknown field" + (known.empty() ? "" : " (known: " + listed(known, 80) + ")")};
  }
  if (starts(d, "Failed to match against any enum values")) {
    const json* e = first(nodes, "enum");
    return {at, "expected one of " + (e ? listed(*e) : "the listed values") + ", found " +
                    found(value)};
  }
  if (starts(d, "Failed to match expected value set by 'const'")) {
    const json* c = first(nodes, "const");
    return {at, "expected " + (c ? c->dump() : "another value") + ", found " + found(value)};
  }
  if (starts(d, "Expected number")) {
    const std::string r = range_of(nodes);
    return {at, found(value) + " is out of range" + (r.empty() ? "" : " (" + r + ")")};
  }
  if (starts(d, "Array should contain no more than") && value) {
    const json* most = first(nodes, "maxItems");
    return {at,
            std::to_string(value->size()) + " entries, at most " + (most ? most->dump() : "fewer")};
  }
  if (starts(d, "Array should contain no fewer than") && value) {
    const json* least = first(nodes, "minItems");
    return {at, std::to_string(value->size()) + " entries, at least " +
                    (least ? least->dump() : "more")};
  }
  if (starts(d, "Failed to match regex")) {
    const json* p = first(nodes, "pattern");
    return {at, found(value) + " does not match " +
                    (p && p->is_string() ? p->get<std::string>() : "the pattern")};
  }
  // Anything else in valijson's words, as a phrase.
  std::string text = d;
  if (!text.empty() && text.back() == '.') text.pop_back();
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return {at, text};
}

}  // namespace tt
