//! The one object-safe face of [`Game`]: [`DynGame`], implemented once for every game by a
//! blanket impl, for the code that holds "a game, whichever" and decides which at run time: the
//! protocol's tables, the Python bindings' generic paths (a state's methods, agents, batched
//! environments, simulations). Moves cross it named by their action id and notation
//! ([`NamedMove`]), as every caller shows them.
//!
//! [`new`] opens a game by its registry name: the one run-time dispatch over the list of games
//! ([`visit`]) of every entry point. What runs many games or many moves is started from the
//! erased game but runs monomorphised for its type: [`DynGame::simulate`] (the playout loop),
//! [`DynGame::vec_env`] (a [`BatchEnv`], stepped in batches), [`DynGame::agent`] (a search),
//! [`DynGame::perft_until`]; so the erasure costs one indirect call per request, never one per
//! move.
//!
//! # Examples
//!
//! ```
//! use ludorum::core::dyn_game;
//! let options = serde_json::json!({"players": 3, "first_player": 2});
//! let mut game = dyn_game::new("so_long_sucker", options.as_object().unwrap()).unwrap();
//! assert_eq!((game.name(), game.current_player()), ("so_long_sucker", Some(2)));
//! game.play_notation("play G new").unwrap();
//! let played = game.last_move().unwrap();
//! assert_eq!(game.history(), vec![played.clone()]);
//! assert_eq!(game.undo(), Some(played));
//! assert!(game.play_notation("fly").is_err());
//! ```

use std::any::Any;
use std::sync::atomic::AtomicBool;

use serde_json::{Map, Value};

use super::batch::Batch;
use super::error::Error;
use super::facts::Facts;
use super::game::Game;
use super::hidden::view_json;
use super::json::{from_json, to_json};
use super::outcome::Outcome;
use super::perft::perft_until;
use super::playout::{simulate, simulate_logged, GameLog};
use super::rng::SplitMix64;
use super::text;
use crate::env::{BatchEnv, Config, VecEnv};
use crate::games::{visit, Visitor};
use crate::search::{play_games, Agent, AgentSpec, Analysis, SearchedMove};

/// A move as it is shown outside the engine: its action id (the one it had when played, for a
/// move of the history) and its notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedMove {
    /// The action id.
    pub action: usize,
    /// The notation.
    pub notation: String,
}

impl NamedMove {
    /// A move of `game` (in its current position) with its name.
    pub fn of<G: Game>(game: &G, mv: G::Move) -> Self {
        Self {
            action: game.action(mv),
            notation: game.notation(mv),
        }
    }
}

/// Games played by [`DynGame::simulate`]: games `first..first + count` of a batch seeded
/// `seed` (see [`Batch`]), over `threads` threads, between random agents or seat `s` played by
/// `agents[s]`; with `record`, every game's action ids are kept.
#[derive(Clone, Debug)]
pub struct Simulation<'a> {
    /// The batch's seed.
    pub seed: u64,
    /// The first game.
    pub first: u64,
    /// How many games.
    pub count: usize,
    /// Threads to play them on.
    pub threads: usize,
    /// One agent per seat; `None`: random agents.
    pub agents: Option<&'a [AgentSpec]>,
    /// Keep the action ids of every game (always kept with agents).
    pub record: bool,
}

