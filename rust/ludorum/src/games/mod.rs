//! The one list of games. Each game has a folder with `board` (geometry and tables), `state`
//! ([`Game`]), `movegen` ([`MoveGen`](crate::core::game::MoveGen)) and `notation`
//! ([`Encoding`](crate::core::game::Encoding)), declares its [`Facts`], and documents its
//! encodings in `docs/rules/<name>.md`.
//!
//! [`for_each_game!`](crate::for_each_game) is the only place that names every game: the
//! modules, [`ALL`], [`visit`], the bindings, the examples and the benches are all made from it.
//! Adding a game is a folder here and one line in that macro.

use crate::core::error::Error;
use crate::core::facts::Facts;
use crate::prelude::*;

/// Calls the macro `$callback!` with every game as `module Type` pairs, in list order:
/// THE list of games.
///
/// # Examples
///
/// ```
/// macro_rules! count {
///     ($($module:ident $game:ident),*) => { [$(stringify!($game)),*].len() };
/// }
/// assert_eq!(ludorum::for_each_game!(count), 5);
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            chinese_checkers ChineseCheckers,
            domination Domination,
            dominions Dominions,
            armadora Armadora,
            so_long_sucker SoLongSucker
        }
    };
}

/// Code generic over [`Game`], run for a game chosen by name at run time with [`visit`].
pub trait Visitor {
    /// What the visit returns.
    type Output;

    /// Does the work for game `G`.
    fn visit<G: Game>(self) -> Self::Output;
}

macro_rules! declare_games {
    ($($module:ident $game:ident),*) => {
        $(pub mod $module;)*

        /// The facts of every game, in list order.
        pub const ALL: &[&Facts] = &[$(<$module::$game as Game>::FACTS),*];

        /// Runs `visitor` for the game called `name`: one dispatch over the list, for every
        /// batch, agent and protocol entry point.
        ///
        /// # Errors
        ///
        /// [`Error::InvalidOption`] for an unknown name, listing the known ones.
        ///
        /// # Examples
        ///
        /// ```
        /// use ludorum::{games::{visit, Visitor}, Game};
        /// struct Players;
        /// impl Visitor for Players {
        ///     type Output = &'static [usize];
        ///     fn visit<G: Game>(self) -> Self::Output { G::FACTS.players }
        /// }
        /// assert_eq!(visit("dominions", Players).unwrap(), &[2]);
        /// assert!(visit("chess", Players).is_err());
        /// ```
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Result<V::Output, Error> {
            $(
                if name == <$module::$game as Game>::NAME {
                    return Ok(visitor.visit::<$module::$game>());
                }
            )*
            Err(unknown_game(name))
        }
    };
}

for_each_game!(declare_games);

/// The facts of the game called `name`.
///
/// # Errors
///
/// [`Error::InvalidOption`] for an unknown name, listing the known ones.
pub fn facts(name: &str) -> Result<&'static Facts, Error> {
    ALL.iter()
        .copied()
        .find(|f| f.name == name)
        .ok_or_else(|| unknown_game(name))
}

fn unknown_game(name: &str) -> Error {
    let mut names: Vec<&str> = ALL.iter().map(|f| f.name).collect();
    names.sort_unstable();
    Error::InvalidOption(format!(
        "unknown game '{name}'; known games: {}",
        names.join(", ")
    ))
}
