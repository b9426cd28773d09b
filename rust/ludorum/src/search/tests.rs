//! The search agents on every game of the list: determinism, the statistics of `analyse`,
//! immediate wins found and immediate losses avoided in positions found along random games,
//! and information-set search that depends only on what its player may see.

use serde_json::Map;

use super::{play_game, Agent, AgentSpec, Mcts, MctsConfig};
use crate::core::rng::SplitMix64;
use crate::games::{visit, Visitor, ALL};
use crate::prelude::*;
use crate::Batch;

fn mcts(simulations: u32, seed: u64, threads: usize) -> MctsConfig {
    MctsConfig {
        simulations,
        seed,
        threads,
        rollout_plies: Some(40),
        ..MctsConfig::default()
    }
}

/// A few positions along seeded random games (with the game's cap, for games that need one).
fn positions<G: Game>(count: usize) -> Vec<G> {
    let mut options = Map::new();
    if let Some(cap) = G::FACTS.simulation_max_plies {
        options.insert("max_plies".into(), cap.into());
    }
    let mut out = Vec::new();
    let mut rng = SplitMix64::new(11);
    for seed in 0..count as u64 {
        let mut game = Batch::<G>::new(&options, seed).unwrap().start(0);
        let plies = rng.below(30);
        for _ in 0..plies {
            if game.current_player().is_none() {
                break;
            }
            let mv = game.random_move(&mut rng);
            game.play_unchecked(mv);
        }
        if game.current_player().is_some() {
            out.push(game);
        }
    }
    out
}

struct Deterministic;

impl Visitor for Deterministic {
    type Output = ();

    fn visit<G: Game>(self) {
        for game in positions::<G>(3) {
            let before = crate::core::json::to_json(&game);
            for threads in [1, 2] {
                let a = Mcts::new(mcts(120, 5, threads)).analyse(&game);
                let b = Mcts::new(mcts(120, 5, threads)).analyse(&game);
                assert_eq!(a, b, "{}: same seed and threads, same search", G::NAME);
                assert_eq!(a.simulations, 120);
                let visits: u32 = a.moves.iter().map(|m| m.visits).sum();
                assert_eq!(visits, 120, "{}: visits sum to simulations", G::NAME);
                assert!(a
                    .moves
                    .windows(2)
                    .all(|w| (w[0].wins && !w[1].wins) || w[0].visits >= w[1].visits));
                for m in &a.moves {
                    assert!(game.is_legal(m.mv));
                    assert!(m.values.iter().all(|v| (-1.0..=1.0).contains(v)));
                }
            }
            assert_eq!(
                crate::core::json::to_json(&game),
                before,
                "the state is unchanged"
            );
        }
    }
}

#[test]
fn searches_are_deterministic_and_analyse_adds_up() {
    for facts in ALL {
        visit(facts.name, Deterministic).unwrap();
    }
}

struct ChunksFallAnyWay;

impl Visitor for ChunksFallAnyWay {
    type Output = ();

    fn visit<G: Game>(self) {
        for game in positions::<G>(2) {
            for threads in [1, 2, 3] {
                let whole = Mcts::new(mcts(150, 3, threads)).analyse(&game);
                for chunk in [1, 7] {
                    let chunked = Mcts::new(mcts(150, 3, threads))
                        .with_chunk(chunk)
                        .analyse(&game);
                    assert_eq!(
                        whole,
                        chunked,
                        "{}: {threads} threads, chunks of {chunk} simulations",
                        G::NAME
                    );
                }
            }
        }
    }
}

#[test]
fn a_search_is_the_same_however_its_chunks_fall() {
    for facts in ALL {
        visit(facts.name, ChunksFallAnyWay).unwrap();
    }
}

