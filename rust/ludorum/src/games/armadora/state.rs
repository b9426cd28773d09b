//! The game state: options and setup, play and undo with incremental Zobrist keys, scoring,
//! the viewer's JSON and resampling, and the [`Game`] impl.

use serde_json::{json, Map, Value};

use super::board::{self, Edges, CELLS, MINES, MINE_CELLS, SLOTS};
use super::movegen::{Move, MoveKind};
use super::notation;
use crate::core::error::Error;
use crate::core::facts::{Facts, OptionDefault, OptionKind, OptionSpec, FIRST_PLAYER, SEED};
use crate::core::hidden::{Hidden, HiddenInformation};
use crate::core::observation::{write_all, write_bits, Layout};
use crate::core::options::{python_repr, Options};
use crate::core::outcome::Outcome;
use crate::core::rng::SplitMix64;
use crate::core::stack::Stack;
use crate::core::zobrist;
use crate::prelude::*;

/// Seed of the Zobrist tables: the bytes of `"ARMADORA"`.
pub const ZOBRIST_SEED: u64 = 0x4152_4D41_444F_5241;

const PALISADE_KEYS_AT: usize = CELLS * 4 * 5;
const GOLD_KEYS_AT: usize = PALISADE_KEYS_AT + SLOTS;
const PASSED_KEYS_AT: usize = GOLD_KEYS_AT + MINES * 5;
const TURN_KEYS_AT: usize = PASSED_KEYS_AT + 4;
// The advanced rules' keys, appended (the rules page, *Zobrist keys (advanced)*).
const USED_KEYS_AT: usize = TURN_KEYS_AT + 4;
const REINFORCE_KEYS_AT: usize = USED_KEYS_AT + 4 * 2;
const ARROW_KEYS_AT: usize = REINFORCE_KEYS_AT + CELLS;
const FACE_UP_KEYS_AT: usize = ARROW_KEYS_AT + CELLS * 2;
const LOOK_KEYS_AT: usize = FACE_UP_KEYS_AT + CELLS;
const POWER_USED_KEY_AT: usize = LOOK_KEYS_AT + 4 * CELLS;
const KEY_COUNT: usize = POWER_USED_KEY_AT + 1;

/// The Zobrist table in the order of the rules page.
pub static ZOBRIST: [u64; KEY_COUNT] = zobrist::table(ZOBRIST_SEED);

#[inline(always)]
fn warrior_key(cell: usize, owner: usize, strength: usize) -> u64 {
    ZOBRIST[(cell * 4 + owner) * 5 + strength - 1]
}
#[inline(always)]
fn palisade_key(slot: usize) -> u64 {
    ZOBRIST[PALISADE_KEYS_AT + slot]
}
#[inline(always)]
fn gold_key(mine: usize, value: u8) -> u64 {
    ZOBRIST[GOLD_KEYS_AT + mine * 5 + usize::from(value) - 3]
}
#[inline(always)]
fn passed_key(player: usize) -> u64 {
    ZOBRIST[PASSED_KEYS_AT + player]
}
#[inline(always)]
fn turn_key(player: usize) -> u64 {
    ZOBRIST[TURN_KEYS_AT + player]
}
/// Player `player` has used `used` (1 or 2) of its power tokens.
#[inline(always)]
fn used_key(player: usize, used: u8) -> u64 {
    ZOBRIST[USED_KEYS_AT + 2 * player + usize::from(used) - 1]
}
#[inline(always)]
fn reinforce_key(cell: usize) -> u64 {
    ZOBRIST[REINFORCE_KEYS_AT + cell]
}
/// The warrior of `cell` carries `arrows` (1 or 2) arrows.
#[inline(always)]
fn arrow_key(cell: usize, arrows: u8) -> u64 {
    ZOBRIST[ARROW_KEYS_AT + 2 * cell + usize::from(arrows) - 1]
}
#[inline(always)]
fn face_up_key(cell: usize) -> u64 {
    ZOBRIST[FACE_UP_KEYS_AT + cell]
}
#[inline(always)]
fn look_key(player: usize, cell: usize) -> u64 {
    ZOBRIST[LOOK_KEYS_AT + CELLS * player + cell]
}
const POWER_USED_KEY: u64 = ZOBRIST[POWER_USED_KEY_AT];

/// What Armadora declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "armadora",
    class_name: "Armadora",
    summary: "claim gold with hidden-strength warriors and palisades (2-4 players; base or \
              advanced rules, partners with 4)",
    players: &[2, 3, 4],
    options: &[
        OptionSpec {
            name: "players",
            kind: OptionKind::IntChoice(&[2, 3, 4]),
            nullable: false,
            default: OptionDefault::Int(2),
            doc: "number of players",
        },
        SEED,
        FIRST_PLAYER,
        OptionSpec {
            name: "gold",
            kind: OptionKind::IntList { len: MINES },
            nullable: true,
            default: OptionDefault::None,
            doc: "the gold on each mine in mine order, a permutation of 3 4 4 5 5 6 6 7; \
                  None: shuffled from the seed",
        },
        OptionSpec {
            name: "rules",
            kind: OptionKind::StrChoice(&["base", "advanced"]),
            nullable: false,
            default: OptionDefault::Str("base"),
            doc: "'advanced' adds the race powers and the reinforcement tokens",
        },
        OptionSpec {
            name: "races",
            kind: OptionKind::StrList(&RACE_NAMES),
            nullable: true,
            default: OptionDefault::None,
            doc: "each seat's race (advanced rules), players distinct names from orc, goblin, \
                  elf, mage; None: the first players of them in that order",
        },
        OptionSpec {
            name: "reinforcement",
            kind: OptionKind::StrChoice(&["open", "full", "any"]),
            nullable: false,
            default: OptionDefault::Str("any"),
            doc: "advanced rules: the territory a reinforcement goes in may be any, or must be \
                  open (a free land cell left), or full",
        },
        OptionSpec {
            name: "power_before_action",
            kind: OptionKind::Bool,
            nullable: false,
            default: OptionDefault::Bool(false),
            doc: "advanced rules: True lets a power come before the turn's action, as a ply of \
                  its own; False makes using a power the turn's action",
        },
        OptionSpec {
            name: "partners",
            kind: OptionKind::Bool,
            nullable: false,
            default: OptionDefault::Bool(false),
            doc: "4 players: facing players (0 and 2, 1 and 3) play as a team",
        },
    ],
    hidden_information: true,
    seeded: true,
    // Random games end within ~60 plies: palisades and warriors run out, then passes.
    simulation_max_plies: None,
    reasons: &["gold", "tie-break"],
    bench: &[
        "players=2",
        "players=3",
        "players=4",
        "players=2,rules=advanced",
        "players=4,rules=advanced,partners=true",
    ],
    bench_perft: &[("players=2", 2)],
    openspiel: None,
    // Random games end within ~60 plies, and the score at the end is what decides: rollouts
    // to the end.
    search: crate::core::facts::SearchFacts {
        rollout_plies: None,
        exploration: 1.4,
        strength_options: "",
    },
};

