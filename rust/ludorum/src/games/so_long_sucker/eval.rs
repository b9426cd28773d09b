//! The evaluation for search: a dead player has −1; a living one its chips in hand (of every
//! colour) against the average of the other living players, over all chips of the game.

use super::SoLongSucker;
use crate::core::game::{Evaluation, Game};

impl Evaluation for SoLongSucker {
    fn evaluate(&self, values: &mut [f64]) {
        let players = self.num_players();
        let total = (players * self.chips()).max(1) as f64;
        let mut held = [0.0f64; 6];
        for (p, h) in held.iter_mut().enumerate().take(players) {
            *h = f64::from(self.hand(p).iter().sum::<u32>());
        }
        let living = (0..players).filter(|&p| self.is_alive(p)).count();
        for (p, value) in values.iter_mut().enumerate().take(players) {
            if !self.is_alive(p) {
                *value = -1.0;
                continue;
            }
            let others: f64 = (0..players)
                .filter(|&q| q != p && self.is_alive(q))
                .map(|q| held[q])
                .sum();
            let mean = if living > 1 {
                others / (living - 1) as f64
            } else {
                0.0
            };
            *value = ((held[p] - mean) / total).clamp(-1.0, 1.0);
        }
    }
}