#[test]
fn two_threads_search_the_trees_of_two_one_thread_searches() {
    use crate::core::rng::mix;
    use crate::games::connect_four::ConnectFour;
    let game = positions::<ConnectFour>(1).remove(0);
    let both = Mcts::new(mcts(301, 8, 2)).analyse(&game);
    // Thread t searches with the stream `mix(seed ^ mix(t + 1))` and the first tree takes the
    // odd simulation: one thread from seed `8 ^ mix(2) ^ mix(1)` searches the second tree.
    let first = Mcts::new(mcts(151, 8, 1)).analyse(&game);
    let second = Mcts::new(mcts(150, 8 ^ mix(2) ^ mix(1), 1)).analyse(&game);
    for m in &both.moves {
        let visits = |a: &super::Analysis<_>| {
            a.moves
                .iter()
                .find(|n| n.mv == m.mv)
                .map_or(0, |n| n.visits)
        };
        assert_eq!(m.visits, visits(&first) + visits(&second), "{m:?}");
    }
    assert_eq!(both.simulations, 301);
}

/// Whether playing `mv` wins the game at once for the player to move.
fn wins_at_once<G: Game>(game: &G, mv: G::Move) -> bool {
    let mover = game.current_player().expect("running");
    let mut next = game.clone();
    next.play_unchecked(mv);
    next.outcome().is_some_and(|o| o.winners == 1 << mover)
}

struct NoWinRuledOut;

impl Visitor for NoWinRuledOut {
    type Output = (usize, usize);

    /// In the last plies of random games played to their end: where a game says no move can
    /// win at once (`may_win_at_once`), none does. Returns how many positions it said so, and
    /// how many had a move that wins at once.
    fn visit<G: Game>(self) -> (usize, usize) {
        let mut options = Map::new();
        if let Some(cap) = G::FACTS.simulation_max_plies {
            options.insert("max_plies".into(), cap.into());
        }
        let (mut ruled_out, mut with_win) = (0, 0);
        let mut rng = SplitMix64::new(5);
        let mut moves = Vec::new();
        for seed in 0..30 {
            let mut game = Batch::<G>::new(&options, seed).unwrap().start(0);
            let mut last = std::collections::VecDeque::new();
            while game.current_player().is_some() {
                last.push_back(game.clone());
                if last.len() > 12 {
                    last.pop_front();
                }
                let mv = game.random_move(&mut rng);
                game.play_unchecked(mv);
            }
            for position in last {
                position.legal_moves(&mut moves);
                let wins = moves.iter().any(|&m| wins_at_once(&position, m));
                with_win += usize::from(wins);
                if !position.may_win_at_once() {
                    ruled_out += 1;
                    assert!(!wins, "{}: a win at once ruled out", G::NAME);
                }
            }
        }
        (ruled_out, with_win)
    }
}

#[test]
fn no_win_at_once_is_ruled_out() {
    let (ruled_out, with_win) = visit("domination", NoWinRuledOut).unwrap();
    assert!(ruled_out > 0 && with_win > 0, "{ruled_out} {with_win}");
    for facts in ALL {
        visit(facts.name, NoWinRuledOut).unwrap();
    }
}

struct FindsWins;

impl Visitor for FindsWins {
    type Output = usize;

    /// Along random games, every position where some move (not all) wins at once, and few
    /// enough moves for the budget: MCTS plays a winning move. Returns how many were tried.
    fn visit<G: Game>(self) -> usize {
        let mut options = Map::new();
        if let Some(cap) = G::FACTS.simulation_max_plies {
            options.insert("max_plies".into(), cap.into());
        }
        let mut tried = 0;
        let mut moves = Vec::new();
        for seed in 0..40 {
            let batch = Batch::<G>::new(&options, seed).unwrap();
            let mut game = batch.start(0);
            let mut rng = batch.rng(0);
            while game.current_player().is_some() && tried < 6 {
                game.legal_moves(&mut moves);
                let winning = moves.iter().filter(|&&m| wins_at_once(&game, m)).count();
                // A budget that can try every move a few times (Dominions opens with thousands).
                if winning > 0 && winning < moves.len() && moves.len() * 4 <= 300 {
                    tried += 1;
                    let analysis = Mcts::new(mcts(300, seed, 1)).analyse(&game);
                    let choice = analysis.moves[0].mv;
                    let summary: Vec<String> = analysis
                        .moves
                        .iter()
                        .take(4)
                        .map(|m| format!("{} {} {:?}", game.notation(m.mv), m.visits, m.values))
                        .collect();
                    let wins: Vec<String> = moves
                        .iter()
                        .filter(|&&m| wins_at_once(&game, m))
                        .map(|&m| game.notation(m))
                        .collect();
                    assert!(
                        wins_at_once(&game, choice),
                        "{}: missed a win ({} moves, wins {wins:?}): {summary:?}",
                        G::NAME,
                        moves.len()
                    );
                }
                let mv = game.random_move(&mut rng);
                game.play_unchecked(mv);
            }
        }
        tried
    }
}

