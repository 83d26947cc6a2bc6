#include "protocol/setup_json.h"

#include "core/error.h"
#include "core/match.h"
#include "protocol/fields.h"

namespace tt::protocol {

Setup strict_setup(const json& obj) {
  if (!obj.is_object()) throw Error("a setup must be an object");
  Setup s;
  s.seats = static_cast<int>(int_field_or(obj, "seats", 1, kMaxSeats, s.seats));
  s.variant = string_field_or(obj, "variant", "");
  if (const json* options = field(obj, "options")) {
    if (!options->is_object()) throw Error("'options' must be an object of option values");
    for (auto& [key, value] : options->items()) {
      if (value.is_string())
        s.options[key] = value.get<std::string>();
      else if (value.is_number_integer())
        s.options[key] = value.dump();
      else if (value.is_boolean())
        s.options[key] = value.get<bool>() ? "true" : "false";
      else
        throw Error("option '" + key + "' must be a string, an integer or a boolean");
    }
  }
  if (const json* decks = field(obj, "decks")) {
    if (!decks->is_array()) throw Error("'decks' must be an array (one entry per seat)");
    if (decks->size() > static_cast<std::size_t>(kMaxSeats))
      throw Error("'decks' has more entries than seats");
    for (auto& d : *decks)
      if (!d.is_string() && !d.is_object() && !d.is_null())
        throw Error("each deck is a starter deck name, a deck object or null");
    s.decks = *decks;
  }
  if (const json* seed = field(obj, "seed")) s.seed = seed_value(*seed);
  return s;
}

void check_record_shape(const json& record) {
  if (!record.is_object()) throw Error("a record must be an object");
  if (string_field_or(record, "format", "") != "tabletop-record")
    throw Error("not a tabletop record (missing \"format\": \"tabletop-record\")");
  check_record_fields(record);  // every field, by the record schema
  if (const json* setup = field(record, "setup")) (void)strict_setup(*setup);
}

}  // namespace tt::protocol
