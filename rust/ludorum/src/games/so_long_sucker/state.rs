//! The game state: options and setup, the piles, play and undo with incremental Zobrist keys,
//! captures, the chain of givers, rescues and deaths, the chat, and the [`Game`] impl.
//!
//! The helpers that change the position take `const KEEP: bool`: with it they keep the
//! incremental key and what undo needs (the undo record, the saved chips and givers); without
//! it, for [`Game::play_for_good`], they skip both, and the compiler drops that code from the
//! random games' loop.

use serde_json::{json, Map, Value};

use super::keys;
use super::movegen::{Move, MoveKind, NO_PLAYER};
use super::notation::Parsed;
use super::{COLOUR_LETTERS, MAX_CHIPS, MAX_PLAYERS, MAX_TABLE};
use crate::core::error::Error;
use crate::core::facts::{Facts, OptionDefault, OptionKind, OptionSpec, FIRST_PLAYER, SEED};
use crate::core::for_good::{KeyAndUndo, PlaysForGood};
use crate::core::observation::Layout;
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::rng::SplitMix64;
use crate::core::stack::Stack;
use crate::prelude::*;

/// The most free actions listed per decision (the `free_actions` option).
const MAX_FREE_ACTIONS: u8 = 100;

/// What So Long Sucker declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "so_long_sucker",
    class_name: "SoLongSucker",
    summary: "Hausner, Nash, Shapley and Shubik's game of coalitions and betrayal (2-6 players)",
    players: &[2, 3, 4, 5, 6],
    options: &[
        OptionSpec {
            name: "players",
            kind: OptionKind::IntChoice(&[2, 3, 4, 5, 6]),
            nullable: false,
            default: OptionDefault::Int(4),
            doc: "number of players",
        },
        OptionSpec {
            name: "chips",
            kind: OptionKind::IntRange {
                low: 1,
                high: MAX_CHIPS as u64,
            },
            nullable: true,
            default: OptionDefault::Derived("7 with 2-4 players, 6 with 5, 5 with 6"),
            doc: "chips per player; None: the default for the player count",
        },
        SEED,
        FIRST_PLAYER,
        OptionSpec {
            name: "dead_capture",
            kind: OptionKind::StrChoice(&["player", "giver"]),
            nullable: false,
            default: OptionDefault::Str("player"),
            doc: "who decides the next player after a capture in a dead colour",
        },
        OptionSpec {
            name: "free_actions",
            kind: OptionKind::IntRange {
                low: 0,
                high: MAX_FREE_ACTIONS as u64,
            },
            nullable: false,
            default: OptionDefault::Int(0),
            doc: "how many free actions (transfers, kills) are listed per decision",
        },
    ],
    hidden_information: false,
    seeded: true,
    // Every game ends (each capture kills a chip); random games are short.
    simulation_max_plies: None,
    reasons: &["last player alive"],
    bench: &[
        "players=2",
        "players=3",
        "players=4",
        "players=5",
        "players=6",
        "players=4,free_actions=2",
    ],
    bench_perft: &[("players=4,first_player=0", 16)],
    openspiel: None,
    // Random games end within a few dozen plies and the evaluation can read little of the
    // chips' future: rollouts to the end.
    search: crate::core::facts::SearchFacts {
        rollout_plies: None,
        exploration: 1.4,
        strength_options: "",
    },
};

/// No chip (an empty pile's top).
const NO_CHIP: u8 = u8::MAX;

/// What the player who must decide is deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Situation {
    /// The player with the move plays a chip.
    Play,
    /// The player who just played gives the move.
    Give,
    /// The captor kills one chip of the captured pile.
    Kill,
    /// A helper rescues the player in need, or refuses.
    Rescue,
}

impl Situation {
    /// `"play"`, `"give"`, `"kill"` or `"rescue"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Play => "play",
            Self::Give => "give",
            Self::Kill => "kill",
            Self::Rescue => "rescue",
        }
    }

    /// The index of the key and the observation: 0 play, 1 give, 2 kill, 3 rescue.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Where the move goes after a capture in a dead colour (the `dead_capture` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadCapture {
    /// The player who played has the move again.
    Player,
    /// The move goes back to that player's giver.
    Giver,
}

impl DeadCapture {
    /// The option value: `"player"` or `"giver"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Player => "player",
            Self::Giver => "giver",
        }
    }
}

/// The decision now, as the JSON `decision` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// What is decided.
    pub situation: Situation,
    /// Who decides (`current_player`).
    pub player: usize,
    /// The pile id of a `give` or `kill` decision.
    pub pile: Option<u32>,
    /// The player in need during a `rescue` decision.
    pub in_need: Option<usize>,
}

/// A line of the public chat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    /// The number of moves played when it was said.
    pub ply: usize,
    /// Who said it.
    pub player: usize,
    /// What was said.
    pub text: String,
}

/// What undo needs beyond the move and the key before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The id of a pile the move took off the table.
    pile_id: u32,
    /// The chain's length before the move.
    chain_len: u32,
    /// The lowest length the chain had during the move: the entries above it went to
    /// `saved_givers`.
    chain_low: u32,
    used: u64,
    situation: Situation,
    decider: u8,
    extra: u8,
    alive: u8,
    /// The colours of the pile played on, before the play.
    pile_mask: u8,
    /// The chips of a pile the move took off the table, kept in `saved_chips`.
    saved: u8,
}