struct LooksOnOneCopy;

impl Visitor for LooksOnOneCopy {
    type Output = usize;

    /// Along random games, the search's look at decisive moves (each move played and taken
    /// back on one copy) agrees with a fresh copy per move, and leaves the position as it was.
    /// Returns how many winning moves it saw.
    fn visit<G: Game>(self) -> usize {
        let mut seen = 0;
        let mut moves = Vec::new();
        for game in positions::<G>(40) {
            let before = crate::core::json::to_json(&game);
            game.legal_moves(&mut moves);
            let mover = game.current_player().expect("running");
            let fresh: Vec<bool> = moves.iter().map(|&m| wins_at_once(&game, m)).collect();
            let flags = super::mcts::wins_at_once(&game, &moves, mover);
            assert_eq!(flags, fresh, "{}: the look on one copy", G::NAME);
            assert_eq!(crate::core::json::to_json(&game), before);
            // As in a simulation: the position reached by moves played for good.
            let mut for_good = G::new(&game.options()).expect("a game's own options");
            for &mv in game.history() {
                for_good.play_for_good(mv);
            }
            let flags = super::mcts::wins_at_once(&for_good, &moves, mover);
            assert_eq!(flags, fresh, "{}: the look after moves for good", G::NAME);
            seen += flags.iter().filter(|&&w| w).count();
        }
        seen
    }
}

#[test]
fn decisive_moves_are_seen_on_one_copy() {
    let seen: usize = ALL
        .iter()
        .map(|facts| visit(facts.name, LooksOnOneCopy).unwrap())
        .sum();
    assert!(seen > 0, "some positions had a win in one");
}

#[test]
fn immediate_wins_are_found() {
    let mut total = 0;
    for facts in ALL {
        total += visit(facts.name, FindsWins).unwrap();
    }
    assert!(
        total >= 6,
        "the random games reached positions with a win in one"
    );
}

#[test]
fn information_set_search_sees_only_its_players_view() {
    use crate::games::armadora::Armadora;
    // Two referee states that agree on everything player 0 sees: player 1's warriors differ
    // only in strength.
    let mut options = Map::new();
    options.insert("first_player".into(), 0.into());
    let mut a = Armadora::new(&options).unwrap();
    let mut b = a.clone();
    for (text_a, text_b) in [
        ("3@c3", "3@c3"),
        ("1@e3", "4@e3"),
        ("1@a1", "1@a1"),
        ("2@g4", "1@g4"),
    ] {
        let (ma, mb) = (a.parse_move(text_a).unwrap(), b.parse_move(text_b).unwrap());
        a.play(ma).unwrap();
        b.play(mb).unwrap();
    }
    assert_ne!(
        crate::core::json::to_json(&a),
        crate::core::json::to_json(&b)
    );
    assert_eq!(a.view_json(0), b.view_json(0));
    for threads in [1, 2] {
        let pa = Mcts::new(mcts(200, 9, threads)).analyse(&a);
        let pb = Mcts::new(mcts(200, 9, threads)).analyse(&b);
        assert_eq!(pa, pb, "the choice depends only on what player 0 may see");
    }
}

#[test]
fn agents_play_whole_games_reproducibly() {
    use crate::games::dominions::Dominions;
    let batch = Batch::<Dominions>::new(&Map::new(), 3).unwrap();
    let agents = [
        AgentSpec::Mcts(mcts(30, 1, 1)),
        AgentSpec::Random { seed: 2 },
    ];
    let go = std::sync::atomic::AtomicBool::new(false);
    let a = play_game(&batch, 0, &agents, &go).expect("not stopped");
    assert_eq!(Some(&a), play_game(&batch, 0, &agents, &go).as_ref());
    // a stop set before the first move: no game
    let stop = std::sync::atomic::AtomicBool::new(true);
    assert_eq!(play_game(&batch, 0, &agents, &stop), None);
    // The actions replay to the same outcome.
    let mut game = batch.start(0);
    for &action in &a.actions {
        let mv = game.move_from_action(action as usize).unwrap();
        game.play(mv).unwrap();
    }
    assert_eq!(game.outcome().unwrap().winners, a.record.winners);
    let mut agent: Agent<Dominions> = AgentSpec::parse("mcts:50").unwrap().build();
    let analysis = agent.analyse(&batch.start(0));
    assert_eq!(analysis.moves.iter().map(|m| m.visits).sum::<u32>(), 50);
}

