//! The learned searches: visit counts, terminal handling, values per seat, the Gumbel sequence,
//! batching equal to searching alone, bad evaluator output, hidden information.

use serde_json::Map;

use super::*;
use crate::core::rng::SplitMix64;
use crate::games::armadora::Armadora;
use crate::games::dominions::Dominions;
use crate::games::so_long_sucker::SoLongSucker;
use crate::prelude::*;

fn never() -> impl FnMut() -> bool {
    || false
}

fn puct(simulations: u32) -> LearnedConfig {
    let mut c = LearnedConfig::new(Rule::Puct(PuctConfig::default()), simulations);
    c.reuse = false;
    c
}

fn gumbel(simulations: u32) -> LearnedConfig {
    let mut c = LearnedConfig::new(Rule::Gumbel(GumbelConfig::default()), simulations);
    c.reuse = false;
    c
}

fn one<G: Game, E: Evaluator<G>>(
    config: &LearnedConfig,
    state: &G,
    seed: u64,
    evaluator: &mut E,
) -> SearchResult {
    let mut search = LearnedSearch::new(config.clone()).unwrap();
    let mut games = [GameSearch::new(seed)];
    search
        .search(
            std::slice::from_ref(state),
            &mut games,
            evaluator,
            &mut never(),
        )
        .unwrap()
        .remove(0)
}

/// Some positions along random games.
fn positions<G: Game>(count: usize, options: &Map<String, serde_json::Value>) -> Vec<G> {
    let mut rng = SplitMix64::new(5);
    (0..count as u64)
        .map(|seed| {
            let mut g = crate::Batch::<G>::new(options, seed).unwrap().start(0);
            for _ in 0..rng.below(12) {
                if g.current_player().is_none() {
                    break;
                }
                let mv = g.random_move(&mut rng);
                g.play_unchecked(mv);
            }
            g
        })
        .filter(|g| g.current_player().is_some())
        .collect()
}

#[test]
fn considered_visits_are_mctx_s() {
    // By hand from mctx's seq_halving.get_sequence_of_considered_visits.
    assert_eq!(considered_visits(1, 4), vec![0, 1, 2, 3]);
    assert_eq!(considered_visits(2, 6), vec![0, 0, 1, 1, 2, 2]);
    // k = 4, n = 8: log2max 2; extra = max(1, 8 / 8) = 1: [0,0,0,0]; m = 2, extra = 2:
    // [1,1], [2,2].
    assert_eq!(considered_visits(4, 8), vec![0, 0, 0, 0, 1, 1, 2, 2]);
    // k = 3, n = 10: log2max 2; extra = 10 / 6 = 1: [0,0,0]; m = 2, extra = 10 / 4 = 2:
    // [1,1], [2,2]; again: [3,3] (then cut at 10).
    assert_eq!(considered_visits(3, 10), vec![0, 0, 0, 1, 1, 2, 2, 3, 3, 4]);
    // k = 16, n = 200: log2max 4; extra = 200 / 64 = 3 rounds of 16 (48 entries, visits 3),
    // m = 8: 200 / 32 = 6 rounds of 8 (96, visits 9), m = 4: 12 rounds of 4 (144, visits 21),
    // m = 2: 25 rounds of 2 (194, visits 46), m = 2 again, cut at 200.
    let s = considered_visits(16, 200);
    assert_eq!(s.len(), 200);
    assert_eq!(
        &s[..17],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s[48], 3);
    assert_eq!(s[96], 9);
    assert_eq!(s[144], 21);
    assert_eq!(&s[192..], &[45, 45, 46, 46, 47, 47, 48, 48]);
}

#[test]
fn visits_add_up_and_policies_sum_to_one() {
    for config in [puct(50), gumbel(50)] {
        for state in positions::<Dominions>(4, &Map::new()) {
            let r = one(&config, &state, 3, &mut Uniform);
            assert_eq!(r.visits.iter().sum::<u64>(), 50);
            let total: f32 = r.policy.iter().sum();
            assert!((total - 1.0).abs() < 1e-4, "{total}");
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            assert!(legal.contains(&(r.action as u32)));
            for (a, &v) in r.visits.iter().enumerate() {
                assert!(v == 0 || legal.contains(&(a as u32)));
            }
        }
    }
}