/// A game of So Long Sucker.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{games::so_long_sucker::SoLongSucker};
/// let options = serde_json::json!({"players": 3, "first_player": 2}).as_object().unwrap().clone();
/// let game = SoLongSucker::new(&options).unwrap();
/// assert_eq!(game.hand(2), vec![0, 0, 7]);
/// assert_eq!(game.num_actions(), 3 * 22 + 9 + 12 + 1);
/// assert_eq!(game.count_legal_moves(), 1, "play G new");
/// ```
#[derive(Clone, Debug)]
pub struct SoLongSucker {
    pub(super) players: u8,
    chips: u8,
    seed: u64,
    first_player: Option<u8>,
    dead_capture: DeadCapture,
    pub(super) free_actions: u8,
    /// N: the chips in the game.
    pub(super) total: u8,
    /// `hands[p][c]`: player p's chips of colour c.
    pub(super) hands: [[u8; MAX_PLAYERS]; MAX_PLAYERS],
    /// Per player: the colours it holds, bit c for colour c.
    pub(super) held: [u8; MAX_PLAYERS],
    /// Per player: the chips it holds.
    pub(super) counts: [u8; MAX_PLAYERS],
    dead_box: [u8; MAX_PLAYERS],
    /// Bit p set while player p lives.
    pub(super) alive: u8,
    /// The piles on the table, by rank.
    pub(super) npiles: u8,
    next_pile: u32,
    pub(super) pile_id: [u32; MAX_TABLE],
    /// The chip on top of each pile (an index of `chip_colour`).
    pile_top: [u8; MAX_TABLE],
    pile_len: [u8; MAX_TABLE],
    /// The colours in each pile.
    pub(super) pile_mask: [u8; MAX_TABLE],
    /// The chips on the table: colour and the chip below (`NO_CHIP` at the bottom).
    chip_colour: [u8; MAX_TABLE],
    chip_below: [u8; MAX_TABLE],
    /// The unused chip slots, a stack of `free_len`.
    free_slots: [u8; MAX_TABLE],
    free_len: u8,
    pub(super) situation: Situation,
    pub(super) decider: u8,
    /// The rank of the pile of a give or kill decision, the player in need of a rescue.
    pub(super) extra: u8,
    pub(super) used: u64,
    pub(super) outcome: Option<Outcome>,
    givers: Stack<u8>,
    /// The Zobrist key (stale after moves played for good), and one undo record per move of
    /// `history` since the last move played for good.
    keys: KeyAndUndo<Undo>,
    history: Stack<Move>,
    saved_givers: Stack<u8>,
    saved_chips: Stack<u8>,
    /// During a move: the lowest length of the chain so far.
    chain_low: u32,
    chat: Vec<Message>,
}

impl SoLongSucker {
    fn setup(
        players: usize,
        chips: usize,
        seed: u64,
        first_player: Option<usize>,
        dead_capture: DeadCapture,
        free_actions: u8,
    ) -> Self {
        // The options and the stacks' room; `lay_out` sets the rest.
        let mut game = Self {
            players: players as u8,
            chips: chips as u8,
            seed,
            first_player: first_player.map(|p| p as u8),
            dead_capture,
            free_actions,
            total: (players * chips) as u8,
            hands: [[0; MAX_PLAYERS]; MAX_PLAYERS],
            held: [0; MAX_PLAYERS],
            counts: [0; MAX_PLAYERS],
            dead_box: [0; MAX_PLAYERS],
            alive: 0,
            npiles: 0,
            next_pile: 1,
            pile_id: [0; MAX_TABLE],
            pile_top: [NO_CHIP; MAX_TABLE],
            pile_len: [0; MAX_TABLE],
            pile_mask: [0; MAX_TABLE],
            chip_colour: [0; MAX_TABLE],
            chip_below: [NO_CHIP; MAX_TABLE],
            free_slots: [0; MAX_TABLE],
            free_len: 0,
            situation: Situation::Play,
            decider: 0,
            extra: 0,
            used: 0,
            outcome: None,
            givers: Stack::with_capacity(128),
            keys: KeyAndUndo::with_capacity(128),
            history: Stack::with_capacity(128),
            saved_givers: Stack::with_capacity(16),
            saved_chips: Stack::with_capacity(64),
            chain_low: 0,
            chat: Vec::new(),
        };
        game.lay_out();
        game
    }

    /// Sets everything but the options to the start (the first player drawn from the seed when
    /// the options do not name one), emptying the stacks without giving back their room.
    fn lay_out(&mut self) {
        let players = usize::from(self.players);
        let total = usize::from(self.total);
        let first = match self.first_player {
            Some(p) => usize::from(p),
            None => SplitMix64::new(self.seed).below(players),
        };
        self.hands = [[0; MAX_PLAYERS]; MAX_PLAYERS];
        self.held = [0; MAX_PLAYERS];
        self.counts = [0; MAX_PLAYERS];
        for p in 0..players {
            self.hands[p][p] = self.chips;
            self.held[p] = 1 << p;
            self.counts[p] = self.chips;
        }
        self.dead_box = [0; MAX_PLAYERS];
        self.alive = ((1u16 << players) - 1) as u8;
        self.npiles = 0;
        self.next_pile = 1;
        self.pile_id = [0; MAX_TABLE];
        self.pile_top = [NO_CHIP; MAX_TABLE];
        self.pile_len = [0; MAX_TABLE];
        self.pile_mask = [0; MAX_TABLE];
        self.chip_colour = [0; MAX_TABLE];
        self.chip_below = [NO_CHIP; MAX_TABLE];
        self.free_slots = [0; MAX_TABLE];
        for (i, slot) in self.free_slots[..total].iter_mut().enumerate() {
            *slot = (total - 1 - i) as u8;
        }
        self.free_len = total as u8;
        self.situation = Situation::Play;
        self.decider = first as u8;
        self.extra = 0;
        self.used = 0;
        self.outcome = None;
        self.givers.clear();
        self.givers.push(first as u8);
        self.history.clear();
        self.saved_givers.clear();
        self.saved_chips.clear();
        self.chain_low = 0;
        self.chat.clear();
        self.rekey();
    }

    // -- the public view --------------------------------------------------------------------

    /// The piles on the table in ascending id: `(id, colours bottom to top)`.
    pub fn piles(&self) -> Vec<(u32, Vec<usize>)> {
        (0..usize::from(self.npiles))
            .map(|r| (self.pile_id[r], self.pile_colours(r)))
            .collect()
    }

    /// The colours of the pile of rank `rank`, bottom to top.
    fn pile_colours(&self, rank: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(usize::from(self.pile_len[rank]));
        let mut chip = self.pile_top[rank];
        while chip != NO_CHIP {
            out.push(usize::from(self.chip_colour[usize::from(chip)]));
            chip = self.chip_below[usize::from(chip)];
        }
        out.reverse();
        out
    }

    /// Player `player`'s chip counts per colour (its own colour is its stock).
    ///
    /// # Panics
    ///
    /// When `player` is not a player of this game.
    pub fn hand(&self, player: usize) -> Vec<u32> {
        assert!(player < self.num_players(), "no player {player}");
        self.hands[player][..self.num_players()]
            .iter()
            .map(|&n| u32::from(n))
            .collect()
    }