/// The gold stacks, in the order the setup shuffles them.
pub const GOLD_STACKS: [u8; MINES] = [3, 4, 4, 5, 5, 6, 6, 7];

/// Starting warriors of strength 1..5 by player count − 2.
pub const SUPPLIES: [[u8; 5]; 3] = [[11, 2, 1, 1, 1], [7, 2, 1, 1, 0], [5, 1, 1, 1, 0]];

/// Palisades in the shared supply at the start.
pub const PALISADES: u8 = 35;

const NO_OWNER: u8 = u8::MAX;
const NO_CELL: u8 = u8::MAX;

/// The races, by index: orc 0, goblin 1, elf 2, mage 3 (also the base game's seat characters).
pub const RACE_NAMES: [&str; 4] = ["orc", "goblin", "elf", "mage"];
/// The race index of the Orc.
pub const ORC: u8 = 0;
/// The race index of the Goblin.
pub const GOBLIN: u8 = 1;
/// The race index of the Elf.
pub const ELF: u8 = 2;
/// The race index of the Mage.
pub const MAGE: u8 = 3;
/// Power tokens at the start, by race.
pub const POWER_TOKENS: [u8; 4] = [1, 1, 2, 2];

/// Which warriors a reinforcement may go on: by the territory of its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reinforcement {
    /// The territory has a free land cell.
    Open,
    /// The territory has no free land cell.
    Full,
    /// Any territory (the default).
    Any,
}

impl Reinforcement {
    fn name(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Full => "full",
            Self::Any => "any",
        }
    }
}

/// The options of a game, validated.
#[derive(Clone, Copy, Debug)]
struct Config {
    players: u8,
    seed: u64,
    first_player: Option<u8>,
    gold: Option<[u8; MINES]>,
    advanced: bool,
    races: [u8; 4],
    reinforcement: Reinforcement,
    /// True: a power is a ply of its own before the turn's action; false: it is the action.
    power_before_action: bool,
    partners: bool,
}

/// A territory as the referee sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    /// Its cells, ascending.
    pub cells: Vec<usize>,
    /// The gold on its mines.
    pub gold: u32,
    /// Each player's strength there.
    pub strengths: Vec<u32>,
}

/// A game of Armadora (base or advanced rules, partners or not).
#[derive(Clone, Debug)]
pub struct Armadora {
    config: Config,
    players: u8,
    /// Per cell: the owner of its warrior or `NO_OWNER`.
    owners: [u8; CELLS],
    /// Per cell: the strength of its warrior (0 when none).
    strengths: [u8; CELLS],
    /// Cells holding a warrior.
    occupied: u64,
    gold: [u8; MINES],
    /// Occupied slots.
    pub(super) palisades: u128,
    /// The passable edges.
    pub(super) edges: Edges,
    pub(super) palisades_left: u8,
    pub(super) supplies: [[u8; 5]; 4],
    passed: [bool; 4],
    /// The player to move; once over, the last mover.
    to_move: u8,
    key: u64,
    outcome: Option<Outcome>,
    history: Stack<Move>,
    /// Per move: the mover, the key and `power_used` before it.
    undos: Stack<(u8, u64, bool)>,
    // -- the advanced rules (all empty with base rules) --
    /// Per player: power tokens left.
    powers: [u8; 4],
    /// Per player: the cell its reinforcement token lies on, `NO_CELL` while it holds it.
    reinforced_at: [u8; 4],
    /// Cells whose warrior carries a reinforcement token.
    reinforced: u64,
    /// Per cell: the arrows on its warrior.
    arrows: [u8; CELLS],
    /// Cells of face-up warriors.
    face_up: u64,
    /// Per player: the cells it has looked at.
    looks: [u64; 4],
    /// True while the player to move has used a power this turn.
    power_used: bool,
}

impl Armadora {
    /// A new game (options already validated).
    fn setup(config: Config) -> Self {
        let players = usize::from(config.players);
        let mut rng = SplitMix64::new(config.seed);
        let to_move = config
            .first_player
            .map_or_else(|| rng.below(players), usize::from);
        let gold = config.gold.unwrap_or_else(|| {
            let mut g = GOLD_STACKS;
            for i in (1..MINES).rev() {
                g.swap(i, rng.below(i + 1));
            }
            g
        });
        let mut supplies = [[0; 5]; 4];
        for s in supplies.iter_mut().take(players) {
            *s = SUPPLIES[players - 2];
        }
        let mut powers = [0; 4];
        if config.advanced {
            for (p, tokens) in powers.iter_mut().enumerate().take(players) {
                *tokens = POWER_TOKENS[usize::from(config.races[p])];
            }
        }
        let mut game = Self {
            config,
            players: config.players,
            owners: [NO_OWNER; CELLS],
            strengths: [0; CELLS],
            occupied: 0,
            gold,
            palisades: 0,
            edges: Edges::OPEN,
            palisades_left: PALISADES,
            supplies,
            passed: [false; 4],
            to_move: to_move as u8,
            key: 0,
            outcome: None,
            history: Stack::with_capacity(64),
            undos: Stack::with_capacity(64),
            powers,
            reinforced_at: [NO_CELL; 4],
            reinforced: 0,
            arrows: [0; CELLS],
            face_up: 0,
            looks: [0; 4],
            power_used: false,
        };
        game.key = game.key_from_scratch();
        game
    }

    /// The player to move, `None` once over.
    #[inline]
    pub(super) fn to_move_now(&self) -> Option<usize> {
        self.outcome.is_none().then_some(usize::from(self.to_move))
    }

    /// Empty land cells.
    #[inline]
    pub(super) fn free_cells(&self) -> u64 {
        board::LAND & !self.occupied
    }

    /// The warrior on `cell`: owner and strength (the referee's view).
    pub fn warrior(&self, cell: usize) -> Option<(u8, u8)> {
        (self.owners[cell] != NO_OWNER).then(|| (self.owners[cell], self.strengths[cell]))
    }

    /// The gold on mine `mine` (mine order).
    pub fn gold(&self, mine: usize) -> u8 {
        self.gold[mine]
    }

