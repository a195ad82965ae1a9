//! ide