    /// The dead chips per colour.
    pub fn dead_box(&self) -> Vec<u32> {
        self.dead_box[..self.num_players()]
            .iter()
            .map(|&n| u32::from(n))
            .collect()
    }

    /// True while `player` lives (false for a player index beyond the game).
    pub fn is_alive(&self, player: usize) -> bool {
        player < MAX_PLAYERS && self.alive & (1 << player) != 0
    }

    /// The decision now, `None` once the game is over.
    pub fn decision(&self) -> Option<Decision> {
        self.outcome.is_none().then(|| {
            let extra = usize::from(self.extra);
            Decision {
                situation: self.situation,
                player: usize::from(self.decider),
                pile: matches!(self.situation, Situation::Give | Situation::Kill)
                    .then(|| self.pile_id[extra]),
                in_need: (self.situation == Situation::Rescue).then_some(extra),
            }
        })
    }

    /// The chain of givers, bottom to top; its top has (or last had) the move.
    pub fn givers(&self) -> Vec<usize> {
        self.givers.iter().map(|&p| usize::from(p)).collect()
    }

    /// The decider's free actions so far in this decision.
    pub fn free_actions_used(&self) -> u64 {
        self.used
    }

    /// The id the next pile will get.
    pub fn next_pile(&self) -> u32 {
        self.next_pile
    }

    /// The chips each player starts with.
    pub fn chips(&self) -> usize {
        usize::from(self.chips)
    }

    /// The `dead_capture` option.
    pub fn dead_capture(&self) -> DeadCapture {
        self.dead_capture
    }

    /// The `free_actions` option: listed free actions per decision.
    pub fn free_actions(&self) -> usize {
        usize::from(self.free_actions)
    }

    /// Fills `moves` (cleared first) with every free action `player` may make now, listed or
    /// not, in ascending action id; empty for a dead player and once the game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use ludorum::{Game, games::so_long_sucker::SoLongSucker};
    /// let game = SoLongSucker::new(&Default::default()).unwrap();
    /// let mut moves = Vec::new();
    /// game.free_moves(1, &mut moves);
    /// assert!(moves.is_empty(), "nobody holds a prisoner yet");
    /// ```
    pub fn free_moves(&self, player: usize, moves: &mut Vec<Move>) {
        self.generate_free(player, moves);
    }

    /// Appends `(ply, player, text)` to the chat (any player, alive or dead, at any time; a
    /// player index beyond the game is ignored).
    pub fn say(&mut self, player: usize, text: String) {
        if player < self.num_players() {
            self.chat.push(Message {
                ply: self.history.len(),
                player,
                text,
            });
        }
    }

    /// The public chat, oldest first.
    pub fn chat(&self) -> &[Message] {
        &self.chat
    }

    // -- hands ------------------------------------------------------------------------------

    #[inline(always)]
    fn add_chips<const KEEP: bool>(&mut self, player: usize, colour: usize, n: u8) {
        let old = self.hands[player][colour];
        let new = old + n;
        if KEEP {
            self.keys.xor(
                keys::hand(player, colour, usize::from(old))
                    ^ keys::hand(player, colour, usize::from(new)),
            );
        }
        self.hands[player][colour] = new;
        self.held[player] |= 1 << colour;
        self.counts[player] += n;
    }

    #[inline(always)]
    fn take_chips<const KEEP: bool>(&mut self, player: usize, colour: usize, n: u8) {
        let old = self.hands[player][colour];
        let new = old - n;
        if KEEP {
            self.keys.xor(
                keys::hand(player, colour, usize::from(old))
                    ^ keys::hand(player, colour, usize::from(new)),
            );
        }
        self.hands[player][colour] = new;
        if new == 0 {
            self.held[player] &= !(1 << colour);
        }
        self.counts[player] -= n;
    }

    // -- the table --------------------------------------------------------------------------

    /// Puts a chip on the pile of rank `rank` (no key).
    #[inline(always)]
    fn push_chip_raw(&mut self, rank: usize, colour: u8) {
        self.free_len -= 1;
        let chip = self.free_slots[usize::from(self.free_len)];
        self.chip_colour[usize::from(chip)] = colour;
        self.chip_below[usize::from(chip)] = self.pile_top[rank];
        self.pile_top[rank] = chip;
        self.pile_len[rank] += 1;
        self.pile_mask[rank] |= 1 << colour;
    }

    /// Puts a chip on the pile of rank `rank`.
    #[inline(always)]
    fn push_chip<const KEEP: bool>(&mut self, rank: usize, colour: u8) {
        if KEEP {
            self.keys.xor(keys::chip(
                rank,
                usize::from(self.pile_len[rank]),
                usize::from(colour),
            ));
        }
        self.push_chip_raw(rank, colour);
    }

    /// Takes the top chip off the pile of rank `rank` (no key, the mask is the caller's).
    #[inline(always)]
    fn pop_chip_raw(&mut self, rank: usize) -> u8 {
        let chip = self.pile_top[rank];
        self.pile_top[rank] = self.chip_below[usize::from(chip)];
        self.pile_len[rank] -= 1;
        self.free_slots[usize::from(self.free_len)] = chip;
        self.free_len += 1;
        self.chip_colour[usize::from(chip)]
    }

    /// Starts a pile with one chip; returns its rank (the last: its id is the highest).
    #[inline(always)]
    fn new_pile<const KEEP: bool>(&mut self, colour: u8) -> usize {
        let rank = usize::from(self.npiles);
        self.npiles += 1;
        self.pile_id[rank] = self.next_pile;
        self.next_pile += 1;
        self.pile_top[rank] = NO_CHIP;
        self.pile_len[rank] = 0;
        self.pile_mask[rank] = 0;
        self.push_chip::<KEEP>(rank, colour);
        rank
    }