    /// The occupied slots, ascending.
    pub fn palisades(&self) -> Vec<usize> {
        self.palisade_slots().collect()
    }

    /// The occupied slots, ascending, from the bits (no list: the observation of a batched
    /// env's step reads them).
    fn palisade_slots(&self) -> impl Iterator<Item = usize> {
        let mut bits = self.palisades;
        std::iter::from_fn(move || {
            let s = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (s < SLOTS).then_some(s)
        })
    }

    /// A player's remaining warriors of strength 1..5.
    pub fn supply(&self, player: usize) -> [u8; 5] {
        self.supplies[player]
    }

    /// Palisades left in the shared supply.
    pub fn palisades_left(&self) -> u8 {
        self.palisades_left
    }

    /// True once `player` has passed.
    pub fn has_passed(&self, player: usize) -> bool {
        self.passed[player]
    }

    /// The territories, ordered by smallest cell, as the referee sees them.
    pub fn territories(&self) -> Vec<Territory> {
        let n = usize::from(self.players);
        self.edges
            .territories()
            .into_iter()
            .map(|t| {
                let cells: Vec<usize> = (0..CELLS).filter(|&c| t & (1 << c) != 0).collect();
                let gold = (0..MINES)
                    .filter(|&m| t & (1 << MINE_CELLS[m]) != 0)
                    .map(|m| u32::from(self.gold[m]))
                    .sum();
                let mut strengths = vec![0u32; n];
                for &c in &cells {
                    if self.owners[c] != NO_OWNER {
                        strengths[usize::from(self.owners[c])] += self.value(c);
                    }
                }
                Territory {
                    cells,
                    gold,
                    strengths,
                }
            })
            .collect()
    }

    /// The value of the warrior on `cell` at scoring: `max(0, strength + reinforcement −
    /// arrows)`.
    #[inline]
    fn value(&self, cell: usize) -> u32 {
        let r = u32::from(self.reinforced & (1 << cell) != 0);
        (u32::from(self.strengths[cell]) + r).saturating_sub(u32::from(self.arrows[cell]))
    }

    /// The team of `player`: `player % 2` with partners, else the player itself.
    #[inline]
    pub(super) fn team(&self, player: usize) -> usize {
        if self.config.partners {
            player % 2
        } else {
            player
        }
    }

    /// Each side's (team's, or player's without partners) gold and piles if the game were
    /// scored now.
    fn tally_sides(&self) -> (Vec<u32>, Vec<Vec<u32>>) {
        let sides = if self.config.partners {
            2
        } else {
            usize::from(self.players)
        };
        let awards: Vec<(u32, Vec<u32>)> = self
            .territories()
            .into_iter()
            .map(|t| {
                let mut strengths = vec![0u32; sides];
                for (p, s) in t.strengths.into_iter().enumerate() {
                    strengths[self.team(p)] += s;
                }
                (t.gold, strengths)
            })
            .collect();
        settle(&awards, sides)
    }

    /// Each player's gold if the game were scored now (with partners, its team's gold).
    pub(super) fn tally(&self) -> Vec<u32> {
        let (gold, _) = self.tally_sides();
        (0..usize::from(self.players))
            .map(|p| gold[self.team(p)])
            .collect()
    }

    /// The outcome if the game were scored now: with partners, both members of a winning team
    /// win.
    fn score_outcome(&self) -> Outcome {
        let (gold, piles) = self.tally_sides();
        let outcome = decide(&gold, &piles);
        if !self.config.partners {
            return outcome;
        }
        let winners = (0..usize::from(self.players))
            .filter(|&p| outcome.winners & (1 << self.team(p)) != 0)
            .fold(0, |m, p| m | (1 << p));
        Outcome { winners, ..outcome }
    }

    /// The gold of each player once the game is over, `None` before (with partners, each
    /// player's team's gold).
    pub fn scores(&self) -> Option<Vec<u32>> {
        self.outcome.map(|_| self.tally())
    }

    /// Whether `viewer` may see the strength of the warrior on `cell`: its own, a face-up one,
    /// one it looked at, or anything once over.
    fn shows(&self, viewer: usize, cell: usize) -> bool {
        self.outcome.is_some()
            || usize::from(self.owners[cell]) == viewer
            || (self.face_up | self.looks[viewer]) & (1 << cell) != 0
    }

    /// True with `rules="advanced"`.
    pub fn is_advanced(&self) -> bool {
        self.config.advanced
    }

    /// True with `power_before_action=True`: a power is a ply of its own before the turn's
    /// action (otherwise using it is the action).
    pub fn power_before_action(&self) -> bool {
        self.config.power_before_action
    }

    /// True once palisades separate some cells from the rest: the whole board is no longer one
    /// territory (palisades are never removed, so this stays so).
    pub(super) fn territory_closed(&self) -> bool {
        self.edges.territory(0) != board::ALL
    }

    /// True with `partners=True`.
    pub fn has_partners(&self) -> bool {
        self.config.partners
    }

