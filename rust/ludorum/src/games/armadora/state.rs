//! The game state: options and setup, play and undo with incremental Zobrist keys, scoring,
//! the viewer's JSON and resampling, and the [`Game`] impl.

use serde_json::{json, Map, Value};

use super::board::{self, Edges, CELLS, MINES, MINE_CELLS, SLOTS};
use super::movegen::{Move, MoveKind};
use super::notation;
use crate::core::error::Error;
use crate::core::facts::{Facts, OptionDefault, OptionKind, OptionSpec, FIRST_PLAYER, SEED};
use crate::prelude::*;
use crate::core::hidden::{Hidden, HiddenInformation};
use crate::core::options::{python_repr, Options};
use crate::core::outcome::Outcome;
use crate::core::rng::SplitMix64;
use crate::core::zobrist;

/// Seed of the Zobrist tables: the bytes of `"ARMADORA"`.
pub const ZOBRIST_SEED: u64 = 0x4152_4D41_444F_5241;

const PALISADE_KEYS_AT: usize = CELLS * 4 * 5;
const GOLD_KEYS_AT: usize = PALISADE_KEYS_AT + SLOTS;
const PASSED_KEYS_AT: usize = GOLD_KEYS_AT + MINES * 5;
const TURN_KEYS_AT: usize = PASSED_KEYS_AT + 4;
const KEY_COUNT: usize = TURN_KEYS_AT + 4;

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

/// What Armadora declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "armadora",
    class_name: "Armadora",
    summary: "claim gold with hidden-strength warriors and palisades (2-4 players, base game)",
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
    ],
    hidden_information: true,
    seeded: true,
    // Random games end within ~60 plies: palisades and warriors run out, then passes.
    simulation_max_plies: None,
    reasons: &["gold", "tie-break"],
    bench: &["players=2", "players=3", "players=4"],
    bench_perft: &[("players=2", 2)],
    openspiel: None,
};

/// The gold stacks, in the order the setup shuffles them.
pub const GOLD_STACKS: [u8; MINES] = [3, 4, 4, 5, 5, 6, 6, 7];

/// Starting warriors of strength 1..5 by player count − 2.
pub const SUPPLIES: [[u8; 5]; 3] = [[11, 2, 1, 1, 1], [7, 2, 1, 1, 0], [5, 1, 1, 1, 0]];

/// Palisades in the shared supply at the start.
pub const PALISADES: u8 = 35;

const NO_OWNER: u8 = u8::MAX;

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

/// A game of Armadora (base game).
#[derive(Clone, Debug)]
pub struct Armadora {
    players: u8,
    seed: u64,
    first_player: Option<u8>,
    gold_option: Option<[u8; MINES]>,
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
    history: Vec<Move>,
    /// Per move: the mover and the key before it.
    undos: Vec<(u8, u64)>,
}

