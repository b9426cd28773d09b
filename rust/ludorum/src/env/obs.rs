//! The observation buffers of a batched env, in either element type: `f32`, as the games write
//! them, or `u8`, a quarter of the bytes. Every game's observation entries are whole numbers,
//! and where the layout bounds them within `0..=255` a `u8` buffer holds them exactly: a step
//! then writes and a learner stores a quarter of the memory (a replay buffer of a million
//! Chinese Checkers observations is 363 MB instead of 1.45 GB).

use crate::core::error::Error;
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

impl<'a> Observations<'a> {
    /// The dtype of the entries.
    pub fn dtype(&self) -> ObsDtype {
        match self {
            Self::Float32(_) => ObsDtype::Float32,
            Self::Uint8(_) => ObsDtype::Uint8,
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        match self {
            Self::Float32(s) => s.len(),
            Self::Uint8(s) => s.len(),
        }
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A shorter borrow of the first `len` entries.
    pub(super) fn prefix(&mut self, len: usize) -> Observations<'_> {
        match self {
            Self::Float32(s) => Observations::Float32(&mut s[..len]),
            Self::Uint8(s) => Observations::Uint8(&mut s[..len]),
        }
    }

    /// The first `k` entries and the rest.
    pub(super) fn split_at(self, k: usize) -> (Self, Self) {
        match self {
            Self::Float32(s) => {
                let (a, b) = s.split_at_mut(k);
                (Self::Float32(a), Self::Float32(b))
            }
            Self::Uint8(s) => {
                let (a, b) = s.split_at_mut(k);
                (Self::Uint8(a), Self::Uint8(b))
            }
        }
    }

    /// The rows of `size` entries, in order.
    pub(super) fn rows(self, size: usize) -> Rows<'a> {
        match self {
            Self::Float32(s) => Rows::Float32(s.chunks_exact_mut(size)),
            Self::Uint8(s) => Rows::Uint8(s.chunks_exact_mut(size)),
        }
    }

    /// Writes `f32` entries (whole numbers, as a game writes them) into this row of equal
    /// length: as they are, or each converted to `u8`.
    pub(super) fn write(&mut self, floats: &[f32]) {
        match self {
            Self::Float32(row) => row.copy_from_slice(floats),
            // 2^23 added to a whole number 0..=255 leaves it in the low bits of the sum's
            // mantissa: an add and a truncation, which vectorise, where `x as u8` saturates
            // each entry one by one (a Chinese Checkers step took half again as long). In
            // blocks of 16, so that the compiler packs whole vectors without a check between.
            Self::Uint8(row) => {
                let mut bytes = row.chunks_exact_mut(16);
                let mut from = floats.chunks_exact(16);
                for (bytes, from) in (&mut bytes).zip(&mut from) {
                    let bytes: &mut [u8; 16] = bytes.try_into().expect("a block of 16");
                    let from: &[f32; 16] = from.try_into().expect("a block of 16");
                    for (byte, &x) in bytes.iter_mut().zip(from) {
                        *byte = (x + MANTISSA_ONE).to_bits() as u8;
                    }
                }
                let rest = bytes.into_remainder().iter_mut().zip(from.remainder());
                for (byte, &x) in rest {
                    *byte = (x + MANTISSA_ONE).to_bits() as u8;
                }
            }
        }
    }

    /// Copies `other`'s entries, of the same dtype and length, into this.
    pub(super) fn copy_from(&mut self, other: &Observations<'_>) {
        match (self, other) {
            (Self::Float32(to), Observations::Float32(from)) => to.copy_from_slice(from),
            (Self::Uint8(to), Observations::Uint8(from)) => to.copy_from_slice(from),
            _ => unreachable!("the buffers of one call share their dtype"),
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

/// The rows of [`Observations`], one env's at a time.
pub(super) enum Rows<'a> {
    Float32(std::slice::ChunksExactMut<'a, f32>),
    Uint8(std::slice::ChunksExactMut<'a, u8>),
}

impl<'a> Iterator for Rows<'a> {
    type Item = Observations<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Self::Float32(rows) => rows.next().map(Observations::Float32),
            Self::Uint8(rows) => rows.next().map(Observations::Uint8),
        }
    }
}
