//! One module per game. Each has `board` (geometry and tables), `state`, `movegen` and
//! `notation`, and documents its encodings in `docs/rules/<game>.md`.

pub mod armadora;
pub mod chinese_checkers;
pub mod domination;
pub mod dominions;
pub mod so_long_sucker;
