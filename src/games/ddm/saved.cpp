// The saved form of a DDM state, also the "state" block of a DDM scenario
// (docs/scenario-format.md): pieces are listed with where they are, the
// dungeon is drawn as 19 rows of 13 characters; load.cpp reads it back.
#include <nlohmann/json.hpp>

#include "core/view_writer.h"
#include "games/ddm/state.h"

namespace tt::ddm {

using nlohmann::json;

namespace {

const char* kWhereNames[] = {"reserve", "field", "gone"};

json keywords_json(std::uint8_t kw) {
  json a;
  JsonTreeWriter tree(a);
  write_keywords(tree, kw);
  return a;
}

}  // namespace

void DdmState::save(json& out) const {
  view(kReferee, out);
  json pieces = json::array();
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    pieces.push_back(
        {{"id", def(static_cast<PieceId>(i)).id},
         {"owner", pc.owner},
         {"where", kWhereNames[static_cast<int>(pc.where)]},
         {"square", pc.pos.str()},
         {"damage", pc.damage},
         {"revealed", pc.revealed},
         {"moved", pc.moved},
         {"attacks", pc.attacks},
         {"used", pc.used},
         {"mods",
          {pc.atk_perm, pc.def_perm, pc.atk_turn, pc.def_turn, pc.atk_battle, pc.def_battle,
           pc.shield_battle}},
         {"kw", {keywords_json(pc.kw_perm), keywords_json(pc.kw_turn), keywords_json(pc.kw_chain)}},
         {"range_bonus", pc.range_bonus}});
  }
  out["pieces"] = pieces;
  out.erase("field");
  for (Seat s = 0; s < 2; ++s) {
    out["players"][s]["master_attacked"] = master_attacked_[s];
    out["players"][s].erase("reserve");
  }
  out["summoned"] = summoned_;
  out["summoning"] = summoning_ == kNoPiece ? json(nullptr) : json(summoning_);
  out["resume"] = phase_name(resume_);
  out["window_seat"] = window_seat_;
  out["chain_priority"] = chain_.priority();
  out["chain_passes"] = chain_.passes();
  out["last_roll"] = {last_roll_die_, last_roll_face_, last_roll_gain_};
  out["last_attack"] =
      last_attack_.seat < 0 ? json(nullptr) : json{last_attack_.seat,     last_attack_.attacker,
                                                   last_attack_.defender, last_attack_.target,
                                                   last_attack_.damage,   last_attack_.defended,
                                                   last_attack_.destroyed};
  out["tie_break"] = static_cast<int>(tie_break_);
  out["rng"] = rng_to_json(rng_);
  out["winner"] = winner_ == -2 ? json(nullptr) : json(winner_);
}

}  // namespace tt::ddm
