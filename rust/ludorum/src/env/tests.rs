//! The batched env against plain games: trajectories, autoreset modes, threads, bad actions.

use serde_json::{json, Map, Value};

use super::*;
use crate::core::game::{Encoding, MoveGen};
use crate::core::rng::SplitMix64;
use crate::games::armadora::Armadora;
use crate::games::chinese_checkers::ChineseCheckers;
use crate::games::so_long_sucker::SoLongSucker;
use crate::games::tic_tac_toe::TicTacToe;

fn options(value: Value) -> Map<String, Value> {
    value.as_object().expect("an object").clone()
}

fn cc(num_envs: usize, threads: usize, autoreset: Autoreset) -> VecEnv<ChineseCheckers> {
    let config = Config {
        num_envs,
        seed: 7,
        threads,
        autoreset,
        ..Config::default()
    };
    let options = options(json!({"pieces": 10, "area": "free", "max_plies": 40}));
    VecEnv::new(&options, config).expect("valid")
}

/// Runs `steps` steps of random actions, returning every output of every step.
fn run(env: &mut dyn BatchEnv, steps: usize) -> Vec<Buffers> {
    run_in(env, steps, ObsDtype::Float32)
}

/// [`run`] with observations of `dtype`.
fn run_in(env: &mut dyn BatchEnv, steps: usize, dtype: ObsDtype) -> Vec<Buffers> {
    let shape = env.shape().clone();
    let mut b = Buffers {
        obs: dtype.zeros(shape.num_envs * shape.observation_size()),
        rewards: vec![0.0; shape.num_envs * shape.reward_width],
        terminated: vec![false; shape.num_envs],
        truncated: vec![false; shape.num_envs],
        mask: vec![false; shape.num_envs * shape.num_actions],
        current_player: vec![0; shape.num_envs],
        ended: vec![false; shape.num_envs],
        final_obs: dtype.zeros(shape.num_envs * shape.observation_size()),
    };
    env.reset(None, None, &mut b.outputs()).expect("reset");
    let mut seen = vec![b.clone()];
    let mut actions = vec![0i64; shape.num_envs];
    for _ in 0..steps {
        env.sample_actions(&mut actions);
        env.step(&actions, &mut b.outputs()).expect("legal actions");
        seen.push(b.clone());
    }
    seen
}

#[test]
fn the_same_run_whatever_the_thread_count() {
    for autoreset in [Autoreset::NextStep, Autoreset::SameStep] {
        // 160 envs: three chunks, shared among the threads at least on the first step (see
        // `pace`), and then whenever sharing is the cheaper way
        let one = run(&mut cc(160, 1, autoreset), 120);
        let three = run(&mut cc(160, 3, autoreset), 120);
        assert_eq!(one.len(), three.len());
        for (a, b) in one.iter().zip(&three) {
            assert_eq!(a.obs, b.obs);
            assert_eq!(a.mask, b.mask);
            assert_eq!(a.rewards, b.rewards);
            assert_eq!(a.current_player, b.current_player);
            assert_eq!(a.terminated, b.terminated);
            assert_eq!(a.truncated, b.truncated);
        }
        // episodes ended and restarted along the way (40-ply cap)
        assert!(one.iter().any(|b| b.ended.iter().any(|&e| e)));
    }
}