    /// Takes the pile of rank `rank` off the table, keeping its chips in `saved_chips` for
    /// undo (with `KEEP`), and re-ranks the later piles; returns its chips per colour.
    fn remove_pile<const KEEP: bool>(&mut self, rank: usize) -> [u8; MAX_PLAYERS] {
        let mut per_colour = [0u8; MAX_PLAYERS];
        let mut chip = self.pile_top[rank];
        let mut depth = usize::from(self.pile_len[rank]);
        while chip != NO_CHIP {
            depth -= 1;
            let colour = self.chip_colour[usize::from(chip)];
            per_colour[usize::from(colour)] += 1;
            if KEEP {
                self.keys.xor(keys::chip(rank, depth, usize::from(colour)));
                self.saved_chips.push(colour);
            }
            self.free_slots[usize::from(self.free_len)] = chip;
            self.free_len += 1;
            chip = self.chip_below[usize::from(chip)];
        }
        // Each later pile moves down a rank, in the loop that re-keys its chips: the few
        // piles of a game made four `copy_within` calls to memmove cost more than the moves.
        for r in rank + 1..usize::from(self.npiles) {
            if KEEP {
                let mut chip = self.pile_top[r];
                let mut depth = usize::from(self.pile_len[r]);
                while chip != NO_CHIP {
                    depth -= 1;
                    let colour = usize::from(self.chip_colour[usize::from(chip)]);
                    self.keys
                        .xor(keys::chip(r, depth, colour) ^ keys::chip(r - 1, depth, colour));
                    chip = self.chip_below[usize::from(chip)];
                }
            }
            self.pile_id[r - 1] = self.pile_id[r];
            self.pile_top[r - 1] = self.pile_top[r];
            self.pile_len[r - 1] = self.pile_len[r];
            self.pile_mask[r - 1] = self.pile_mask[r];
        }
        self.npiles -= 1;
        per_colour
    }

    /// Puts back (no key) the pile of `count` chips from `saved_chips` at rank `rank` with id
    /// `id`; returns its chips per colour.
    fn restore_pile(&mut self, rank: usize, id: u32, count: u8) -> [u8; MAX_PLAYERS] {
        // By hand, as in `remove_pile`.
        for r in (rank..usize::from(self.npiles)).rev() {
            self.pile_id[r + 1] = self.pile_id[r];
            self.pile_top[r + 1] = self.pile_top[r];
            self.pile_len[r + 1] = self.pile_len[r];
            self.pile_mask[r + 1] = self.pile_mask[r];
        }
        self.npiles += 1;
        self.pile_id[rank] = id;
        self.pile_top[rank] = NO_CHIP;
        self.pile_len[rank] = 0;
        self.pile_mask[rank] = 0;
        let mut per_colour = [0u8; MAX_PLAYERS];
        for _ in 0..count {
            let colour = self
                .saved_chips
                .pop()
                .expect("the chips of a captured pile");
            per_colour[usize::from(colour)] += 1;
            self.push_chip_raw(rank, colour);
        }
        per_colour
    }

    /// The living player whose topmost chip in the pile of rank `rank` lies deepest (every
    /// living colour is in the pile).
    fn deepest_topmost(&self, rank: usize) -> usize {
        let mut seen = 0u8;
        let mut last = 0;
        let mut chip = self.pile_top[rank];
        while chip != NO_CHIP && seen != self.alive {
            let colour = self.chip_colour[usize::from(chip)];
            let bit = 1 << colour;
            if self.alive & bit != 0 && seen & bit == 0 {
                seen |= bit;
                last = usize::from(colour);
            }
            chip = self.chip_below[usize::from(chip)];
        }
        last
    }

    // -- decisions and the chain ------------------------------------------------------------

    #[inline(always)]
    fn decision_key(&self) -> u64 {
        keys::decision(
            self.situation.index(),
            usize::from(self.decider),
            usize::from(self.extra),
        )
    }

    #[inline(always)]
    fn set_decision<const KEEP: bool>(
        &mut self,
        situation: Situation,
        decider: usize,
        extra: usize,
    ) {
        let old = self.decision_key();
        self.situation = situation;
        self.decider = decider as u8;
        self.extra = extra as u8;
        if KEEP {
            self.keys.xor(old ^ self.decision_key());
        }
    }

    #[inline(always)]
    fn push_giver<const KEEP: bool>(&mut self, player: usize) {
        if KEEP {
            self.keys.xor(keys::giver(self.givers.len(), player));
        }
        self.givers.push(player as u8);
    }

    /// Pops the top of the chain, saving it for undo when it was there before the move.
    #[inline(always)]
    fn pop_giver<const KEEP: bool>(&mut self) {
        let player = self.givers.pop().expect("a chain entry to pop");
        let position = self.givers.len();
        if KEEP {
            self.keys.xor(keys::giver(position, usize::from(player)));
            if (position as u32) < self.chain_low {
                self.saved_givers.push(player);
                self.chain_low = position as u32;
            }
        }
    }

    /// The move goes back: pops the top of the chain, then every dead player on top; returns
    /// the new top, `None` when the chain ran empty.
    #[inline]
    fn move_back<const KEEP: bool>(&mut self) -> Option<usize> {
        self.pop_giver::<KEEP>();
        while let Some(&top) = self.givers.last() {
            if self.alive & (1 << top) != 0 {
                return Some(usize::from(top));
            }
            self.pop_giver::<KEEP>();
        }
        None
    }

    /// `player`, on top of the chain, has the move: it plays, or it is in need.
    #[inline(always)]
    fn have_move<const KEEP: bool>(&mut self, player: usize) {
        if self.counts[player] > 0 {
            self.set_decision::<KEEP>(Situation::Play, player, 0);
        } else {
            self.in_need::<KEEP>(player, player);
        }
    }

    /// The next player after `from` in seat order, before `need`, who lives and holds a
    /// prisoner.
    #[inline]
    fn next_helper(&self, need: usize, from: usize) -> Option<usize> {
        let players = usize::from(self.players);
        let mut q = from;
        loop {
            q = if q + 1 == players { 0 } else { q + 1 };
            if q == need {
                return None;
            }
            if self.alive & (1 << q) != 0 && self.held[q] & !(1 << q) != 0 {
                return Some(q);
            }
        }
    }