impl Armadora {
    /// A new game (options already validated).
    fn setup(
        players: usize,
        seed: u64,
        first_player: Option<usize>,
        gold_option: Option<[u8; MINES]>,
    ) -> Self {
        let mut rng = SplitMix64::new(seed);
        let to_move = first_player.unwrap_or_else(|| rng.below(players));
        let gold = gold_option.unwrap_or_else(|| {
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
        let mut game = Self {
            players: players as u8,
            seed,
            first_player: first_player.map(|p| p as u8),
            gold_option,
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
            history: Vec::with_capacity(64),
            undos: Vec::with_capacity(64),
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
        (0..SLOTS)
            .filter(|&s| self.palisades & (1u128 << s) != 0)
            .collect()
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
                        strengths[usize::from(self.owners[c])] += u32::from(self.strengths[c]);
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

    /// Each player's gold and piles if the game were scored now.
    pub(super) fn tally(&self) -> (Vec<u32>, Vec<Vec<u32>>) {
        let awards: Vec<(u32, Vec<u32>)> = self
            .territories()
            .into_iter()
            .map(|t| (t.gold, t.strengths))
            .collect();
        settle(&awards, usize::from(self.players))
    }

    /// The gold of each player once the game is over, `None` before.
    pub fn scores(&self) -> Option<Vec<u32>> {
        self.outcome.map(|_| self.tally().0)
    }

    /// Whether `viewer` may see the strength of the warrior on `cell`.
    fn shows(&self, viewer: usize, cell: usize) -> bool {
        self.outcome.is_some() || usize::from(self.owners[cell]) == viewer
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
            None => {
                let (scores, piles) = self.tally();
                self.outcome = Some(decide(&scores, &piles));
            }
        }
    }
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

impl Game for Armadora {
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
        Ok(Self::setup(players, seed, first_player, gold))
    }

    fn restart(&self, seed: u64) -> Self {
        Self::setup(
            usize::from(self.players),
            seed,
            self.first_player.map(usize::from),
            self.gold_option,
        )
    }

    fn options(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("players".into(), json!(self.players));
        map.insert("seed".into(), json!(self.seed));
        map.insert("first_player".into(), json!(self.first_player));
        map.insert("gold".into(), json!(self.gold_option));
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
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let p = usize::from(self.to_move);
        self.undos.push((p as u8, self.key));
        self.history.push(mv);
        match mv.kind() {
            MoveKind::Warrior { strength, cell } => {
                let (c, s) = (usize::from(cell), usize::from(strength));
                self.owners[c] = p as u8;
                self.strengths[c] = strength;
                self.occupied |= 1 << c;
                self.supplies[p][s - 1] -= 1;
                self.key ^= warrior_key(c, p, s);
            }
            MoveKind::Single(a) => {
                let a = usize::from(a);
                self.palisades |= 1u128 << a;
                self.edges = self.edges.without(a);
                self.palisades_left -= 1;
                self.key ^= palisade_key(a);
            }
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
        }
        self.pass_turn(p);
    }

    fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        let (mover, key) = self.undos.pop().expect("one undo per move");
        let p = usize::from(mover);
        match mv.kind() {
            MoveKind::Warrior { strength, cell } => {
                let c = usize::from(cell);
                self.owners[c] = NO_OWNER;
                self.strengths[c] = 0;
                self.occupied &= !(1 << c);
                self.supplies[p][usize::from(strength) - 1] += 1;
            }
            MoveKind::Single(a) => {
                self.palisades &= !(1u128 << a);
                self.palisades_left += 1;
                self.edges = self.rebuild_edges();
            }
            MoveKind::Pair(a, b) => {
                self.palisades &= !((1u128 << a) | (1u128 << b));
                self.palisades_left += 2;
                self.edges = self.rebuild_edges();
            }
            MoveKind::Pass => self.passed[p] = false,
        }
        self.to_move = mover;
        self.outcome = None;
        self.key = key;
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
        for s in self.palisades() {
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
        key
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![3 * usize::from(self.players) + 11, CELLS]
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let n = usize::from(self.players);
        out.fill(0.0);
        let mut plane = |k: usize, c: usize, v: f32| out[k * CELLS + c] = v;
        for c in 0..CELLS {
            if let Some((o, s)) = self.warrior(c) {
                let k = (usize::from(o) + n - player) % n;
                plane(k, c, 1.0);
                if self.shows(player, c) {
                    plane(n, c, f32::from(s));
                }
            }
        }
        for (m, &c) in MINE_CELLS.iter().enumerate() {
            plane(n + 1, c, f32::from(self.gold[m]));
        }
        for s in self.palisades() {
            let (a, _) = board::slot_cells(s);
            plane(if s < 35 { n + 2 } else { n + 3 }, a, 1.0);
        }
        for c in 0..CELLS {
            for s in 0..5 {
                plane(n + 4 + s, c, f32::from(self.supplies[player][s]));
            }
            for k in 0..n {
                let q = (player + k) % n;
                let count: u8 = self.supplies[q].iter().sum();
                plane(n + 9 + k, c, f32::from(count));
                plane(2 * n + 9 + k, c, if self.passed[q] { 1.0 } else { 0.0 });
            }
            plane(3 * n + 9, c, f32::from(self.palisades_left));
            plane(
                3 * n + 10,
                c,
                if self.to_move_now() == Some(player) {
                    1.0
                } else {
                    0.0
                },
            );
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
    }
}

impl Armadora {
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
            .map(|(&mv, &(mover, _))| self.viewer_notation(viewer, usize::from(mover), mv))
            .collect();
        obj.insert("moves".into(), json!(moves));
        value
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

    /// A referee state consistent with what `viewer` knows (the rules page's procedure).
    fn resample(&self, viewer: usize, rng: &mut SplitMix64) -> Self {
        if self.outcome.is_some() {
            return self.clone();
        }
        let n = usize::from(self.players);
        // Per player: the strengths its warrior moves get, in order.
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
            for i in (1..pool.len()).rev() {
                pool.swap(i, rng.below(i + 1));
            }
            *slot = pool;
        }
        let mut next = vec![0usize; n];
        let mut game = Self::setup(
            n,
            self.seed,
            self.first_player.map(usize::from),
            self.gold_option,
        );
        for (&mv, &(mover, _)) in self.history.iter().zip(&self.undos) {
            let q = usize::from(mover);
            let mv = match mv.kind() {
                MoveKind::Warrior { cell, .. } if q != viewer => {
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