#[test]
fn a_trajectory_is_the_plain_game_played_with_the_same_actions() {
    let mut env = cc(3, 2, Autoreset::NextStep);
    let mut b = env.buffers();
    env.reset(None, None, &mut b.outputs()).unwrap();
    let mut games: Vec<ChineseCheckers> = (0..3).map(|i| env.slots[i].game.clone()).collect();
    let mut actions = vec![0i64; 3];
    let mut obs = vec![0.0f32; env.shape.observation_size()];
    let mut pending_reset = [false; 3];
    for _ in 0..100 {
        env.sample_actions(&mut actions);
        env.step(&actions, &mut b.outputs()).unwrap();
        for i in 0..3 {
            if pending_reset[i] {
                // the step after the end restarted the env: a fresh game of the next episode
                assert!(!b.ended[i] && b.rewards[2 * i] == 0.0);
                assert_eq!(env.episode(i), 1.max(env.episode(i)));
                games[i] = env.slots[i].game.clone();
                assert!(games[i].history().is_empty());
                pending_reset[i] = false;
                continue;
            }
            let player = games[i].current_player().unwrap();
            let mv = games[i].move_from_action(actions[i] as usize).unwrap();
            games[i].play(mv).unwrap();
            assert_eq!(games[i].key(), env.slots[i].game.key());
            let size = obs.len();
            match games[i].current_player() {
                Some(next) => {
                    assert_eq!(b.current_player[i], next as i32);
                    games[i].observation(next, &mut obs);
                    let mut legal = Vec::new();
                    games[i].legal_actions(&mut legal);
                    let row = &b.mask[i * 14642..(i + 1) * 14642];
                    assert_eq!(row.iter().filter(|&&m| m).count(), legal.len());
                    assert!(legal.iter().all(|&a| row[a as usize]));
                }
                None => {
                    assert_eq!(b.current_player[i], -1);
                    assert!(b.ended[i]);
                    games[i].observation(player, &mut obs);
                    let returns = games[i].outcome().unwrap().returns(2);
                    assert_eq!(b.rewards[2 * i], returns[0] as f32);
                    assert_eq!(b.rewards[2 * i + 1], returns[1] as f32);
                    assert!(b.mask[i * 14642..(i + 1) * 14642].iter().all(|&m| !m));
                    pending_reset[i] = true;
                }
            }
            assert_eq!(&b.obs.to_f32()[i * size..(i + 1) * size], &obs[..]);
        }
    }
}

#[test]
fn same_step_resets_at_once_and_keeps_the_final_observation() {
    let mut env = cc(2, 1, Autoreset::SameStep);
    let mut b = env.buffers();
    env.reset(None, None, &mut b.outputs()).unwrap();
    let mut actions = vec![0i64; 2];
    let size = env.shape.observation_size();
    let mut ends = 0;
    for _ in 0..200 {
        let before: Vec<ChineseCheckers> = env.slots.iter().map(|s| s.game.clone()).collect();
        env.sample_actions(&mut actions);
        env.step(&actions, &mut b.outputs()).unwrap();
        for i in 0..2 {
            if b.ended[i] {
                ends += 1;
                let mut game = before[i].clone();
                let player = game.current_player().unwrap();
                game.play_unchecked(game.move_from_action(actions[i] as usize).unwrap());
                let mut obs = vec![0.0; size];
                game.observation(player, &mut obs);
                assert_eq!(&b.final_obs.to_f32()[i * size..(i + 1) * size], &obs[..]);
                assert!(b.truncated[i] || b.terminated[i]);
                assert!(env.slots[i].game.history().is_empty());
                assert_eq!(b.current_player[i], 0);
            }
        }
    }
    assert!(ends > 2);
}

#[test]
fn a_bad_action_steps_no_env() {
    let mut env = cc(4, 2, Autoreset::NextStep);
    let mut b = env.buffers();
    env.reset(None, None, &mut b.outputs()).unwrap();
    let keys: Vec<u64> = env.slots.iter().map(|s| s.game.key()).collect();
    let mut actions = vec![0i64; 4];
    env.sample_actions(&mut actions);
    for bad in [-1, 14642, 0] {
        let mut wrong = actions.clone();
        wrong[2] = bad;
        let error = env.step(&wrong, &mut b.outputs()).unwrap_err().to_string();
        assert!(error.contains("env 2"), "{error}");
        assert!(error.contains("no env was stepped"), "{error}");
    }
    let error = env.step(&actions[..3], &mut b.outputs()).unwrap_err();
    assert!(error.to_string().contains("one action per env (4), got 3"));
    let after: Vec<u64> = env.slots.iter().map(|s| s.game.key()).collect();
    assert_eq!(keys, after);
    env.step(&actions, &mut b.outputs()).unwrap();
}

#[test]
fn a_bad_action_steps_no_env_when_threads_check_the_actions() {
    // 200 envs: four chunks, checked and stepped over two threads on the first step
    let mut env = cc(200, 2, Autoreset::NextStep);
    let mut b = env.buffers();
    env.reset(None, None, &mut b.outputs()).unwrap();
    let keys: Vec<u64> = env.slots.iter().map(|s| s.game.key()).collect();
    let before = b.clone();
    let mut actions = vec![0i64; 200];
    env.sample_actions(&mut actions);
    let mut wrong = actions.clone();
    wrong[190] = -1;
    wrong[70] = 14642;
    wrong[130] = -1;
    let error = env.step(&wrong, &mut b.outputs()).unwrap_err().to_string();
    // the first bad env by index, whichever thread checked it
    assert!(error.contains("env 70"), "{error}");
    let after: Vec<u64> = env.slots.iter().map(|s| s.game.key()).collect();
    assert_eq!(keys, after);
    assert_eq!((before.obs, before.mask), (b.obs.clone(), b.mask.clone()));
    env.step(&actions, &mut b.outputs()).unwrap();
    assert_ne!(
        keys,
        env.slots.iter().map(|s| s.game.key()).collect::<Vec<_>>()
    );
}