    /// `need` (on top of the chain, without chips) is in need: the helpers after `from` are
    /// asked; when none is left it dies and the move goes back, maybe to another in need.
    fn in_need<const KEEP: bool>(&mut self, mut need: usize, mut from: usize) {
        loop {
            if let Some(helper) = self.next_helper(need, from) {
                self.set_decision::<KEEP>(Situation::Rescue, helper, need);
                return;
            }
            debug_assert_eq!(self.givers.last().copied(), Some(need as u8));
            self.alive &= !(1 << need);
            if KEEP {
                self.keys.xor(keys::dead(need));
            }
            if self.alive.count_ones() == 1 {
                if KEEP {
                    self.keys.xor(self.decision_key());
                }
                let winner = self.alive.trailing_zeros() as usize;
                self.outcome = Some(Outcome::win(winner, "last player alive"));
                return;
            }
            let next = match self.move_back::<KEEP>() {
                Some(top) => top,
                None => {
                    let players = usize::from(self.players);
                    let next = (1..players)
                        .map(|i| (need + i) % players)
                        .find(|&q| self.alive & (1 << q) != 0)
                        .expect("two players live");
                    self.push_giver::<KEEP>(next);
                    next
                }
            };
            if self.counts[next] > 0 {
                self.set_decision::<KEEP>(Situation::Play, next, 0);
                return;
            }
            need = next;
            from = next;
        }
    }

    /// After `player` played onto the pile of rank `rank` without a capture: a give decision,
    /// or the move goes where the rules force it.
    #[inline(always)]
    fn after_play<const KEEP: bool>(&mut self, player: usize, rank: usize) {
        let options = self.alive & !self.pile_mask[rank];
        let next = match options.count_ones() {
            0 => self.deepest_topmost(rank),
            1 => options.trailing_zeros() as usize,
            _ => {
                self.set_decision::<KEEP>(Situation::Give, player, rank);
                return;
            }
        };
        self.push_giver::<KEEP>(next);
        self.have_move::<KEEP>(next);
    }

    /// `player` played a chip of `colour` onto the pile of rank `rank`.
    #[inline(always)]
    fn play_on<const KEEP: bool>(&mut self, player: usize, colour: usize, rank: usize) {
        if KEEP {
            self.undo_record().pile_mask = self.pile_mask[rank];
        }
        let below = self.top_colour(rank);
        self.push_chip::<KEEP>(rank, colour as u8);
        if below != Some(colour as u8) {
            self.after_play::<KEEP>(player, rank);
        } else if self.alive & (1 << colour) != 0 {
            self.set_decision::<KEEP>(Situation::Kill, colour, rank);
        } else {
            self.record_capture::<KEEP>(rank);
            let per_colour = self.remove_pile::<KEEP>(rank);
            for (dead, n) in self.dead_box.iter_mut().zip(per_colour) {
                *dead += n;
            }
            match self.dead_capture {
                DeadCapture::Player => self.have_move::<KEEP>(player),
                DeadCapture::Giver => {
                    let next = match self.move_back::<KEEP>() {
                        Some(top) => top,
                        None => {
                            self.push_giver::<KEEP>(player);
                            player
                        }
                    };
                    self.have_move::<KEEP>(next);
                }
            }
        }
    }

    /// The undo record of the move being played (pushed first and filled in place: a record
    /// built on the stack and copied at the end stalled on the copy).
    #[inline(always)]
    fn undo_record(&mut self) -> &mut Undo {
        self.keys.last_mut()
    }

    /// Notes in the undo record the pile of rank `rank`, about to be captured.
    #[inline(always)]
    fn record_capture<const KEEP: bool>(&mut self, rank: usize) {
        if KEEP {
            let (pile_id, saved) = (self.pile_id[rank], self.pile_len[rank]);
            let undo = self.undo_record();
            undo.pile_id = pile_id;
            undo.saved = saved;
        }
    }

    /// The colour on top of the pile of rank `rank`, if any.
    #[inline(always)]
    fn top_colour(&self, rank: usize) -> Option<u8> {
        let top = self.pile_top[rank];
        (top != NO_CHIP).then(|| self.chip_colour[usize::from(top)])
    }

    /// The captor kills a chip of `colour` from the captured pile and takes the rest.
    fn kill<const KEEP: bool>(&mut self, colour: usize) {
        let captor = usize::from(self.decider);
        let rank = usize::from(self.extra);
        self.record_capture::<KEEP>(rank);
        let mut per_colour = self.remove_pile::<KEEP>(rank);
        per_colour[colour] -= 1;
        self.dead_box[colour] += 1;
        for (c, &n) in per_colour[..usize::from(self.players)].iter().enumerate() {
            if n > 0 {
                self.add_chips::<KEEP>(captor, c, n);
            }
        }
        self.push_giver::<KEEP>(captor);
        self.set_decision::<KEEP>(Situation::Play, captor, 0);
    }

    /// After a free action of `actor`: a rescue of the player in need, or the player with the
    /// move in need by its own hand.
    #[inline]
    fn after_free<const KEEP: bool>(&mut self, actor: usize, receiver: Option<usize>) {
        match self.situation {
            Situation::Rescue if receiver == Some(usize::from(self.extra)) => {
                self.set_decision::<KEEP>(Situation::Play, usize::from(self.extra), 0);
            }
            Situation::Play if actor == usize::from(self.decider) && self.counts[actor] == 0 => {
                self.in_need::<KEEP>(actor, actor);
            }
            _ => {}
        }
    }

    /// The Move `parsed` names here, with the id it has now.
    pub(super) fn with_action(&self, parsed: Parsed, text: &str) -> Result<Move, Error> {
        let (kind, actor, colour, receiver, pile) = match parsed {
            Parsed::PlayOn { colour, pile } => (MoveKind::PlayOn, NO_PLAYER, colour, 0, pile),
            Parsed::PlayNew { colour } => (MoveKind::PlayNew, NO_PLAYER, colour, 0, 0),
            Parsed::Give { player } => (MoveKind::Give, NO_PLAYER, player, 0, 0),
            Parsed::Kill { colour } => (MoveKind::Kill, NO_PLAYER, colour, 0, 0),
            Parsed::Rescue { colour } => (MoveKind::Rescue, NO_PLAYER, colour, 0, 0),
            Parsed::Refuse => (MoveKind::Refuse, NO_PLAYER, 0, 0, 0),
            Parsed::Transfer {
                actor,
                colour,
                receiver,
            } => (MoveKind::Transfer, actor, colour, receiver, 0),
            Parsed::FreeKill { actor, colour } => (MoveKind::FreeKill, actor, colour, 0, 0),
        };
        let mv = Move::new(kind, actor, colour, receiver, pile, 0);
        let action = self
            .action_now(mv)
            .ok_or_else(|| Error::illegal_move(text, format!("there is no pile {pile}")))?;
        Ok(Move {
            action: action as u32,
            ..mv
        })
    }

