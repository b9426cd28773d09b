//! The one contract every game follows, in three traits that each own one concern:
//!
//! - [`Encoding`]: what a move is called: its action id in the fixed action space, and its
//!   notation (implemented in each game's `notation.rs`);
//! - [`MoveGen`]: which moves are legal now (each game's `movegen.rs`);
//! - [`Evaluation`]: a heuristic value of a position for search (each game's `eval.rs`);
//! - [`Game`]: the rest of the rules: setup from options, play, undo, outcome, key,
//!   observation and JSON (each game's `state.rs`), with the game's [`Facts`].
//!
//! Capabilities that only some games have are capability traits with a query on [`Game`] that
//! generic code can ask: [`HiddenInformation`](super::hidden::HiddenInformation) through
//! [`Game::hidden_information`].

use serde_json::{Map, Value};

use super::error::Error;
use super::facts::Facts;
use super::hidden::Hidden;
use super::observation::Layout;
use super::outcome::Outcome;
use super::rng::SplitMix64;

/// The names of a game's moves: action ids and notation.
pub trait Encoding {
    /// A move of this game. Small and `Copy`: move generation must not allocate per move.
    type Move: Copy + Eq + std::fmt::Debug + Send + Sync;

    /// Size of the fixed action space of this configuration.
    fn num_actions(&self) -> usize;

    /// The action id of a move.
    fn action(&self, mv: Self::Move) -> usize;

    /// The move with this action id (not checked for legality).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidMove`] when the id is outside `0..num_actions()` or names no move.
    fn move_from_action(&self, action: usize) -> Result<Self::Move, Error>;

    /// Parses the game's move notation (syntax only).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidMove`] when the text names no move of this game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// The notation of a move.
    fn notation(&self, mv: Self::Move) -> String;
}

/// Move generation: the legal moves now, in ascending action id.
///
/// Only [`legal_moves`](MoveGen::legal_moves) is required; the others are provided from it and
/// may be overridden for speed (they must then give the same answers).
pub trait MoveGen: Encoding {
    /// Fills `moves` (cleared first) with the legal moves in ascending action id; empty once
    /// the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// True when `mv` is in the legal move list.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The number of legal moves (perft's bulk count).
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// The random agent's move: `legal_moves()[rng.below(n)]`, one draw per decision.
    /// Call only while the game runs.
    ///
    /// Every game marks this and [`Game::play_unchecked`] `#[inline(always)]`: the Python
    /// extension calls both from many places (bindings, agents, env, protocol), and the
    /// compiler then kept them out of the playout loop that `simulate` runs (measured in
    /// `docs/performance.md`).
    fn random_move(&self, rng: &mut SplitMix64) -> Self::Move {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves[rng.below(moves.len())]
    }

    /// Fills `actions` (cleared first) with the legal action ids, ascending.
    fn legal_actions(&self, actions: &mut Vec<u32>) {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        actions.clear();
        actions.extend(moves.into_iter().map(|m| self.action(m) as u32));
    }

    /// Sets in `words` (zeroed, [`words_for`](crate::core::action_bits::words_for) the action
    /// space long) the bit of every legal action id, as [`action_bits`](crate::core::action_bits)
    /// lays them out, and returns true; or returns false, writing nothing, where the game
    /// lists its ids only (the default). A batched env keeps the bits of a game that writes
    /// them rather than its list of ids: a game whose legal moves come as runs of bits and
    /// whose mask rows are dense enough that a row written whole from bits costs less than the
    /// list (Armadora; Chinese Checkers' `piece_to` ids).
    fn legal_action_bits(&self, words: &mut [u64]) -> bool {
        let _ = words;
        false
    }

    /// Whether [`legal_action_bits`](Self::legal_action_bits) writes bits, for some options:
    /// a batched env of a game that never does is compiled without their branches.
    const ACTION_BITS: bool = false;
}

/// Fills `ids` (cleared first) with the `count` action ids that `fill` puts, in order: a game's
/// [`MoveGen::legal_actions`] where it knows the number of its moves before listing them. The
/// list is sized once and written through an iterator; a `push` per id stored the list's length
/// back and reloaded its pointer at every id (seen in `perf annotate` on Domination's listing).
pub(crate) fn write_counted(ids: &mut Vec<u32>, count: usize, fill: impl FnOnce(&mut Counted<'_>)) {
    ids.clear();
    ids.resize(count, 0);
    let mut out = Counted(ids.iter_mut());
    fill(&mut out);
    debug_assert!(out.0.next().is_none(), "fewer ids than counted");
}

/// The ids [`write_counted`] has yet to write.
pub(crate) struct Counted<'a>(std::slice::IterMut<'a, u32>);

