//! The one list of games. Each game has a folder with `board` (geometry and tables), `state`
//! ([`Game`]), `movegen` ([`MoveGen`]) and `notation` ([`Encoding`]), declares its [`Facts`],
//! and documents its encodings in `docs/rules/<name>.md`.
//!
//! [`for_each_game!`](crate::for_each_game) is the only place that names every game: the
//! modules, [`ALL`], [`visit`], the bindings, the examples and the benches are all made from it.
//! Adding a game is a folder here and one line in that macro.

use crate::core::error::Error;
use crate::core::facts::Facts;
use crate::prelude::*;

/// Calls the macro `$callback!` with every game as `module Type` pairs, in list order:
/// THE list of games. Each entry is one line ending with a comma, so that adding a game adds
/// one line; a callback takes the list as `$($module:ident $game:ident),* $(,)?`.
///
/// # Examples
///
/// ```
/// macro_rules! count {
///     ($($module:ident $game:ident),* $(,)?) => { [$(stringify!($game)),*].len() };
/// }
/// assert_eq!(ludorum::for_each_game!(count), ludorum::games::ALL.len());
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            chinese_checkers ChineseCheckers,
            domination Domination,
            dominions Dominions,
            armadora Armadora,
            so_long_sucker SoLongSucker,
            tic_tac_toe TicTacToe,
            connect_four ConnectFour,
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
    ($($module:ident $game:ident),* $(,)?) => {
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

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value};

    use super::{visit, Visitor, ALL};
    use crate::core::facts::OptionDefault;
    use crate::core::rng::SplitMix64;
    use crate::prelude::*;
    use crate::Batch;

    /// What every game's facts must say of the game itself.
    struct FactsAgree;

    impl Visitor for FactsAgree {
        type Output = ();

        fn visit<G: Game>(self) {
            let facts = G::FACTS;
            let game = G::new(&Map::new()).expect("the defaults are valid");
            // The options, in order, with the declared defaults.
            let options = game.options();
            // An option may be left out of `options()` while at its default when its rules page
            // says so (Armadora's advanced options appear only when in use).
            let names: Vec<&str> = facts.options.iter().map(|o| o.name).collect();
            // In the declared order (the JSON key order of both backends).
            let keys: Vec<&str> = options.keys().map(String::as_str).collect();
            let declared: Vec<&str> = names
                .iter()
                .copied()
                .filter(|n| options.contains_key(*n))
                .collect();
            assert_eq!(keys, declared, "options() in the declared order");
            // The options a game writes pass the one option check as they are.
            let checked = crate::core::options::check(facts, &options).expect("options() pass");
            assert_eq!(checked, options);
            for spec in facts.options {
                let Some(value) = options.get(spec.name) else {
                    continue;
                };
                match spec.default {
                    OptionDefault::Int(n) => assert_eq!(value, &Value::from(n), "{}", spec.name),
                    OptionDefault::Str(s) => assert_eq!(value, &Value::from(s), "{}", spec.name),
                    OptionDefault::Float(x) => assert_eq!(value.as_f64(), Some(x)),
                    OptionDefault::Bool(b) => assert_eq!(value, &Value::from(b), "{}", spec.name),
                    OptionDefault::None => assert!(value.is_null(), "{}", spec.name),
                    OptionDefault::Derived(_) => {}
                }
            }
            // Players, capabilities and setup.
            assert!(facts.players.contains(&game.num_players()));
            assert_eq!(facts.hidden_information, G::hidden_information().is_some());
            assert_eq!(facts.seeded, options.contains_key("seed"));
            if facts.simulation_max_plies.is_some() {
                assert!(options.contains_key("max_plies"), "a cap needs the option");
            }
            let mut reasons = facts.reasons.to_vec();
            reasons.sort_unstable();
            reasons.dedup();
            assert_eq!(reasons.len(), facts.reasons.len(), "reasons are distinct");
            // A restart with the batch's seed is the game built with that seed option.
            for seed in [0, 7, u64::MAX] {
                let restarted = game.restart(seed);
                let mut with_seed = options.clone();
                if facts.seeded {
                    with_seed.insert("seed".into(), seed.into());
                }
                let built = G::new(&with_seed).expect("valid");
                assert_eq!(
                    crate::core::json::to_json(&restarted),
                    crate::core::json::to_json(&built)
                );
                assert_eq!(restarted.key(), built.key());
            }
            // Every outcome of a few random games is among the declared reasons (the record
            // would panic otherwise).
            let mut capped = Map::new();
            if let Some(cap) = facts.simulation_max_plies {
                capped.insert("max_plies".into(), cap.into());
            }
            let batch = Batch::<G>::new(&capped, 3).expect("valid");
            let to_json = crate::core::json::to_json::<G>;
            for i in 0..4 {
                let mut game = batch.start(i);
                let record = crate::play_random_game(&mut game, &mut SplitMix64::new(i));
                assert!(usize::from(record.reason) < facts.reasons.len());
                // Restarted in place, the game that was played is the next game as a new one
                // is, and plays the same.
                batch.start_into(i + 1, &mut game);
                let mut fresh = batch.start(i + 1);
                assert_eq!(to_json(&game), to_json(&fresh));
                assert_eq!((game.key(), game.history().len()), (fresh.key(), 0));
                assert_eq!(
                    crate::play_random_game(&mut game, &mut SplitMix64::new(i)),
                    crate::play_random_game(&mut fresh, &mut SplitMix64::new(i))
                );
                assert_eq!(to_json(&game), to_json(&fresh));
            }
        }
    }

    /// Random games played for good are the games played with `play_unchecked`.
    struct PlaysForGood;

    impl Visitor for PlaysForGood {
        type Output = ();

        fn visit<G: Game>(self) {
            let mut capped = Map::new();
            if let Some(cap) = G::FACTS.simulation_max_plies {
                capped.insert("max_plies".into(), cap.into());
            }
            let batch = Batch::<G>::new(&capped, 11).expect("valid");
            let switches = [
                None,
                Some(2),
                Some(3),
                Some(7),
                Some(30),
                Some(90),
                Some(200),
            ];
            for (i, switch) in (0..).zip(switches) {
                crate::core::testing::check_play_for_good(&batch.start(i), i, switch);
            }
        }
    }

    /// The observation layout covers the first axis, part after part, and every observation
    /// of a random game lies within its parts' bounds.
    struct LayoutHolds;

    impl Visitor for LayoutHolds {
        type Output = ();

        fn visit<G: Game>(self) {
            let mut capped = Map::new();
            if let Some(cap) = G::FACTS.simulation_max_plies {
                capped.insert("max_plies".into(), cap.min(300).into());
            }
            let batch = Batch::<G>::new(&capped, 5).expect("valid");
            for i in 0..3 {
                let mut game = batch.start(i);
                let layout = game.observation_layout();
                let shape = game.observation_shape();
                assert_eq!(
                    layout.len(),
                    shape[0],
                    "{}: the layout covers the first axis",
                    G::NAME
                );
                let mut at = 0;
                for part in layout.parts() {
                    assert_eq!(part.start, at, "{}: {} follows", G::NAME, part.name);
                    assert!(part.stop > part.start && part.low <= part.high);
                    at = part.stop;
                }
                let stride: usize = shape[1..].iter().product();
                let mut out = vec![0.0; shape.iter().product()];
                let mut rng = SplitMix64::new(i);
                loop {
                    assert_eq!(game.observation_layout(), layout, "the layout is fixed");
                    for player in 0..game.num_players() {
                        game.observation(player, &mut out);
                        for part in layout.parts() {
                            for &x in &out[part.start * stride..part.stop * stride] {
                                assert!(
                                    (part.low..=part.high).contains(&x),
                                    "{}: {} = {x} out of bounds",
                                    G::NAME,
                                    part.name
                                );
                            }
                        }
                    }
                    if game.current_player().is_none() {
                        break;
                    }
                    let mv = game.random_move(&mut rng);
                    game.play_unchecked(mv);
                }
            }
        }
    }

    #[test]
    fn every_game_observes_within_its_layout() {
        for facts in ALL {
            visit(facts.name, LayoutHolds).expect("a listed game");
        }
    }

    #[test]
    fn every_game_plays_for_good_as_it_plays() {
        for facts in ALL {
            visit(facts.name, PlaysForGood).expect("a listed game");
        }
    }

    #[test]
    fn every_game_agrees_with_its_facts() {
        for facts in ALL {
            visit(facts.name, FactsAgree).expect("a listed game");
        }
    }

    #[test]
    fn names_are_unique_and_unknown_names_are_refused() {
        let mut names: Vec<&str> = ALL.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
        let error = visit("chess", FactsAgree).unwrap_err();
        assert!(error
            .to_string()
            .contains("unknown game 'chess'; known games: armadora"));
        assert!(super::facts("chess").is_err());
        assert_eq!(
            super::facts("dominions").map(|f| f.class_name),
            Ok("Dominions")
        );
    }

    #[test]
    fn batches_do_not_depend_on_threads_and_stop_when_asked() {
        let batch = Batch::<super::so_long_sucker::SoLongSucker>::new(&Map::new(), 5).unwrap();
        let one = crate::simulate(&batch, 0, 40, 1, None).unwrap();
        let mut calls = 0;
        let mut monitor = |done: usize| {
            calls += 1;
            assert!(done <= 40);
            true
        };
        let three = crate::simulate(&batch, 0, 40, 3, Some(&mut monitor)).unwrap();
        assert_eq!(one, three);
        assert!(
            calls >= 1,
            "the monitor is called at least once, at the end"
        );
        let mut stop = |_: usize| false;
        assert_eq!(crate::simulate(&batch, 0, 40, 2, Some(&mut stop)), None);
        assert_eq!(crate::core::batch::run(0, 8, |i| i, None), Some(vec![]));
    }
}
