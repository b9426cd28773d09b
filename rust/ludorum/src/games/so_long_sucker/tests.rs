//! Tests of So Long Sucker: the rules pages' examples as named tests, options, notation and
//! action ids, bad input, free actions, chat, JSON and observation, shared perft vectors, and
//! properties along seeded random games checked against a slow reference written straight from
//! the rules text (its own moves, play, key and observation, on plain vectors).

use serde_json::{json, Value};

use super::state::FACTS;
use super::{Decision, Move, MoveKind, Situation, SoLongSucker, ZOBRIST_SEED};
use crate::core::error::Error;
use crate::core::json::{from_json, to_json};
use crate::core::rng::SplitMix64;
use crate::core::testing::{
    self, assert_invalid_moves, assert_json_rejected, assert_option_errors, check_actions,
    check_perft_vectors, illegal_reason, legal, new_game, notations, random_walk, Oracle, Ply,
    Walk,
};
use crate::prelude::*;

fn game(options: Value) -> SoLongSucker {
    new_game(options)
}

/// Plays each move of `moves` (notation, checked).
fn play_all(g: &mut SoLongSucker, moves: &[&str]) {
    for text in moves {
        testing::play(g, text);
    }
}

/// A game of `options` after `moves`.
fn after(options: Value, moves: &[&str]) -> SoLongSucker {
    let mut g = game(options);
    play_all(&mut g, moves);
    g
}

const LETTERS: &str = "RBGYPO";

fn colour(letter: char) -> usize {
    LETTERS.find(letter).expect("a colour letter")
}

/// A pile as colour letters, bottom to top.
fn letters(colours: &[usize]) -> String {
    colours
        .iter()
        .map(|&c| LETTERS.as_bytes()[c] as char)
        .collect()
}

/// The piles as `id:letters`.
fn piles(g: &SoLongSucker) -> Vec<String> {
    g.piles()
        .iter()
        .map(|(id, colours)| format!("{id}:{}", letters(colours)))
        .collect()
}

fn decision(g: &SoLongSucker) -> (Situation, usize, Option<u32>, Option<usize>) {
    let d = g.decision().expect("the game runs");
    (d.situation, d.player, d.pile, d.in_need)
}

fn free_notations(g: &SoLongSucker, player: usize) -> Vec<String> {
    let mut moves = Vec::new();
    g.free_moves(player, &mut moves);
    moves.iter().map(ToString::to_string).collect()
}

// -- the slow reference ---------------------------------------------------------------------

/// A decision of the reference: play (decider), give (decider, pile id), kill (captor, pile
/// id), rescue (helper, player in need).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dec {
    Play(usize),
    Give(usize, u32),
    Kill(usize, u32),
    Rescue(usize, usize),
}

impl Dec {
    fn decider(self) -> usize {
        match self {
            Dec::Play(d) | Dec::Give(d, _) | Dec::Kill(d, _) | Dec::Rescue(d, _) => d,
        }
    }
}

/// The whole position as plain vectors, read through the public API, with the rules written
/// out on it.
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    p: usize,
    n: usize,
    k: usize,
    giver_mode: bool,
    piles: Vec<(u32, Vec<usize>)>,
    next_pile: u32,
    hands: Vec<Vec<u32>>,
    dead: Vec<u32>,
    alive: Vec<bool>,
    decision: Option<Dec>,
    givers: Vec<usize>,
    used: u64,
    winner: Option<usize>,
}

fn snapshot(g: &SoLongSucker) -> Snap {
    let p = g.num_players();
    let decision = g.decision().map(|d: Decision| match d.situation {
        Situation::Play => Dec::Play(d.player),
        Situation::Give => Dec::Give(d.player, d.pile.expect("a pile")),
        Situation::Kill => Dec::Kill(d.player, d.pile.expect("a pile")),
        Situation::Rescue => Dec::Rescue(d.player, d.in_need.expect("a player in need")),
    });
    let winner = g.outcome().map(|o| {
        let w = o.winner_list();
        assert_eq!(w.len(), 1, "one winner");
        assert_eq!(o.reason, "last player alive");
        w[0]
    });
    Snap {
        p,
        n: p * g.chips(),
        k: g.free_actions(),
        giver_mode: g.dead_capture() == super::DeadCapture::Giver,
        piles: g.piles(),
        next_pile: g.next_pile(),
        hands: (0..p).map(|q| g.hand(q)).collect(),
        dead: g.dead_box(),
        alive: (0..p).map(|q| g.is_alive(q)).collect(),
        decision,
        givers: g.givers(),
        used: g.free_actions_used(),
        winner,
    }
}

/// `z(tag, a, b, c)` as the rules page says: the first output of SplitMix64 seeded with the
/// seed XOR the packed arguments.
fn z(tag: u64, a: usize, b: usize, c: usize) -> u64 {
    let packed = (tag << 48) | ((a as u64) << 32) | ((b as u64) << 16) | c as u64;
    SplitMix64::new(0x534F_4C4F_4E47_5355 ^ packed).next_u64()
}

impl Snap {
    fn m(&self) -> usize {
        self.n + 1
    }

    fn num_actions(&self) -> usize {
        self.p * self.m() + self.p * self.p + 4 * self.p + 1
    }

    fn holds(&self, q: usize) -> u32 {
        self.hands[q].iter().sum()
    }

    fn has_prisoner(&self, q: usize) -> bool {
        (0..self.p).any(|c| c != q && self.hands[q][c] > 0)
    }

    fn rank(&self, id: u32) -> Option<usize> {
        self.piles.iter().position(|(i, _)| *i == id)
    }

    fn letter(c: usize) -> char {
        LETTERS.as_bytes()[c] as char
    }

    /// Every free action of `a` now: (action, notation), ascending.
    fn free(&self, a: usize) -> Vec<(usize, String)> {
        let (p, l) = (self.p, Self::letter);
        if self.winner.is_some() || !self.alive[a] {
            return Vec::new();
        }
        let base = if self.decision.map(Dec::decider) == Some(a) {
            self.p * self.m() + 3 * p + 1
        } else {
            self.num_actions() + a * (p * p + p)
        };
        let mut out = Vec::new();
        for c in (0..p).filter(|&c| c != a && self.hands[a][c] > 0) {
            for y in (0..p).filter(|&y| y != a && self.alive[y]) {
                out.push((
                    base + c * p + y,
                    format!("{}: transfer {} to {}", l(a), l(c), l(y)),
                ));
            }
        }
        for c in (0..p).filter(|&c| c != a && self.hands[a][c] > 0) {
            out.push((base + p * p + c, format!("{}: kill {}", l(a), l(c))));
        }
        out
    }

    /// The legal list: (action, notation), ascending.
    fn moves(&self) -> Vec<(usize, String)> {
        let Some(dec) = self.decision else {
            return Vec::new();
        };
        let (p, m, l) = (self.p, self.m(), Self::letter);
        let mut out = Vec::new();
        let pile_of = |id: u32| &self.piles[self.rank(id).expect("the pile")].1;
        match dec {
            Dec::Play(a) => {
                for c in (0..p).filter(|&c| self.hands[a][c] > 0) {
                    for (r, (id, _)) in self.piles.iter().enumerate() {
                        out.push((c * m + r, format!("play {} on {id}", l(c))));
                    }
                    out.push((c * m + self.n, format!("play {} new", l(c))));
                }
            }
            Dec::Give(_, id) => {
                for x in (0..p).filter(|&x| self.alive[x] && !pile_of(id).contains(&x)) {
                    out.push((p * m + x, format!("give {}", l(x))));
                }
            }
            Dec::Kill(_, id) => {
                for c in (0..p).filter(|c| pile_of(id).contains(c)) {
                    out.push((p * m + p + c, format!("kill {}", l(c))));
                }
            }
            Dec::Rescue(h, _) => {
                for c in (0..p).filter(|&c| c != h && self.hands[h][c] > 0) {
                    out.push((p * m + 2 * p + c, format!("rescue {}", l(c))));
                }
                out.push((p * m + 3 * p, "refuse".into()));
            }
        }
        if self.k > 0 && self.used < self.k as u64 {
            let d = dec.decider();
            let empties = matches!(dec, Dec::Play(_)) && self.holds(d) == 1;
            if !empties {
                out.extend(self.free(d));
            }
        }
        out
    }

    /// `q`, on top of the chain, has the move.
    fn gets_move(&mut self, q: usize) {
        if self.holds(q) > 0 {
            self.decision = Some(Dec::Play(q));
        } else {
            self.ask(q, q);
        }
    }

    /// Asks the living players after `from` and before `need` who hold a prisoner; when none
    /// is left, `need` dies.
    fn ask(&mut self, need: usize, from: usize) {
        for i in 1..self.p {
            let q = (from + i) % self.p;
            if q == need {
                break;
            }
            if self.alive[q] && self.has_prisoner(q) {
                self.decision = Some(Dec::Rescue(q, need));
                return;
            }
        }
        self.alive[need] = false;
        let living: Vec<usize> = (0..self.p).filter(|&q| self.alive[q]).collect();
        if living.len() == 1 {
            self.winner = Some(living[0]);
            self.decision = None;
            return;
        }
        assert_eq!(self.givers.last(), Some(&need));
        self.givers.pop();
        while self.givers.last().is_some_and(|&t| !self.alive[t]) {
            self.givers.pop();
        }
        if self.givers.is_empty() {
            let q = (1..self.p)
                .map(|i| (need + i) % self.p)
                .find(|&q| self.alive[q])
                .expect("someone lives");
            self.givers.push(q);
        }
        let top = *self.givers.last().expect("a top");
        self.gets_move(top);
    }