/// A game of any type, behind one object-safe trait; see the [module](self) documentation.
///
/// Implemented for every [`Game`]; `&G` coerces to `&dyn DynGame`, and a call on a concrete
/// game is as direct as the [`Game`] method it wraps.
pub trait DynGame: Send + Sync + 'static {
    /// What the game declares about itself.
    fn facts(&self) -> &'static Facts;

    /// The registry name, e.g. `"chinese_checkers"`.
    fn name(&self) -> &'static str {
        self.facts().name
    }

    /// An independent copy.
    fn clone_box(&self) -> Box<dyn DynGame>;

    /// The game as [`Any`], to get the concrete type back.
    fn as_any(&self) -> &dyn Any;

    /// Every option with its value after defaults ([`Game::options`]).
    fn options(&self) -> Map<String, Value>;

    /// Number of players.
    fn num_players(&self) -> usize;

    /// Size of the fixed action space.
    fn num_actions(&self) -> usize;

    /// The player who must decide now, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;

    /// The number of moves played.
    fn ply(&self) -> usize;

    /// [`text::observation_text`]: what `viewer` observes now, as a short text.
    fn observation_text(&self, viewer: usize) -> String;

    /// [`text::information_state_text`]: everything `viewer` has seen, as a short text.
    fn information_state_text(&self, viewer: usize) -> String;

    /// [`text::state_text`]: the referee's moves so far and the player to move.
    fn state_text(&self) -> String;

    /// The outcome, `None` while the game runs.
    fn outcome(&self) -> Option<Outcome>;

    /// +1 for a winner, −1 for a loser, 0 for everyone in a draw and while the game runs.
    fn returns(&self) -> Vec<f64> {
        match self.outcome() {
            Some(outcome) => outcome.returns(self.num_players()),
            None => vec![0.0; self.num_players()],
        }
    }

    /// The Zobrist key.
    fn key(&self) -> u64;

    /// The Zobrist key computed from the position alone.
    fn key_from_scratch(&self) -> u64;

    /// The legal moves, in ascending action id; empty once the game is over.
    fn legal_moves(&self) -> Vec<NamedMove>;

    /// Fills `actions` (cleared first) with the legal action ids, ascending.
    fn legal_actions(&self, actions: &mut Vec<u32>);

    /// The moves played so far, oldest first, each with the action id it had when played.
    fn history(&self) -> Vec<NamedMove>;

    /// The last move played, `None` at the start.
    fn last_move(&self) -> Option<NamedMove>;

    /// The move a notation names here (syntax only, not legality).
    ///
    /// # Errors
    ///
    /// As [`Encoding::parse_move`](super::game::Encoding::parse_move).
    fn parse_move(&self, text: &str) -> Result<NamedMove, Error>;

    /// The move with this action id (not checked for legality).
    ///
    /// # Errors
    ///
    /// As [`Encoding::move_from_action`](super::game::Encoding::move_from_action).
    fn move_from_action(&self, action: usize) -> Result<NamedMove, Error>;

    /// Plays the move a notation names, checked; on error nothing changes.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidMove`] for a notation that names no move, [`Error::IllegalMove`] for a
    /// move that is not legal now.
    fn play_notation(&mut self, text: &str) -> Result<(), Error>;

    /// Plays the move with this action id, checked; on error nothing changes.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidMove`] for an id that names no move, [`Error::IllegalMove`] for a move
    /// that is not legal now.
    fn play_action(&mut self, action: usize) -> Result<(), Error>;

    /// Takes back the last move and returns it; `None` when there is none to take back.
    fn undo(&mut self) -> Option<NamedMove>;

    /// Says `text` for `player` in the game's chat: false for games without one.
    fn say_in_chat(&mut self, player: usize, text: &str) -> bool;

    /// The referee's JSON state, or with a `viewer` what that player may see.
    fn to_json(&self, viewer: Option<usize>) -> Value;

    /// The board drawn as text for `viewer` (see [`Game::board_text`]).
    fn board_text(&self, viewer: Option<usize>) -> Option<String>;

    /// Replaces the game with the one of a JSON state of the same game, checked in full;
    /// nothing changes on error.
    ///
    /// # Errors
    ///
    /// As [`from_json`].
    fn load_json(&mut self, value: &Value) -> Result<(), Error>;

    /// Shape of [`observation`](DynGame::observation).
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes what `player` may see into `out` (length = product of the shape).
    fn observation(&self, player: usize, out: &mut [f32]);

    /// [`perft_until`]: the move sequences of length `depth` from here, `None` once `stop` is
    /// set; the game is restored either way.
    fn perft_until(&mut self, depth: u32, stop: &AtomicBool) -> Option<u64>;

    /// [`perft`](super::perft::perft).
    fn perft(&mut self, depth: u32) -> u64 {
        self.perft_until(depth, &AtomicBool::new(false))
            .expect("never stopped")
    }

    /// The random agent's move, drawn from `rng`. Call only while the game runs.
    fn random_move(&self, rng: &mut SplitMix64) -> NamedMove;

    /// The agent of `spec`, built for this game's type.
    fn agent(&self, spec: &AgentSpec) -> Box<dyn DynAgent>;

    /// A batched env of `config.num_envs` games that start where this one does (a game at its
    /// start, as [`new`] makes it).
    ///
    /// # Errors
    ///
    /// As [`VecEnv::with_start`].
    fn vec_env(&self, config: Config) -> Result<Box<dyn BatchEnv>, Error>;

    /// Plays the games of `run` from this game's start (a game at its start, as [`new`] makes
    /// it) inside the engine, monomorphised; with a `monitor`, see
    /// [`run`](super::batch::run): `None` when it asked to stop.
    fn simulate(
        &self,
        run: &Simulation<'_>,
        monitor: Option<&mut dyn FnMut(usize) -> bool>,
    ) -> Option<Vec<GameLog>>;
}