    // -- play ------------------------------------------------------------------------------

    // -- for tests --------------------------------------------------------------------------

    /// A game of this one's options at the start.
    #[cfg(test)]
    pub(super) fn restart(&self) -> Self {
        Self::setup(
            self.num_players(),
            usize::from(self.chips),
            self.seed,
            self.first_player.map(usize::from),
            self.dead_capture,
            self.free_actions,
        )
    }

    /// Checks what `to_json` does not show: the caches (held colours, chip counts, pile lengths
    /// and masks, free chip slots) against the hands and piles, and the undo stacks against the
    /// undo records.
    #[cfg(test)]
    pub(super) fn check_caches(&self) {
        let p = self.num_players();
        for q in 0..MAX_PLAYERS {
            let held = (0..MAX_PLAYERS).fold(0u8, |m, c| m | (u8::from(self.hands[q][c] > 0) << c));
            assert_eq!(self.held[q], held, "held colours of {q}");
            let count: u8 = self.hands[q].iter().sum();
            assert_eq!(self.counts[q], count, "chip count of {q}");
            if q >= p {
                assert_eq!(count, 0);
            }
        }
        let mut on_table = 0;
        for r in 0..usize::from(self.npiles) {
            let colours = self.pile_colours(r);
            assert!(!colours.is_empty(), "no empty pile");
            assert_eq!(usize::from(self.pile_len[r]), colours.len());
            let mask = colours.iter().fold(0u8, |m, &c| m | (1 << c));
            assert_eq!(self.pile_mask[r], mask, "pile mask of rank {r}");
            on_table += colours.len();
            if r > 0 {
                assert!(self.pile_id[r - 1] < self.pile_id[r], "ascending ids");
            }
            assert!(self.pile_id[r] < self.next_pile);
        }
        assert_eq!(
            on_table + usize::from(self.free_len),
            usize::from(self.total)
        );
        assert!(
            self.keys.len() <= self.history.len(),
            "a record per move at most"
        );
        let saved: usize = self.keys.records().map(|u| usize::from(u.saved)).sum();
        assert_eq!(saved, self.saved_chips.len(), "saved chips");
        let popped: usize = self
            .keys
            .records()
            .map(|u| (u.chain_len - u.chain_low) as usize)
            .sum();
        assert_eq!(popped, self.saved_givers.len(), "saved givers");
    }

    /// The undo records, for tests.
    #[cfg(test)]
    pub(super) fn undo_records(&self) -> Vec<Undo> {
        self.keys.records().copied().collect()
    }
}

/// The chat of a JSON state: a list of objects with exactly `ply` (an integer ≥ 0), `player`
/// (an integer in `0..players`) and `text` (a string).
fn parse_chat(value: Option<&Value>, players: usize) -> Result<Vec<Message>, String> {
    // The messages are the reference's, word for word, and quote no value.
    let list = match value {
        Some(Value::Array(list)) => list,
        Some(_) => return Err("'chat' must be a list".into()),
        None => return Ok(Vec::new()), // reported as a missing key by `from_json`
    };
    list.iter()
        .enumerate()
        .map(|(i, entry)| {
            let object = entry
                .as_object()
                .filter(|o| {
                    let mut keys: Vec<&str> = o.keys().map(String::as_str).collect();
                    keys.sort_unstable();
                    keys == ["player", "ply", "text"]
                })
                .ok_or_else(|| {
                    format!("chat line {i} must be a dict with exactly 'ply', 'player' and 'text'")
                })?;
            let ply = object["ply"]
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("chat line {i}: 'ply' must be an int >= 0"))?;
            let player = object["player"]
                .as_u64()
                .filter(|&p| p < players as u64)
                .ok_or_else(|| {
                    format!(
                        "chat line {i}: 'player' must be an int in 0..{}",
                        players - 1
                    )
                })? as usize;
            let text = object["text"]
                .as_str()
                .ok_or_else(|| format!("chat line {i}: 'text' must be a str"))?
                .to_string();
            Ok(Message { ply, player, text })
        })
        .collect()
}

impl PlaysForGood for SoLongSucker {
    type Record = Undo;

    #[inline(always)]
    fn key_and_undo(&self) -> &KeyAndUndo<Undo> {
        &self.keys
    }

    #[inline(always)]
    fn key_and_undo_mut(&mut self) -> &mut KeyAndUndo<Undo> {
        &mut self.keys
    }

    /// The saved chips and givers of the records, which go with them.
    #[inline(always)]
    fn forget_undo(&mut self) {
        self.saved_givers.clear();
        self.saved_chips.clear();
    }