#[test]
fn a_game_of_few_actions_takes_exactly_its_legal_ones() {
    // Tic-tac-toe's envs are checked by bits (`FEW_ACTIONS`): every id, in range or not, is
    // taken exactly when the env's mask row has it, on one thread and over chunks of two.
    for (num_envs, threads, autoreset) in [
        (3, 1, Autoreset::NextStep),
        (130, 2, Autoreset::NextStep),
        (3, 1, Autoreset::Disabled),
    ] {
        let config = Config {
            num_envs,
            seed: 3,
            threads,
            autoreset,
            ..Config::default()
        };
        let mut env = VecEnv::<TicTacToe>::new(&Map::new(), config).expect("valid");
        let mut b = env.buffers();
        env.reset(None, None, &mut b.outputs()).unwrap();
        let mut actions = vec![0i64; num_envs];
        let mut ends = 0;
        for _ in 0..12 {
            if autoreset == Autoreset::Disabled && env.slots.iter().any(|s| s.over) {
                break; // every step is refused until a reset
            }
            env.sample_actions(&mut actions);
            let last = num_envs - 1;
            let keys: Vec<u64> = env.slots.iter().map(|s| s.game.key()).collect();
            let over = env.slots[last].over;
            for bad in [-1, 0, 1, 4, 8, 9, 63, 64, 65, i64::MAX, i64::MIN] {
                let legal = usize::try_from(bad).is_ok_and(|a| a < 9 && b.mask[last * 9 + a]);
                let takes = legal || (over && autoreset == Autoreset::NextStep);
                if takes {
                    continue;
                }
                let mut wrong = actions.clone();
                wrong[last] = bad;
                let error = env.step(&wrong, &mut b.outputs()).unwrap_err().to_string();
                assert!(error.contains(&format!("env {last}")), "{error}");
                assert_eq!(
                    keys,
                    env.slots.iter().map(|s| s.game.key()).collect::<Vec<_>>()
                );
            }
            env.step(&actions, &mut b.outputs()).unwrap();
            ends += b.ended.iter().filter(|&&e| e).count();
        }
        assert!(ends > 0);
    }
}

#[test]
fn sampled_actions_are_drawn_as_if_when_asked_for() {
    // the draw made during the step, then one made at the call: the generator's first two
    let mut env = cc(3, 1, Autoreset::NextStep);
    let mut b = env.buffers();
    env.reset(Some(5), None, &mut b.outputs()).unwrap();
    let (mut first, mut second) = (vec![0i64; 3], vec![0i64; 3]);
    env.sample_actions(&mut first);
    env.sample_actions(&mut second);
    for (i, slot) in env.slots.iter().enumerate() {
        let mut sampler = SplitMix64::new(episode_seed(5, i as u64, 0) ^ SAMPLER_SALT);
        let legal = &slot.legal;
        assert_eq!(first[i], i64::from(legal[sampler.below(legal.len())]));
        assert_eq!(second[i], i64::from(legal[sampler.below(legal.len())]));
    }
    // two steps with actions of the caller's own, no draw taken between: the next draw is
    // the generator's fifth (four were taken), from the legal actions after the last step
    env.step(&first, &mut b.outputs()).unwrap();
    env.sample_actions(&mut first);
    env.step(&first, &mut b.outputs()).unwrap();
    let mut own = vec![0i64; 3];
    env.sample_actions(&mut own);
    env.step(&own, &mut b.outputs()).unwrap();
    let mine: Vec<i64> = env.slots.iter().map(|s| i64::from(s.legal[0])).collect();
    env.step(&mine, &mut b.outputs()).unwrap();
    env.sample_actions(&mut second);
    for (i, slot) in env.slots.iter().enumerate() {
        let mut sampler = SplitMix64::new(episode_seed(5, i as u64, 0) ^ SAMPLER_SALT);
        for _ in 0..4 {
            sampler.next_u64();
        }
        let legal = &slot.legal;
        assert_eq!(second[i], i64::from(legal[sampler.below(legal.len())]));
    }
}