/// The `index`-th move of the history with its name.
fn named_in_history<G: Game>(game: &G, index: usize) -> NamedMove {
    NamedMove {
        action: game.history_action(index),
        notation: game.notation(game.history()[index]),
    }
}

impl<G: Game> DynGame for G {
    fn facts(&self) -> &'static Facts {
        G::FACTS
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn options(&self) -> Map<String, Value> {
        Game::options(self)
    }

    fn num_players(&self) -> usize {
        Game::num_players(self)
    }

    fn num_actions(&self) -> usize {
        super::game::Encoding::num_actions(self)
    }

    fn current_player(&self) -> Option<usize> {
        Game::current_player(self)
    }

    fn ply(&self) -> usize {
        Game::history(self).len()
    }

    fn observation_text(&self, viewer: usize) -> String {
        let mut out = String::new();
        text::observation_text(self, viewer, &mut out);
        out
    }

    fn information_state_text(&self, viewer: usize) -> String {
        let mut out = String::new();
        text::information_state_text(self, viewer, &mut out);
        out
    }

    fn state_text(&self) -> String {
        let mut out = String::new();
        text::state_text(self, &mut out);
        out
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn key(&self) -> u64 {
        Game::key(self)
    }

    fn key_from_scratch(&self) -> u64 {
        Game::key_from_scratch(self)
    }

    fn legal_moves(&self) -> Vec<NamedMove> {
        let mut moves = Vec::new();
        super::game::MoveGen::legal_moves(self, &mut moves);
        moves
            .into_iter()
            .map(|mv| NamedMove::of(self, mv))
            .collect()
    }

    fn legal_actions(&self, actions: &mut Vec<u32>) {
        super::game::MoveGen::legal_actions(self, actions);
    }

    fn history(&self) -> Vec<NamedMove> {
        (0..Game::history(self).len())
            .map(|index| named_in_history(self, index))
            .collect()
    }

    fn last_move(&self) -> Option<NamedMove> {
        let ply = Game::history(self).len();
        (ply > 0).then(|| named_in_history(self, ply - 1))
    }

    fn parse_move(&self, text: &str) -> Result<NamedMove, Error> {
        let mv = super::game::Encoding::parse_move(self, text)?;
        Ok(NamedMove::of(self, mv))
    }

    fn move_from_action(&self, action: usize) -> Result<NamedMove, Error> {
        let mv = super::game::Encoding::move_from_action(self, action)?;
        Ok(NamedMove::of(self, mv))
    }

    fn play_notation(&mut self, text: &str) -> Result<(), Error> {
        let mv = super::game::Encoding::parse_move(self, text)?;
        Game::play(self, mv)
    }

    fn play_action(&mut self, action: usize) -> Result<(), Error> {
        let mv = super::game::Encoding::move_from_action(self, action)?;
        Game::play(self, mv)
    }

    fn undo(&mut self) -> Option<NamedMove> {
        let mv = Game::undo(self)?;
        Some(NamedMove::of(self, mv))
    }

    fn say_in_chat(&mut self, player: usize, text: &str) -> bool {
        Game::say_in_chat(self, player, text)
    }

    fn to_json(&self, viewer: Option<usize>) -> Value {
        match viewer {
            Some(viewer) => view_json(self, viewer),
            None => to_json(self),
        }
    }

    fn board_text(&self, viewer: Option<usize>) -> Option<String> {
        Game::board_text(self, viewer)
    }

    fn load_json(&mut self, value: &Value) -> Result<(), Error> {
        *self = from_json::<G>(value)?;
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        Game::observation_shape(self)
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        Game::observation(self, player, out);
    }

    fn perft_until(&mut self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        perft_until(self, depth, stop)
    }

    fn random_move(&self, rng: &mut SplitMix64) -> NamedMove {
        let mv = super::game::MoveGen::random_move(self, rng);
        NamedMove::of(self, mv)
    }

    fn agent(&self, spec: &AgentSpec) -> Box<dyn DynAgent> {
        Box::new(spec.build::<G>())
    }

    fn vec_env(&self, config: Config) -> Result<Box<dyn BatchEnv>, Error> {
        Ok(Box::new(VecEnv::with_start(self.clone(), config)?))
    }

    fn simulate(
        &self,
        run: &Simulation<'_>,
        monitor: Option<&mut dyn FnMut(usize) -> bool>,
    ) -> Option<Vec<GameLog>> {
        let batch = Batch::with_start(self.clone(), run.seed);
        let (first, count, threads) = (run.first, run.count, run.threads);
        match (run.agents, run.record) {
            (Some(agents), _) => play_games(&batch, first, count, threads, agents, monitor),
            (None, true) => simulate_logged(&batch, first, count, threads, monitor),
            (None, false) => simulate(&batch, first, count, threads, monitor).map(|records| {
                records
                    .into_iter()
                    .map(|record| GameLog {
                        record,
                        actions: Vec::new(),
                    })
                    .collect()
            }),
        }
    }
}

/// An agent built for one game type ([`DynGame::agent`]), playing the erased games of that
/// type; it keeps its search (its trees) between moves.
pub trait DynAgent: Send + Sync {
    /// Whether `game` is of the type this agent was built for.
    fn plays(&self, game: &dyn DynGame) -> bool;