#[test]
fn values_are_per_seat_in_a_three_player_game() {
    let mut options = Map::new();
    options.insert("players".into(), 3.into());
    for state in positions::<SoLongSucker>(3, &options) {
        for config in [puct(40), gumbel(40)] {
            let r = one(&config, &state, 1, &mut GameEvaluation);
            assert_eq!(r.value.len(), 3);
            assert!(r.value.iter().all(|v| (-1.0..=1.0).contains(v)));
        }
    }
}

#[test]
fn batching_equals_searching_alone() {
    let states = positions::<Dominions>(5, &Map::new());
    for config in [puct(30), gumbel(30)] {
        let alone: Vec<SearchResult> = states
            .iter()
            .enumerate()
            .map(|(i, s)| one(&config, s, i as u64, &mut GameEvaluation))
            .collect();
        let mut search = LearnedSearch::new(config.clone()).unwrap();
        let mut games: Vec<GameSearch> = (0..states.len() as u64).map(GameSearch::new).collect();
        let together = search
            .search(&states, &mut games, &mut GameEvaluation, &mut never())
            .unwrap();
        assert_eq!(alone, together);
        // search_fresh: root i gets the stream it would have had after the searches before it.
        let mut rng = SplitMix64::new(8);
        let many = search
            .search_fresh(&states, &mut rng, &mut GameEvaluation, &mut never())
            .unwrap();
        let mut search = LearnedSearch::new(config.clone()).unwrap();
        let mut game = GameSearch::new(8);
        for (s, r) in states.iter().zip(&many) {
            let alone = search
                .search(
                    std::slice::from_ref(s),
                    std::slice::from_mut(&mut game),
                    &mut GameEvaluation,
                    &mut never(),
                )
                .unwrap();
            assert_eq!(&alone[0], r);
        }
        assert_eq!(rng, game.rng);
    }
}

/// Threads share the roots and change nothing: the same results and one evaluator call per step,
/// with virtual loss, the cache, and in a game with hidden information.
#[test]
fn threads_change_nothing() {
    fn check<G: Game>(states: &[G], config: &LearnedConfig) {
        let run = |threads: usize| {
            let mut config = config.clone();
            config.threads = threads;
            let mut search = LearnedSearch::new(config).unwrap();
            let mut e = Counting {
                calls: 0,
                rows: Vec::new(),
                make: |b: &LeafBatch<G>| Evaluations {
                    logits: (0..b.len() * b.num_actions)
                        .map(|i| ((i * 7919) % 13) as f32 / 5.0)
                        .collect(),
                    values: (0..b.len() * b.num_players)
                        .map(|i| ((i * 104_729) % 11) as f32 / 10.0 - 0.5)
                        .collect(),
                },
            };
            let mut rng = SplitMix64::new(3);
            let found = search
                .search_fresh(states, &mut rng, &mut e, &mut never())
                .unwrap();
            (found, e.calls, e.rows, rng)
        };
        let one = run(1);
        for threads in [2, 3] {
            assert_eq!(run(threads), one, "{threads} threads");
        }
    }
    let dominions = positions::<Dominions>(40, &Map::new());
    let armadora = positions::<Armadora>(24, &Map::new());
    for mut config in [puct(24), gumbel(24)] {
        check(&dominions, &config);
        check(&armadora, &config);
        config.leaves_per_game = 3;
        config.cache = true;
        check(&dominions, &config);
    }
}

/// An evaluator that counts its calls and rows, and returns what it is told.
struct Counting<F> {
    calls: usize,
    rows: Vec<usize>,
    make: F,
}

impl<G: Game, F: FnMut(&LeafBatch<G>) -> Evaluations> Evaluator<G> for Counting<F> {
    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error> {
        self.calls += 1;
        self.rows.push(batch.len());
        Ok((self.make)(batch))
    }
}