/// An action of the caller's own: the first legal one (0 once the episode is over).
fn own_action(legal: &[u32]) -> i64 {
    legal.first().map_or(0, |&a| i64::from(a))
}

#[test]
fn draws_copied_from_those_made_ahead_are_each_envs_own() {
    // `sample_actions` copies the draws made during the step when every env has one ready;
    // a twin VecEnv whose `ready` flag is cleared before each call takes each env's draw one
    // by one: the same actions, over episodes' ends, resets of some envs, two threads and a
    // bad step
    let (mut fast, mut slow) = (
        cc(150, 2, Autoreset::Disabled),
        cc(150, 2, Autoreset::Disabled),
    );
    let (mut bf, mut bs) = (fast.buffers(), slow.buffers());
    fast.reset(Some(3), None, &mut bf.outputs()).unwrap();
    slow.reset(Some(3), None, &mut bs.outputs()).unwrap();
    let (mut a, mut b) = (vec![0i64; 150], vec![0i64; 150]);
    let mut copied = 0;
    for step in 0..120 {
        if bf.ended.iter().any(|&e| e) {
            let ended = bf.ended.clone();
            fast.reset(None, Some(&ended), &mut bf.outputs()).unwrap();
            slow.reset(None, Some(&ended), &mut bs.outputs()).unwrap();
        }
        if step % 9 == 4 {
            // the caller's own actions: no draw is taken, and none is made ahead
            let own: Vec<i64> = fast.slots.iter().map(|s| own_action(&s.legal)).collect();
            fast.step(&own, &mut bf.outputs()).unwrap();
            slow.step(&own, &mut bs.outputs()).unwrap();
            continue;
        }
        // twice between two steps at times: the second is drawn when asked for
        for _ in 0..1 + usize::from(step % 5 == 1) {
            copied += usize::from(fast.ready);
            slow.ready = false;
            fast.sample_actions(&mut a);
            slow.sample_actions(&mut b);
            assert_eq!(a, b, "step {step}");
        }
        if step % 7 == 3 {
            // a refused step leaves the draws made ahead as they were
            let mut wrong = a.clone();
            wrong[100] = -1;
            assert!(fast.step(&wrong, &mut bf.outputs()).is_err());
        }
        fast.step(&a, &mut bf.outputs()).unwrap();
        slow.step(&b, &mut bs.outputs()).unwrap();
        assert_eq!(bf.obs, bs.obs);
    }
    assert!(copied > 60, "{copied} calls copied");
}

#[test]
fn step_before_reset_and_disabled_autoreset_are_refused() {
    let mut env = cc(2, 1, Autoreset::Disabled);
    let mut b = env.buffers();
    assert!(env.step(&[0, 0], &mut b.outputs()).is_err());
    env.reset(None, None, &mut b.outputs()).unwrap();
    let mut actions = vec![0i64; 2];
    loop {
        env.sample_actions(&mut actions);
        env.step(&actions, &mut b.outputs()).unwrap();
        if b.ended[0] || b.ended[1] {
            break;
        }
    }
    let over = usize::from(!b.ended[0]);
    let error = env
        .step(&actions, &mut b.outputs())
        .unwrap_err()
        .to_string();
    assert!(error.contains(&format!("env {over} has ended")), "{error}");
    let mask = b.ended.clone();
    assert!(env.reset(None, Some(&mask[..1]), &mut b.outputs()).is_err());
    env.reset(None, Some(&mask), &mut b.outputs()).unwrap();
    assert_eq!(env.episode(over), 1);
    env.sample_actions(&mut actions);
    env.step(&actions, &mut b.outputs()).unwrap();
}

#[test]
fn seeded_resets_repeat_and_episodes_differ() {
    let mut env = cc(2, 1, Autoreset::NextStep);
    let mut b = env.buffers();
    env.reset(Some(3), None, &mut b.outputs()).unwrap();
    let first = run(&mut env, 30);
    env.reset(Some(3), None, &mut b.outputs()).unwrap();
    let again = run(&mut env, 30);
    // `run` resets without a seed: episode 1 after the seeded reset, the same both times
    assert_eq!(first.last().unwrap().obs, again.last().unwrap().obs);
    assert_eq!(env.episode(0), 1);
    assert_ne!(episode_seed(3, 0, 0), episode_seed(3, 0, 1));
    assert_ne!(episode_seed(3, 0, 0), episode_seed(3, 1, 0));
}