    /// The move this agent makes for the player to move of `game` (which is not changed).
    ///
    /// # Panics
    ///
    /// When the game is over or not of the agent's type ([`plays`](DynAgent::plays)).
    fn choose(&mut self, game: &dyn DynGame) -> NamedMove {
        self.analyse(game).moves.swap_remove(0).mv
    }

    /// What the agent considered ([`Agent::analyse`]), the moves named.
    ///
    /// # Panics
    ///
    /// As [`choose`](DynAgent::choose).
    fn analyse(&mut self, game: &dyn DynGame) -> Analysis<NamedMove> {
        self.analyse_until(game, &AtomicBool::new(false))
    }

    /// [`analyse`](DynAgent::analyse) whose search ends early, with what it found so far, soon
    /// after `stop` is set ([`Agent::analyse_until`]).
    ///
    /// # Panics
    ///
    /// As [`choose`](DynAgent::choose).
    fn analyse_until(&mut self, game: &dyn DynGame, stop: &AtomicBool) -> Analysis<NamedMove>;
}

/// `game` as a `G`, for an agent of `G`.
fn game_of<G: Game>(game: &dyn DynGame) -> &G {
    game.as_any()
        .downcast_ref::<G>()
        .expect("an agent plays the game type it was built for")
}

impl<G: Game> DynAgent for Agent<G> {
    fn plays(&self, game: &dyn DynGame) -> bool {
        game.as_any().is::<G>()
    }