    /// After `a` played onto the pile at index `i`.
    fn after_play(&mut self, a: usize, i: usize) {
        let (id, chips) = self.piles[i].clone();
        let x = *chips.last().expect("the chip played");
        if chips.len() >= 2 && chips[chips.len() - 2] == x {
            if self.alive[x] {
                self.decision = Some(Dec::Kill(x, id));
            } else {
                self.piles.remove(i);
                for c in chips {
                    self.dead[c] += 1;
                }
                if self.giver_mode {
                    self.givers.pop();
                    while self.givers.last().is_some_and(|&t| !self.alive[t]) {
                        self.givers.pop();
                    }
                    if self.givers.is_empty() {
                        self.givers.push(a);
                    }
                    let top = *self.givers.last().expect("a top");
                    self.gets_move(top);
                } else {
                    self.gets_move(a);
                }
            }
            return;
        }
        let options: Vec<usize> = (0..self.p)
            .filter(|&q| self.alive[q] && !chips.contains(&q))
            .collect();
        let to = match options.len() {
            0 => (0..self.p)
                .filter(|&q| self.alive[q])
                .min_by_key(|&q| chips.iter().rposition(|&c| c == q).expect("present"))
                .expect("someone lives"),
            1 => options[0],
            _ => {
                self.decision = Some(Dec::Give(a, id));
                return;
            }
        };
        self.givers.push(to);
        self.gets_move(to);
    }

    /// The position after the move `text`.
    fn play(&self, text: &str) -> Snap {
        let mut s = self.clone();
        let before = s.decision.expect("the game runs");
        let d = before.decider();
        let col = |t: &str| colour(t.chars().next().expect("a letter"));
        let words: Vec<&str> = text.split(' ').collect();
        let mut actor = None;
        match words[..] {
            ["play", c, "on", id] => {
                let c = col(c);
                s.hands[d][c] -= 1;
                let i = s.rank(id.parse().expect("an id")).expect("the pile");
                s.piles[i].1.push(c);
                s.after_play(d, i);
            }
            ["play", c, "new"] => {
                let c = col(c);
                s.hands[d][c] -= 1;
                s.piles.push((s.next_pile, vec![c]));
                s.next_pile += 1;
                s.after_play(d, s.piles.len() - 1);
            }
            ["give", x] => {
                s.givers.push(col(x));
                s.gets_move(col(x));
            }
            ["kill", c] => {
                let Dec::Kill(captor, id) = before else {
                    panic!("not a kill decision")
                };
                let (_, mut chips) = s.piles.remove(s.rank(id).expect("the pile"));
                let c = col(c);
                chips.remove(chips.iter().position(|&x| x == c).expect("the chip"));
                s.dead[c] += 1;
                for x in chips {
                    s.hands[captor][x] += 1;
                }
                s.givers.push(captor);
                s.gets_move(captor);
            }
            ["rescue", c] => {
                let Dec::Rescue(h, need) = before else {
                    panic!("not a rescue")
                };
                s.hands[h][col(c)] -= 1;
                s.hands[need][col(c)] += 1;
                s.decision = Some(Dec::Play(need));
            }
            ["refuse"] => {
                let Dec::Rescue(h, need) = before else {
                    panic!("not a rescue")
                };
                s.ask(need, h);
            }
            [a, "transfer", c, "to", y] => {
                let (a, c, y) = (col(a), col(c), col(y));
                actor = Some(a);
                s.hands[a][c] -= 1;
                s.hands[y][c] += 1;
                match before {
                    Dec::Rescue(_, need) if need == y => s.decision = Some(Dec::Play(y)),
                    Dec::Play(q) if q == a && s.holds(a) == 0 => s.ask(a, a),
                    _ => {}
                }
            }
            [a, "kill", c] => {
                let (a, c) = (col(a), col(c));
                actor = Some(a);
                s.hands[a][c] -= 1;
                s.dead[c] += 1;
                if before == Dec::Play(a) && s.holds(a) == 0 {
                    s.ask(a, a);
                }
            }
            _ => panic!("{text}"),
        }
        s.used = if s.winner.is_some() || actor.is_none() || s.decision != Some(before) {
            0
        } else if actor == Some(d) {
            s.used + 1
        } else {
            s.used
        };
        s
    }

    /// The key as the rules page's table says.
    fn key(&self) -> u64 {
        let mut key = 0;
        for (rank, (_, chips)) in self.piles.iter().enumerate() {
            for (depth, &c) in chips.iter().enumerate() {
                key ^= z(1, rank, depth, c);
            }
        }
        for q in 0..self.p {
            for c in 0..self.p {
                if self.hands[q][c] > 0 {
                    key ^= z(2, q, c, self.hands[q][c] as usize);
                }
            }
            if !self.alive[q] {
                key ^= z(3, q, 0, 0);
            }
        }
        if let Some(dec) = self.decision {
            let rank = |id| self.rank(id).expect("the pile");
            key ^= match dec {
                Dec::Play(d) => z(4, 0, d, 0),
                Dec::Give(d, id) => z(4, 1, d, rank(id)),
                Dec::Kill(d, id) => z(4, 2, d, rank(id)),
                Dec::Rescue(d, need) => z(4, 3, d, need),
            };
            if self.used > 0 {
                let part = |shift: u64| ((self.used >> shift) & 0xFFFF) as usize;
                key ^= z(6, part(0), part(16), part(32));
            }
        }
        for (position, &q) in self.givers.iter().enumerate() {
            key ^= z(5, position, q, 0);
        }
        key
    }

    /// The observation as the rules page's table says.
    fn observation(&self, viewer: usize) -> Vec<f32> {
        let (p, n) = (self.p, self.n);
        let rel = |q: usize| (q + p - viewer) % p;
        let mut out = vec![0.0; n * (p + 2) + p * p + 5 * p + 5];
        let mut j = 0;
        for (_, chips) in &self.piles {
            for (depth, &c) in chips.iter().enumerate() {
                out[j * (p + 1) + rel(c)] = 1.0;
                if depth == 0 {
                    out[j * (p + 1) + p] = 1.0;
                }
                j += 1;
            }
        }
        let mut at = n * (p + 1);
        for q in 0..p {
            for c in 0..p {
                out[at + rel(q) * p + rel(c)] = self.hands[q][c] as f32;
            }
        }
        at += p * p;
        for c in 0..p {
            out[at + rel(c)] = self.dead[c] as f32;
        }
        at += p;
        for q in 0..p {
            out[at + rel(q)] = if self.alive[q] { 1.0 } else { 0.0 };
        }
        at += p;
        let (situation, pile, need) = match self.decision {
            Some(Dec::Play(_)) => (Some(0), None, None),
            Some(Dec::Give(_, id)) => (Some(1), self.rank(id), None),
            Some(Dec::Kill(_, id)) => (Some(2), self.rank(id), None),
            Some(Dec::Rescue(_, need)) => (Some(3), None, Some(need)),
            None => (None, None, None),
        };
        if let Some(s) = situation {
            out[at + s] = 1.0;
        }
        at += 4;
        if let Some(dec) = self.decision {
            out[at + rel(dec.decider())] = 1.0;
        }
        at += p;
        if let Some(r) = pile {
            out[at + r] = 1.0;
        }
        at += n;
        if let Some(q) = need {
            out[at + rel(q)] = 1.0;
        }
        at += p;
        if self.givers.len() >= 2 && self.decision.is_some() {
            out[at + rel(self.givers[self.givers.len() - 2])] = 1.0;
        }
        at += p;
        if self.decision.is_some() {
            out[at] = (self.k as u64).saturating_sub(self.used) as f32;
        }
        assert_eq!(at + 1, out.len());
        out
    }

    /// Conservation: for every colour, hands + piles + dead box = chips.
    fn assert_conserved(&self) {
        let chips = (self.n / self.p) as u32;
        for c in 0..self.p {
            let held: u32 = self.hands.iter().map(|h| h[c]).sum();
            let on_table = self
                .piles
                .iter()
                .map(|(_, pile)| pile.iter().filter(|&&x| x == c).count() as u32)
                .sum::<u32>();
            assert_eq!(held + on_table + self.dead[c], chips, "colour {c}");
        }
        for q in 0..self.p {
            if !self.alive[q] {
                assert_eq!(self.holds(q), 0, "dead players hold nothing");
            }
        }
        assert!(self.piles.len() <= self.n);
        assert!(self
            .piles
            .iter()
            .all(|(id, chips)| !chips.is_empty() && *id < self.next_pile));
    }
}

/// The move list of the engine as (action, notation).
fn listed(g: &SoLongSucker) -> Vec<(usize, String)> {
    legal(g)
        .iter()
        .map(|&m| (g.action(m), m.to_string()))
        .collect()
}

/// Perft by the reference; `inner` counts the positions where moves are played.
fn slow_perft(s: &Snap, depth: u32, inner: &mut u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = s.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    *inner += 1;
    moves
        .iter()
        .map(|(_, text)| slow_perft(&s.play(text), depth - 1, inner))
        .sum()
}

/// What the random games met, to check that they reach every rule.
#[derive(Clone, Debug, Default)]
struct Seen {
    captures: usize,
    dead_captures: usize,
    deaths: usize,
    double_deaths: usize,
    rescues: usize,
    refusals: usize,
    free: usize,
    free_rescues: usize,
    self_emptying: usize,
    forced: usize,
    empty_chain: usize,
    games: usize,
}

/// The rules text along a walk: at every ply the move lists, free actions, key and the position
/// after the move against the reference, and the invariants; on the thorough plies also the
/// observation of every player.
#[derive(Default)]
struct RulesText {
    seen: Seen,
}