#[test]
fn opponents_play_inside_the_step() {
    let config = Config {
        num_envs: 3,
        seed: 1,
        threads: 2,
        opponents: Some(vec![AgentSpec::Random { seed: 0 }]),
        learner: 1,
        ..Config::default()
    };
    let mut env = VecEnv::<SoLongSucker>::new(&Map::new(), config).unwrap();
    assert_eq!(env.shape().reward_width, 1);
    let seen = run(&mut env, 300);
    for b in &seen {
        for i in 0..3 {
            assert!(b.current_player[i] == 1 || b.current_player[i] == -1);
            if b.ended[i] {
                assert!(b.rewards[i] == 1.0 || b.rewards[i] == -1.0);
            } else {
                assert_eq!(b.rewards[i], 0.0);
            }
        }
    }
    assert!(seen.iter().any(|b| b.ended.iter().any(|&e| e)));
    let bad = Config {
        opponents: Some(vec![AgentSpec::Random { seed: 0 }; 2]),
        ..Config::default()
    };
    assert!(VecEnv::<SoLongSucker>::new(&Map::new(), bad).is_err());
}

#[test]
fn outside_seats_wait_for_their_moves() {
    let config = Config {
        num_envs: 4,
        seed: 2,
        threads: 2,
        opponents: Some(vec![AgentSpec::Random { seed: 0 }]),
        learner: 0,
        outside: vec![2],
        ..Config::default()
    };
    let options = options(json!({"players": 3}));
    let mut env = VecEnv::<SoLongSucker>::new(&options, config).unwrap();
    let mut b = env.buffers();
    env.reset(None, None, &mut b.outputs()).unwrap();
    let mut actions = vec![0i64; 4];
    let mut outside_turns = 0;
    for _ in 0..200 {
        // the outside seat's turns: its own mask, then its move, until every env waits for
        // the learner (or is over)
        while b.current_player.contains(&2) {
            outside_turns += 1;
            let before = b.clone();
            // an illegal move for a waiting env changes nothing
            let waiting = b.current_player.iter().position(|&p| p == 2).unwrap();
            let n = env.shape().num_actions;
            let row = &b.mask[waiting * n..(waiting + 1) * n];
            let illegal = row.iter().position(|&m| !m).unwrap() as i64;
            let mut bad = vec![0i64; 4];
            bad[waiting] = illegal;
            assert!(env.play_outside(&bad, &mut b.outputs()).is_err());
            assert_eq!(b.mask, before.mask);
            env.sample_actions(&mut actions);
            env.play_outside(&actions, &mut b.outputs()).unwrap();
        }
        assert!(b.current_player.iter().all(|&p| p == 0 || p == -1));
        env.sample_actions(&mut actions);
        env.step(&actions, &mut b.outputs()).unwrap();
    }
    assert!(outside_turns > 0);
    for seat in [0, 5] {
        let bad = Config {
            opponents: Some(vec![AgentSpec::Random { seed: 0 }]),
            outside: vec![seat],
            ..Config::default()
        };
        assert!(VecEnv::<SoLongSucker>::new(&options, bad).is_err());
    }
    let no_opponents = Config {
        outside: vec![1],
        ..Config::default()
    };
    assert!(VecEnv::<SoLongSucker>::new(&options, no_opponents).is_err());
}

