//! Hidden information as a capability: games where a player may not see the whole state
//! (Armadora's warrior strengths) implement [`HiddenInformation`] and answer
//! [`Game::hidden_information`] with [`Hidden::of`], so that code generic over [`Game`] (the
//! viewers' JSON, information-set search) can use it for any game that has it.

use serde_json::Value;

use super::game::Game;
use super::rng::SplitMix64;

/// What a game with hidden information offers: each player's view, and worlds consistent
/// with it.
pub trait HiddenInformation: Game {
    /// The JSON state as `viewer` may see it (it cannot be loaded again); see the game's rules
    /// page for what is hidden.
    fn view_json(&self, viewer: usize) -> Value;

    /// The notation of `mover`'s move `mv` as `viewer` sees it (Armadora: `?@c3` for another
    /// player's warrior).
    fn viewer_notation(&self, viewer: usize, mover: usize, mv: Self::Move) -> String;

    /// A full state consistent with everything `viewer` knows, what it cannot know drawn from
    /// `rng` (see the game's rules page for the procedure).
    fn resample(&self, viewer: usize, rng: &mut SplitMix64) -> Self;
}

/// The [`HiddenInformation`] methods of game `G`, for generic code that only knows `G: Game`.
pub struct Hidden<G: Game> {
    /// [`HiddenInformation::view_json`].
    pub view_json: fn(&G, usize) -> Value,
    /// [`HiddenInformation::viewer_notation`].
    pub viewer_notation: fn(&G, usize, usize, G::Move) -> String,
    /// [`HiddenInformation::resample`].
    pub resample: fn(&G, usize, &mut SplitMix64) -> G,
}

impl<G: HiddenInformation> Hidden<G> {
    /// The capability of a game that implements [`HiddenInformation`].
    pub fn of() -> Self {
        Self {
            view_json: G::view_json,
            viewer_notation: G::viewer_notation,
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