    /// Plays `mv`; with `KEEP`, keeping the incremental key and the undo record (not for
    /// [`Game::play_for_good`], whose random games never read them: a fifth of their time).
    #[inline(always)]
    fn play_move<const KEEP: bool>(&mut self, mv: Move) {
        let chain_len = self.givers.len() as u32;
        let before = (self.situation, self.decider, self.extra);
        if KEEP {
            let key = self.keys.raw_key();
            self.keys.push(
                key,
                Undo {
                    pile_id: 0,
                    chain_len,
                    chain_low: chain_len,
                    used: self.used,
                    situation: before.0,
                    decider: before.1,
                    extra: before.2,
                    alive: self.alive,
                    pile_mask: 0,
                    saved: 0,
                },
            );
            self.chain_low = chain_len;
            self.keys.xor(keys::used(self.used));
        }
        let decider = usize::from(self.decider);
        let colour = usize::from(mv.colour);
        let primary = match mv.kind {
            MoveKind::PlayOn => {
                self.take_chips::<KEEP>(decider, colour, 1);
                let rank = mv.rank_on(self.slots());
                debug_assert_eq!(self.pile_id[rank], mv.pile);
                self.play_on::<KEEP>(decider, colour, rank);
                true
            }
            MoveKind::PlayNew => {
                self.take_chips::<KEEP>(decider, colour, 1);
                let rank = self.new_pile::<KEEP>(colour as u8);
                self.after_play::<KEEP>(decider, rank);
                true
            }
            MoveKind::Give => {
                self.push_giver::<KEEP>(colour);
                self.have_move::<KEEP>(colour);
                true
            }
            MoveKind::Kill => {
                self.kill::<KEEP>(colour);
                true
            }
            MoveKind::Rescue => {
                let need = usize::from(self.extra);
                self.take_chips::<KEEP>(decider, colour, 1);
                self.add_chips::<KEEP>(need, colour, 1);
                self.set_decision::<KEEP>(Situation::Play, need, 0);
                true
            }
            MoveKind::Refuse => {
                self.in_need::<KEEP>(usize::from(self.extra), decider);
                true
            }
            MoveKind::Transfer => {
                let (actor, receiver) = (usize::from(mv.actor), usize::from(mv.receiver));
                self.take_chips::<KEEP>(actor, colour, 1);
                self.add_chips::<KEEP>(receiver, colour, 1);
                self.after_free::<KEEP>(actor, Some(receiver));
                false
            }
            MoveKind::FreeKill => {
                let actor = usize::from(mv.actor);
                self.take_chips::<KEEP>(actor, colour, 1);
                self.dead_box[colour] += 1;
                self.after_free::<KEEP>(actor, None);
                false
            }
        };
        if self.outcome.is_none() {
            let same = (self.situation, self.decider, self.extra) == before;
            self.used = if primary || !same {
                0
            } else if mv.actor == before.1 {
                self.used + 1
            } else {
                self.used
            };
            if KEEP {
                self.keys.xor(keys::used(self.used));
            }
        } else {
            self.used = 0;
        }
        if KEEP {
            let chain_low = self.chain_low;
            self.undo_record().chain_low = chain_low;
        }
        self.history.push(mv);
    }
}

impl Game for SoLongSucker {
    fn board_text(&self, _viewer: Option<usize>) -> Option<String> {
        Some(super::drawing::board_text(self))
    }

    fn say_in_chat(&mut self, player: usize, text: &str) -> bool {
        self.say(player, text.to_owned());
        true
    }

    const FACTS: &'static Facts = FACTS;

    fn new(options: &Map<String, Value>) -> Result<Self, Error> {
        let checked = Options::new(FACTS, options)?;
        let players = checked.int("players")?.expect("players has a default") as usize;
        let chips = checked.int("chips")?.map_or(
            match players {
                2..=4 => 7,
                5 => 6,
                _ => 5,
            },
            |n| n as usize,
        );
        let seed = checked.seed()?;
        let first_player = checked.first_player(players)?;
        let dead_capture = match checked.str("dead_capture")? {
            "player" => DeadCapture::Player,
            _ => DeadCapture::Giver,
        };
        let free_actions = checked.int("free_actions")?.unwrap_or(0) as u8;
        Ok(Self::setup(
            players,
            chips,
            seed,
            first_player,
            dead_capture,
            free_actions,
        ))
    }

    fn restart(&self, seed: u64) -> Self {
        Self::setup(
            usize::from(self.players),
            usize::from(self.chips),
            seed,
            self.first_player.map(usize::from),
            self.dead_capture,
            self.free_actions,
        )
    }

    fn restart_into(&self, seed: u64, game: &mut Self) {
        game.players = self.players;
        game.chips = self.chips;
        game.seed = seed;
        game.first_player = self.first_player;
        game.dead_capture = self.dead_capture;
        game.free_actions = self.free_actions;
        game.total = self.total;
        game.lay_out();
    }