    /// Each seat's race name (with base rules, the seat characters orc, goblin, elf, mage).
    pub fn races(&self) -> Vec<&'static str> {
        (0..usize::from(self.players))
            .map(|p| RACE_NAMES[usize::from(self.config.races[p])])
            .collect()
    }

    /// The race index of `player` (orc 0, goblin 1, elf 2, mage 3).
    #[inline]
    pub(super) fn race(&self, player: usize) -> u8 {
        self.config.races[player]
    }

    /// Which warriors a reinforcement may go on.
    #[inline]
    pub(super) fn reinforcement_rule(&self) -> Reinforcement {
        self.config.reinforcement
    }

    /// Power tokens left per player (0 with base rules).
    pub fn powers(&self) -> Vec<u8> {
        self.powers[..usize::from(self.players)].to_vec()
    }

    /// Power tokens left of `player`.
    #[inline]
    pub(super) fn powers_left(&self, player: usize) -> u8 {
        self.powers[player]
    }

    /// Per player: the cell its reinforcement token lies on, `None` while it holds it (or with
    /// base rules).
    pub fn reinforcements(&self) -> Vec<Option<usize>> {
        self.reinforced_at[..usize::from(self.players)]
            .iter()
            .map(|&c| (c != NO_CELL).then_some(usize::from(c)))
            .collect()
    }

    /// True while `player` holds its reinforcement token (advanced rules only).
    #[inline]
    pub(super) fn holds_reinforcement(&self, player: usize) -> bool {
        self.config.advanced && self.reinforced_at[player] == NO_CELL
    }

    /// The arrows on the warrior of `cell` (0, 1 or 2).
    pub fn arrows(&self, cell: usize) -> u8 {
        self.arrows[cell]
    }

    /// The cells of face-up warriors, ascending.
    pub fn face_up(&self) -> Vec<usize> {
        cells_of(self.face_up)
    }

    /// Face-up warriors as a bitboard.
    #[inline]
    pub(super) fn face_up_mask(&self) -> u64 {
        self.face_up
    }

    /// The cells `player` has looked at, ascending.
    pub fn looks(&self, player: usize) -> Vec<usize> {
        cells_of(self.looks[player])
    }

    /// The cells `player` has looked at, as a bitboard.
    #[inline]
    pub(super) fn looks_mask(&self, player: usize) -> u64 {
        self.looks[player]
    }

    /// True while the player to move has used a power this turn.
    pub fn power_used(&self) -> bool {
        self.power_used
    }

    /// Cells holding a warrior of `player`.
    pub(super) fn warriors_of(&self, player: usize) -> u64 {
        (0..CELLS)
            .filter(|&c| usize::from(self.owners[c]) == player)
            .fold(0, |m, c| m | (1 << c))
    }

    /// Cells holding a warrior of an opponent of `player` (another team's).
    pub(super) fn opponents_of(&self, player: usize) -> u64 {
        let team = self.team(player);
        (0..CELLS)
            .filter(|&c| {
                self.owners[c] != NO_OWNER && self.team(usize::from(self.owners[c])) != team
            })
            .fold(0, |m, c| m | (1 << c))
    }

    /// True when the territory of `cell` has a free land cell.
    #[inline]
    pub(super) fn is_open(&self, cell: usize) -> bool {
        self.edges.territory(cell) & self.free_cells() != 0
    }

    /// Ends the game if nobody is left to move, else hands the turn on.
    fn pass_turn(&mut self, mover: usize) {
        let n = usize::from(self.players);
        self.key ^= turn_key(mover);
        match (1..=n).map(|i| (mover + i) % n).find(|&q| !self.passed[q]) {
            Some(q) => {
                self.to_move = q as u8;
                self.key ^= turn_key(q);
            }
            None => self.outcome = Some(self.score_outcome()),
        }
    }
}

/// The cells of a bitboard, ascending.
fn cells_of(mask: u64) -> Vec<usize> {
    (0..CELLS).filter(|&c| mask & (1 << c) != 0).collect()
}

/// Each player's gold and piles (non-zero awards) from `(gold, strengths)` per territory.
pub fn settle(territories: &[(u32, Vec<u32>)], players: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut scores = vec![0u32; players];
    let mut piles = vec![Vec::new(); players];
    for (gold, strengths) in territories {
        let best = strengths.iter().copied().max().unwrap_or(0);
        if best == 0 {
            continue;
        }
        let tied = strengths.iter().filter(|&&s| s == best).count() as u32;
        let share = gold / tied;
        if share == 0 {
            continue;
        }
        for (p, &s) in strengths.iter().enumerate() {
            if s == best {
                scores[p] += share;
                piles[p].push(share);
            }
        }
    }
    for p in &mut piles {
        p.sort_unstable_by(|a, b| b.cmp(a));
    }
    (scores, piles)
}

/// The outcome from the scores and the piles (each sorted from largest down).
pub fn decide(scores: &[u32], piles: &[Vec<u32>]) -> Outcome {
    let best = scores.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..scores.len()).filter(|&p| scores[p] == best).collect();
    if top.len() == 1 {
        return Outcome::win(top[0], "gold");
    }
    let best_piles = top.iter().map(|&p| &piles[p]).max().expect("a player");
    let winners: Vec<usize> = top
        .into_iter()
        .filter(|&p| &piles[p] == best_piles)
        .collect();
    if winners.len() == scores.len() {
        return Outcome::draw("tie-break");
    }
    Outcome {
        winners: winners.iter().fold(0, |m, &p| m | (1 << p)),
        reason: "tie-break",
    }
}

/// The `gold` option: `None` or 8 values, a permutation of 3 4 4 5 5 6 6 7.
fn gold_option(value: Option<&Value>) -> Result<Option<[u8; MINES]>, Error> {
    let bad = |value: &Value| {
        Error::InvalidOption(format!(
            "gold must be None or a list of 8 values, a permutation of 3 4 4 5 5 6 6 7, got {}",
            python_repr(value)
        ))
    };
    match value {
        None => Ok(None),
        Some(value) => {
            let list = value.as_array().ok_or_else(|| bad(value))?;
            if list.len() != MINES {
                return Err(bad(value));
            }
            let mut out = [0u8; MINES];
            for (o, v) in out.iter_mut().zip(list) {
                *o = v
                    .as_u64()
                    .filter(|n| (3..=7).contains(n))
                    .ok_or_else(|| bad(value))? as u8;
            }
            let mut sorted = out;
            sorted.sort_unstable();
            if sorted != GOLD_STACKS {
                return Err(bad(value));
            }
            Ok(Some(out))
        }
    }
}

/// The `races` option: `None` or `players` distinct race names.
fn races_option(value: Option<&Value>, players: usize) -> Result<Option<[u8; 4]>, Error> {
    let Some(value) = value else {
        return Ok(None);
    };
    let bad = || {
        Error::InvalidOption(format!(
            "races must be None or a list of {players} distinct races from 'orc', 'goblin', \
             'elf', 'mage', got {}",
            python_repr(value)
        ))
    };
    let list = value
        .as_array()
        .filter(|l| l.len() == players)
        .ok_or_else(bad)?;
    let mut races = [0u8; 4];
    let mut seen = 0u8;
    for (p, name) in list.iter().enumerate() {
        let race = name
            .as_str()
            .and_then(|n| RACE_NAMES.iter().position(|r| *r == n))
            .ok_or_else(bad)? as u8;
        if seen & (1 << race) != 0 {
            return Err(bad());
        }
        seen |= 1 << race;
        races[p] = race;
    }
    // Seats past `players` keep distinct races, unused.
    let mut rest = (0..4u8).filter(|r| seen & (1 << r) == 0);
    for race in races.iter_mut().skip(players) {
        *race = rest.next().expect("4 races");
    }
    Ok(Some(races))
}

impl Game for Armadora {
    fn board_text(&self, viewer: Option<usize>) -> Option<String> {
        Some(super::drawing::board_text(self, viewer))
    }

    const FACTS: &'static Facts = FACTS;

    fn hidden_information() -> Option<Hidden<Self>> {
        Some(Hidden::of())
    }

