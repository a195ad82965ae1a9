//! Reads ECMA-335 (.NET) assembly metadata into a plain-data, C#-facing model (`model`), the layer
//! a `.dll` is to csnav what a `.cs` file is to `syntax`: no salsa, no file handles.

pub mod model;

pub use model::*;