    fn options(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("players".into(), json!(self.players));
        map.insert("chips".into(), json!(self.chips));
        map.insert("seed".into(), json!(self.seed));
        map.insert("first_player".into(), json!(self.first_player));
        map.insert("dead_capture".into(), json!(self.dead_capture.name()));
        map.insert("free_actions".into(), json!(self.free_actions));
        map
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        match self.outcome {
            None => Some(usize::from(self.decider)),
            Some(_) => None,
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        self.play_keeping(mv);
    }

    #[inline(always)]
    fn play_for_good(&mut self, mv: Move) {
        self.play_forgetting(mv);
    }

    fn undo(&mut self) -> Option<Move> {
        // No record: the start, or a move played for good. The helpers below need not keep
        // the key (`::<false>`): it comes back whole from the record.
        let undo = self.keys.pop()?;
        let mv = self.history.pop().expect("a move per undo record");
        let decider = usize::from(undo.decider);
        let colour = usize::from(mv.colour);
        match mv.kind {
            MoveKind::PlayOn => {
                let rank = mv.rank_on(self.slots());
                if undo.saved > 0 {
                    let per_colour = self.restore_pile(rank, undo.pile_id, undo.saved);
                    for (dead, n) in self.dead_box.iter_mut().zip(per_colour) {
                        *dead -= n;
                    }
                }
                self.pop_chip_raw(rank);
                self.pile_mask[rank] = undo.pile_mask;
                self.add_chips::<false>(decider, colour, 1);
            }
            MoveKind::PlayNew => {
                self.pop_chip_raw(usize::from(self.npiles) - 1);
                self.npiles -= 1;
                self.next_pile -= 1;
                self.add_chips::<false>(decider, colour, 1);
            }
            MoveKind::Give | MoveKind::Refuse => {}
            MoveKind::Kill => {
                let mut per_colour =
                    self.restore_pile(usize::from(undo.extra), undo.pile_id, undo.saved);
                per_colour[colour] -= 1;
                self.dead_box[colour] -= 1;
                for (c, &n) in per_colour[..usize::from(self.players)].iter().enumerate() {
                    if n > 0 {
                        self.take_chips::<false>(decider, c, n);
                    }
                }
            }
            MoveKind::Rescue => {
                self.take_chips::<false>(usize::from(undo.extra), colour, 1);
                self.add_chips::<false>(decider, colour, 1);
            }
            MoveKind::Transfer => {
                self.take_chips::<false>(usize::from(mv.receiver), colour, 1);
                self.add_chips::<false>(usize::from(mv.actor), colour, 1);
            }
            MoveKind::FreeKill => {
                self.dead_box[colour] -= 1;
                self.add_chips::<false>(usize::from(mv.actor), colour, 1);
            }
        }
        self.givers.truncate(undo.chain_low as usize);
        for _ in undo.chain_low..undo.chain_len {
            let player = self.saved_givers.pop().expect("a saved chain entry");
            self.givers.push(player);
        }
        self.alive = undo.alive;
        self.situation = undo.situation;
        self.decider = undo.decider;
        self.extra = undo.extra;
        self.used = undo.used;
        self.outcome = None;
        Some(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn key(&self) -> u64 {
        self.current_key()
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for r in 0..usize::from(self.npiles) {
            for (depth, &colour) in self.pile_colours(r).iter().enumerate() {
                key ^= keys::chip(r, depth, colour);
            }
        }
        let players = self.num_players();
        for p in 0..players {
            for c in 0..players {
                key ^= keys::hand(p, c, usize::from(self.hands[p][c]));
            }
            if !self.is_alive(p) {
                key ^= keys::dead(p);
            }
        }
        if self.outcome.is_none() {
            key ^= self.decision_key() ^ keys::used(self.used);
        }
        for (position, &player) in self.givers.iter().enumerate() {
            key ^= keys::giver(position, usize::from(player));
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    fn history_action(&self, index: usize) -> usize {
        self.history[index].action()
    }

    fn observation_shape(&self) -> Vec<usize> {
        let (p, n) = (self.num_players(), usize::from(self.total));
        vec![n * (p + 2) + p * p + 5 * p + 5]
    }

    fn observation_layout(&self) -> Layout {
        let (n, total) = (self.num_players(), usize::from(self.total));
        let chips = total as f32;
        let mut layout = Layout::default();
        layout.add("table", total * (n + 1), 0.0, 1.0);
        layout.add("hands", n * n, 0.0, chips);
        layout.add("dead box", n, 0.0, chips);
        layout.add("alive", n, 0.0, 1.0);
        layout.add("situation", 4, 0.0, 1.0);
        layout.add("decider", n, 0.0, 1.0);
        layout.add("pile", total, 0.0, 1.0);
        layout.add("in need", n, 0.0, 1.0);
        layout.add("giver", n, 0.0, 1.0);
        // At least 1: a bound of 0 would make a degenerate Box (Gymnasium warns about it).
        layout.add("free left", 1, 0.0, f32::from(self.free_actions.max(1)));
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let p = self.num_players();
        let n = usize::from(self.total);
        out.fill(0.0);
        // each seat relative to `player`, worked out once rather than per chip
        // (q - player) mod p without a division: six of them were 7% of a batched env's step
        // (only the first p entries are read)
        let relative: [usize; MAX_PLAYERS] = std::array::from_fn(|q| {
            if q >= player {
                q - player
            } else {
                q + p - player
            }
        });
        let rel = |q: usize| relative[q];
        let mut j = 0;
        for r in 0..usize::from(self.npiles) {
            // walked down from the top chip, without collecting the pile (a batched env
            // writes an observation at every step)
            let len = usize::from(self.pile_len[r]);
            let mut depth = len;
            let mut chip = self.pile_top[r];
            while chip != NO_CHIP {
                depth -= 1;
                let row = (j + depth) * (p + 1);
                out[row + rel(usize::from(self.chip_colour[usize::from(chip)]))] = 1.0;
                if depth == 0 {
                    out[row + p] = 1.0;
                }
                chip = self.chip_below[usize::from(chip)];
            }
            j += len;
        }
        let mut at = n * (p + 1);
        for q in 0..p {
            for c in 0..p {
                out[at + rel(q) * p + rel(c)] = f32::from(self.hands[q][c]);
            }
        }
        at += p * p;
        for c in 0..p {
            out[at + rel(c)] = f32::from(self.dead_box[c]);
            out[at + p + rel(c)] = if self.is_alive(c) { 1.0 } else { 0.0 };
        }
        at += 2 * p;
        if let Some(decision) = self.decision() {
            out[at + decision.situation.index()] = 1.0;
            out[at + 4 + rel(decision.player)] = 1.0;
            if decision.pile.is_some() {
                out[at + 4 + p + usize::from(self.extra)] = 1.0;
            }
            if let Some(need) = decision.in_need {
                out[at + 4 + p + n + rel(need)] = 1.0;
            }
            let left = u64::from(self.free_actions).saturating_sub(self.used);
            out[at + 4 + 3 * p + n] = left as f32;
            if self.givers.len() >= 2 {
                let giver = usize::from(self.givers[self.givers.len() - 2]);
                out[at + 4 + 2 * p + n + rel(giver)] = 1.0;
            }
        }
    }

    fn json_fields(&self, fields: &mut Map<String, Value>) {
        let p = self.num_players();
        let piles: Vec<Value> = (0..usize::from(self.npiles))
            .map(|r| {
                let chips: String = self
                    .pile_colours(r)
                    .into_iter()
                    .map(|c| char::from(COLOUR_LETTERS[c]))
                    .collect();
                json!({"id": self.pile_id[r], "chips": chips})
            })
            .collect();
        fields.insert("piles".into(), Value::Array(piles));
        fields.insert("next_pile".into(), json!(self.next_pile));
        let hands: Vec<&[u8]> = self.hands[..p].iter().map(|h| &h[..p]).collect();
        fields.insert("hands".into(), json!(hands));
        fields.insert("dead_box".into(), json!(&self.dead_box[..p]));
        let alive: Vec<bool> = (0..p).map(|q| self.is_alive(q)).collect();
        fields.insert("alive".into(), json!(alive));
        let decision = self.decision().map_or(Value::Null, |d| {
            json!({
                "situation": d.situation.name(),
                "player": d.player,
                "pile": d.pile,
                "in_need": d.in_need,
            })
        });
        fields.insert("decision".into(), decision);
        fields.insert("givers".into(), json!(*self.givers));
        fields.insert("free_actions_used".into(), json!(self.used));
        let chat: Vec<Value> = self
            .chat
            .iter()
            .map(|m| json!({"ply": m.ply, "player": m.player, "text": m.text}))
            .collect();
        fields.insert("chat".into(), Value::Array(chat));
    }

    fn restore_json(&mut self, fields: &Map<String, Value>) -> Result<(), String> {
        self.chat = parse_chat(fields.get("chat"), self.num_players())?;
        Ok(())
    }

    fn why_illegal(&self, mv: Move) -> String {
        self.reason(mv)
    }
}
