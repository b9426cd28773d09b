//! The observation buffers of a batched env, in either element type: `f32`, as the games write
//! them, or `u8`, a quarter of the bytes. Every game's observation entries are whole numbers,
//! and where the layout bounds them within `0..=255` a `u8` buffer holds them exactly: a step
//! then writes and a learner stores a quarter of the memory (a replay buffer of a million
//! Chinese Checkers observations is 363 MB instead of 1.45 GB).

use crate::core::error::Error;
use crate::core::game::Game;
use crate::core::observation::Layout;

/// 2^23: the least `f32` whose mantissa's last bit is worth 1.
const MANTISSA_ONE: f32 = 8_388_608.0;

/// The element type of a batched env's observations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ObsDtype {
    /// `f32`, as the games write them.
    #[default]
    Float32,
    /// `u8`: each entry is a whole number within `0..=255` (the game's layout says so; a game
    /// whose bounds go beyond refuses it).
    Uint8,
}

impl ObsDtype {
    /// The dtype named `float32` or `uint8` (numpy's names).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another name.
    pub fn parse(text: &str) -> Result<Self, Error> {
        match text {
            "float32" => Ok(Self::Float32),
            "uint8" => Ok(Self::Uint8),
            _ => Err(Error::InvalidOption(format!(
                "obs_dtype must be 'float32' or 'uint8', got '{text}'"
            ))),
        }
    }

    /// Whether observations of `layout` fit this dtype.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] naming the first part whose bounds leave `0..=255`, for
    /// [`ObsDtype::Uint8`].
    pub fn check(self, layout: &Layout) -> Result<(), Error> {
        if self == Self::Float32 {
            return Ok(());
        }
        match layout
            .parts()
            .iter()
            .find(|p| p.low < 0.0 || p.high > 255.0)
        {
            None => Ok(()),
            Some(part) => Err(Error::InvalidOption(format!(
                "obs_dtype 'uint8' holds 0..=255, but the observation's '{}' goes from {} to {}",
                part.name, part.low, part.high
            ))),
        }
    }

    /// A buffer of `len` zeros of this dtype.
    pub fn zeros(self, len: usize) -> ObsBuffer {
        match self {
            Self::Float32 => ObsBuffer::Float32(vec![0.0; len]),
            Self::Uint8 => ObsBuffer::Uint8(vec![0; len]),
        }
    }
}

/// Observations of some envs, one row after the other, as slices of the caller's array.
#[derive(Debug)]
pub enum Observations<'a> {
    /// See [`ObsDtype::Float32`].
    Float32(&'a mut [f32]),
    /// See [`ObsDtype::Uint8`].
    Uint8(&'a mut [u8]),
}

impl Observations<'_> {
    /// The dtype of the entries.
    pub fn dtype(&self) -> ObsDtype {
        match self {
            Self::Float32(_) => ObsDtype::Float32,
            Self::Uint8(_) => ObsDtype::Uint8,
        }
    }

    /// Copies `buffer`'s entries, of the same dtype and length, into this.
    pub(super) fn load(&mut self, buffer: &ObsBuffer) {
        match (self, buffer) {
            (Self::Float32(to), ObsBuffer::Float32(from)) => to.copy_from_slice(from),
            (Self::Uint8(to), ObsBuffer::Uint8(from)) => to.copy_from_slice(from),
            _ => unreachable!("a copy of the outputs has their dtype"),
        }
    }

    /// An owned copy.
    pub(super) fn to_buffer(&self) -> ObsBuffer {
        match self {
            Self::Float32(s) => ObsBuffer::Float32(s.to_vec()),
            Self::Uint8(s) => ObsBuffer::Uint8(s.to_vec()),
        }
    }
}

/// Owned observations, for Rust callers and tests (see [`Observations`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ObsBuffer {
    /// See [`ObsDtype::Float32`].
    Float32(Vec<f32>),
    /// See [`ObsDtype::Uint8`].
    Uint8(Vec<u8>),
}

