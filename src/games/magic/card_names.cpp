// The names the card format gives the engine's enumerations
// (docs/games/magic-card-format.md; the schema lists the same names).
#include "games/magic/card_reader.h"

namespace tt::magic {

const Names<TargetKind> kTargetKinds = {
    {"any", TargetKind::kAny},
    {"creature", TargetKind::kCreature},
    {"creature-opponent-controls", TargetKind::kCreatureOpponentControls},
    {"creature-you-control", TargetKind::kCreatureYouControl},
    {"permanent", TargetKind::kPermanent},
    {"nonland-permanent", TargetKind::kNonlandPermanent},
    {"another-nonland-permanent", TargetKind::kAnotherNonlandPermanent},
    {"permanent-you-control", TargetKind::kPermanentYouControl},
    {"player", TargetKind::kPlayer},
    {"opponent", TargetKind::kOpponent},
    {"teammate", TargetKind::kTeammate},
    {"instant-or-sorcery-spell", TargetKind::kInstantOrSorcerySpell}};
const Names<When> kWhens = {{"enters", When::kEnters},
                            {"leaves", When::kLeaves},
                            {"attacks", When::kAttacks},
                            {"blocks", When::kBlocks},
                            {"combat-damage-to-player", When::kCombatDamageToPlayer},
                            {"creature-dies", When::kCreatureDies},
                            {"creature-enters", When::kCreatureEnters},
                            {"your-upkeep", When::kYourUpkeep},
                            {"each-upkeep", When::kEachUpkeep},
                            {"enchanted-player-upkeep", When::kEnchantedPlayerUpkeep},
                            {"enchanted-player-loses", When::kEnchantedPlayerLoses},
                            {"each-combat", When::kEachCombat},
                            {"each-end-step", When::kEachEndStep}};
const Names<StaticKind> kStatics = {{"control-enchanted", StaticKind::kControlEnchanted},
                                    {"enchanted-pt", StaticKind::kEnchantedPt},
                                    {"cant-attack-you", StaticKind::kCantAttackYou},
                                    {"attack-limit", StaticKind::kAttackLimit},
                                    {"block-limit", StaticKind::kBlockLimit}};
const Names<Who> kWhos = {{"you", Who::kYou},
                          {"target", Who::kTarget},
                          {"defending-player", Who::kDefendingPlayer},
                          {"attacking-player", Who::kAttackingPlayer},
                          {"chosen-player", Who::kChosenPlayer},
                          {"chosen", Who::kChosen},
                          {"that-player", Who::kThatPlayer},
                          {"its-controller", Who::kItsController},
                          {"each-opponent", Who::kEachOpponent},
                          {"each-player", Who::kEachPlayer},
                          {"active-player", Who::kActivePlayer},
                          {"an-opponent", Who::kAnOpponent}};
const Names<Verb> kVerbs = {{"damage", Verb::kDamage},
                            {"lose-life", Verb::kLoseLife},
                            {"gain-life", Verb::kGainLife},
                            {"gain-life-per-opponent-creature", Verb::kGainLifePerOpponentCreature},
                            {"draw", Verb::kDraw},
                            {"create-token", Verb::kCreateToken},
                            {"gain-control", Verb::kGainControl},
                            {"give-control", Verb::kGiveControl},
                            {"untap", Verb::kUntap},
                            {"tap", Verb::kTap},
                            {"pump", Verb::kPump},
                            {"grant", Verb::kGrant},
                            {"exile", Verb::kExile},
                            {"return-linked", Verb::kReturnLinked},
                            {"copy-spell", Verb::kCopySpell},
                            {"extra-turn", Verb::kExtraTurn},
                            {"win-game", Verb::kWinGame},
                            {"restrict", Verb::kRestrict},
                            {"must-attack-you", Verb::kMustAttackYou},
                            {"choose-mode", Verb::kChooseMode},
                            {"unless-pays-life", Verb::kUnlessPaysLife},
                            {"add-counter", Verb::kAddCounter},
                            {"poison", Verb::kPoison},
                            {"exchange-life", Verb::kExchangeLife},
                            {"put-from-library", Verb::kPutFromLibrary},
                            {"split-piles", Verb::kSplitPiles}};
const Names<What> kWhats = {{"target", What::kTarget},
                            {"self", What::kSelf},
                            {"creatures-of-defending-player", What::kCreaturesOfDefendingPlayer},
                            {"creatures-of-active-player", What::kCreaturesOfActivePlayer},
                            {"each-creature", What::kEachCreature}};
const Names<DamageTo> kDamageTo = {{"target", DamageTo::kTarget},
                                   {"each-opponent", DamageTo::kEachOpponent},
                                   {"each-creature-and-player", DamageTo::kEachCreatureAndPlayer}};
const Names<Duration> kDurations = {{"end-of-turn", Duration::kEndOfTurn},
                                    {"game", Duration::kGame},
                                    {"your-next-turn", Duration::kUntilYourNextTurn}};
const Names<Return> kReturns = {{"none", Return::kNone},
                                {"until-source-leaves", Return::kUntilSourceLeaves},
                                {"linked", Return::kLinked},
                                {"next-end-step", Return::kNextEndStep}};
const Names<std::uint16_t> kKeywords = {{"flying", kFlying},
                                        {"first-strike", kFirstStrike},
                                        {"double-strike", kDoubleStrike},
                                        {"trample", kTrample},
                                        {"menace", kMenace},
                                        {"vigilance", kVigilance},
                                        {"haste", kHaste},
                                        {"lifelink", kLifelink}};
const Names<std::uint8_t> kTypes = {{"land", kLand},         {"creature", kCreature},
                                    {"artifact", kArtifact}, {"enchantment", kEnchantment},
                                    {"instant", kInstant},   {"sorcery", kSorcery}};

}  // namespace tt::magic
