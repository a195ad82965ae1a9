//! csnav