#[test]
fn the_tree_is_reused_between_moves() {
    use crate::games::so_long_sucker::SoLongSucker;
    // On two threads each thread finds its own tree's root; the first tree has half the budget.
    for threads in [1, 2] {
        let share = 200 / threads as u32;
        let mut game = SoLongSucker::new(&Map::new()).unwrap();
        let mut agent = Mcts::new(mcts(200, 4, threads));
        let first = agent.choose(&game);
        game.play(first).unwrap();
        assert_eq!(agent.root_visits(), share);
        // The next position is in the tree: the simulations that went through it are kept.
        let second = agent.choose(&game);
        assert!(game.is_legal(second));
        assert!(agent.root_visits() > share, "{}", agent.root_visits());
        // A position that is not in the tree starts afresh.
        let other = SoLongSucker::new(&Map::new()).unwrap();
        agent.choose(&other);
        assert_eq!(agent.root_visits(), share);
    }
}

/// Whether the opponent can win at once after `mv` (when it is the opponent who decides next).
fn lets_the_opponent_win<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut next = game.clone();
    next.play_unchecked(mv);
    if next.current_player().is_none() || next.current_player() == game.current_player() {
        return false;
    }
    let mut replies = Vec::new();
    next.legal_moves(&mut replies);
    replies.iter().any(|&r| wins_at_once(&next, r))
}

struct AvoidsLosses;

impl Visitor for AvoidsLosses {
    type Output = usize;

    /// Along random games of two players, every position where some moves (not all) let the
    /// opponent win at once and none wins at once, with few enough moves for the budget: MCTS
    /// plays a safe move. Returns how many positions were tried.
    fn visit<G: Game>(self) -> usize {
        // With hidden information, whether a reply wins at once can depend on what the searching
        // player cannot see: the referee's answer is no test of its search.
        if !G::FACTS.players.contains(&2) || G::FACTS.hidden_information {
            return 0;
        }
        let mut options = Map::new();
        options.insert("players".into(), 2.into());
        if let Some(cap) = G::FACTS.simulation_max_plies {
            options.insert("max_plies".into(), cap.into());
        }
        if Batch::<G>::new(&options, 0).is_err() {
            options.remove("players"); // a game of two players only, without the option
        }
        let mut tried = 0;
        let mut moves = Vec::new();
        for seed in 0..30 {
            let batch = Batch::<G>::new(&options, seed).unwrap();
            let mut game = batch.start(0);
            let mut rng = batch.rng(0);
            while game.current_player().is_some() && tried < 4 {
                game.legal_moves(&mut moves);
                if moves.len() * 8 <= 400 && !moves.iter().any(|&m| wins_at_once(&game, m)) {
                    let losing = moves
                        .iter()
                        .filter(|&&m| lets_the_opponent_win(&game, m))
                        .count();
                    if losing > 0 && losing < moves.len() {
                        tried += 1;
                        let choice = Mcts::new(mcts(400, seed, 1)).choose(&game);
                        assert!(
                            !lets_the_opponent_win(&game, choice),
                            "{}: let the opponent win",
                            G::NAME
                        );
                    }
                }
                let mv = game.random_move(&mut rng);
                game.play_unchecked(mv);
            }
        }
        tried
    }
}

#[test]
fn immediate_losses_are_avoided() {
    let mut total = 0;
    for facts in ALL {
        total += visit(facts.name, AvoidsLosses).unwrap();
    }
    assert!(
        total >= 4,
        "the random games reached positions with a loss in one"
    );
}

struct ViewerKeys;

