//! Hidden information as a capability: games where a player may not see the whole state
//! (Armadora's warrior strengths) implement [`HiddenInformation`] and answer
//! [`Game::hidden_information`] with [`Hidden::of`], so that code generic over [`Game`] (the
//! viewers' JSON, information-set search) can use it for any game that has it.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde_json::Value;

use super::game::Game;
use super::rng::SplitMix64;

/// What a game with hidden information offers: each player's view, and worlds consistent
/// with it.
pub trait HiddenInformation: Game {
    /// The JSON state as `viewer` may see it (it cannot be loaded again); see the game's rules
    /// page for what is hidden.
    fn view_json(&self, viewer: usize) -> Value;

    /// The player who played the `index`-th move of the history (what each player saw of a move
    /// depends on who played it).
    fn history_mover(&self, index: usize) -> usize;

    /// The notation of `mover`'s move `mv` as `viewer` sees it (Armadora: `?@c3` for another
    /// player's warrior).
    fn viewer_notation(&self, viewer: usize, mover: usize, mv: Self::Move) -> String;

    /// [`viewer_notation`](HiddenInformation::viewer_notation) as a number, for search: equal
    /// for two moves exactly when their viewer notations are equal; the action id when
    /// `viewer` sees the move as it is, else a number of at least `num_actions()` (so that the
    /// two never meet). The provided method hashes the notation; a game overrides it to keep
    /// strings out of the search loop.
    fn viewer_key(&self, viewer: usize, mover: usize, mv: Self::Move) -> u64 {
        let seen = self.viewer_notation(viewer, mover, mv);
        if seen == self.notation(mv) {
            return self.action(mv) as u64;
        }
        let mut h = DefaultHasher::new();
        seen.hash(&mut h);
        // Above every action id (which are far below 2^63).
        h.finish() | 1 << 63
    }

    /// The first legal move, in action order, that `viewer` names `key` (see
    /// [`viewer_key`](HiddenInformation::viewer_key)) when `mover`, the player to move, plays
    /// it; `None` when no legal move has that name here. The provided method scans the legal
    /// moves; a game may answer faster.
    fn viewer_move(&self, viewer: usize, mover: usize, key: u64) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&mv| self.viewer_key(viewer, mover, mv) == key)
    }

    /// A full state consistent with everything `viewer` knows, what it cannot know drawn from
    /// `rng` (see the game's rules page for the procedure).
    fn resample(&self, viewer: usize, rng: &mut SplitMix64) -> Self;
}

/// The [`HiddenInformation`] methods of game `G`, for generic code that only knows `G: Game`.
pub struct Hidden<G: Game> {
    /// [`HiddenInformation::view_json`].
    pub view_json: fn(&G, usize) -> Value,
    /// [`HiddenInformation::history_mover`].
    pub history_mover: fn(&G, usize) -> usize,
    /// [`HiddenInformation::viewer_notation`].
    pub viewer_notation: fn(&G, usize, usize, G::Move) -> String,
    /// [`HiddenInformation::viewer_key`].
    pub viewer_key: fn(&G, usize, usize, G::Move) -> u64,
    /// [`HiddenInformation::viewer_move`].
    pub viewer_move: fn(&G, usize, usize, u64) -> Option<G::Move>,
    /// [`HiddenInformation::resample`].
    pub resample: fn(&G, usize, &mut SplitMix64) -> G,
}

impl<G: HiddenInformation> Hidden<G> {
    /// The capability of a game that implements [`HiddenInformation`].
    pub fn of() -> Self {
        Self {
            view_json: G::view_json,
            history_mover: G::history_mover,
            viewer_notation: G::viewer_notation,
            viewer_key: G::viewer_key,
            viewer_move: G::viewer_move,
            resample: G::resample,
        }
    }
}

/// The JSON state as `viewer` sees it: the full state in games of perfect information.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{core::hidden::view_json, games::dominions::Dominions};
/// let game = Dominions::new(&Default::default()).unwrap();
/// assert_eq!(view_json(&game, 1), ludorum::core::json::to_json(&game));
/// ```
pub fn view_json<G: Game>(game: &G, viewer: usize) -> Value {
    match G::hidden_information() {
        Some(hidden) => (hidden.view_json)(game, viewer),
        None => super::json::to_json(game),
    }
}

/// A state consistent with what `viewer` knows: `game` itself (a copy) in games of perfect
/// information.
pub fn resample<G: Game>(game: &G, viewer: usize, rng: &mut SplitMix64) -> G {
    match G::hidden_information() {
        Some(hidden) => (hidden.resample)(game, viewer, rng),
        None => game.clone(),
    }
}