#[test]
fn one_call_per_step_for_all_roots() {
    let states = positions::<Dominions>(6, &Map::new());
    let mut search = LearnedSearch::new(puct(10)).unwrap();
    let mut games: Vec<GameSearch> = (0..states.len() as u64).map(GameSearch::new).collect();
    let mut e = Counting {
        calls: 0,
        rows: Vec::new(),
        make: |b: &LeafBatch<Dominions>| Evaluations {
            logits: vec![0.0; b.len() * b.num_actions],
            values: vec![0.0; b.len()],
        },
    };
    search
        .search(&states, &mut games, &mut e, &mut never())
        .unwrap();
    assert!(e.calls <= 11);
    assert_eq!(e.rows[0], states.len(), "the roots first, in one call");
    assert!(e.rows.iter().all(|&r| r <= states.len()));
}

#[test]
fn bad_evaluator_output_is_refused() {
    let state = positions::<Dominions>(1, &Map::new()).remove(0);
    type Make = Box<dyn Fn(&LeafBatch<Dominions>) -> Evaluations>;
    let cases: Vec<(&str, Make)> = vec![
        (
            "logits have",
            Box::new(|b| Evaluations {
                logits: vec![0.0; 3],
                values: vec![0.0; b.len() * 2],
            }),
        ),
        (
            "values have",
            Box::new(|b| Evaluations {
                logits: vec![0.0; b.len() * b.num_actions],
                values: vec![0.0; b.len() * 3],
            }),
        ),
        (
            "value NaN",
            Box::new(|b| Evaluations {
                logits: vec![0.0; b.len() * b.num_actions],
                values: vec![f32::NAN; b.len() * 2],
            }),
        ),
        (
            "logit NaN",
            Box::new(|b| Evaluations {
                logits: vec![f32::NAN; b.len() * b.num_actions],
                values: vec![0.0; b.len() * 2],
            }),
        ),
    ];
    for (expected, make) in cases {
        let mut e = Counting {
            calls: 0,
            rows: Vec::new(),
            make,
        };
        let mut search = LearnedSearch::new(puct(5)).unwrap();
        let err = search
            .search(
                std::slice::from_ref(&state),
                &mut [GameSearch::new(0)],
                &mut e,
                &mut never(),
            )
            .unwrap_err();
        assert!(
            err.to_string().contains(expected),
            "{err} should say {expected}"
        );
    }
}