#[test]
fn a_stopped_call_leaves_every_env_and_output_as_it_was() {
    let config = Config {
        num_envs: 3,
        seed: 5,
        threads: 2,
        opponents: Some(vec![AgentSpec::Mcts(crate::search::MctsConfig {
            simulations: 20,
            ..Default::default()
        })]),
        learner: 1,
        ..Config::default()
    };
    let mut plain = VecEnv::<SoLongSucker>::new(&Map::new(), config.clone()).unwrap();
    let mut stopped = VecEnv::<SoLongSucker>::new(&Map::new(), config).unwrap();
    assert!(stopped.searches() && !cc(1, 1, Autoreset::NextStep).searches());
    let (mut a, mut b) = (plain.buffers(), plain.buffers());
    let (go, stop) = (AtomicBool::new(false), AtomicBool::new(true));
    // a stopped reset changes nothing: not even whether the env was reset
    assert!(!stopped
        .reset_until(Some(3), None, &mut b.outputs(), &stop)
        .unwrap());
    assert!(stopped.step(&[0, 0, 0], &mut b.outputs()).is_err());
    plain.reset(Some(3), None, &mut a.outputs()).unwrap();
    assert!(stopped
        .reset_until(Some(3), None, &mut b.outputs(), &go)
        .unwrap());
    let mut actions = vec![0i64; 3];
    for _ in 0..12 {
        plain.sample_actions(&mut actions);
        let before = b.clone();
        assert!(!stopped
            .step_until(&actions, &mut b.outputs(), &stop)
            .unwrap());
        assert_eq!(
            (&b.obs, &b.mask, &b.rewards),
            (&before.obs, &before.mask, &before.rewards)
        );
        assert_eq!(b.current_player, before.current_player);
        // the opponents' trees and generators were restored too: the same step follows
        plain.step(&actions, &mut a.outputs()).unwrap();
        assert!(stopped.step_until(&actions, &mut b.outputs(), &go).unwrap());
        assert_eq!((&a.obs, &a.mask, &a.rewards), (&b.obs, &b.mask, &b.rewards));
        assert_eq!((&a.ended, &a.current_player), (&b.ended, &b.current_player));
    }
}

#[test]
fn a_mask_row_is_cleared_whole_or_by_its_list() {
    // short against its list: cleared whole; long: only the listed entries, so that an entry
    // outside the list (never set by the env) shows which way was taken
    for (len, set) in [(9usize, vec![0u32, 4, 8]), (14_642, vec![3, 700, 14_641])] {
        let mut row = vec![false; len];
        for &a in &set {
            row[a as usize] = true;
        }
        row[1] = true;
        clear_mask(&mut row, &set);
        assert!(set.iter().all(|&a| !row[a as usize]));
        assert_eq!(row[1], len > CLEAR_WHOLE * set.len(), "row of {len}");
    }
}

/// Steps envs of `G` with `float32` and with `uint8` observations side by side.
struct SameInBytes;

impl crate::games::Visitor for SameInBytes {
    type Output = ();

    fn visit<G: Game>(self) {
        // 80 envs over two threads: a chunk a thread, each with its own scratch row
        let env = |obs_dtype| {
            let config = Config {
                num_envs: 80,
                seed: 3,
                threads: 2,
                autoreset: Autoreset::SameStep,
                obs_dtype,
                ..Config::default()
            };
            VecEnv::<G>::new(&Map::new(), config).expect("every game's observation fits u8")
        };
        let floats = run_in(&mut env(ObsDtype::Float32), 60, ObsDtype::Float32);
        let bytes = run_in(&mut env(ObsDtype::Uint8), 60, ObsDtype::Uint8);
        for (f, b) in floats.iter().zip(&bytes) {
            // equal as f32: the game's entries are whole numbers within 0..=255
            assert_eq!(ObsBuffer::Float32(b.obs.to_f32()), f.obs, "{}", G::NAME);
            assert_eq!(b.final_obs.to_f32(), f.final_obs.to_f32(), "{}", G::NAME);
            assert!(matches!(b.obs, ObsBuffer::Uint8(_)));
            assert_eq!((&b.mask, &b.rewards), (&f.mask, &f.rewards), "{}", G::NAME);
        }
    }
}

#[test]
fn uint8_observations_are_the_float32_ones_in_every_game() {
    for facts in crate::games::ALL {
        crate::games::visit(facts.name, SameInBytes).unwrap();
    }
}

