//! The one error type of the crate: what made an input unreadable.

use std::fmt;

#[derive(Debug)]
pub enum Error {
    /// The file could not be read.
    Io(std::io::Error),
    /// Not a PE image (no `MZ`/`PE` signature, or headers out of bounds).
    NotPe(&'static str),
    /// A PE image without a CLI header: a native DLL.
    NotDotNet,
    /// Metadata that breaks ECMA-335: what was out of bounds or ill-formed.
    Malformed(&'static str),
    /// Well-formed metadata this reader does not handle.
    Unsupported(&'static str),
    /// A `surface` blob with the wrong magic, version or contents.
    Surface(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "cannot read the file: {e}"),
            Error::NotPe(what) => write!(f, "not a PE image: {what}"),
            Error::NotDotNet => f.write_str("not a .NET assembly: the PE image has no CLI header"),
            Error::Malformed(what) => write!(f, "malformed metadata: {what}"),
            Error::Unsupported(what) => write!(f, "unsupported metadata: {what}"),
            Error::Surface(what) => write!(f, "invalid surface blob: {what}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
