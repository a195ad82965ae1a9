//! A type's members, decoded when first read. A stored surface (`surface`) holds the types of
//! every assembly up front (names, kinds, bases, interfaces: what name lookup and hierarchies
//! need) and their members, most of its bytes, in a section of their own that is inflated once and
//! decoded one type at a time, for the types code uses. An assembly read from a file keeps its image
//! (with the file's bytes) and lowers a type's members when they are first read.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::{Event, Field, Method, Property};

/// What a type declares besides its nested types.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeMembers {
    /// Visible methods: constructors (`.ctor`; `.cctor` is dropped), operators, accessors included,
    /// plus explicit interface implementations (private and virtual, `Visibility::Private`).
    pub methods: Vec<Method>,
    pub properties: Vec<Property>,
    pub events: Vec<Event>,
    /// Enum members are literal fields; `value__` is dropped.
    pub fields: Vec<Field>,
}

/// A type's members: ready, a range of a stored surface's member section, or a TypeDef row of an
/// image.
pub struct Members(Repr);

enum Repr {
    Ready(TypeMembers),
    /// Decoded from a surface whose member section is not attached (yet): `surface::decode`
    /// attaches it; left alone, the members are empty.
    Detached(Range),
    Stored {
        section: Arc<Section>,
        range: Range,
        decoded: OnceLock<TypeMembers>,
    },
    /// TypeDef `row` of `image`, lowered on first read; a lowering error leaves the members empty
    /// and is kept for [`Members::error`].
    Image {
        image: Arc<dyn LowerMembers>,
        row: u32,
        /// The error as text: `Error` holds an `io::Error`, which the IDE's unwind boundary refuses.
        lowered: OnceLock<Result<TypeMembers, String>>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Range {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

/// What lowers the members of a TypeDef row when they are first read: an image kept with its
/// file's bytes (`lower` implements it, so this module needs neither the image nor the lowering).
/// Unwind-safe: the IDE catches cancellation unwinding across the analysis, which holds the models.
pub(crate) trait LowerMembers: Send + Sync + std::panic::RefUnwindSafe {
    /// The members of TypeDef `row`, or why they could not be lowered.
    fn type_members(&self, row: u32) -> Result<TypeMembers, String>;
}

/// How members are stored: inline, or where they are in the member section.
#[derive(Serialize, Deserialize)]
enum Stored<'a> {
    Inline(std::borrow::Cow<'a, TypeMembers>),
    At(Range),
}

/// The member section of a stored surface: compressed postcard, inflated on first use (or ahead of
/// it, by [`Section::inflate`] on another thread).
pub(crate) struct Section {
    compressed: Box<[u8]>,
    len: usize,
    inflated: OnceLock<Vec<u8>>,
}

impl Section {
    pub(crate) fn new(compressed: &[u8], len: usize) -> Section {
        Section {
            compressed: compressed.into(),
            len,
            inflated: OnceLock::new(),
        }
    }

    /// The inflated bytes; empty if they do not inflate to the length the header says (the
    /// surface's checksum was checked when it was decoded, so only a defect of the encoder shows).
    pub(crate) fn inflate(&self) -> &[u8] {
        self.inflated.get_or_init(|| {
            lz4_flex::block::decompress(&self.compressed, self.len)
                .ok()
                .filter(|bytes| bytes.len() == self.len)
                .unwrap_or_default()
        })
    }
}

static EMPTY: TypeMembers = TypeMembers {
    methods: Vec::new(),
    properties: Vec::new(),
    events: Vec::new(),
    fields: Vec::new(),
};

impl Members {
    pub fn new(members: TypeMembers) -> Members {
        Members(Repr::Ready(members))
    }

    pub fn get(&self) -> &TypeMembers {
        match &self.0 {
            Repr::Image { .. } => match self.lowered() {
                Some(Ok(members)) => members,
                _ => &EMPTY,
            },
            Repr::Ready(members) => members,
            Repr::Detached(_) => &EMPTY,
            Repr::Stored {
                section,
                range,
                decoded,
            } => decoded.get_or_init(|| {
                let start = range.start as usize;
                section
                    .inflate()
                    .get(start..start + range.len as usize)
                    .and_then(|bytes| postcard::from_bytes(bytes).ok())
                    .unwrap_or_default()
            }),
        }
    }

    /// Why the members of a type read from a file could not be lowered (they read as none): the
    /// metadata is malformed there.
    pub fn error(&self) -> Option<&str> {
        self.lowered()?.as_ref().err().map(String::as_str)
    }

    /// The lowered members of a type read from a file (`None` for the other kinds).
    fn lowered(&self) -> Option<&Result<TypeMembers, String>> {
        match &self.0 {
            Repr::Image {
                image,
                row,
                lowered,
            } => Some(lowered.get_or_init(|| image.type_members(*row))),
            _ => None,
        }
    }

    /// The members of TypeDef `row` of `image`, lowered when first read.
    pub(crate) fn lazy(image: Arc<dyn LowerMembers>, row: u32) -> Members {
        Members(Repr::Image {
            image,
            row,
            lowered: OnceLock::new(),
        })
    }

    /// Stored at `range` of a member section (what `surface::encode` writes).
    pub(crate) fn at(range: Range) -> Members {
        Members(Repr::Detached(range))
    }

    /// Reads a detached range from `section` from now on.
    pub(crate) fn attach(&mut self, section: &Arc<Section>) {
        if let Repr::Detached(range) = self.0 {
            self.0 = Repr::Stored {
                section: section.clone(),
                range,
                decoded: OnceLock::new(),
            };
        }
    }

    /// The section these members are read from, if they are stored.
    pub(crate) fn section(&self) -> Option<&Arc<Section>> {
        match &self.0 {
            Repr::Stored { section, .. } => Some(section),
            _ => None,
        }
    }
}

impl Default for Members {
    fn default() -> Members {
        Members::new(TypeMembers::default())
    }
}

impl Clone for Members {
    fn clone(&self) -> Members {
        match &self.0 {
            Repr::Ready(members) => Members::new(members.clone()),
            Repr::Detached(range) => Members::at(*range),
            Repr::Stored { section, range, .. } => Members(Repr::Stored {
                section: section.clone(),
                range: *range,
                decoded: OnceLock::new(),
            }),
            Repr::Image { image, row, .. } => Members::lazy(image.clone(), *row),
        }
    }
}

impl PartialEq for Members {
    fn eq(&self, other: &Members) -> bool {
        match (&self.0, &other.0) {
            // The same row of the same image: equal without lowering either.
            (
                Repr::Image { image, row, .. },
                Repr::Image {
                    image: i, row: r, ..
                },
            ) if Arc::ptr_eq(image, i) && row == r => true,
            _ => self.get() == other.get(),
        }
    }
}

impl Eq for Members {}

impl std::fmt::Debug for Members {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

impl Serialize for Members {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Only the surface's encoder makes detached members; stored ones are written out, so that
        // the serialized model never names a section it does not hold.
        match &self.0 {
            Repr::Detached(range) => Stored::At(*range),
            _ => Stored::Inline(std::borrow::Cow::Borrowed(self.get())),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Members, D::Error> {
        Ok(match Stored::deserialize(deserializer)? {
            Stored::Inline(members) => Members::new(members.into_owned()),
            Stored::At(range) => Members::at(range),
        })
    }
}