#[test]
fn a_dtype_the_observation_leaves_or_outputs_of_another_dtype_are_refused() {
    let mut layout = crate::core::observation::Layout::default();
    layout.plane("to move");
    assert!(ObsDtype::Uint8.check(&layout).is_ok());
    layout.add("chips", 1, 0.0, 300.0);
    let err = ObsDtype::Uint8.check(&layout).unwrap_err().to_string();
    assert!(err.contains("'chips' goes from 0 to 300"), "{err}");
    assert!(ObsDtype::Float32.check(&layout).is_ok());
    assert!(ObsDtype::parse("float64").is_err());
    assert_eq!(ObsDtype::parse("uint8").unwrap(), ObsDtype::Uint8);

    // an env of uint8 observations given float32 outputs: an error that changes nothing
    let config = Config {
        num_envs: 2,
        obs_dtype: ObsDtype::Uint8,
        ..Config::default()
    };
    let mut env = VecEnv::<SoLongSucker>::new(&Map::new(), config).expect("valid");
    let mut b = env.buffers();
    env.reset(Some(4), None, &mut b.outputs())
        .expect("its own buffers");
    let mut floats = b.clone();
    floats.obs = ObsDtype::Float32.zeros(b.obs.to_f32().len());
    let before = floats.clone();
    let err = env.reset(Some(9), None, &mut floats.outputs()).unwrap_err();
    assert!(err.to_string().contains("Uint8 observations"), "{err}");
    let err = env.step(&[0, 0], &mut floats.outputs()).unwrap_err();
    assert!(err.to_string().contains("Uint8 observations"), "{err}");
    assert_eq!(floats, before);
    // the seed of the refused reset was not taken: a reset goes on from episode 0 of seed 4
    let (mut again, mut fresh) = (b.clone(), b.clone());
    env.reset(None, None, &mut again.outputs()).unwrap();
    let mut other = VecEnv::<SoLongSucker>::new(&Map::new(), env.config.clone()).unwrap();
    other.reset(Some(4), None, &mut fresh.outputs()).unwrap();
    other.reset(None, None, &mut fresh.outputs()).unwrap();
    assert_eq!(again, fresh);
}

/// `env` made to keep its legal actions as a list of ids, as for a game that writes no bits.
fn listing<G: Game>(mut env: VecEnv<G>) -> VecEnv<G> {
    env.native_bits = false;
    for slot in &mut env.slots {
        slot.bits.clear();
    }
    env
}

/// Steps a VecEnv of `G` that keeps its envs' legal actions as bits beside a twin that lists
/// them: the same outputs at every step (so the same sampled actions), over episodes' ends
/// and threads. Then every id, in range or not, is taken exactly where the mask row has it.
fn bits_step_as_the_list<G: Game>(game_options: Value) {
    for (threads, autoreset) in [(1, Autoreset::NextStep), (2, Autoreset::SameStep)] {
        let config = Config {
            num_envs: 130,
            seed: 11,
            threads,
            autoreset,
            ..Config::default()
        };
        let mut bits = VecEnv::<G>::new(&options(game_options.clone()), config.clone()).unwrap();
        assert!(bits.native_bits, "{} writes its bits", G::NAME);
        let mut list = listing(VecEnv::<G>::new(&options(game_options.clone()), config).unwrap());
        let (by_bits, by_list) = (run(&mut bits, 80), run(&mut list, 80));
        for (step, (a, b)) in by_bits.iter().zip(&by_list).enumerate() {
            assert_eq!(a, b, "step {step}");
        }
        assert!(by_bits.iter().any(|b| b.ended.iter().any(|&e| e)));
        let last = by_bits.last().expect("steps");
        let mut actions = vec![0i64; 130];
        bits.sample_actions(&mut actions);
        let n = bits.shape.num_actions;
        let keys: Vec<u64> = bits.slots.iter().map(|s| s.game.key()).collect();
        let ids = (-2..n as i64 + 2).chain([i64::MAX, i64::MIN]);
        for bad in ids.filter(|&a| usize::try_from(a).map_or(true, |a| a >= n || !last.mask[a])) {
            let mut wrong = actions.clone();
            wrong[0] = bad;
            let mut b = bits.buffers();
            let error = bits.step(&wrong, &mut b.outputs()).unwrap_err().to_string();
            assert!(error.contains("env 0"), "{error}");
        }
        assert_eq!(
            keys,
            bits.slots.iter().map(|s| s.game.key()).collect::<Vec<_>>()
        );
    }
}

#[test]
fn armadora_steps_by_its_bits_as_by_its_list() {
    bits_step_as_the_list::<Armadora>(json!({}));
    bits_step_as_the_list::<Armadora>(json!({"rules": "advanced"}));
}

#[test]
fn piece_to_ids_step_by_their_bits_as_by_their_list() {
    let options = json!({"pieces": 10, "area": "free", "max_plies": 40, "actions": "piece_to"});
    bits_step_as_the_list::<ChineseCheckers>(options);
}
