//! Zobrist key entries. The tables of this game are unbounded (pile ranks, depths, chain
//! positions), so an entry is computed: `z(tag, a, b, c)` is the first output of SplitMix64
//! seeded with [`ZOBRIST_SEED`] XOR `(tag << 48) | (a << 32) | (b << 16) | c`. The entries met
//! at every ply (hands, decisions) are tabled at compile time.

use super::{MAX_CHIPS, MAX_PLAYERS, MAX_TABLE};
use crate::core::rng::{mix, GAMMA};

/// The bytes of `"SOLONGSU"`.
pub const ZOBRIST_SEED: u64 = 0x534F_4C4F_4E47_5355;

/// The key entry `z(tag, a, b, c)` (each of a, b, c below 2**16).
#[inline(always)]
pub const fn z(tag: u64, a: u64, b: u64, c: u64) -> u64 {
    mix((ZOBRIST_SEED ^ ((tag << 48) | (a << 32) | (b << 16) | c)).wrapping_add(GAMMA))
}

/// Tag 2 by player, colour and count; count 0 (not in the key) gives 0.
static HAND_KEYS: [[[u64; MAX_CHIPS + 1]; MAX_PLAYERS]; MAX_PLAYERS] = {
    let mut out = [[[0; MAX_CHIPS + 1]; MAX_PLAYERS]; MAX_PLAYERS];
    let mut p = 0;
    while p < MAX_PLAYERS {
        let mut c = 0;
        while c < MAX_PLAYERS {
            let mut n = 1;
            while n <= MAX_CHIPS {
                out[p][c][n] = z(2, p as u64, c as u64, n as u64);
                n += 1;
            }
            c += 1;
        }
        p += 1;
    }
    out
};

/// Tag 4 by situation, decider and extra (a pile rank or a player).
static DECISION_KEYS: [[[u64; MAX_TABLE]; MAX_PLAYERS]; 4] = {
    let mut out = [[[0; MAX_TABLE]; MAX_PLAYERS]; 4];
    let mut s = 0;
    while s < 4 {
        let mut d = 0;
        while d < MAX_PLAYERS {
            let mut e = 0;
            while e < MAX_TABLE {
                out[s][d][e] = z(4, s as u64, d as u64, e as u64);
                e += 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
};

/// A chip on the table: its pile's rank, its depth (0 = bottom) and colour.
#[inline(always)]
pub fn chip(rank: usize, depth: usize, colour: usize) -> u64 {
    z(1, rank as u64, depth as u64, colour as u64)
}

/// `player` holds `count` chips of `colour` (0 when the count is 0).
#[inline(always)]
pub fn hand(player: usize, colour: usize, count: usize) -> u64 {
    HAND_KEYS[player][colour][count]
}

/// `player` is dead.
#[inline(always)]
pub fn dead(player: usize) -> u64 {
    z(3, player as u64, 0, 0)
}

/// The decision: situation index, decider, extra.
#[inline(always)]
pub fn decision(situation: usize, decider: usize, extra: usize) -> u64 {
    DECISION_KEYS[situation][decider][extra]
}

/// An entry of the chain of givers.
#[inline(always)]
pub fn giver(position: usize, player: usize) -> u64 {
    z(5, position as u64, player as u64, 0)
}

/// The free actions used in this decision (0 when none). The count has no limit: it enters
/// the key in 16-bit parts, `z(6, count mod 2^16, (count >> 16) mod 2^16, (count >> 32) mod
/// 2^16)`, which is `z(6, count, 0, 0)` below 65,536.
#[inline(always)]
pub fn used(count: u64) -> u64 {
    if count == 0 {
        0
    } else {
        z(
            6,
            count & 0xFFFF,
            (count >> 16) & 0xFFFF,
            (count >> 32) & 0xFFFF,
        )
    }
}