#[test]
fn terminal_children_back_up_their_returns() {
    // The last position of random Dominions games: the children that end the game are never
    // expanded nor evaluated, and their edges hold exactly their returns.
    let mut checked = 0;
    for seed in 0..6 {
        let mut g = Dominions::new(&Map::new()).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut last = g.clone();
        while g.current_player().is_some() {
            last = g.clone();
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
        }
        for config in [puct(40), gumbel(40)] {
            let mut search = LearnedSearch::new(config).unwrap();
            let mut games = [GameSearch::new(seed)];
            let mut e = Counting {
                calls: 0,
                rows: Vec::new(),
                make: |b: &LeafBatch<Dominions>| Evaluations {
                    logits: vec![0.0; b.len() * b.num_actions],
                    values: vec![0.25; b.len() * 2],
                },
            };
            let r = search
                .search(
                    std::slice::from_ref(&last),
                    &mut games,
                    &mut e,
                    &mut never(),
                )
                .unwrap()
                .remove(0);
            assert_eq!(r.visits.iter().sum::<u64>(), 40);
            let tree = &games[0].tree;
            let root = tree.node(0);
            for (k, edge) in root.edges.iter().enumerate() {
                if edge.n == 0 {
                    continue;
                }
                let mut child = last.clone();
                child.play_unchecked(child.move_from_action(edge.action as usize).unwrap());
                if let Some(outcome) = child.outcome() {
                    let returns = outcome.returns(2);
                    for (p, r) in returns.iter().enumerate() {
                        assert_eq!(root.w[k * 2 + p] / f64::from(edge.n), *r);
                    }
                    assert!(!tree.nodes[edge.child as usize].expanded);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "some searched move ended the game");
}

#[test]
fn the_cache_answers_a_repeated_search() {
    let state = positions::<Dominions>(1, &Map::new()).remove(0);
    let mut config = puct(25);
    config.cache = true;
    let mut search = LearnedSearch::new(config).unwrap();
    let mut e = Counting {
        calls: 0,
        rows: Vec::new(),
        make: |b: &LeafBatch<Dominions>| Evaluations {
            logits: vec![0.0; b.len() * b.num_actions],
            values: vec![0.0; b.len() * 2],
        },
    };
    let first = search
        .search(
            std::slice::from_ref(&state),
            &mut [GameSearch::new(0)],
            &mut e,
            &mut never(),
        )
        .unwrap();
    let calls = e.calls;
    assert!(calls > 1);
    let second = search
        .search(
            std::slice::from_ref(&state),
            &mut [GameSearch::new(0)],
            &mut e,
            &mut never(),
        )
        .unwrap();
    assert_eq!(first, second);
    assert_eq!(e.calls, calls, "every position came from the cache");
}

#[test]
fn hidden_information_gives_equal_searches_for_indistinguishable_states() {
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
    assert_eq!(a.view_json(0), b.view_json(0));
    for config in [puct(60), gumbel(60)] {
        for evaluator in [0, 1] {
            let (ra, rb) = if evaluator == 0 {
                (
                    one(&config, &a, 4, &mut Uniform),
                    one(&config, &b, 4, &mut Uniform),
                )
            } else {
                (
                    one(&config, &a, 4, &mut GameEvaluation),
                    one(&config, &b, 4, &mut GameEvaluation),
                )
            };
            assert_eq!(ra, rb);
        }
    }
}

/// One search of one root with its kept tree: `Err` where the search fails.
fn search_kept<E: Evaluator<Dominions>>(
    search: &mut LearnedSearch,
    state: &Dominions,
    game: &mut GameSearch,
    evaluator: &mut E,
) -> Result<SearchResult, Error> {
    search
        .search(
            std::slice::from_ref(state),
            std::slice::from_mut(game),
            evaluator,
            &mut never(),
        )
        .map(|mut r| r.remove(0))
}

#[test]
fn the_tree_is_reused_and_the_cache_answers() {
    let mut config = puct(30);
    config.reuse = true;
    config.cache = true;
    let mut state = Dominions::new(&Map::new()).unwrap();
    let mut search = LearnedSearch::new(config).unwrap();
    let mut game = GameSearch::new(0);
    let r = search_kept(&mut search, &state, &mut game, &mut Uniform).unwrap();
    let kept = r.visits[r.action];
    state
        .play(state.move_from_action(r.action).unwrap())
        .unwrap();
    let r2 = search_kept(&mut search, &state, &mut game, &mut Uniform).unwrap();
    assert_eq!(r2.visits.iter().sum::<u64>(), kept - 1 + 30);
}

#[test]
fn a_failed_search_drops_the_kept_tree_and_keeps_the_generator() {
    // A search that fails halfway (the evaluator errs on its third call) must leave what a
    // fresh tree with the same generator would: the next search equals that one.
    let mut config = puct(30);
    config.reuse = true;
    let mut state = Dominions::new(&Map::new()).unwrap();
    let mut search = LearnedSearch::new(config).unwrap();
    let mut game = GameSearch::new(7);
    let first = search_kept(&mut search, &state, &mut game, &mut Uniform).unwrap();
    state
        .play(state.move_from_action(first.action).unwrap())
        .unwrap();
    let mut fresh = GameSearch {
        tree: Tree::new(),
        rng: game.rng.clone(),
    };
    let mut calls = 0;
    let mut failing = Counting {
        calls: 0,
        rows: Vec::new(),
        make: |b: &LeafBatch<Dominions>| {
            calls += 1;
            Evaluations {
                logits: vec![0.0; b.len() * b.num_actions],
                // the third call's values are refused
                values: vec![if calls == 3 { f32::NAN } else { 0.0 }; b.len() * 2],
            }
        },
    };
    assert!(search_kept(&mut search, &state, &mut game, &mut failing).is_err());
    let again = search_kept(&mut search, &state, &mut game, &mut Uniform).unwrap();
    let expected = search_kept(&mut search, &state, &mut fresh, &mut Uniform).unwrap();
    assert!(
        again.visits == expected.visits && again.action == expected.action,
        "the search after a failed one differs from a fresh tree's"
    );
    assert_eq!(
        again.visits.iter().sum::<u64>(),
        30,
        "no visits left from the failed search"
    );
}

#[test]
fn leaves_per_game_and_selfplay_run() {
    let mut config = puct(16);
    config.leaves_per_game = 4;
    let states = positions::<Dominions>(3, &Map::new());
    let mut search = LearnedSearch::new(config).unwrap();
    let mut games: Vec<GameSearch> = (0..3).map(GameSearch::new).collect();
    for r in search
        .search(&states, &mut games, &mut Uniform, &mut never())
        .unwrap()
    {
        assert_eq!(r.visits.iter().sum::<u64>(), 16);
    }
    let mut sp = gumbel(8);
    sp.reuse = true;
    let starts: Vec<Dominions> = (0..3)
        .map(|s| {
            crate::Batch::<Dominions>::new(&Map::new(), s)
                .unwrap()
                .start(0)
        })
        .collect();
    let data = selfplay(
        starts,
        &SelfPlayConfig {
            search: sp,
            temperature_plies: 0,
            max_plies: Some(20),
            seed: 0,
        },
        &mut Uniform,
        &mut never(),
    )
    .unwrap();
    let t = data.players.len();
    assert_eq!(data.policies.len(), t * data.num_actions);
    assert_eq!(data.returns.len(), t * data.num_players);
    assert!(t <= 60);
}

/// The pipeline (one half of the roots searched while the evaluator scores the other's leaves)
/// gives every root the result of the unpipelined search, for an evaluator that scores each leaf
/// on its own: with virtual loss, the cache, 2 and 4 players, and hidden information.
#[test]
fn pipeline_changes_nothing() {
    fn check<G: Game>(states: &[G], config: &LearnedConfig) {
        let run = |pipeline: bool| {
            let mut config = config.clone();
            config.pipeline = pipeline;
            let mut search = LearnedSearch::new(config).unwrap();
            // Each row from its own leaf only (its key), so that splitting a batch changes no row.
            let mut e = Counting {
                calls: 0,
                rows: Vec::new(),
                make: |b: &LeafBatch<G>| {
                    let mut out = Evaluations::default();
                    for state in &b.states {
                        let key = state.key();
                        out.logits.extend(
                            (0..b.num_actions as u64)
                                .map(|a| ((key ^ (a * 7919)) % 13) as f32 / 5.0),
                        );
                        out.values.extend(
                            (0..b.num_players as u64)
                                .map(|p| ((key >> (p * 8)) % 11) as f32 / 10.0 - 0.5),
                        );
                    }
                    out
                },
            };
            let mut rng = SplitMix64::new(3);
            let found = search
                .search_fresh(states, &mut rng, &mut e, &mut never())
                .unwrap();
            (found, e.calls, e.rows.iter().sum::<usize>(), rng)
        };
        let (plain, calls, rows, rng) = run(false);
        let (piped, piped_calls, piped_rows, piped_rng) = run(true);
        assert_eq!(piped, plain);
        assert_eq!((piped_rows, piped_rng), (rows, rng));
        assert!(
            piped_calls > calls && piped_calls <= 2 * calls,
            "{piped_calls} vs {calls}"
        );
    }
    let dominions = positions::<Dominions>(21, &Map::new());
    let armadora = positions::<Armadora>(9, &Map::new());
    let sucker = positions::<SoLongSucker>(10, &Map::new());
    for mut config in [puct(16), gumbel(16)] {
        check(&dominions, &config);
        check(&armadora, &config);
        check(&sucker, &config);
        config.leaves_per_game = 3;
        config.cache = true;
        check(&dominions, &config);
    }
}

#[test]
fn pipeline_takes_one_thread() {
    let mut config = gumbel(8);
    config.pipeline = true;
    config.threads = 2;
    let err = LearnedSearch::new(config).unwrap_err();
    assert!(err.to_string().contains("threads must be 1"), "{err}");
}

/// An evaluator's scores without its copy for a thread: the search steps every root together.
struct Stepped<E>(E);

impl<G: Game, E: Evaluator<G>> Evaluator<G> for Stepped<E> {
    fn wants_observations(&self) -> bool {
        self.0.wants_observations()
    }

    fn is_uniform(&self) -> bool {
        self.0.is_uniform()
    }

    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error> {
        self.0.evaluate(batch)
    }
}

/// The built-in evaluators take the root-major search (groups of roots through all their
/// simulations, threads taking groups as they go): every root's result, tree and generator are
/// those of the step-major search, over groups and threads, with virtual loss, the cache, tree
/// reuse, 2 and 4 players, and hidden information.
#[test]
fn root_major_changes_nothing() {
    fn rounds<G: Game, E: Evaluator<G>>(
        states: &[G],
        config: &LearnedConfig,
        evaluator: &mut E,
    ) -> Vec<(Vec<SearchResult>, Vec<SplitMix64>, Vec<usize>)> {
        let mut search = LearnedSearch::new(config.clone()).unwrap();
        let mut games: Vec<GameSearch> = (0..states.len() as u64).map(GameSearch::new).collect();
        let mut states = states.to_vec();
        let mut out = Vec::new();
        for _ in 0..2 {
            let found = search
                .search(&states, &mut games, evaluator, &mut never())
                .unwrap();
            let rngs = games.iter().map(|g| g.rng.clone()).collect();
            let sizes = games.iter().map(|g| g.tree.len()).collect();
            for (state, r) in states.iter_mut().zip(&found) {
                let mv = state.move_from_action(r.action).unwrap();
                state.play(mv).unwrap();
            }
            out.push((found, rngs, sizes));
            // Positions that are over leave the batch.
            let live: Vec<bool> = states
                .iter()
                .map(|s| s.current_player().is_some())
                .collect();
            let mut i = 0;
            states.retain(|_| (live[i], i += 1).0);
            let mut i = 0;
            games.retain(|_| (live[i], i += 1).0);
        }
        out
    }
    fn check<G: Game>(states: &[G], config: &LearnedConfig) {
        for threads in [1, 2, 3] {
            let mut config = config.clone();
            config.threads = threads;
            assert_eq!(
                rounds(states, &config, &mut Uniform),
                rounds(states, &config, &mut Stepped(Uniform)),
                "uniform, {threads} threads, {config:?}"
            );
            assert_eq!(
                rounds(states, &config, &mut GameEvaluation),
                rounds(states, &config, &mut Stepped(GameEvaluation)),
                "evaluation, {threads} threads, {config:?}"
            );
        }
    }
    let dominions = positions::<Dominions>(40, &Map::new());
    let armadora = positions::<Armadora>(20, &Map::new());
    let mut four = Map::new();
    four.insert("players".into(), 4.into());
    let sucker = positions::<SoLongSucker>(20, &four);
    for mut config in [puct(12), gumbel(12)] {
        config.reuse = true;
        check(&dominions, &config);
        check(&armadora, &config);
        check(&sucker, &config);
        config.leaves_per_game = 3;
        config.cache = true;
        check(&dominions, &config);
        check(&armadora, &config);
    }
}

/// Ctrl-C stops the root-major search on any of its threads, and the search fails as the
/// step-major one does: the trees dropped, the generators as they were.
#[test]
fn root_major_search_is_interrupted() {
    let states = positions::<Dominions>(40, &Map::new());
    for threads in [1, 2] {
        // Enough descents for the calling thread to ask more than once.
        let mut config = gumbel(400);
        config.threads = threads;
        let mut search = LearnedSearch::new(config).unwrap();
        let mut games: Vec<GameSearch> = (0..states.len() as u64).map(GameSearch::new).collect();
        let mut asked = 0;
        let mut interrupt = || {
            asked += 1;
            asked > 1
        };
        let err = search
            .search(&states, &mut games, &mut Uniform, &mut interrupt)
            .unwrap_err();
        assert_eq!(err.to_string(), super::batch::interrupted().to_string());
        assert!(games.iter().all(|g| g.tree.is_empty()));
        let fresh: Vec<GameSearch> = (0..states.len() as u64).map(GameSearch::new).collect();
        assert!(games.iter().zip(&fresh).all(|(a, b)| a.rng == b.rng));
    }
}

/// An evaluator whose copies for threads count themselves: the second copy (the first helper
/// thread's) panics when it scores, and the first (the calling thread's) waits to score until
/// the helper has tried, so that the helper's panic happens whatever the threads' timing.
struct PanicsOnAHelper {
    copy: usize,
    shared: std::sync::Arc<(
        std::sync::atomic::AtomicUsize,
        std::sync::atomic::AtomicBool,
    )>,
}

impl<G: Game> Evaluator<G> for PanicsOnAHelper {
    fn wants_observations(&self) -> bool {
        false
    }

    fn for_thread(&self) -> Option<Box<dyn Evaluator<G> + Send>> {
        let copy = self
            .shared
            .0
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Some(Box::new(PanicsOnAHelper {
            copy,
            shared: std::sync::Arc::clone(&self.shared),
        }))
    }

    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error> {
        let tried = &self.shared.1;
        if self.copy == 1 {
            tried.store(true, std::sync::atomic::Ordering::Release);
            panic!("the helper's model fails");
        }
        let start = std::time::Instant::now();
        while !tried.load(std::sync::atomic::Ordering::Acquire)
            && start.elapsed() < std::time::Duration::from_secs(10)
        {
            std::thread::yield_now();
        }
        Uniform.evaluate(batch)
    }
}

/// A panic on a helper thread of the root-major search ends the search with that panic on the
/// calling thread, rather than leaving the caller waiting for the helper.
#[test]
fn a_helper_panic_reaches_the_caller() {
    let (done, ended) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let states = positions::<Dominions>(64, &Map::new());
        let mut config = gumbel(64);
        config.threads = 2;
        config.cache = false;
        let mut search = LearnedSearch::new(config).unwrap();
        let mut evaluator = PanicsOnAHelper {
            copy: usize::MAX,
            shared: Default::default(),
        };
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            search.search_fresh_rows(
                &states,
                &mut SplitMix64::new(1),
                &mut evaluator,
                &mut || false,
            )
        }));
        done.send(searched.is_err()).unwrap();
    });
    let panicked = ended
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the search ends");
    assert!(panicked, "the helper's panic reaches the caller");
}