impl Default for ObsBuffer {
    fn default() -> Self {
        Self::Float32(Vec::new())
    }
}

impl ObsBuffer {
    /// A borrow of every entry.
    pub fn as_mut(&mut self) -> Observations<'_> {
        match self {
            Self::Float32(v) => Observations::Float32(v),
            Self::Uint8(v) => Observations::Uint8(v),
        }
    }

    /// Every entry as `f32` (a copy).
    ///
    /// # Examples
    ///
    /// ```
    /// use ludorum::env::ObsBuffer;
    /// assert_eq!(ObsBuffer::Uint8(vec![0, 1, 7]).to_f32(), vec![0.0, 1.0, 7.0]);
    /// ```
    pub fn to_f32(&self) -> Vec<f32> {
        match self {
            Self::Float32(v) => v.clone(),
            Self::Uint8(v) => v.iter().map(|&b| f32::from(b)).collect(),
        }
    }
}

/// The element type of observations, which a call's stepping code is compiled for (so that a
/// step of `f32` observations pays nothing for the choice).
pub(super) trait Element: Copy + Send + Sync + 'static {
    /// Whether [`observe`](Self::observe) writes through a scratch row of `f32`.
    const CONVERTS: bool;

    /// The entries of `obs` if they are of this type.
    fn entries<'s>(obs: &'s mut Observations<'_>) -> Option<&'s mut [Self]>;

    /// Writes `game`'s observation for `viewer` into `row`: as the game writes it, or into
    /// `scratch` (a row of `f32`) and converted.
    fn observe<G: Game>(game: &G, viewer: usize, row: &mut [Self], scratch: &mut [f32]);
}

impl Element for f32 {
    const CONVERTS: bool = false;

    fn entries<'s>(obs: &'s mut Observations<'_>) -> Option<&'s mut [Self]> {
        match obs {
            Observations::Float32(s) => Some(s),
            Observations::Uint8(_) => None,
        }
    }

    #[inline(always)]
    fn observe<G: Game>(game: &G, viewer: usize, row: &mut [Self], _: &mut [f32]) {
        game.observation(viewer, row);
    }
}

impl Element for u8 {
    const CONVERTS: bool = true;

    fn entries<'s>(obs: &'s mut Observations<'_>) -> Option<&'s mut [Self]> {
        match obs {
            Observations::Uint8(s) => Some(s),
            Observations::Float32(_) => None,
        }
    }

    #[inline(always)]
    fn observe<G: Game>(game: &G, viewer: usize, row: &mut [Self], scratch: &mut [f32]) {
        game.observation(viewer, scratch);
        to_bytes(row, scratch);
    }
}

/// Writes `floats`, whole numbers within `0..=255` (the layout's bounds, checked for `u8`),
/// into `bytes` of equal length.
fn to_bytes(bytes: &mut [u8], floats: &[f32]) {
    // 2^23 added to a whole number 0..=255 leaves it in the low bits of the sum's mantissa:
    // an add and a truncation, which vectorise, where `x as u8` saturates each entry one by
    // one (a Chinese Checkers step took half again as long). In blocks of 16, so that the
    // compiler packs whole vectors without a check between.
    let mut blocks = bytes.chunks_exact_mut(16);
    let mut from = floats.chunks_exact(16);
    for (block, from) in (&mut blocks).zip(&mut from) {
        let block: &mut [u8; 16] = block.try_into().expect("a block of 16");
        let from: &[f32; 16] = from.try_into().expect("a block of 16");
        for (byte, &x) in block.iter_mut().zip(from) {
            *byte = (x + MANTISSA_ONE).to_bits() as u8;
        }
    }
    for (byte, &x) in blocks.into_remainder().iter_mut().zip(from.remainder()) {
        *byte = (x + MANTISSA_ONE).to_bits() as u8;
    }
}