impl Visitor for ViewerKeys {
    type Output = usize;

    /// Along random games of a game with hidden information, for every viewer: two legal moves
    /// have the same viewer key exactly when they have the same viewer notation, a move the
    /// viewer sees as it is keeps its action id, and `viewer_move` finds the first legal move
    /// of a key. Returns how many moves were checked.
    fn visit<G: Game>(self) -> usize {
        let Some(hidden) = G::hidden_information() else {
            return 0;
        };
        let mut checked = 0;
        let mut moves = Vec::new();
        for game in positions::<G>(6) {
            let mover = game.current_player().expect("running");
            game.legal_moves(&mut moves);
            for viewer in 0..game.num_players() {
                let keys: Vec<u64> = moves
                    .iter()
                    .map(|&m| (hidden.viewer_key)(&game, viewer, mover, m))
                    .collect();
                let seen: Vec<String> = moves
                    .iter()
                    .map(|&m| (hidden.viewer_notation)(&game, viewer, mover, m))
                    .collect();
                for (i, &mv) in moves.iter().enumerate() {
                    if seen[i] == game.notation(mv) {
                        assert_eq!(keys[i], game.action(mv) as u64, "{}", G::NAME);
                    } else {
                        assert!(keys[i] >= game.num_actions() as u64, "{}", G::NAME);
                    }
                    let first = keys.iter().position(|&k| k == keys[i]).expect("itself");
                    assert_eq!(seen[first], seen[i], "{}: same key, same view", G::NAME);
                    if i % 7 == 0 {
                        for j in 0..moves.len() {
                            assert_eq!(keys[i] == keys[j], seen[i] == seen[j], "{}", G::NAME);
                        }
                    }
                    assert_eq!(
                        (hidden.viewer_move)(&game, viewer, mover, keys[i]),
                        Some(moves[first]),
                        "{}: the first legal move of a key",
                        G::NAME
                    );
                    checked += 1;
                }
            }
        }
        checked
    }
}

#[test]
fn viewer_keys_name_moves_as_the_viewer_sees_them() {
    let mut total = 0;
    for facts in ALL {
        total += visit(facts.name, ViewerKeys).unwrap();
    }
    assert!(
        total > 1000,
        "the games with hidden information were checked"
    );
}

#[test]
fn a_search_of_thousands_of_moves_widens_progressively() {
    use crate::games::armadora::Armadora;
    let game = Armadora::new(&Map::new()).unwrap();
    assert!(game.count_legal_moves() > 1000);
    let analysis = Mcts::new(mcts(400, 3, 1)).analyse(&game);
    // WIDENING * sqrt(400) = 40 root moves at most, each searched more than once on average
    assert!(analysis.moves.len() <= 41, "{}", analysis.moves.len());
    assert!(analysis.moves[0].visits > 10);
}

#[test]
fn a_panic_on_a_pool_thread_reaches_the_calling_thread() {
    use crate::games::connect_four::ConnectFour;
    let game = positions::<ConnectFour>(1).remove(0);
    // Whichever thread runs the first tree panics: the caller at once, or a pool thread, whose
    // panic would otherwise abort the test binary (or leave the caller waiting).
    for seed in 0..10 {
        let mut search = Mcts::new(mcts(2000, seed, 2)).panicking();
        let searched =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| search.analyse(&game)));
        assert!(searched.is_err());
    }
}

#[test]
fn a_stopped_search_answers_at_once_with_what_it_has() {
    use crate::games::dominions::Dominions;
    use std::sync::atomic::AtomicBool;
    let game = Batch::<Dominions>::new(&Map::new(), 3).unwrap().start(0);
    // Repeated: a pool thread that started before it saw the stop would run more, now and then.
    for (threads, seed) in [1, 2, 3]
        .into_iter()
        .flat_map(|t| (0..20).map(move |s| (t, s)))
    {
        let mut search = Mcts::<Dominions>::new(mcts(1_000_000, seed, threads));
        let analysis = search.analyse_until(&game, &AtomicBool::new(true));
        // one simulation per thread: a move to answer with, and no more
        assert_eq!(analysis.simulations, threads as u32);
        assert!(game.is_legal(analysis.moves[0].mv));
    }
}