#[test]
fn root_cands_finds_the_edge_of_each_legal_action() {
    let mut tree = Tree::new();
    tree.prepare(&[], 2, false);
    let (edges, max) = batch::uniform_edges(&[0, 2, 5]);
    tree.expand(0, 0, &[0.0, 0.0], edges, max);
    let mut cands = Vec::new();
    // The root's edges in order: read without a lookup.
    batch::root_cands(&mut tree, &[0, 2, 5], &mut cands);
    assert_eq!(cands, [0, 1, 2]);
    // Another order, or a subset: looked up.
    batch::root_cands(&mut tree, &[5, 2], &mut cands);
    assert_eq!(cands, [2, 1]);
    // An action the root has no edge for gets one, in order.
    batch::root_cands(&mut tree, &[2, 3], &mut cands);
    assert_eq!(cands, [1, 2]);
    let actions: Vec<u32> = tree.node(0).edges.iter().map(|e| e.action).collect();
    assert_eq!(actions, [0, 2, 3, 5]);
}

/// `search_fresh_rows` grows the roots in each thread's own trees with the built-in evaluators
/// (reused from root to root and from batch to batch): its rows are the step-major search's
/// results, over threads, virtual loss, 2 and 4 players, and hidden information.
#[test]
fn fresh_rows_in_the_threads_own_trees_change_nothing() {
    fn batches<G: Game, E: Evaluator<G>>(
        states: &[G],
        config: &LearnedConfig,
        evaluator: &mut E,
    ) -> Vec<SearchRows> {
        let mut search = LearnedSearch::new(config.clone()).unwrap();
        let mut rng = SplitMix64::new(3);
        // The second batch finds the first one's trees in the threads' memory.
        (0..2)
            .map(|_| {
                search
                    .search_fresh_rows(states, &mut rng, evaluator, &mut never())
                    .unwrap()
            })
            .collect()
    }
    fn check<G: Game>(states: &[G], config: &LearnedConfig) {
        for threads in [1, 2, 3] {
            let mut config = config.clone();
            config.threads = threads;
            let rows = batches(states, &config, &mut Uniform);
            assert_eq!(rows, batches(states, &config, &mut Stepped(Uniform)));
            assert_eq!(rows[0].len(), states.len());
            let mut search = LearnedSearch::new(config.clone()).unwrap();
            let results = search
                .search_fresh(states, &mut SplitMix64::new(3), &mut Uniform, &mut never())
                .unwrap();
            assert_eq!(rows[0].clone().into_results(), results);
            assert_eq!(
                batches(states, &config, &mut GameEvaluation),
                batches(states, &config, &mut Stepped(GameEvaluation)),
                "evaluation, {threads} threads, {config:?}"
            );
        }
    }
    let dominions = positions::<Dominions>(30, &Map::new());
    let armadora = positions::<Armadora>(14, &Map::new());
    let mut four = Map::new();
    four.insert("players".into(), 4.into());
    let sucker = positions::<SoLongSucker>(14, &four);
    for mut config in [puct(12), gumbel(12)] {
        check(&dominions, &config);
        check(&armadora, &config);
        check(&sucker, &config);
        config.leaves_per_game = 3;
        check(&dominions, &config);
        check(&armadora, &config);
    }
}