impl RulesText {
    fn check_before(g: &SoLongSucker, thorough: bool) -> Snap {
        let s = snapshot(g);
        s.assert_conserved();
        assert_eq!(listed(g), s.moves(), "{s:?}");
        assert_eq!(g.key(), s.key(), "key by the rules page");
        for q in 0..s.p {
            let mut moves = Vec::new();
            g.free_moves(q, &mut moves);
            let mine: Vec<(usize, String)> =
                moves.iter().map(|&m| (m.action(), m.to_string())).collect();
            assert_eq!(mine, s.free(q), "free moves of {q}");
            assert!(moves
                .iter()
                .all(|&m| g.is_legal(m) && g.action(m) == m.action()));
        }
        if thorough {
            g.check_caches();
            let mut out = vec![0.0; g.observation_shape()[0]];
            for viewer in 0..s.p {
                g.observation(viewer, &mut out);
                assert_eq!(out, s.observation(viewer), "observation of {viewer}");
            }
        }
        s
    }

    fn check_after(&mut self, g: &SoLongSucker, mv: Move, before: &Snap) {
        let s = snapshot(g);
        let text = mv.to_string();
        let expected = before.play(&text);
        assert_eq!(s, expected, "after {text} from {before:?}");
        s.assert_conserved();
        let dead_before: u32 = before.dead.iter().sum();
        let dead_after: u32 = s.dead.iter().sum();
        match mv.kind() {
            MoveKind::Kill | MoveKind::FreeKill => assert_eq!(dead_after, dead_before + 1),
            MoveKind::PlayOn if s.piles.len() < before.piles.len() => {
                let id = mv.pile().expect("a pile");
                let size = before.piles[before.rank(id).expect("the pile")].1.len() as u32 + 1;
                assert_eq!(dead_after, dead_before + size, "the whole pile dies");
                self.seen.dead_captures += 1;
            }
            _ => assert_eq!(dead_after, dead_before),
        }
        if matches!(s.decision, Some(Dec::Kill(..)))
            && !matches!(before.decision, Some(Dec::Kill(..)))
        {
            self.seen.captures += 1;
        }
        for q in 0..s.p {
            if s.hands[q][q] < before.hands[q][q] {
                let played = matches!(mv.kind(), MoveKind::PlayOn | MoveKind::PlayNew)
                    && before.decision == Some(Dec::Play(q))
                    && mv.colour() == Some(q);
                assert!(played, "{q}'s stock shrinks only by playing: {text}");
                assert_eq!(s.hands[q][q] + 1, before.hands[q][q]);
            }
        }
        let deaths = (0..s.p).filter(|&q| before.alive[q] && !s.alive[q]).count();
        self.seen.deaths += deaths;
        self.seen.double_deaths += usize::from(deaths >= 2);
        if deaths > 0 && s.givers.len() == 1 && s.winner.is_none() {
            self.seen.empty_chain += 1;
        }
        match mv.kind() {
            MoveKind::Rescue => self.seen.rescues += 1,
            MoveKind::Refuse => self.seen.refusals += 1,
            MoveKind::Transfer | MoveKind::FreeKill => {
                self.seen.free += 1;
                if matches!(before.decision, Some(Dec::Rescue(..)))
                    && matches!(s.decision, Some(Dec::Play(_)))
                {
                    self.seen.free_rescues += 1;
                }
                if before.decision == Some(Dec::Play(mv.actor().expect("an actor")))
                    && before.holds(mv.actor().expect("an actor")) == 1
                {
                    self.seen.self_emptying += 1;
                }
            }
            MoveKind::PlayOn | MoveKind::PlayNew
                if s.givers.len() > before.givers.len() && s.winner.is_none() =>
            {
                self.seen.forced += 1;
            }
            _ => {}
        }
        if let Some(w) = s.winner {
            let mut out = vec![0.0; g.observation_shape()[0]];
            for viewer in 0..s.p {
                g.observation(viewer, &mut out);
                assert_eq!(out, s.observation(viewer), "observation at the end");
            }
            let living: Vec<usize> = (0..s.p).filter(|&q| s.alive[q]).collect();
            assert_eq!(living, vec![w], "the winner is the last living player");
            assert_eq!(g.outcome().expect("over").returns(s.p)[w], 1.0);
            self.seen.games += 1;
        }
    }
}

impl Oracle<SoLongSucker> for RulesText {
    type Before = Snap;
    type Hidden = ();

    fn hidden(&self, g: &SoLongSucker) {
        g.check_caches();
    }

    fn before(&mut self, g: &SoLongSucker, ply: &Ply<'_, Move>) -> Snap {
        Self::check_before(g, ply.thorough)
    }

    fn after(&mut self, g: &SoLongSucker, ply: &Ply<'_, Move>, before: Snap) {
        self.check_after(g, ply.mv, &before);
    }

    fn legal_unlisted(g: &SoLongSucker, mv: Move) -> bool {
        let s = snapshot(g);
        mv.actor()
            .is_some_and(|a| s.free(a).contains(&(mv.action(), mv.to_string())))
    }
}

fn configs() -> Vec<Value> {
    let mut out = Vec::new();
    for players in 2..=6 {
        for dead_capture in ["player", "giver"] {
            for free_actions in [0, 2] {
                out.push(json!({"players": players, "dead_capture": dead_capture,
                                "free_actions": free_actions}));
            }
        }
    }
    out
}

// -- the rules pages' examples ------------------------------------------------------------

/// A sequence from a seeded search (4 players, 3 chips, red first) that ends with blue
/// giving the move to yellow, who holds nothing: yellow is in need.
const YELLOW_IN_NEED: [&str; 22] = [
    "play R new",
    "give Y",
    "play Y on 1",
    "give B",
    "play B on 1",
    "play G on 1",
    "play R new",
    "give G",
    "play G on 2",
    "give Y",
    "play Y on 2",
    "play B on 1",
    "play R new",
    "give G",
    "play G new",
    "give Y",
    "play Y new",
    "give B",
    "play B on 1",
    "kill B",
    "play R on 4",
    "give Y",
];

#[test]
fn deepest_topmost_chip_gets_the_move() {
    // Green first: pile 1 grows to [G, Y, G, R, B, R] with no capture; blue plays B on it.
    let build = [
        "play G new",
        "give Y",
        "play Y on 1",
        "give R",
        "play R new",
        "give G",
        "play G on 1",
        "give R",
        "play R on 1", // [G, Y, G, R]: blue is the only option
        "play B on 1", // [G, Y, G, R, B]: every colour, yellow's lies deepest
        "play Y new",
        "give R",
        "play R on 1", // [G, Y, G, R, B, R]: yellow again
        "play Y new",
        "give B",
    ];
    let mut g = after(json!({"first_player": 2}), &build);
    assert_eq!(piles(&g)[0], "1:GYGRBR");
    assert_eq!(decision(&g), (Situation::Play, 1, None, None));
    testing::play(&mut g, "play B on 1");
    assert_eq!(piles(&g)[0], "1:GYGRBRB");
    assert_eq!(
        decision(&g),
        (Situation::Play, 3, None, None),
        "yellow, topmost at depth 1"
    );
    assert_eq!(g.givers().last(), Some(&3));
    assert_eq!(g.givers()[g.givers().len() - 2], 1, "given by blue");
    // With 3 chips yellow plays its last chip, is given the move by blue and dies (nobody
    // holds a prisoner); blue has the move back and plays B on the pile: yellow is ignored.
    let mut g = after(json!({"first_player": 2, "chips": 3}), &build);
    play_all(&mut g, &["play B new", "give Y"]);
    assert!(
        !g.is_alive(3),
        "yellow died with no chips and nobody to ask"
    );
    assert_eq!(
        decision(&g),
        (Situation::Play, 1, None, None),
        "back to blue, its giver"
    );
    testing::play(&mut g, "play B on 1");
    assert_eq!(piles(&g)[0], "1:GYGRBRB");
    assert_eq!(
        decision(&g),
        (Situation::Play, 2, None, None),
        "green, yellow is dead"
    );
}

#[test]
fn forced_move_then_the_deepest_topmost() {
    let mut g = after(
        json!({"first_player": 0}),
        &[
            "play R new",
            "give B",
            "play B on 1",
            "give G",
            "play G on 1",
        ],
    );
    assert_eq!(
        decision(&g),
        (Situation::Play, 3, None, None),
        "yellow, the only option"
    );
    testing::play(&mut g, "play Y on 1");
    assert_eq!(piles(&g), ["1:RBGY"]);
    assert_eq!(
        decision(&g),
        (Situation::Play, 0, None, None),
        "forced to red"
    );
    assert_eq!(g.givers(), vec![0, 1, 2, 3, 0]);
    testing::play(&mut g, "play R on 1");
    assert_eq!(piles(&g), ["1:RBGYR"]);
    assert_eq!(
        decision(&g),
        (Situation::Play, 1, None, None),
        "blue, not red"
    );
    assert_eq!(g.givers(), vec![0, 1, 2, 3, 0, 1]);
}

#[test]
fn give_options() {
    let mut g = game(json!({"first_player": 0}));
    testing::play(&mut g, "play R new");
    assert_eq!(decision(&g), (Situation::Give, 0, Some(1), None));
    assert_eq!(notations(&g), ["give B", "give G", "give Y"]);
    // [B, R], red played on blue: green and yellow.
    play_all(&mut g, &["give B", "play B new", "give R", "play R on 2"]);
    assert_eq!(piles(&g), ["1:R", "2:BR"]);
    assert_eq!(decision(&g), (Situation::Give, 0, Some(2), None));
    assert_eq!(notations(&g), ["give G", "give Y"]);
    // Yellow captures [G, Y, Y], takes a green prisoner and plays it on [R]: yellow may
    // choose itself.
    let mut g = after(
        json!({"first_player": 0}),
        &[
            "play R new",
            "give G",
            "play G new",
            "give Y",
            "play Y on 2",
            "give R",
            "play R new",
            "give Y",
            "play Y on 2",
            "kill Y",
        ],
    );
    assert_eq!(g.hand(3), vec![0, 0, 1, 6]);
    assert_eq!(decision(&g), (Situation::Play, 3, None, None));
    testing::play(&mut g, "play G on 1");
    assert_eq!(piles(&g), ["1:RG", "3:R"]);
    assert_eq!(decision(&g), (Situation::Give, 3, Some(1), None));
    assert_eq!(notations(&g), ["give B", "give Y"]);
    testing::play(&mut g, "give Y");
    assert_eq!(decision(&g), (Situation::Play, 3, None, None));
}