impl Counted<'_> {
    /// Writes the next id.
    #[inline(always)]
    pub(crate) fn put(&mut self, id: u32) {
        let slot = self.0.next();
        debug_assert!(slot.is_some(), "more ids than counted");
        if let Some(slot) = slot {
            *slot = id;
        }
    }
}

/// A heuristic value of a position, for search: each game's `eval.rs`, documented on its rules
/// page.
pub trait Evaluation {
    /// Writes into `values` (one per player) how well each player stands, in `[-1, 1]`, for a
    /// position that is not over: MCTS scores the rollouts it cuts short with it. In a game with
    /// hidden information it is called on the worlds a search samples, never on the true hidden
    /// values of a state a player cannot see.
    fn evaluate(&self, values: &mut [f64]);

    /// Whether some legal move might end the game with the player to move its sole winner:
    /// `false` only where none can, from a look cheaper than playing them. MCTS plays every
    /// move of the root and of the root's children to find the moves that win at once, and
    /// skips that where this says none can. The default says `true`.
    fn may_win_at_once(&self) -> bool {
        true
    }
}

/// A game state: setup, play, undo, outcome and key.
///
/// Implementors provide the required methods; checked [`play`](Game::play) is provided once.
pub trait Game: MoveGen + Evaluation + Clone + Send + Sync + Sized + 'static {
    /// What the game declares about itself (names, players, options, ...).
    const FACTS: &'static Facts;

    /// The registry name, e.g. `"chinese_checkers"`.
    const NAME: &'static str = Self::FACTS.name;

    /// A new game at its start.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for an unknown option or a value out of range.
    fn new(options: &Map<String, Value>) -> Result<Self, Error>;

    /// A new game at the start with this game's options, but for the seeded setup (the first
    /// player, the gold, the chips...) drawn from `seed`. Games whose setup is not seeded
    /// ([`Facts::seeded`] false) ignore `seed`. Batches use it to start game `i` without
    /// validating the options again.
    fn restart(&self, seed: u64) -> Self;

    /// `*game = self.restart(seed)`, reusing what `game` holds where the game can: batches and
    /// vector environments restart each of their games in place this way, game after game.
    /// Games whose start allocates override it (So Long Sucker: its five stacks cost a twentieth
    /// of a short random game to allocate anew).
    fn restart_into(&self, seed: u64, game: &mut Self) {
        *game = self.restart(seed);
    }

    /// Every option with its value after defaults, as stored in JSON.
    fn options(&self) -> Map<String, Value>;

    /// Number of players.
    fn num_players(&self) -> usize;

    /// The player who must decide now, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;

    /// Plays a move known to be legal (always inlined: see [`MoveGen::random_move`]).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// [`play_unchecked`](Game::play_unchecked) for a move that will not be taken back, in a
    /// game whose key nobody reads move by move: a random playout's. A game may skip its
    /// bookkeeping for [`undo`](Game::undo) and its incremental [`key`](Game::key) here.
    /// Everything else is as after `play_unchecked`: the history, the outcome, the moves, and
    /// `key()`, which such a game computes from scratch when asked, until its next
    /// `play_unchecked` picks up the incremental key again. `undo` takes back no move from
    /// the last one played for good down (it returns `None` there).
    ///
    /// The default is `play_unchecked` (undo then still works). So Long Sucker and Domination
    /// override it: their keys and undo records were nearly a quarter and a twelfth of a
    /// random game (`docs/performance.md`). Both do it through one helper,
    /// [`PlaysForGood`](super::for_good::PlaysForGood), which holds the key, whether it is
    /// stale and the undo records, and gives `play_unchecked`, `play_for_good` and `key` from the
    /// game's one `play_move::<KEEP>`. Everything that plays moves it never takes back
    /// plays this way: [`simulate`](crate::simulate) and random games, MCTS simulations (their
    /// states are thrown away), arena games and vector environments.
    #[inline(always)]
    fn play_for_good(&mut self, mv: Self::Move) {
        self.play_unchecked(mv);
    }

    /// Takes back the last move and returns it; `None` at the start (and, in games that
    /// override [`play_for_good`](Game::play_for_good), at a move played for good).
    fn undo(&mut self) -> Option<Self::Move>;

    /// The outcome, `None` while the game runs.
    fn outcome(&self) -> Option<Outcome>;

    /// The Zobrist key, maintained incrementally.
    fn key(&self) -> u64;

    /// The Zobrist key computed from nothing but the position (a test oracle).
    fn key_from_scratch(&self) -> u64;

    /// The moves played so far.
    fn history(&self) -> &[Self::Move];

    /// Shape of [`observation`](Game::observation).
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes what `player` may see into `out` (length = product of the shape).
    fn observation(&self, player: usize, out: &mut [f32]);

    /// The name and bounds of every part of the observation's first axis, in order, as the
    /// rules page writes them; it covers `observation_shape()[0]` entries. Written beside
    /// [`observation`](Game::observation), it is the one statement of the layout: Python's
    /// `observation_spec()` in both backends reads it.
    fn observation_layout(&self) -> Layout;

    /// The position-specific fields of the JSON state (`board`, ...); the common fields
    /// (`game`, `version`, `options`, `moves`, `current_player`, `outcome`) are added by
    /// [`to_json`](crate::core::json::to_json).
    fn json_fields(&self, fields: &mut Map<String, Value>);

    // -- provided --------------------------------------------------------------------------

    /// Hands `ask` the address of each cache line of the state that a step of this game reads
    /// (playing a move, the observation, the legal ids), for a batched env to ask for them two
    /// envs ahead where its envs exceed the caches: by default every line of the state
    /// ([`each_line`](super::lines::each_line)). A game whose state holds much that a step
    /// does not read leaves those lines out (Chinese Checkers: the destination caches of every
    /// seat but the one to move next; see [`each_line_but`](super::lines::each_line_but)). A
    /// hint: it changes nothing, and a line left out or added costs time alone.
    #[inline(always)]
    fn prefetch_state(&self, ask: impl FnMut(*const u8)) {
        super::lines::each_line(self, ask);
    }

    /// Hands `ask` the addresses of the memory outside the state's own bytes that playing the
    /// move of `action` will write, for a batched env to ask for them ahead while it plays the
    /// env before this one (after [`prefetch_state`](Game::prefetch_state)): by default the end
    /// of the history, where the move is pushed; a game with a table on the heap adds its
    /// lines (Chinese Checkers: its repetition count's bucket of the key after the move). A
    /// hint: it changes nothing and never fails, whatever `action` (an id that names no move
    /// asks for no more than the default).
    #[inline(always)]
    fn prefetch_move(&self, _action: usize, mut ask: impl FnMut(*const u8)) {
        ask(self.history().as_ptr_range().end.cast());
    }

    /// The hidden-information capability, for games that have it (`None`: every player sees
    /// the whole state). Generic code (ISMCTS, viewers' JSON) asks this; a game implementing
    /// [`HiddenInformation`](super::hidden::HiddenInformation) returns
    /// `Some(Hidden::of::<Self>())`.
    fn hidden_information() -> Option<Hidden<Self>> {
        None
    }

    /// Appends `text`, said by `player`, to the game's public chat: true for games that have
    /// one (So Long Sucker), false for the others, which then change nothing.
    fn say_in_chat(&mut self, _player: usize, _text: &str) -> bool {
        false
    }

    /// The action id the `index`-th move of the history had when it was played. The default
    /// asks [`action`](Encoding::action) now; games whose action ids depend on the position (So
    /// Long Sucker's pile ranks) keep them.
    fn history_action(&self, index: usize) -> usize {
        self.action(self.history()[index])
    }

    /// Restores from a JSON state what replaying its moves cannot (So Long Sucker's chat); called
    /// by [`from_json`](crate::core::json::from_json) after the replay, before the other fields
    /// are compared. The default, for games whose state is all in the moves, restores nothing.
    ///
    /// # Errors
    ///
    /// A message saying which field is malformed.
    fn restore_json(&mut self, _fields: &Map<String, Value>) -> Result<(), String> {
        Ok(())
    }

    /// The board drawn as text for `viewer` (`None`: the referee, who sees everything), with
    /// the coordinates the notation uses, as `state.render()` draws it in Python; the engine
    /// protocol's `show` answers with it. A viewer sees only what it may (Armadora's warriors
    /// of other players face down). The default, for a game without a drawing, is `None`.
    fn board_text(&self, _viewer: Option<usize>) -> Option<String> {
        None
    }

    /// Why a well-formed move is not legal here (for error messages).
    fn why_illegal(&self, _mv: Self::Move) -> String {
        "not a legal move in this position".into()
    }

    /// Plays `mv` after checking it; on error nothing changes.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] when the game is over or the move is not legal here.
    fn play(&mut self, mv: Self::Move) -> Result<(), Error> {
        if self.current_player().is_none() {
            return Err(Error::illegal_move(self.notation(mv), "the game is over"));
        }
        if !self.is_legal(mv) {
            return Err(Error::illegal_move(self.notation(mv), self.why_illegal(mv)));
        }
        self.play_unchecked(mv);
        Ok(())
    }
}