/// States whose games differ in their numbers of seats (or actions) are refused before any
/// tree is touched.
#[test]
fn states_of_different_shapes_are_refused() {
    let mut three = Map::new();
    three.insert("players".into(), 3.into());
    let mut four = Map::new();
    four.insert("players".into(), 4.into());
    let mut states = positions::<SoLongSucker>(2, &three);
    states.extend(positions::<SoLongSucker>(2, &four));
    let mut search = LearnedSearch::new(gumbel(4)).unwrap();
    let err = search
        .search_fresh_rows(&states, &mut SplitMix64::new(0), &mut Uniform, &mut never())
        .unwrap_err();
    assert!(
        err.to_string().contains("numbers of actions or seats"),
        "{err}"
    );
    let mut config = gumbel(4);
    config.reuse = true;
    let mut search = LearnedSearch::new(config).unwrap();
    let mut games: Vec<GameSearch> = (0..4).map(GameSearch::new).collect();
    search
        .search(&states[..2], &mut games[..2], &mut Uniform, &mut never())
        .unwrap();
    let kept: Vec<usize> = games.iter().map(|g| g.tree.len()).collect();
    let rngs: Vec<SplitMix64> = games.iter().map(|g| g.rng.clone()).collect();
    assert!(search
        .search(&states, &mut games, &mut Uniform, &mut never())
        .is_err());
    assert_eq!(games.iter().map(|g| g.tree.len()).collect::<Vec<_>>(), kept);
    assert!(games.iter().zip(&rngs).all(|(g, r)| g.rng == *r));
}