/// Yellow captures [Y, G, Y, Y] (a green prisoner); pile 1 is [R, G].
const YELLOW_HOLDS_GREEN: [&str; 16] = [
    "play R new",
    "give G",
    "play G on 1",
    "give Y",
    "play Y new",
    "give G",
    "play G on 2",
    "give R",
    "play R new",
    "give Y",
    "play Y on 2",
    "give B",
    "play B new",
    "give Y",
    "play Y on 2",
    "kill Y",
];

#[test]
fn capture_in_a_living_colour() {
    let mut g = after(json!({"first_player": 0}), &YELLOW_HOLDS_GREEN);
    assert_eq!(piles(&g), ["1:RG", "3:R", "4:B"]);
    assert_eq!(
        g.hand(3),
        vec![0, 0, 1, 6],
        "the captor's stock and a green prisoner"
    );
    assert_eq!(g.dead_box(), vec![0, 0, 0, 1]);
    assert_eq!(
        decision(&g),
        (Situation::Play, 3, None, None),
        "the captor has the move"
    );
    let key = g.key();
    testing::play(&mut g, "play G on 1");
    assert_eq!(piles(&g), ["1:RGG", "3:R", "4:B"]);
    assert_eq!(
        decision(&g),
        (Situation::Kill, 2, Some(1), None),
        "green captures"
    );
    assert_eq!(notations(&g), ["kill R", "kill G"]);
    let givers = g.givers();
    assert_eq!(g.hand(2), vec![0, 0, 5, 0]);
    testing::play(&mut g, "kill R");
    assert_eq!(
        piles(&g),
        ["3:R", "4:B"],
        "the pile is gone, later piles re-ranked"
    );
    assert_eq!(
        g.hand(2),
        vec![0, 0, 7, 0],
        "both green chips to green's stock"
    );
    assert_eq!(g.dead_box(), vec![1, 0, 0, 1]);
    assert_eq!(
        decision(&g),
        (Situation::Play, 2, None, None),
        "green has the move"
    );
    assert_eq!(g.givers(), [givers, vec![2]].concat(), "given by yellow");
    assert_eq!(g.key(), g.key_from_scratch());
    g.undo();
    g.undo();
    assert_eq!(g.key(), key);
    // A single-colour pile is a kill decision too, with one move.
    let mut g = after(
        json!({"first_player": 0}),
        &["play R new", "give B", "play B new", "give R"],
    );
    testing::play(&mut g, "play R on 1");
    assert_eq!(decision(&g), (Situation::Kill, 0, Some(1), None));
    assert_eq!(notations(&g), ["kill R"]);
    testing::play(&mut g, "kill R");
    assert_eq!(g.hand(0), vec![6, 0, 0, 0]);
    assert_eq!(
        g.history().last().map(ToString::to_string).as_deref(),
        Some("kill R")
    );
}

/// With 3 chips: green plays its last chip and dies (yellow, holding a green prisoner,
/// refuses); blue and red play, and yellow, holding a green prisoner, has the move with [R, G]
/// as pile 1.
const GREEN_DEAD: [&str; 25] = [
    "play R new",
    "give G",
    "play G on 1",
    "give Y",
    "play Y new",
    "give G",
    "play G on 2",
    "give R",
    "play R new",
    "give Y",
    "play Y on 2",
    "give B",
    "play B new",
    "give Y",
    "play Y on 2",
    "kill Y",
    "play Y new",
    "give G",
    "play G on 3",
    "give B",
    "play B new",
    "give G",
    "refuse",
    "play B on 5",
    "play R on 4",
];

#[test]
fn capture_in_a_dead_colour() {
    let options = json!({"first_player": 0, "chips": 3});
    let mut g = after(options.clone(), &GREEN_DEAD[..22]);
    assert_eq!(
        decision(&g),
        (Situation::Rescue, 3, None, Some(2)),
        "yellow is asked"
    );
    testing::play(&mut g, "refuse");
    assert!(!g.is_alive(2), "green died");
    play_all(&mut g, &GREEN_DEAD[23..]);
    assert_eq!(piles(&g)[0], "1:RG");
    assert_eq!(g.hand(3), vec![0, 0, 1, 1]);
    assert_eq!(decision(&g), (Situation::Play, 3, None, None));
    let before = g.dead_box();
    testing::play(&mut g, "play G on 1");
    assert_eq!(
        piles(&g),
        ["3:RG", "4:BR", "5:YB", "6:B"],
        "the whole pile is gone"
    );
    assert_eq!(
        g.dead_box(),
        vec![before[0] + 1, 0, before[2] + 2, before[3]]
    );
    assert_eq!(
        decision(&g),
        (Situation::Play, 3, None, None),
        "yellow plays again"
    );
    assert_eq!(g.givers().last(), Some(&3));
    // With dead_capture=giver the move goes back to red, yellow's giver: red holds nothing
    // and nobody holds a prisoner, so red dies; so does blue after it, and yellow wins.
    let mut options = options;
    options["dead_capture"] = json!("giver");
    let mut g = after(options, &GREEN_DEAD);
    let givers = g.givers();
    assert_eq!(givers[givers.len() - 2..], [0, 3]);
    testing::play(&mut g, "play G on 1");
    assert_eq!(g.dead_box(), vec![1, 0, 2, 1]);
    assert_eq!((g.is_alive(0), g.is_alive(1)), (false, false));
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner_list(), outcome.reason),
        (vec![3], "last player alive")
    );
    assert_eq!(g.decision(), None);
    // A giver who holds chips plays: 3 players, 2 chips; blue plays a red prisoner (red is
    // dead) on [R] and the move goes back to green, blue's giver.
    let sequence = [
        "play R new",
        "give B",
        "play B new",
        "give R",
        "play R new",
        "give B",
        "play B on 1",
        "play G on 1",
        "play G on 1",
        "kill B",
        "play G on 2",
        "rescue R",
    ];
    for (mode, expected) in [("giver", Some(2)), ("player", None)] {
        let mut g = after(
            json!({"players": 3, "chips": 2, "first_player": 0, "dead_capture": mode}),
            &sequence,
        );
        assert!(!g.is_alive(0));
        assert_eq!((piles(&g)[1].as_str(), g.hand(1)), ("3:R", vec![1, 0, 0]));
        assert_eq!(g.givers(), vec![0, 1, 0, 1, 2, 2, 1]);
        testing::play(&mut g, "play R on 3");
        assert_eq!(g.dead_box(), vec![2, 1, 0]);
        match expected {
            Some(giver) => {
                assert_eq!(decision(&g), (Situation::Play, giver, None, None));
                assert_eq!(g.givers(), vec![0, 1, 0, 1, 2, 2]);
            }
            // Blue has the move again with no chips; green holds no prisoner: blue dies.
            None => assert_eq!(g.outcome().map(|o| o.winner_list()), Some(vec![2])),
        }
    }
}

#[test]
fn death_and_the_move_back() {
    let options = json!({"first_player": 0, "chips": 3});
    let mut g = after(options.clone(), &YELLOW_IN_NEED);
    // Blue gave the move to yellow, who holds nothing: red holds no prisoner and is skipped,
    // blue is asked.
    assert_eq!(g.hand(0), vec![0, 0, 0, 0]);
    assert_eq!(g.hand(3), vec![0, 0, 0, 0]);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    assert_eq!(notations(&g), ["rescue G", "rescue Y", "refuse"]);
    testing::play(&mut g, "refuse");
    // Green holds nothing: nobody is left, yellow dies and blue, its giver, has the move.
    assert!(!g.is_alive(3));
    assert_eq!(decision(&g), (Situation::Play, 1, None, None));
    assert_eq!(g.givers().last(), Some(&1));
    // Two deaths in a row: yellow, rescued, gives the move to red; red holds nothing and
    // blue refuses: red dies and yellow has the move; yellow holds nothing and blue refuses:
    // yellow dies and the move goes to yellow's giver, blue.
    let mut g = after(options, &YELLOW_IN_NEED);
    play_all(&mut g, &["rescue G", "play G new", "give R"]);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(0)));
    let givers = g.givers();
    assert_eq!(givers[givers.len() - 3..], [1, 3, 0]);
    testing::play(&mut g, "refuse");
    assert!(!g.is_alive(0));
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    testing::play(&mut g, "refuse");
    assert!(!g.is_alive(3));
    assert_eq!(decision(&g), (Situation::Play, 1, None, None));
    assert_eq!(g.givers(), givers[..givers.len() - 2].to_vec());
    // Blue plays on [R]: green, the only option, holds nothing; dead players are not asked.
    testing::play(&mut g, "play B on 3");
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(2)));
}

#[test]
fn deaths_empty_the_chain() {
    // Red and green play their two chips each; red is given the move with nothing and dies,
    // then green; every entry of the chain is dead: yellow, the first living player after
    // green, has the move.
    let mut g = after(
        json!({"first_player": 0, "chips": 2}),
        &[
            "play R new",
            "give G",
            "play G new",
            "give R",
            "play R new",
            "give G",
            "play G new",
        ],
    );
    assert_eq!(g.givers(), vec![0, 2, 0, 2]);
    testing::play(&mut g, "give R");
    assert_eq!((g.is_alive(0), g.is_alive(2)), (false, false));
    assert_eq!(g.givers(), vec![3]);
    assert_eq!(decision(&g), (Situation::Play, 3, None, None));
    assert_eq!(g.key(), g.key_from_scratch());
    g.undo();
    assert_eq!(g.givers(), vec![0, 2, 0, 2]);
    assert!(g.is_alive(0) && g.is_alive(2));
}

