//! The one contract every game follows.

use serde_json::{Map, Value};

use super::error::Error;
use super::outcome::Outcome;
use super::rng::SplitMix64;

/// A game state: legal moves, play, undo, outcome and key.
///
/// Implementors provide the required methods; checked [`play`](Game::play), legality tests,
/// the action view and random moves are provided once here and may be overridden for speed
/// (they must then give the same answers).
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A move of this game. Small and `Copy`: move generation must not allocate per move.
    type Move: Copy + Eq + std::fmt::Debug + Send + Sync;

    /// The registry name, e.g. `"chinese_checkers"`.
    const NAME: &'static str;

    /// A new game at its start.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for an unknown option or a value out of range.
    fn new(options: &Map<String, Value>) -> Result<Self, Error>;

    /// Every option with its value after defaults, as stored in JSON.
    fn options(&self) -> Map<String, Value>;

    /// Number of players.
    fn num_players(&self) -> usize;

    /// The player who must decide now, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;

    /// Fills `moves` (cleared first) with the legal moves in ascending action id.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move known to be legal.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Takes back the last move and returns it; `None` at the start.
    fn undo(&mut self) -> Option<Self::Move>;

    /// The outcome, `None` while the game runs.
    fn outcome(&self) -> Option<Outcome>;

    /// The Zobrist key, maintained incrementally.
    fn key(&self) -> u64;

    /// The Zobrist key computed from nothing but the position (a test oracle).
    fn key_from_scratch(&self) -> u64;

    /// The moves played so far.
    fn history(&self) -> &[Self::Move];

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

    /// Shape of [`observation`](Game::observation).
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes what `player` may see into `out` (length = product of the shape).
    fn observation(&self, player: usize, out: &mut [f32]);

    /// The position-specific fields of the JSON state (`board`, ...); the common fields
    /// (`game`, `version`, `options`, `moves`, `current_player`, `outcome`) are added by
    /// [`to_json`](crate::core::json::to_json).
    fn json_fields(&self, fields: &mut Map<String, Value>);

    // -- provided --------------------------------------------------------------------------

    /// The JSON state as `viewer` may see it. Games with hidden information hide what the
    /// viewer may not know (such a view cannot be loaded again); the default, for games of
    /// perfect information, is the full state.
    fn view_json(&self, _viewer: usize) -> Value {
        crate::core::json::to_json(self)
    }

    /// The action id the `index`-th move of the history had when it was played. The default
    /// asks [`action`](Game::action) now; games whose action ids depend on the position (So Long
    /// Sucker's pile ranks) keep them.
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

    /// Why a well-formed move is not legal here (for error messages).
    fn why_illegal(&self, _mv: Self::Move) -> String {
        "not a legal move in this position".into()
    }

    /// True when `mv` is in the legal move list.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
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

    /// The number of legal moves (perft's bulk count).
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// The random agent's move: `legal_moves()[rng.below(n)]`, one draw per decision.
    /// Call only while the game runs.
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
}
