//! The evaluation for search: the territory margin as it stands, komi included, squashed into
//! `(-1, 1)` by `tanh(margin / 10)`; zero-sum.

use super::Dominions;
use crate::core::game::Evaluation;

impl Evaluation for Dominions {
    fn evaluate(&self, values: &mut [f64]) {
        let (white, black) = self.scores();
        let value = ((white - black) / 10.0).tanh();
        values[0] = value;
        values[1] = -value;
    }
}