/// With 3 chips (red first): green is in need; yellow is asked, red holds a green chip.
const GREEN_IN_NEED: [&str; 26] = [
    "play R new",
    "give G",
    "play G on 1",
    "give Y",
    "play Y new",
    "give G",
    "play G on 2",
    "give B",
    "play B on 1",
    "play Y on 1",
    "play R on 2",
    "play B new",
    "give G",
    "play G on 3",
    "give Y",
    "play Y on 3",
    "play R on 2",
    "kill R",
    "play Y on 1",
    "kill B",
    "play G new",
    "give Y",
    "play Y on 4",
    "give B",
    "play B new",
    "give G",
];

#[test]
fn a_transfer_rescues_the_player_in_need() {
    let mut g = after(json!({"first_player": 0, "chips": 3}), &GREEN_IN_NEED);
    assert_eq!(decision(&g), (Situation::Rescue, 3, None, Some(2)));
    assert_eq!(g.hand(2), vec![0, 0, 0, 0]);
    assert_eq!(g.hand(0), vec![1, 0, 1, 0], "red holds a green prisoner");
    // Red, out of turn, hands its green chip to green: into green's stock, green must play.
    let mv = g.parse_move("R: transfer G to G").unwrap();
    assert_eq!(mv.actor(), Some(0));
    assert_eq!(
        g.action(mv),
        g.num_actions() + 2 * 4 + 2,
        "past the action space"
    );
    assert!(!legal(&g).contains(&mv), "not the decider's");
    g.play(mv).unwrap();
    assert_eq!(g.hand(2), vec![0, 0, 1, 0]);
    assert_eq!(decision(&g), (Situation::Play, 2, None, None));
    assert_eq!(
        notations(&g),
        ["play G on 3", "play G on 4", "play G on 5", "play G new"]
    );
    assert_eq!(g.undo(), Some(mv));
    assert_eq!(decision(&g), (Situation::Rescue, 3, None, Some(2)));
    // Yellow rescues with a red prisoner: it goes to green as a prisoner.
    testing::play(&mut g, "rescue R");
    assert_eq!(g.hand(2), vec![1, 0, 0, 0]);
    assert_eq!(decision(&g), (Situation::Play, 2, None, None));
}

#[test]
fn a_transfer_of_the_last_chip_puts_the_mover_in_need() {
    let mut g = after(
        json!({"first_player": 0, "chips": 3, "free_actions": 2}),
        &[&YELLOW_IN_NEED[..], &["rescue G"]].concat(),
    );
    // Yellow has the move with one chip, a green prisoner: its free actions are not listed.
    assert_eq!(g.hand(3), vec![0, 0, 1, 0]);
    assert_eq!(decision(&g), (Situation::Play, 3, None, None));
    assert_eq!(
        notations(&g),
        [
            "play G on 2",
            "play G on 3",
            "play G on 4",
            "play G on 5",
            "play G new"
        ]
    );
    assert_eq!(
        free_notations(&g, 3),
        [
            "Y: transfer G to R",
            "Y: transfer G to B",
            "Y: transfer G to G",
            "Y: kill G"
        ]
    );
    // play accepts it: yellow is in need at once, red (no prisoner) is skipped, blue asked.
    testing::play(&mut g, "Y: transfer G to B");
    assert_eq!(g.hand(1), vec![0, 2, 1, 1]);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    assert_eq!(g.free_actions_used(), 0, "a new decision");
    g.undo();
    // Killing the last chip: the same; when nobody is left to ask the mover dies.
    testing::play(&mut g, "Y: kill G");
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    testing::play(&mut g, "refuse");
    assert!(!g.is_alive(3));
}

#[test]
fn rescue_rounds() {
    let options = json!({"first_player": 0, "chips": 3});
    let mut g = after(options.clone(), &YELLOW_IN_NEED);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    // Red, skipped, gets a prisoner from blue: it is not asked again in this round.
    testing::play(&mut g, "B: transfer G to R");
    assert_eq!(g.hand(0), vec![0, 0, 1, 0]);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    // Blue gives away its last prisoner: it is still asked, its only move is refuse.
    testing::play(&mut g, "B: transfer Y to G");
    assert_eq!(g.hand(1), vec![0, 2, 0, 0]);
    assert_eq!(g.hand(2), vec![0, 0, 0, 1]);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    assert_eq!(notations(&g), ["refuse"]);
    // Green got a prisoner before its turn to be asked came: green is asked next; red is not.
    testing::play(&mut g, "refuse");
    assert_eq!(decision(&g), (Situation::Rescue, 2, None, Some(3)));
    testing::play(&mut g, "refuse");
    assert!(!g.is_alive(3));
    assert_eq!(decision(&g), (Situation::Play, 1, None, None));
    // Seat order from the player in need: with green in need, yellow (after green) first.
    let mut g = after(options, &GREEN_IN_NEED);
    assert_eq!(decision(&g), (Situation::Rescue, 3, None, Some(2)));
    testing::play(&mut g, "refuse");
    assert_eq!(
        decision(&g),
        (Situation::Rescue, 0, None, Some(2)),
        "then red"
    );
    testing::play(&mut g, "refuse");
    assert!(!g.is_alive(2), "blue holds no prisoner: green dies");
}

#[test]
fn listed_free_actions() {
    let mut g = after(
        json!({"first_player": 0, "chips": 3, "free_actions": 1}),
        &YELLOW_IN_NEED,
    );
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    let all = [
        "rescue G",
        "rescue Y",
        "refuse",
        "B: transfer G to R",
        "B: transfer G to G",
        "B: transfer G to Y",
        "B: transfer Y to R",
        "B: transfer Y to G",
        "B: transfer Y to Y",
        "B: kill G",
        "B: kill Y",
    ];
    assert_eq!(notations(&g), all);
    let (p, m) = (4, 13);
    let base = p * m + 3 * p + 1;
    let actions: Vec<usize> = legal(&g).iter().map(|&mv| g.action(mv)).collect();
    assert_eq!(
        actions,
        [
            p * m + 2 * p + 2,
            p * m + 2 * p + 3,
            p * m + 3 * p,
            base + 2 * p,
            base + 2 * p + 2,
            base + 2 * p + 3,
            base + 3 * p,
            base + 3 * p + 2,
            base + 3 * p + 3,
            base + p * p + 2,
            base + p * p + 3,
        ]
    );
    let key = g.key();
    testing::play(&mut g, "B: transfer Y to G");
    assert_eq!(g.free_actions_used(), 1);
    assert_ne!(g.key(), key);
    assert_eq!(to_json(&g)["free_actions_used"], json!(1));
    assert_eq!(notations(&g), ["rescue G", "refuse"], "k = 1 used");
    // Still accepted by play, and counted.
    testing::play(&mut g, "B: transfer G to R");
    assert_eq!(g.free_actions_used(), 2);
    let mut out = vec![0.0; g.observation_shape()[0]];
    g.observation(1, &mut out);
    assert_eq!(out.last(), Some(&0.0), "no listed free action left");
    // Other players' free actions do not count.
    testing::play(&mut g, "R: kill G");
    assert_eq!(g.free_actions_used(), 2);
    // A new decision starts at 0: green, given a prisoner, is asked after blue.
    testing::play(&mut g, "refuse");
    assert_eq!(decision(&g), (Situation::Rescue, 2, None, Some(3)));
    assert_eq!(g.free_actions_used(), 0);
    assert_eq!(
        notations(&g),
        [
            "rescue Y",
            "refuse",
            "G: transfer Y to R",
            "G: transfer Y to B",
            "G: transfer Y to Y",
            "G: kill Y"
        ]
    );
    // A free action that rescues ends the decision: the count restarts.
    testing::play(&mut g, "G: transfer Y to Y");
    assert_eq!(decision(&g), (Situation::Play, 3, None, None));
    assert_eq!(g.free_actions_used(), 0);
    assert_eq!(g.hand(3), vec![0, 0, 0, 1]);
}

#[test]
fn free_actions_without_listing() {
    // free_actions = 0: nothing listed, everything accepted by play and counted.
    let mut g = after(json!({"first_player": 0, "chips": 3}), &YELLOW_IN_NEED);
    assert_eq!(notations(&g), ["rescue G", "rescue Y", "refuse"]);
    assert_eq!(free_notations(&g, 1).len(), 8);
    let mv = g.parse_move("B: kill G").unwrap();
    assert_eq!(
        g.action(mv),
        4 * 13 + 3 * 4 + 1 + 16 + 2,
        "the decider's: in the action space"
    );
    assert_eq!(g.move_from_action(g.action(mv)), Ok(mv));
    assert!(g.is_legal(mv));
    g.play(mv).unwrap();
    assert_eq!(g.free_actions_used(), 1);
    assert_eq!(g.dead_box(), vec![0, 1, 1, 0]);
    // Nobody else holds a prisoner.
    for q in [0, 2, 3] {
        assert!(free_notations(&g, q).is_empty());
    }
}

// -- perft ----------------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    // Debug builds check the small vectors only.
    let (max, expected) = if cfg!(debug_assertions) {
        (300_000, 21)
    } else {
        (50_000_000, 32)
    };
    assert_eq!(check_perft_vectors::<SoLongSucker>(max), expected);
}

#[test]
fn small_perft_vectors_by_the_reference() {
    // Every vector of at most 300 000 leaves, recounted by the slow reference; those of at
    // most 200 000 (for slow implementations) play moves in at most 100 000 positions.
    let mut checked = 0;
    for (options, depth, leaves) in testing::read_perft_vectors(SoLongSucker::NAME) {
        if leaves > 300_000 {
            continue;
        }
        let g = SoLongSucker::new(&options).unwrap();
        let mut inner = 0;
        assert_eq!(
            slow_perft(&snapshot(&g), depth, &mut inner),
            leaves,
            "{options:?} depth {depth}"
        );
        assert!(
            leaves > 200_000 || inner <= 100_000,
            "{options:?} depth {depth}: {inner}"
        );
        checked += 1;
    }
    assert_eq!(checked, 21);
}

