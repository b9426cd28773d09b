//! The evaluation for search: stacks controlled and pieces in reserve, against the best rival.
//!
//! A player's strength is the number of stacks it controls plus half its reserve pieces (a
//! reserve piece can enter anywhere, but only one a turn); a player that can no longer act has
//! none. Its value is `(mine - best rival) / (mine + best rival + 1)`, in `(-1, 1)`.

use super::board::SQUARES;
use super::Domination;
use crate::core::game::{Evaluation, Game};

impl Evaluation for Domination {
    /// A move changes who controls two squares at most: its source, which was the mover's, and
    /// its destination, which becomes the mover's. Every other player keeps its reserve, its
    /// opening piece and each stack it controls but the destination, so one with a reserve
    /// piece, its opening piece or two stacks can still act after any move, and the mover
    /// does not win. (Half of a 2,000-simulation search's fixed cost from a two-player opening
    /// was this look, which the threads of a search cannot share out.)
    fn may_win_at_once(&self) -> bool {
        let Some(mover) = self.current_player() else {
            return false;
        };
        (0..self.num_players()).filter(|&p| p != mover).all(|p| {
            self.reserves[p] == 0 && !self.in_hand[p] && self.controls[p].count_ones() <= 1
        })
    }

    fn evaluate(&self, values: &mut [f64]) {
        let players = self.num_players();
        let mut strength = [0.0f64; 4];
        for square in 0..SQUARES {
            if let Some(p) = self.controller(square) {
                strength[p] += 1.0;
            }
        }
        for (p, s) in strength.iter_mut().enumerate().take(players) {
            *s = if self.can_act(p) {
                *s + 0.5 * f64::from(self.reserve(p))
            } else {
                0.0
            };
        }
        for (p, value) in values.iter_mut().enumerate().take(players) {
            let rival = (0..players)
                .filter(|&q| q != p)
                .map(|q| strength[q])
                .fold(0.0, f64::max);
            *value = (strength[p] - rival) / (strength[p] + rival + 1.0);
        }
    }
}