    fn choose(&mut self, game: &dyn DynGame) -> NamedMove {
        let game = game_of::<G>(game);
        let mv = Agent::choose(self, game);
        NamedMove::of(game, mv)
    }

    fn analyse_until(&mut self, game: &dyn DynGame, stop: &AtomicBool) -> Analysis<NamedMove> {
        let game = game_of::<G>(game);
        let analysis = Agent::analyse_until(self, game, stop);
        Analysis {
            moves: analysis
                .moves
                .into_iter()
                .map(|m| SearchedMove {
                    mv: NamedMove::of(game, m.mv),
                    visits: m.visits,
                    values: m.values,
                    wins: m.wins,
                })
                .collect(),
            simulations: analysis.simulations,
        }
    }
}

/// A new game of the game called `name`, with `options`: the one run-time dispatch over the
/// list of games.
///
/// # Errors
///
/// [`Error::InvalidOption`] for an unknown name (listing the known ones) or options the game
/// refuses.
pub fn new(name: &str, options: &Map<String, Value>) -> Result<Box<dyn DynGame>, Error> {
    struct New<'a>(&'a Map<String, Value>);

    impl Visitor for New<'_> {
        type Output = Result<Box<dyn DynGame>, Error>;

        fn visit<G: Game>(self) -> Self::Output {
            Ok(Box::new(G::new(self.0)?))
        }
    }

    visit(name, New(options))?
}

#[cfg(test)]
mod tests {
    use serde_json::Map;

    use super::{new, DynGame, Simulation};
    use crate::core::json::to_json;
    use crate::games::{visit, Visitor, ALL};
    use crate::prelude::*;
    use crate::search::AgentSpec;
    use crate::{Batch, SplitMix64};

    /// The erased game answers as the game does, move by move.
    struct Agrees;

    impl Visitor for Agrees {
        type Output = ();

        fn visit<G: Game>(self) {
            let mut game = G::new(&Map::new()).expect("the defaults are valid");
            let mut erased = new(G::NAME, &Map::new()).expect("a listed game");
            let mut rng = SplitMix64::new(5);
            for _ in 0..40 {
                assert_eq!(erased.key(), game.key());
                assert_eq!(erased.to_json(None), to_json(&game));
                assert_eq!(erased.history(), DynGame::history(&game));
                let Some(_) = game.current_player() else {
                    break;
                };
                let legal = DynGame::legal_moves(&game);
                assert_eq!(erased.legal_moves(), legal);
                let chosen = erased.random_move(&mut rng.clone());
                assert_eq!(DynGame::random_move(&game, &mut rng), chosen);
                erased.play_action(chosen.action).expect("legal");
                game.play_notation(&chosen.notation).expect("legal");
                assert_eq!(erased.last_move(), Some(chosen));
            }
            if let Some(last) = erased.last_move() {
                assert_eq!(erased.undo(), Some(last));
                assert_eq!(erased.ply() + 1, game.history().len());
            }
            // Simulations from the erased start are the batch's.
            let mut capped = Map::new();
            if let Some(cap) = G::FACTS.simulation_max_plies {
                capped.insert("max_plies".into(), cap.min(300).into());
            }
            let start = new(G::NAME, &capped).expect("a listed game");
            let run = Simulation {
                seed: 3,
                first: 1,
                count: 3,
                threads: 1,
                agents: None,
                record: true,
            };
            let batch = Batch::<G>::new(&capped, 3).expect("valid");
            let logs = start.simulate(&run, None).expect("no monitor");
            assert_eq!(logs, crate::simulate_logged(&batch, 1, 3, 1, None).unwrap());
            // An agent of another game type does not play this one.
            let agent = start.agent(&AgentSpec::Random { seed: 0 });
            assert!(agent.plays(start.as_ref()));
        }
    }

    #[test]
    fn every_erased_game_answers_as_the_game() {
        for facts in ALL {
            visit(facts.name, Agrees).expect("a listed game");
        }
        let error = new("chess", &Map::new()).err().expect("unknown");
        assert!(error.to_string().starts_with("unknown game 'chess'"));
    }
}