/// Every visited edge keeps its node's mover's mean value, the very division of its sums (with
/// hidden information, where edges are added and moved, and with a real model's values).
#[test]
fn each_edge_keeps_its_movers_mean_value() {
    let options = Map::new();
    let mut checked = 0;
    for config in [puct(48), gumbel(48)] {
        let states = positions::<Armadora>(3, &options);
        let mut search = LearnedSearch::new(config).unwrap();
        let mut games: Vec<GameSearch> = (0..states.len() as u64).map(GameSearch::new).collect();
        let mut e = Counting {
            calls: 0,
            rows: Vec::new(),
            make: |b: &LeafBatch<Armadora>| Evaluations {
                logits: (0..b.len() * b.num_actions)
                    .map(|i| (i % 7) as f32 * 0.3)
                    .collect(),
                values: (0..b.len() * b.num_players)
                    .map(|i| (i % 5) as f32 * 0.2 - 0.4)
                    .collect(),
            },
        };
        search
            .search(&states, &mut games, &mut e, &mut never())
            .unwrap();
        for game in &games {
            let tree = &game.tree;
            let p = tree.players;
            for n in 0..tree.len() as u32 {
                let node = tree.node(n);
                for (k, edge) in node.edges.iter().enumerate() {
                    if edge.n > 0 {
                        assert_eq!(edge.vl, 0);
                        let mean = node.w[k * p + node.player] / f64::from(edge.n);
                        assert_eq!(edge.q.to_bits(), mean.to_bits());
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100);
}