#[test]
fn first_plies() {
    // 4 players, red first: `play R new`; 3 gives; each receiver plays on pile 1 or a new pile;
    // a play on [R] leaves two options, a new pile three.
    let mut g = game(json!({"first_player": 0}));
    assert_eq!(notations(&g), ["play R new"]);
    assert_eq!(legal(&g)[0].action(), 28);
    testing::assert_perft_counts(&mut g, &[1, 3, 6, 15], "4 players");
    // 2 players: the other player is the only option, no give decision.
    let mut g = game(json!({"players": 2, "first_player": 1}));
    testing::play(&mut g, "play B new");
    assert_eq!(decision(&g), (Situation::Play, 0, None, None));
    assert_eq!(notations(&g), ["play R on 1", "play R new"]);
}

// -- options, keys, notation and actions -----------------------------------------------------

#[test]
fn options_and_defaults() {
    let start = game(json!({}));
    assert_eq!(
        Value::Object(start.options()),
        json!({"players": 4, "chips": 7, "seed": 0, "first_player": null,
               "dead_capture": "player", "free_actions": 0})
    );
    for (players, chips, actions) in [
        (2, 7, 2 * 15 + 4 + 8 + 1),
        (3, 7, 3 * 22 + 9 + 12 + 1),
        (4, 7, 149),
        (5, 6, 5 * 31 + 25 + 20 + 1),
        (6, 5, 6 * 31 + 36 + 24 + 1),
    ] {
        let g = game(json!({ "players": players }));
        assert_eq!(g.chips(), chips);
        assert_eq!(g.num_actions(), actions, "{players} players");
        let n = players * chips;
        assert_eq!(
            g.observation_shape(),
            vec![n * (players + 2) + players * players + 5 * players + 5]
        );
        for p in 0..players {
            let mut hand = vec![0; players];
            hand[p] = chips as u32;
            assert_eq!(g.hand(p), hand);
        }
    }
    let g = game(
        json!({"players": 6, "chips": 20, "seed": u64::MAX, "first_player": 5,
                        "dead_capture": "giver", "free_actions": 100}),
    );
    assert_eq!(
        Value::Object(g.options()),
        json!({"players": 6, "chips": 20, "seed": u64::MAX, "first_player": 5,
               "dead_capture": "giver", "free_actions": 100})
    );
    assert_eq!(g.current_player(), Some(5));
    assert_eq!(g.givers(), vec![5]);
    // None is allowed where the rules page says what it means, and only there.
    let null = game(json!({"chips": null, "first_player": null}));
    assert_eq!(null.options(), start.options());
    assert_option_errors::<SoLongSucker>(&[
        (
            json!({"seed": null}),
            "seed must be an int in 0..2**64 - 1, got None",
        ),
        (
            json!({"dead_capture": null}),
            "dead_capture must be one of 'player', 'giver', got None",
        ),
        (
            json!({"free_actions": null}),
            "free_actions must be an int in 0..100, got None",
        ),
    ]);
}

#[test]
fn option_errors() {
    let cases = [
        (json!({"colour": 1}), "unknown option 'colour'"),
        (
            json!({"players": 7}),
            "players must be one of 2, 3, 4, 5, 6, got 7",
        ),
        (json!({"players": 1}), "got 1"),
        (json!({"players": true}), "got True"),
        (json!({"players": 4.0}), "players must be one of"),
        (
            json!({"chips": 0}),
            "chips must be None or an int in 1..20, got 0",
        ),
        (json!({"chips": 21}), "got 21"),
        (json!({"chips": true}), "got True"),
        (json!({"chips": "7"}), "got '7'"),
        (
            json!({"seed": -1}),
            "seed must be an int in 0..2**64 - 1, got -1",
        ),
        (json!({"seed": 1.5}), "got 1.5"),
        (
            json!({"first_player": 4}),
            "first_player must be None or a player index in 0..3, got 4",
        ),
        (
            json!({"players": 2, "first_player": 2}),
            "a player index in 0..1, got 2",
        ),
        (json!({"first_player": false}), "got False"),
        (
            json!({"dead_capture": "captor"}),
            "dead_capture must be one of 'player', 'giver', got 'captor'",
        ),
        (json!({"dead_capture": 1}), "got 1"),
        (
            json!({"free_actions": 101}),
            "free_actions must be an int in 0..100, got 101",
        ),
        (json!({"free_actions": -1}), "got -1"),
        (json!({"free_actions": true}), "got True"),
    ];
    assert_option_errors::<SoLongSucker>(&cases);
}

#[test]
fn first_player_is_drawn_from_the_seed() {
    for players in 2..=6 {
        let mut seen = [false; 6];
        for seed in 0..60u64 {
            let g = game(json!({"players": players, "seed": seed}));
            let expected = SplitMix64::new(seed).below(players);
            assert_eq!(g.current_player(), Some(expected));
            assert_eq!(g.givers(), vec![expected]);
            seen[expected] = true;
        }
        assert!(seen[..players].iter().all(|&s| s));
    }
    // The rules page's JSON example has seed 0 and no first player: yellow starts.
    assert_eq!(game(json!({})).current_player(), Some(3));
}

#[test]
fn keys_are_computed_as_the_rules_page_says() {
    assert_eq!(ZOBRIST_SEED, u64::from_be_bytes(*b"SOLONGSU"));
    assert_eq!(super::keys::z(1, 2, 3, 4), z(1, 2, 3, 4));
    assert_eq!(
        super::keys::z(6, 1, 0, 0),
        SplitMix64::new(ZOBRIST_SEED ^ (6 << 48 | 1 << 32)).next_u64()
    );
    // The start: every player's stock, the play decision of the first player, the chain.
    let mut g = game(json!({"first_player": 1}));
    let mut key = z(4, 0, 1, 0) ^ z(5, 0, 1, 0);
    for p in 0..4 {
        key ^= z(2, p, p, 7);
    }
    assert_eq!(g.key(), key);
    assert_eq!(g.key(), 0x6d65_0a32_944c_67dd, "pinned");
    // After `play B new`: blue holds 6, the chip at rank 0 depth 0, a give decision on it.
    testing::play(&mut g, "play B new");
    let key = key ^ z(2, 1, 1, 7) ^ z(2, 1, 1, 6) ^ z(1, 0, 0, 1) ^ z(4, 0, 1, 0) ^ z(4, 1, 1, 0);
    assert_eq!(g.key(), key);
    // Chat is not in the key.
    g.say(2, "hello".into());
    assert_eq!(g.key(), key);
}

#[test]
fn notation_and_actions_round_trip() {
    // A position with piles, prisoners, a dead player and a rescue: every id of the action
    // space and past it.
    let mut g = after(json!({"first_player": 0, "chips": 3}), &YELLOW_IN_NEED);
    play_all(&mut g, &["rescue G", "play G new", "give R", "refuse"]);
    assert_eq!(decision(&g), (Situation::Rescue, 1, None, Some(3)));
    assert!(!g.is_alive(0));
    let (p, m) = (4, 13);
    let count = g.num_actions();
    assert_eq!(count, p * m + p * p + 4 * p + 1);
    let npiles = g.piles().len();
    let mut kinds = std::collections::BTreeMap::new();
    check_actions(
        &g,
        0..count + p * (p * p + p) + 3,
        |action, found| match found {
            Some((mv, text)) => {
                *kinds.entry(format!("{:?}", mv.kind())).or_insert(0) += 1;
                assert_eq!(mv.action(), action);
                if action >= count {
                    let actor = (action - count) / (p * p + p);
                    assert_eq!(mv.actor(), Some(actor));
                    assert_ne!(
                        actor, 1,
                        "the decider's free actions are in the action space"
                    );
                    assert!(text.starts_with(&format!("{}:", LETTERS.as_bytes()[actor] as char)));
                } else if mv.is_free() {
                    assert_eq!(mv.actor(), Some(1));
                }
            }
            None => {
                let in_play = action < p * m && action % m < m - 1 && action % m >= npiles;
                let decider_extended =
                    (count + p * p + p..count + 2 * (p * p + p)).contains(&action);
                assert!(
                    in_play || decider_extended || action >= count + p * (p * p + p),
                    "{action}"
                );
            }
        },
    );
    assert_eq!(kinds["PlayNew"], 4);
    assert_eq!(kinds["PlayOn"], 4 * npiles);
    assert_eq!(
        (
            kinds["Give"],
            kinds["Kill"],
            kinds["Rescue"],
            kinds["Refuse"]
        ),
        (4, 4, 4, 1)
    );
    assert_eq!((kinds["Transfer"], kinds["FreeKill"]), (16 * 4, 4 * 4));
    // The errors: a rank with no pile, the decider's free action by an id past the space,
    // and ids past every actor.
    assert!(matches!(
        g.move_from_action(npiles),
        Err(Error::IllegalMove { .. })
    ));
    assert!(matches!(
        g.move_from_action(count + 20),
        Err(Error::InvalidMove { .. })
    ));
    assert!(matches!(
        g.move_from_action(count + 80),
        Err(Error::InvalidMove { .. })
    ));
    assert!(matches!(
        g.move_from_action(usize::MAX),
        Err(Error::InvalidMove { .. })
    ));
    // The rules page's table.
    for (text, action) in [
        ("play R on 2", 0),
        ("play R on 3", 1),
        ("play G new", 2 * m + 12),
        ("give Y", p * m + 3),
        ("kill B", p * m + p + 1),
        ("rescue G", p * m + 2 * p + 2),
        ("refuse", p * m + 3 * p),
        ("B: transfer G to Y", p * m + 3 * p + 1 + 2 * p + 3),
        ("B: kill Y", p * m + 3 * p + 1 + 16 + 3),
        ("G: transfer Y to B", count + 2 * 20 + 3 * p + 1),
        ("G: kill R", count + 2 * 20 + 16),
        ("R: kill G", count + 16 + 2),
    ] {
        let mv = g.parse_move(text).unwrap();
        assert_eq!(
            (g.action(mv), mv.action(), mv.to_string().as_str()),
            (action, action, text)
        );
        assert_eq!(g.move_from_action(action), Ok(mv), "{text}");
    }
    assert_eq!(
        g.piles()[..2].iter().map(|p| p.0).collect::<Vec<_>>(),
        vec![2, 3]
    );
}