    fn new(options: &Map<String, Value>) -> Result<Self, Error> {
        let checked = Options::new(FACTS, options)?;
        let players = checked.int("players")?.expect("players has a default") as usize;
        let seed = checked.seed()?;
        let first_player = checked.first_player(players)?;
        let gold = gold_option(checked.value("gold")?)?;
        let advanced = checked.str("rules")? == "advanced";
        let races_value = checked.value("races")?;
        let races = races_option(races_value, players)?;
        if let (false, Some(value)) = (advanced, races_value) {
            return Err(Error::InvalidOption(format!(
                "races must be None with rules='base', got {}",
                python_repr(value)
            )));
        }
        let reinforcement = match checked.str("reinforcement")? {
            "full" => Reinforcement::Full,
            "open" => Reinforcement::Open,
            _ => Reinforcement::Any,
        };
        if !advanced && reinforcement != Reinforcement::Any {
            return Err(Error::InvalidOption(format!(
                "reinforcement must be 'any' with rules='base', got '{}'",
                reinforcement.name()
            )));
        }
        let power_before_action = checked.bool("power_before_action")?;
        if !advanced && power_before_action {
            return Err(Error::InvalidOption(
                "power_before_action must be False with rules='base', got True".into(),
            ));
        }
        let partners = checked.bool("partners")?;
        if partners && players != 4 {
            return Err(Error::InvalidOption(format!(
                "partners must be False with {players} players, got True"
            )));
        }
        Ok(Self::setup(Config {
            players: players as u8,
            seed,
            first_player: first_player.map(|p| p as u8),
            gold,
            advanced,
            races: races.unwrap_or([ORC, GOBLIN, ELF, MAGE]),
            reinforcement,
            power_before_action,
            partners,
        }))
    }

    fn restart(&self, seed: u64) -> Self {
        Self::setup(Config {
            seed,
            ..self.config
        })
    }

    fn options(&self) -> Map<String, Value> {
        let c = &self.config;
        let mut map = Map::new();
        map.insert("players".into(), json!(c.players));
        map.insert("seed".into(), json!(c.seed));
        map.insert("first_player".into(), json!(c.first_player));
        map.insert("gold".into(), json!(c.gold));
        if c.advanced {
            map.insert("rules".into(), json!("advanced"));
            map.insert("races".into(), json!(self.races()));
            map.insert("reinforcement".into(), json!(c.reinforcement.name()));
            map.insert("power_before_action".into(), json!(c.power_before_action));
        }
        if c.partners {
            map.insert("partners".into(), json!(true));
        }
        map
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        self.to_move_now()
    }

