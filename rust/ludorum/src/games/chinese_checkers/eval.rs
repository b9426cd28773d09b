//! The evaluation for search: each player's progress toward its home, against the best rival.
//!
//! A piece's distance is its hex distance to the tip of its home (the home hole farthest from
//! the centre). A player's progress is how much of the way from its start (all pieces at the
//! start) to a full home its pieces have covered, from 0 to 1; its value is its progress minus
//! the best progress of another player, in `[-1, 1]`.

use super::board::{COORDS, HOLES};
use super::ChineseCheckers;
use crate::core::game::{Evaluation, Game};

/// The hex distance between two holes.
fn distance(a: usize, b: usize) -> i32 {
    let (q1, r1) = (i32::from(COORDS[a].0), i32::from(COORDS[a].1));
    let (q2, r2) = (i32::from(COORDS[b].0), i32::from(COORDS[b].1));
    let (dq, dr) = (q1 - q2, r1 - r2);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The holes of a mask.
fn holes(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let hole = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            hole
        })
    })
}

/// The sum of the distances of the holes of `mask` to `tip`.
fn total(mask: u128, tip: usize) -> i32 {
    holes(mask).map(|h| distance(h, tip)).sum()
}

impl ChineseCheckers {
    /// How far `player` has come from its start toward a full home, from 0 to 1.
    fn progress(&self, player: usize) -> f64 {
        let home = self.home(player);
        let centre = (0..HOLES)
            .find(|&h| COORDS[h] == (0, 0))
            .expect("the star has a centre");
        let tip = holes(home)
            .max_by_key(|&h| (distance(h, centre), h))
            .expect("a home has holes");
        let start = total(self.start_area(player), tip);
        let full = total(home, tip);
        let now = total(self.pieces(player), tip);
        f64::from(start - now) / f64::from((start - full).max(1))
    }
}

impl Evaluation for ChineseCheckers {
    fn evaluate(&self, values: &mut [f64]) {
        let players = self.num_players();
        let mut progress = [0.0; 6];
        for (p, slot) in progress.iter_mut().enumerate().take(players) {
            *slot = self.progress(p);
        }
        for (p, value) in values.iter_mut().enumerate().take(players) {
            let best_rival = (0..players)
                .filter(|&q| q != p)
                .map(|q| progress[q])
                .fold(f64::NEG_INFINITY, f64::max);
            *value = (progress[p] - best_rival).clamp(-1.0, 1.0);
        }
    }
}