#[test]
fn parse_errors() {
    let g = after(json!({"first_player": 0}), &["play R new"]);
    let invalid = [
        "play G on 0",
        "play G on 03",
        "play g new",
        "play G  new",
        "give",
        "B:kill G",
        "B: transfer G",
        "play O new",
        "Q: kill G",
        "",
        " refuse",
        "refuse ",
        "play G on -1",
        "play G on +1",
        "play G on 4294967296",
        "play G on 99999999999",
        "play GG new",
        "kill",
        "rescue",
        "B: kill",
        "B:  kill G",
        "B: transfer G to",
        "B: transfer G to Y ",
        "b: kill G",
        "give X",
        "play G on 1 new",
        "play G",
        "PLAY G new",
        "B: refuse",
        "B: give G",
        "play P new",
        ": kill G",
        "BB: kill G",
        "B kill G",
        "play G on 1.0",
        "refuse refuse",
        "play G on",
        "B: transfer G  to Y",
    ];
    assert_invalid_moves(&g, &invalid);
    let five = game(json!({"players": 5}));
    assert!(five.parse_move("play P new").is_ok());
    assert!(five.parse_move("play O new").is_err());
    // Well formed, but no such pile: illegal already when parsed.
    for text in ["play G on 9", "play G on 4294967295", "play R on 2"] {
        assert!(
            matches!(g.parse_move(text), Err(Error::IllegalMove { ref notation, ref reason })
                     if notation == text && reason.starts_with("there is no pile")),
            "{text}: {:?}",
            g.parse_move(text)
        );
    }
    assert!(g.parse_move("play R on 1").is_ok());
}

#[test]
fn illegal_moves_say_why() {
    let mut g = after(json!({"first_player": 0, "chips": 3}), &YELLOW_IN_NEED);
    testing::play(&mut g, "rescue G");
    // Yellow plays; it holds a green prisoner.
    for (text, reason) in [
        ("give B", "it is yellow's decision (play), not a give"),
        ("kill G", "it is yellow's decision (play), not a kill"),
        ("rescue R", "it is yellow's decision (play), not a rescue"),
        ("refuse", "it is yellow's decision (play), not a rescue"),
        ("play R new", "yellow holds no red chip"),
        ("play Y on 2", "yellow holds no yellow chip"),
        (
            "B: transfer B to G",
            "blue cannot transfer chips of its own colour (B)",
        ),
        (
            "Y: kill Y",
            "yellow cannot kill chips of its own colour (Y)",
        ),
        ("B: transfer Y to B", "blue cannot transfer to itself"),
        ("R: kill G", "red holds no green chip"),
        ("G: transfer R to B", "green holds no red chip"),
    ] {
        assert_eq!(illegal_reason(&g, text), reason, "{text}");
    }
    // Dead players: no free actions, no transfers to them.
    play_all(&mut g, &["play G new", "give R", "refuse", "refuse"]);
    assert!(!g.is_alive(0) && !g.is_alive(3));
    for (text, reason) in [
        ("R: kill G", "red is dead"),
        ("B: transfer Y to R", "red is dead"),
        ("B: transfer Y to Y", "yellow is dead"),
    ] {
        assert_eq!(illegal_reason(&g, text), reason, "{text}");
    }
    // A give decision: colours in the pile.
    let mut g = after(
        json!({"first_player": 0}),
        &["play R new", "give B", "play B new", "give R"],
    );
    testing::play(&mut g, "play R on 2");
    assert_eq!(illegal_reason(&g, "give B"), "blue's colour is in pile 2");
    assert_eq!(
        illegal_reason(&g, "play R new"),
        "it is red's decision (give), not a play"
    );
    // A kill decision.
    let mut g = after(json!({"first_player": 0}), &YELLOW_HOLDS_GREEN);
    testing::play(&mut g, "play G on 1");
    assert_eq!(illegal_reason(&g, "kill B"), "pile 1 holds no blue chip");
    // A rescue decision: own colour, colour not held.
    let g = after(json!({"first_player": 0, "chips": 3}), &YELLOW_IN_NEED);
    assert_eq!(
        illegal_reason(&g, "rescue B"),
        "blue's own chips are not prisoners: a rescue hands over a prisoner"
    );
    assert_eq!(illegal_reason(&g, "rescue R"), "blue holds no red chip");
    // A move carrying an action from another position.
    let mut g = after(json!({"first_player": 0}), &YELLOW_HOLDS_GREEN[..14]);
    let stale = g.parse_move("play Y on 4").unwrap();
    assert_eq!(stale.action(), 3 * 29 + 3);
    play_all(&mut g, &["play Y on 2", "kill Y"]);
    let now = g.parse_move("play Y on 4").unwrap();
    assert_eq!(
        now.action(),
        3 * 29 + 2,
        "pile 2 is gone: pile 4 has rank 2"
    );
    assert_eq!(g.action(stale), now.action());
    assert!(!g.is_legal(stale) && g.is_legal(now));
    let json = to_json(&g);
    assert_eq!(
        g.play(stale),
        Err(Error::illegal_move(
            "play Y on 4",
            "the move carries action 90 but is action 89 in this position"
        ))
    );
    assert_eq!(to_json(&g), json);
    // A move of a game with more players.
    let six = game(json!({"players": 6, "first_player": 5}));
    let orange = six.parse_move("play O new").unwrap();
    assert!(!g.is_legal(orange));
    assert!(g.why_illegal(orange).contains("another game"));
    assert!(g.play(orange).is_err());
    assert_eq!(to_json(&g), json);
    // Once over, nothing.
    let mut g = after(
        json!({"players": 2, "chips": 1, "first_player": 0}),
        &["play R new", "play B new"],
    );
    assert_eq!(g.outcome().map(|o| o.winner_list()), Some(vec![1]));
    assert_eq!(illegal_reason(&g, "play B on 1"), "the game is over");
    assert_eq!(illegal_reason(&g, "B: kill R"), "the game is over");
    assert!(legal(&g).is_empty() && g.decision().is_none());
    let mut moves = Vec::new();
    g.free_moves(1, &mut moves);
    assert!(moves.is_empty());
    assert!(matches!(
        g.move_from_action(g.num_actions() - 1),
        Err(Error::IllegalMove { .. })
    ));
    assert!(
        g.move_from_action(g.num_actions()).is_ok(),
        "red's free action, by the extended id"
    );
    g.undo();
    assert_eq!(decision(&g), (Situation::Play, 1, None, None));
}

// -- chat, JSON, observation ------------------------------------------------------------------

#[test]
fn chat() {
    let mut g = game(json!({"first_player": 0}));
    g.say(2, "give me the move and I will give you a prisoner".into());
    let key = g.key();
    play_all(&mut g, &["play R new", "give G"]);
    g.say(0, "deal".into());
    g.say(9, "nobody".into());
    assert_eq!(g.chat().len(), 2);
    assert_eq!(
        g.chat()[1],
        super::Message {
            ply: 2,
            player: 0,
            text: "deal".into()
        }
    );
    let json = to_json(&g);
    assert_eq!(
        json["chat"],
        json!([{"ply": 0, "player": 2, "text": "give me the move and I will give you a prisoner"},
               {"ply": 2, "player": 0, "text": "deal"}])
    );
    let back: SoLongSucker = from_json(&json).unwrap();
    assert_eq!(back.chat(), g.chat());
    assert_eq!((to_json(&back), back.key()), (json.clone(), g.key()));
    // Undo keeps it; it is not in the key; copies keep it.
    g.undo();
    g.undo();
    assert_eq!(g.chat().len(), 2);
    assert_eq!(g.key(), key);
    let copy = g.clone();
    assert_eq!(copy.chat(), g.chat());
    // Dead players speak, also after the end.
    let mut g = after(
        json!({"players": 2, "chips": 1, "first_player": 0}),
        &["play R new", "play B new"],
    );
    g.say(0, String::new());
    assert_eq!(
        g.chat()[0],
        super::Message {
            ply: 2,
            player: 0,
            text: String::new()
        }
    );
    testing::check_json_round_trip(&g);
    // Malformed chats.
    assert_json_rejected::<SoLongSucker>(
        &json,
        &[
            ("chat", json!("deal")),
            ("chat", json!(null)),
            ("chat", json!([1])),
            ("chat", json!([{"ply": 0, "player": 0}])),
            (
                "chat",
                json!([{"ply": 0, "player": 0, "text": "a", "to": 1}]),
            ),
            ("chat", json!([{"ply": -1, "player": 0, "text": "a"}])),
            ("chat", json!([{"ply": 1.0, "player": 0, "text": "a"}])),
            ("chat", json!([{"ply": true, "player": 0, "text": "a"}])),
            ("chat", json!([{"ply": 0, "player": 4, "text": "a"}])),
            ("chat", json!([{"ply": 0, "player": "R", "text": "a"}])),
            ("chat", json!([{"ply": 0, "player": 0, "text": 5}])),
            ("chat", json!([{"ply": 0, "player": 0, "text": null}])),
        ],
    );
    let mut missing = json.clone();
    missing.as_object_mut().unwrap().remove("chat");
    assert!(matches!(
        from_json::<SoLongSucker>(&missing),
        Err(Error::InvalidState(_))
    ));
    // Any other well-formed chat is restored as given (not compared with the replay).
    let mut other = json.clone();
    other["chat"] = json!([{"ply": 99, "player": 3, "text": "later"}]);
    let back: SoLongSucker = from_json(&other).unwrap();
    assert_eq!(
        back.chat(),
        [super::Message {
            ply: 99,
            player: 3,
            text: "later".into()
        }]
    );
}