    fn why_illegal(&self, mv: Move) -> String {
        let p = usize::from(self.to_move);
        match mv.kind() {
            MoveKind::Warrior { strength, cell } => {
                let cell = usize::from(cell);
                if board::MINES_MASK & (1 << cell) != 0 {
                    "a warrior cannot go on a gold mine".into()
                } else if self.occupied & (1 << cell) != 0 {
                    "the cell already holds a warrior".into()
                } else if self.supplies[p][usize::from(strength - 1)] == 0 {
                    format!("no warrior of strength {strength} left")
                } else {
                    "not a legal move in this position".into()
                }
            }
            MoveKind::Single(s) | MoveKind::Pair(s, _) | MoveKind::Pair(_, s)
                if self.palisades & (1u128 << s) != 0 =>
            {
                "the slot already holds a palisade".into()
            }
            MoveKind::Single(_) if self.palisades_left == 0 => "no palisades left".into(),
            MoveKind::Pair(..) if self.palisades_left < 2 => {
                "two palisades need two left in the supply".into()
            }
            MoveKind::Single(_) | MoveKind::Pair(..) => {
                "a territory would have fewer than 4 cells".into()
            }
            MoveKind::Pass => "not a legal move in this position".into(),
            MoveKind::Reinforce(cell) => self.why_no_reinforcement(p, cell),
            _ => self.why_no_power(p, mv.kind()),
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        let p = usize::from(self.to_move);
        self.undos.push((p as u8, self.key, self.power_used));
        self.history.push(mv);
        match mv.kind() {
            MoveKind::Warrior { strength, cell } => self.put_warrior(p, strength, cell),
            MoveKind::Single(a) => self.put_palisade(usize::from(a)),
            MoveKind::Pair(a, b) => {
                let (a, b) = (usize::from(a), usize::from(b));
                self.palisades |= (1u128 << a) | (1u128 << b);
                self.edges = self.edges.without(a).without(b);
                self.palisades_left -= 2;
                self.key ^= palisade_key(a) ^ palisade_key(b);
            }
            MoveKind::Pass => {
                self.passed[p] = true;
                self.key ^= passed_key(p);
            }
            MoveKind::Reinforce(cell) => {
                let c = usize::from(cell);
                self.reinforced_at[p] = cell;
                self.reinforced |= 1 << c;
                self.key ^= reinforce_key(c);
            }
            MoveKind::Mage(cell) => {
                let c = usize::from(cell);
                self.looks[p] |= 1 << c;
                self.key ^= look_key(p, c);
                return self.spend_power(p);
            }
            MoveKind::Goblin { strength, cell } => {
                self.put_warrior(p, strength, cell);
                self.face_up |= 1 << cell;
                self.key ^= face_up_key(usize::from(cell));
                return self.spend_power(p);
            }
            MoveKind::Orc(a) => {
                self.put_palisade(usize::from(a));
                return self.spend_power(p);
            }
            MoveKind::Elf(cell) => {
                let c = usize::from(cell);
                let n = self.arrows[c];
                if n > 0 {
                    self.key ^= arrow_key(c, n);
                }
                self.arrows[c] = n + 1;
                self.key ^= arrow_key(c, n + 1);
                return self.spend_power(p);
            }
        }
        // The turn's action: the power of the turn, if any, is over with it.
        if self.power_used {
            self.power_used = false;
            self.key ^= POWER_USED_KEY;
        }
        self.pass_turn(p);
    }

    fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        let (mover, key, power_used) = self.undos.pop().expect("one undo per move");
        let p = usize::from(mover);
        match mv.kind() {
            MoveKind::Warrior { strength, cell } => self.take_warrior(p, strength, cell),
            MoveKind::Single(a) => self.take_palisade(usize::from(a)),
            MoveKind::Pair(a, b) => {
                self.palisades &= !((1u128 << a) | (1u128 << b));
                self.palisades_left += 2;
                self.edges = self.rebuild_edges();
            }
            MoveKind::Pass => self.passed[p] = false,
            MoveKind::Reinforce(cell) => {
                self.reinforced_at[p] = NO_CELL;
                self.reinforced &= !(1 << cell);
            }
            MoveKind::Mage(cell) => {
                self.looks[p] &= !(1 << cell);
                self.powers[p] += 1;
            }
            MoveKind::Goblin { strength, cell } => {
                self.take_warrior(p, strength, cell);
                self.face_up &= !(1 << cell);
                self.powers[p] += 1;
            }
            MoveKind::Orc(a) => {
                self.take_palisade(usize::from(a));
                self.powers[p] += 1;
            }
            MoveKind::Elf(cell) => {
                self.arrows[usize::from(cell)] -= 1;
                self.powers[p] += 1;
            }
        }
        self.to_move = mover;
        self.outcome = None;
        self.key = key;
        self.power_used = power_used;
        Some(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for c in 0..CELLS {
            if let Some((o, s)) = self.warrior(c) {
                key ^= warrior_key(c, usize::from(o), usize::from(s));
            }
        }
        for s in self.palisade_slots() {
            key ^= palisade_key(s);
        }
        for (m, &g) in self.gold.iter().enumerate() {
            key ^= gold_key(m, g);
        }
        for p in 0..usize::from(self.players) {
            if self.passed[p] {
                key ^= passed_key(p);
            }
        }
        if let Some(p) = self.to_move_now() {
            key ^= turn_key(p);
        }
        if self.config.advanced {
            for p in 0..usize::from(self.players) {
                let used = POWER_TOKENS[usize::from(self.race(p))] - self.powers[p];
                if used > 0 {
                    key ^= used_key(p, used);
                }
            }
            for c in 0..CELLS {
                if self.reinforced & (1 << c) != 0 {
                    key ^= reinforce_key(c);
                }
                if self.arrows[c] > 0 {
                    key ^= arrow_key(c, self.arrows[c]);
                }
                if self.face_up & (1 << c) != 0 {
                    key ^= face_up_key(c);
                }
                for p in 0..usize::from(self.players) {
                    if self.looks[p] & (1 << c) != 0 {
                        key ^= look_key(p, c);
                    }
                }
            }
            if self.power_used {
                key ^= POWER_USED_KEY;
            }
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    fn observation_shape(&self) -> Vec<usize> {
        let n = usize::from(self.players);
        if self.config.advanced {
            vec![9 * n + 17, CELLS]
        } else {
            vec![3 * n + 11, CELLS]
        }
    }

    fn observation_layout(&self) -> Layout {
        let n = self.num_players();
        let mut layout = Layout::default();
        layout.each("warriors of player", n, 1.0);
        layout.upto("own strengths", 5.0);
        layout.upto("gold", 7.0);
        layout.plane("palisade right");
        layout.plane("palisade below");
        for strength in 1..=5 {
            layout.upto(format!("own warriors of strength {strength} left"), 11.0);
        }
        layout.each("warriors left of player", n, 16.0);
        layout.each("passed player", n, 1.0);
        layout.upto("palisades left", 35.0);
        layout.plane("to move");
        if self.config.advanced {
            layout.upto("seen strengths of others", 5.0);
            layout.plane("face up");
            layout.upto("arrows", 2.0);
            layout.plane("reinforced");
            layout.plane("looked at by another");
            layout.plane("power used");
            layout.each("power tokens of player", n, 2.0);
            layout.each("reinforcement held by player", n, 1.0);
            for k in 0..n {
                for race in ["orc", "goblin", "elf", "mage"] {
                    layout.plane(format!("player +{k} is {race}"));
                }
            }
        }
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let n = usize::from(self.players);
        // The planes from the viewer's supply to "to move" hold one value at every cell: each
        // is written whole, once; only the planes with values at some cells are cleared first.
        let (sparse, rest) = out.split_at_mut((n + 4) * CELLS);
        let (uniform, advanced) = rest.split_at_mut((2 * n + 7) * CELLS);
        let (warriors, marks) = sparse.split_at_mut((n + 1) * CELLS);
        marks.fill(0.0);
        // The warrior planes (each player's, the strengths the viewer sees) are written whole
        // from the cells' arrays, with no branch on the board: a batched env writes them at
        // every step.
        let (by_player, strengths) = warriors.split_at_mut(n * CELLS);
        for (k, row) in by_player.chunks_exact_mut(CELLS).enumerate() {
            let owner = ((player + k) % n) as u8;
            for (entry, &o) in row.iter_mut().zip(&self.owners) {
                *entry = f32::from(u8::from(o == owner));
            }
        }
        // the viewer's own strengths, and every warrior's once the game is over (face-up and
        // looked-at ones have a plane of their own in the advanced rules)
        let over = self.outcome.is_some();
        let cells = self.owners.iter().zip(&self.strengths);
        for (entry, (&o, &s)) in strengths.iter_mut().zip(cells) {
            let shown = (o == player as u8) | (over & (o != NO_OWNER));
            *entry = if shown { f32::from(s) } else { 0.0 };
        }
        let mut planes = uniform.chunks_exact_mut(CELLS);
        let mut uniform_plane = |v: f32| write_all(v, planes.next().expect("2n + 7 planes"));
        let flag = |on: bool| if on { 1.0 } else { 0.0 };
        for &left in &self.supplies[player] {
            uniform_plane(f32::from(left));
        }
        for k in 0..n {
            let count: u8 = self.supplies[(player + k) % n].iter().sum();
            uniform_plane(f32::from(count));
        }
        for k in 0..n {
            uniform_plane(flag(self.passed[(player + k) % n]));
        }
        uniform_plane(f32::from(self.palisades_left));
        uniform_plane(flag(self.to_move_now() == Some(player)));
        if self.config.advanced {
            self.advanced_planes(player, advanced);
        }
        let mut plane = |k: usize, c: usize, v: f32| out[k * CELLS + c] = v;
        for (m, &c) in MINE_CELLS.iter().enumerate() {
            plane(n + 1, c, f32::from(self.gold[m]));
        }
        for s in self.palisade_slots() {
            let (a, _) = board::slot_cells(s);
            plane(if s < 35 { n + 2 } else { n + 3 }, a, 1.0);
        }
    }

    fn json_fields(&self, fields: &mut Map<String, Value>) {
        let n = usize::from(self.players);
        let warriors: Vec<Value> = (0..CELLS)
            .map(|c| self.warrior(c).map_or(Value::Null, |(o, s)| json!([o, s])))
            .collect();
        fields.insert("warriors".into(), json!(warriors));
        fields.insert("gold".into(), json!(self.gold));
        fields.insert("palisades".into(), json!(self.palisades()));
        fields.insert("supplies".into(), json!(self.supplies[..n]));
        fields.insert("palisades_left".into(), json!(self.palisades_left));
        fields.insert("passed".into(), json!(self.passed[..n]));
        if self.config.advanced {
            fields.insert("powers".into(), json!(self.powers()));
            fields.insert("reinforcements".into(), json!(self.reinforcements()));
            fields.insert("arrows".into(), json!(self.arrows[..]));
            fields.insert("face_up".into(), json!(self.face_up()));
            let looks: Vec<Vec<usize>> = (0..n).map(|p| self.looks(p)).collect();
            fields.insert("looks".into(), json!(looks));
            fields.insert("power_used".into(), json!(self.power_used));
        }
    }
}

impl Armadora {
    /// The observation planes of the advanced rules, from `B = 3 * players + 11` (the rules
    /// page, *Observation (advanced)*).
    fn advanced_planes(&self, player: usize, advanced: &mut [f32]) {
        let n = usize::from(self.players);
        let looked_by_others = (0..n)
            .filter(|&q| q != player)
            .fold(0u64, |m, q| m | self.looks[q]);
        let flag = |on: bool| if on { 1.0 } else { 0.0 };
        // Every plane written whole, from the cells' arrays and bits or with one value (a
        // batched env writes them at every step), with no zeroing pass.
        let mut planes = advanced.chunks_exact_mut(CELLS);
        let mut next = || planes.next().expect("6n + 6 advanced planes");
        // the strengths of the others' warriors the viewer is shown (face up, looked at, or
        // the game over)
        let shown = if self.outcome.is_some() {
            self.occupied
        } else {
            self.occupied & (self.face_up | self.looks[player])
        };
        let cells = self.owners.iter().zip(&self.strengths).enumerate();
        for (entry, (c, (&o, &s))) in next().iter_mut().zip(cells) {
            let on = (shown >> c) & 1 == 1 && usize::from(o) != player;
            *entry = if on { f32::from(s) } else { 0.0 };
        }
        write_bits(self.face_up & self.occupied, next());
        let cells = self.owners.iter().zip(&self.arrows);
        for (entry, (&o, &arrows)) in next().iter_mut().zip(cells) {
            *entry = f32::from(u8::from(o != NO_OWNER) * arrows);
        }
        write_bits(self.reinforced & self.occupied, next());
        write_bits(looked_by_others & self.occupied, next());
        write_all(flag(self.power_used), next());
        for k in 0..n {
            write_all(f32::from(self.powers[(player + k) % n]), next());
        }
        for k in 0..n {
            let held = self.reinforced_at[(player + k) % n] == NO_CELL;
            write_all(flag(held), next());
        }
        // each player's race, one of four planes
        for k in 0..n {
            let race = usize::from(self.race((player + k) % n));
            for r in 0..4 {
                write_all(flag(r == race), next());
            }
        }
    }

    /// `player`'s warrior of `strength` onto `cell` from its supply.
    fn put_warrior(&mut self, player: usize, strength: u8, cell: u8) {
        let (c, s) = (usize::from(cell), usize::from(strength));
        self.owners[c] = player as u8;
        self.strengths[c] = strength;
        self.occupied |= 1 << c;
        self.supplies[player][s - 1] -= 1;
        self.key ^= warrior_key(c, player, s);
    }

    /// Takes `player`'s warrior of `strength` on `cell` back to its supply (the key is restored
    /// by the caller).
    fn take_warrior(&mut self, player: usize, strength: u8, cell: u8) {
        let c = usize::from(cell);
        self.owners[c] = NO_OWNER;
        self.strengths[c] = 0;
        self.occupied &= !(1 << c);
        self.supplies[player][usize::from(strength) - 1] += 1;
    }

    /// One palisade from the supply onto `slot`.
    fn put_palisade(&mut self, slot: usize) {
        self.palisades |= 1u128 << slot;
        self.edges = self.edges.without(slot);
        self.palisades_left -= 1;
        self.key ^= palisade_key(slot);
    }

    /// Takes the palisade of `slot` back to the supply (the key is restored by the caller).
    fn take_palisade(&mut self, slot: usize) {
        self.palisades &= !(1u128 << slot);
        self.palisades_left += 1;
        self.edges = self.rebuild_edges();
    }

    /// Spends one of `player`'s power tokens. With `power_before_action=True` it marks the
    /// turn's power used and the same player is still to move; otherwise the power was the
    /// turn's action and the turn passes on.
    fn spend_power(&mut self, player: usize) {
        let used = POWER_TOKENS[usize::from(self.race(player))] - self.powers[player];
        if used > 0 {
            self.key ^= used_key(player, used);
        }
        self.powers[player] -= 1;
        self.key ^= used_key(player, used + 1);
        if self.config.power_before_action {
            self.key ^= POWER_USED_KEY;
            self.power_used = true;
        } else {
            self.pass_turn(player);
        }
    }

    /// Why `player` may not play the power `kind` now.
    fn why_no_power(&self, player: usize, kind: MoveKind) -> String {
        let race = match kind {
            MoveKind::Mage(_) => MAGE,
            MoveKind::Goblin { .. } => GOBLIN,
            MoveKind::Orc(_) => ORC,
            _ => ELF,
        };
        if self.race(player) != race {
            return format!(
                "player {player} is the {}, not the {}",
                RACE_NAMES[usize::from(self.race(player))],
                RACE_NAMES[usize::from(race)]
            );
        }
        if self.powers[player] == 0 {
            return "no power token left".into();
        }
        if self.power_used {
            return "a power was already used this turn".into();
        }
        let warrior_reason = |cell: u8| {
            let c = usize::from(cell);
            if self.owners[c] == NO_OWNER {
                Some("the cell holds no warrior".to_string())
            } else if self.team(usize::from(self.owners[c])) == self.team(player) {
                Some("the warrior is not an opponent's".into())
            } else {
                None
            }
        };
        match kind {
            MoveKind::Mage(cell) => warrior_reason(cell).unwrap_or_else(|| {
                if self.face_up & (1 << cell) != 0 {
                    "the warrior is face up".into()
                } else {
                    "the warrior was already looked at".into()
                }
            }),
            MoveKind::Goblin { strength, cell } => {
                let c = usize::from(cell);
                if board::MINES_MASK & (1 << c) != 0 {
                    "a warrior cannot go on a gold mine".into()
                } else if self.occupied & (1 << c) != 0 {
                    "the cell already holds a warrior".into()
                } else {
                    format!("no warrior of strength {strength} left")
                }
            }
            MoveKind::Orc(a) => {
                if self.palisades & (1u128 << a) != 0 {
                    "the slot already holds a palisade".into()
                } else if self.palisades_left == 0 {
                    "no palisades left".into()
                } else {
                    "a territory would have fewer than 4 cells".into()
                }
            }
            MoveKind::Elf(cell) => warrior_reason(cell).unwrap_or_else(|| {
                let c = usize::from(cell);
                if self.arrows[c] >= 2 {
                    "the warrior already carries 2 arrows".into()
                } else if self.territory_closed()
                    && self.edges.territory(c) & self.warriors_of(player) == 0
                {
                    "a territory is closed, and the elf's player has no warrior in that \
                     territory"
                        .into()
                } else {
                    "the territory is full".into()
                }
            }),
            _ => "not a legal move in this position".into(),
        }
    }

    /// Why `player` may not put its reinforcement on `cell` now.
    fn why_no_reinforcement(&self, player: usize, cell: u8) -> String {
        let c = usize::from(cell);
        if !self.holds_reinforcement(player) {
            "no reinforcement token left".into()
        } else if usize::from(self.owners[c]) != player {
            "the cell holds no warrior of the mover".into()
        } else {
            format!(
                "with reinforcement='{}' the territory must be {}",
                self.config.reinforcement.name(),
                if self.config.reinforcement == Reinforcement::Full {
                    "full"
                } else {
                    "open"
                }
            )
        }
    }

    /// The edges from the palisades, from nothing.
    fn rebuild_edges(&self) -> Edges {
        (0..SLOTS)
            .filter(|&s| self.palisades & (1u128 << s) != 0)
            .fold(Edges::OPEN, Edges::without)
    }
}

/// Other players' warrior strengths are hidden until the end (the rules page).
impl HiddenInformation for Armadora {
    /// The JSON `viewer` sees (the rules page): the referee's with `"viewer"` added, other
    /// players' warrior strengths, supplies and warrior moves hidden until the game is over.
    fn view_json(&self, viewer: usize) -> Value {
        let mut value = crate::core::json::to_json(self);
        let over = self.outcome.is_some();
        let obj = value.as_object_mut().expect("an object");
        obj.insert("viewer".into(), json!(viewer));
        if over {
            return value;
        }
        let warriors: Vec<Value> = (0..CELLS)
            .map(|c| match self.warrior(c) {
                None => Value::Null,
                Some((o, s)) if self.shows(viewer, c) => json!([o, s]),
                Some((o, _)) => json!([o, null]),
            })
            .collect();
        obj.insert("warriors".into(), json!(warriors));
        let supplies: Vec<Value> = (0..usize::from(self.players))
            .map(|p| {
                if p == viewer {
                    json!(self.supplies[p])
                } else {
                    json!(self.supplies[p].iter().map(|&n| u32::from(n)).sum::<u32>())
                }
            })
            .collect();
        obj.insert("supplies".into(), json!(supplies));
        let moves: Vec<String> = self
            .history
            .iter()
            .zip(&self.undos)
            .map(|(&mv, &(mover, _, _))| self.viewer_notation(viewer, usize::from(mover), mv))
            .collect();
        obj.insert("moves".into(), json!(moves));
        value
    }

    fn history_mover(&self, index: usize) -> usize {
        usize::from(self.undos[index].0)
    }

    /// Another player's warrior is `?@<cell>` until the game is over.
    fn viewer_notation(&self, viewer: usize, mover: usize, mv: Move) -> String {
        match mv.kind() {
            MoveKind::Warrior { cell, .. } if mover != viewer && self.outcome.is_none() => {
                format!("?@{}", board::cell_name(usize::from(cell)))
            }
            _ => notation::notation(mv),
        }
    }

    /// Another player's warrior is its cell, numbered after the whole action space, until the
    /// game is over (as `?@<cell>`).
    fn viewer_key(&self, viewer: usize, mover: usize, mv: Move) -> u64 {
        match mv.kind() {
            MoveKind::Warrior { cell, .. } if mover != viewer && self.outcome.is_none() => {
                (super::movegen::ADVANCED_NUM_ACTIONS + usize::from(cell)) as u64
            }
            _ => mv.action() as u64,
        }
    }

    /// Another player's warrior on a cell: its weakest legal strength there.
    fn viewer_move(&self, viewer: usize, mover: usize, key: u64) -> Option<Move> {
        let key = usize::try_from(key).ok()?;
        let mv = match key.checked_sub(super::movegen::ADVANCED_NUM_ACTIONS) {
            Some(cell) if cell < CELLS => (1..=5)
                .map(|strength| Move::warrior(strength, cell))
                .find(|&mv| self.is_legal(mv))?,
            Some(_) => return None,
            None => Move::from_action(key).filter(|&mv| self.is_legal(mv))?,
        };
        (self.viewer_key(viewer, mover, mv) == key as u64).then_some(mv)
    }

    /// A referee state consistent with what `viewer` knows (the rules page's procedure): the
    /// strengths `viewer` knows (its own, face-up warriors, those it looked at) stay, the others
    /// are drawn again from each player's starting strengths less the known ones.
    fn resample(&self, viewer: usize, rng: &mut SplitMix64) -> Self {
        if self.outcome.is_some() {
            return self.clone();
        }
        let n = usize::from(self.players);
        let known = self.face_up | self.looks[viewer];
        // Per player: the strengths its hidden warrior moves get, in order.
        let mut assigned: Vec<Vec<u8>> = vec![Vec::new(); n];
        for (q, slot) in assigned.iter_mut().enumerate() {
            if q == viewer {
                continue;
            }
            let mut pool: Vec<u8> = (1..=5u8)
                .flat_map(|s| {
                    std::iter::repeat_n(s, usize::from(SUPPLIES[n - 2][usize::from(s - 1)]))
                })
                .collect();
            for c in 0..CELLS {
                if usize::from(self.owners[c]) == q && known & (1 << c) != 0 {
                    let at = pool
                        .iter()
                        .position(|&s| s == self.strengths[c])
                        .expect("a known strength comes from the starting warriors");
                    pool.remove(at);
                }
            }
            for i in (1..pool.len()).rev() {
                pool.swap(i, rng.below(i + 1));
            }
            *slot = pool;
        }
        let mut next = vec![0usize; n];
        let mut game = Self::setup(self.config);
        for (&mv, &(mover, _, _)) in self.history.iter().zip(&self.undos) {
            let q = usize::from(mover);
            let mv = match mv.kind() {
                MoveKind::Warrior { cell, .. } if q != viewer && known & (1 << cell) == 0 => {
                    let s = assigned[q][next[q]];
                    next[q] += 1;
                    Move::warrior(s, usize::from(cell))
                }
                _ => mv,
            };
            game.play_unchecked(mv);
        }
        game
    }
}