#[test]
fn json_fields() {
    // The rules page's example (with red first).
    let g = after(
        json!({"first_player": 0}),
        &["play R new", "give G", "play G on 1", "give Y"],
    );
    let json = to_json(&g);
    let expected = json!({
        "game": "so_long_sucker", "version": 1,
        "options": {"players": 4, "chips": 7, "seed": 0, "first_player": 0,
                    "dead_capture": "player", "free_actions": 0},
        "moves": ["play R new", "give G", "play G on 1", "give Y"],
        "piles": [{"id": 1, "chips": "RG"}],
        "next_pile": 2,
        "hands": [[6, 0, 0, 0], [0, 7, 0, 0], [0, 0, 6, 0], [0, 0, 0, 7]],
        "dead_box": [0, 0, 0, 0],
        "alive": [true, true, true, true],
        "decision": {"situation": "play", "player": 3, "pile": null, "in_need": null},
        "givers": [0, 2, 3],
        "free_actions_used": 0,
        "chat": [],
        "current_player": 3,
        "outcome": null
    });
    assert_eq!(json, expected);
    // Give, kill and rescue decisions; a finished game.
    let mut g = after(json!({"first_player": 0}), &YELLOW_HOLDS_GREEN);
    testing::play(&mut g, "play G on 1");
    assert_eq!(
        to_json(&g)["decision"],
        json!({"situation": "kill", "player": 2, "pile": 1, "in_need": null})
    );
    let g = after(json!({"first_player": 0, "chips": 3}), &YELLOW_IN_NEED);
    assert_eq!(
        to_json(&g)["decision"],
        json!({"situation": "rescue", "player": 1, "pile": null, "in_need": 3})
    );
    let g = after(json!({"first_player": 0}), &["play R new"]);
    assert_eq!(
        to_json(&g)["decision"],
        json!({"situation": "give", "player": 0, "pile": 1, "in_need": null})
    );
    let g = after(
        json!({"players": 2, "chips": 1, "first_player": 0}),
        &["play R new", "play B new"],
    );
    let json = to_json(&g);
    assert_eq!(json["decision"], Value::Null);
    assert_eq!(
        json["outcome"],
        json!({"winners": [1], "reason": "last player alive"})
    );
    assert_eq!(json["alive"], json!([false, true]));
    assert_eq!(
        json["givers"],
        json!([0, 1, 0]),
        "the chain stays as it was at the last death"
    );
    assert_json_rejected::<SoLongSucker>(
        &json,
        &[
            ("piles", json!([])),
            ("next_pile", json!(2)),
            ("hands", json!([[1, 0], [0, 0]])),
            ("dead_box", json!([1, 0])),
            ("alive", json!([true, true])),
            (
                "decision",
                json!({"situation": "play", "player": 1, "pile": null, "in_need": null}),
            ),
            ("givers", json!([0, 1])),
            ("free_actions_used", json!(1)),
            ("moves", json!(["play R new", "play B on 2"])),
        ],
    );
}

#[test]
fn observation_layout() {
    // 3 players, 2 chips (N = 6): red's `play R new`, `give B`, `play B on 1` forces the move
    // to green, which plays a new pile: a give decision.
    let mut g = after(
        json!({"players": 3, "chips": 2, "first_player": 0, "free_actions": 3}),
        &["play R new", "give B", "play B on 1"],
    );
    testing::play(&mut g, "play G new");
    assert_eq!(decision(&g), (Situation::Give, 2, Some(2), None));
    let (p, n) = (3, 6);
    let len = n * (p + 2) + p * p + 5 * p + 5;
    assert_eq!(g.observation_shape(), vec![len]);
    let mut out = vec![9.0; len];
    g.observation(1, &mut out); // blue sees: k = 0 blue, 1 green, 2 red
    let table = &out[..n * (p + 1)];
    assert_eq!(&table[..4], [0.0, 0.0, 1.0, 1.0], "red, a bottom chip");
    assert_eq!(&table[4..8], [1.0, 0.0, 0.0, 0.0], "blue on it");
    assert_eq!(
        &table[8..12],
        [0.0, 1.0, 0.0, 1.0],
        "green, bottom of pile 2"
    );
    assert!(table[12..].iter().all(|&x| x == 0.0));
    let at = n * (p + 1);
    assert_eq!(
        &out[at..at + 9],
        [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
        "hands"
    );
    let at = at + 9;
    assert_eq!(
        &out[at..at + 6],
        [0.0, 0.0, 0.0, 1.0, 1.0, 1.0],
        "dead box, alive"
    );
    let at = at + 6;
    assert_eq!(&out[at..at + 4], [0.0, 1.0, 0.0, 0.0], "give");
    assert_eq!(&out[at + 4..at + 7], [0.0, 1.0, 0.0], "green decides");
    assert_eq!(
        &out[at + 7..at + 13],
        [0.0, 1.0, 0.0, 0.0, 0.0, 0.0],
        "pile of rank 1"
    );
    assert_eq!(&out[at + 13..at + 16], [0.0; 3], "nobody in need");
    assert_eq!(
        &out[at + 16..at + 19],
        [1.0, 0.0, 0.0],
        "blue gave green the move"
    );
    assert_eq!(out[at + 19], 3.0, "free actions left");
    assert_eq!(at + 20, len);
}

// -- random games against the rules text, free actions out of turn, undo walks -------------

#[test]
fn random_games_match_the_rules_text() {
    let mut rules = RulesText::default();
    for (i, options) in configs().iter().enumerate() {
        for seed in 0..20u64 {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            if seed % 3 == 1 {
                options["chips"] = json!(1 + seed % 4);
            }
            let walk = Walk::new(1000 * i as u64 + seed, 100_000, 5);
            let g = testing::check_random_game(game(options), walk, &mut rules);
            assert!(g.outcome().is_some(), "random games end");
        }
    }
    let seen = rules.seen;
    assert_eq!(seen.games, configs().len() * 20);
    assert!(seen.captures > 100, "{seen:?}");
    assert!(seen.dead_captures > 20, "{seen:?}");
    assert!(seen.deaths > 100 && seen.double_deaths > 0, "{seen:?}");
    assert!(seen.rescues > 20 && seen.refusals > 20, "{seen:?}");
    assert!(seen.free > 50 && seen.forced > 50, "{seen:?}");
    assert!(seen.empty_chain > 0, "{seen:?}");
}

#[test]
fn random_games_with_free_actions_out_of_turn() {
    let mut rules = RulesText::default();
    for (i, options) in configs().iter().enumerate() {
        for seed in 0..6u64 {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            let mut g = game(options);
            let mut rng = SplitMix64::new(7 * i as u64 + seed);
            let mut moves = Vec::new();
            for ply in 0..5000 {
                if g.current_player().is_none() {
                    break;
                }
                let thorough = ply % 5 == 0;
                let before = RulesText::check_before(&g, thorough);
                let q = rng.below(g.num_players());
                g.free_moves(q, &mut moves);
                let mv = if rng.below(3) == 0 && !moves.is_empty() {
                    moves[rng.below(moves.len())]
                } else {
                    g.random_move(&mut rng)
                };
                let state = thorough.then(|| testing::state(&g));
                g.play(mv).unwrap_or_else(|e| panic!("{e}"));
                rules.check_after(&g, mv, &before);
                if let Some(state) = state {
                    let after = testing::state(&g);
                    assert_eq!(g.undo(), Some(mv));
                    assert_eq!(testing::state(&g), state);
                    g.check_caches();
                    g.play_unchecked(mv);
                    assert_eq!(testing::state(&g), after);
                }
            }
            assert!(g.outcome().is_some());
            testing::check_json_round_trip(&g);
            while g.undo().is_some() {}
            assert_eq!(to_json(&g), to_json(&g.restart()));
        }
    }
    let seen = rules.seen;
    assert!(
        seen.free > 300 && seen.free_rescues > 5 && seen.self_emptying > 3,
        "{seen:?}"
    );
}

#[test]
fn undo_walks() {
    for (i, options) in configs().iter().enumerate() {
        let mut options = options.clone();
        options["chips"] = json!(1 + i % 4);
        let start = game(options);
        let end = random_walk(
            start.clone(),
            300 + i as u64,
            2000,
            3,
            97,
            |g| g.check_caches(),
            |g, _, _| assert_eq!(g.key(), snapshot(g).key()),
        );
        assert_eq!(to_json(&end), to_json(&start));
        assert!(end.undo_records().is_empty());
    }
}

#[test]
fn every_game_ends_with_the_last_living_player() {
    for players in 2..=6 {
        let start = game(json!({"players": players, "free_actions": 2}));
        for seed in 0..300 {
            let mut g = start.clone();
            let record = crate::play_random_game(&mut g, &mut SplitMix64::new(seed));
            let living: Vec<usize> = (0..players).filter(|&q| g.is_alive(q)).collect();
            assert_eq!(living.len(), 1);
            assert_eq!(record.winners, 1 << living[0]);
            assert_eq!(
                FACTS.reasons[usize::from(record.reason)],
                "last player alive"
            );
            snapshot(&g).assert_conserved();
        }
    }
}

#[test]
fn a_game_restarted_in_place_is_a_new_game() {
    let start = game(json!({"players": 5, "free_actions": 2}));
    let mut played = start.clone();
    for seed in 0..20 {
        crate::play_random_game(&mut played, &mut SplitMix64::new(seed));
        played.say(1, "again?".into());
        start.restart_into(seed, &mut played);
        // Every field, the stacks' contents and the chat included (not their room).
        assert_eq!(
            format!("{played:?}"),
            format!("{:?}", Game::restart(&start, seed))
        );
        played.check_caches();
    }
}
